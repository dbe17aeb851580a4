import Foundation

/// The workout being recorded.
struct ActiveWorkout: Sendable {
    var id: Int64
    var engine: WorkoutEngine
    var zone: ZoneCoach?
    var plan: PlanCoach?
    var contact: ContactWatch
    /// Whether the "improves with a profile" sentence was said this workout.
    var saidProfileHint = false
    /// When the workout was paused, by the user or by the strap's contact.
    var pausedAt: Date?
    /// The last minute of samples, for heart-rate variability.
    var recent: [Sample] = []
    /// The lap running: its number, the active second it began at, and its heart rates.
    var lap = Lap()

    struct Lap: Sendable {
        var number = 1
        var start = 0
        var heartRates: [Int] = []
    }

    static let recentSeconds = 60

    /// Banister's TRIMP so far, with the profile read when the workout started.
    var trainingLoad = 0.0
    var loadProfile = Profile() {
        didSet { timeInZones = TimeInZones(zones: HeartRateZones(profile: loadProfile)) }
    }
    /// Seconds in each zone so far, with the zones of the profile read when it started.
    var timeInZones = TimeInZones(zones: HeartRateZones(profile: Profile()))
    /// The active seconds at which the user began a new lap.
    var lapMarks: [Int] = []

    /// The engine's totals with the training load, the time in zones and the laps.
    func summary(_ state: WorkoutState) -> WorkoutSummary {
        var summary = engine.summary(id: id, state: state)
        summary.trainingLoad = trainingLoad
        summary.timeInZones = timeInZones
        summary.laps = lapMarks
        return summary
    }

    /// Counts a recorded second into the lap running; a plan phase that begins after it begins a
    /// new lap, as the exports cut them.
    mutating func countLap(_ sample: Sample) {
        if let heartRate = sample.heartRate { lap.heartRates.append(heartRate) }
        let byPlan = engine.configuration.plan.map { Laps.planBoundaries($0).contains(sample.elapsed) } ?? false
        if byPlan || (engine.configuration.plan == nil && engine.distanceLaps.contains(sample.elapsed)) {
            lap = Lap(number: lap.number + 1, start: sample.elapsed)
        }
    }
}

/// The two minutes after an end: the strap is still heard, and the heart rate's fall is measured
/// at 1 and 2 minutes from the mean of the last 10 seconds before the end.
struct RecoveryWatch: Sendable {
    var id: Int64
    var endedAt: Date
    var recovery: HeartRateRecovery
    /// The last plausible heart rate and when it came.
    var lastReading: (heartRate: Int, at: Date)?
    /// The marks (indexes into `HeartRateRecovery.marks`) already measured.
    var measured = 0
}

extension Heartline {
    mutating func startWorkout(_ configuration: WorkoutConfiguration) {
        write(.lastConfiguration(configuration))
        records.lastConfiguration = configuration
        let id = records.nextWorkoutID
        records.nextWorkoutID += 1
        write(.begin(id: id, start: now, configuration: configuration))
        let profile = records.profile
        let engine = WorkoutEngine(start: now, configuration: configuration, calories: CalorieModel(profile: profile))
        training.workout = ActiveWorkout(
            id: id, engine: engine, zone: configuration.target.map { ZoneCoach(range: $0.range) },
            plan: configuration.plan.map(PlanCoach.init), contact: ContactWatch(isEnabled: autoPauseEnabled))
        training.workout?.loadProfile = profile
        let calibration = footpodCalibration
        training.workout?.engine.footpodCalibration = calibration
        finishRecovery()
        stack = [.home, .workout]
        say(.answer, .workoutStarted)
        sayIfNoStrap()
        // The plan's first phase starts with the workout.
        if var coach = training.workout?.plan {
            speakPlanCues(coach.cues(atElapsed: 0))
            training.workout?.plan = coach
        }
        emit(.sensorWanted(true))
    }

    /// Once per workout: no strap is connected, so heart rate and calories will be unknown.
    mutating func sayIfNoStrap() {
        if case .connected = sensors.strap { return }
        say(.answer, .workoutNoStrap)
        training.saidNoStrap = true
    }

