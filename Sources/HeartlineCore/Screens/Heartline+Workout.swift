import Foundation

/// The root's side of the workout: its actions handed to `WorkoutFeature`, whose state is the
/// workout and its recovery in `training`.
extension Heartline {
    mutating func workout(_ action: WorkoutFeature.Action) {
        carryOut(WorkoutFeature.reduce(&training, action, environment))
    }

    mutating func startWorkout(_ configuration: WorkoutConfiguration) { workout(.start(configuration)) }

    /// "Definitely end workout?" answered yes: stop the clock and show the summary.
    mutating func endWorkout(quitting: Bool) { workout(.end(quitting: quitting)) }

    /// "Definitely end workout?" answered no: back to the workout as it was, paused or not.
    mutating func keepWorkout() { workout(.keep) }

    // MARK: - Time and the sensors

    /// Time passes: the recovery after an end is measured, a resting check ends, the workout records.
    /// Each runs only while it has a state (with none, its reducer answers nothing), so a second
    /// of a workout builds the features' environment once, not three times.
    ///
    /// News said over a question (a plan's phase over "Definitely end workout?") buries it: the
    /// question is asked again after the news, so the next key answers a question just heard.
    mutating func tick() {
        if training.recovery != nil { workout(.watchRecovery) }
        if training.resting != nil { resting(.tick) }
        guard training.workout != nil else { return }
        let steps = WorkoutFeature.reduce(&training, .tick, environment)
        carryOut(steps)
        if let question = screen.question, steps.contains(where: \.speaks) { ask(question, again: false) }
    }

    /// A sensor's event: its own news first, then the workout's reading of it, against the sensors
    /// as they stood before the event (a machine that drops out was connected), then a resting
    /// check's.
    mutating func sensorEvent(_ kind: SensorKind, _ event: SensorEvent) {
        // One environment for both: the sensors' news reads the same whole the workout does.
        let before = environment
        let heard = SensorsFeature.Action.heard(kind, event, awaited: training.awaitsStrap, duringWorkout: training.workout != nil)
        carryOut(SensorsFeature.reduce(&sensors, heard, before))
        carryOut(WorkoutFeature.reduce(&training, .heard(kind, event), before))
        if kind == .heartRateStrap, training.resting != nil, case .reading(let reading) = event { resting(.reading(reading)) }
    }
}
