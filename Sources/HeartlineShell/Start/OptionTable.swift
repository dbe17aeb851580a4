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
    /// What the manual page says of it, in the manuals' markup (`ManualText`).
    let manual: String
    /// How the shell's parser takes it: its value (nil for a flag, or an optional value not
    /// given) into the options. nil for a subcommand's, whose values are looked up by name.
    let take: (@Sendable (inout Options, String?) throws -> Void)?
    /// For an optional value: whether the next argument reads as one (else it is left alone).
    var readsAsValue: @Sendable (String) -> Bool = { _ in false }

    init(
        _ name: String, _ argument: Argument = .none, _ help: String..., group: String? = nil, isRequired: Bool = false,
        manual: String, readsAsValue: @escaping @Sendable (String) -> Bool = { _ in false },
        take: (@Sendable (inout Options, String?) throws -> Void)? = nil
    ) {
        self.name = name
        self.argument = argument
        self.help = help
        self.group = group
        self.isRequired = isRequired
        self.manual = manual
        self.readsAsValue = readsAsValue
        self.take = take
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
    /// What the manual page says of a subcommand before its options, in the manuals' markup.
    var manual = ""
    let options: [OptionSpec]

    func option(_ name: String) -> OptionSpec? {
        options.first { $0.name == name || ($0.name == "--help" && name == "-h") }
    }

    /// `heartline export --format tcx|csv|fit (--id N | --all) [--output DIR] [--data-dir DIR]`.
    var synopsis: String {
        (["heartline"] + (name.map { [$0] } ?? []) + synopsisParts(\.written)).joined(separator: " ")
    }

    /// The synopsis's options, each written by `written`: options of a group as alternatives in
    /// parentheses, optional ones in brackets.
    func synopsisParts(_ written: (OptionSpec) -> String) -> [String] {
        var parts: [String] = []
        var groupsWritten: Set<String> = []
        for option in options where option.name != "--help" {
            if let group = option.group {
                guard groupsWritten.insert(group).inserted else { continue }
                let members = options.filter { $0.group == group }.map(written)
                parts.append("(" + members.joined(separator: " | ") + ")")
            } else {
                parts.append(option.isRequired ? written(option) : "[\(written(option))]")
            }
        }
        return parts
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
                "footpod, bike, power, treadmill or trainer (comma-separated)", "those sensors too",
                manual: """
                    Use a simulated heart-rate strap, deterministic for a given seed; with <KINDS> (footpod, bike, power,
                    treadmill, trainer, comma-separated) also those sensors, whose notifications go through the same
                    decoders as real ones; the treadmill and the smart trainer obey their control point as real machines
                    do.
                    """,
                readsAsValue: { Options.kindList($0) != nil }, take: { try $0.simulate($1) }),
            OptionSpec(
                "--simulate-unless-paired", .none, "the simulated strap only when no strap is given or remembered",
                manual: "Use the simulated strap only when no strap is given or remembered.",
                take: { options, _ in options.simulateUnlessPaired = true }),
            OptionSpec(
                "--seed", .required("N"), "seed for the simulated strap (default 1)", manual: "The simulated strap's seed (default 1).",
                take: { options, value in
                    guard let seed = value.flatMap(UInt64.init) else {
                        throw Options.UsageError(description: "--seed takes a whole number")
                    }
                    options.seed = seed
                }),
            OptionSpec(
                "--speech", .required("MODE"), "\(OptionSpec.choices(Options.Speech.self)) (default auto)",
                manual: """
                    Where sentences go: `auto` (speech-dispatcher, else espeak-ng directly, else the transcript), `speechd`,
                    `espeak`, or `transcript` (each sentence printed as <kind: sentence>, where kind is event, notice,
                    answer, readout, menu or echo). No sentence carries a control character or a terminal escape
                    sequence, whatever it quotes (a typed line, the configuration file, a folder or strap name). The
                    default is auto.
                    """,
                take: { options, value in
                    guard let speech = value.flatMap(Options.Speech.init(rawValue:)) else {
                        throw Options.UsageError(description: "--speech takes \(OptionSpec.choices(Options.Speech.self))")
                    }
                    options.speech = speech
                }),
            OptionSpec(
                "--sensor", .required("ADDRESS"), "a strap's Bluetooth address (AA:BB:CC:DD:EE:FF) or att-socket:PATH;",
                "footpod=ADDRESS, bike=ADDRESS, power=ADDRESS or", "machine=ADDRESS for other sensors (given once each)",
                manual: """
                    The heart-rate strap: a Bluetooth address such as `C0:11:22:33:44:55` (optionally followed by `/public`
                    or `/random`), or `att-socket:`<PATH> for a strap reached through a Unix socket. An adapter that is
                    powered off is switched on; a strap that asks for an encrypted link gets one (the kernel pairs, Just
                    Works). Finding straps goes through the kernel's Bluetooth management socket and needs CAP_NET_ADMIN:
                    `setcap cap_net_raw,cap_net_admin+ep`. A device whose services say it is a footpod, bike sensor or
                    power meter is said to be one and used as one. Given again without a kind, the further addresses are
                    taken by the kind their services say, never in the strap's place.

                    <KIND>`=`<ADDRESS> gives a footpod (`footpod=`), a bike's speed and cadence sensor (`bike=`), a power
                    meter (`power=`) or a treadmill, smart trainer or rower with the Fitness Machine Service (`machine=`),
                    one of each, beside the strap; each connects and drops out on its own. Without it, the one remembered
                    in Settings, Sensors is used.
                    """,
                take: { options, value in options.sensor(value ?? "") }),
            OptionSpec(
                "--data-dir", .required("DIR"), "where workouts are stored (default $XDG_DATA_HOME/heartline)",
                manual: "Where workouts are stored (default <$XDG_DATA_HOME/heartline>, or <~/.local/share/heartline>).",
                take: { $0.dataDirectory = $1 }),
            OptionSpec(
                "--plans", .required("DIR"), "a coach's .zwo and FIT plan files (default: plans in the data directory)",
                manual: """
                    Where a coach's plan files, Zwift <.zwo> and FIT workout <.fit> files, are read from for "Plans from
                    files" on the plan step (default: the <plans> folder of the data directory).
                    """,
                take: { $0.plansDirectory = $1 }),
            OptionSpec(
                "--prompts", .required("DIR"), "the spoken catalogue (default: installed next to the program)",
                manual: """
                    The spoken catalogue, a directory holding one folder per language (default: installed beside the
                    program, see FILES).
                    """,
                take: { $0.promptsDirectory = $1 }),
            OptionSpec(
                "--language", .required("CODE"), "the language spoken and typed: en, es or de (default: the",
                "configuration file's, else the locale's; Settings, Language is above both)",
                manual: """
                    The language Heartline speaks and reads typed words in: `en`, `es` or `de` (or a locale name such as
                    es_ES). Settings, Language is above it, and the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) below. A
                    sentence the language lacks is said in English.
                    """,
                take: { options, value in
                    guard let code = value.flatMap(LanguageChoice.code(of:)) else {
                        throw Options.UsageError(description: "--language takes a language code such as en, es or de, not \(value ?? "")")
                    }
                    options.language = code
                }),
            OptionSpec(
                "--echo", .required("MODE"), "key echo: \(OptionSpec.choices(KeyEchoMode.self)) (default characters)",
                manual: "What is said back while typing: `none`, `characters` (the default), `words`, or `both`.",
                take: { options, value in
                    guard let echo = value.flatMap(KeyEchoMode.init(rawValue:)) else {
                        throw Options.UsageError(description: "--echo takes \(OptionSpec.choices(KeyEchoMode.self))")
                    }
                    options.echo = echo
                }),
            OptionSpec(
                "--config", .required("FILE"), "the configuration file (default $XDG_CONFIG_HOME/heartline/heartline.conf)",
                manual: "Read this configuration file instead of the default one (see heartline.conf(5)).", take: { $0.configFile = $1 }),
            OptionSpec(
                "--captions", .none, "print every spoken sentence on the terminal too (on by itself with no sound)",
                manual: """
                    Print every spoken sentence on the terminal as well, each on its own line above the line being typed
                    (key echo is not printed). Captions are on by themselves when no sound output works: no sound server
                    answers and there is no sound card; one line then says so, and what to do.
                    """,
                take: { options, _ in options.captions = true }),
            OptionSpec(
                "--log", .required("FILE"), "write the log there (default: standard error; on a terminal,",
                "$XDG_STATE_HOME/heartline/heartline.log)",
                manual: """
                    Write the log there: one line, with the time, for each change of speech, the strap and the clock, and
                    the messages of audio libraries. By default the log is standard error, which systemd keeps in the
                    journal; on a terminal it is <$XDG_STATE_HOME/heartline/heartline.log> so that nothing is printed
                    over the screen.
                    """,
                take: { $0.logFile = $1 }),
            OptionSpec(
                "--reset-speech", .none, "forget every speech setting made in Settings, Speech, and speak",
                "with the defaults (as holding minus while Heartline starts does)",
                manual: """
                    Forget every speech setting made in Settings, Speech (rate, pitch, volume, voice, language, output
                    module), store that, and speak this run with the engine's defaults, leaving the configuration file's
                    speech settings aside. Heartline says "Speech settings are back to their defaults." Holding the minus
                    key (on the main keyboard or the keypad) while Heartline starts does the same, with no option to
                    type: see SPEECH SETTINGS.
                    """,
                take: { options, _ in options.resetSpeech = true }),
            OptionSpec(
                "--set-up", .none, "begin with the set-up by ear (language, headset, strap) until it",
                "has been finished or skipped once (a board's start)",
                manual: """
                    Begin with the set-up by ear, as a board's first start does: the language (when more than one is
                    installed), then the headset (Settings, Headset), then the strap (Settings, Sensors), one step a
                    screen, each with Next step and Skip set-up. Once it has been finished or skipped it is stored as
                    done, and the option does nothing more. Back on a step leaves it until the next start. The
                    heartline-board package starts Heartline with it.
                    """,
                take: { options, _ in options.setUp = true }),
            OptionSpec(
                "--check", .none, "say how speech, Bluetooth, the strap and storage are, then exit",
                manual: """
                    Say how each part Heartline needs is, one sentence per part, then exit: speech server and sound
                    output, Bluetooth adapter and permission, the remembered strap (and whether it is heard nearby, when
                    Bluetooth can scan), and storage (writable, and its free space). With a speaker other than the
                    transcript, the sentences are also printed.
                    """,
                take: { options, _ in options.check = true }),
            OptionSpec(
                "--version", .none, "print the version", manual: "Print the version and exit.",
                take: { options, _ in options.showVersion = true }),
            OptionSpec(
                "--help", .none, "print this help", manual: "Print a summary of the options and exit.",
                take: { options, _ in options.showHelp = true }),
        ])

    static let export = CommandSpec(
        name: "export",
        manual: """
            Writes workouts to files named by their start, such as <heartline-2026-11-29-0730.tcx>, readable only by
            their owner, and prints each file's path. Exporting again replaces the same workout's file. TCX is Garmin
            Training Center v2 (Strava, Garmin Connect and GoldenCheetah import it); FIT is Garmin's activity file
            (intervals.icu reads it, RR intervals included); CSV has one row per second.
            """,
        options: [
            OptionSpec(
                "--format", .required(OptionSpec.alternatives(ExportFormat.self)), "the file format (required)", isRequired: true,
                manual: "The file format."),
            OptionSpec(
                "--id", .required("N"), "one workout, by its number, saved or not", group: "which",
                manual: "One workout, by its number, saved or not."),
            OptionSpec("--all", .none, "every saved workout", group: "which", manual: "Every saved workout."),
            OptionSpec(
                "--output", .required("DIR"), "where the files go (default: the current directory)",
                manual: "Where the files go (default: the current directory)."),
            OptionSpec(
                "--data-dir", .required("DIR"), "where workouts are stored (default as the shell's)",
                manual: "Where workouts are stored (default as the shell's)."),
            .subcommandHelp,
        ])

    static let generate = CommandSpec(
        name: "generate",
        manual: """
            Fills an empty data directory with daily one-hour workouts ending today, for demonstrations and
            benchmarks. A directory that already holds workouts is refused.
            """,
        options: [
            OptionSpec(
                "--years", .required("N"), "N years of daily workouts, ending today", group: "length",
                manual: "<N> years of workouts (about 3.6 million one-second samples a year)."),
            OptionSpec("--days", .required("N"), "N days instead", group: "length", manual: "<N> days instead."),
            OptionSpec(
                "--data-dir", .required("DIR"), "an empty data directory (default as the shell's)",
                manual: "An empty data directory (default as the shell's)."),
            OptionSpec(
                "--seed", .required("S"), "picks the history (default 2026); the same seed, the same workouts",
                manual: "Picks the history (default 2026); the same seed gives the same workouts."),
            .subcommandHelp,
        ])

    static let subcommands = [export, generate]
}

extension OptionSpec {
    /// Every subcommand's `--help`.
    static let subcommandHelp = OptionSpec("--help", .none, "print this help", manual: "Print this command's usage and exit.")
}
