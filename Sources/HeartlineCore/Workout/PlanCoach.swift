/// Says when a training plan's phases start, counts down to each change, and says when the
/// plan is over. Driven by active seconds, so a pause freezes the plan.
public struct PlanCoach: Sendable {
    public enum Cue: Equatable, Sendable {
        case phase(TrainingPlan.Phase)
        case countdown(Int)
        case finished
    }

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
        if plan.countdown, let current = plan.phase(at: elapsed) {
            let left = current.end - elapsed
            if (1...3).contains(left), current.duration > 6 { return [.countdown(left)] }
        }
        return []
    }
}
