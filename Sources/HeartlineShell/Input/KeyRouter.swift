import HeartlineCore

/// Decides what one key does before readline sees it: a single-key command, a key of the
/// shell's own (stop speech, repeat, spell, key help), or an edit for readline.
struct KeyRouter {
    /// What the terminal must do with a key.
    enum Action: Equatable {
        /// A single-key command for the core.
        case command(String)
        /// ":" on the workout screen: the next keys are a typed command.
        case typeCommand
        /// Silence UI speech; `passOn` also hands the key to readline (Control-G still ends an
        /// incremental search there).
        case stopSpeech(passOn: Bool)
        /// Say the last answer again.
        case repeatLast
        /// Spell the last sentence letter by letter.
        case spellLast
        /// Say the keys that work on every screen.
        case keysHelp
        /// Hand these bytes to readline.
        case edit([UInt8])
    }

    /// What the terminal knows when the key arrives.
    struct Context {
        /// The line is empty and no typed command is open: single keys act at once.
        var singleKeys: Bool
        /// A workout is being recorded: the keypad's Num-Lock-off keys stand for its digits.
        var keypadActive: Bool
        /// `$TERM`, for the application keypad's operators.
        var terminal: String?
    }

    /// Keys of the shell's own, the same on every screen and whatever is typed.
    static let shellKeys: [[UInt8]: Action] = {
        var table: [[UInt8]: Action] = [[0x07]: .stopSpeech(passOn: true)]
        // F1, F5 and F6 as xterm, rxvt and the Linux console send them.
        for sequence in ["OP", "[11~", "[[A"] { table[[0x1B] + Array(sequence.utf8)] = .keysHelp }
        for sequence in ["[15~", "[[E"] { table[[0x1B] + Array(sequence.utf8)] = .repeatLast }
        table[[0x1B] + Array("[17~".utf8)] = .spellLast
        return table
    }()

    /// - Parameter hotkey: the command a key stands for on the current screen, if any.
    static func route(_ key: [UInt8], context: Context, hotkey: (Character) -> String?) -> Action {
        if let action = shellKeys[key] { return action }
        let application = Keypad.applicationKey(key, terminal: context.terminal)
        // The application keypad's digits and Enter go to readline as the characters they are.
        let edit = application.map { Array(String($0).utf8) } ?? key
        guard context.singleKeys else { return .edit(edit) }
        var character = application ?? (context.keypadActive ? Keypad.cursorKeys[key] : nil)
        if character == nil, let text = String(validating: key, as: UTF8.self), text.count == 1 {
            character = text.first
        }
        guard let character, character != "\r" else { return .edit(edit) }
        if context.keypadActive, character == Keypad.stopSpeech { return .stopSpeech(passOn: false) }
        let command = hotkey(character) ?? Keypad.alternatives[character].flatMap(hotkey)
        guard let command else { return .edit(edit) }
        return command == WorkoutKeys.typeCommand ? .typeCommand : .command(command)
    }
}
