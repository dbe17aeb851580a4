import Foundation

/// The summary after a workout ends: its totals, saving it (and uploading it), deleting it, and
/// how an upload went. The workout on screen is read from the screen on top; the feature keeps
/// only the workout "Upload and save workout" is saving, to be uploaded once saved.
enum SummaryFeature: Feature {
    struct State: Equatable, Sendable {
        /// The workout being saved to be uploaded once saved.
        var uploadAfterSave: Int64?
    }

    enum Action: Sendable {
        /// Says the summary: its title, the totals, then its items.
        case present
        case save
        /// "Upload and save workout": saved as "Save workout" is, then uploaded.
        case saveAndUpload
        /// A save went through: what still waits in memory for space, and why writing failed.
        case saved(Int64, UnwrittenWork, failure: StorageError?)
        /// The answer to "Delete this workout?" on the summary.
        case deleteAnswered(WorkoutSummary, quitting: Bool, yes: Bool)
        /// How an upload went; `waited`: it was queued by an earlier try or an earlier run.
        case uploaded(UploadResult, waited: Bool)
        /// Back or home: the workout is saved or deleted first.
        case leave
        /// Quit: the workout is saved or deleted first, unless the disk refuses writes.
        case quit
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch action {
        case .present:
            guard case .summary(let summary, _) = environment.screen else { return [] }
            let title = environment.words(.titleSummary)
            return [.say(.menu, .menuTitle, ["title": title])] + totals(of: summary, .menu, environment) + [.sayItems]
        case .save:
            guard case .summary(var summary, _) = environment.screen else { return [] }
            summary.state = .saved
            // Queued with the save itself: "Workout saved." then means the upload is owed.
            let upload = environment.settings.upload || state.uploadAfterSave == summary.id
            return [.emit(.store(.save(summary, upload: upload)))]
        case .saveAndUpload:
            guard case .summary(let summary, _) = environment.screen else { return [] }
            state.uploadAfterSave = summary.id
            return reduce(&state, .save, environment)
        case .saved(let id, let unwritten, let failure):
            guard case .summary(let summary, let quitting) = environment.screen, summary.id == id else { return [] }
            return saved(summary, unwritten: unwritten, failure: failure, &state, environment) + leave(quitting: quitting)
        case .deleteAnswered(let summary, let quitting, let yes):
            guard yes else { return [.leave(screens: 1, showing: false), .say(.answer, .summaryKept)] }
            return [.emit(.store(.delete(summary.id))), .say(.answer, .summaryDeleted)] + leave(quitting: quitting)
        case .uploaded(let result, let waited):
            return uploaded(result, waited: waited)
        case .leave:
            return [.say(.answer, .summaryFirst)]
        case .quit:
            // With the disk full the workout cannot be saved: leaving is asked, not refused.
            return environment.writeFailure == nil ? [.say(.answer, .summaryFirst)] : [.leaveHeartline]
        }
    }

    /// "Save" always answers, and only what is true: saved, or held in memory for space.
    private static func saved(
        _ summary: WorkoutSummary, unwritten: UnwrittenWork, failure: StorageError?, _ state: inout State,
        _ environment: FeatureEnvironment
    ) -> [FeatureStep] {
        guard unwritten.isEmpty else {
            // Held in memory, it is not uploaded now; "upload" on its details sends it later.
            state.uploadAfterSave = nil
            let trouble = StorageTrouble(failure ?? environment.writeFailure ?? StorageError.diskFull)
            return [.troubleSaid(trouble), .say(.answer, trouble == .diskFull ? .savePending : .savePendingFailing)]
        }
        var steps: [FeatureStep] = []
        if let failure, environment.storageTrouble == nil { steps.append(.troubleSaid(StorageTrouble(failure))) }
        steps.append(.say(.answer, .summarySaved))
        let formats = environment.settings.autoExport
        if !formats.isEmpty { steps.append(.emit(.autoExport(summary.id, formats))) }
        // A saved workout goes to the service when upload is on or was asked for.
        let asked = state.uploadAfterSave == summary.id
        state.uploadAfterSave = nil
        if environment.settings.upload || asked { steps.append(.emit(.upload(summary.id))) }
        return steps
    }

    /// Leaves the summary for home; quitting, leaves Heartline, asking first if workout seconds
    /// wait in memory.
    private static func leave(quitting: Bool) -> [FeatureStep] {
        guard quitting else { return [.goHome] }
        return [.emit(.store(.flush)), .emit(.load(StorageRequest(query: .unwritten, purpose: .leave([.home]))))]
    }

    /// Says how an upload went. One that waited from an earlier try is said only once done: its
    /// failure was said when it was first tried.
    private static func uploaded(_ result: UploadResult, waited: Bool) -> [FeatureStep] {
        if waited { return result == .uploaded ? [.say(.notice, .uploadWaitingDone)] : [] }
        let prompt: Prompt =
            switch result {
            case .uploaded: .uploadDone
            case .noAnswer: .uploadNoAnswer
            case .serverFailed: .uploadServerFailed
            case .noConnection: .uploadNoConnection
            case .keyRefused: .uploadKeyRefused
            case .fileRefused: .uploadFileRefused
            case .notSetUp: .uploadNotSetUp
            case .keyFileOpen: .uploadKeyOpen
            case .keyFileLink: .uploadKeyLink
            case .keyFileNotPlain: .uploadKeyNotPlain
            case .redirected: .uploadRedirected
            case .unreadable: .uploadUnreadable
            }
        return [.say(.notice, prompt)]
    }

