/// An interval training plan: an optional warm-up, blocks of rounds of work and rest, an
/// optional cool-down; any phase may carry a target (a power, a speed, an incline, a level).
public struct TrainingPlan: Equatable, Codable, Sendable {
    /// One stretch of a plan as written: its seconds and what it asks for.
    public struct Step: Equatable, Codable, Sendable {
        public var seconds: Int
        public var target: PhaseTarget?
        /// A cadence to hold beside the target, in revolutions or steps a minute: said with the
        /// phase and against the cadence heard; no machine is set to it.
        public var cadence: Int?

        public init(_ seconds: Int, target: PhaseTarget? = nil, cadence: Int? = nil) {
            self.seconds = seconds
            self.target = target
            self.cadence = cadence
        }
    }

    /// The cadences a plan may ask for, in revolutions or steps a minute.
    public static let cadenceRange = 20...250

    /// Rounds of work, each followed by its rest.
    ///
    /// A rest comes between rounds and between blocks; after the plan's last round only when its
    /// block has a single round, so that a rest written for one round is never lost. A recovery
    /// written after the block takes the place of its last rest.
    public struct Block: Equatable, Codable, Sendable {
        public var rounds: Int
        public var work: Step
        public var rest: Step?
        /// A longer rest written after the block ("5 minutes rest" before the next block): it
        /// follows the last round in place of the rest, at the plan's end too.
        public var recovery: Step?

        public init(rounds: Int, work: Step, rest: Step? = nil, recovery: Step? = nil) {
            self.rounds = rounds
            self.work = work
            self.rest = rest
            self.recovery = recovery
        }

        /// A rest on its own, as a coach's file may have one that follows no work: a block
        /// with no work (of no time, which has no phase) whose one round ends in `rest`.
        public init(restOnly rest: Step) {
            self.init(rounds: 1, work: Step(0), recovery: rest)
        }

        /// Whether the block is a rest on its own (`init(restOnly:)`).
        public var isRestOnly: Bool { work.seconds == 0 && recovery != nil }
    }

    public var warmUp: Step?
    public var blocks: [Block]
    public var coolDown: Step?
    /// Whether the last three seconds before each change are counted down aloud.
    public var countdown: Bool
    /// A coach's messages, each said at its second of the plan, in order; none in a typed plan
    /// or one stored before plans had messages.
    public var messages: [Message]

    /// A coach's message (a Zwift text event) at `second` active seconds from the plan's start,
    /// at most `Message.mostWords` words.
    public struct Message: Equatable, Codable, Sendable {
        public var second: Int
        public var text: String

        /// A message is said in one breath, as every sentence Heartline says.
        public static let mostWords = 15

        public init(second: Int, text: String) {
            self.second = second
            self.text = text
        }
    }

    public init(warmUp: Step? = nil, blocks: [Block], coolDown: Step? = nil, countdown: Bool = true, messages: [Message] = []) {
        self.warmUp = warmUp
        self.blocks = blocks
        self.coolDown = coolDown
        self.countdown = countdown
        self.messages = messages
    }

    /// A plan of one block without targets, as plans were before blocks: the rest comes between
    /// rounds only.
    public init(warmUp: Int? = nil, rounds: Int, work: Int, rest: Int, coolDown: Int? = nil, countdown: Bool = true) {
        self.init(
            warmUp: warmUp.map { Step($0) }, blocks: [Block(rounds: rounds, work: Step(work), rest: Self.restBetween(rounds, rest))],
            coolDown: coolDown.map { Step($0) }, countdown: countdown)
    }

    /// The rest of a plan stored before blocks, whose single round had none.
    private static func restBetween(_ rounds: Int, _ rest: Int) -> Step? {
        rounds > 1 && rest > 0 ? Step(rest) : nil
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
        /// What the phase asks for; a fitness machine would be set to it when the phase starts.
        public var target: PhaseTarget?
        /// The rounds of the phase's block (its round is counted within the block).
        public var rounds: Int = 1
        /// The cadence the phase asks for beside its target.
        public var cadence: Int?
        public var end: Int { start + duration }
    }

