/// What a key or a word asks of a workout being recorded.
public enum WorkoutAction: String, CaseIterable, Sendable {
    case time, heartRate, calories, averageHeartRate, allMetrics
    case pauseOrResume, pause, resume, end
    case battery, zone, plan
    case heartRateVariability, lap
    case pace, speed, distance, cadence, power
    /// A fitness machine's slope, and its main target up or down by the user's step.
    case incline, faster, slower
}

/// Everything the user can ask by name or by key, on any screen: one typed vocabulary.
///
/// Typed words, single keys, keypad keys, media buttons and `key.X` configuration lines are all
/// parsed into a `Command` through `Vocabulary`, which also feeds completion and spoken help.
public enum Command: Hashable, Sendable {
    case help, whereAmI, repeatLast, spell, keysHelp, describeKeys
    case back, home, next, previous, quit, events, check
    /// ":" on the workout screen: the next keys are a typed line.
    case typeLine
    case yes, no
    case workout(WorkoutAction)
}

/// One command's names and keys.
public struct VocabularyEntry: Sendable {
    public let command: Command
    /// The words that name it; the first is its name in completion, help and configuration.
    public let words: [String]
    /// Its single keys on the workout screen: a letter for memory, then the keypad's key.
    public let keys: [Character]

    init(_ command: Command, _ words: [String], keys: [Character] = []) {
        self.command = command
        self.words = words
        self.keys = keys
    }

    /// The name used in completion, help and `key.X` lines.
    public var name: String { words[0] }
}

/// The one table of commands, their words and their workout keys.
public enum Vocabulary {
    public static let entries: [VocabularyEntry] = [
        VocabularyEntry(.workout(.time), ["time", "time elapsed"], keys: ["t", "1"]),
        VocabularyEntry(.workout(.heartRate), ["heart rate", "hr", "heart"], keys: ["h", "2"]),
        VocabularyEntry(.workout(.calories), ["calories", "calories burned"], keys: ["c", "3"]),
        VocabularyEntry(.workout(.averageHeartRate), ["average heart rate", "average"], keys: ["a", "4"]),
        VocabularyEntry(.workout(.allMetrics), ["all metrics", "all"], keys: ["m", "5"]),
        VocabularyEntry(.workout(.zone), ["zone", "target", "target zone"], keys: ["z", "6"]),
        VocabularyEntry(.workout(.plan), ["plan", "where in plan", "round"], keys: ["i", "7"]),
        VocabularyEntry(.events, ["announcements", "events"], keys: ["v", "8"]),
        VocabularyEntry(.workout(.end), ["end", "end workout", "finish"], keys: ["e", "9"]),
        VocabularyEntry(.workout(.pauseOrResume), ["pause or resume"], keys: ["p", "0", " "]),
        // "stop" pauses, as the headset's stop button does; end is what ends.
        VocabularyEntry(.workout(.pause), ["pause", "stop"]),
        VocabularyEntry(.workout(.resume), ["resume", "continue"]),
        VocabularyEntry(.repeatLast, ["repeat", "say again"], keys: ["r", "*"]),
        VocabularyEntry(.help, ["help", "?"], keys: ["?", "."]),
        VocabularyEntry(.workout(.battery), ["battery"], keys: ["b", "-"]),
        VocabularyEntry(.workout(.heartRateVariability), ["heart rate variability", "hrv", "variability"], keys: ["x"]),
        VocabularyEntry(.workout(.lap), ["lap", "new lap"], keys: ["l"]),
        VocabularyEntry(.workout(.pace), ["pace"]),
        VocabularyEntry(.workout(.speed), ["speed"]),
        VocabularyEntry(.workout(.distance), ["distance"]),
        VocabularyEntry(.workout(.cadence), ["cadence"]),
        VocabularyEntry(.workout(.power), ["power", "watts"]),
        VocabularyEntry(.workout(.incline), ["incline", "grade"], keys: ["g"]),
        VocabularyEntry(.workout(.faster), ["faster", "speed up"], keys: ["u"]),
        VocabularyEntry(.workout(.slower), ["slower", "slow down"], keys: ["j"]),
        VocabularyEntry(.whereAmI, ["where", "where am i"], keys: ["w", "+"]),
        VocabularyEntry(.describeKeys, ["keys", "describe keys"], keys: ["k"]),
        VocabularyEntry(.typeLine, ["type a command"], keys: [":"]),
        VocabularyEntry(.spell, ["spell"]),
        VocabularyEntry(.keysHelp, ["keys help"]),
        VocabularyEntry(.back, ["back"]),
        VocabularyEntry(.home, ["home"]),
        VocabularyEntry(.next, ["next", "more"]),
        VocabularyEntry(.previous, ["previous"]),
        VocabularyEntry(.check, ["check", "self check"]),
        VocabularyEntry(.quit, ["quit", "exit", "bye"]),
        VocabularyEntry(.yes, ["yes", "y", "ok", "definitely"]),
        VocabularyEntry(.no, ["no", "n", "cancel"]),
    ]

