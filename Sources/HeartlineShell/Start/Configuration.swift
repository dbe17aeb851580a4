import Foundation

#if canImport(Glibc)
    import Glibc
#endif
import HeartlineBluetooth
import HeartlineCore
import HeartlineSpeech

/// The configuration file, `$XDG_CONFIG_HOME/heartline/heartline.conf`, parsed.
///
/// One `key = value` per line; blank lines and lines starting with `#` are ignored, and the value
/// runs to the end of the line with surrounding spaces trimmed. A line that cannot be used becomes
/// a `Problem` and leaves its setting at the default; the rest of the file still counts. When a
/// setting appears twice, the later line wins. Parsing is pure: reading the file and speaking the
/// problems are the caller's job.
public struct Configuration: Equatable, Sendable {
    public var speech: Options.Speech?
    public var rate: Int?
    public var pitch: Int?
    public var volume: Int?
    public var voice: String?
    public var language: String?
    public var module: String?
    /// A strap's Bluetooth address or `att-socket:PATH`.
    public var sensor: String?
    /// Absolute, or starting with `~/` (expanded when applied).
    public var dataDirectory: String?
    /// `captions = on`: every spoken sentence printed on the terminal too.
    public var captions: Bool?
    /// `language = es`: the language Heartline speaks and reads typed words in, a code or a
    /// locale name ("es", "de_DE"); the one chosen in Settings is above it.
    public var interfaceLanguage: String?
    public var keys = KeyMap()
    /// Where uploads go, what they go as and how long a try may take (`upload.*` lines).
    public var upload = UploadConfiguration()

    public init() {}

    /// Why a line was not used.
    public struct Problem: Equatable, Sendable {
        public enum Reason: Equatable, Sendable {
            /// No `=`, or nothing before it.
            case malformed
            /// A setting Heartline does not have.
            case unknownSetting
            /// Not a whole number in the range.
            case number(ClosedRange<Int>)
            /// Not one of the listed words.
            case choice([String])
            /// Nothing after the `=`.
            case empty
            /// Not a Bluetooth address or `att-socket:PATH`.
            case address
            /// Not an absolute path or `~/...`.
            case path
            /// `key.X` where X is not one key.
            case keyName
            /// `key.X = ...` naming no workout action.
            case action
            /// Not an address starting with https:// (or http://).
            case webAddress
        }

        /// The line number, from 1.
        public let line: Int
        /// The setting as written (the whole line when malformed has no key).
        public let key: String
        public let reason: Reason

        public init(line: Int, key: String, reason: Reason) {
            self.line = line
            self.key = key
            self.reason = reason
        }
    }

    /// One setting of the file: its name, the other names it is read under, how its value is
    /// taken (nil when it was, else why not), and what the documents say of it.
    struct Setting: Sendable {
        let name: String
        var aliases: [String] = []
        let document: Document
        let take: @Sendable (inout Configuration, String) -> Problem.Reason?

        init(
            _ name: String, aliases: [String] = [], _ document: Document,
            take: @escaping @Sendable (inout Configuration, String) -> Problem.Reason?
        ) {
            self.name = name
            self.aliases = aliases
            self.document = document
            self.take = take
        }
    }

    /// What heartline.conf(5), heartline(1), the administrator's guide and the example file say of
    /// a setting: they are generated from it (`ManualPages`).
    struct Document: Sendable {
        /// The value as the manual writes it, in the manuals' markup: "<N>", "`on`|`off`".
        let value: String
        /// What the setting does, in the manuals' markup.
        let manual: String
        /// The command-line option above it, when there is one.
        var option: String? = nil
        /// The example file's comment before the setting's lines; nil: it follows the setting
        /// before without one.
        var note: String? = nil
        /// The example file's lines: "speech = auto", or commented out, "#language = es".
        var example: [String]
    }

