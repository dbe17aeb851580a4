import Foundation
import HeartlineCore

// Workouts recorded before Heartline checked what a strap sends can hold values no heart can
// produce (65535 beats per minute from a 16-bit strap), and they stayed in every average
// ("All time: 65,535 beats per minute"). They are repaired once, on the next start.
extension SQLiteStore {
    /// Repairs every workout whose stored average or maximum heart rate is impossible: its
    /// samples lose the impossible heart rates and RR intervals (as `ReadingCheck` would have
    /// dropped them), and its average, maximum and calories are counted again from what is
    /// left, calories with the profile as it is now. Finding none costs one small query, so it
    /// runs at every start; a repaired workout no longer matches, so it runs once per workout.
    /// - Returns: the ids of the workouts repaired.
    @discardableResult
    func repairImplausibleWorkouts() throws(StorageError) -> [Int64] {
        let range = ReadingCheck.heartRates
        let workouts = try StorageError.mapping {
            try database.query(
                """
                SELECT id FROM workouts
                WHERE maximum_heart_rate NOT BETWEEN ? AND ? OR average_heart_rate NOT BETWEEN ? AND ?
                """,
                [.integer(range.lowerBound), .integer(range.upperBound), .integer(range.lowerBound), .integer(range.upperBound)]
            ) { $0.int64(0) }
        }
        guard !workouts.isEmpty else { return [] }
        let calories = CalorieModel(profile: try profile())
        for id in workouts {
            try write { database in
                let samples = try Self.chunks(of: id, in: database).flatMap { try SampleCodec.decode($0) }.map(Self.plausible)
                let rates = samples.compactMap(\.heartRate)
                let average = rates.isEmpty ? nil : Int((Double(rates.reduce(0, +)) / Double(rates.count)).rounded())
                let kilocalories = rates.isEmpty ? nil : rates.reduce(0.0) { $0 + calories.kilocaloriesPerMinute(heartRate: $1) / 60 }
                try database.execute("DELETE FROM sample_chunks WHERE workout = ?", [.integer(id)])
                if !samples.isEmpty {
                    try database.execute(
                        "INSERT INTO sample_chunks (workout, first, count, data) VALUES (?, 0, ?, ?)",
                        [.integer(id), .integer(samples.count), .blob(SampleCodec.encode(samples))])
                }
                try database.execute(
                    "UPDATE workouts SET average_heart_rate = ?, maximum_heart_rate = ?, calories = ? WHERE id = ?",
                    [.integer(average), .integer(rates.max()), .real(kilocalories), .integer(id)])
            }
            storedSampleCounts[id] = nil
        }
        return workouts
    }

    /// A stored second as the engine would record it now.
    private static func plausible(_ sample: Sample) -> Sample {
        var sample = sample
        if let rate = sample.heartRate, !ReadingCheck.heartRates.contains(rate) { sample.heartRate = nil }
        sample.rrIntervals = sample.rrIntervals.filter(ReadingCheck.isPlausible(rrInterval:))
        if sample.rrIntervals.count > ReadingCheck.maximumRRPerSecond { sample.rrIntervals = [] }
        return sample
    }
}