    mutating func workoutAction(_ action: WorkoutAction) {
        switch action {
        case .time: speakTime(.answer)
        case .heartRate: speakHeartRate(.answer)
        case .calories: speakCalories(.answer)
        case .averageHeartRate: speakAverage(.answer)
        case .allMetrics:
            speakTime(.answer)
            speakHeartRate(.answer)
            speakCalories(.answer)
            speakAverage(.answer)
            // The sport's own metrics, each its own sentence.
            let sport = training.workout?.engine.configuration.sport ?? .other
            for metric in Metric.offered(for: sport) where !Metric.offered(for: .other).contains(metric) {
                speakMotion(metric, .answer)
            }
        case .pace: speakMotion(.pace, .answer)
        case .speed: speakMotion(.speed, .answer)
        case .distance: speakMotion(.distance, .answer)
        case .cadence: speakMotion(.cadence, .answer)
        case .power: speakMotion(.power, .answer)
        case .incline: speakIncline(.answer)
        case .faster: stepMachine(up: true)
        case .slower: stepMachine(up: false)
        case .pause: pauseWorkout()
        case .resume: resumeWorkout()
        case .pauseOrResume: training.workout?.engine.isPaused == true ? resumeWorkout() : pauseWorkout()
        case .end:
            stack.append(.question(.endWorkout(quitting: false)))
            ask(.endWorkout(quitting: false), again: false)
        case .battery: speakBattery()
        case .zone: speakZone()
        case .plan: speakPlanPosition()
        case .heartRateVariability: speakHeartRateVariability()
        case .lap: newLap()
        }
        switch action {
        case .time, .heartRate, .calories, .averageHeartRate, .allMetrics, .heartRateVariability, .pace, .speed, .distance, .cadence,
            .power:
            sayIfPaused()
        case .pauseOrResume, .pause, .resume, .end, .battery, .zone, .plan, .lap, .incline, .faster, .slower: break
        }
    }

    /// A paused workout says so after its values, and since when; under a second ago it is
    /// "just now", never "for 0 seconds".
    mutating func sayIfPaused() {
        guard let active = training.workout, active.engine.isPaused else { return }
        let since = active.pausedAt.map { Int(now.timeIntervalSince($0)) } ?? 0
        guard since > 0 else { return say(.answer, .workoutPausedNow) }
        say(.answer, .workoutPausedFor, ["duration": words.duration(since)])
    }

    mutating func pauseWorkout() {
        guard var active = training.workout else { return }
        if active.engine.isPaused {
            say(.answer, .workoutAlreadyPaused)
            return
        }
        record(active.engine.advance(to: now), into: &active)
        active.engine.pause(at: now)
        active.pausedAt = now
        training.workout = active
        write(.summary(active.summary(.recording)))
        write(.flush)
        say(.answer, .workoutPaused)
        workoutStopsMachine(.pause)
    }

    mutating func resumeWorkout() {
        guard training.workout != nil else { return }
        if training.workout?.engine.isPaused == false {
            say(.answer, .workoutAlreadyRunning)
            return
        }
        training.workout?.engine.resume(at: conversation.now)
        training.workout?.pausedAt = nil
        training.workout?.contact.userTookOver()
        say(.answer, .workoutResumed)
        workoutResumedMachine()
    }

    /// "Definitely end workout?" answered yes: stop the clock and show the summary.
    mutating func endWorkout(quitting: Bool) {
        guard var active = training.workout else { return }
        record(active.engine.advance(to: now), into: &active)
        active.engine.pause(at: now)
        let summary = active.summary(.ended)
        workoutStopsMachine(.stop)
        write(.summary(summary))
        write(.flush)
        training.workout = nil
        // The strap stays wanted for two minutes more: the heart rate's recovery is measured.
        training.recovery = RecoveryWatch(id: summary.id, endedAt: now, recovery: HeartRateRecovery(lastSeconds: active.recent))
        stack = [.home, .summary(summary, quitting: quitting)]
        presentScreen()
    }

    /// "Definitely end workout?" answered no: back to the workout as it was, paused or not.
    mutating func keepWorkout() {
        stack.removeLast()
        say(.answer, training.workout?.engine.isPaused == true ? .workoutContinuesPaused : .workoutContinues)
    }

    // MARK: - Time and the sensor

