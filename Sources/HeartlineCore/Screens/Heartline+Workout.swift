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
}

extension Heartline {
    mutating func startWorkout(_ configuration: WorkoutConfiguration) {
        storing { store in try store.saveLastConfiguration(configuration) }
        let start = now
        guard let id = storing({ store in try store.beginWorkout(start: start, configuration: configuration) }) else { return }
        let engine = WorkoutEngine(start: now, configuration: configuration, calories: CalorieModel(profile: storedProfile()))
        workout = ActiveWorkout(
            id: id, engine: engine, zone: configuration.target.map { ZoneCoach(range: $0.range) },
            plan: configuration.plan.map(PlanCoach.init), contact: ContactWatch(isEnabled: autoPauseEnabled))
        ended = nil
        quitAfterSummary = false
        stack = [.home, .workout]
        say(.answer, .workoutStarted)
        // The plan's first phase starts with the workout.
        if var coach = workout?.plan {
            speakPlanCues(coach.cues(atElapsed: 0))
            workout?.plan = coach
        }
        emit(.sensorWanted(true))
    }

    mutating func workoutCommand(_ typed: String) {
        // A single key typed with Enter means what the key means on its own.
        var text = typed
        if typed.count == 1, let command = WorkoutKeys.command(for: typed.first!), command != WorkoutKeys.typeCommand {
            text = command
        }
        switch text {
        case "time", "time elapsed": speakTime(.answer)
        case "heart rate", "hr", "heart": speakHeartRate(.answer)
        case "calories", "calories burned": speakCalories(.answer)
        case "average heart rate", "average": speakAverage(.answer)
        case "all metrics", "all":
            speakTime(.answer)
            speakHeartRate(.answer)
            speakCalories(.answer)
            speakAverage(.answer)
        case "pause": pauseWorkout()
        case "resume", "continue": resumeWorkout()
        case "pause or resume": workout?.engine.isPaused == true ? resumeWorkout() : pauseWorkout()
        case "end", "end workout", "stop", "finish":
            stack.append(.confirmEnd(quitting: false))
            presentScreen()
        case "battery": speakBattery()
        case "zone", "target", "target zone": speakZone()
        case "plan", "where in plan", "round": speakPlanPosition()
        case "events": speakEvents()
        case "help": help()
        case "where": say(.answer, .whereYouAre, ["title": title(of: screen)])
        case "repeat": repeatLast()
        case "back", "home", "next", "previous": say(.answer, .homeBusy)
        default: unknown(text, vocabulary: Self.workoutCommands + Self.globalCommands)
        }
    }

    mutating func pauseWorkout() {
        guard var active = workout else { return }
        if active.engine.isPaused {
            say(.answer, .workoutAlreadyPaused)
            return
        }
        record(active.engine.advance(to: now), into: &active)
        active.engine.pause(at: now)
        workout = active
        let summary = active.engine.summary(id: active.id, state: .recording)
        storing { store in try store.updateSummary(summary) }
        storing { store in try store.flush() }
        say(.answer, .workoutPaused)
    }

    mutating func resumeWorkout() {
        guard workout != nil else { return }
        if workout?.engine.isPaused == false {
            say(.answer, .workoutAlreadyRunning)
            return
        }
        workout?.engine.resume(at: now)
        workout?.contact.userTookOver()
        say(.answer, .workoutResumed)
    }

    /// "Definitely end workout?" answered yes: stop the clock and show the summary.
    mutating func endWorkout() {
        guard var active = workout else { return }
        record(active.engine.advance(to: now), into: &active)
        active.engine.pause(at: now)
        let summary = active.engine.summary(id: active.id, state: .ended)
        storing { store in try store.updateSummary(summary) }
        storing { store in try store.flush() }
        workout = nil
        ended = summary
        emit(.sensorWanted(false))
        stack = [.home, .summary]
        presentScreen()
    }

    /// "Definitely end workout?" answered no: back to the workout as it was, paused or not.
    mutating func keepWorkout() {
        quitAfterSummary = false
        stack.removeLast()
        say(.answer, workout?.engine.isPaused == true ? .workoutContinuesPaused : .workoutContinues)
    }

    mutating func saveEndedWorkout() {
        guard var summary = ended else { return }
        summary.state = .saved
        guard storing({ store in try store.updateSummary(summary) }) != nil else { return }
        storing { store in try store.flush() }
        ended = nil
        say(.answer, .summarySaved)
        leaveSummary()
    }

    mutating func deleteEndedWorkout() {
        guard let summary = ended else { return }
        storing { store in try store.deleteWorkout(summary.id) }
        ended = nil
        say(.answer, .summaryDeleted)
        leaveSummary()
    }

    mutating func keepEndedWorkout() {
        stack.removeLast()
        say(.answer, .summaryKept)
    }

    private mutating func leaveSummary() {
        if quitAfterSummary {
            say(.answer, .quitBye)
            emit(.quit)
            return
        }
        goHome()
    }

    // MARK: - Time and the sensor

    mutating func tick() {
        guard var active = workout else { return }
        let heardBefore = speechCount
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
        workout = active
        // A question waits for its answer, and an event just said wins: the readout is dropped,
        // never queued to be spoken late.
        if progress.readoutDue, screen == .workout, speechCount == heardBefore {
            readout()
        }
    }

