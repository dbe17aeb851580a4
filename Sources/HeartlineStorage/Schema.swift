import Foundation
import HeartlineCore

/// One step of the schema's history: from version `version - 1` to `version`.
struct Migration: Sendable {
    let version: Int
    let migrate: @Sendable (Database) throws -> Void
}

/// The database layout and how every earlier layout becomes the current one.
///
/// The version lives in `PRAGMA user_version`; 0 is an empty file. Each migration moves the
/// schema exactly one version forward inside its own transaction, so a power cut in the middle of
/// an upgrade leaves a database at some complete earlier version, and the next start carries on.
/// Old steps are never edited once released: their DDL is the record of what older files contain.
enum Schema {
    static let migrations: [Migration] = [
        Migration(version: 1, migrate: createVersion1),
        Migration(version: 2, migrate: compactSamples),
        Migration(version: 3, migrate: addWorkoutConfigurations),
        Migration(version: 4, migrate: addRecoveryAndLoad),
        Migration(version: 5, migrate: addRestingChecks),
        Migration(version: 6, migrate: addLapsAndZones),
        Migration(version: 7, migrate: addSportAndMotion),
        Migration(version: 8, migrate: addCommitCounter),
        Migration(version: 9, migrate: typedSettings),
        Migration(version: 10, migrate: addUploads),
    ]

    static var currentVersion: Int { migrations.count }

    static func version(of database: Database) throws -> Int {
        try database.queryFirst("PRAGMA user_version") { $0.int(0) } ?? 0
    }

    /// Brings `database` up to `target` (the current version unless a test asks for an older one).
    static func migrate(_ database: Database, to target: Int = currentVersion) throws {
        let found = try version(of: database)
        guard found <= currentVersion else { throw StorageError.newerDatabase(newerVersionMessage(found)) }
        for migration in migrations where migration.version > found && migration.version <= target {
            try database.transaction {
                try migration.migrate(database)
                // PRAGMA takes no parameters; the value is our own integer.
                try database.executeScript("PRAGMA user_version = \(migration.version)")
            }
        }
    }

    static func newerVersionMessage(_ version: Int) -> String {
        "The database was written by a newer Heartline (schema version \(version)); "
            + "this one understands up to version \(currentVersion)."
    }

    /// Version 1: settings, profile and configuration documents, workout totals, one row per sample.
    private static func createVersion1(_ database: Database) throws {
        try database.executeScript(
            """
            CREATE TABLE settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            -- The profile and the last configuration, as JSON, by name.
            CREATE TABLE documents (
                name TEXT PRIMARY KEY NOT NULL,
                json TEXT NOT NULL
            ) WITHOUT ROWID;
            -- The summary table every browse mode reads: one small row per workout.
            CREATE TABLE workouts (
                id INTEGER PRIMARY KEY,
                start REAL NOT NULL,                 -- unix seconds
                state TEXT NOT NULL CHECK (state IN ('recording', 'ended', 'saved')),
                metrics TEXT NOT NULL,               -- Metric raw values, comma-separated
                readout_interval INTEGER NOT NULL,   -- ReadoutInterval raw value, seconds
                duration INTEGER NOT NULL,           -- active seconds
                average_heart_rate INTEGER,
                maximum_heart_rate INTEGER,
                calories REAL
            );
            CREATE INDEX workouts_by_state_and_start ON workouts (state, start);
            CREATE TABLE samples (
                workout INTEGER NOT NULL,
                position INTEGER NOT NULL,           -- 0, 1, 2, ... within the workout
                elapsed INTEGER NOT NULL,
                wall_offset INTEGER NOT NULL,
                heart_rate INTEGER,
                rr_intervals TEXT NOT NULL,          -- space-separated, 1/1024 s
                PRIMARY KEY (workout, position)
            ) WITHOUT ROWID;
            """)
    }

