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
        /// A coach's message, due now.
        case message(String)
    }

    /// How long before a change it is announced; phases shorter than twice this get no warning.
    public static let warningSeconds = 5

    public let plan: TrainingPlan
    /// The plan's phases and its length, worked out once: a coach file can hold tens of
    /// thousands of phases, and a workout's second must not walk them all.
    private let phases: [TrainingPlan.Phase]
    private let duration: Int
    /// The coach's messages in order, and the first not yet said.
    private let messages: [TrainingPlan.Message]
    private var nextMessage = 0
    /// The phase running at `lastSecond`: seconds only go forward, and so does this.
    private var current = 0
    private var lastSecond = -1

    public init(plan: TrainingPlan) {
        self.plan = plan
        phases = plan.phases
        duration = phases.last?.end ?? 0
        messages = plan.messages
    }

    /// Whether the plan cuts a lap at `second` (as `Laps.planBoundaries`: each phase after the
    /// first begins, and the end). The phases follow each other without a gap, so a cut is where
    /// one of them ends: looked up by halves.
    public func isBoundary(_ second: Int) -> Bool {
        guard second > 0 else { return false }
        let index = firstPhase(endingAtOrAfter: second)
        return index < phases.count && phases[index].end == second
    }

    /// The index of the first phase that ends at `second` or later (the count, when none does),
    /// found by halves: the phases are in order and end in order.
    private func firstPhase(endingAtOrAfter second: Int) -> Int {
        var low = 0
        var high = phases.count
        while low < high {
            let middle = (low + high) / 2
            if phases[middle].end < second { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The phase running at `elapsed` active seconds, or nil once the plan is over: looked up
    /// in the phases worked out once, by halves, as a readout or an answer may ask at any second.
    public func phase(at elapsed: Int) -> TrainingPlan.Phase? {
        // The one running ends after `elapsed`.
        let index = firstPhase(endingAtOrAfter: elapsed + 1)
        guard index < phases.count, phases[index].start <= elapsed else { return nil }
        return phases[index]
    }

    /// The cues due when `elapsed` active seconds have passed (0 at the start).
    public mutating func cues(atElapsed elapsed: Int) -> [Cue] {
        guard elapsed > lastSecond else { return [] }
        lastSecond = elapsed
        // A message comes after the phase's own cue; one due at a second skipped comes now.
        var due: [Cue] = []
        while nextMessage < messages.count, messages[nextMessage].second <= elapsed {
            due.append(.message(messages[nextMessage].text))
            nextMessage += 1
        }
        return phaseCues(atElapsed: elapsed) + due
    }

    private mutating func phaseCues(atElapsed elapsed: Int) -> [Cue] {
        if elapsed == duration { return [.finished] }
        while current < phases.count, phases[current].end <= elapsed { current += 1 }
        guard current < phases.count else { return [] }
        // The phases follow each other without a gap: the one running now began now, or it
        // ends in the warning's seconds and the next begins where it ends.
        let running = phases[current]
        if running.start == elapsed { return [.phase(running)] }
        if plan.countdown, running.end - elapsed == Self.warningSeconds, running.duration >= 2 * Self.warningSeconds,
            current + 1 < phases.count
        {
            return [.upcoming(phases[current + 1], seconds: Self.warningSeconds)]
        }
        return []
    }
}
