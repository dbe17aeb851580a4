import Foundation

/// Who asks for a change of a fitness machine's setting: the user by a command or a key, or a
/// plan the user started. A treadmill is started or sped up for nobody else.
public enum SteeringSource: Equatable, Sendable {
    case user
    case plan
}

/// What the core knows of the fitness machine this run.
struct MachineState: Equatable, Sendable {
    var description: MachineDescription?
    /// Whether the machine granted control to a command of this run and has not taken it back:
    /// only then do the end and pause keys stop or pause it.
    var controlled = false
    /// Whether the user heard that the heart rate comes from the machine (once per connection).
    var saidHeartRate = false
    /// The last target asked of each, in its unit, for the up and down keys.
    var targets: [MachineTarget: Double] = [:]
}

/// A treadmill, smart trainer or rower: read like the other sensors, and steered by typed
/// commands, keys and plans, always within its ranges and the user's own maximum.
extension Heartline {
    /// The machine's name within a sentence ("treadmill") and at its start ("Treadmill").
    func machineName(_ type: MachineType?) -> (name: String, title: String) { SensorsFeature.machineName(type, words) }

    var machineType: MachineType? { sensors.machine.description?.type }

    /// The commands of a fitness machine, whose keys help names only while one is connected.
    static let machineCommands: Set<Command> = [.workout(.incline), .workout(.faster), .workout(.slower)]

    var machineConnected: Bool {
        if case .connected = sensors.motion[.fitnessMachine] { true } else { false }
    }

    /// A machine's own news.
    mutating func machineEvent(_ event: MachineEvent) {
        let name = ["sensor": machineName(machineType).name]
        let title = ["sensor": machineName(machineType).title]
        switch event {
        case .described(let description):
            sensors.machine.description = description
        case .answered(_, let result):
            switch result {
            case .success:
                sensors.machine.controlled = true
                say(.answer, .machineAnswerSuccess, title)
            case .notSupported: say(.answer, .machineAnswerNotSupported, name)
            case .invalidParameter: say(.answer, .machineAnswerInvalid, name)
            case .failed: say(.answer, .machineAnswerFailed, name)
            case .controlNotPermitted:
                sensors.machine.controlled = false
                say(.answer, .machineAnswerNotPermitted, name)
            }
        case .controlLost:
            sensors.machine.controlled = false
            say(.event, .machineControlLost, name)
        case .stoppedOnMachine:
            say(.event, .machineStoppedOnMachine, title)
        }
    }

    /// The machine dropped out: a treadmill keeps its belt running, and Heartline can no longer
    /// stop it.
    /// A machine steered before the drop is steered again when it is back: the end and pause keys
    /// still stop and pause it, asking for control again first.
    mutating func machineLost() {
        let wasControlled = sensors.machine.controlled
        sensors.machine.saidHeartRate = false
        if machineType == .treadmill || wasControlled {
            say(.event, .machineLostStopKey, ["sensor": machineName(machineType).name])
        } else {
            say(.event, .eventSensorKindLost, ["sensor": machineName(machineType).title])
        }
    }

    /// A machine reading: its heart rate counts only while no strap is connected, and that is
    /// said once.
    mutating func machineReading(_ reading: MachineReading) {
        guard let beats = reading.heartRate, training.workout != nil, !sensors.strapConnected else { return }
        if !sensors.machine.saidHeartRate {
            sensors.machine.saidHeartRate = true
            say(.event, .machineHeartRate, ["sensor": machineName(reading.type).name])
        }
        let now = now
        for notice in training.workout?.engine.receive(HeartRateReading(beatsPerMinute: beats), at: now) ?? [] { sayNotice(notice) }
    }

    // MARK: - Typed commands

