/// A workout as a coach's file writes it (a Zwift `.zwo` or a FIT workout), before it becomes a
/// training plan: its name and its parts in the file's order, each numbered as the file has it.
public struct CoachWorkout: Equatable, Sendable {
    /// The most blocks a file's plan is made of: its repeats written out stay a plan to hear.
    public static let mostBlocks = 200

    public var name: String
    public var parts: [Part]
    /// The coach's messages, in the file's order.
    public var messages: [Message]

    public init(name: String, parts: [Part], messages: [Message] = []) {
        self.name = name
        self.parts = parts
        self.messages = messages
    }

    /// A coach's message (a Zwift text event) and when it is due: `offset` seconds into the
    /// part at index `part`, or into the workout when it stands outside every step.
    public struct Message: Equatable, Sendable {
        public var part: Int?
        public var offset: Int
        public var text: String

        public init(part: Int?, offset: Int, text: String) {
            self.part = part
            self.offset = offset
            self.text = text
        }
    }

    /// One part of the file: a step, steps repeated, or an element Heartline does not know.
    public enum Part: Equatable, Sendable {
        case step(Step)
        /// Steps done `times` times in a row.
        case repeated(times: Int, [Step])
        /// An element or step type the reader does not know, by its number and its name in the
        /// file (empty where the file gives it by number only).
        case unknown(number: Int, name: String)
        /// A step of a known type holding a number that is none: not finite, not decimal, or a
        /// count of rounds that is not whole.
        case unreadable(number: Int, name: String)
    }

    /// What a step is for, as the file marks it.
    public enum Intensity: Equatable, Sendable {
        case warmUp, active, rest, coolDown
    }

    /// How long a step lasts, as the file says.
    public enum Length: Equatable, Sendable {
        case seconds(Int)
        case metres(Int)
        /// Until the athlete moves on: no set time.
        case open
    }

    /// What a step asks for, as the file says.
    public enum Target: Equatable, Sendable {
        /// A fraction of the athlete's FTP: 0.88 is 88 per cent.
        case shareOfFTP(Double)
        case watts(Int)
        case kilometresPerHour(Double)
        /// One of the athlete's five heart-rate zones.
        case heartRateZone(Int)
        /// Revolutions or steps a minute, as a step's only target.
        case cadence(Int)
        /// Beats per minute.
        case heartRate(low: Int, high: Int)
        /// Fractions of the athlete's maximum heart rate: 0.7 is 70 per cent.
        case shareOfMaximumHeartRate(low: Double, high: Double)
        /// A target Heartline's plans do not carry.
        case unsupported(UnsupportedTarget)
    }

    public enum UnsupportedTarget: Equatable, Sendable {
        case heartRate, cadence, cadenceZone, powerZone, pace, other
    }

    public struct Step: Equatable, Sendable {
        /// Its number in the file, counted from 1.
        public var number: Int
        public var intensity: Intensity
        public var length: Length
        public var target: Target?
        /// A ramp's end, where the target changes steadily from `target` to it.
        public var rampTo: Target?
        /// Targets the step asks for beside `target` that plans do not carry: each said, the
        /// step kept without it.
        public var alsoAsks: [UnsupportedTarget]
        /// A cadence to hold beside `target`, such as a Zwift step's beside its power.
        public var cadence: Int?

        public init(
            number: Int, intensity: Intensity, length: Length, target: Target? = nil, rampTo: Target? = nil,
            alsoAsks: [UnsupportedTarget] = [], cadence: Int? = nil
        ) {
            self.number = number
            self.intensity = intensity
            self.length = length
            self.target = target
            self.rampTo = rampTo
            self.alsoAsks = alsoAsks
            self.cadence = cadence
        }
    }
}

