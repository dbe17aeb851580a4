/// An interval training plan: optional warm-up, rounds of work and rest, optional cool-down.
public struct TrainingPlan: Equatable, Codable, Sendable {
    public var warmUp: Int?
    public var rounds: Int
    /// Seconds of work in each round.
    public var work: Int
    /// Seconds of rest between rounds (none after the last).
    public var rest: Int
    public var coolDown: Int?
    /// Whether the last three seconds before each change are counted down aloud.
    public var countdown: Bool

    public init(warmUp: Int? = nil, rounds: Int, work: Int, rest: Int, coolDown: Int? = nil, countdown: Bool = true) {
        self.warmUp = warmUp
        self.rounds = rounds
        self.work = work
        self.rest = rest
        self.coolDown = coolDown
        self.countdown = countdown
    }

    public enum PhaseKind: Equatable, Sendable {
        case warmUp
        case work(round: Int)
        case rest(afterRound: Int)
        case coolDown
    }

    /// One stretch of the plan, in active seconds from the workout's start.
    public struct Phase: Equatable, Sendable {
        public var kind: PhaseKind
        public var start: Int
        public var duration: Int
        public var end: Int { start + duration }
    }

    /// Every phase in order.
    public var phases: [Phase] {
        var result: [Phase] = []
        var clock = 0
        func add(_ kind: PhaseKind, _ duration: Int) {
            guard duration > 0 else { return }
            result.append(Phase(kind: kind, start: clock, duration: duration))
            clock += duration
        }
        if let warmUp { add(.warmUp, warmUp) }
        for round in 1...max(1, rounds) {
            add(.work(round: round), work)
            if round < rounds { add(.rest(afterRound: round), rest) }
        }
        if let coolDown { add(.coolDown, coolDown) }
        return result
    }

    /// The plan's whole length in seconds.
    public var duration: Int { phases.last?.end ?? 0 }

    /// The phase running at `elapsed` active seconds, or nil once the plan is over.
    public func phase(at elapsed: Int) -> Phase? {
        phases.first { elapsed >= $0.start && elapsed < $0.end }
    }

    public static let roundsRange = 1...99
    public static let phaseRange = 5...(4 * 3600)
}

/// Reads a plan the user types, such as "6 times 3 minutes work, 1 minute rest, warm-up 10
/// minutes, cool-down 5 minutes" or "8 x 30 s work 1:30 rest, no countdown".
public enum TrainingPlanText {
    private enum Token: Equatable {
        case count(Int)
        case duration(Int)
        case label(String)
        case times
        case noCountdown
    }

    public static func parse(_ text: String) -> TrainingPlan? {
        guard let tokens = tokenize(text) else { return nil }
        var rounds: Int?
        var values: [String: Int] = [:]
        var countdown = true
        var pendingDuration: Int?
        var pendingLabel: String?
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case .count(let count):
                guard index + 1 < tokens.count, tokens[index + 1] == .times else { return nil }
                rounds = count
                index += 1
            case .times:
                return nil
            case .noCountdown:
                countdown = false
            // A duration and a label pair up in either order.
            case .duration(let seconds):
                if let label = pendingLabel.take() { values[label] = seconds } else { pendingDuration = seconds }
            case .label(let label):
                if let seconds = pendingDuration.take() { values[label] = seconds } else { pendingLabel = label }
            }
            index += 1
        }
        guard pendingDuration == nil, pendingLabel == nil, let rounds, let work = values["work"],
            TrainingPlan.roundsRange.contains(rounds), TrainingPlan.phaseRange.contains(work)
        else { return nil }
        let rest = values["rest"] ?? 0
        if rounds > 1, !TrainingPlan.phaseRange.contains(rest) { return nil }
        for name in ["warm-up", "cool-down"] {
            if let seconds = values[name], !TrainingPlan.phaseRange.contains(seconds) { return nil }
        }
        return TrainingPlan(
            warmUp: values["warm-up"], rounds: rounds, work: work, rest: rest, coolDown: values["cool-down"],
            countdown: countdown)
    }

    private static func tokenize(_ text: String) -> [Token]? {
        let cleaned = text.lowercased()
            .replacingOccurrences(of: ",", with: " ")
            .replacingOccurrences(of: "warm up", with: "warm-up")
            .replacingOccurrences(of: "warmup", with: "warm-up")
            .replacingOccurrences(of: "cool down", with: "cool-down")
            .replacingOccurrences(of: "cooldown", with: "cool-down")
            .replacingOccurrences(of: "no countdown", with: "no-countdown")
        var words = cleaned.split(separator: " ").map(String.init)[...]
        var tokens: [Token] = []
        while let word = words.popFirst() {
            switch word {
            case "times", "x", "rounds", "round": tokens.append(.times)
            case "work", "rest", "warm-up", "cool-down": tokens.append(.label(word))
            case "recovery": tokens.append(.label("rest"))
            case "no-countdown": tokens.append(.noCountdown)
            case "and", "then", "with", "of", "each": continue
            default:
                if let seconds = minutesAndSeconds(word) {
                    tokens.append(.duration(seconds))
                } else if let number = Int(word) {
                    if let unit = words.first, let factor = unitFactor(unit) {
                        words.removeFirst()
                        guard let seconds = scaled(number, by: factor) else { return nil }
                        tokens.append(.duration(seconds))
                    } else {
                        tokens.append(.count(number))
                    }
                } else if let split = splitNumberAndUnit(word) {
                    tokens.append(.duration(split))
                } else {
                    return nil
                }
            }
        }
        return tokens
    }

    private static func unitFactor(_ unit: String) -> Int? {
        switch unit {
        case "s", "sec", "secs", "second", "seconds": 1
        case "m", "min", "mins", "minute", "minutes": 60
        case "h", "hr", "hour", "hours": 3600
        default: nil
        }
    }

    /// "30s", "3min": a number glued to its unit.
    private static func splitNumberAndUnit(_ word: String) -> Int? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits), let factor = unitFactor(String(word.dropFirst(digits.count))) else { return nil }
        return scaled(number, by: factor)
    }

    /// "1:30" is 90 seconds.
    private static func minutesAndSeconds(_ word: String) -> Int? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]), (0..<60).contains(seconds),
            let whole = scaled(minutes, by: 60)
        else { return nil }
        return whole + seconds
    }

    /// `number` of a unit of `factor` seconds, or nil when no plan could be that long: a typed
    /// number may have any count of digits, and the product must not overflow.
    private static func scaled(_ number: Int, by factor: Int) -> Int? {
        guard number >= 0, number <= TrainingPlan.phaseRange.upperBound else { return nil }
        return number * factor
    }
}