    /// Every setting the file may hold, declared once: parsing looks a key up here, and the
    /// documents are generated from here. `key.KEY` lines are the key map's own.
    static let settings: [Setting] =
        [
            Setting(
                "speech", aliases: ["speech.mode"],
                Document(
                    value: Options.Speech.allCases.map { "`\($0.rawValue)`" }.joined(separator: "|"),
                    manual: "Where sentences go (see `--speech` in heartline(1)).", option: "--speech",
                    note: "Where sentences go: \(OptionSpec.choices(Options.Speech.self)).", example: ["speech = auto"])
            ) { configuration, value in
                guard let mode = Options.Speech(rawValue: value.lowercased()) else {
                    return .choice(Options.Speech.allCases.map(\.rawValue))
                }
                configuration.speech = mode
                return nil
            },
            Setting(
                "speech.rate",
                Document(
                    value: "<N>",
                    manual: """
                        Speech rate, -100 (slowest) to 100 (fastest); 0 is the engine's normal rate (the default).
                        Brought into -60 to 80, as Settings, Speech takes it.
                        """,
                    note: """
                        Speech rate, pitch and volume, each from -100 to 100. Rate 0 is the engine's normal pace; \
                        expert listeners often like 40 to 80. Volume 100 is full volume.
                        """,
                    example: ["speech.rate = 0"])
            ) { number($1, into: &$0.rate) },
            Setting(
                "speech.pitch",
                Document(
                    value: "<N>", manual: "Pitch, -100 to 100; 0 is the voice's normal pitch (the default).",
                    example: ["speech.pitch = 0"])
            ) { number($1, into: &$0.pitch) },
            Setting(
                "speech.volume",
                Document(
                    value: "<N>",
                    manual: """
                        Volume, -100 to 100; 100 is full volume (the default). Brought into -50 to 100, so that no
                        configuration silences speech.
                        """,
                    example: ["speech.volume = 100"])
            ) { number($1, into: &$0.volume) },
            Setting(
                "language",
                Document(
                    value: "<CODE>",
                    manual: """
                        The language Heartline speaks and reads typed words in: `en`, `es` or `de`, or a locale name
                        such as es_ES (default: the locale's, else en).
                        """,
                    option: "--language",
                    note: "The language Heartline speaks and reads typed words in: en, es or de (else the locale's).",
                    example: ["#language = es"])
            ) { configuration, value in
                guard !value.isEmpty else { return .empty }
                guard let code = LanguageChoice.code(of: value) else { return .choice(["en", "es", "de"]) }
                configuration.interfaceLanguage = code
                return nil
            },
            Setting(
                "speech.voice",
                Document(
                    value: "<NAME>", manual: "A synthesis voice, as speech-dispatcher or espeak-ng names it.",
                    note: """
                        A voice and a voice language, as speech-dispatcher or espeak-ng name them; the voice \
                        language is Heartline's language unless set here.
                        """,
                    example: ["#speech.voice = English (Great Britain)"])
            ) { text($1, into: &$0.voice) },
            Setting(
                "speech.language",
                Document(
                    value: "<CODE>", manual: "The voice's language code, such as en-GB (default: Heartline's language).",
                    example: ["#speech.language = en-GB"])
            ) { text($1, into: &$0.language) },
            Setting(
                "speech.module",
                Document(
                    value: "<NAME>", manual: "A speech-dispatcher output module, such as espeak-ng.",
                    note: "A speech-dispatcher output module, when the server's default is not the one you want.",
                    example: ["#speech.module = espeak-ng"])
            ) { text($1, into: &$0.module) },
            Setting(
                "sensor",
                Document(
                    value: "<ADDRESS>",
                    manual: "The heart-rate strap: a Bluetooth address such as C0:11:22:33:44:55, or `att-socket:`<PATH>.",
                    option: "--sensor",
                    note: "The heart-rate strap: its Bluetooth address (Settings, Sensors, finds and remembers it too).",
                    example: ["#sensor = C0:11:22:33:44:55"])
            ) { configuration, value in
                guard isSensorAddress(value) else { return value.isEmpty ? .empty : .address }
                configuration.sensor = value
                return nil
            },
            Setting(
                "captions",
                Document(
                    value: "`on`|`off`",
                    manual: """
                        Print every spoken sentence on the terminal too; off by default, on by itself when no sound
                        output works.
                        """,
                    option: "--captions",
                    note: "Print every spoken sentence on the terminal too (on by itself when no sound output works).",
                    example: ["#captions = on"])
            ) { configuration, value in
                switch value.lowercased() {
                case "on", "yes", "true": configuration.captions = true
                case "off", "no", "false": configuration.captions = false
                default: return value.isEmpty ? .empty : .choice(["on", "off"])
                }
                return nil
            },
            Setting(
                "data-dir",
                Document(
                    value: "<DIR>", manual: "Where workouts are stored: a full path, or one starting with `~/`.",
                    option: "--data-dir", note: "Where workouts are stored: a full path, or one starting with ~/",
                    example: ["#data-dir = ~/.local/share/heartline"])
            ) { configuration, value in
                guard value.hasPrefix("/") || value.hasPrefix("~/") || value == "~" else { return value.isEmpty ? .empty : .path }
                configuration.dataDirectory = value
                return nil
            },
        ]
        + UploadConfiguration.Setting.allCases.map { setting in
            Setting(setting.rawValue, setting.document) { $0.upload.set(setting, to: $1) }
        }

