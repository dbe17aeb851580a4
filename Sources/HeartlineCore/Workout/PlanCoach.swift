/// Says when a training plan's phases start, announces each change once a few seconds ahead,
/// and says when the plan is over. Driven by active seconds, so a pause freezes the plan.
///
/// A phase cue carries the phase's target (`TrainingPlan.Phase.target`): Heartline says it, and a
/// fitness machine may be set to it from the same cue, when the phase starts or ahead of it.
public struct PlanCoach: Sendable {
    public enum Cue: Equatable, Sendable {
        /// A phase starts now, with its target if it has one.
        case phase(TrainingPlan.Phase)
        /// The next phase starts in `seconds`: one short announcement before each change.
        case upcoming(TrainingPlan.Phase, seconds: Int)
        case finished
    }

    /// How long before a change it is announced; phases shorter than twice this get no warning.
    public static let warningSeconds = 5

    public let plan: TrainingPlan
    private let phases: [TrainingPlan.Phase]
    private var lastSecond = -1

    public init(plan: TrainingPlan) {
        self.plan = plan
        phases = plan.phases
    }

    /// The cues due when `elapsed` active seconds have passed (0 at the start).
    public mutating func cues(atElapsed elapsed: Int) -> [Cue] {
        guard elapsed > lastSecond else { return [] }
        lastSecond = elapsed
        if elapsed == plan.duration { return [.finished] }
        if let starting = phases.first(where: { $0.start == elapsed }) { return [.phase(starting)] }
        if plan.countdown, let current = plan.phase(at: elapsed), current.end - elapsed == Self.warningSeconds,
            current.duration >= 2 * Self.warningSeconds, let next = phases.first(where: { $0.start == current.end })
        {
            return [.upcoming(next, seconds: Self.warningSeconds)]
        }
        return []
    }
}