    /// "speed 10", "incline 2", "watts 200", "resistance 5", "start machine", "stop machine",
    /// "pause machine", "top speed 14", "step 0.5": whether `text` was one.
    mutating func machineCommand(_ text: String) -> Bool {
        if machineSetting(text) { return true }
        if words.isPhrase(text, .split) || words.isPhrase(text, .strokeRate) {
            speakRowing(split: words.isPhrase(text, .split))
            return true
        }
        let parts = text.split(separator: " ").map(String.init)
        switch parts.count {
        case 2 where parts[1] == "machine" || parts[1] == "treadmill" || parts[1] == "trainer":
            switch parts[0] {
            case "start": steerMachine(.start, by: .user)
            case "stop": steerMachine(.stop, by: .user)
            case "pause": steerMachine(.pause, by: .user)
            default: return false
            }
            return true
        case 2, 3:
            let value = words.typedNumber(parts[parts.count - 1])
            let name = parts.dropLast().joined(separator: " ")
            let target: MachineTarget
            switch name {
            case "speed": target = .speed
            case "incline", "inclination", "grade": target = .incline
            case "watts", "power", "erg": target = .power
            case "resistance", "level": target = .resistance
            default: return false
            }
            guard let value else {
                say(.answer, .machineNotUnderstood)
                return true
            }
            // Speeds are typed in the user's unit, and sent in km/h.
            let sent = target == .speed ? value * distanceUnit.metres / 1000 : value
            steerMachine(.set(target, sent), by: .user)
            return true
        default:
            return false
        }
    }

    /// "top speed 14" and "step 0.5", on any screen: whether `text` was one.
    mutating func machineSetting(_ text: String) -> Bool {
        let parts = text.split(separator: " ").map(String.init)
        guard let last = parts.last, parts.count >= 2 else { return false }
        let name = parts.dropLast().joined(separator: " ")
        if words.isPhrase(name, .topSpeed) {
            setTopSpeed(words.typedNumber(last))
        } else if words.isPhrase(name, .step) {
            setMachineStep(words.typedNumber(last))
        } else {
            return false
        }
        return true
    }

    /// A rower's split or stroke rate, said now.
    mutating func speakRowing(split: Bool) {
        let reading = training.workout?.engine.machine(at: now)
        if split, let seconds = reading?.split, reading?.type == .rower {
            say(.answer, .answerSplit, ["duration": words.duration(seconds)])
        } else if !split, let rate = reading?.cadence, reading?.type == .rower {
            say(.answer, .answerStrokeRate, ["rate": words.decimal(rate, decimals: 1)])
        } else {
            say(.answer, .answerRowingUnknown)
        }
    }

    /// "faster" and "slower" (and their keys): the main target up or down by the user's step:
    /// speed on a treadmill, power on a trainer, resistance on a rower.
    mutating func stepMachine(up: Bool) {
        guard let description = sensors.machine.description else { return say(.answer, .machineNone) }
        let target: MachineTarget =
            switch description.type {
            case .treadmill: .speed
            case .indoorBike: description.targets[.power] != nil ? .power : .resistance
            case .rower: .resistance
            }
        let step: Double =
            switch target {
            case .speed: settings.machineSpeedStep
            case .power: settings.machinePowerStep
            case .incline, .resistance: 1
            }
        guard let current = sensors.machine.targets[target] ?? currentValue(of: target) else {
            return say(.answer, .machineNoCurrent, ["sensor": machineName(description.type).name])
        }
        steerMachine(.set(target, current + (up ? step : -step)), by: .user)
    }

    /// What the machine last reported for `target`, in the target's unit.
    private func currentValue(of target: MachineTarget) -> Double? {
        guard let reading = training.workout?.engine.machine(at: now) else { return nil }
        switch target {
        case .speed: return reading.speed.map { ($0 * 36).rounded() / 10 }
        case .incline: return reading.incline
        case .resistance: return reading.resistance
        case .power: return reading.power.map(Double.init)
        }
    }

    private mutating func setTopSpeed(_ value: Double?) {
        var changed = settings
        guard let value, changed.setTreadmillTopSpeed(value * distanceUnit.metres / 1000) else {
            return say(.answer, .machineTopSpeedInvalid)
        }
        saveSettings(changed)
        say(.answer, .machineTopSpeedSet, ["speed": words.speed(settings.treadmillTopSpeed! / 3.6, in: distanceUnit)])
    }

