import Foundation

/// Workouts left behind by a crash, a power cut or a killed process: offered at the next start,
/// to resume, save or discard. Nothing is thrown away without a confirmation.
extension Heartline {
    /// The newest workout left recording or ended, if any, with its totals rebuilt.
    func nextUnfinished() -> WorkoutSummary? {
        records.unfinished.first.map(unfinishedSummary)
    }

    /// The unfinished workout's totals, rebuilt from its samples: the stored totals may predate
    /// the last seconds written before the crash.
    func unfinishedSummary(_ unfinished: UnfinishedWorkout) -> WorkoutSummary {
        let samples = unfinished.samples
        let profile = records.profile
        var summary = unfinished.summary.recomputed(from: samples, calories: CalorieModel(profile: profile))
        if !samples.isEmpty { summary.trainingLoad = TrainingLoad.trimp(samples, profile: profile) }
        summary.timeInZones = TimeInZones(samples, zones: HeartRateZones(profile: profile))
        return summary
    }

    mutating func resumeUnfinished(_ summary: WorkoutSummary) {
        let id = summary.id
        let profile = records.profile
        let samples = records.unfinished.first { $0.summary.id == id }?.samples ?? []
        records.unfinished.removeAll { $0.summary.id == id }
        var engine = WorkoutEngine(resuming: summary, samples: samples, calories: CalorieModel(profile: profile))
        engine.resume(at: now)
        let configuration = summary.configuration
        training.workout = ActiveWorkout(
            id: id, engine: engine, zone: configuration.target.map { ZoneCoach(range: $0.range) },
            plan: configuration.plan.map(PlanCoach.init), contact: ContactWatch(isEnabled: autoPauseEnabled))
        // The load carries on from the seconds recorded before the crash.
        training.workout?.trainingLoad = summary.trainingLoad ?? 0
        training.workout?.loadProfile = profile
        let calibration = footpodCalibration
        training.workout?.engine.footpodCalibration = calibration
        if let counted = summary.timeInZones { training.workout?.timeInZones = counted }
        training.workout?.lapMarks = summary.laps
        // The lap running goes on from the last boundary passed, with the heart rates it had.
        let passed = summary.lapBoundaries(upTo: summary.duration)
        let lapStart = passed.last ?? 0
        let lapSamples = samples.filter { $0.elapsed > lapStart }
        training.workout?.lap = ActiveWorkout.Lap(number: passed.count + 1, start: lapStart, heartRates: lapSamples.compactMap(\.heartRate))
        var recording = summary
        recording.state = .recording
        write(.summary(recording))
        stack = [.home, .workout]
        say(.answer, .workoutResumed)
        emit(.sensorWanted(true))
    }

    mutating func saveUnfinished(_ unfinished: WorkoutSummary) {
        var summary = unfinished
        summary.state = .saved
        records.unfinished.removeAll { $0.summary.id == summary.id }
        write(.save(summary))
    }

    /// The save of a workout left behind went through.
    mutating func savedUnfinished() {
        say(.answer, .summarySaved)
        offerNextUnfinishedOrGoHome()
    }

    mutating func discardUnfinished(_ id: Int64) {
        records.unfinished.removeAll { $0.summary.id == id }
        write(.delete(id))
        say(.answer, .unfinishedDiscarded)
        offerNextUnfinishedOrGoHome()
    }

    private mutating func offerNextUnfinishedOrGoHome() {
        if let next = nextUnfinished() {
            stack = [.home, .unfinished(next)]
            presentScreen()
        } else {
            goHome()
        }
    }
}

extension WorkoutSummary {
    /// These totals recounted from `samples` where the samples say more than the totals (the
    /// totals are written less often than samples): duration, heart rates and calories,
    /// distance, cadence and power, and the laps by distance, each by the rules the engine
    /// counted them with while recording (`WorkoutTotals`).
    public func recomputed(from samples: [Sample], calories model: CalorieModel) -> WorkoutSummary {
        guard let last = samples.last, last.elapsed >= duration else { return self }
        var summary = self
        summary.duration = last.elapsed
        let totals = WorkoutTotals(replaying: samples, configuration: configuration, calories: model)
        totals.fill(&summary)
        if totals.heartRateSeconds == 0 {
            // No second had a heart rate: what the totals said of it stands.
            summary.averageHeartRate = averageHeartRate
            summary.maximumHeartRate = maximumHeartRate
            summary.calories = calories
        }
        return summary
    }
}
