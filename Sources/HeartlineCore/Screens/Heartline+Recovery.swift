import Foundation

/// The root's side of the workouts a crash left behind: their actions handed to
/// `UnfinishedFeature`, whose state is the workouts in `records`.
extension Heartline {
    mutating func unfinished(_ action: UnfinishedFeature.Action) {
        let environment = environment
        carryOut(UnfinishedFeature.reduce(&records.unfinished, action, environment))
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