    // MARK: - Items

    static func items(_ summary: WorkoutSummary, quitting: Bool, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        return [
            MenuItem(label: words(.summarySave), action: .saveWorkout),
            MenuItem(label: words(.summaryDelete), action: .ask(.deleteEnded(summary, quitting: quitting))),
            MenuItem(label: words(.itemTimeInZones), action: .timeInZones(summary.id)),
        ] + ReviewFeature.lapsItem(summary, words) + calibrateItem(summary, environment) + [
            MenuItem(label: words(.summaryUpload), action: .saveAndUpload)
        ]
    }

    /// "Calibrate the footpod with this distance", on a run's summary that has a distance, when
    /// a footpod was heard this run (a treadmill's distance is its own, not the footpod's).
    static func calibrateItem(_ workout: WorkoutSummary, _ environment: FeatureEnvironment) -> [MenuItem] {
        guard workout.configuration.sport == .running, (workout.distance ?? 0) > 0, environment.footpodHeard else { return [] }
        return [MenuItem(label: environment.words(.itemCalibrate), action: .open(.calibrationEntry(workout)))]
    }

    // MARK: - Totals

    /// A workout's totals, one sentence each, as the summary and a saved workout's details say
    /// them: total time, average and maximum heart rate, calories, the recovery, the movement
    /// totals and the training load.
    static func totals(of workout: WorkoutSummary, _ kind: SpeechKind, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        var steps: [FeatureStep] = [.say(kind, .summaryTotalTime, ["duration": words.duration(workout.duration)])]
        if let average = workout.averageHeartRate {
            steps.append(.say(kind, .answerAverage, ["bpm": words.beatsPerMinute(average)]))
        } else {
            steps.append(.say(kind, .answerAverageUnknown))
        }
        if let maximum = workout.maximumHeartRate {
            steps.append(.say(kind, .answerMaximum, ["bpm": words.beatsPerMinute(maximum)]))
        } else {
            steps.append(.say(kind, .answerMaximumUnknown))
        }
        if let calories = workout.calories {
            steps.append(.say(kind, .answerCalories, ["calories": words.kilocalories(calories)]))
        } else {
            steps.append(.say(kind, .answerCaloriesUnknown))
        }
        for (index, drop) in workout.recovery.enumerated() {
            guard let drop else { continue }
            let change = words(drop >= 0 ? .historyRecoveryDown : .historyRecoveryUp, ["bpm": words.beatsPerMinute(abs(drop))])
            steps.append(.say(kind, .summaryRecovery, ["minutes": words.duration(HeartRateRecovery.marks[index]), "bpm": change]))
        }
        steps += motionTotals(of: workout, kind, environment)
        if let load = workout.trainingLoad {
            steps.append(.say(kind, .summaryTrainingLoad, ["points": words.loadPoints(Int(load.rounded()))]))
        }
        return steps
    }

    /// The movement totals of a workout, after its heart-rate totals: distance, average pace or
    /// speed, cadence and power, each said only when known.
    static func motionTotals(of workout: WorkoutSummary, _ kind: SpeechKind, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let sport = workout.configuration.sport
        guard sport != .other else { return [] }
        let words = environment.words
        let unit = environment.settings.units
        var steps: [FeatureStep] = []
        if let distance = workout.distance, distance > 0, workout.duration > 0 {
            steps.append(.say(kind, .summaryDistance, ["distance": words.distance(distance, in: unit)]))
            let speed = distance / Double(workout.duration)
            if sport == .running, speed >= Heartline.movingSpeed {
                steps.append(.say(kind, .summaryAveragePace, ["pace": words.pace(speed, in: unit), "unit": words.unitName(unit)]))
            } else if sport == .cycling {
                steps.append(.say(kind, .summaryAverageSpeed, ["speed": words.speed(speed, in: unit)]))
            } else if sport == .rowing, let split = Heartline.split(nil, speed: speed) {
                steps.append(.say(kind, .summaryAverageSplit, ["duration": words.duration(split)]))
            }
        }
        if sport == .rowing, let rate = workout.averageCadence {
            steps.append(.say(kind, .summaryAverageStrokeRate, ["rate": words.number(rate)]))
        } else if let cadence = workout.averageCadence {
            let prompt: Prompt = sport == .running ? .summaryAverageCadenceRunning : .summaryAverageCadenceCycling
            steps.append(.say(kind, prompt, ["cadence": words.number(cadence)]))
        }
        if let power = workout.averagePower { steps.append(.say(kind, .summaryAveragePower, ["power": words.number(power)])) }
        return steps
    }
}
