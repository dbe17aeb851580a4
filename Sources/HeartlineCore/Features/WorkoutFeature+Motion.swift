import Foundation

/// Pace, speed, distance, cadence and power during a workout: the answers and the readouts by
/// distance; and a training plan's phase changes said with their targets.
extension WorkoutFeature {
    /// The sensor kind that gives `metric` in `sport`, for saying which one is missing.
    static func source(of metric: Metric, in sport: Sport) -> SensorKind {
        switch (metric, sport) {
        case (.power, _): .powerMeter
        case (_, .running): .footpod
        case (_, .rowing): .fitnessMachine
        default: .cyclingSpeedCadence
        }
    }

    /// A rower's time per 500 metres: its own, else from the speed; none standing still.
    static func split(_ own: Int?, speed: Double?) -> Int? {
        if let own, own > 0 { return own }
        guard let speed, speed >= movingSpeed else { return nil }
        return Int((500 / speed).rounded())
    }

    /// Below this a pace is not a pace (a walker stops at about 0.5 m/s; 33 minutes a kilometre).
    static let movingSpeed = 0.5

    /// One motion metric, said now: its value with its unit, or why it is unknown.
    static func speakMotion(
        _ metric: Metric, _ kind: SpeechKind, _ state: State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        guard let active = state.workout else { return }
        let words = environment.words
        let now = environment.now
        let sport = active.engine.configuration.sport
        let name = ["metric": words.metric(metric, in: sport)]
        guard Metric.offered(for: sport).contains(metric) else { return steps.append(.say(kind, .answerMotionNotInSport, name)) }
        let unit = environment.settings.units
        if metric == .distance, let distance = active.engine.distance {
            return steps.append(.say(kind, .answerDistance, ["distance": words.distance(distance, in: unit)]))
        }
        let motion = active.engine.motion(at: now)
        switch metric {
        case .pace where sport == .rowing:
            if let split = split(active.engine.machine(at: now)?.split, speed: motion.speed) {
                return steps.append(.say(kind, .answerSplit, ["duration": words.duration(split)]))
            }
        case .cadence where sport == .rowing:
            if let rate = active.engine.machine(at: now)?.cadence ?? motion.cadence.map(Double.init) {
                return steps.append(.say(kind, .answerStrokeRate, ["rate": words.decimal(rate, decimals: 1)]))
            }
        case .pace:
            if let speed = motion.speed, speed >= movingSpeed {
                return steps.append(.say(kind, .answerPace, ["pace": words.pace(speed, in: unit), "unit": words.unitName(unit)]))
            }
        case .speed:
            if let speed = motion.speed { return steps.append(.say(kind, .answerSpeed, ["speed": words.speed(speed, in: unit)])) }
        case .cadence:
            if let cadence = motion.cadence {
                // Against the plan's cadence while a phase asks for one.
                if let wanted = active.plan?.phase(at: Int(active.engine.elapsed(at: now)))?.cadence {
                    return steps.append(
                        .say(kind, .answerCadenceTarget, ["target": words.number(wanted), "cadence": words.number(cadence)]))
                }
                let prompt: Prompt = sport == .running ? .answerCadenceRunning : .answerCadenceCycling
                return steps.append(.say(kind, prompt, ["cadence": words.number(cadence)]))
            }
        case .power:
            if let power = motion.power { return steps.append(.say(kind, .answerPower, ["power": words.number(power)])) }
        case .time, .heartRate, .calories, .distance:
            break
        }
        let sensors = environment.sensors
        var source = source(of: metric, in: sport)
        if case .connected = sensors.motion[.fitnessMachine] { source = .fitnessMachine }
        if case .connected = sensors.motion[source] {
            steps.append(.say(kind, .answerMotionStanding, name))
        } else {
            let sensor = ["sensor": SensorsFeature.name(of: source, sensors, words)]
            steps.append(.say(kind, .answerMotionNoSensor, name.merging(sensor) { $1 }))
        }
    }

