import Foundation

/// Who asks for a change of a fitness machine's setting: the user by a command or a key, or a
/// plan the user started. A treadmill is started or sped up for nobody else.
public enum SteeringSource: Equatable, Sendable {
    case user
    case plan
}

/// A typed command for the fitness machine: its limits on any screen, its settings and its own
/// answers on the workout screen.
enum MachineTyped: Equatable, Sendable {
    /// "top speed 14": the fastest a treadmill is set to, in the user's unit (nil: no number).
    case topSpeed(Double?)
    /// "step 0.5": how far faster and slower change the treadmill's speed or the trainer's watts.
    case step(Double?)
    /// "split", "stroke rate": a rower's.
    case rowing(split: Bool)
    case start
    case stop
    case pause
    /// "speed 10", "incline 2", "watts 200", "resistance 5": a speed in the user's unit.
    case set(MachineTarget, Double)
    /// A target named with something other than a number.
    case notANumber
}

/// A treadmill, smart trainer or rower steered by typed commands, keys and plans, always within
/// its ranges and the user's own maximum.
extension WorkoutFeature {
    /// The commands of a fitness machine, whose keys help names only while one is connected.
    static let machineCommands: Set<Command> = [.workout(.incline), .workout(.faster), .workout(.slower)]

    // MARK: - Typed commands

    /// "speed 10", "incline 2", "watts 200", "resistance 5", "start machine", "stop machine",
    /// "pause machine" (on the workout screen) and "top speed 14", "step 0.5" (on any): what
    /// `text` asks, or nil when it is no machine command.
    static func typed(_ text: String, onWorkout: Bool, _ words: Words) -> MachineTyped? {
        let parts = text.split(separator: " ").map(String.init)
        if let last = parts.last, parts.count >= 2 {
            let name = parts.dropLast().joined(separator: " ")
            if words.isPhrase(name, .topSpeed) { return .topSpeed(words.typedNumber(last)) }
            if words.isPhrase(name, .step) { return .step(words.typedNumber(last)) }
        }
        guard onWorkout else { return nil }
        if words.isPhrase(text, .split) { return .rowing(split: true) }
        if words.isPhrase(text, .strokeRate) { return .rowing(split: false) }
        if words.isPhrase(text, .startMachine) { return .start }
        if words.isPhrase(text, .stopMachine) { return .stop }
        if words.isPhrase(text, .pauseMachine) { return .pause }
        switch parts.count {
        case 2, 3:
            // The target by the plan's words for it, in the language or English ("velocidad 12").
            let name = parts.dropLast().joined(separator: " ")
            let named: [(PlanWord, MachineTarget)] = [
                (.speed, .speed), (.incline, .incline), (.power, .power), (.watts, .power), (.resistance, .resistance),
                (.level, .resistance),
            ]
            let target: MachineTarget
            if let found = named.first(where: { words.isPlanWord(name, $0.0) }) {
                target = found.1
            } else {
                switch name {
                case "inclination": target = .incline
                case "erg": target = .power
                default: return nil
                }
            }
            guard let value = words.typedNumber(parts[parts.count - 1]) else { return .notANumber }
            return .set(target, value)
        default:
            return nil
        }
    }

    static func typed(_ typed: MachineTyped, _ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        switch typed {
        case .topSpeed(let value): setTopSpeed(value, environment, &steps)
        case .step(let value): setMachineStep(value, environment, &steps)
        case .rowing(let split): speakRowing(split: split, state, environment, &steps)
        case .start: steerMachine(.start, by: .user, &state, environment, &steps)
        case .stop: steerMachine(.stop, by: .user, &state, environment, &steps)
        case .pause: steerMachine(.pause, by: .user, &state, environment, &steps)
        case .set(let target, let value):
            // Speeds are typed in the user's unit, and sent in km/h.
            let sent = target == .speed ? value * environment.settings.units.metres / 1000 : value
            steerMachine(.set(target, sent), by: .user, &state, environment, &steps)
        case .notANumber: steps.append(.say(.answer, .machineNotUnderstood))
        }
    }

    /// A rower's split or stroke rate, said now.
    private static func speakRowing(split: Bool, _ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        let reading = state.workout?.engine.machine(at: environment.now)
        let words = environment.words
        if split, let seconds = reading?.split, reading?.type == .rower {
            steps.append(.say(.answer, .answerSplit, ["duration": words.duration(seconds)]))
        } else if !split, let rate = reading?.cadence, reading?.type == .rower {
            steps.append(.say(.answer, .answerStrokeRate, ["rate": words.decimal(rate, decimals: 1)]))
        } else {
            steps.append(.say(.answer, split ? .answerSplitUnknown : .answerStrokeRateUnknown))
        }
    }

