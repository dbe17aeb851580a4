#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
@preconcurrency import CReadline
import HeartlineCore

/// GNU readline in callback mode, driven by the event loop, and made self-voicing.
///
/// Every byte from the keyboard passes through `feed` first. It is split into keys; a key the
/// shell owns (stop speech, repeat, spell, key help) or a key the core takes on the current
/// screen acts at once, without Enter; everything else goes to readline, which edits the line
/// and hands it back on Enter. The terminal itself speaks only key echo and completions: every
/// other sentence, repeated and spelled ones included, comes from the core. After each edit readline redisplays through `redisplay()`, which
/// compares the line with what it was and says what changed (key echo). Tab completes over the
/// words the current screen accepts and says the matches. Readline is touched only from the
/// loop's thread.
final class Terminal {
    /// Called with a finished line (Enter), or nil at end of input (Ctrl-D on an empty line).
    var onLine: (String?) -> Void = { _ in }
    /// Asked for each key on an empty line: whether the core takes it at once.
    var takesKey: (Character) -> Bool = { _ in false }
    /// Called for every key press, before anything else (any key silences UI speech).
    var onKey: () -> Void = {}
    /// Input for the core: a key it takes, a command of the shell's keys, a cancelled line.
    var onInput: (Input) -> Void = { _ in }
    /// Runs a closure after a delay on the loop (a lone Escape is taken after a short wait).
    var after: (Double, @escaping () -> Void) -> Void = { _, _ in }
    /// Speaks what the terminal itself says: key echo and completions.
    var speak: ([Utterance]) -> Void = { _ in }
    /// The stop-speech key: Control-G, or slash on the keypad during a workout.
    var onStopSpeech: () -> Void = {}
    /// The words the current screen accepts, normalized, for Tab completion.
    var completions: () -> [String] = { [] }
    /// Whether the keypad's Num-Lock-off keys stand for its digits (during a workout).
    var keypadActive: () -> Bool = { false }
    /// Whether the core's key-describe mode waits for a key.
    var describingKeys: () -> Bool = { false }

    /// How much of the typing is said back; can change at any time.
    var echoMode: KeyEchoMode {
        get { echo.mode }
        set { echo.mode = newValue }
    }

    private let prompt = "> "
    /// The words key echo and completion are said in: the language chosen in Settings.
    private var voice: EchoVoice
    private let terminalName: String?
    private var pending: [UInt8] = []
    private var reader = KeyReader()
    private var echo: KeyEcho
    private var echoBuffer = EchoBuffer()
    /// `printAbove` redraws the line: that is no edit to speak.
    private var redrawing = false
    /// Tab completion ran: the next redisplay takes the completed line in silence.
    private var completing = false
    /// readline is handing over a finished line: it is done with it and draws a fresh prompt
    /// when the handler returns, so lines printed meanwhile must not draw the old one again.
    private var acceptingLine = false
    private var closed = false
    /// A paste or a line that was too long was refused: what follows is dropped until the input
    /// pauses, so the rest of the paste is neither typed nor taken as keys.
    private var discarding = false
    /// Counts the reads dropped while discarding; a pause is a wait in which it did not change.
    private var discardedReads = 0
    /// readline's history commands and menu completion, which put a whole other line in place.
    private let recallCommands: Set<UnsafeRawPointer>

    nonisolated(unsafe) static weak var current: Terminal?
    /// No word breaks: the whole line is completed, since commands have several words.
    nonisolated(unsafe) private static let wholeLine = UnsafePointer(strdup("")!)

    /// Asks `core` on each key what the terminal needs to know of it: whether it takes the key
    /// at once, the words that complete, whether the keypad stands for digits and whether a key
    /// is to be described. The shell's session and the tests that walk every key share this.
    func consult(_ core: @escaping () -> Heartline?) {
        takesKey = { key in core()?.takesKey(key) ?? false }
        completions = { core()?.completions() ?? [] }
        keypadActive = { core()?.isRecording ?? false }
        describingKeys = { core()?.describingKeys ?? false }
    }

