import Foundation

/// The workout being recorded.
struct ActiveWorkout: Sendable {
    var id: Int64
    var engine: WorkoutEngine
    /// Whether the "improves with a profile" sentence was said this workout.
    var saidProfileHint = false
}

extension Heartline {
    mutating func startWorkout(_ configuration: WorkoutConfiguration) {
        storing { store in try store.saveLastConfiguration(configuration) }
        let start = now
        guard let id = storing({ store in try store.beginWorkout(start: start, configuration: configuration) }) else { return }
        let engine = WorkoutEngine(start: now, configuration: configuration, calories: CalorieModel(profile: storedProfile()))
        workout = ActiveWorkout(id: id, engine: engine)
        ended = nil
        quitAfterSummary = false
        stack = [.home, .workout]
        say(.answer, .workoutStarted)
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
        case "pause": pauseWorkout(toggle: false)
        case "resume", "continue": resumeWorkout(toggle: false)
        case "pause or resume": workout?.engine.isPaused == true ? resumeWorkout(toggle: true) : pauseWorkout(toggle: true)
        case "end", "end workout", "stop", "finish":
            stack.append(.confirmEnd(quitting: false))
            presentScreen()
        case "battery": speakBattery()
        case "help": help()
        case "where": say(.answer, .whereYouAre, ["title": title(of: screen)])
        case "repeat": repeatLast()
        case "back", "home", "next", "previous": say(.answer, .homeBusy)
        default: unknown(text, vocabulary: Self.workoutCommands + Self.globalCommands)
        }
    }

    mutating func pauseWorkout(toggle: Bool) {
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

    mutating func resumeWorkout(toggle: Bool) {
        guard workout != nil else { return }
        if workout?.engine.isPaused == false {
            say(.answer, .workoutAlreadyRunning)
            return
        }
        workout?.engine.resume(at: now)
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
        let progress = active.engine.advance(to: now)
        record(progress, into: &active)
        workout = active
        // A question waits for its answer: readouts do not talk over it.
        if progress.readoutDue, screen == .workout {
            readout()
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
            let wasLost = sensor == .lost
            sensor = .connected(name: name)
            if wasLost { say(.event, .eventSensorBack) }
        case .disconnected:
            if case .connected = sensor { say(.event, .eventSensorLost) }
            sensor = .lost
            workout?.engine.sensorLost()
        case .reading(let reading):
            // Data means a connection, whatever was said before; a lost sensor is back.
            if sensor == .lost { say(.event, .eventSensorBack) }
            if case .connected = sensor {} else { sensor = .connected(name: "") }
            workout?.engine.receive(reading, at: now)
        case .battery(let level):
            batteryLevel = level
        case .problem:
            if sensor == .absent { sensor = .waiting }
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
