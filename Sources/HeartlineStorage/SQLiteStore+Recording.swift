import Foundation
import HeartlineCore

// Writing: workouts, batched samples, summaries, and the one commit path every write takes.
extension SQLiteStore {
    /// Creates a workout and commits it with everything buffered. A full disk does not refuse it:
    /// the workout is held in memory under the id SQLite would give it (one more than the
    /// highest; this store is the only writer) and inserted by the first commit that finds space.
    public func beginWorkout(start: Date, configuration: WorkoutConfiguration) throws(StorageError) -> Int64 {
        let id = try highestWorkoutID() + 1
        try beginWorkout(id: id, start: start, configuration: configuration)
        return id
    }

    public func highestWorkoutID() throws(StorageError) -> Int64 {
        let highest = try StorageError.mapping {
            try database.queryFirst("SELECT coalesce(max(id), 0) FROM workouts") { $0.int64(0) } ?? 0
        }
        return max(highest, pendingWorkouts.keys.max() ?? 0)
    }

    public func beginWorkout(id: Int64, start: Date, configuration: WorkoutConfiguration) throws(StorageError) {
        pendingWorkouts[id] = (start, configuration)
        knownWorkouts.insert(id)
        storedSampleCounts[id] = 0
        do {
            try write { _ in }
        } catch  where error.isHeldForRetry {
            // Held in memory; `writeFailure` and `unwritten(id)` say so.
        }
    }

    /// Buffers `samples`; commits everything buffered once `batchInterval` has passed since the
    /// last commit attempt, so a power cut loses at most that much and the log is synced at most
    /// once per interval.
    /// - Throws: `StorageError.diskFull` when that commit finds no space (`.deviceFailing` when
    ///   the card fails it), and the same on every append after it until a commit succeeds; every
    ///   sample stays buffered and the next attempt (`retryInterval` later, or `flush`) writes them.
    public func append(_ samples: [Sample], to workout: Int64) throws(StorageError) {
        try append(samples, to: workout, due: false)
    }

    /// Buffers `samples` and commits at once, unless a failed commit waits for its retry.
    public func appendBatch(_ samples: [Sample], to workout: Int64) throws(StorageError) {
        try append(samples, to: workout, due: true)
    }

    private func append(_ samples: [Sample], to workout: Int64, due: Bool) throws(StorageError) {
        try requireWorkout(workout)
        pendingSamples[workout, default: []].append(contentsOf: samples)
        let waited = now().timeIntervalSince(lastCommitAttempt)
        // A clock set backwards (a board without a real-time clock meeting NTP) must not stall
        // commits until it catches up: treat it as time to commit.
        if (due && writeFailure == nil) || waited >= retryInterval || waited < 0 {
            try commitPending()
        } else if let writeFailure {
            throw writeFailure
        }
    }

    /// Commits everything buffered, spending the reserve if the disk is full.
    public func flush() throws(StorageError) {
        try commitPending(usingReserve: true)
    }

    public func unwritten(_ workout: Int64) -> UnwrittenWork {
        UnwrittenWork(
            seconds: pendingSamples[workout]?.count ?? 0, workout: pendingWorkouts[workout] != nil,
            summary: pendingSummaries[workout] != nil)
    }

    public func unwrittenWorkouts() -> [Int64: UnwrittenWork] {
        let ids = Set(pendingSamples.filter { !$0.value.isEmpty }.keys).union(pendingSummaries.keys).union(pendingWorkouts.keys)
        return Dictionary(uniqueKeysWithValues: ids.map { ($0, unwritten($0)) })
    }

    /// Stores a workout's totals and state. Leaving `recording` (end, save) spends the reserve if
    /// the disk is full, and packs the workout's chunks into one blob, which is what keeps a
    /// stored second under four bytes.
    public func updateSummary(_ summary: WorkoutSummary) throws(StorageError) {
        try requireWorkout(summary.id)
        pendingSummaries[summary.id] = summary
        try commitPending(usingReserve: summary.state != .recording)
        if summary.state == .saved { checkpoint() }
        if summary.state != .recording {
            // The summary is committed; packing only saves space, so its failure (a full disk)
            // is not the caller's: the chunks stay readable and the next start packs them.
            try? repack(summary.id)
        }
    }

    /// Saves a workout (its totals with state `saved`) and, with `upload`, queues its upload in
    /// the same transaction: once this returns, the upload is owed whatever happens next. With
    /// the disk full both wait in memory and go with the same commit.
    public func saveWorkout(_ summary: WorkoutSummary, owing upload: OwedUpload?) throws(StorageError) {
        try requireWorkout(summary.id)
        if let upload { pendingUploads[summary.id] = upload }
        try updateSummary(summary)
    }

