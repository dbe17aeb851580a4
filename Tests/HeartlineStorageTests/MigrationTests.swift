import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// Every earlier schema becomes the current one, data kept.
@Suite(.timed, .tags(.threads)) struct MigrationTests {
    @Test(arguments: 0..<Schema.currentVersion)
    func everyEarlierVersionMigratesToTheCurrentOne(version: Int) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/heartline.sqlite"
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))  // version 0: an empty file
            do {
                let database = try Database(path: path)
                try Schema.migrate(database, to: version)
                #expect(try Schema.version(of: database) == version)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try Schema.version(of: store.database) == Schema.currentVersion)
            #expect(try store.savedWorkoutCount() == 0)
            #expect(try store.settings() == Settings())
            var settings = Settings()
            settings.captions = true
            try store.saveSettings(settings)
            #expect(try store.settings() == settings)
        }
    }

    /// Version 1 kept one row per sample; version 2 packs them into one chunk per workout.
    @Test func version1SampleRowsBecomeCompactChunks() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/heartline.sqlite"
            let samples =
                HistoryGenerator.workoutSamples(duration: 900, seed: 12)
                + [Sample(elapsed: 901, wallOffset: 1200, heartRate: nil, rrIntervals: [])]
            do {
                let database = try Database(path: path)
                try Schema.migrate(database, to: 1)
                try database.execute("INSERT INTO settings (key, value) VALUES ('speech.rate', '55')")
                try database.execute(
                    """
                    INSERT INTO workouts (id, start, state, metrics, readout_interval, duration,
                        average_heart_rate, maximum_heart_rate, calories)
                    VALUES (7, 1772323200, 'saved', 'time,heart-rate', 300, 901, 131, 168, 402.5),
                        (8, 1772409600, 'recording', 'heart-rate', 0, 0, NULL, NULL, NULL)
                    """)
                try database.transaction {
                    for (position, sample) in samples.enumerated() {
                        try database.execute(
                            """
                            INSERT INTO samples (workout, position, elapsed, wall_offset, heart_rate, rr_intervals)
                            VALUES (7, ?, ?, ?, ?, ?)
                            """,
                            [
                                .integer(position), .integer(sample.elapsed), .integer(sample.wallOffset),
                                .integer(sample.heartRate),
                                .text(sample.rrIntervals.map(String.init).joined(separator: " ")),
                            ])
                    }
                }
            }

            let store = try SQLiteStore(directory: directory)
            #expect(try Schema.version(of: store.database) == Schema.currentVersion)
            #expect(try store.samples(of: 7) == samples)
            #expect(try store.samples(of: 8).isEmpty)
            #expect(try SQLiteStore.chunks(of: 7, in: store.database).count == 1)
            #expect(
                try store.workout(7)
                    == WorkoutSummary(
                        id: 7, start: Date(timeIntervalSince1970: 1_772_323_200), state: .saved,
                        configuration: WorkoutConfiguration(metrics: [.time, .heartRate], interval: .minutes5),
                        duration: 901, averageHeartRate: 131, maximumHeartRate: 168, calories: 402.5))
            #expect(try store.unfinishedWorkouts().map(\.id) == [8])
            #expect(try store.settings().speech == [.rate: "55"])
            let tables = try store.database.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.text(0) }
            #expect(!tables.contains("samples"))
            // Recording carries on after the migrated samples.
            try store.append([Sample(elapsed: 902, wallOffset: 1201, heartRate: 99)], to: 7)
            try store.flush()
            #expect(try store.samples(of: 7).count == samples.count + 1)
        }
    }

    /// Version 3 keeps each workout's whole configuration; workouts from version 2 read back the
    /// metrics and interval they had, with no target and no plan.
    @Test func version2WorkoutsKeepTheirConfigurationAndNewOnesStoreItWhole() throws {
        try withTemporaryDirectory { directory in
            do {
                let database = try Database(path: directory + "/heartline.sqlite")
                try Schema.migrate(database, to: 2)
                try database.execute(
                    """
                    INSERT INTO workouts (id, start, state, metrics, readout_interval, duration, average_heart_rate)
                    VALUES (3, 1772323200, 'saved', 'heart-rate,calories', 60, 1800, 140)
                    """)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try Schema.version(of: store.database) == Schema.currentVersion)
            let old = try #require(try store.workout(3))
            #expect(old.configuration == WorkoutConfiguration(metrics: [.heartRate, .calories], interval: .minutes1))
            #expect(old.configuration.plan == nil && old.configuration.target == nil)

            let planned = WorkoutConfiguration(
                metrics: [.time], interval: .seconds30,
                target: TargetZone(zone: 3, range: HeartRateRange(low: 130, high: 145)),
                plan: TrainingPlan(warmUp: 300, rounds: 4, work: 120, rest: 60, coolDown: 180))
            let id = try store.beginWorkout(start: Date(timeIntervalSince1970: 1_772_409_600), configuration: planned)
            #expect(try store.workout(id)?.configuration == planned)
            #expect(try store.unfinishedWorkouts().first?.configuration == planned)
            var summary = try #require(try store.workout(id))
            summary.state = .saved
            summary.configuration.plan?.blocks[0].rounds = 5
            try store.updateSummary(summary)
            #expect(try store.savedWorkouts(offset: 0, limit: 1).first?.configuration == summary.configuration)
            let json = try store.database.queryFirst("SELECT configuration FROM workouts WHERE id = ?", [.integer(id)]) {
                $0.optionalText(0)
            }
            #expect(json??.contains("\"rounds\":5") == true)
        }
    }

    /// JSON written before a field existed decodes with that field absent, and JSON that cannot be
    /// read at all falls back to the metrics and interval columns.
    /// Version 4 adds recovery and training load: older workouts read them as unknown, new ones
    /// keep what is written.
    @Test func version3WorkoutsHaveUnknownRecoveryAndLoad() throws {
        try withTemporaryDirectory { directory in
            do {
                let database = try Database(path: directory + "/heartline.sqlite")
                try Schema.migrate(database, to: 3)
                try database.execute(
                    """
                    INSERT INTO workouts (id, start, state, metrics, readout_interval, duration, average_heart_rate)
                    VALUES (4, 1772323200, 'saved', 'heart-rate', 0, 600, 130)
                    """)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try Schema.version(of: store.database) == Schema.currentVersion)
            var old = try #require(try store.workout(4))
            #expect(old.recovery == [nil, nil])
            #expect(old.trainingLoad == nil)
            old.recovery = [24, nil]
            old.trainingLoad = 41.5
            try store.updateSummary(old)
            let read = try #require(try store.workout(4))
            #expect(read.recovery == [24, nil])
            #expect(read.trainingLoad == 41.5)
            #expect(try store.average(of: .recovery, startingIn: DateInterval(start: .distantPast, end: .distantFuture))?.value == 24)
        }
    }

    /// Version 7 adds the sport and the movement totals: version 6 rows keep their laps, take the
    /// sport their configuration names, and have no distance, cadence or power.
    @Test func version6WorkoutsGainTheirSportAndKeepTheirLaps() throws {
        try withTemporaryDirectory { directory in
            let running = WorkoutConfiguration(sport: .running, distanceReadout: DistanceReadout(every: 1, unit: .kilometres))
            do {
                let database = try Database(path: directory + "/heartline.sqlite")
                try Schema.migrate(database, to: 6)
                try database.execute(
                    """
                    INSERT INTO workouts (id, start, state, metrics, readout_interval, configuration, duration,
                        average_heart_rate, laps)
                    VALUES (5, 1772323200, 'saved', 'heart-rate', 0, NULL, 600, 130, '60 120'),
                        (6, 1772409600, 'saved', 'heart-rate', 0, ?, 900, 150, NULL)
                    """, [SQLiteStore.configurationJSON(running)])
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try Schema.version(of: store.database) == Schema.currentVersion)
            let old = try #require(try store.workout(5))
            #expect(old.laps == [60, 120] && old.distanceLaps.isEmpty)
            #expect(old.configuration.sport == .other)
            #expect(old.distance == nil && old.averageCadence == nil && old.averagePower == nil && old.maximumPower == nil)
            let sports = try store.database.query("SELECT id, sport FROM workouts ORDER BY id") { "\($0.int64(0)) \($0.text(1))" }
            #expect(sports == ["5 other", "6 running"])

            var run = try #require(try store.workout(6))
            #expect(run.configuration == running)
            run.laps = [60]
            run.distanceLaps = [312, 625]
            run.distance = 2001.5
            run.averageCadence = 171
            try store.updateSummary(run)
            let read = try #require(try store.workout(6))
            #expect(read == run)
            #expect(read.averagePower == nil)
            let laps = try store.database.queryFirst("SELECT laps FROM workouts WHERE id = 6") { $0.optionalText(0) }
            #expect(laps == "60 d312 d625")

            var ride = run
            ride.configuration.choose(.cycling)
            ride.laps = []
            ride.distanceLaps = [700]
            ride.averagePower = 215
            ride.maximumPower = 612
            try store.updateSummary(ride)
            #expect(try store.workout(6) == ride)
            let columns = try store.database.queryFirst(
                "SELECT sport, laps, distance, average_cadence, average_power, maximum_power FROM workouts WHERE id = 6"
            ) { "\($0.text(0)) \($0.text(1)) \($0.double(2)) \($0.int(3)) \($0.int(4)) \($0.int(5))" }
            #expect(columns == "cycling d700 2001.5 171 215 612")
        }
    }

    /// Samples stored in format 1 by version 6 read back after the migration, and a workout
    /// resumed with movement packs old and new seconds together in format 2.
    @Test func formatOneSamplesStillReadAndPackWithNewOnes() throws {
        try withTemporaryDirectory { directory in
            do {
                let database = try Database(path: directory + "/heartline.sqlite")
                try Schema.migrate(database, to: 6)
                try database.execute(
                    """
                    INSERT INTO workouts (id, start, state, metrics, readout_interval, duration, average_heart_rate)
                    VALUES (9, 1772323200, 'recording', 'heart-rate', 0, 2, 101)
                    """)
                try database.execute(
                    "INSERT INTO sample_chunks (workout, first, count, data) VALUES (9, 0, 2, ?)",
                    [.blob(SampleCodecTests.formatOneBlob)])
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try store.samples(of: 9) == SampleCodecTests.formatOneSamples)
            let moving = Sample(elapsed: 3, wallOffset: 3, heartRate: 102, motion: Motion(speed: 3.5, cadence: 168), distance: 3.5)
            try store.append([moving], to: 9)
            var summary = try #require(try store.workout(9))
            summary.state = .saved
            try store.updateSummary(summary)
            let chunks = try SQLiteStore.chunks(of: 9, in: store.database)
            #expect(chunks.count == 1 && chunks[0].first == SampleCodec.formatVersion)
            #expect(try store.samples(of: 9) == SampleCodecTests.formatOneSamples + [moving])
        }
    }

    @Test func configurationJSONFromOlderOrDamagedRowsStillReads() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            let id = try store.beginWorkout(start: Date(timeIntervalSince1970: 1_772_409_600), configuration: sampleConfiguration)
            try store.database.execute(
                "UPDATE workouts SET configuration = ? WHERE id = ?",
                [.text(#"{"interval":300,"metrics":["time","heart-rate"]}"#), .integer(id)])
            #expect(try store.workout(id)?.configuration == sampleConfiguration)
            try store.database.execute("UPDATE workouts SET configuration = 'not json' WHERE id = ?", [.integer(id)])
            #expect(try store.workout(id)?.configuration == sampleConfiguration)
        }
    }

    /// A profile stored before the FTP was a field reads with none; one with an FTP keeps it.
    @Test func aProfileStoredBeforeTheFTPReadsWithNoneAndANewOneKeepsIt() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            try store.saveProfile(Profile())
            try store.database.execute(
                "UPDATE documents SET json = ? WHERE name = 'profile'",
                [.text(#"{"age":41,"sex":"female","weightUnit":"kg","maximumHeartRate":182}"#)])
            #expect(try store.profile() == Profile(age: 41, sex: .female, maximumHeartRate: 182))
            try store.saveProfile(Profile(age: 41, functionalThresholdPower: 245))
            #expect(try store.profile().functionalThresholdPower == 245)
        }
    }

    @Test func aDatabaseFromANewerHeartlineIsRefusedAndLeftAlone() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/heartline.sqlite"
            do {
                let database = try Database(path: path)
                try database.executeScript("PRAGMA user_version = 99")
            }
            #expect(throws: StorageError.newerDatabase(Schema.newerVersionMessage(99))) {
                try SQLiteStore(directory: directory)
            }
            #expect(FileManager.default.fileExists(atPath: path))
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(!names.contains { $0.contains("corrupt") })
        }
    }
}
