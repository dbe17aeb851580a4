import HeartlineCore

/// Decides what one key does before readline sees it: a single-key command, a key of the
/// shell's own (stop speech, repeat, spell, key help), or an edit for readline.
struct KeyRouter {
    /// What the terminal must do with a key.
    enum Action: Equatable {
        /// A key the core takes at once, without Enter.
        case key(Character)
        /// A command of the shell's own keys (F1 keys help, F5 repeat, F6 spell), for the core.
        case command(Command)
        /// Escape on a half-typed line: drop the line, and tell the core.
        case cancelLine
        /// Escape on an empty line: for the core, which answers it (readline never sees a lone
        /// Escape, which it would hold as a prefix and so swallow the next key).
        case escape
        /// Silence UI speech; `passOn` also hands the key to readline (Control-G still ends an
        /// incremental search there).
        case stopSpeech(passOn: Bool)
        /// Hand these bytes to readline.
        case edit([UInt8])
        /// A key that prints nothing and edits no line (F7, Insert, Page Down), for the core:
        /// readline never sees it, so the line being typed stays as it was.
        case named(NamedKey)
    }

    /// What the terminal knows when the key arrives.
    struct Context {
        /// The line is empty: single keys may act at once.
        var emptyLine: Bool
        /// A workout is being recorded: the keypad's Num-Lock-off keys stand for its digits.
        var keypadActive: Bool
        /// `$TERM`, for the application keypad's operators.
        var terminal: String?
        /// The key-describe mode waits for a key: Tab and the keypad's slash are described too.
        var describing = false
        /// Whether readline binds this whole sequence to a command (a user's ~/.inputrc may bind
        /// sequences no table here knows, Control and an arrow for one).
        var readlineBinds: ([UInt8]) -> Bool = { _ in false }
    }

    /// Escape alone.
    static let escape: [UInt8] = [0x1B]

    /// Keys of the shell's own, the same on every screen and whatever is typed.
    static let shellKeys: [[UInt8]: Action] = {
        var table: [[UInt8]: Action] = [[0x07]: .stopSpeech(passOn: true)]
        // F1, F5 and F6 as xterm, rxvt and the Linux console send them.
        for sequence in ["OP", "[11~", "[[A"] { table[[0x1B] + Array(sequence.utf8)] = .command(.keysHelp) }
        for sequence in ["[15~", "[[E"] { table[[0x1B] + Array(sequence.utf8)] = .command(.repeatLast) }
        table[[0x1B] + Array("[17~".utf8)] = .command(.spell)
        return table
    }()

    /// readline's editing keys as the key-describe mode names them; Backspace by either byte.
    static let describedEditingKeys: [[UInt8]: NamedKey] = {
        var table: [[UInt8]: NamedKey] = [[0x7F]: .backspace, [0x08]: .backspace]
        let names: [KeySequences.EditingKey: NamedKey] = [
            .up: .up, .down: .down, .left: .left, .right: .right, .home: .home, .end: .end, .delete: .delete,
        ]
        for (sequence, kind) in KeySequences.table {
            if case .editing(let editing) = kind, let name = names[editing] { table[sequence] = name }
        }
        return table
    }()

    /// - Parameter takesKey: whether the core takes a key at once on the current screen.
    static func route(_ key: [UInt8], context: Context, takesKey: (Character) -> Bool) -> Action {
        // The key to describe may be one of the shell's own (F1, F5, F6): it is described, not done.
        if context.describing, context.emptyLine, shellKeys[key] != nil, case .named(let named)? = KeySequences.table[key] {
            return .named(named)
        }
        if let action = shellKeys[key] { return action }
        if key == escape { return context.emptyLine ? .escape : .cancelLine }
        let application = Keypad.applicationKey(key, terminal: context.terminal)
        // The application keypad's digits and Enter go to readline as the characters they are.
        let edit = application.map { Array(String($0).utf8) } ?? key
        // During a workout the keypad's Num-Lock-off keys are its digits, on an empty line.
        let keypadDigit = context.emptyLine && context.keypadActive ? Keypad.cursorKeys[key] : nil
        if application == nil, keypadDigit == nil, KeySequences.isSequence(key) {
            switch KeySequences.table[key] {
            case .named(let named): return .named(named)
            case .editing: break
            case nil:
                // A sequence no table knows is readline's only when it binds all of it; else
                // readline would type its tail into the line.
                if !context.readlineBinds(key) { return .named(.unknown) }
            }
        }
        guard context.emptyLine else { return .edit(edit) }
        // The key to describe may be one of readline's editing keys: described, not done.
        if context.describing, keypadDigit == nil, let editing = Self.describedEditingKeys[key] { return .named(editing) }
        var character = application ?? keypadDigit
        if character == nil, let text = String(validating: key, as: UTF8.self), text.count == 1 {
            character = text.first
        }
        guard let character, character != "\r" else { return .edit(edit) }
        // A key to describe is the core's, Tab and the keypad's slash included.
        if context.describing, character == "\t" || !character.isControl { return .key(character) }
        if context.keypadActive, character == Keypad.stopSpeech { return .stopSpeech(passOn: false) }
        // Control characters and escape sequences edit the line (readline's own keys).
        guard !character.isControl, takesKey(character) else {
            return .edit(edit)
        }
        return .key(character)
    }
}

extension Character {
    /// A control character (Tab, Backspace, Control-A): readline's, never a single key.
    fileprivate var isControl: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
