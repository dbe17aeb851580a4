/// Why a typed plan was refused, with the words concerned as the user typed them (lower case).
public enum PlanTextError: Error, Equatable, Sendable {
    /// A word that is no plan word, nor one within two slips of one.
    case unknownWord(String)
    /// A label, count or target with no time to go with it ("hard", "4 times").
    case needsTime(String)
    /// A number with no unit, and no target before it in its block to take the unit from.
    case needsUnit(String)
    case tooShort(String)
    case tooLong(String)
    case roundsOutOfRange(String)
    case targetOutOfRange(String)
    /// A rest in a block that has no work.
    case restWithoutWork(String)
    /// A second warm-up or cool-down.
    case twice(String)
    /// Nothing in the text is work.
    case noWork
}

/// Reads a plan as people write it: "warm up 5 minutes, then 4 times 3 minutes hard, 2 minutes
/// easy, cool down 5 minutes", "4x3min on 2min off", "6 times 3 minutes at 250 watts, 2 minutes
/// at 120 watts", "8 x 30 s work 1:30 rest, no countdown". Several blocks are kept in order;
/// words within two slips of a plan word are read as that word; anything else is refused whole.
public enum TrainingPlanText {
    enum Label: Equatable {
        case work, rest, warmUp, coolDown
    }

    enum Kind: Equatable {
        case count(Int)
        /// Seconds, and the unit they were written in (seconds in it) for "1 minute 30 seconds".
        case duration(Int, unit: Int)
        case label(Label)
        /// A target; no kind for a bare number after "at", which takes its block's unit.
        case target(PhaseTarget.Kind?, Double)
        case noCountdown
        case separator
    }

    struct Token: Equatable {
        var kind: Kind
        var text: String
    }

    /// The plan in `text`, or nil when it cannot be read whole.
    public static func parse(_ text: String) -> TrainingPlan? {
        try? read(text)
    }

    /// The plan in `text`, or the reason it cannot be read, naming the words.
    public static func read(_ text: String) throws(PlanTextError) -> TrainingPlan {
        var reader = TokenReader(words: corrected(words(of: text)))
        var builder = PlanBuilder()
        for token in try reader.tokens() { try builder.take(token) }
        return try builder.plan()
    }

    // MARK: - Words

    static let timeUnits: [String: Int] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "\"": 1, "''": 1,
        "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "'": 60,
        "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    ]
    static let timesWords: Set<String> = ["times", "time", "x", "rounds", "round", "reps", "rep", "repeats", "sets", "intervals"]
    static let labels: [String: Label] = [
        "work": .work, "hard": .work, "on": .work, "fast": .work, "sprint": .work, "effort": .work,
        "rest": .rest, "easy": .rest, "off": .rest, "recovery": .rest, "recover": .rest, "jog": .rest, "slow": .rest, "break": .rest,
        "warmup": .warmUp, "cooldown": .coolDown,
    ]
    static let fillers: Set<String> = [
        "and", "with", "of", "each", "for", "followed", "by", "plus", "in", "between", "the", "a", "an", "repeat", "repeated",
        "after", "every", "do", "at", "to", "main", "set",
    ]
    static let separators: Set<String> = [",", "then", "next"]
    static let ones: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    static let power: Set<String> = ["w", "watt", "watts"]
    static let speed: Set<String> = ["kmh", "kph"]
    static let kilometres: Set<String> = ["km", "kilometre", "kilometres", "kilometer", "kilometers"]
    static let percent: Set<String> = ["percent", "pc"]
    static let inclineWords: Set<String> = ["incline", "gradient", "grade", "slope"]
    static let otherWords: Set<String> = [
        "warm", "warming", "up", "cool", "cooling", "down", "no", "without", "countdown", "per", "cent", "hour", "half", "once",
        "twice", "level", "resistance", "speed", "power",
    ]

    /// Every word a plan may hold: a typed word within two slips of one of these is read as it.
    static let vocabulary: Set<String> = {
        var all = Set(timeUnits.keys).union(timesWords).union(labels.keys).union(fillers).union(separators)
        all.formUnion(ones.keys)
        all.formUnion(tens.keys)
        for words in [power, speed, kilometres, percent, inclineWords, otherWords] { all.formUnion(words) }
        return all
    }()