    /// Every phase in order.
    public var phases: [Phase] {
        var result: [Phase] = []
        // At most a work and a rest a round, a warm-up and a cool-down: one allocation.
        result.reserveCapacity(blocks.reduce(2) { $0 + 2 * max(1, $1.rounds) })
        walk { phase in
            result.append(phase)
            return true
        }
        return result
    }

    /// The first phase, found without laying out the rest.
    public var firstPhase: Phase? {
        var first: Phase?
        walk { phase in
            first = phase
            return false
        }
        return first
    }

    /// Lays the phases out in order, handing each to `visit` until it returns false.
    private func walk(_ visit: (Phase) -> Bool) {
        var clock = 0
        var going = true
        func add(_ kind: PhaseKind, _ step: Step, rounds: Int = 1) {
            guard going, step.seconds > 0 else { return }
            going = visit(
                Phase(kind: kind, start: clock, duration: step.seconds, target: step.target, rounds: rounds, cadence: step.cadence))
            clock += step.seconds
        }
        if let warmUp { add(.warmUp, warmUp) }
        for (index, block) in blocks.enumerated() {
            let rounds = max(1, block.rounds)
            for round in 1...rounds {
                guard going else { return }
                add(.work(round: round), block.work, rounds: rounds)
                let planEnds = index == blocks.count - 1 && round == rounds
                if round == rounds, let recovery = block.recovery {
                    add(.rest(afterRound: round), recovery, rounds: rounds)
                } else if let rest = block.rest, !planEnds || rounds == 1 {
                    add(.rest(afterRound: round), rest, rounds: rounds)
                }
            }
        }
        if let coolDown { add(.coolDown, coolDown) }
    }

    /// The plan's whole length in seconds: the phases' seconds added block by block, as `phases`
    /// lays them out (a menu of plan files says each length; a plan of 40,000 phases is not laid
    /// out for it).
    public var duration: Int {
        func seconds(_ step: Step?) -> Int { max(0, step?.seconds ?? 0) }
        var total = seconds(warmUp) + seconds(coolDown)
        for (index, block) in blocks.enumerated() {
            let rounds = max(1, block.rounds)
            // Every round's work, and the rest after each round but the last.
            total += rounds * seconds(block.work) + (rounds - 1) * seconds(block.rest)
            // After the last round: the recovery, else the rest, unless the plan ends there with
            // more than one round.
            if block.recovery != nil {
                total += seconds(block.recovery)
            } else if index < blocks.count - 1 || rounds == 1 {
                total += seconds(block.rest)
            }
        }
        return total
    }

    /// The phase running at `elapsed` active seconds, or nil once the plan is over.
    public func phase(at elapsed: Int) -> Phase? {
        phases.first { elapsed >= $0.start && elapsed < $0.end }
    }

    public static let roundsRange = 1...99
    public static let phaseRange = 5...(4 * 3600)

    private enum CodingKeys: String, CodingKey {
        case warmUp, blocks, coolDown, countdown, messages
        // Plans stored before blocks: one block, plain seconds.
        case rounds, work, rest
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        countdown = try container.decodeIfPresent(Bool.self, forKey: .countdown) ?? true
        messages = try container.decodeIfPresent([Message].self, forKey: .messages) ?? []
        if container.contains(.blocks) {
            warmUp = try container.decodeIfPresent(Step.self, forKey: .warmUp)
            blocks = try container.decode([Block].self, forKey: .blocks)
            coolDown = try container.decodeIfPresent(Step.self, forKey: .coolDown)
        } else {
            let rounds = try container.decode(Int.self, forKey: .rounds)
            let work = try container.decode(Int.self, forKey: .work)
            let rest = try container.decode(Int.self, forKey: .rest)
            warmUp = try container.decodeIfPresent(Int.self, forKey: .warmUp).map { Step($0) }
            blocks = [Block(rounds: rounds, work: Step(work), rest: Self.restBetween(rounds, rest))]
            coolDown = try container.decodeIfPresent(Int.self, forKey: .coolDown).map { Step($0) }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(warmUp, forKey: .warmUp)
        try container.encode(blocks, forKey: .blocks)
        try container.encodeIfPresent(coolDown, forKey: .coolDown)
        try container.encode(countdown, forKey: .countdown)
        // A plan with no messages is stored as before they were.
        if !messages.isEmpty { try container.encode(messages, forKey: .messages) }
    }
}