    /// The prefix of a key map line, `key.KEY = ACTION`.
    static let keyPrefix = "key."

    /// `key.KEY = ACTION`, the key map's lines, as the documents say them.
    static let keyDocument = (
        name: keyPrefix + "KEY",
        document: Document(
            value: "<ACTION>",
            manual: """
                During a workout, the single key <KEY> does <ACTION>, one of: \(KeyMap.actionNames.joined(separator: ", ")).
                <KEY> is one character (for example `+` or `*` of a numeric keypad), or `equals`, `space` or `tab`.
                Elsewhere the key keeps its usual meaning, so a digit still chooses a menu item.
                """,
            note: """
                Extra single keys for the workout screen, for a numeric keypad: key.KEY = action. KEY is one \
                character, or equals, space or tab. Actions: \
                \(KeyMap.actionNames.joined(separator: ", ")). Elsewhere the keys keep their usual meaning.
                """,
            example: ["#key.+ = heart rate", "#key.- = time", "#key.* = all metrics", "#key.. = calories"])
    )

    /// Every setting the file may hold with what the documents say of it, in the documents' order.
    static var documented: [(name: String, document: Document)] {
        let table = settings.map { ($0.name, $0.document) }
        let upload = table.firstIndex { $0.0.hasPrefix("upload.") } ?? table.endIndex
        return Array(table[..<upload]) + [keyDocument] + Array(table[upload...])
    }

    /// Every setting the file may hold, for the administrator's guide, the man page and the example file.
    public static let settingNames = documented.map(\.name)

    /// Parses `text`; returns what could be used and what could not, in line order.
    public static func parse(_ text: String) -> (configuration: Configuration, problems: [Problem]) {
        var configuration = Configuration()
        var problems: [Problem] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "="),
                case let key = line[..<equals].trimmingCharacters(in: .whitespaces), !key.isEmpty
            else {
                problems.append(Problem(line: index + 1, key: spoken(line), reason: .malformed))
                continue
            }
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if let reason = configuration.set(key, to: value) {
                problems.append(Problem(line: index + 1, key: spoken(key), reason: reason))
            }
        }
        return (configuration, problems)
    }

    /// A setting's name as a warning says it: cleaned first, then cut to 40 characters. A setting's
    /// name is short, so a longer one is garbage and is said only in part; cut before cleaning, an
    /// escape sequence opened before the cut would run on and swallow the warning's own words.
    static func spoken(_ text: some StringProtocol) -> String {
        String(SafeText.clean(String(text)).prefix(40))
    }

    /// Sets one setting; returns why it could not be set, if it could not.
    private mutating func set(_ key: String, to value: String) -> Problem.Reason? {
        // A key's name keeps its case (key.A is not key.a); a setting's does not.
        let name = key.hasPrefix(Self.keyPrefix) ? key : key.lowercased()
        if name.hasPrefix(Self.keyPrefix) {
            return keys.bind(String(name.dropFirst(Self.keyPrefix.count)), to: value)
        }
        guard let setting = Self.settings.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
            return .unknownSetting
        }
        return setting.take(&self, value)
    }

    private static func number(_ value: String, into field: inout Int?) -> Problem.Reason? {
        let range = SpeechSettings.range
        guard let number = Int(value.replacingOccurrences(of: "+", with: "")), range.contains(number) else {
            return value.isEmpty ? .empty : .number(range)
        }
        field = number
        return nil
    }

    private static func text(_ value: String, into field: inout String?) -> Problem.Reason? {
        guard !value.isEmpty else { return .empty }
        field = value
        return nil
    }

    /// What `--sensor` takes: `AA:BB:CC:DD:EE:FF` (optionally `/public` or `/random`) or
    /// `att-socket:PATH`.
    static func isSensorAddress(_ value: String) -> Bool {
        SensorTarget(argument: value) != nil
    }
}