    /// A distance readout was passed: the distance and its split ("3 kilometres, split 5 minutes
    /// and 31 seconds."; "1.5 kilometres, split 2 minutes and 40 seconds." every half),
    /// then the chosen metrics but distance, which the split has just said.
    static func distanceReadout(
        number: Int, split: Int, _ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]
    ) {
        guard let active = state.workout, let readout = active.engine.configuration.distanceReadout else { return }
        let words = environment.words
        // One sentence whatever the step: the distance covered and the time its last step took.
        let covered = Double(number) * readout.every
        steps.append(
            .say(
                .readout, .readoutSplit,
                ["distance": words.distance(covered * readout.unit.metres, in: readout.unit), "duration": words.duration(split)]))
        for metric in active.engine.configuration.metrics where metric != .distance {
            speakMetric(metric, .readout, &state, environment, &steps)
        }
    }

    /// Any metric, as the readout and its key say it.
    static func speakMetric(
        _ metric: Metric, _ kind: SpeechKind, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        switch metric {
        case .time: speakTime(kind, state, environment, &steps)
        case .heartRate: speakHeartRate(kind, state, environment, &steps)
        case .calories: speakCalories(kind, &state, environment, &steps)
        case .pace, .speed, .distance, .cadence, .power: speakMotion(metric, kind, state, environment, &steps)
        }
    }

    // MARK: - Plans

    /// Each phase change as it comes, with its target: the plan coach's cues in words. A
    /// connected machine is set to the phase's target.
    static func planCues(_ cues: [PlanCoach.Cue], _ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        let words = environment.words
        for cue in cues {
            switch cue {
            case .phase(let phase):
                let duration = words.step(TrainingPlan.Step(phase.duration, target: phase.target, cadence: phase.cadence))
                switch phase.kind {
                case .warmUp: steps.append(.say(.event, .eventPlanWarmUp, ["duration": duration]))
                case .work(let round) where phase.rounds == 1 && round == 1:
                    steps.append(.say(.event, .eventPlanWorkOnce, ["duration": duration]))
                case .work(let round):
                    steps.append(
                        .say(.event, .eventPlanWork, ["round": String(round), "rounds": String(phase.rounds), "duration": duration]))
                case .rest: steps.append(.say(.event, .eventPlanRest, ["duration": duration]))
                case .coolDown: steps.append(.say(.event, .eventPlanCoolDown, ["duration": duration]))
                }
                if let target = phase.target { steerPlan(to: target, &state, environment, &steps) }
            case .upcoming(let phase, let seconds):
                let name: Prompt =
                    switch phase.kind {
                    case .warmUp: .planPhaseWarmUp
                    case .work: .planNextWork
                    case .rest: .planNextRest
                    case .coolDown: .planPhaseCoolDown
                    }
                let aim = words.aim(phase.target, cadence: phase.cadence)
                let said = aim.map { words(.planNextAt, ["phase": words(name), "target": $0]) } ?? words(name)
                steps.append(.say(.event, .eventPlanUpcoming, ["phase": said, "duration": words.duration(seconds)]))
            case .finished:
                steps.append(.say(.event, .eventPlanFinished))
            case .message(let text):
                steps.append(.say(.event, .eventPlanMessage, ["message": text]))
            }
        }
    }

    /// A plan the user started sets a connected machine at each phase that has a target, the
    /// phase's sentence having said it; only a refusal (above the top speed, outside the
    /// machine's range) is said besides. Without a machine the target is words alone.
    private static func steerPlan(
        to target: PhaseTarget, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        let sensors = environment.sensors
        guard case .connected = sensors.motion[.fitnessMachine], sensors.machine.description?.steerable == true else { return }
        let command: MachineCommand
        switch target {
        case .power(let watts): command = .set(.power, Double(watts))
        case .speed(let centiKilometresPerHour): command = .set(.speed, Double(centiKilometresPerHour) / 100)
        case .incline(let tenthsOfPercent): command = .set(.incline, Double(tenthsOfPercent) / 10)
        case .resistance(let level): command = .set(.resistance, Double(level))
        // A share of an FTP not set, or a heart rate, is for the athlete, not the machine.
        case .shareOfFTP, .heartRate: return
        }
        steerMachine(command, by: .plan, &state, environment, &steps)
    }
}
