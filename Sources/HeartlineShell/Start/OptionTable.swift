import HeartlineCore

/// The command line's one description: every option of the shell and of each subcommand, with
/// its value and its help line. Parsing looks options up here, and `--help` is printed from
/// here, so the two cannot drift apart. Options whose values are a fixed list take the list from
/// the enum itself (`Options.Speech`, `KeyEchoMode`, `ExportFormat`).
struct OptionSpec: Sendable {
    enum Argument: Equatable, Sendable {
        /// A flag: `--check`.
        case none
        /// `--data-dir DIR`: the value is required.
        case required(String)
        /// `--simulate [KINDS]`: a value that may follow (taken only when it reads as one).
        case optional(String)
    }

    let name: String
    let argument: Argument
    /// One or more lines; the first starts beside the option, the rest under it.
    let help: [String]
    /// In a subcommand's synopsis: options of one group are alternatives, "(--id N | --all)".
    var group: String? = nil
    /// In a subcommand's synopsis: written without brackets.
    var isRequired = false

    init(_ name: String, _ argument: Argument = .none, _ help: String..., group: String? = nil, isRequired: Bool = false) {
        self.name = name
        self.argument = argument
        self.help = help
        self.group = group
        self.isRequired = isRequired
    }

    /// `--data-dir DIR`, `--simulate [KINDS]`, `--check`.
    var written: String {
        switch argument {
        case .none: name
        case .required(let value): "\(name) \(value)"
        case .optional(let value): "\(name) [\(value)]"
        }
    }

    /// "auto, speechd, espeak or transcript": a fixed list of values as help says it.
    static func choices<T: CaseIterable & RawRepresentable>(_: T.Type, separator: String = ", ", last: String = " or ") -> String
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        guard let final = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: separator) + last + final
    }

    /// "tcx|csv|fit": a fixed list as a synopsis writes it.
    static func alternatives<T: CaseIterable & RawRepresentable>(_: T.Type) -> String where T.RawValue == String {
        T.allCases.map(\.rawValue).joined(separator: "|")
    }
}

/// A command: the shell itself, or a subcommand such as `heartline export`.
struct CommandSpec: Sendable {
    /// nil for the shell; "export" for `heartline export`.
    let name: String?
    let options: [OptionSpec]

    func option(_ name: String) -> OptionSpec? {
        options.first { $0.name == name || ($0.name == "--help" && name == "-h") }
    }

    /// `heartline export --format tcx|csv|fit (--id N | --all) [--output DIR] [--data-dir DIR]`.
    var synopsis: String {
        var parts = ["heartline"] + (name.map { [$0] } ?? [])
        var groupsWritten: Set<String> = []
        for option in options where option.name != "--help" {
            if let group = option.group {
                guard groupsWritten.insert(group).inserted else { continue }
                let members = options.filter { $0.group == group }.map(\.written)
                parts.append("(" + members.joined(separator: " | ") + ")")
            } else {
                parts.append(option.isRequired ? option.written : "[\(option.written)]")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The options as `--help` lists them: the option, then its help from column 26, further
    /// lines under it.
    var optionLines: String {
        let column = 25
        return options.flatMap { option -> [String] in
            let head = "  " + option.written
            let first = head.count < column - 1 ? head.padding(toLength: column, withPad: " ", startingAt: 0) : head + "  "
            return [first + (option.help.first ?? "")]
                + option.help.dropFirst().map { String(repeating: " ", count: column) + $0 }
        }.joined(separator: "\n")
    }
}

extension CommandSpec {
    static let shell = CommandSpec(
        name: nil,
        options: [
            OptionSpec(
                "--simulate", .optional("KINDS"), "use a simulated heart-rate strap (deterministic), and with",
                "footpod, bike, power, treadmill or trainer (comma-separated)", "those sensors too"),
            OptionSpec("--simulate-unless-paired", .none, "the simulated strap only when no strap is given or remembered"),
            OptionSpec("--seed", .required("N"), "seed for the simulated strap (default 1)"),
            OptionSpec("--speech", .required("MODE"), "\(OptionSpec.choices(Options.Speech.self)) (default auto)"),
            OptionSpec(
                "--sensor", .required("ADDRESS"), "a strap's Bluetooth address (AA:BB:CC:DD:EE:FF) or att-socket:PATH;",
                "footpod=ADDRESS, bike=ADDRESS, power=ADDRESS or", "machine=ADDRESS for other sensors (given once each)"),
            OptionSpec("--data-dir", .required("DIR"), "where workouts are stored (default $XDG_DATA_HOME/heartline)"),
            OptionSpec("--plans", .required("DIR"), "a coach's .zwo and FIT plan files (default: plans in the data directory)"),
            OptionSpec("--prompts", .required("DIR"), "the spoken catalogue (default: installed next to the program)"),
            OptionSpec(
                "--language", .required("CODE"), "the language spoken and typed: en, es or de (default: the",
                "configuration file's, else the locale's; Settings, Language is above both)"),
            OptionSpec("--echo", .required("MODE"), "key echo: \(OptionSpec.choices(KeyEchoMode.self)) (default characters)"),
            OptionSpec("--config", .required("FILE"), "the configuration file (default $XDG_CONFIG_HOME/heartline/heartline.conf)"),
            OptionSpec("--captions", .none, "print every spoken sentence on the terminal too (on by itself with no sound)"),
            OptionSpec(
                "--log", .required("FILE"), "write the log there (default: standard error; on a terminal,",
                "$XDG_STATE_HOME/heartline/heartline.log)"),
            OptionSpec(
                "--reset-speech", .none, "forget every speech setting made in Settings, Speech, and speak",
                "with the defaults (as holding minus while Heartline starts does)"),
            OptionSpec(
                "--set-up", .none, "begin with the set-up by ear (language, headset, strap) until it",
                "has been finished or skipped once (a board's start)"),
            OptionSpec("--check", .none, "say how speech, Bluetooth, the strap and storage are, then exit"),
            OptionSpec("--version", .none, "print the version"),
            OptionSpec("--help", .none, "print this help"),
        ])

    static let export = CommandSpec(
        name: "export",
        options: [
            OptionSpec(
                "--format", .required(OptionSpec.alternatives(ExportFormat.self)), "the file format (required)", isRequired: true),
            OptionSpec("--id", .required("N"), "one workout, by its number, saved or not", group: "which"),
            OptionSpec("--all", .none, "every saved workout", group: "which"),
            OptionSpec("--output", .required("DIR"), "where the files go (default: the current directory)"),
            OptionSpec("--data-dir", .required("DIR"), "where workouts are stored (default as the shell's)"),
            OptionSpec("--help", .none, "print this help"),
        ])

    static let generate = CommandSpec(
        name: "generate",
        options: [
            OptionSpec("--years", .required("N"), "N years of daily workouts, ending today", group: "length"),
            OptionSpec("--days", .required("N"), "N days instead", group: "length"),
            OptionSpec("--data-dir", .required("DIR"), "an empty data directory (default as the shell's)"),
            OptionSpec("--seed", .required("S"), "picks the history (default 2026); the same seed, the same workouts"),
            OptionSpec("--help", .none, "print this help"),
        ])

    static let subcommands = [export, generate]
}
