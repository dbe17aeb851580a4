import Foundation
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
    public var keys = KeyMap()

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

    /// Every setting the file may hold, for the README, the man page and the example file.
    public static let settingNames = [
        "speech", "speech.rate", "speech.pitch", "speech.volume", "speech.voice", "speech.language",
        "speech.module", "sensor", "data-dir", "captions", "key.KEY",
    ]

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
                problems.append(Problem(line: index + 1, key: String(line.prefix(40)), reason: .malformed))
                continue
            }
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if let reason = configuration.set(key, to: value) {
                // A setting's name is short; a longer one is garbage and is said only in part.
                problems.append(Problem(line: index + 1, key: String(key.prefix(40)), reason: reason))
            }
        }
        return (configuration, problems)
    }

    /// Sets one setting; returns why it could not be set, if it could not.
    private mutating func set(_ key: String, to value: String) -> Problem.Reason? {
        let name = key.hasPrefix("key.") ? key : key.lowercased()
        if name.hasPrefix("key.") {
            return keys.bind(String(name.dropFirst(4)), to: value)
        }
        switch name {
        case "speech", "speech.mode":
            guard let mode = Options.Speech(rawValue: value.lowercased()) else {
                return .choice(Options.Speech.allCases.map(\.rawValue))
            }
            speech = mode
        case "speech.rate": return Self.number(value, into: &rate)
        case "speech.pitch": return Self.number(value, into: &pitch)
        case "speech.volume": return Self.number(value, into: &volume)
        case "speech.voice": return Self.text(value, into: &voice)
        case "speech.language": return Self.text(value, into: &language)
        case "speech.module": return Self.text(value, into: &module)
        case "sensor":
            guard Self.isSensorAddress(value) else { return value.isEmpty ? .empty : .address }
            sensor = value
        case "captions":
            switch value.lowercased() {
            case "on", "yes", "true": captions = true
            case "off", "no", "false": captions = false
            default: return value.isEmpty ? .empty : .choice(["on", "off"])
            }
        case "data-dir":
            guard value.hasPrefix("/") || value.hasPrefix("~/") || value == "~" else { return value.isEmpty ? .empty : .path }
            dataDirectory = value
        default:
            return .unknownSetting
        }
        return nil
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
        guard Self.actionNames.contains(action), let command = Vocabulary.command(words: action) else { return .action }
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
        /// The file exists (or was named with `--config`) but could not be read.
        public let unreadable: Bool

        /// How many unusable lines are read out one by one; the rest are counted in one sentence.
        public static let warningsInFull = 5

        /// The spoken warnings: one for each of the first five unusable lines, in line order, then
        /// one sentence counting the rest. A damaged or foreign file (20 MB of garbage) is heard
        /// in six sentences, not in tens of thousands; control characters and escape sequences
        /// from the file are taken out of them, as from every sentence.
        public func warnings(_ words: Words) -> [Utterance] {
            if unreadable { return [Utterance(.answer, words(.configUnreadable, ["path": path]))] }
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

    /// Reads `explicit` (`--config`), else the default path; a missing default file is no problem.
    public static func load(explicit: String?, environment: [String: String]) -> Loaded {
        let path = explicit ?? defaultPath(environment: environment, home: environment["HOME"] ?? NSHomeDirectory())
        // Read through a handle: a device such as /dev/null has no size to read up to.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
            let unreadable = explicit != nil || FileManager.default.fileExists(atPath: path)
            return Loaded(path: path, configuration: Configuration(), problems: [], unreadable: unreadable)
        }
        try? handle.close()
        let (configuration, problems) = parse(String(decoding: data, as: UTF8.self))
        return Loaded(path: path, configuration: configuration, problems: problems, unreadable: false)
    }
}

extension KeyMap {
    /// Hands the bound keys to the core, which puts them before the workout screen's own.
    func install(on session: Session) {
        session.core.keyBindings = actions
    }
}
