import Foundation
import HeartlineCore

// Reading: the queries behind the four browse modes, a workout's details and its samples.
//
// Every list reads only the small `workouts` rows through the (state, start) index, so a page of
// ten years of history costs a few index steps, not a scan of the samples. Intervals are
// half-open, [start, end): a workout at midnight belongs to the day it starts, not the one before.
extension SQLiteStore {
    public func savedWorkoutCount() throws(StorageError) -> Int {
        try StorageError.mapping {
            try database.queryFirst("SELECT count(*) FROM workouts WHERE state = 'saved'") { $0.int(0) } ?? 0
        }
    }

    public func savedWorkouts(offset: Int, limit: Int) throws(StorageError) -> [WorkoutSummary] {
        try StorageError.mapping {
            try database.query(
                """
                SELECT \(Self.summaryColumns) FROM workouts WHERE state = 'saved'
                ORDER BY start DESC, id DESC LIMIT ? OFFSET ?
                """, [.integer(max(limit, 0)), .integer(max(offset, 0))], Self.summary)
        }
    }

    public func savedWorkouts(startingIn interval: DateInterval) throws(StorageError) -> [WorkoutSummary] {
        try StorageError.mapping {
            try database.query(
                """
                SELECT \(Self.summaryColumns) FROM workouts
                WHERE state = 'saved' AND start >= ? AND start < ?
                ORDER BY start DESC, id DESC
                """, Self.bounds(interval), Self.summary)
        }
    }

    public func savedWorkoutCount(startingIn interval: DateInterval) throws(StorageError) -> Int {
        try StorageError.mapping {
            try database.queryFirst(
                "SELECT count(*) FROM workouts WHERE state = 'saved' AND start >= ? AND start < ?", Self.bounds(interval)
            ) { $0.int(0) } ?? 0
        }
    }

    public func workout(_ id: Int64) throws(StorageError) -> WorkoutSummary? {
        // A summary still waiting for disk space is the newest truth about this workout.
        if let pending = pendingSummaries[id] { return pending }
        if let begun = pendingWorkouts[id] {
            return WorkoutSummary(id: id, start: begun.start, state: .recording, configuration: begun.configuration, duration: 0)
        }
        return try StorageError.mapping {
            try database.queryFirst(
                "SELECT \(Self.summaryColumns) FROM workouts WHERE id = ?", [.integer(id)], Self.summary)
        }
    }

    /// Every sample of a workout, the ones still buffered included.
    public func samples(of workout: Int64) throws(StorageError) -> [Sample] {
        var samples = try StorageError.mapping {
            try Self.chunks(of: workout, in: database).flatMap { try SampleCodec.decode($0) }
        }
        samples += pendingSamples[workout] ?? []
        return samples
    }

    public func average(
        of metric: HistoryMetric, startingIn interval: DateInterval
    ) throws(StorageError) -> (value: Double, count: Int)? {
        let column =
            switch metric {
            case .duration: "duration"
            case .averageHeartRate: "average_heart_rate"
            case .maximumHeartRate: "maximum_heart_rate"
            case .calories: "calories"
            case .recovery: "recovery_1"
            case .trainingLoad: "training_load"
            case .zone1, .zone2, .zone3, .zone4, .zone5: "zone_\(metric.zone!)"
            case .distance: "distance"
            case .averageCadence: "average_cadence"
            case .averagePower: "average_power"
            }
        // avg and count skip NULLs: workouts where the metric is unknown are left out.
        let result = try StorageError.mapping {
            try database.queryFirst(
                """
                SELECT avg(\(column)), count(\(column)) FROM workouts
                WHERE state = 'saved' AND start >= ? AND start < ?
                """, Self.bounds(interval)
            ) { row in (value: row.double(0), count: row.int(1)) }
        }
        guard let result, result.count > 0 else { return nil }
        return result
    }