    private static func setTopSpeed(_ value: Double?, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        var changed = environment.settings
        let unit = changed.units
        guard let value, changed.setTreadmillTopSpeed(value * unit.metres / 1000) else {
            return steps.append(.say(.answer, .machineTopSpeedInvalid))
        }
        steps.append(.saveSettings(changed))
        steps.append(.say(.answer, .machineTopSpeedSet, ["speed": environment.words.speed(changed.treadmillTopSpeed! / 3.6, in: unit)]))
    }

    private static func setMachineStep(_ value: Double?, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        var changed = environment.settings
        let isTreadmill = environment.sensors.machine.description?.type != .indoorBike
        guard let value, isTreadmill ? changed.setMachineSpeedStep(value) : changed.setMachinePowerStep(value) else {
            return steps.append(.say(.answer, .machineStepInvalid))
        }
        steps.append(.saveSettings(changed))
        // The step as stored, with its unit: per hour on a treadmill, watts on a trainer.
        let stored = SensorsFeature.value(of: isTreadmill ? .speedStep : .powerStep, changed, environment.words)
        steps.append(.say(.answer, .machineStepSet, ["step": stored]))
    }

    /// "faster" and "slower" (and their keys): the main target up or down by the user's step:
    /// speed on a treadmill, power on a trainer, resistance on a rower.
    static func stepMachine(up: Bool, _ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let description = environment.sensors.machine.description else { return steps.append(.say(.answer, .machineNone)) }
        let target: MachineTarget =
            switch description.type {
            case .treadmill: .speed
            case .indoorBike: description.targets[.power] != nil ? .power : .resistance
            case .rower: .resistance
            }
        let step: Double =
            switch target {
            case .speed: environment.settings.machineSpeedStep
            case .power: environment.settings.machinePowerStep
            case .incline, .resistance: 1
            }
        guard let current = state.machine.targets[target] ?? currentValue(of: target, state, environment) else {
            let name = SensorsFeature.machineName(description.type, environment.words).name
            return steps.append(.say(.answer, .machineNoCurrent, ["sensor": name]))
        }
        steerMachine(.set(target, current + (up ? step : -step)), by: .user, &state, environment, &steps)
    }

    /// What the machine last reported for `target`, in the target's unit.
    private static func currentValue(of target: MachineTarget, _ state: State, _ environment: FeatureEnvironment) -> Double? {
        guard let reading = state.workout?.engine.machine(at: environment.now) else { return nil }
        switch target {
        case .speed: return reading.speed.map { ($0 * 36).rounded() / 10 }
        case .incline: return reading.incline
        case .resistance: return reading.resistance
        case .power: return reading.power.map(Double.init)
        }
    }

    // MARK: - Steering

    /// Asks the machine for `command` when the rules allow it, saying the change before it is
    /// sent; otherwise says why not. A plan asks with `.plan` for its phases' targets.
    static func steerMachine(
        _ command: MachineCommand, by source: SteeringSource, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        let words = environment.words
        let unit = environment.settings.units
        guard case .connected = environment.sensors.motion[.fitnessMachine], let description = environment.sensors.machine.description
        else { return steps.append(.say(.answer, .machineNone)) }
        let name = ["sensor": SensorsFeature.machineName(description.type, words).name]
        guard description.steerable else { return steps.append(.say(.answer, .machineNotSteerable, name)) }
        switch command {
        case .set(let target, let value):
            guard description.targets.keys.contains(target) else {
                return steps.append(.say(.answer, .machineTargetUnsupported, name.merging(["target": words(targetPrompt(target))]) { $1 }))
            }
            if target == .speed, description.type == .treadmill {
                guard let top = environment.settings.treadmillTopSpeed else { return steps.append(.say(.answer, .machineTopSpeedAsk)) }
                if value > top + 1e-9 {
                    let speeds = ["speed": words.speed(value / 3.6, in: unit), "maximum": words.speed(top / 3.6, in: unit)]
                    return steps.append(.say(.answer, .machineAboveTopSpeed, speeds))
                }
            }
            if case .some(.some(let range)) = description.targets[target], !range.contains(value) {
                let limits = [
                    "minimum": valueWords(target, range.minimum, environment), "maximum": valueWords(target, range.maximum, environment),
                ]
                return steps.append(.say(.answer, rangePrompt(target), name.merging(limits) { $1 }))
            }
            state.machine.targets[target] = value
            // A plan's phase sentence has said its target already.
            if source == .user { steps.append(.say(.answer, settingPrompt(target), ["value": valueWords(target, value, environment)])) }
        case .start:
            guard source == .user || state.workout != nil else { return }
            steps.append(.say(.answer, .machineStarting, name))
        case .stop:
            steps.append(.say(.answer, .machineStopping, name))
        case .pause:
            steps.append(.say(.answer, .machinePausing, name))
        }
        if command == .start || command == .stop { state.machine.leftPaused = false }
        steps.append(.emit(.steerMachine(command)))
    }

