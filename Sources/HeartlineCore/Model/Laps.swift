/// How a workout is cut into laps: by the phases of its plan, by the user's lap key, and by
/// distance.
///
/// One rule for every place that counts laps (the lap readout, details, TCX and FIT): a lap ends
/// wherever a plan phase begins (and where the plan ends), wherever the user pressed the lap key,
/// and, in a workout without a plan, at every distance readout (a plan's phases are its laps, so
/// distance does not cut them). Two sources in the same second make one lap; the plan's clock
/// names its trigger first, then distance, then the key.
public enum Laps {
    /// A stretch of active time: from `start` (exclusive) to `end` (inclusive) active seconds,
    /// the way sample `elapsed` values count.
    public struct Lap: Equatable, Sendable {
        public var start: Int
        public var end: Int
        /// Inside a rest of the plan.
        public var resting = false
        /// What ended it.
        public var trigger = Trigger.manual
        public var duration: Int { end - start }

        public init(start: Int, end: Int, resting: Bool = false, trigger: Trigger = .manual) {
            self.start = start
            self.end = end
            self.resting = resting
            self.trigger = trigger
        }
    }

    public enum Trigger: Equatable, Sendable {
        /// The lap key, or the end of the workout.
        case manual
        /// The plan's clock.
        case time
        /// A distance readout.
        case distance
    }

    /// The seconds at which the plan begins a new lap: each phase after the first, and the end.
    public static func planBoundaries(_ plan: TrainingPlan) -> Set<Int> {
        planBoundaries(phases: plan.phases)
    }

    /// The same, from the plan's phases worked out already (a coach file's can be tens of
    /// thousands: they are worked out once).
    public static func planBoundaries(phases: [TrainingPlan.Phase]) -> Set<Int> {
        Set(phases.map(\.start).filter { $0 > 0 } + [phases.last?.end ?? 0])
    }

    /// Every lap boundary after the start and up to `duration` included, in order.
    public static func boundaries(plan: TrainingPlan?, marks: [Int], distanceMarks: [Int] = [], upTo duration: Int) -> [Int] {
        boundaries(fromPlan: plan.map(planBoundaries) ?? [], marks: marks, byDistance: plan == nil ? distanceMarks : [], upTo: duration)
    }

    private static func boundaries(fromPlan: Set<Int>, marks: [Int], byDistance: [Int], upTo duration: Int) -> [Int] {
        fromPlan.union(marks).union(byDistance).filter { $0 > 0 && $0 <= duration }.sorted()
    }

    /// The laps of a workout of `duration` active seconds, in order; one lap when nothing cuts it.
    public static func spans(plan: TrainingPlan?, marks: [Int], distanceMarks: [Int] = [], duration: Int) -> [Lap] {
        let duration = max(0, duration)
        // The plan's phases are worked out once, for its boundaries and its rests.
        let phases = plan?.phases ?? []
        let fromPlan = plan == nil ? [] : planBoundaries(phases: phases)
        let distance = plan == nil ? distanceMarks : []
        let byDistance = Set(distance)
        let cuts = boundaries(fromPlan: fromPlan, marks: marks, byDistance: distance, upTo: duration).filter { $0 < duration }
        var laps: [Lap] = []
        var start = 0
        // The laps go forward through the phases: one walk, not one a lap.
        var phase = 0
        for end in cuts + [duration] {
            while phase < phases.count, phases[phase].end <= start { phase += 1 }
            let resting =
                phase < phases.count && phases[phase].start <= start && { if case .rest = phases[phase].kind { true } else { false } }()
            let trigger: Trigger = fromPlan.contains(end) ? .time : byDistance.contains(end) ? .distance : .manual
            laps.append(Lap(start: start, end: end, resting: resting, trigger: trigger))
            start = end
        }
        return laps
    }
}

extension Laps {
    /// Whether something cuts a workout of `duration` active seconds into more than one lap:
    /// what `spans(...).count > 1` says, without laying out a plan's phases (a summary's menu
    /// asks it at each key).
    public static func several(plan: TrainingPlan?, marks: [Int], distanceMarks: [Int] = [], duration: Int) -> Bool {
        let inside = { (second: Int) in second > 0 && second < duration }
        guard let plan else { return marks.contains(where: inside) || distanceMarks.contains(where: inside) }
        // The plan's earliest boundary is where its first phase ends (its end, with one phase).
        return marks.contains(where: inside) || plan.firstPhase.map { inside($0.end) } == true
    }
}

extension WorkoutSummary {
    /// This workout's laps over `duration` active seconds (its own by default).
    public func lapSpans(duration: Int? = nil) -> [Laps.Lap] {
        Laps.spans(plan: configuration.plan, marks: laps, distanceMarks: distanceLaps, duration: duration ?? self.duration)
    }

    /// Whether this workout has more than one lap (as `lapSpans().count > 1`).
    public var hasSeveralLaps: Bool {
        Laps.several(plan: configuration.plan, marks: laps, distanceMarks: distanceLaps, duration: max(0, duration))
    }

    /// The lap boundaries passed by `duration` active seconds.
    public func lapBoundaries(upTo duration: Int) -> [Int] {
        Laps.boundaries(plan: configuration.plan, marks: laps, distanceMarks: distanceLaps, upTo: duration)
    }
}