extension Configuration {
    /// Fills in what the command line left unsaid: a command-line option always wins.
    /// - Parameter home: what `~` stands for in `data-dir`.
    public func apply(to options: inout Options, home: String) {
        if let speech, !options.given.contains("--speech") { options.speech = speech }
        if let sensor, !options.given.contains("--sensor") { options.sensor = sensor }
        if let captions, !options.given.contains("--captions") { options.captions = captions }
        if let dataDirectory, !options.given.contains("--data-dir") {
            options.dataDirectory = dataDirectory.hasPrefix("~") ? home + dataDirectory.dropFirst() : dataDirectory
        }
    }

    /// `base` with the speech settings the file gives.
    public func speechSettings(over base: SpeechSettings) -> SpeechSettings {
        var settings = base
        if let rate { settings.rate = rate }
        if let pitch { settings.pitch = pitch }
        if let volume { settings.volume = volume }
        if let voice { settings.voice = voice }
        if let language { settings.language = language }
        if let module { settings.outputModule = module }
        return settings
    }

    /// `$XDG_CONFIG_HOME/heartline/heartline.conf`, else `~/.config/heartline/heartline.conf`.
    public static func defaultPath(environment: [String: String], home: String) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/heartline/heartline.conf" }
        return home + "/.config/heartline/heartline.conf"
    }
}

extension Configuration.Problem {
    /// The spoken warning: the line, the setting, and what it takes.
    public func sentence(_ words: Words) -> String {
        let line = String(line)
        switch reason {
        case .malformed: return words(.configMalformed, ["line": line])
        case .unknownSetting: return words(.configUnknown, ["line": line, "key": key])
        case .number(let range):
            return words(
                .configNumber, ["line": line, "key": key, "lowest": String(range.lowerBound), "highest": String(range.upperBound)])
        case .choice(let choices): return words(.configChoice, ["line": line, "key": key, "choices": words.list(choices)])
        case .empty: return words(.configEmpty, ["line": line, "key": key])
        case .address: return words(.configAddress, ["line": line, "key": key])
        case .path: return words(.configPath, ["line": line, "key": key])
        case .keyName: return words(.configKeyName, ["line": line, "key": key])
        case .action: return words(.configAction, ["line": line, "key": key])
        case .webAddress: return words(.configWebAddress, ["line": line, "key": key])
        }
    }
}

/// Extra single keys for the workout screen, from `key.KEY = action` lines.
///
/// A bound key acts on the workout screen only, where the action's own keys act; everywhere else
/// it keeps its usual meaning (a digit still chooses a menu item). The actions are the
/// vocabulary's workout keys, by their names.
public struct KeyMap: Equatable, Sendable {
    public private(set) var actions: [Character: Command] = [:]

    public init() {}

    /// Names for keys that cannot be written as themselves in `key.KEY`.
    public static let names: [String: Character] = ["space": " ", "equals": "=", "tab": "\t"]

    /// Every action a key can be bound to: the workout screen's own.
    public static var actionNames: [String] { Vocabulary.actionNames }

    mutating func bind(_ name: String, to action: String) -> Configuration.Problem.Reason? {
        let key: Character
        if let named = Self.names[name.lowercased()] {
            key = named
        } else if name.count == 1, let only = name.first, !only.isWhitespace {
            key = only
        } else {
            return .keyName
        }
        // Lower case and single spaces, as the core compares commands.
        let action = action.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard let name = Vocabulary.actionName(for: action), let command = Vocabulary.command(words: name) else { return .action }
        actions[key] = command
        return nil
    }
}

extension Configuration {
    /// A configuration file as read at start-up: its settings and what to say about it.
    public struct Loaded {
        public let path: String
        public let configuration: Configuration
        public let problems: [Problem]
        /// Why the file was not read (it exists, or was named with `--config`), or nil.
        public let refusal: Refusal?

