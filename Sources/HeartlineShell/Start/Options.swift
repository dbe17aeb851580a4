import Foundation
import HeartlineCore

/// The command line, parsed. Unknown or malformed arguments are a `UsageError`.
public struct Options: Equatable, Sendable {
    public enum Speech: String, Sendable, CaseIterable {
        case auto, speechd, espeak, transcript
    }

    public var simulate = false
    /// Use the simulated strap only when no strap is given or remembered.
    public var simulateUnlessPaired = false
    public var seed: UInt64 = 1
    public var speech = Speech.auto
    public var dataDirectory: String?
    /// `--plans DIR`: where a coach's plan files are read from, else the data directory's plans.
    public var plansDirectory: String?
    public var sensor: String?
    /// `--sensor ADDRESS` given again, without a kind, after the strap's: each is taken by the
    /// kind its services say, never in the strap's place.
    public var sensorsWithoutKind: [String] = []
    /// Footpods, bike sensors and power meters given as `--sensor KIND=ADDRESS`, one per kind.
    public var motionSensors: [SensorKind: String] = [:]
    /// Simulated footpods, bike sensors and power meters beside the simulated strap.
    public var simulatedKinds: [SensorKind] = []
    /// The simulated fitness machine's type: a treadmill, or a smart trainer (`--simulate trainer`).
    public var simulatedMachine = MachineType.treadmill
    public var promptsDirectory: String?
    /// `--language CODE`: the language Heartline speaks ("es", "de"), below the configuration
    /// file's and the one chosen in Settings.
    public var language: String?
    public var showHelp = false
    public var showVersion = false
    /// `--echo`: how much of the typing is said back.
    public var echo = KeyEchoMode.characters
    /// `--check`: say how each part of the system is, then exit.
    public var check = false
    /// `--config FILE`, instead of `$XDG_CONFIG_HOME/heartline/heartline.conf`.
    public var configFile: String?
    /// `--log FILE`: where log lines (and audio libraries' noise) go instead of standard error.
    public var logFile: String?
    /// `--captions`: print every spoken sentence on the terminal as well.
    public var captions = false
    /// `--reset-speech`: forget the speech settings made in Settings, Speech; this run also
    /// leaves the configuration file's speech settings aside.
    public var resetSpeech = false
    /// `--set-up`: a board's start; the set-up by ear comes first until it was finished or
    /// skipped once.
    public var setUp = false
    /// The options given on the command line, so the configuration file does not override them.
    public var given: Set<String> = []

    public struct UsageError: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    public init() {}

    /// "--name=value" as the name and its value, which mean the same as "--name value"; any other
    /// argument as it is, with no value.
    static func split(_ argument: String) -> (name: String, inline: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// "footpod,bike" as kinds, or nil when any name is not a kind.
    static func kindList(_ text: String) -> [SensorKind]? {
        let kinds = text.split(separator: ",").map { SensorKind.byName[String($0)] }
        return kinds.isEmpty || kinds.contains(nil) ? nil : kinds.compactMap { $0 }
    }

    /// Whether the strap was given without a kind: a strap= given later moves it aside.
    private var strapWithoutKind = false

    /// Each argument looked up in the option table, and taken as its entry says.
    public init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let (written, inline) = Self.split(argument)
            guard let option = CommandSpec.shell.option(written), let take = option.take else {
                throw UsageError(description: "unknown option \(argument)")
            }
            let name = option.name
            var value = inline
            switch option.argument {
            case .none:
                if inline != nil { throw UsageError(description: "\(name) takes no value") }
            case .required:
                if value == nil {
                    guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw UsageError(description: "\(name) needs a value") }
                    value = next
                }
            case .optional:
                if value == nil, let next = rest.first, option.readsAsValue(next) { value = rest.popFirst() }
            }
            given.insert(name)
            try take(&self, value)
        }
    }

    /// `--simulate [KINDS]`: the strap, and these sensors, all simulated.
    mutating func simulate(_ listed: String?) throws {
        simulate = true
        guard let listed else { return }
        guard let kinds = Self.kindList(listed) else {
            throw UsageError(description: "--simulate takes strap, footpod, bike, power, treadmill or trainer")
        }
        // One of each kind: "treadmill,trainer" is one machine, the trainer.
        simulatedKinds = kinds.filter { $0 != .heartRateStrap }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        if listed.split(separator: ",").contains("trainer") { simulatedMachine = .indoorBike }
    }

    /// `--sensor ADDRESS` or `--sensor KIND=ADDRESS`.
    mutating func sensor(_ given: String) {
        if let equals = given.firstIndex(of: "="), let kind = SensorKind.byName[String(given[..<equals])] {
            let address = String(given[given.index(after: equals)...])
            if kind == .heartRateStrap, let bare = sensor, strapWithoutKind {
                sensorsWithoutKind.append(bare)
                strapWithoutKind = false
            }
            if kind == .heartRateStrap { sensor = address } else { motionSensors[kind] = address }
        } else if sensor == nil {
            sensor = given
            strapWithoutKind = true
        } else {
            sensorsWithoutKind.append(given)
        }
    }

    /// `--data-dir`, else `$XDG_DATA_HOME/heartline`, else `~/.local/share/heartline`; always
    /// absolute, a relative `--data-dir` taken from the current directory, so that a missing
    /// directory's parents can be found (and the log names one place).
    public func resolvedDataDirectory(environment: [String: String], currentDirectory: String? = nil) -> String {
        if let dataDirectory {
            guard !dataDirectory.hasPrefix("/") else { return dataDirectory }
            let base = currentDirectory ?? FileManager.default.currentDirectoryPath
            return (base.hasSuffix("/") ? base : base + "/") + dataDirectory
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/heartline" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/heartline"
    }

    /// `heartline --help`, from the option table.
    public static var usage: String {
        """
        usage: heartline [options]

        A voice-first workout shell: every answer is spoken, every action is a key or a short command.

        options:
        \(CommandSpec.shell.optionLines)

        commands (each has --help):
        \(CommandSpec.subcommands.map { "  " + $0.synopsis }.joined(separator: "\n"))

        When standard input is not a terminal, Heartline reads one command per line and
        `:wait N` lets N seconds pass (on the simulated clock with --simulate).
        Command-line options override the configuration file. Exit status: 0, or 1 when Heartline
        could not start or --check found a problem, or 2 for a usage error. See heartline(1).
        """
    }
}
