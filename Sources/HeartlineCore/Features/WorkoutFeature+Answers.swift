import Foundation

/// The answers to the workout's keys: time, heart rate, calories, averages, zone, plan, heart-rate
/// variability, laps and the strap's battery.
extension WorkoutFeature {
    static func speakTime(_ kind: SpeechKind, _ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout else { return }
        let elapsed = Int(active.engine.elapsed(at: environment.now))
        steps.append(.say(kind, .answerTime, ["duration": environment.words.duration(elapsed)]))
    }

    static func speakHeartRate(_ kind: SpeechKind, _ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout else { return }
        let words = environment.words
        switch environment.strap {
        case .absent, .lost:
            // Without a strap, a fitness machine's own heart rate may stand in (`machineReading`).
            guard state.machine.saidHeartRate else { return steps.append(.say(kind, .answerHeartRateNotConnected)) }
        case .waiting, .connected:
            break
        }
        switch active.engine.currentHeartRate(at: environment.now) {
        case .beats(let beats): steps.append(.say(kind, .answerHeartRate, ["bpm": words.beatsPerMinute(beats)]))
        case .noContact: steps.append(.say(kind, .answerHeartRateNoContact))
        case .stale(let seconds): steps.append(.say(kind, .answerHeartRateStale, ["seconds": words.duration(seconds)]))
        case .none:
            if case .connected = environment.strap {
                steps.append(.say(kind, .answerHeartRateWaiting))
            } else {
                steps.append(.say(kind, .answerHeartRateNotConnected))
            }
        }
    }

    static func speakCalories(_ kind: SpeechKind, _ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout else { return }
        guard let calories = active.engine.caloriesBurned else { return steps.append(.say(kind, .answerCaloriesUnknown)) }
        steps.append(.say(kind, .answerCalories, ["calories": environment.words.kilocalories(calories)]))
        if !active.engine.calories.usesProfile, !active.saidProfileHint, kind == .answer {
            state.workout?.saidProfileHint = true
            steps.append(.say(kind, .answerCaloriesNoProfile))
        }
    }

    static func speakAverage(_ kind: SpeechKind, _ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout else { return }
        if let average = active.engine.averageHeartRate {
            steps.append(.say(kind, .answerAverage, ["bpm": environment.words.beatsPerMinute(average)]))
        } else {
            steps.append(.say(kind, .answerAverageUnknown))
        }
    }

    static func speakZone(_ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout else { return }
        guard let zone = active.zone else { return steps.append(.say(.answer, .answerZoneNone)) }
        let words = environment.words
        let range = ["range": words(.targetRange, ["low": String(zone.range.low), "high": String(zone.range.high)])]
        switch zone.position {
        case .inside: steps.append(.say(.answer, .answerZoneInside, range))
        case .above: steps.append(.say(.answer, .answerZoneAbove, range))
        case .below: steps.append(.say(.answer, .answerZoneBelow, range))
        case nil: steps.append(.say(.answer, .answerZoneUnknown, range))
        }
    }

    static func speakPlanPosition(_ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout else { return }
        guard let coach = active.plan else { return steps.append(.say(.answer, .answerPlanNone)) }
        let elapsed = Int(active.engine.elapsed(at: environment.now))
        guard let phase = coach.phase(at: elapsed) else { return steps.append(.say(.answer, .answerPlanFinished)) }
        let words = environment.words
        let name: String
        switch phase.kind {
        case .warmUp: name = words(.planPhaseWarmUp)
        case .work(let round): name = words(.planPhaseWork, ["round": String(round), "rounds": String(phase.rounds)])
        case .rest(let round): name = words(.planPhaseRest, ["round": String(round), "rounds": String(phase.rounds)])
        case .coolDown: name = words(.planPhaseCoolDown)
        }
        steps.append(.say(.answer, .answerPlanPosition, ["phase": name, "remaining": words.duration(phase.end - elapsed)]))
    }

    /// RMSSD over the last minute's beat intervals, with the artefacts when too many were removed.
    static func speakHeartRateVariability(_ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout else { return }
        guard let hrv = HeartRateVariability.measure(HeartRateVariability.milliseconds(of: active.recent)) else {
            return steps.append(.say(.answer, .answerHrvUnknown))
        }
        steps += FeatureStep.variability(hrv, .answer, reliable: .answerHrv, environment.words)
    }

    /// Ends the lap running with its readout, one metric per sentence, and starts the next.
    static func newLap(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard state.workout != nil else { return }
        let now = environment.now
        let progress = state.workout!.engine.advance(to: now)
        record(progress, into: &state.workout!, &steps)
        let elapsed = Int(state.workout!.engine.elapsed(at: now))
        let lap = state.workout!.lap
        // In the second a lap began (the key pressed twice, or a plan's phase beginning) there is
        // no lap to end: the one that just ended is read again, and no empty lap is made.
        if elapsed == lap.start, let ended = state.workout!.endedLap, ended.lap.number == lap.number - 1 {
            steps += FeatureStep.lap(ended.lap.number, seconds: ended.seconds, heartRates: ended.lap.heartRates, environment.words)
            return
        }
        steps += FeatureStep.lap(lap.number, seconds: elapsed - lap.start, heartRates: lap.heartRates, environment.words)
        if elapsed > lap.start {
            state.workout!.endedLap = (lap, elapsed - lap.start)
            state.workout!.lap = ActiveWorkout.Lap(number: lap.number + 1, start: elapsed)
            state.workout!.lapMarks.append(elapsed)
            // Written now, so a crash keeps the lap.
            steps.append(.emit(.store(.summary(state.workout!.summary(.recording)))))
        }
    }

    static func speakBattery(_ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        if let batteryLevel = environment.sensors.batteryLevel {
            steps.append(.say(.answer, .answerBattery, ["percent": String(batteryLevel)]))
        } else {
            steps.append(.say(.answer, .answerBatteryUnknown))
        }
        steps.append(.emit(.requestBattery))
    }
}