    public func unfinishedWorkouts() throws(StorageError) -> [WorkoutSummary] {
        try StorageError.mapping {
            try database.query(
                """
                SELECT \(Self.summaryColumns) FROM workouts WHERE state IN ('recording', 'ended')
                ORDER BY start DESC, id DESC
                """, [], Self.summary)
        }
    }

    public func saveRestingCheck(_ check: RestingCheck) throws(StorageError) {
        try write { database in
            try database.execute(
                "INSERT INTO resting_checks (start, heart_rate, rmssd, artefacts, intervals) VALUES (?, ?, ?, ?, ?)",
                [
                    .real(check.start.timeIntervalSince1970), .integer(check.heartRate), .real(check.rmssd), .integer(check.artefacts),
                    .integer(check.intervals),
                ])
        }
    }

    public func restingChecks(startingIn interval: DateInterval) throws(StorageError) -> [RestingCheck] {
        try StorageError.mapping {
            try database.query(
                "SELECT start, heart_rate, rmssd, artefacts, intervals FROM resting_checks WHERE start >= ? AND start < ? ORDER BY start",
                Self.bounds(interval)
            ) { row in
                RestingCheck(
                    start: Date(timeIntervalSince1970: row.double(0)), heartRate: row.int(1), rmssd: row.double(2), artefacts: row.int(3),
                    intervals: row.int(4))
            }
        }
    }

    static let summaryColumns = """
        id, start, state, metrics, readout_interval, duration, average_heart_rate, maximum_heart_rate, calories,
        configuration, recovery_1, recovery_2, training_load, laps,
        zone_maximum, zone_0, zone_1, zone_2, zone_3, zone_4, zone_5,
        distance, average_cadence, average_power, maximum_power
        """

    static func summary(_ row: Row) throws -> WorkoutSummary {
        guard let state = WorkoutState(rawValue: row.text(2)) else {
            throw StorageError.failed("Workout \(row.int64(0)) has an unknown state, \(row.text(2)).")
        }
        var summary = WorkoutSummary(
            id: row.int64(0), start: Date(timeIntervalSince1970: row.double(1)), state: state,
            configuration: configuration(row),
            duration: row.int(5), averageHeartRate: row.optionalInt(6), maximumHeartRate: row.optionalInt(7),
            calories: row.optionalDouble(8))
        summary.recovery = [row.optionalInt(10), row.optionalInt(11)]
        summary.trainingLoad = row.optionalDouble(12)
        (summary.laps, summary.distanceLaps) = lapsFromText(row.optionalText(13))
        if let maximum = row.optionalInt(14) {
            let seconds = (15...20).compactMap { row.optionalInt($0) }
            if seconds.count == HeartRateZones.count + 1 { summary.timeInZones = TimeInZones(seconds: seconds, maximum: maximum) }
        }
        summary.distance = row.optionalDouble(21)
        summary.averageCadence = row.optionalInt(22)
        summary.averagePower = row.optionalInt(23)
        summary.maximumPower = row.optionalInt(24)
        return summary
    }

    /// The workout's whole configuration from its JSON (version 3 on), or rebuilt from the metrics
    /// and interval columns: all a workout recorded before version 3 had, and the fallback should
    /// the JSON ever be unreadable.
    private static func configuration(_ row: Row) -> WorkoutConfiguration {
        if let json = row.optionalText(9),
            let configuration = try? JSONDecoder().decode(WorkoutConfiguration.self, from: Data(json.utf8))
        {
            return configuration
        }
        let metrics = row.text(3).split(separator: ",").compactMap { Metric(rawValue: String($0)) }
        return WorkoutConfiguration(metrics: metrics, interval: ReadoutInterval(rawValue: row.int(4)) ?? .none)
    }

    static func bounds(_ interval: DateInterval) -> [SQLValue] {
        [.real(interval.start.timeIntervalSince1970), .real(interval.end.timeIntervalSince1970)]
    }
}
