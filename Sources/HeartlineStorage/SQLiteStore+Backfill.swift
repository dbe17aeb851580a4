import Foundation
import HeartlineCore

/// What one run of `SQLiteStore.backfill` counted.
public struct BackfillReport: Equatable, Sendable {
    /// Saved workouts given a training load they lacked.
    public var loads = 0
    /// Saved workouts whose time in zones was counted, or counted again for a changed profile.
    public var zones = 0
    /// Workouts skipped because they changed or disappeared while being counted.
    public var skipped = 0

    public init(loads: Int = 0, zones: Int = 0, skipped: Int = 0) {
        self.loads = loads
        self.zones = zones
        self.skipped = skipped
    }
}

// Filling in what older workouts lack: training load (schema 4) and time in zones (schema 6)
// for workouts saved before those versions, and time in zones again when the profile's maximum
// heart rate changes the zones. It reads every sample of those workouts, so it runs on a thread
// and a connection of its own, one short transaction per workout: a workout being recorded on
// the main connection waits at most one workout's update, never the whole run.
extension SQLiteStore {
    /// Counts, from their samples, the training load of saved workouts that have none and the
    /// time in zones of those whose count is missing or was made with other zones. Safe from any
    /// thread while the store is in use. `stop` is asked between workouts.
    public static func backfill(directory: String, stop: () -> Bool = { false }) throws(StorageError) -> BackfillReport {
        let path = (directory as NSString).appendingPathComponent(DataDirectory.databaseName)
        return try StorageError.mapping {
            let database = try Database(path: path)
            let profile =
                try database.queryFirst("SELECT json FROM documents WHERE name = 'profile'") { row in
                    try JSONDecoder().decode(Profile.self, from: Data(row.text(0).utf8))
                } ?? Profile()
            let maximum = HeartRateZones(profile: profile).maximum
            let wanted = try database.query(
                """
                SELECT id, training_load IS NULL FROM workouts
                WHERE state = 'saved' AND (training_load IS NULL OR zone_maximum IS NULL OR zone_maximum != ?)
                ORDER BY start DESC
                """, [.integer(maximum)]
            ) { row in (id: row.int64(0), needsLoad: row.int(1) != 0) }

            var report = BackfillReport()
            for (id, needsLoad) in wanted {
                if stop() { break }
                let samples = try chunks(of: id, in: database).flatMap { try SampleCodec.decode($0) }
                let zones = TimeInZones(samples, zones: HeartRateZones(maximum: maximum))
                let load = needsLoad && !samples.isEmpty ? TrainingLoad.trimp(samples, profile: profile) : nil
                // Only a workout still saved, and only what is still missing or stale: the main
                // connection may have deleted it or written newer totals meanwhile.
                let changed = try database.transaction { () throws -> Bool in
                    try database.execute(
                        """
                        UPDATE workouts SET training_load = coalesce(training_load, ?),
                            zone_maximum = ?, zone_0 = ?, zone_1 = ?, zone_2 = ?, zone_3 = ?, zone_4 = ?, zone_5 = ?
                        WHERE id = ? AND state = 'saved'
                        """, [.real(load)] + zoneValues(zones) + [.integer(id)])
                    return try database.queryFirst("SELECT changes()") { $0.int(0) } == 1
                }
                if changed {
                    report.zones += 1
                    if load != nil { report.loads += 1 }
                } else {
                    report.skipped += 1
                }
            }
            return report
        }
    }
}
