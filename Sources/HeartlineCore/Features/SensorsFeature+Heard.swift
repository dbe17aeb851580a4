import Foundation

/// What the sensors say of themselves, whatever the screen: the strap and the other kinds
/// connecting, sending and dropping out, the strap's battery and pairing, a fitness machine's
/// description and its answers. Their readings are the workout's (`WorkoutFeature`).
extension SensorsFeature {
    /// A battery at or below this is said once per run.
    static let batteryLowPercent = 15

    /// `kind`'s event, said when it is news; `awaited`: the user heard a workout start without
    /// the strap; `duringWorkout`: a workout records.
    static func heard(
        _ kind: SensorKind, _ event: SensorEvent, awaited: Bool, duringWorkout: Bool, _ state: inout State,
        _ environment: FeatureEnvironment
    ) -> [FeatureStep] {
        if case .sensorReading(let reading) = event, reading.kind != kind {
            // A source that gives movement along with heart rate: its own kind answers for it.
            return heard(reading.kind, event, awaited: awaited, duringWorkout: duringWorkout, &state, environment)
        }
        guard kind != .heartRateStrap else { return strap(event, awaited: awaited, &state, environment) }
        let title = ["sensor": self.title(of: kind, state, environment.words)]
        switch event {
        case .connected(let name):
            guard state.motionConnected(kind, name: name, duringWorkout: duringWorkout) else { return [] }
            return [.say(.event, .eventSensorKindConnected, title)]
        case .disconnected:
            guard state.motionLost(kind) else { return [] }
            return kind == .fitnessMachine ? machineLost(state, environment.words) : [.say(.event, .eventSensorKindLost, title)]
        case .sensorReading:
            return state.motionSent(kind) ? [.say(.event, .eventSensorKindConnected, title)] : []
        case .machine(let event):
            return machine(event, &state, environment.words)
        case .reading, .battery, .identified, .pairing:
            // A strap's own news; the other kinds' maker and pairing are only logged.
            return []
        case .problem(let problem):
            return reduce(&state, .problem(problem, kind: kind), environment)
        }
    }

    private static func strap(_ event: SensorEvent, awaited: Bool, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureStep]
    {
        switch event {
        case .connected(let name):
            return state.strapConnected(name, awaited: awaited) ? [.say(.event, .eventSensorBack)] : []
        case .disconnected:
            return state.strapLost() ? [.say(.event, .eventSensorLost)] : []
        case .reading:
            return state.strapSent(awaited: awaited) ? [.say(.event, .eventSensorBack)] : []
        case .battery(let level):
            guard state.battery(level, lowAt: batteryLowPercent) else { return [] }
            return [.say(.answer, .answerBatteryLow, ["percent": String(level)])]
        case .problem(let problem):
            return reduce(&state, .problem(problem), environment)
        case .identified(let strap, let manufacturer, let model):
            return reduce(&state, .identified(strap: strap, manufacturer: manufacturer, model: model), environment)
        case .sensorReading, .machine:
            return []
        case .pairing:
            // Once: a strap that asks again at each connection is no news after the first.
            return state.pairingAsked() ? [.say(.notice, .sensorPairing)] : []
        }
    }

    /// A machine's own news: what it is, and its answers to being steered.
    private static func machine(_ event: MachineEvent, _ state: inout State, _ words: Words) -> [FeatureStep] {
        let names = machineName(state.machine.description?.type, words)
        let name = ["sensor": names.name]
        switch event {
        case .described(let description):
            state.machine.description = description
            return []
        case .answered(let command, let result):
            switch result {
            case .success:
                state.machine.controlled = true
                // Said of what was done: a stop confirmed after the summary is read still says
                // that the belt has stopped.
                let done: Prompt =
                    switch command {
                    case .set: .machineAnswerSuccess
                    case .start: .machineAnswerStarted
                    case .stop: .machineAnswerStopped
                    case .pause: .machineAnswerPaused
                    }
                return [.say(.answer, done, ["sensor": names.title])]
            case .notSupported: return [.say(.answer, .machineAnswerNotSupported, name)]
            case .invalidParameter: return [.say(.answer, .machineAnswerInvalid, name)]
            case .failed: return [.say(.answer, .machineAnswerFailed, name)]
            case .controlNotPermitted:
                state.machine.controlled = false
                return [.say(.answer, .machineAnswerNotPermitted, name)]
            }
        case .controlLost:
            state.machine.controlled = false
            return [.say(.event, .machineControlLost, name)]
        case .stoppedOnMachine:
            return [.say(.event, .machineStoppedOnMachine, ["sensor": names.title])]
        }
    }

    /// The machine dropped out: a treadmill keeps its belt running, and Heartline can no longer
    /// stop it. A machine steered before the drop is steered again when it is back: the end and
    /// pause keys still stop and pause it, asking for control again first.
    private static func machineLost(_ state: State, _ words: Words) -> [FeatureStep] {
        let type = state.machine.description?.type
        if type == .treadmill || state.machine.controlled {
            return [.say(.event, .machineLostStopKey, ["sensor": machineName(type, words).name])]
        }
        return [.say(.event, .eventSensorKindLost, ["sensor": machineName(type, words).title])]
    }
}