    private static let byWord: [String: Command] = {
        var table: [String: Command] = [:]
        for entry in entries {
            for word in entry.words where table[word] == nil { table[word] = entry.command }
        }
        return table
    }()

    private static let byKey: [Character: Command] = {
        var table: [Character: Command] = [:]
        for entry in entries {
            for key in entry.keys { table[key] = entry.command }
        }
        return table
    }()

    /// The command these normalized words name, if any.
    public static func command(words: String) -> Command? { byWord[words] }

    /// The command a single key stands for on the workout screen of `sport`.
    public static func command(key: Character, sport: Sport = .other) -> Command? { sportKeys(sport)[key] ?? byKey[key] }

    /// What keys mean in a sport where the table's do not: the keypad is full, so running and
    /// cycling (and rowing, as cycling with the split for the speed) give 3, 4 and 8 to their own metrics (calories, average heart rate and events
    /// stay on c, a and v), and letters name the rest.
    public static func sportKeys(_ sport: Sport) -> [Character: Command] {
        switch sport {
        case .running:
            [
                "3": .workout(.pace), "4": .workout(.distance), "8": .workout(.cadence), "s": .workout(.pace), "d": .workout(.distance),
                "n": .workout(.cadence),
            ]
        case .cycling:
            [
                "3": .workout(.speed), "4": .workout(.distance), "8": .workout(.power), "s": .workout(.speed), "d": .workout(.distance),
                "n": .workout(.cadence), "o": .workout(.power),
            ]
        case .rowing:
            [
                "3": .workout(.pace), "4": .workout(.distance), "8": .workout(.power), "s": .workout(.pace), "d": .workout(.distance),
                "n": .workout(.cadence), "o": .workout(.power),
            ]
        case .other: [:]
        }
    }

    /// The keys of `command` on the workout screen of `sport`, letters first.
    public static func keys(of command: Command, sport: Sport = .other) -> [Character] {
        let overridden = sportKeys(sport)
        let own = entry(command).keys.filter { overridden[$0] == nil }
        let given = overridden.filter { $0.value == command }.map(\.key).sorted { ($0.isLetter ? 0 : 1, $0) < ($1.isLetter ? 0 : 1, $1) }
        return own.filter(\.isLetter) + given.filter(\.isLetter) + own.filter { !$0.isLetter } + given.filter { !$0.isLetter }
    }

    /// The table's entry for a command.
    public static func entry(_ command: Command) -> VocabularyEntry {
        entries.first { $0.command == command }!
    }

    /// The commands a media button or a `key.X` line may name, by their names.
    public static var actionNames: [String] {
        entries.filter { !$0.keys.isEmpty && $0.command != .typeLine && $0.command != .describeKeys }.map(\.name)
    }

    /// The name of the action these normalized words name, by any of its words ("events" is
    /// "announcements"), so a configuration written with an older name keeps working.
    public static func actionName(for words: String) -> String? {
        guard let command = command(words: words) else { return nil }
        let name = entry(command).name
        return actionNames.contains(name) ? name : nil
    }

    /// Words that work on every screen.
    static let everywhere: [Command] = [.help, .whereAmI, .repeatLast, .back, .home, .next, .previous, .events, .check, .quit]

    /// Words of the workout screen.
    static let workout: [Command] =
        WorkoutAction.allCases.map { .workout($0) } + [.events, .help, .whereAmI, .repeatLast, .describeKeys, .quit]
}