    /// The end or pause of a workout reaches the machine it steers.
    static func workoutStopsMachine(
        _ command: MachineCommand, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        guard environment.sensors.machine.controlled, case .connected = environment.sensors.motion[.fitnessMachine] else { return }
        steerMachine(command, by: .user, &state, environment, &steps)
    }

    /// The workout resumed: a machine Heartline paused stays paused until the user starts it,
    /// which is said now and again with each readout while it stays so.
    static func workoutResumedMachine(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        let sensors = environment.sensors
        guard sensors.machine.controlled, case .connected = sensors.motion[.fitnessMachine] else { return }
        state.machine.leftPaused = true
        resumeHint(.answer, environment, &steps)
    }

    private static func resumeHint(_ kind: SpeechKind, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        let name = SensorsFeature.machineName(environment.sensors.machine.description?.type, environment.words).name
        steps.append(.say(kind, .machineResumeHint, ["sensor": name]))
    }

    /// A machine left paused after the workout resumed is no longer so once it moves.
    static func machineMoved(_ reading: MachineReading, _ state: inout State) {
        let moving = (reading.speed ?? 0) > 0 || (reading.cadence ?? 0) > 0 || (reading.power ?? 0) > 0
        if moving { state.machine.leftPaused = false }
    }

    /// A machine reading: its heart rate counts only while no strap is connected, and that is
    /// said once.
    static func machineReading(
        _ reading: MachineReading, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        machineMoved(reading, &state)
        guard let beats = reading.heartRate, state.workout != nil, !environment.sensors.strapConnected else { return }
        if !state.machine.saidHeartRate {
            state.machine.saidHeartRate = true
            steps.append(.say(.event, .machineHeartRate, ["sensor": SensorsFeature.machineName(reading.type, environment.words).name]))
        }
        for notice in state.workout!.engine.receive(HeartRateReading(beatsPerMinute: beats), at: environment.now) {
            sayNotice(notice, environment, &steps)
        }
    }

    /// A treadmill's slope after a readout's metrics, while it says one; then how to start a
    /// machine left paused.
    static func machineReadout(_ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        if environment.sensors.machine.description?.type == .treadmill, state.workout?.engine.machine(at: environment.now)?.incline != nil {
            speakIncline(.readout, state, environment, &steps)
        }
        if state.machine.leftPaused, case .connected = environment.sensors.motion[.fitnessMachine] {
            resumeHint(.readout, environment, &steps)
        }
    }

    /// "incline": the treadmill's slope now.
    static func speakIncline(_ kind: SpeechKind, _ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        if let incline = state.workout?.engine.machine(at: environment.now)?.incline {
            steps.append(.say(kind, .answerIncline, ["incline": environment.words.decimal(incline, decimals: 1)]))
        } else {
            steps.append(.say(kind, .answerInclineUnknown))
        }
    }

    private static func targetPrompt(_ target: MachineTarget) -> Prompt {
        switch target {
        case .speed: .machineSpeed
        case .incline: .machineIncline
        case .resistance: .machineResistance
        case .power: .machinePower
        }
    }

    private static func rangePrompt(_ target: MachineTarget) -> Prompt {
        switch target {
        case .speed: .machineOutsideRangeSpeed
        case .incline: .machineOutsideRangeIncline
        case .resistance: .machineOutsideRange
        case .power: .machineOutsideRangePower
        }
    }

    private static func settingPrompt(_ target: MachineTarget) -> Prompt {
        switch target {
        case .speed: .machineSetSpeed
        case .incline: .machineSetIncline
        case .resistance: .machineSetResistance
        case .power: .machineSetPower
        }
    }

    /// A target's value as its sentence says it: a speed in the user's unit, with its unit.
    private static func valueWords(_ target: MachineTarget, _ value: Double, _ environment: FeatureEnvironment) -> String {
        let words = environment.words
        return switch target {
        case .speed: words.speed(value / 3.6, in: environment.settings.units)
        case .incline, .resistance: words.decimal(value, decimals: 1)
        case .power: words.number(Int(value.rounded()))
        }
    }
}