        /// Why a configuration file is not read.
        public enum Refusal: Equatable, Sendable {
            /// Missing (when named), not permitted, or failing to read.
            case unreadable
            /// A directory, a FIFO, a socket or a device: reading one could wait for ever or never end.
            case notAFile
            /// Larger than `Configuration.largestFile`: no configuration is that long.
            case tooLarge
        }

        /// How many unusable lines are read out one by one; the rest are counted in one sentence.
        public static let warningsInFull = 5

        /// The spoken warnings: one for each of the first five unusable lines, in line order, then
        /// one sentence counting the rest. A damaged or foreign file is heard in six sentences,
        /// not in tens of thousands; control characters and escape sequences from the file are
        /// taken out of them, as from every sentence.
        public func warnings(_ words: Words) -> [Utterance] {
            switch refusal {
            case .unreadable: return [Utterance(.answer, words(.configUnreadable, ["path": path]))]
            case .notAFile: return [Utterance(.answer, words(.configNotAFile, ["path": path]))]
            case .tooLarge:
                let size = words.number(Configuration.largestFile / 1024)
                return [Utterance(.answer, words(.configTooLarge, ["path": path, "kilobytes": size]))]
            case nil: break
            }
            var sentences = problems.prefix(Self.warningsInFull).map { Utterance(.answer, $0.sentence(words)) }
            let more = problems.count - Self.warningsInFull
            if more == 1 {
                sentences.append(Utterance(.answer, words(.configMoreOne)))
            } else if more > 1 {
                sentences.append(Utterance(.answer, words(.configMoreOther, ["count": words.number(more)])))
            }
            return sentences
        }

        /// Fills in what the command line left unsaid (see `Configuration.apply`).
        public func apply(to options: inout Options, environment: [String: String]) {
            configuration.apply(to: &options, home: environment["HOME"] ?? NSHomeDirectory())
        }
    }

    /// The largest configuration file read: a full one with every setting and a key bound to
    /// every action is under 2 kB.
    public static let largestFile = 64 * 1024

    /// Reads `explicit` (`--config`), else the default path; a missing default file is no problem.
    /// Only a regular file is read (or /dev/null, which stands for none), up to `largestFile`.
    public static func load(explicit: String?, environment: [String: String]) -> Loaded {
        let path = explicit ?? defaultPath(environment: environment, home: environment["HOME"] ?? NSHomeDirectory())
        func refused(_ refusal: Loaded.Refusal?) -> Loaded {
            Loaded(path: path, configuration: Configuration(), problems: [], refusal: refusal)
        }
        switch ConfigurationFile.read(path, limit: largestFile) {
        case .missing: return refused(explicit == nil ? nil : .unreadable)
        case .empty: return refused(nil)
        case .failed: return refused(.unreadable)
        case .notAFile: return refused(.notAFile)
        case .tooLarge: return refused(.tooLarge)
        case .text(let bytes):
            let (configuration, problems) = parse(String(decoding: bytes, as: UTF8.self))
            return Loaded(path: path, configuration: configuration, problems: problems, refusal: nil)
        }
    }
}

/// Reading the configuration file without waiting: opened non-blocking (a FIFO with no writer
/// would hold the open for ever), checked by its descriptor (so what is read is what was checked),
/// read up to one byte past the limit.
enum ConfigurationFile {
    enum Outcome: Equatable {
        case missing
        /// /dev/null: no settings, and nothing to say.
        case empty
        case failed
        case notAFile
        case tooLarge
        case text([UInt8])
    }

    static func read(_ path: String, limit: Int) -> Outcome {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .failed }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failed }
        if status.st_mode & S_IFMT == S_IFCHR, isNullDevice(status) { return .empty }
        guard status.st_mode & S_IFMT == S_IFREG else { return .notAFile }
        guard status.st_size <= limit else { return .tooLarge }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return .failed }
            if got == 0 { break }
            count += got
        }
        // The file grew between fstat and read.
        guard count <= limit else { return .tooLarge }
        return .text(Array(bytes[..<count]))
    }

    /// Whether `status` is that of /dev/null (character device 1, 3 on Linux).
    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_rdev == status.st_rdev
    }
}

extension KeyMap {
    /// Hands the bound keys to the core, which puts them before the workout screen's own.
    func install(on session: Session) {
        session.core.keyBindings = actions
    }
}
