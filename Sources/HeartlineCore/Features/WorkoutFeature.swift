import Foundation

/// The workout being recorded and what acts on it while it records: the clock, the strap and the
/// other sensors' readings, the zone and plan cues, the readouts, the answers to the workout's
/// keys, pause and resume, the end, the recovery measured after it, and the fitness machine
/// steered along (`WorkoutFeature+Machine.swift`).
///
/// Its state is `Training` less the resting check, which is `RestingCheckFeature`'s. This is the
/// hot path: a tick and a strap notification change the stored state in place, and answer with
/// no steps when there is nothing to say or write.
enum WorkoutFeature: Feature {
    typealias State = Training

    enum Action: Sendable {
        case start(WorkoutConfiguration)
        /// The workout screen is said: a paused workout says so.
        case present
        /// A key or a typed command of the workout screen.
        case command(WorkoutAction)
        /// "where" on the workout screen: a pause and why, the strap's state.
        case whereAmI
        /// "events": the recent announcements, newest first.
        case events
        /// "Definitely end workout?" answered yes.
        case end(quitting: Bool)
        /// "Definitely end workout?" answered no.
        case keep
        /// Time passes: the recovery after an end is measured at its marks.
        case watchRecovery
        /// Time passes: the workout records, its cues and readouts are said.
        case tick
        /// A sensor's event, after the sensors' own news; the environment's sensors are as they
        /// stood before it.
        case heard(SensorKind, SensorEvent)
        /// A typed command for the fitness machine or its limits.
        case typed(MachineTyped)
        /// The input ended: the workout as it stands is written.
        case shutdown
    }

    /// The workout screen offers keys, not items.
    static func items(_ environment: FeatureEnvironment) -> [MenuItem] { [] }

    /// How late a readout may still be said: its values are those of the moment it is said.
    static let readoutFreshness: TimeInterval = 3