    mutating func tick() {
        watchRecovery()
        resting(.tick)
        guard var active = training.workout else { return }
        watchContact(&active)
        let progress = active.engine.advance(to: now)
        record(progress, into: &active)
        for sample in progress.samples {
            if var zone = active.zone {
                if let cue = zone.take(heartRate: sample.heartRate, atSecond: sample.elapsed) { speakZoneCue(cue) }
                active.zone = zone
            }
            if var plan = active.plan {
                speakPlanCues(plan.cues(atElapsed: sample.elapsed))
                active.plan = plan
            }
        }
        training.workout = active
        // A readout comes after an announcement said in the same second, with the values of this
        // moment; one that waits for a question to be answered is said after it while fresh. A
        // split passed while a question or a typed line waits is said when it is done, however
        // late: its time is the split's, not the moment's.
        if let passed = progress.distanceReadout { training.unsaidSplit = passed }
        if let passed = training.unsaidSplit, case .workout = screen, !conversation.keyboard.typingLine {
            training.unsaidSplit = nil
            distanceReadout(number: passed.number, split: passed.split)
            training.lastDistanceReadout = now
            training.heldReadout = nil
            training.pendingReadout = nil
        }
        // Readouts due within a few seconds of each other are one: the split with the metrics.
        if progress.readoutDue {
            if let said = training.lastDistanceReadout, now.timeIntervalSince(said) <= Self.readoutMerge {
                // Said with the split a moment ago.
            } else if let ahead = active.engine.secondsToDistanceReadout(at: now), ahead <= Self.readoutMerge {
                training.heldReadout = now
            } else {
                training.pendingReadout = now
            }
        }
        if let held = training.heldReadout, now.timeIntervalSince(held) > Self.readoutMerge {
            training.heldReadout = nil
            training.pendingReadout = now
        }
        if let due = training.pendingReadout {
            if now.timeIntervalSince(due) > Self.readoutFreshness {
                training.pendingReadout = nil
            } else if case .workout = screen, !conversation.keyboard.typingLine {
                training.pendingReadout = nil
                readout()
            }
        }
    }

    /// How late a readout may still be said: its values are those of the moment it is said.
    static let readoutFreshness: TimeInterval = 3

    /// How far apart an interval readout and a distance readout may fall and still be said once.
    static let readoutMerge: TimeInterval = 5

    /// The strap's contact flag: lost and back are said, and with auto-pause on they pause and
    /// resume the workout.
    private mutating func watchContact(_ active: inout ActiveWorkout) {
        let contact = active.engine.contact(at: now)
        switch active.contact.observe(contact: contact, isPaused: active.engine.isPaused, at: now) {
        case .pause:
            record(active.engine.advance(to: now), into: &active)
            active.engine.pause(at: now)
            active.pausedAt = now
            write(.summary(active.summary(.recording)))
            say(.event, .eventContactLost)
        case .resume:
            active.engine.resume(at: now)
            active.pausedAt = nil
            say(.event, .eventContactBack)
        case .lost:
            say(.event, .eventStrapContactLost)
        case .back:
            say(.event, .eventStrapContactBack)
        case nil:
            break
        }
    }

    private mutating func speakZoneCue(_ cue: ZoneCoach.Cue) {
        let bpm = ["bpm": words.beatsPerMinute(cue.heartRate)]
        switch cue.position {
        case .above: say(.event, .eventZoneAbove, bpm)
        case .below: say(.event, .eventZoneBelow, bpm)
        case .inside: say(.event, .eventZoneInside, bpm)
        }
    }

    mutating func speakZone() {
        guard let active = training.workout else { return }
        guard let zone = active.zone else {
            say(.answer, .answerZoneNone)
            return
        }
        let range = ["range": words(.targetRange, ["low": String(zone.range.low), "high": String(zone.range.high)])]
        switch zone.position {
        case .inside: say(.answer, .answerZoneInside, range)
        case .above: say(.answer, .answerZoneAbove, range)
        case .below: say(.answer, .answerZoneBelow, range)
        case nil: say(.answer, .answerZoneUnknown, range)
        }
    }

    mutating func speakPlanPosition() {
        guard let active = training.workout else { return }
        guard let plan = active.plan?.plan else {
            say(.answer, .answerPlanNone)
            return
        }
        let elapsed = Int(active.engine.elapsed(at: now))
        guard let phase = plan.phase(at: elapsed) else {
            say(.answer, .answerPlanFinished)
            return
        }
        let name: String
        switch phase.kind {
        case .warmUp: name = words(.planPhaseWarmUp)
        case .work(let round): name = words(.planPhaseWork, ["round": String(round), "rounds": String(phase.rounds)])
        case .rest(let round): name = words(.planPhaseRest, ["round": String(round), "rounds": String(phase.rounds)])
        case .coolDown: name = words(.planPhaseCoolDown)
        }
        say(.answer, .answerPlanPosition, ["phase": name, "remaining": words.duration(phase.end - elapsed)])
    }