    /// The words of `text`: lower case, commas, full stops and "then" kept as separators, numbers
    /// split from units glued to them ("3min", "4x3min", "90s", "3'"), decimals and "1:30" kept.
    static func words(of text: String) -> [String] {
        let characters = Array(
            text.lowercased()
                .replacingOccurrences(of: "km/h", with: " kmh ")
                .replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "'")
                .replacingOccurrences(of: "\u{201D}", with: "\"").replacingOccurrences(of: "\u{201C}", with: "\"")
                .replacingOccurrences(of: "\u{00D7}", with: " x ").replacingOccurrences(of: "%", with: " percent "))
        var spaced = ""
        for (index, character) in characters.enumerated() {
            let before = index > 0 ? characters[index - 1] : " "
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            switch character {
            case ".", ":":
                // A point between digits is a decimal or minutes and seconds; elsewhere it ends a part.
                spaced += before.isASCIIDigit && after.isASCIIDigit ? String(character) : " , "
            case ",", ";", "+", "(", ")", "!", "?", "/":
                spaced += " , "
            case "@":
                spaced += " at "
            case "&":
                spaced += " and "
            case "-":
                // A minus before a number is kept ("-2 per cent"); a hyphen is a space ("warm-up").
                spaced += before.isWhitespace && after.isASCIIDigit ? "-" : " "
            default:
                spaced.append(character)
            }
        }
        return spaced.split(whereSeparator: \.isWhitespace).flatMap { unglued(String($0)) }
    }

    /// "4x3min" is "4", "x", "3", "min"; "3'30" is "3:30"; a word without digits stays whole.
    static func unglued(_ word: String) -> [String] {
        let sign = word.hasPrefix("-") ? "-" : ""
        let unsigned = word.dropFirst(sign.count)
        let digits = unsigned.prefix { $0.isASCIIDigit || $0 == "." || $0 == ":" }
        guard !digits.isEmpty, digits.first!.isASCIIDigit, digits.count < unsigned.count else { return [word] }
        let rest = String(unsigned.dropFirst(digits.count))
        let number = sign + digits
        if rest.hasPrefix("x"), rest.dropFirst().first?.isASCIIDigit == true {
            return [number, "x"] + unglued(String(rest.dropFirst()))
        }
        if rest.hasPrefix("'"), let seconds = Int(rest.dropFirst().prefix { $0.isASCIIDigit }), !rest.dropFirst().isEmpty,
            !number.contains(".")
        {
            let tail = rest.dropFirst().drop { $0.isASCIIDigit }
            if tail.isEmpty || tail == "\"" || tail == "''" { return ["\(number):\(seconds < 10 ? "0" : "")\(seconds)"] }
        }
        return [number, rest]
    }

    /// Each word that is not a plan word replaced by the plan word it is a slip of ("minuts"),
    /// when one is close enough; words of three letters or fewer are taken only as typed, and
    /// nothing is taken for a joining word ("plan" is no slip of "plus").
    static func corrected(_ words: [String]) -> [String] {
        let candidates = vocabulary.subtracting(fillers).subtracting(separators).subtracting(ones.keys).subtracting(tens.keys)
            .filter { $0.count >= 4 }.sorted()
        return words.map { word in
            if vocabulary.contains(word) || isNumeral(word) || word.count < 4 { return word }
            return slipOf(word, among: candidates) ?? word
        }
    }

    /// The plan word `word` is a slip of: two slips in a word of six letters or more, one in a
    /// shorter one ("esay", "minuts"), so that a short word of another meaning ("ride", "main")
    /// is not taken for a plan word; number words are never guessed.
    static func slipOf(_ word: String, among candidates: [String]) -> String? {
        var best: (word: String, slips: Int)?
        for candidate in candidates {
            let slips = CommandText.editDistance(word, candidate)
            if slips <= (min(word.count, candidate.count) >= 6 ? 2 : 1), slips < (best?.slips ?? .max) { best = (candidate, slips) }
        }
        return best?.word
    }

    static func isNumeral(_ word: String) -> Bool {
        let unsigned = word.hasPrefix("-") ? word.dropFirst() : word[...]
        return unsigned.first?.isASCIIDigit == true
    }
}