/// What became of a coach's step that a plan could not hold as written: said when the file is
/// read, one sentence each.
public enum CoachNote: Equatable, Sendable {
    /// A ramp, taken as steady at its middle.
    case ramp(step: Int, PhaseTarget)
    /// A step by distance, left out.
    case distance(step: Int, metres: Int)
    /// A step with no set time, left out.
    case open(step: Int)
    /// An element or step type not known, left out.
    case unknown(step: Int, name: String)
    /// A step holding a number Heartline cannot use, left out.
    case unreadable(step: Int, name: String)
    /// A target plans do not carry: the step is kept without it.
    case target(step: Int, CoachWorkout.UnsupportedTarget)
    /// A step too short or too long for a plan, left out.
    case length(step: Int, seconds: Int)
    /// A target a plan may not ask for, such as 5,000 watts: the step is kept without it.
    case targetOutOfRange(step: Int)
    /// Power is a share of FTP and the profile has none: said as a share.
    case noFTP
    /// The plan holds `CoachWorkout.mostBlocks` parts: it stops at this step.
    case stopsAt(step: Int)
    /// A repeat of more rounds than a block holds, taken as the most.
    case rounds(step: Int, times: Int)
}

/// A coach's workout read into a plan: the plan (nil when no step could be followed) and what
/// was said about the steps it could not hold as written.
public struct CoachReading: Equatable, Sendable {
    public var name: String
    public var plan: TrainingPlan?
    public var notes: [CoachNote]
}

extension CoachWorkout.Part {
    /// Its number in the file: a repeat's is its first step's.
    public var number: Int {
        switch self {
        case .step(let step): step.number
        case .repeated(_, let steps): steps.first?.number ?? 0
        case .unknown(let number, _), .unreadable(let number, _): number
        }
    }
}