    private mutating func setMachineStep(_ value: Double?) {
        var changed = settings
        let isTreadmill = machineType != .indoorBike
        guard let value, isTreadmill ? changed.setMachineSpeedStep(value) : changed.setMachinePowerStep(value) else {
            return say(.answer, .machineStepInvalid)
        }
        saveSettings(changed)
        say(.answer, .machineStepSet, ["step": words.decimal(value, decimals: 1)])
    }

    // MARK: - Steering

    /// Asks the machine for `command` when the rules allow it, saying the change before it is
    /// sent; otherwise says why not. A plan calls this with `.plan` for its phases' targets.
    /// Returns whether the command was sent.
    @discardableResult
    public mutating func steerMachine(_ command: MachineCommand, by source: SteeringSource) -> Bool {
        guard case .connected = sensors.motion[.fitnessMachine], let description = sensors.machine.description else {
            say(.answer, .machineNone)
            return false
        }
        let name = ["sensor": machineName(description.type).name]
        guard description.steerable else {
            say(.answer, .machineNotSteerable, name)
            return false
        }
        switch command {
        case .set(let target, let value):
            guard description.targets.keys.contains(target) else {
                say(.answer, .machineTargetUnsupported, name.merging(["target": words(Self.targetPrompt(target))]) { $1 })
                return false
            }
            if target == .speed, description.type == .treadmill {
                guard let top = settings.treadmillTopSpeed else {
                    say(.answer, .machineTopSpeedAsk)
                    return false
                }
                if value > top + 1e-9 {
                    say(
                        .answer, .machineAboveTopSpeed,
                        ["speed": words.speed(value / 3.6, in: distanceUnit), "maximum": words.speed(top / 3.6, in: distanceUnit)])
                    return false
                }
            }
            if case .some(.some(let range)) = description.targets[target], !range.contains(value) {
                say(
                    .answer, Self.rangePrompt(target),
                    name.merging(["minimum": valueWords(target, range.minimum), "maximum": valueWords(target, range.maximum)]) { $1 })
                return false
            }
            sensors.machine.targets[target] = value
            // A plan's phase sentence has said its target already.
            if source == .user { say(.answer, Self.settingPrompt(target), ["value": valueWords(target, value)]) }
        case .start:
            guard source == .user || training.workout != nil else { return false }
            say(.answer, .machineStarting, name)
        case .stop:
            say(.answer, .machineStopping, name)
        case .pause:
            say(.answer, .machinePausing, name)
        }
        emit(.steerMachine(command))
        return true
    }

    /// The end or pause of a workout reaches the machine it steers.
    mutating func workoutStopsMachine(_ command: MachineCommand) {
        guard sensors.machine.controlled, case .connected = sensors.motion[.fitnessMachine] else { return }
        steerMachine(command, by: .user)
    }

    /// The workout resumed: a machine Heartline paused stays paused until the user starts it.
    mutating func workoutResumedMachine() {
        guard sensors.machine.controlled, case .connected = sensors.motion[.fitnessMachine] else { return }
        say(.answer, .machineResumeHint, ["sensor": machineName(machineType).name])
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
    private func valueWords(_ target: MachineTarget, _ value: Double) -> String {
        switch target {
        case .speed: words.speed(value / 3.6, in: distanceUnit)
        case .incline, .resistance: words.decimal(value, decimals: 1)
        case .power: words.number(Int(value.rounded()))
        }
    }

    /// A treadmill's slope after a readout's metrics, while it says one.
    mutating func machineReadout() {
        guard machineType == .treadmill, training.workout?.engine.machine(at: now)?.incline != nil else { return }
        speakIncline(.readout)
    }

    /// "incline": the treadmill's slope now.
    mutating func speakIncline(_ kind: SpeechKind) {
        if let incline = training.workout?.engine.machine(at: now)?.incline {
            say(kind, .answerIncline, ["incline": words.decimal(incline, decimals: 1)])
        } else {
            say(kind, .answerInclineUnknown)
        }
    }
}
