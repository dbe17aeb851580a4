#if canImport(Glibc)
import Glibc
#endif
@preconcurrency import CReadline
import HeartlineCore

/// GNU readline in callback mode, driven by the event loop.
///
/// Every byte from the keyboard passes through `feed` first: on an empty line, a key the current
/// screen treats as a single-key command acts at once (no Enter); everything else goes to
/// readline, which edits the line and hands it back on Enter. Readline is touched only from the
/// loop's thread.
final class Terminal {
    /// Called with a finished line (Enter), or nil at end of input (Ctrl-D on an empty line).
    var onLine: (String?) -> Void = { _ in }
    /// Asked for each key on an empty line: the command it stands for, if it acts at once.
    var hotkey: (Character) -> String? = { _ in nil }
    /// Called for every key press, before anything else (any key silences UI speech).
    var onKey: () -> Void = {}
    /// Called when a hotkey acted.
    var onHotkey: (String) -> Void = { _ in }

    private let prompt = "> "
    /// ":" on the workout screen opens a typed command; hotkeys rest until Enter.
    private(set) var typing = false
    private var pending: [UInt8] = []
    private var inEscape = false

    nonisolated(unsafe) static weak var current: Terminal?

    init() {
        Terminal.current = self
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_getc_function = { _ in Terminal.current?.nextByte() ?? -1 }
        rl_variable_bind("bell-style", "none")
        rl_callback_handler_install(prompt) { line in
            let text = line.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
            if let line { free(line) }
            if let text, !text.isEmpty { add_history(text) }
            Terminal.current?.finished(text)
        }
    }

    func close() {
        rl_callback_handler_remove()
        Terminal.current = nil
    }

    private func finished(_ line: String?) {
        typing = false
        onLine(line)
    }

    private func nextByte() -> Int32 {
        pending.isEmpty ? -1 : Int32(pending.removeFirst())
    }

    /// Takes the bytes the keyboard sent.
    func feed(_ bytes: [UInt8]) {
        for byte in bytes {
            onKey()
            if byte == 0x1B { inEscape = true }
            if !inEscape, rl_end == 0, !typing, byte < 0x80, let command = hotkey(Character(Unicode.Scalar(byte))) {
                // ":" on the workout screen opens a typed command: hotkeys rest until Enter.
                if command == WorkoutKeys.typeCommand {
                    typing = true
                } else {
                    onHotkey(command)
                }
                continue
            }
            // An escape sequence ends at its final byte (a letter or "~").
            if inEscape, byte != 0x1B, byte != UInt8(ascii: "["), byte != UInt8(ascii: "O"),
                (0x40...0x7E).contains(byte)
            {
                inEscape = false
            }
            pending.append(byte)
            while !pending.isEmpty { rl_callback_read_char() }
        }
    }

    /// Prints lines above the input line without disturbing what the user is typing.
    func printAbove(_ text: String) {
        let savedPoint = rl_point
        let savedLine = rl_copy_text(0, rl_end).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? ""
        rl_set_prompt("")
        rl_replace_line("", 0)
        rl_redisplay()
        let bytes = Array(("\r" + text).utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        rl_set_prompt(prompt)
        rl_replace_line(savedLine, 0)
        rl_point = savedPoint
        rl_forced_update_display()
    }

    func resize() {
        rl_resize_terminal()
    }
}