    /// How far apart an interval readout and a distance readout may fall and still be said once.
    static let readoutMerge: TimeInterval = 5

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        var steps: [FeatureStep] = []
        switch action {
        case .start(let configuration): start(configuration, &state, environment, &steps)
        case .present: sayIfPaused(state, environment, &steps)
        case .command(let command):
            guard state.workout != nil, case .workout = environment.screen else { return [.say(.answer, .workoutOnly)] }
            perform(command, &state, environment, &steps)
        case .whereAmI: whereAmI(state, environment, &steps)
        case .events: events(environment, &steps)
        case .end(let quitting): end(quitting: quitting, &state, environment, &steps)
        case .keep:
            steps = [
                .leave(screens: 1, showing: false),
                .say(.answer, state.workout?.engine.isPaused == true ? .workoutContinuesPaused : .workoutContinues),
            ]
        case .watchRecovery: watchRecovery(&state, environment, &steps)
        case .tick: tick(&state, environment, &steps)
        case .heard(let kind, let event): heard(kind, event, &state, environment, &steps)
        case .typed(let typed): self.typed(typed, &state, environment, &steps)
        case .shutdown:
            if state.workout != nil {
                let now = environment.now
                let progress = state.workout!.engine.advance(to: now)
                record(progress, into: &state.workout!, &steps)
                steps.append(.emit(.store(.summary(state.workout!.summary(.recording)))))
            }
            steps.append(.emit(.store(.flush)))
        }
        return steps
    }

    // MARK: - Start, pause, end

    private static func start(
        _ configuration: WorkoutConfiguration, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        let now = environment.now
        let id = environment.nextWorkoutID
        steps.append(.began(id: id, configuration))
        steps.append(.emit(.store(.begin(id: id, start: now, configuration: configuration))))
        let profile = environment.profile
        let engine = WorkoutEngine(start: now, configuration: configuration, calories: CalorieModel(profile: profile))
        state.workout = ActiveWorkout(
            id: id, engine: engine, zone: configuration.target.map { ZoneCoach(range: $0.range) },
            plan: configuration.plan.map(PlanCoach.init), contact: ContactWatch(isEnabled: environment.settings.autoPause))
        state.workout?.loadProfile = profile
        state.workout?.engine.footpodCalibration = environment.settings.footpodCalibration
        finishRecovery(&state, &steps)
        steps.append(.startOver(.workout, present: false))
        steps.append(.say(.answer, .workoutStarted))
        sayIfNoStrap(&state, environment, &steps)
        // The plan's first phase starts with the workout.
        if let cues = state.workout?.plan?.cues(atElapsed: 0) { planCues(cues, &state, environment, &steps) }
        steps.append(.emit(.sensorWanted(true)))
    }

    /// Once per workout: no strap is connected, so heart rate and calories will be unknown.
    private static func sayIfNoStrap(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        if case .connected = environment.strap { return }
        steps.append(.say(.answer, .workoutNoStrap))
        state.saidNoStrap = true
    }

    private static func perform(
        _ action: WorkoutAction, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        switch action {
        case .time: speakTime(.answer, state, environment, &steps)
        case .heartRate: speakHeartRate(.answer, state, environment, &steps)
        case .calories: speakCalories(.answer, &state, environment, &steps)
        case .averageHeartRate: speakAverage(.answer, state, environment, &steps)
        case .allMetrics:
            speakTime(.answer, state, environment, &steps)
            speakHeartRate(.answer, state, environment, &steps)
            speakCalories(.answer, &state, environment, &steps)
            speakAverage(.answer, state, environment, &steps)
            // The sport's own metrics, each its own sentence.
            let sport = state.workout?.engine.configuration.sport ?? .other
            for metric in Metric.offered(for: sport) where !Metric.offered(for: .other).contains(metric) {
                speakMotion(metric, .answer, state, environment, &steps)
            }
        case .pace: speakMotion(.pace, .answer, state, environment, &steps)
        case .speed: speakMotion(.speed, .answer, state, environment, &steps)
        case .distance: speakMotion(.distance, .answer, state, environment, &steps)
        case .cadence: speakMotion(.cadence, .answer, state, environment, &steps)
        case .power: speakMotion(.power, .answer, state, environment, &steps)
        case .incline: speakIncline(.answer, state, environment, &steps)
        case .faster: stepMachine(up: true, &state, environment, &steps)
        case .slower: stepMachine(up: false, &state, environment, &steps)
        case .pause: pause(&state, environment, &steps)
        case .resume: resume(&state, environment, &steps)
        case .pauseOrResume:
            state.workout?.engine.isPaused == true ? resume(&state, environment, &steps) : pause(&state, environment, &steps)
        case .end: steps.append(.ask(.endWorkout(quitting: false)))
        case .battery: speakBattery(environment, &steps)
        case .zone: speakZone(state, environment, &steps)
        case .plan: speakPlanPosition(state, environment, &steps)
        case .heartRateVariability: speakHeartRateVariability(state, environment, &steps)
        case .lap: newLap(&state, environment, &steps)
        }
        switch action {
        case .time, .heartRate, .calories, .averageHeartRate, .allMetrics, .heartRateVariability, .pace, .speed, .distance, .cadence,
            .power:
            sayIfPaused(state, environment, &steps)
        case .pauseOrResume, .pause, .resume, .end, .battery, .zone, .plan, .lap, .incline, .faster, .slower: break
        }
    }

    /// A paused workout says so after its values, and since when; under a second ago it is
    /// "just now", never "for 0 seconds".
    private static func sayIfPaused(_ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let active = state.workout, active.engine.isPaused else { return }
        let since = active.pausedAt.map { Int(environment.now.timeIntervalSince($0)) } ?? 0
        guard since > 0 else { return steps.append(.say(.answer, .workoutPausedNow)) }
        steps.append(.say(.answer, .workoutPausedFor, ["duration": environment.words.duration(since)]))
    }

    private static func pause(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard state.workout != nil else { return }
        if state.workout!.engine.isPaused { return steps.append(.say(.answer, .workoutAlreadyPaused)) }
        let now = environment.now
        let progress = state.workout!.engine.advance(to: now)
        record(progress, into: &state.workout!, &steps)
        state.workout!.engine.pause(at: now)
        state.workout!.pausedAt = now
        steps.append(.emit(.store(.summary(state.workout!.summary(.recording)))))
        steps.append(.emit(.store(.flush)))
        steps.append(.say(.answer, .workoutPaused))
        workoutStopsMachine(.pause, &state, environment, &steps)
    }

    private static func resume(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard state.workout != nil else { return }
        if !state.workout!.engine.isPaused { return steps.append(.say(.answer, .workoutAlreadyRunning)) }
        state.workout!.engine.resume(at: environment.now)
        state.workout!.pausedAt = nil
        state.workout!.contact.userTookOver()
        steps.append(.say(.answer, .workoutResumed))
        workoutResumedMachine(&state, environment, &steps)
    }

    /// Stops the clock, writes the workout ended and shows its summary; the strap stays wanted
    /// for two minutes more: the heart rate's recovery is measured.
    private static func end(quitting: Bool, _ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard state.workout != nil else { return }
        let now = environment.now
        let progress = state.workout!.engine.advance(to: now)
        record(progress, into: &state.workout!, &steps)
        state.workout!.engine.pause(at: now)
        let summary = state.workout!.summary(.ended)
        workoutStopsMachine(.stop, &state, environment, &steps)
        steps.append(.emit(.store(.summary(summary))))
        steps.append(.emit(.store(.flush)))
        let lastSeconds = state.workout!.recent
        state.workout = nil
        state.recovery = RecoveryWatch(id: summary.id, endedAt: now, recovery: HeartRateRecovery(lastSeconds: lastSeconds))
        steps.append(.startOver(.summary(summary, quitting: quitting), present: true))
    }

    /// "where" on the workout screen: a pause and why, contact lost, the strap not there.
    private static func whereAmI(_ state: State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard case .workout = environment.screen, let active = state.workout else { return }
        if active.engine.isPaused {
            steps.append(.say(.answer, active.contact.pausedByContact ? .wherePausedContact : .wherePausedYou))
            sayIfPaused(state, environment, &steps)
        } else if active.contact.isLost {
            steps.append(.say(.answer, .whereContactLost))
        }
        switch environment.strap {
        case .lost: steps.append(.say(.answer, .whereStrapLost))
        case .absent: steps.append(.say(.answer, .whereStrapAbsent))
        case .waiting: steps.append(.say(.answer, .whereStrapWaiting))
        case .connected: break
        }
    }

    /// The recent announcements, newest first, each with how long ago it was.
    private static func events(_ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        let recent = environment.events.prefix(10)
        guard !recent.isEmpty else { return steps.append(.say(.answer, .eventsNone)) }
        if recent.count == 1 {
            steps.append(.say(.answer, .eventsCountOne))
        } else {
            steps.append(.say(.answer, .eventsCountOther, ["count": String(recent.count)]))
        }
        let words = environment.words
        for entry in recent {
            let ago = words.duration(Int(environment.now.timeIntervalSince(entry.at)))
            steps.append(.say(.answer, .eventsItem, ["ago": ago, "sentence": entry.text]))
        }
    }

    // MARK: - Time

    private static func tick(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard state.workout != nil else { return }
        let now = environment.now
        watchContact(&state.workout!, now, &steps)
        let progress = state.workout!.engine.advance(to: now)
        record(progress, into: &state.workout!, &steps)
        for sample in progress.samples {
            if let cue = state.workout!.zone?.take(heartRate: sample.heartRate, atSecond: sample.elapsed) {
                zoneCue(cue, environment, &steps)
            }
            if let cues = state.workout!.plan?.cues(atElapsed: sample.elapsed) { planCues(cues, &state, environment, &steps) }
        }
        // A readout comes after an announcement said in the same second, with the values of this
        // moment; one that waits for a question to be answered is said after it while fresh. A
        // split passed while a question or a typed line waits is said when it is done, however
        // late: its time is the split's, not the moment's.
        let free: Bool
        if case .workout = environment.screen, !environment.typingLine { free = true } else { free = false }
        if let passed = progress.distanceReadout { state.unsaidSplit = Training.Split(number: passed.number, split: passed.split) }
        if let passed = state.unsaidSplit, free {
            state.unsaidSplit = nil
            distanceReadout(number: passed.number, split: passed.split, &state, environment, &steps)
            state.lastDistanceReadout = now
            state.heldReadout = nil
            state.pendingReadout = nil
        }
        // Readouts due within a few seconds of each other are one: the split with the metrics.
        if progress.readoutDue {
            if let said = state.lastDistanceReadout, now.timeIntervalSince(said) <= readoutMerge {
                // Said with the split a moment ago.
            } else if let ahead = state.workout!.engine.secondsToDistanceReadout(at: now), ahead <= readoutMerge {
                state.heldReadout = now
            } else {
                state.pendingReadout = now
            }
        }
        if let held = state.heldReadout, now.timeIntervalSince(held) > readoutMerge {
            state.heldReadout = nil
            state.pendingReadout = now
        }
        if let due = state.pendingReadout {
            if now.timeIntervalSince(due) > readoutFreshness {
                state.pendingReadout = nil
            } else if free {
                state.pendingReadout = nil
                readout(&state, environment, &steps)
            }
        }
    }

    /// The strap's contact flag: lost and back are said, and with auto-pause on they pause and
    /// resume the workout.
    private static func watchContact(_ active: inout ActiveWorkout, _ now: Date, _ steps: inout [FeatureStep]) {
        let contact = active.engine.contact(at: now)
        switch active.contact.observe(contact: contact, isPaused: active.engine.isPaused, at: now) {
        case .pause:
            let progress = active.engine.advance(to: now)
            record(progress, into: &active, &steps)
            active.engine.pause(at: now)
            active.pausedAt = now
            steps.append(.emit(.store(.summary(active.summary(.recording)))))
            steps.append(.say(.event, .eventContactLost))
        case .resume:
            active.engine.resume(at: now)
            active.pausedAt = nil
            steps.append(.say(.event, .eventContactBack))
        case .lost:
            steps.append(.say(.event, .eventStrapContactLost))
        case .back:
            steps.append(.say(.event, .eventStrapContactBack))
        case nil:
            break
        }
    }

    /// The seconds recorded since the last: counted into the load, the zones and the lap, and
    /// written.
    static func record(_ progress: WorkoutEngine.Progress, into active: inout ActiveWorkout, _ steps: inout [FeatureStep]) {
        guard !progress.samples.isEmpty else { return }
        let samples = progress.samples
        active.recent = Array((active.recent + samples).suffix(ActiveWorkout.recentSeconds))
        active.trainingLoad += TrainingLoad.trimp(samples, profile: active.loadProfile)
        active.timeInZones.add(samples)
        for sample in samples { active.countLap(sample) }
        steps.append(.emit(.store(.append(samples, workout: active.id))))
    }

    private static func zoneCue(_ cue: ZoneCoach.Cue, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        let bpm = ["bpm": environment.words.beatsPerMinute(cue.heartRate)]
        switch cue.position {
        case .above: steps.append(.say(.event, .eventZoneAbove, bpm))
        case .below: steps.append(.say(.event, .eventZoneBelow, bpm))
        case .inside: steps.append(.say(.event, .eventZoneInside, bpm))
        }
    }

    /// The interval readout: the chosen metrics, each its own sentence.
    private static func readout(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard let metrics = state.workout?.engine.configuration.metrics else { return }
        for metric in metrics { speakMetric(metric, .readout, &state, environment, &steps) }
        machineReadout(state, environment, &steps)
    }

    // MARK: - Sensors

    /// A sensor's event as the workout takes it: the strap's readings and losses, the other
    /// sensors' readings, a machine's heart rate, and the recovery's last heart rate.
    private static func heard(
        _ kind: SensorKind, _ event: SensorEvent, _ state: inout State, _ environment: FeatureEnvironment,
        _ steps: inout [FeatureStep]
    ) {
        let now = environment.now
        if case .sensorReading(let reading) = event, reading.kind != kind {
            // A source that gives movement along with heart rate: its own kind answers for it.
            return heard(reading.kind, event, &state, environment, &steps)
        }
        switch (kind, event) {
        case (.heartRateStrap, .connected):
            state.saidNoStrap = false
        case (.heartRateStrap, .disconnected):
            state.workout?.engine.sensorLost()
        case (.heartRateStrap, .reading(let reading)):
            state.saidNoStrap = false
            if state.workout != nil {
                for notice in state.workout!.engine.receive(reading, at: now) { sayNotice(notice, environment, &steps) }
            }
            if state.recovery != nil, let heartRate = reading.plausibleHeartRate {
                state.recovery!.lastReading = RecoveryWatch.Reading(heartRate: heartRate, at: now)
            }
        case (_, .disconnected):
            // A machine that was connected is heard again: its heart rate is news once more.
            if kind == .fitnessMachine, case .connected = environment.sensors.motion[kind] { state.machine.saidHeartRate = false }
            state.workout?.engine.motionLost(kind)
        case (_, .sensorReading(let reading)):
            if state.workout != nil {
                for notice in state.workout!.engine.receive(reading, at: now) { sayNotice(notice, environment, &steps) }
            }
            if case .machine(let machine) = reading { machineReading(machine, &state, environment, &steps) }
        default:
            break
        }
    }

    /// A notice about a sensor's data, said once a workout (the engine decides when).
    static func sayNotice(_ notice: SensorNotice, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        switch notice {
        case .implausible: steps.append(.say(.notice, .noticeImplausible))
        case .possiblyStuck: steps.append(.say(.notice, .noticeStuck))
        case .implausibleMotion(let kind):
            steps.append(
                .say(.notice, .noticeImplausibleMotion, ["sensor": SensorsFeature.name(of: kind, environment.sensors, environment.words)]))
        }
    }

    // MARK: - Recovery

    /// Measures the recovery at each mark as it passes, says it once as a notice, and writes it
    /// to the workout; after the last mark the strap is let go.
    private static func watchRecovery(_ state: inout State, _ environment: FeatureEnvironment, _ steps: inout [FeatureStep]) {
        guard var watch = state.recovery else { return }
        let now = environment.now
        let words = environment.words
        let seconds = Int(now.timeIntervalSince(watch.endedAt))
        let measuredBefore = watch.measured
        while watch.measured < HeartRateRecovery.marks.count, seconds >= HeartRateRecovery.marks[watch.measured] {
            let mark = HeartRateRecovery.marks[watch.measured]
            let fresh = watch.lastReading.flatMap { now.timeIntervalSince($0.at) <= WorkoutEngine.freshness ? $0.heartRate : nil }
            let minutes = ["minutes": words.duration(mark)]
            if let result = watch.recovery.measured(fresh, secondsAfterEnd: mark) {
                let bpm = ["bpm": words.beatsPerMinute(abs(result.drop))]
                steps.append(.say(.notice, result.drop >= 0 ? .recoveryDrop : .recoveryRise, minutes.merging(bpm) { $1 }))
            } else {
                steps.append(.say(.notice, .recoveryUnknown, minutes))
            }
            watch.measured += 1
        }
        state.recovery = watch
        // Written only when a mark was measured, not at every tick of the two minutes.
        if watch.measured > measuredBefore {
            let drops = watch.recovery.drops
            steps.append(.recovered(workout: watch.id, drops: drops))
            steps.append(.emit(.store(.recovery(workout: watch.id, drops: drops))))
        }
        if watch.measured == HeartRateRecovery.marks.count { finishRecovery(&state, &steps) }
    }

    /// Lets the strap go once the recovery is measured (or another workout starts).
    static func finishRecovery(_ state: inout State, _ steps: inout [FeatureStep]) {
        guard state.recovery != nil else { return }
        state.recovery = nil
        if state.workout == nil { steps.append(.emit(.sensorWanted(false))) }
    }
}

extension HeartRateReading {
    /// The heart rate, when the strap touches the skin and the value is one a heart can have.
    var plausibleHeartRate: Int? {
        contact != .lost && ReadingCheck.heartRates.contains(beatsPerMinute) ? beatsPerMinute : nil
    }
}