    /// Auto-pause and auto-resume on the strap's contact flag.
    private mutating func watchContact(_ active: inout ActiveWorkout) {
        let contact = active.engine.contact(at: now)
        switch active.contact.observe(contact: contact, isPaused: active.engine.isPaused, at: now) {
        case .pause:
            record(active.engine.advance(to: now), into: &active)
            active.engine.pause(at: now)
            let summary = active.engine.summary(id: active.id, state: .recording)
            storing { store in try store.updateSummary(summary) }
            say(.event, .eventContactLost)
        case .resume:
            active.engine.resume(at: now)
            say(.event, .eventContactBack)
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

    mutating func speakPlanCues(_ cues: [PlanCoach.Cue]) {
        for cue in cues {
            switch cue {
            case .phase(let phase):
                let duration = words.duration(phase.duration)
                switch phase.kind {
                case .warmUp: say(.event, .eventPlanWarmUp, ["duration": duration])
                case .work(let round):
                    let rounds = workout?.plan?.plan.rounds ?? round
                    say(.event, .eventPlanWork, ["round": String(round), "rounds": String(rounds), "duration": duration])
                case .rest: say(.event, .eventPlanRest, ["duration": duration])
                case .coolDown: say(.event, .eventPlanCoolDown, ["duration": duration])
                }
            case .countdown(let count):
                say(.event, .eventCountdown, ["count": String(count)])
            case .finished:
                say(.event, .eventPlanFinished)
            }
        }
    }

    mutating func speakZone() {
        guard let active = workout else { return }
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
        guard let active = workout else { return }
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
        case .work(let round): name = words(.planPhaseWork, ["round": String(round), "rounds": String(plan.rounds)])
        case .rest(let round): name = words(.planPhaseRest, ["round": String(round), "rounds": String(plan.rounds)])
        case .coolDown: name = words(.planPhaseCoolDown)
        }
        say(.answer, .answerPlanPosition, ["phase": name, "remaining": words.duration(phase.end - elapsed)])
    }

    /// The recent announcements, newest first, each with how long ago it was.
    mutating func speakEvents() {
        let recent = eventLog.prefix(10)
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
        storing { store in try store.append(samples, to: id) }
    }

    /// The interval readout: the chosen metrics, each its own sentence.
    mutating func readout() {
        guard let active = workout else { return }
        for metric in active.engine.configuration.metrics {
            switch metric {
            case .time: speakTime(.readout)
            case .heartRate: speakHeartRate(.readout)
            case .calories: speakCalories(.readout)
            }
        }
    }

    mutating func sensorEvent(_ event: SensorEvent) {
        switch event {
        case .connected(let name):
            // Back after a drop-out, or working after a problem the user was told about.
            let announce = sensor == .lost || saidSensorProblem
            sensor = .connected(name: name)
            saidSensorProblem = false
            if announce { say(.event, .eventSensorBack) }
        case .disconnected:
            if case .connected = sensor { say(.event, .eventSensorLost) }
            sensor = .lost
            workout?.engine.sensorLost()
        case .reading(let reading):
            // Data means a connection, whatever was said before; a lost sensor is back.
            if sensor == .lost { say(.event, .eventSensorBack) }
            if case .connected = sensor {} else { sensor = .connected(name: "") }
            for notice in workout?.engine.receive(reading, at: now) ?? [] {
                say(.notice, notice == .implausible ? .noticeImplausible : .noticeStuck)
            }
        case .battery(let level):
            batteryLevel = level
            if level <= Self.batteryLowPercent, !warnedBatteryLow {
                warnedBatteryLow = true
                say(.answer, .answerBatteryLow, ["percent": String(level)])
            }
        case .problem(let problem):
            sayProblem(problem)
        }
    }

    // MARK: - Answers

    mutating func speakTime(_ kind: SpeechKind) {
        guard let active = workout else { return }
        say(kind, .answerTime, ["duration": words.duration(Int(active.engine.elapsed(at: now)))])
    }

    mutating func speakHeartRate(_ kind: SpeechKind) {
        guard let active = workout else { return }
        switch sensor {
        case .absent, .lost:
            say(kind, .answerHeartRateNotConnected)
            return
        case .waiting, .connected:
            break
        }
        switch active.engine.currentHeartRate(at: now) {
        case .beats(let beats): say(kind, .answerHeartRate, ["bpm": words.beatsPerMinute(beats)])
        case .noContact: say(kind, .answerHeartRateNoContact)
        case .stale(let seconds): say(kind, .answerHeartRateStale, ["seconds": words.duration(seconds)])
        case .none:
            if case .connected = sensor {
                say(kind, .answerHeartRateWaiting)
            } else {
                say(kind, .answerHeartRateNotConnected)
            }
        }
    }

    mutating func speakCalories(_ kind: SpeechKind) {
        guard let active = workout else { return }
        guard let calories = active.engine.caloriesBurned else {
            say(kind, .answerCaloriesUnknown)
            return
        }
        say(kind, .answerCalories, ["calories": words.kilocalories(calories)])
        if !active.engine.calories.usesProfile, !active.saidProfileHint, kind == .answer {
            workout?.saidProfileHint = true
            say(kind, .answerCaloriesNoProfile)
        }
    }

    mutating func speakAverage(_ kind: SpeechKind) {
        guard let active = workout else { return }
        if let average = active.engine.averageHeartRate {
            say(kind, .answerAverage, ["bpm": words.beatsPerMinute(average)])
        } else {
            say(kind, .answerAverageUnknown)
        }
    }

    mutating func speakBattery() {
        if let batteryLevel {
            say(.answer, .answerBattery, ["percent": String(batteryLevel)])
        } else {
            say(.answer, .answerBatteryUnknown)
        }
        emit(.requestBattery)
    }
}
