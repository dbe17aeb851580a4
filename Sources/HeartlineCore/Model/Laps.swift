/// How a workout is cut into laps: by the phases of its plan and by the user's lap key, both.
///
/// One rule for every place that counts laps (the lap readout, details, TCX and FIT): a lap ends
/// wherever a plan phase begins (and where the plan ends), and wherever the user pressed the lap
/// key. A lap key pressed in the same second a phase begins makes no second, empty lap.
public enum Laps {
    /// A stretch of active time: from `start` (exclusive) to `end` (inclusive) active seconds,
    /// the way sample `elapsed` values count.
    public struct Lap: Equatable, Sendable {
        public var start: Int
        public var end: Int
        /// Inside a rest of the plan.
        public var resting = false
        /// Whether the plan's clock ended it ("Time"), rather than the user or the end ("Manual").
        public var endedByPlan = false
        public var duration: Int { end - start }

        public init(start: Int, end: Int, resting: Bool = false, endedByPlan: Bool = false) {
            self.start = start
            self.end = end
            self.resting = resting
            self.endedByPlan = endedByPlan
        }
    }

    /// The seconds at which the plan begins a new lap: each phase after the first, and the end.
    public static func planBoundaries(_ plan: TrainingPlan) -> Set<Int> {
        Set(plan.phases.map(\.start).filter { $0 > 0 } + [plan.duration])
    }

    /// Every lap boundary after the start and up to `duration` included, in order.
    public static func boundaries(plan: TrainingPlan?, marks: [Int], upTo duration: Int) -> [Int] {
        let fromPlan = plan.map(planBoundaries) ?? []
        return fromPlan.union(marks).filter { $0 > 0 && $0 <= duration }.sorted()
    }

    /// The laps of a workout of `duration` active seconds, in order; one lap when nothing cuts it.
    public static func spans(plan: TrainingPlan?, marks: [Int], duration: Int) -> [Lap] {
        let duration = max(0, duration)
        let fromPlan = plan.map(planBoundaries) ?? []
        let cuts = boundaries(plan: plan, marks: marks, upTo: duration).filter { $0 < duration }
        var laps: [Lap] = []
        var start = 0
        for end in cuts + [duration] {
            let resting = plan?.phase(at: start).map { if case .rest = $0.kind { true } else { false } } ?? false
            laps.append(Lap(start: start, end: end, resting: resting, endedByPlan: fromPlan.contains(end)))
            start = end
        }
        return laps
    }
}