extension CoachWorkout {
    /// The workout as a training plan for the athlete of `profile`: power shares in watts of
    /// its FTP when it has one, heart-rate zones and shares of the maximum in its beats.
    ///
    /// A first warm-up step is the plan's warm-up, a last cool-down its cool-down; every other
    /// step is a block of one round, a rest straight after one taking that block's rest; steps
    /// repeated as work and rest are a block of rounds, and longer repeats are written out.
    public func plan(for profile: Profile) -> CoachReading {
        let ftp = profile.functionalThresholdPower
        let zones = HeartRateZones(profile: profile)
        var notes: [CoachNote] = []
        var sharesKept = false
        func target(_ target: Target?, step: Int) -> PhaseTarget? {
            guard let target else { return nil }
            let made: PhaseTarget?
            switch target {
            case .shareOfFTP(let share):
                if let ftp {
                    made = PhaseTarget(.power, share * Double(ftp))
                } else {
                    sharesKept = true
                    let percent = (share * 100).rounded()
                    made = percent.isFinite && (1...1000).contains(percent) ? .shareOfFTP(percent: Int(percent)) : nil
                }
            case .watts(let watts): made = PhaseTarget(.power, Double(watts))
            case .kilometresPerHour(let speed): made = PhaseTarget(.speed, speed)
            case .heartRateZone(let zone):
                made = (1...HeartRateZones.count).contains(zone) ? PhaseTarget(heartRate: zones.range(ofZone: zone)) : nil
            case .heartRate(let low, let high): made = PhaseTarget(heartRate: HeartRateRange(low: low, high: high))
            case .shareOfMaximumHeartRate(let low, let high):
                let beats = { (share: Double) in Int((share * Double(zones.maximum)).rounded()) }
                made = PhaseTarget(heartRate: HeartRateRange(low: beats(low), high: beats(high)))
            case .unsupported(let kind):
                notes.append(.target(step: step, kind))
                return nil
            case .cadence:
                // Carried beside the target (`planStep`), never as one.
                return nil
            }
            if made == nil { notes.append(.targetOutOfRange(step: step)) }
            return made
        }
        func middle(_ from: Target, _ to: Target) -> Target {
            switch (from, to) {
            case (.shareOfFTP(let low), .shareOfFTP(let high)): .shareOfFTP((low + high) / 2)
            case (.watts(let low), .watts(let high)): .watts((low + high) / 2)
            case (.kilometresPerHour(let low), .kilometresPerHour(let high)): .kilometresPerHour((low + high) / 2)
            default: from
            }
        }
        func planStep(_ step: Step) -> TrainingPlan.Step? {
            let seconds: Int
            switch step.length {
            case .seconds(let given): seconds = given
            case .metres(let metres):
                notes.append(.distance(step: step.number, metres: metres))
                return nil
            case .open:
                notes.append(.open(step: step.number))
                return nil
            }
            guard TrainingPlan.phaseRange.contains(seconds) else {
                notes.append(.length(step: step.number, seconds: seconds))
                return nil
            }
            // Said once a step, though a repeat's work and rest may each ask for it.
            for kind in step.alsoAsks where !notes.contains(.target(step: step.number, kind)) {
                notes.append(.target(step: step.number, kind))
            }
            // A cadence beside the target, or as the step's only target.
            var cadence = step.cadence
            if case .cadence(let only) = step.target { cadence = only }
            if let given = cadence, !TrainingPlan.cadenceRange.contains(given) {
                notes.append(.targetOutOfRange(step: step.number))
                cadence = nil
            }
            if let from = step.target, let to = step.rampTo, from != to {
                let steady = target(middle(from, to), step: step.number)
                if let steady { notes.append(.ramp(step: step.number, steady)) }
                return TrainingPlan.Step(seconds, target: steady, cadence: cadence)
            }
            return TrainingPlan.Step(seconds, target: target(step.target, step: step.number), cadence: cadence)
        }

        var warmUp: TrainingPlan.Step?
        var coolDown: TrainingPlan.Step?
        var blocks: [TrainingPlan.Block] = []
        /// Whether the last block may take a rest that follows it.
        var open = false
        /// Whether the last block is a file's repeat, which a rest after it follows as its recovery.
        var repeatEnded = false
        // Where each part read begins in the file and in the plan: a coach's message is placed
        // by them. A part left out lasts no time in the plan.
        var fileStarts: [Int] = []
        var planStarts: [Int] = []
        var fileClock = 0
        for (index, part) in parts.enumerated() {
            fileStarts.append(fileClock)
            planStarts.append(blocks.reduce(warmUp?.seconds ?? 0) { $0 + Self.seconds(of: $1) })
            fileClock = min(fileClock + Self.fileSeconds(of: part), 30_000_000)
            guard blocks.count < Self.mostBlocks else {
                if !notes.contains(where: { if case .stopsAt = $0 { true } else { false } }) {
                    notes.append(.stopsAt(step: part.number))
                }
                break
            }
            let afterRepeat = repeatEnded
            repeatEnded = false
            switch part {
            case .unknown(let number, let name):
                notes.append(.unknown(step: number, name: name))
                open = false
            case .unreadable(let number, let name):
                notes.append(.unreadable(step: number, name: name))
                open = false
            case .step(let step):
                guard let made = planStep(step) else { continue }
                if index == 0, step.intensity == .warmUp {
                    warmUp = made
                } else if index == parts.count - 1, step.intensity == .coolDown {
                    coolDown = made
                } else if step.intensity == .rest, open, var last = blocks.popLast() {
                    last.rest = made
                    blocks.append(last)
                    open = false
                } else if step.intensity == .rest, afterRepeat, var last = blocks.popLast() {
                    // A recovery after a repeat comes after its last round's rest, as the file
                    // has it: the two are one rest, in the recovery's target.
                    last.recovery = TrainingPlan.Step((last.rest?.seconds ?? 0) + made.seconds, target: made.target)
                    blocks.append(last)
                } else if step.intensity == .rest {
                    // A rest that follows no work (the file's first step, or a second rest in a
                    // row) is a rest of its own, never said as work.
                    blocks.append(TrainingPlan.Block(restOnly: made))
                    open = false
                } else {
                    blocks.append(TrainingPlan.Block(rounds: 1, work: made))
                    open = true
                }
            case .repeated(let times, let steps):
                let made = steps.compactMap(planStep)
                let rounds = min(max(times, TrainingPlan.roundsRange.lowerBound), TrainingPlan.roundsRange.upperBound)
                open = false
                // Only a block that is played is said to be cut to the most rounds.
                if times > rounds, (1...2).contains(made.count) { notes.append(.rounds(step: part.number, times: times)) }
                repeatEnded = !made.isEmpty
                if made.count == 1 {
                    blocks.append(TrainingPlan.Block(rounds: rounds, work: made[0]))
                } else if made.count == 2 {
                    blocks.append(TrainingPlan.Block(rounds: rounds, work: made[0], rest: made[1]))
                } else if !made.isEmpty {
                    let room = Self.mostBlocks - blocks.count
                    let written = (0..<times).lazy.flatMap { _ in made }.prefix(room)
                    blocks += written.map { TrainingPlan.Block(rounds: 1, work: $0) }
                    let (steps, overflow) = times.multipliedReportingOverflow(by: made.count)
                    if overflow || steps > room { notes.append(.stopsAt(step: part.number)) }
                }
            }
        }
        // A repeat's last rest is the file's as much as the others: at the plan's end it stays.
        if var last = blocks.last, last.rounds > 1, let rest = last.rest, last.recovery == nil {
            last.recovery = rest
            blocks[blocks.count - 1] = last
        }
        if sharesKept { notes.insert(.noFTP, at: 0) }
        guard !blocks.isEmpty || warmUp != nil || coolDown != nil else { return CoachReading(name: name, plan: nil, notes: notes) }
        var plan = TrainingPlan(warmUp: warmUp, blocks: blocks, coolDown: coolDown)
        plan.messages = placedMessages(fileStarts: fileStarts, planStarts: planStarts, duration: plan.duration)
        return CoachReading(name: name, plan: plan, notes: notes)
    }