    /// The recent announcements, newest first, each with how long ago it was.
    mutating func speakEvents() {
        let recent = conversation.eventLog.prefix(10)
        guard !recent.isEmpty else {
            say(.answer, .eventsNone)
            return
        }
        if recent.count == 1 {
            say(.answer, .eventsCountOne)
        } else {
            say(.answer, .eventsCountOther, ["count": String(recent.count)])
        }
        for entry in recent {
            say(.answer, .eventsItem, ["ago": words.duration(Int(now.timeIntervalSince(entry.at))), "sentence": entry.text])
        }
    }

    mutating func record(_ progress: WorkoutEngine.Progress, into active: inout ActiveWorkout) {
        guard !progress.samples.isEmpty else { return }
        let id = active.id
        let samples = progress.samples
        active.recent = Array((active.recent + samples).suffix(ActiveWorkout.recentSeconds))
        active.trainingLoad += TrainingLoad.trimp(samples, profile: active.loadProfile)
        active.timeInZones.add(samples)
        for sample in samples { active.countLap(sample) }
        write(.append(samples, workout: id))
    }

    /// The interval readout: the chosen metrics, each its own sentence.
    mutating func readout() {
        guard let active = training.workout else { return }
        for metric in active.engine.configuration.metrics { speakMetric(metric, .readout) }
        machineReadout()
    }

    mutating func sensorEvent(_ event: SensorEvent) {
        switch event {
        case .connected(let name):
            if sensors.strapConnected(name, awaited: training.awaitsStrap) { say(.event, .eventSensorBack) }
            training.saidNoStrap = false
        case .disconnected:
            if sensors.strapLost() { say(.event, .eventSensorLost) }
            training.workout?.engine.sensorLost()
        case .reading(let reading):
            if sensors.strapSent(awaited: training.awaitsStrap) { say(.event, .eventSensorBack) }
            training.saidNoStrap = false
            let now = now
            for notice in training.workout?.engine.receive(reading, at: now) ?? [] { sayNotice(notice) }
            resting(.reading(reading))
            if training.recovery != nil, let heartRate = reading.plausibleHeartRate {
                training.recovery?.lastReading = (heartRate, conversation.now)
            }
        case .battery(let level):
            if sensors.battery(level, lowAt: Self.batteryLowPercent) { say(.answer, .answerBatteryLow, ["percent": String(level)]) }
        case .problem(let problem):
            sensorSettings(.problem(problem))
        case .sensorReading(let reading):
            // A source that gives movement along with heart rate: its own kind answers for it.
            motionSensorEvent(reading.kind, event)
        case .identified(let strap, let manufacturer, let model):
            sensorSettings(.identified(strap: strap, manufacturer: manufacturer, model: model))
        case .machine:
            break
        case .pairing:
            // Once: a strap that asks again at each connection is no news after the first.
            if sensors.pairingAsked() { say(.notice, .sensorPairing) }
        }
    }

    // MARK: - Answers

    mutating func speakTime(_ kind: SpeechKind) {
        guard let active = training.workout else { return }
        say(kind, .answerTime, ["duration": words.duration(Int(active.engine.elapsed(at: now)))])
    }

    mutating func speakHeartRate(_ kind: SpeechKind) {
        guard let active = training.workout else { return }
        switch sensors.strap {
        case .absent, .lost:
            // Without a strap, a fitness machine's own heart rate may stand in (`machineReading`).
            guard sensors.machine.saidHeartRate else {
                say(kind, .answerHeartRateNotConnected)
                return
            }
        case .waiting, .connected:
            break
        }
        switch active.engine.currentHeartRate(at: now) {
        case .beats(let beats): say(kind, .answerHeartRate, ["bpm": words.beatsPerMinute(beats)])
        case .noContact: say(kind, .answerHeartRateNoContact)
        case .stale(let seconds): say(kind, .answerHeartRateStale, ["seconds": words.duration(seconds)])
        case .none:
            if case .connected = sensors.strap {
                say(kind, .answerHeartRateWaiting)
            } else {
                say(kind, .answerHeartRateNotConnected)
            }
        }
    }

    mutating func speakCalories(_ kind: SpeechKind) {
        guard let active = training.workout else { return }
        guard let calories = active.engine.caloriesBurned else {
            say(kind, .answerCaloriesUnknown)
            return
        }
        say(kind, .answerCalories, ["calories": words.kilocalories(calories)])
        if !active.engine.calories.usesProfile, !active.saidProfileHint, kind == .answer {
            training.workout?.saidProfileHint = true
            say(kind, .answerCaloriesNoProfile)
        }
    }

