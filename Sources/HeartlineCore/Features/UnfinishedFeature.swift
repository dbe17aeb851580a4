import Foundation

/// Workouts left behind by a crash, a power cut or a killed process: offered at the next start,
/// newest first, to resume, save or discard. Nothing is thrown away without a confirmation.
enum UnfinishedFeature: Feature {
    /// The workouts a crash left, not yet resumed, saved or discarded; newest first.
    typealias State = [UnfinishedWorkout]

    enum Action: Sendable {
        case resume(WorkoutSummary)
        case save(WorkoutSummary)
        /// The save of the workout on screen went through.
        case saved(Int64)
        /// The answer to "Discard this workout?".
        case discardAnswered(WorkoutSummary, yes: Bool)
    }

    /// The newest workout left behind, if any, with its totals rebuilt.
    static func next(_ state: State, _ environment: FeatureEnvironment) -> WorkoutSummary? {
        state.first.map { summary(of: $0, profile: environment.profile) }
    }

    /// The unfinished workout's totals, rebuilt from its samples: the stored totals may predate
    /// the last seconds written before the crash.
    static func summary(of unfinished: UnfinishedWorkout, profile: Profile) -> WorkoutSummary {
        let samples = unfinished.samples
        var summary = unfinished.summary.recomputed(from: samples, calories: CalorieModel(profile: profile))
        if !samples.isEmpty { summary.trainingLoad = TrainingLoad.trimp(samples, profile: profile) }
        summary.timeInZones = TimeInZones(samples, zones: HeartRateZones(profile: profile))
        return summary
    }

    /// The workout recording again from its totals and the samples written before the crash.
    static func resumed(_ summary: WorkoutSummary, samples: [Sample], _ environment: FeatureEnvironment) -> ActiveWorkout {
        let profile = environment.profile
        var engine = WorkoutEngine(resuming: summary, samples: samples, calories: CalorieModel(profile: profile))
        engine.resume(at: environment.now)
        engine.footpodCalibration = environment.settings.footpodCalibration
        let configuration = summary.configuration
        var active = ActiveWorkout(
            id: summary.id, engine: engine, zone: configuration.target.map { ZoneCoach(range: $0.range) },
            plan: configuration.plan.map(PlanCoach.init), contact: ContactWatch(isEnabled: environment.settings.autoPause))
        // The load carries on from the seconds recorded before the crash.
        active.trainingLoad = summary.trainingLoad ?? 0
        active.loadProfile = profile
        if let counted = summary.timeInZones { active.timeInZones = counted }
        active.lapMarks = summary.laps
        // The lap running goes on from the last boundary passed, with the heart rates it had.
        let passed = summary.lapBoundaries(upTo: summary.duration)
        let lapStart = passed.last ?? 0
        let heartRates = samples.filter { $0.elapsed > lapStart }.compactMap(\.heartRate)
        active.lap = ActiveWorkout.Lap(number: passed.count + 1, start: lapStart, heartRates: heartRates)
        return active
    }

    static func items(_ summary: WorkoutSummary, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        return [
            MenuItem(label: words(.unfinishedResume), action: .resumeUnfinished(summary)),
            MenuItem(label: words(.unfinishedSave), action: .saveUnfinished(summary)),
            MenuItem(label: words(.unfinishedDiscard), action: .ask(.discardUnfinished(summary))),
        ]
    }

    /// When it was left and how long it ran, then its items.
    static func offer(_ summary: WorkoutSummary, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        let values = ["when": words.when(summary.start, now: environment.now), "duration": words.duration(summary.duration)]
        return [.say(.menu, .unfinishedOffer, values), .sayItems]
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch action {
        case .resume(let summary):
            let samples = state.first { $0.summary.id == summary.id }?.samples ?? []
            state.removeAll { $0.summary.id == summary.id }
            var recording = summary
            recording.state = .recording
            return [
                .resumeWorkout(summary, samples: samples), .emit(.store(.summary(recording))), .say(.answer, .workoutResumed),
                .emit(.sensorWanted(true)),
            ]
        case .save(let unfinished):
            var summary = unfinished
            summary.state = .saved
            state.removeAll { $0.summary.id == summary.id }
            return [.emit(.store(.save(summary)))]
        case .saved(let id):
            guard case .unfinished(let summary) = environment.screen, summary.id == id else { return [] }
            return [.say(.answer, .summarySaved)] + offerNextOrGoHome(state, environment)
        case .discardAnswered(let summary, let yes):
            guard yes else { return [.leave(screens: 1, showing: true)] }
            state.removeAll { $0.summary.id == summary.id }
            return [.emit(.store(.delete(summary.id))), .say(.answer, .unfinishedDiscarded)] + offerNextOrGoHome(state, environment)
        }
    }

    private static func offerNextOrGoHome(_ state: State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        guard let next = next(state, environment) else { return [.goHome] }
        return [.startOver(.unfinished(next), present: true)]
    }
}
