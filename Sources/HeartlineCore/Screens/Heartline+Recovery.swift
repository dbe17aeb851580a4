import Foundation

/// The root's side of the workouts a crash left behind: their actions handed to
/// `UnfinishedFeature`, whose state is the workouts in `records`.
extension Heartline {
    mutating func unfinished(_ action: UnfinishedFeature.Action) {
        let environment = environment
        carryOut(UnfinishedFeature.reduce(&records.unfinished, action, environment))
    }

    /// Records again a workout left behind, from its totals and the samples written before the
    /// crash, on the workout screen.
    mutating func resumeRecording(_ summary: WorkoutSummary, samples: [Sample]) {
        let id = summary.id
        let profile = records.profile
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
        stack = [.home, .workout]
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