    /// Version 2: samples move from one row each (about 40 bytes a second) into compact chunks
    /// (about 3 bytes a second, see `SampleCodec`); each workout's rows become one chunk.
    private static func compactSamples(_ database: Database) throws {
        try database.executeScript(
            """
            CREATE TABLE sample_chunks (
                id INTEGER PRIMARY KEY,
                workout INTEGER NOT NULL,
                first INTEGER NOT NULL,              -- position of the chunk's first sample
                count INTEGER NOT NULL,
                data BLOB NOT NULL                   -- SampleCodec format
            );
            CREATE UNIQUE INDEX sample_chunks_by_workout ON sample_chunks (workout, first);
            """)
        let workouts = try database.query("SELECT DISTINCT workout FROM samples ORDER BY workout") { $0.int64(0) }
        for workout in workouts {
            let samples = try database.query(
                """
                SELECT elapsed, wall_offset, heart_rate, rr_intervals FROM samples
                WHERE workout = ? ORDER BY position
                """, [.integer(workout)]
            ) { row in
                Sample(
                    elapsed: row.int(0), wallOffset: row.int(1), heartRate: row.optionalInt(2),
                    rrIntervals: row.text(3).split(separator: " ").compactMap { Int($0) })
            }
            try database.execute(
                "INSERT INTO sample_chunks (workout, first, count, data) VALUES (?, 0, ?, ?)",
                [.integer(workout), .integer(samples.count), .blob(SampleCodec.encode(samples))])
        }
        try database.executeScript("DROP TABLE samples")
    }

    /// Version 3: each workout keeps its whole configuration as JSON (target zone, training plan
    /// and whatever later versions add), so an export can cut a planned workout into its laps.
    /// Older rows keep NULL: their configuration was exactly the metrics and interval columns,
    /// which stay, filled as before, for anything that reads them.
    private static func addWorkoutConfigurations(_ database: Database) throws {
        try database.executeScript("ALTER TABLE workouts ADD COLUMN configuration TEXT")
    }

    /// Version 4: heart-rate recovery at 1 and 2 minutes and the training load (TRIMP) of each
    /// workout. Older rows keep NULL: unknown, never guessed.
    private static func addRecoveryAndLoad(_ database: Database) throws {
        try database.executeScript(
            """
            ALTER TABLE workouts ADD COLUMN recovery_1 INTEGER;
            ALTER TABLE workouts ADD COLUMN recovery_2 INTEGER;
            ALTER TABLE workouts ADD COLUMN training_load REAL;
            """)
    }

    /// Version 5: resting checks (heart rate and heart-rate variability sitting still).
    private static func addRestingChecks(_ database: Database) throws {
        try database.executeScript(
            """
            CREATE TABLE resting_checks (
                start REAL NOT NULL,
                heart_rate INTEGER NOT NULL,
                rmssd REAL NOT NULL,
                artefacts INTEGER NOT NULL,
                intervals INTEGER NOT NULL
            );
            CREATE INDEX resting_checks_by_start ON resting_checks (start);
            """)
    }

    /// Version 6: the user's laps and the time in each heart-rate zone of every workout.
    /// `laps` holds the active seconds at which the user began a new lap, space-separated (NULL:
    /// none); `zone_0` to `zone_5` the seconds below zone 1 and in zones 1 to 5, counted with the
    /// zones of `zone_maximum`, the maximum heart rate they were cut from. Older rows keep NULL
    /// until the background backfill (`SQLiteStore.backfill`) counts them from their samples.
    private static func addLapsAndZones(_ database: Database) throws {
        try database.executeScript(
            """
            ALTER TABLE workouts ADD COLUMN laps TEXT;
            ALTER TABLE workouts ADD COLUMN zone_maximum INTEGER;
            ALTER TABLE workouts ADD COLUMN zone_0 INTEGER;
            ALTER TABLE workouts ADD COLUMN zone_1 INTEGER;
            ALTER TABLE workouts ADD COLUMN zone_2 INTEGER;
            ALTER TABLE workouts ADD COLUMN zone_3 INTEGER;
            ALTER TABLE workouts ADD COLUMN zone_4 INTEGER;
            ALTER TABLE workouts ADD COLUMN zone_5 INTEGER;
            """)
    }