    /// Key echo and completion speak `words`' language from now on.
    func speak(in words: Words) { voice = EchoVoice(words: words) }

    /// The terminal's output, where lines are printed above the one being typed.
    let output: Int32
    /// readline's streams when the terminal is not the process's standard input and output (a
    /// run inside a test's process), and the ones they replaced, given back at `close`.
    private var streams: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>)?
    private var replacedStreams: (input: UnsafeMutablePointer<FILE>?, output: UnsafeMutablePointer<FILE>?)

    /// readline's state is the process's: its streams, its line, its history, its terminal
    /// settings. A terminal takes it over from `init` to `close`, and leaves it as it found it,
    /// so that a process can run one terminal after another (a test's process does).
    ///
    /// - Parameters:
    ///   - input: the terminal's keys; readline reads them only through `feed`, and sets the
    ///     terminal's modes on it.
    ///   - output: where readline draws the line and lines are printed above it.
    init(
        words: Words, echo mode: KeyEchoMode = .characters, terminal: String? = getenv("TERM").map { String(cString: $0) },
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) {
        self.output = output
        replacedStreams = (rl_instream, rl_outstream)
        if input != STDIN_FILENO || output != STDOUT_FILENO, let inputStream = fdopen(dup(input), "r"),
            let outputStream = fdopen(dup(output), "w")
        {
            streams = (inputStream, outputStream)
            rl_instream = inputStream
            rl_outstream = outputStream
            // Not the process's terminal: its size is not put into the process's environment
            // (LINES, COLUMNS), which other threads read, and it is read from this terminal.
            rl_change_environment = 0
            rl_reset_screen_size()
        }
        // A line recalled with Up is one typed on this terminal.
        clear_history()
        voice = EchoVoice(words: words)
        echo = KeyEcho(mode: mode)
        terminalName = terminal
        let recalls: [String] = [
            "previous-history", "next-history", "beginning-of-history", "end-of-history",
            "history-search-backward", "history-search-forward", "history-substring-search-backward",
            "history-substring-search-forward", "reverse-search-history", "forward-search-history",
            "non-incremental-reverse-search-history", "non-incremental-forward-search-history",
            "non-incremental-reverse-search-history-again", "non-incremental-forward-search-history-again",
            "fetch-history", "operate-and-get-next", "menu-complete", "menu-complete-backward",
        ]
        recallCommands = Set(recalls.compactMap { name in rl_named_function(name).map { unsafeBitCast($0, to: UnsafeRawPointer.self) } })
        Terminal.current = self
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_getc_function = { _ in Terminal.current?.nextByte() ?? -1 }
        // readline batches type-ahead only from what `feed` has handed it, never from the tty.
        rl_input_available_hook = { Terminal.current?.pending.isEmpty == false ? 1 : 0 }
        rl_redisplay_function = {
            if let terminal = Terminal.current { terminal.redisplay() } else { rl_redisplay() }
        }
        rl_attempted_completion_function = { _, start, end in
            Terminal.current?.complete(start: Int(start), end: Int(end))
        }
        // The matches were spoken; nothing is printed, the line is only drawn again.
        rl_completion_display_matches_hook = { _, _, _ in rl_forced_update_display() }
        rl_completer_word_break_characters = Terminal.wholeLine
        rl_variable_bind("bell-style", "none")
        // The terminal stays in readline's mode until `close`: by default readline's callback
        // interface puts it back in canonical mode while a line is handled, and a key typed
        // then meets the line discipline instead of Heartline (Control-D becomes an end of file
        // that no read returns, and Heartline would never leave).
        rl_deprep_term_function = {}
        rl_callback_handler_install(prompt) { line in
            let text = line.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
            if let line { free(line) }
            if let text, !text.isEmpty { add_history(text) }
            Terminal.current?.acceptingLine = true
            Terminal.current?.finished(text)
            Terminal.current?.acceptingLine = false
        }
        // After the user's inputrc: one Tab lists (says) the matches at once.
        rl_variable_bind("show-all-if-ambiguous", "on")
    }

    /// Gives readline back as it was found: no line half read or searched, no handler, the
    /// terminal's settings restored, no history, the process's own streams.
    func close() {
        guard !closed else { return }
        closed = true
        pending.removeAll()
        // A key sequence, a search or a numeric argument left half done is dropped.
        rl_callback_sigcleanup()
        rl_callback_handler_remove()
        rl_free_line_state()
        rl_deprep_term_function = rl_deprep_terminal
        rl_deprep_terminal()
        // The process goes on to another terminal only when this one was not its own.
        if streams != nil, rl_readline_state & UInt(RL_STATE_TERMPREPPED) != 0 { Self.forgetPreparedTerminal() }
        rl_redisplay_function = rl_redisplay
        rl_getc_function = rl_getc
        rl_attempted_completion_function = nil
        rl_completion_display_matches_hook = nil
        rl_input_available_hook = nil
        clear_history()
        Terminal.current = nil
        if let streams {
            rl_instream = replacedStreams.input
            rl_outstream = replacedStreams.output
            fclose(streams.input)
            fclose(streams.output)
            self.streams = nil
        }
    }

    /// A terminal that hung up takes no settings, and readline forgets that it prepared a
    /// terminal only when restoring one succeeds: otherwise the next terminal of this process
    /// would never be prepared, and stay in canonical mode (its keys held back until Enter, Control-D an end of
    /// file). The restore is made once more on a pseudo-terminal of its own, closed at once.
    private static func forgetPreparedTerminal() {
        var name = [CChar](repeating: 0, count: 128)
        let master = heartline_openpt(&name, name.count)
        guard master >= 0 else { return }
        defer { Glibc.close(master) }
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0, let stream = fdopen(slave, "r") else {
            if slave >= 0 { Glibc.close(slave) }
            return
        }
        let input = rl_instream
        rl_instream = stream
        rl_deprep_terminal()
        rl_instream = input
        fclose(stream)
    }

    private func finished(_ line: String?) {
        echo.reset()
        flushEcho()
        onLine(line)
    }

    private func nextByte() -> Int32 {
        pending.isEmpty ? -1 : Int32(pending.removeFirst())
    }

    // MARK: - Keys

    /// The most bytes read from the keyboard in one wake-up of the loop; the terminal holds the
    /// rest for the next turn, so timers, the strap and speech get theirs in between.
    static let bytesPerWake = 512

    /// How long the input must pause to end the discarding of a refused paste.
    static let pasteQuiet = 0.25

    /// Takes the bytes the keyboard sent (at most `bytesPerWake` at a time).
    ///
    /// More keys in one read than the longest line has characters is a paste, not typing: it
    /// is refused as a whole, with the core's one sentence for a line that is too long, and
    /// nothing of it is echoed or taken. So is a line that grows past the longest, whatever
    /// the speed. Either way the input is dropped until it pauses for `pasteQuiet` seconds.
    func feed(_ bytes: [UInt8]) {
        guard !closed else { return }
        if discarding {
            keepDiscarding()
            return
        }
        let keys = reader.keys(from: bytes)
        if keys.count > Heartline.longestLine {
            refuse()
            return
        }
        for key in keys {
            guard !closed, !discarding else { return }
            handle(key)
        }
        flushEcho()
        // In callback mode a lone Escape waits for the key after it; when none comes soon, it
        // is Escape alone (it cancels a typed line or a mode, or is answered).
        if reader.holdsEscape {
            after(Self.escapeWait) { [weak self] in
                guard let self, !self.closed, self.reader.takeEscape() else { return }
                self.handle(KeyRouter.escape)
                self.flushEcho()
            }
        }
    }

    /// How long a lone Escape waits for a key that would make it a sequence.
    static let escapeWait = 0.1

    private func handle(_ key: [UInt8]) {
        onKey()
        let context = KeyRouter.Context(
            emptyLine: rl_end == 0, keypadActive: keypadActive(), terminal: terminalName, describing: describingKeys(),
            readlineBinds: Self.readlineBinds)
        switch KeyRouter.route(key, context: context, takesKey: takesKey) {
        case .key(let character):
            flushEcho()
            onInput(.key(character))
        case .command(let command):
            flushEcho()
            onInput(.act(command))
        case .cancelLine:
            clearLine()
            onInput(.cancelLine)
        case .escape:
            flushEcho()
            onInput(.escape)
        case .stopSpeech(let passOn):
            echoBuffer.clear()
            onStopSpeech()
            if passOn { edit(key) }
        case .named(let named):
            flushEcho()
            onInput(.namedKey(named))
        case .edit(let bytes):
            editSaid(bytes)
        }
    }

    /// Control-P and Control-N: readline's previous and next line, as Up and Down.
    private static let recallKeys: [[UInt8]: KeySequences.EditingKey] = [[0x10]: .up, [0x0E]: .down]
    /// Backspace (either byte a terminal sends for it) deletes before the cursor: on an empty
    /// line, as Left does, it moves nothing.
    private static let backspaces: Set<[UInt8]> = [[0x7F], [0x08]]

    /// Control keys that answer for themselves on an empty line, or wait for the key after them:
    /// Enter and Control-J, Tab (the matches), Control-D (leaves), Control-G, Escape, Control-R
    /// (search), Control-V (quoted insert) and Control-X (a prefix).
    private static let selfAnswering: Set<UInt8> = [0x0D, 0x0A, 0x09, 0x04, 0x07, 0x1B, 0x12, 0x16, 0x18]
    /// readline is in the middle of a key or a search: the key said nothing yet.
    private static let midKey = UInt(RL_STATE_ISEARCH | RL_STATE_NSEARCH | RL_STATE_MOREINPUT | RL_STATE_MULTIKEY | RL_STATE_NUMERICARG)

    /// Hands `bytes` to readline; a key that changes nothing on an empty line is still
    /// answered: an arrow, Home, End, Backspace, Delete or another editing key (Control-A,
    /// Control-K) says the line is blank, and a search or recall with no earlier commands says so.
    private func editSaid(_ bytes: [UInt8]) {
        guard rl_end == 0 else { return edit(bytes) }
        var key: KeySequences.EditingKey?
        if case .editing(let editing)? = KeySequences.table[bytes] { key = editing }
        key = key ?? Self.recallKeys[bytes] ?? (Self.backspaces.contains(bytes) ? .left : nil)
        let search = bytes == [0x12]
        if history_length == 0, search || key == .up || key == .down {
            echoBuffer.add(sentence: voice.words(.echoNoHistory))
            return
        }
        let said = echoBuffer.pieces.count
        edit(bytes)
        let control = bytes.count == 1 && bytes[0] < 0x20 && !Self.selfAnswering.contains(bytes[0])
        guard key != nil || control || KeySequences.isSequence(bytes), rl_end == 0, echoBuffer.pieces.count == said else { return }
        if echo.mode != .none, rl_readline_state & Self.midKey == 0 { echoBuffer.add([.cursorCharacter(nil)]) }
    }

    /// Whether readline binds the whole of `sequence` to a command (a key sequence of the
    /// user's ~/.inputrc), rather than a prefix or nothing.
    private static func readlineBinds(_ sequence: [UInt8]) -> Bool {
        var type: Int32 = -1
        let function = sequence.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
            rl_function_of_keyseq_len(buffer.baseAddress, buffer.count, nil, &type)
        }
        return function != nil && type == ISFUNC
    }

    private func edit(_ bytes: [UInt8]) {
        pending.append(contentsOf: bytes)
        while !pending.isEmpty, !closed {
            rl_callback_read_char()
            if Self.lineIsTooLong {
                refuse()
                return
            }
        }
    }

    /// Whether readline's line holds more characters than a command may have (its length in
    /// bytes is counted first, so a short line costs nothing).
    private static var lineIsTooLong: Bool {
        guard rl_end > Heartline.longestLine, let buffer = rl_line_buffer else { return false }
        return String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(rl_end)), as: UTF8.self).count > Heartline.longestLine
    }

    /// Empties readline's line and what was typed of it, unsaid.
    private func clearLine() {
        echoBuffer.clear()
        redrawing = true
        rl_replace_line("", 0)
        rl_redisplay()
        redrawing = false
        echo.reset()
    }

    /// Drops the line and the keys not yet handled, unsaid, tells the core, and discards the
    /// input until it pauses.
    private func refuse() {
        pending.removeAll()
        reader = KeyReader()
        clearLine()
        discarding = true
        keepDiscarding()
        onInput(.lineTooLong)
    }

    /// Notes a dropped read; the discarding ends when none follows within `pasteQuiet`.
    private func keepDiscarding() {
        discardedReads += 1
        let seen = discardedReads
        after(Self.pasteQuiet) { [weak self] in
            guard let self, self.discarding, self.discardedReads == seen else { return }
            self.discarding = false
        }
    }

    private func flushEcho() {
        guard !echoBuffer.isEmpty else { return }
        speak(echoBuffer.take(voice: voice))
    }

    // MARK: - Echo

    /// readline's redisplay, followed by the echo of what changed.
    private func redisplay() {
        rl_redisplay()
        guard !redrawing else { return }
        let (line, point) = Self.lineAndPoint()
        var cause = KeyEcho.Cause.editing
        if completing {
            cause = .completion
            completing = false
        } else if let last = rl_last_func, recallCommands.contains(unsafeBitCast(last, to: UnsafeRawPointer.self)) {
            cause = .recall
        }
        echoBuffer.add(echo.update(line: line, point: point, cause: cause))
    }

    /// readline's line, and its cursor as a character index.
    private static func lineAndPoint() -> (String, Int) {
        guard let buffer = rl_line_buffer, rl_end > 0 else { return ("", 0) }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(rl_end))
        let line = String(decoding: bytes, as: UTF8.self)
        let point = String(decoding: bytes.prefix(Int(max(0, min(rl_point, rl_end)))), as: UTF8.self).count
        return (line, point)
    }

    // MARK: - Completion

    /// readline's attempted-completion function: the matches for the line up to the cursor,
    /// spoken, and returned as readline wants them (what replaces the text, then each match).
    private func complete(start: Int, end: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1
        rl_completion_suppress_append = 1
        completing = true
        let typed: String
        if let buffer = rl_line_buffer, end > start {
            typed = String(decoding: UnsafeRawBufferPointer(start: buffer + start, count: end - start), as: UTF8.self)
        } else {
            typed = ""
        }
        let completion = Completion(typed: typed, candidates: completions())
        echoBuffer.add(sentence: completion.sentence(voice.words))
        guard !completion.matches.isEmpty else { return nil }
        let strings = completion.matches.count == 1 ? completion.matches : [completion.replacement] + completion.matches
        // readline frees the array and its strings with free(3).
        let size = (strings.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride
        let array = malloc(size)!.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { array[index] = strdup(string) }
        array[strings.count] = nil
        return array
    }

    // MARK: - Output

    /// Prints lines above the input line without disturbing what the user is typing.
    func printAbove(_ text: String) {
        if acceptingLine {
            // The cursor is at the start of the line after the accepted one; readline's own
            // prompt follows. Drawing the old line here would leave it under the new prompt.
            let bytes = Array(("\r" + text).utf8)
            _ = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            return
        }
        redrawing = true
        defer { redrawing = false }
        let savedPoint = rl_point
        let savedLine =
            rl_copy_text(0, rl_end).map { pointer -> String in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? ""
        rl_set_prompt("")
        rl_replace_line("", 0)
        rl_redisplay()
        let bytes = Array(("\r" + text).utf8)
        _ = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        rl_set_prompt(prompt)
        rl_replace_line(savedLine, 0)
        rl_point = savedPoint
        rl_forced_update_display()
    }

    func resize() {
        rl_resize_terminal()
    }
}