    /// The coach's messages at their seconds of a plan of `duration`, in order (the file's order
    /// at the same second), each cut to `TrainingPlan.Message.mostWords` words and ended as a
    /// sentence. A message in a
    /// step is placed in that step, at most at its last second; one outside every step is placed
    /// in the step the file's clock had reached, as far into it. One in a part the plan stopped
    /// before is past the plan's end, and not said.
    private func placedMessages(fileStarts: [Int], planStarts: [Int], duration: Int) -> [TrainingPlan.Message] {
        guard duration > 0 else { return [] }
        func planLength(_ part: Int) -> Int {
            (part + 1 < planStarts.count ? planStarts[part + 1] : duration) - planStarts[part]
        }
        let placed = messages.compactMap { message -> TrainingPlan.Message? in
            let part: Int
            let offset: Int
            if let inPart = message.part {
                part = inPart
                offset = message.offset
            } else {
                guard let running = fileStarts.lastIndex(where: { $0 <= message.offset }) else { return nil }
                part = running
                offset = message.offset - fileStarts[running]
            }
            guard planStarts.indices.contains(part) else { return nil }
            let second = planStarts[part] + min(offset, max(0, planLength(part) - 1))
            let words = message.text.split(whereSeparator: \.isWhitespace).prefix(TrainingPlan.Message.mostWords)
            // Said as a sentence: one the coach left open (or that was cut) ends with a full stop.
            var text = words.joined(separator: " ")
            if let last = text.last, !".!?…".contains(last) { text += "." }
            return TrainingPlan.Message(second: min(second, duration - 1), text: text)
        }
        return placed.enumerated().sorted { ($0.element.second, $0.offset) < ($1.element.second, $1.offset) }.map(\.element)
    }

    /// A block's seconds in the plan, rounds and rests, as `TrainingPlan.phases` lays them out
    /// before the plan's end.
    private static func seconds(of block: TrainingPlan.Block) -> Int {
        let rounds = max(1, block.rounds)
        let rests = (block.rest?.seconds ?? 0) * (block.recovery == nil ? rounds : rounds - 1) + (block.recovery?.seconds ?? 0)
        return block.work.seconds * rounds + rests
    }

    /// A part's seconds as the file gives them: a step by distance, with no set time or not
    /// known lasts none.
    private static func fileSeconds(of part: Part) -> Int {
        func seconds(_ step: Step) -> Int {
            if case .seconds(let given) = step.length { return max(0, given) }
            return 0
        }
        switch part {
        case .step(let step): return seconds(step)
        case .repeated(let times, let steps):
            let (total, overflow) = max(0, times).multipliedReportingOverflow(by: steps.reduce(0) { $0 + seconds($1) })
            return overflow ? 30_000_000 : total
        case .unknown, .unreadable: return 0
        }
    }
}