    /// Version 7: the sport and the movement totals of every workout, for queries; the sport also
    /// lives in the configuration JSON, which stays the record. `distance` is in metres,
    /// `average_cadence` in steps (running) or crank revolutions (cycling) per minute, the powers
    /// in watts; NULL when the workout had no such sensor. Laps by distance join the user's in
    /// the `laps` column, each with a "d" before its second ("60 d312 d625"). Older rows are
    /// heart rate only: NULL totals, and the sport their configuration names ("other" before
    /// sports were chosen).
    private static func addSportAndMotion(_ database: Database) throws {
        try database.executeScript(
            """
            ALTER TABLE workouts ADD COLUMN sport TEXT NOT NULL DEFAULT 'other';
            ALTER TABLE workouts ADD COLUMN distance REAL;
            ALTER TABLE workouts ADD COLUMN average_cadence INTEGER;
            ALTER TABLE workouts ADD COLUMN average_power INTEGER;
            ALTER TABLE workouts ADD COLUMN maximum_power INTEGER;
            """)
        // Decoded here rather than with SQL's JSON functions, which a build of SQLite may lack.
        let configurations = try database.query("SELECT id, configuration FROM workouts WHERE configuration IS NOT NULL") {
            ($0.int64(0), $0.text(1))
        }
        for (id, json) in configurations {
            guard let configuration = try? JSONDecoder().decode(WorkoutConfiguration.self, from: Data(json.utf8)),
                configuration.sport != .other
            else { continue }
            try database.execute("UPDATE workouts SET sport = ? WHERE id = ?", [.text(configuration.sport.rawValue), .integer(id)])
        }
    }

    /// Version 8: how many commits the store has made to this database, and a name that tells
    /// this database from any other. The store keeps a copy of both outside the database (in the
    /// lock file) after every commit; a count here lower than the copy's means SQLite dropped
    /// commits from the write-ahead log on open, because the log was damaged or removed.
    private static func addCommitCounter(_ database: Database) throws {
        try database.executeScript(
            """
            CREATE TABLE commit_counter (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                name TEXT NOT NULL,                  -- random, new for every database
                count INTEGER NOT NULL               -- commits made through the store
            );
            """)
        try database.execute("INSERT INTO commit_counter (id, name, count) VALUES (1, ?, 0)", [.text(UUID().uuidString)])
    }

    /// Version 9: the settings are one document, `Settings` as JSON, written as a whole; the
    /// key/value rows of earlier versions become its fields (see `LegacySettings`) and their
    /// table goes.
    private static func typedSettings(_ database: Database) throws {
        let rows = try database.query("SELECT key, value FROM settings") { ($0.text(0), $0.text(1)) }
        let settings = LegacySettings.settings(from: Dictionary(rows) { _, last in last })
        try database.execute(
            "INSERT INTO documents (name, json) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET json = excluded.json",
            [.text(SQLiteStore.settingsDocument), .text(try SQLiteStore.json(settings))])
        try database.executeScript("DROP TABLE settings")
    }

    /// Version 10: workouts waiting to be uploaded to a service, with the file to send, so an
    /// upload that failed is kept until it goes through, across restarts. A row goes when its
    /// upload is done; `external_id` is sent with every try, so a retry cannot add it twice.
    private static func addUploads(_ database: Database) throws {
        try database.executeScript(
            """
            CREATE TABLE uploads (
                workout INTEGER NOT NULL,
                service TEXT NOT NULL,               -- UploadService name, e.g. 'intervals.icu'
                external_id TEXT NOT NULL,
                name TEXT NOT NULL,                  -- the activity's name at the service
                file BLOB NOT NULL,                  -- the FIT file, as made when it was queued
                attempts INTEGER NOT NULL DEFAULT 0,
                next_try REAL NOT NULL,              -- unix seconds
                last_error TEXT,
                PRIMARY KEY (workout, service)
            ) WITHOUT ROWID;
            """)
    }
}