    mutating func speakAverage(_ kind: SpeechKind) {
        guard let active = training.workout else { return }
        if let average = active.engine.averageHeartRate {
            say(kind, .answerAverage, ["bpm": words.beatsPerMinute(average)])
        } else {
            say(kind, .answerAverageUnknown)
        }
    }

    /// RMSSD over the last minute's beat intervals, with the artefacts when too many were removed.
    mutating func speakHeartRateVariability() {
        guard let active = training.workout else { return }
        guard let hrv = HeartRateVariability.measure(HeartRateVariability.milliseconds(of: active.recent)) else {
            say(.answer, .answerHrvUnknown)
            return
        }
        carryOut(FeatureStep.variability(hrv, .answer, reliable: .answerHrv, words))
    }

    /// Ends the lap running with its readout, one metric per sentence, and starts the next.
    /// One lap, one metric per sentence: "Lap 3, 5 minutes and 2 seconds." then its average
    /// heart rate, or that it is unknown. The lap key and a saved workout's Laps say it alike.
    mutating func sayLap(_ number: Int, seconds: Int, heartRates: [Int]) {
        carryOut(FeatureStep.lap(number, seconds: seconds, heartRates: heartRates, words))
    }

    mutating func newLap() {
        guard var active = training.workout else { return }
        record(active.engine.advance(to: now), into: &active)
        let elapsed = Int(active.engine.elapsed(at: now))
        let lap = active.lap
        sayLap(lap.number, seconds: elapsed - lap.start, heartRates: lap.heartRates)
        // A second press within the same second reads the new lap again rather than making an
        // empty one.
        if elapsed > lap.start {
            active.lap = ActiveWorkout.Lap(number: lap.number + 1, start: elapsed)
            active.lapMarks.append(elapsed)
            // Written now, so a crash keeps the lap.
            write(.summary(active.summary(.recording)))
        }
        training.workout = active
    }

    /// Measures the recovery at each mark as it passes, says it once as a notice, and writes it
    /// to the workout; after the last mark the strap is let go.
    mutating func watchRecovery() {
        guard var watch = training.recovery else { return }
        let seconds = Int(now.timeIntervalSince(watch.endedAt))
        let measuredBefore = watch.measured
        while watch.measured < HeartRateRecovery.marks.count, seconds >= HeartRateRecovery.marks[watch.measured] {
            let mark = HeartRateRecovery.marks[watch.measured]
            let fresh = watch.lastReading.flatMap { now.timeIntervalSince($0.at) <= WorkoutEngine.freshness ? $0.heartRate : nil }
            let minutes = ["minutes": words.duration(mark)]
            if let result = watch.recovery.measured(fresh, secondsAfterEnd: mark) {
                let bpm = ["bpm": words.beatsPerMinute(abs(result.drop))]
                say(.notice, result.drop >= 0 ? .recoveryDrop : .recoveryRise, minutes.merging(bpm) { $1 })
            } else {
                say(.notice, .recoveryUnknown, minutes)
            }
            watch.measured += 1
        }
        training.recovery = watch
        // Written only when a mark was measured, not at every tick of the two minutes.
        if watch.measured > measuredBefore { storeRecovery(watch) }
        if watch.measured == HeartRateRecovery.marks.count { finishRecovery() }
    }

    /// Writes the drops measured so far to the workout, and to the summary on screen.
    private mutating func storeRecovery(_ watch: RecoveryWatch) {
        let drops = watch.recovery.drops
        for index in stack.indices {
            if case .summary(var summary, let quitting) = stack[index], summary.id == watch.id, summary.recovery != drops {
                summary.recovery = drops
                stack[index] = .summary(summary, quitting: quitting)
            }
        }
        write(.recovery(workout: watch.id, drops: drops))
    }

    /// Lets the strap go once the recovery is measured (or another workout starts).
    mutating func finishRecovery() {
        guard training.recovery != nil else { return }
        training.recovery = nil
        if training.workout == nil { emit(.sensorWanted(false)) }
    }

    mutating func speakBattery() {
        if let batteryLevel = sensors.batteryLevel {
            say(.answer, .answerBattery, ["percent": String(batteryLevel)])
        } else {
            say(.answer, .answerBatteryUnknown)
        }
        emit(.requestBattery)
    }
}

extension HeartRateReading {
    /// The heart rate, when the strap touches the skin and the value is one a heart can have.
    var plausibleHeartRate: Int? {
        contact != .lost && ReadingCheck.heartRates.contains(beatsPerMinute) ? beatsPerMinute : nil
    }
}