    public func deleteWorkout(_ id: Int64) throws(StorageError) {
        pendingUploads[id] = nil
        pendingSamples[id] = nil
        pendingSummaries[id] = nil
        pendingWorkouts[id] = nil
        try write { database in
            try database.execute("DELETE FROM sample_chunks WHERE workout = ?", [.integer(id)])
            try database.execute("DELETE FROM workouts WHERE id = ?", [.integer(id)])
        }
        storedSampleCounts[id] = nil
        knownWorkouts.remove(id)
    }

    /// Commits every buffered workout, sample and pending summary, if there are any.
    func commitPending(usingReserve: Bool = false) throws(StorageError) {
        guard
            pendingSamples.values.contains(where: { !$0.isEmpty }) || !pendingSummaries.isEmpty || !pendingWorkouts.isEmpty
                || !pendingUploads.isEmpty
        else { return }
        try write(usingReserve: usingReserve) { _ in }
    }

    /// Runs `body` in one transaction together with everything buffered: one commit, one fsync.
    ///
    /// The buffers are emptied only after the commit succeeds; on any failure they stay as they
    /// were, so nothing appended is lost to a full disk. With `usingReserve`, a full disk releases
    /// the reserve and the commit is tried once more.
    @discardableResult
    func write<T>(usingReserve: Bool = false, _ body: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try attemptWrite(body)
        } catch .diskFull where usingReserve && reserve.isHeld {
            reserve.release()
            return try attemptWrite(body)
        }
    }

    private func attemptWrite<T>(_ body: (Database) throws -> T) throws(StorageError) -> T {
        lastCommitAttempt = now()
        commitAttemptCount += 1
        var newCounts: [Int64: Int] = [:]
        var counted: CommitRecord?
        let result: T
        do {
            result = try StorageError.mapping {
                try database.transaction {
                    for (workout, begun) in pendingWorkouts.sorted(by: { $0.key < $1.key }) {
                        try database.execute(
                            """
                            INSERT INTO workouts (id, start, state, metrics, readout_interval, configuration, sport, duration)
                            VALUES (?, ?, 'recording', ?, ?, ?, ?, 0)
                            """,
                            [
                                .integer(workout), .real(begun.start.timeIntervalSince1970),
                                .text(Self.metricsText(begun.configuration.metrics)),
                                .integer(begun.configuration.interval.rawValue), Self.configurationJSON(begun.configuration),
                                .text(begun.configuration.sport.rawValue),
                            ])
                    }
                    for (workout, samples) in pendingSamples where !samples.isEmpty {
                        let first = try storedSampleCount(workout)
                        try database.execute(
                            "INSERT INTO sample_chunks (workout, first, count, data) VALUES (?, ?, ?, ?)",
                            [.integer(workout), .integer(first), .integer(samples.count), .blob(SampleCodec.encode(samples))])
                        newCounts[workout] = first + samples.count
                    }
                    for summary in pendingSummaries.values {
                        try Self.writeSummary(summary, to: database)
                    }
                    for (workout, upload) in pendingUploads.sorted(by: { $0.key < $1.key }) {
                        try upload.insert(workout: workout, into: database)
                    }
                    let result = try body(database)
                    counted = try Self.countCommit(in: database)
                    return result
                }
            }
        } catch {
            let failure = error.isDeviceFailure && reachedFileSizeLimit() ? .diskFull : error
            writeFailure = failure
            failedAttempts += 1
            throw failure
        }
        writeFailure = nil
        failedAttempts = 0
        if let counted { lock.writeRecord(counted) }
        commitCount += 1
        storedSampleCounts.merge(newCounts) { $1 }
        pendingSamples.removeAll(keepingCapacity: true)
        pendingSummaries.removeAll()
        pendingWorkouts.removeAll()
        pendingUploads.removeAll()
        // Space is there again: set the whole reserve aside again, if there is room to spare.
        if !reserve.isWhole { reserve.retake() }
        return result
    }

    /// Packs all of a workout's chunks (buffered samples included) into one blob, in one transaction.
    func repack(_ workout: Int64) throws(StorageError) {
        let storedChunks = try StorageError.mapping {
            try database.queryFirst("SELECT count(*) FROM sample_chunks WHERE workout = ?", [.integer(workout)]) {
                $0.int(0)
            } ?? 0
        }
        let buffered = pendingSamples[workout]?.isEmpty == false ? 1 : 0
        guard storedChunks + buffered > 1 else { return }
        try write { database in
            // Read inside the transaction: `write` has just added the buffered samples as a chunk.
            let samples = try Self.chunks(of: workout, in: database).flatMap { try SampleCodec.decode($0) }
            try database.execute("DELETE FROM sample_chunks WHERE workout = ?", [.integer(workout)])
            try database.execute(
                "INSERT INTO sample_chunks (workout, first, count, data) VALUES (?, 0, ?, ?)",
                [.integer(workout), .integer(samples.count), .blob(SampleCodec.encode(samples))])
        }
    }

    /// Packs the chunks a crash or a full disk left unpacked.
    func repackLeftoverChunks() throws(StorageError) {
        let workouts = try StorageError.mapping {
            try database.query("SELECT workout FROM sample_chunks GROUP BY workout HAVING count(*) > 1") { $0.int64(0) }
        }
        for workout in workouts { try repack(workout) }
    }

    private func requireWorkout(_ id: Int64) throws(StorageError) {
        if knownWorkouts.contains(id) { return }
        let exists = try StorageError.mapping {
            try database.queryFirst("SELECT 1 FROM workouts WHERE id = ?", [.integer(id)]) { _ in true } ?? false
        }
        guard exists else { throw .failed("There is no workout number \(id).") }
        knownWorkouts.insert(id)
    }

    private func storedSampleCount(_ workout: Int64) throws -> Int {
        if let count = storedSampleCounts[workout] { return count }
        return try database.queryFirst(
            "SELECT first + count FROM sample_chunks WHERE workout = ? ORDER BY first DESC LIMIT 1",
            [.integer(workout)]
        ) { $0.int(0) } ?? 0
    }

    private static func writeSummary(_ summary: WorkoutSummary, to database: Database) throws {
        try database.execute(
            """
            UPDATE workouts SET start = ?, state = ?, metrics = ?, readout_interval = ?, configuration = ?,
                duration = ?, average_heart_rate = ?, maximum_heart_rate = ?, calories = ?,
                recovery_1 = ?, recovery_2 = ?, training_load = ?, laps = ?,
                zone_maximum = ?, zone_0 = ?, zone_1 = ?, zone_2 = ?, zone_3 = ?, zone_4 = ?, zone_5 = ?,
                sport = ?, distance = ?, average_cadence = ?, average_power = ?, maximum_power = ?
            WHERE id = ?
            """,
            [
                .real(summary.start.timeIntervalSince1970), .text(summary.state.rawValue),
                .text(metricsText(summary.configuration.metrics)), .integer(summary.configuration.interval.rawValue),
                configurationJSON(summary.configuration), .integer(summary.duration), .integer(summary.averageHeartRate),
                .integer(summary.maximumHeartRate),
                .real(summary.calories), .integer(summary.recovery[0]), .integer(summary.recovery[1]), .real(summary.trainingLoad),
                lapsText(summary.laps, distance: summary.distanceLaps),
            ] + zoneValues(summary.timeInZones) + motionValues(summary) + [.integer(summary.id)])
    }

    /// The laps column: the seconds at which the user began a lap, and with a "d" before them
    /// those at which a lap by distance ended, in order of time, space-separated; NULL for none.
    static func lapsText(_ laps: [Int], distance distanceLaps: [Int] = []) -> SQLValue {
        let entries = laps.map { ($0, String($0)) } + distanceLaps.map { ($0, "d\($0)") }
        guard !entries.isEmpty else { return .null }
        return .text(entries.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: " "))
    }

    /// The user's laps and the laps by distance of a laps column.
    static func lapsFromText(_ text: String?) -> (laps: [Int], distance: [Int]) {
        var laps: [Int] = []
        var distance: [Int] = []
        for entry in (text ?? "").split(separator: " ") {
            if entry.first == "d" {
                if let second = Int(entry.dropFirst()) { distance.append(second) }
            } else if let second = Int(entry) {
                laps.append(second)
            }
        }
        return (laps, distance)
    }

    /// sport, distance, average_cadence, average_power and maximum_power.
    static func motionValues(_ summary: WorkoutSummary) -> [SQLValue] {
        [
            .text(summary.configuration.sport.rawValue), .real(summary.distance), .integer(summary.averageCadence),
            .integer(summary.averagePower), .integer(summary.maximumPower),
        ]
    }

    /// zone_maximum and zone_0 to zone_5, all NULL when not counted.
    static func zoneValues(_ time: TimeInZones?) -> [SQLValue] {
        guard let time, time.seconds.count == HeartRateZones.count + 1 else {
            return [SQLValue](repeating: .null, count: HeartRateZones.count + 2)
        }
        return [.integer(time.maximum)] + time.seconds.map { .integer($0) }
    }

    static func metricsText(_ metrics: [Metric]) -> String {
        metrics.map(\.rawValue).joined(separator: ",")
    }

    /// A configuration as the JSON of the `configuration` column, keys sorted so equal
    /// configurations are equal text.
    static func configurationJSON(_ configuration: WorkoutConfiguration) -> SQLValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding plain enums, numbers and optionals cannot fail; NULL would still read back as
        // the metrics and interval columns.
        guard let data = try? encoder.encode(configuration) else { return .null }
        return .text(String(decoding: data, as: UTF8.self))
    }

    /// A workout's stored chunks, in order.
    static func chunks(of workout: Int64, in database: Database) throws -> [[UInt8]] {
        try database.query(
            "SELECT data FROM sample_chunks WHERE workout = ? ORDER BY first", [.integer(workout)]
        ) { $0.blob(0) }
    }
}
