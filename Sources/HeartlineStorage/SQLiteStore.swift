import Foundation
import HeartlineCore

/// Heartline's storage: one SQLite database in the user's data directory.
///
/// Durability. The database runs in WAL mode with `synchronous = FULL`, and samples are committed
/// in batches of at most five seconds:
/// - WAL appends each commit to one file and syncs only that file: one fsync per commit. A
///   rollback journal (DELETE or TRUNCATE) needs two or three fsyncs per commit (journal,
///   database, directory), which an SD card pays for in latency and wear.
/// - `synchronous = FULL` makes every commit durable when it returns. NORMAL would sync only at
///   checkpoints, so a power cut could take minutes of workout with it; batching, not a weaker
///   sync, is what keeps the fsync rate down.
/// - One commit per five seconds bounds the loss to five seconds and the fsyncs to one per five
///   seconds while recording. A batch writes two pages to the log, so the automatic checkpoint
///   (at 1000 pages, two more fsyncs: log and database) comes about every 30 minutes of recording.
/// - What is committed lives in the log until a checkpoint copies it into the database file.
///   The store checkpoints at open, after a workout is saved and when the program leaves
///   (`finishWrites`), so a saved workout never depends on the -wal file: deleting it, or a
///   damaged frame in it, cannot take a saved workout away.
/// - Every commit also counts itself in the database (`commit_counter`) and, once it returned,
///   in the lock file, outside the log and not synced. At open a count in the database lower
///   than the lock file's means SQLite dropped commits from the log (it ends the log at the first
///   frame whose checksum fails, and ignores all of it after a damaged header, without an error);
///   `lostWrites` says so and the log is copied aside before it is written over.
/// - A failed commit keeps everything in memory (below). A full disk (ENOSPC, EDQUOT, or EFBIG
///   from the file-size limit) is tried again every batch; a failing card (EIO) twice as late
///   after each failure, up to a minute (`retryInterval`).
///
/// Disk full or failing. A failed commit rolls back and leaves every buffered sample (and a
/// pending summary) in memory; `StorageError.diskFull` (or `.deviceFailing`) is thrown, and a
/// later append or flush writes them all. Until one does, every append throws the same error
/// (`writeFailure`), even those that only buffer: the samples are in memory only, and a caller
/// that took a quiet append for "space is back" would say so once a second.
///
/// The reserve. A preallocated file (`reserveSize` bytes, heartline.reserve) is given back to the
/// file system when a commit that must not wait finds the disk full: `flush` (pause, end, save,
/// leaving) and a summary that leaves `recording`. The commit is tried again at once, so the end
/// of a workout and the minutes held in memory get written even on a disk that filled up. The
/// steady five-second batches never spend it. It is taken again when a commit succeeds with
/// room to spare.
///
/// The store holds an exclusive lock on the directory for its whole life; it is meant to be used
/// from one thread (the loop's), like the `Database` it owns.
public final class SQLiteStore: WorkoutStore {
    /// How long appended samples may wait in memory before they are committed.
    public static let batchInterval: TimeInterval = 5
    /// The reserve's size: a 2-hour workout held in memory takes about 30 kB as a blob, and a
    /// commit writes it and a few index pages to the log in 4 kB frames.
    public static let defaultReserveSize = 512 * 1024

    public let directory: String
    /// The database file: `directory/heartline.sqlite`.
    public let databasePath: String
    /// Where a damaged database was moved when this store started, or nil when none was.
    /// The program says so in one sentence and carries on with the fresh database.
    public private(set) var recoveredFromCorruption: String?
    /// Commits SQLite dropped from the write-ahead log when this store opened it (the log was
    /// damaged or removed), with where the damaged log was copied; nil when none were.
    public internal(set) var lostWrites: LostWrites?

    let database: Database
    let now: () -> Date
    let lock: DirectoryLock

    /// Samples appended but not yet committed, by workout.
    var pendingSamples: [Int64: [Sample]] = [:]
    /// Summaries whose write failed (disk full), retried with the next commit.
    var pendingSummaries: [Int64: WorkoutSummary] = [:]
    /// Uploads owed by saves not yet committed (disk full): written with the summary they came with.
    var pendingUploads: [Int64: OwedUpload] = [:]
    /// Samples already committed, by workout: where the next chunk starts.
    var storedSampleCounts: [Int64: Int] = [:]
    /// Workouts known to exist, so a steady append needs no lookup.
    var knownWorkouts: Set<Int64> = []
    /// Workouts begun while the disk was full: inserted with the next commit that finds space.
    var pendingWorkouts: [Int64: (start: Date, configuration: WorkoutConfiguration)] = [:]
    /// Space given back to the file system when the end of a workout must be written.
    let reserve: SpaceReserve
    /// When the last commit was attempted, successful or not: the batching clock.
    var lastCommitAttempt: Date
    /// Commits made by this store: each is one fsync of the log.
    var commitCount = 0
    /// Commits attempted, successful or not.
    var commitAttemptCount = 0
    /// Why the last commit attempt failed, nil when it succeeded: buffered samples are not on disk.
    public internal(set) var writeFailure: StorageError?
    /// Commit attempts that failed in a row, for the back-off.
    var failedAttempts = 0

    /// Whether the last commit attempt found the disk full.
    public var isWaitingForSpace: Bool { writeFailure == .diskFull }

    /// How long after a commit attempt the next steady one comes: the batch interval, and while
    /// a failing card or disk refuses writes, twice as long after each failure up to a minute, so
    /// a dying card is not hammered once every five seconds. A full disk is tried every batch:
    /// space can come back at any moment and costs nothing to look for.
    public var retryInterval: TimeInterval {
        guard let writeFailure, writeFailure != .diskFull, failedAttempts > 0 else { return Self.batchInterval }
        return min(Self.batchInterval * pow(2, Double(min(failedAttempts, 8) - 1)), Self.longestRetryInterval)
    }
    /// The longest wait between attempts on a failing card or disk.
    public static let longestRetryInterval: TimeInterval = 60

    /// Whether the reserve is held, ready for the end of a workout on a full disk.
    public var hasReserve: Bool { reserve.isHeld }

    /// Opens (creating if needed) the database in `directory`.
    ///
    /// The directory is narrowed to 0700; the database, its companions, the lock and the reserve
    /// must be regular files of the user's (a symbolic link in their place is refused).
    ///
    /// A database that is not one, or fails `PRAGMA quick_check`, is moved aside and a fresh one
    /// started; `recoveredFromCorruption` then says where it went.
    /// - Parameters:
    ///   - directory: the data directory, created 0700 with any missing parents.
    ///   - now: the clock that paces batched commits and names moved-aside files.
    ///   - reserveSize: bytes set aside for the end of a workout on a full disk; 0 for none.
    /// - Throws: `StorageError.locked` when another store holds the directory; `.diskFull`;
    ///   `.failed` for anything else, including a database from a newer Heartline.
    ///   - checkAtOpen: run `quick_check` before the store is usable. Without it the start does not
    ///     grow with the history: call `quickCheck(directory:)` afterwards, off the loop. A check
    ///     that failed that way is made at the next open whatever this says.
    public init(
        directory: String, now: @escaping () -> Date = Date.init, reserveSize: Int = SQLiteStore.defaultReserveSize,
        checkAtOpen: Bool = true
    ) throws(StorageError) {
        self.directory = directory
        let path = (directory as NSString).appendingPathComponent(DataDirectory.databaseName)
        self.databasePath = path
        self.now = now
        try DataDirectory.create(directory)
        lock = try DirectoryLock(path: (directory as NSString).appendingPathComponent(DataDirectory.lockName))
        let reservePath = (directory as NSString).appendingPathComponent(DataDirectory.reserveName)
        let marker = (directory as NSString).appendingPathComponent(DataDirectory.checkFailedName)
        let check = checkAtOpen || FileManager.default.fileExists(atPath: marker)
        do {
            database = try Self.openDatabase(at: path, releasingIfFull: reservePath, check: check)
            unlink(marker)
        } catch let error where Self.meansCorruption(error) {
            recoveredFromCorruption = try DataDirectory.moveAside(path, at: now())
            unlink(marker)
            database = try StorageError.mapping { try Self.openDatabase(at: path, releasingIfFull: reservePath, check: true) }
        } catch {
            throw StorageError(error)
        }
        lastCommitAttempt = now()
        reserve = try SpaceReserve(path: reservePath, size: reserveSize)
        // Before anything is written: a write would overwrite the frames SQLite dropped.
        lostWrites = checkCommitRecord()
        // What a crash left in the log goes into the database file before the log is reused.
        checkpoint()
        // Packing only saves space: whatever stops it (a full disk, one damaged blob) must not stop
        // Heartline from starting. The chunks stay readable as they are.
        try? repackLeftoverChunks()
        // Likewise: a workout with impossible totals stays readable as it is until this succeeds.
        _ = try? repairImplausibleWorkouts()
    }

    deinit {
        finishWrites()
    }

    private static func meansCorruption(_ error: any Error) -> Bool {
        switch error {
        case let error as SQLiteError: error.isCorruption
        case is DatabaseCheckFailed: true
        default: false
        }
    }

    /// Opens the database; a disk too full for it (a -shm index to rebuild, a log to grow) is
    /// lent the reserve a previous run left at `reservePath` a step at a time, and the open is
    /// tried again after each: the rest stays set aside for the end of the next workout.
    private static func openDatabase(at path: String, releasingIfFull reservePath: String, check: Bool) throws -> Database {
        while true {
            do {
                return try openDatabase(at: path, check: check)
            } catch  where StorageError(error) == .diskFull && SpaceReserve.lendLeftover(at: reservePath) {
                continue
            }
        }
    }

    /// `PRAGMA quick_check` on a connection of its own, safe from any thread while the store is
    /// in use: nil when the database is sound, else what SQLite found. A failure leaves a marker,
    /// so the next open checks first and moves a damaged database aside.
    public static func quickCheck(directory: String) -> [String]? {
        let path = (directory as NSString).appendingPathComponent(DataDirectory.databaseName)
        let problems: [String]
        do {
            let reader = try Database(path: path, readOnly: true)
            problems = try reader.query("PRAGMA quick_check") { $0.text(0) }
        } catch {
            problems = ["\(error)"]
        }
        guard problems != ["ok"] else { return nil }
        let marker = (directory as NSString).appendingPathComponent(DataDirectory.checkFailedName)
        _ = FileManager.default.createFile(
            atPath: marker, contents: Data(problems.joined(separator: "\n").utf8), attributes: [.posixPermissions: 0o600])
        return problems
    }

    private static func openDatabase(at path: String, check: Bool) throws -> Database {
        try DataDirectory.createPrivateFile(path)
        for suffix in DataDirectory.companionSuffixes { try DataDirectory.restrict(path + suffix) }
        let database = try Database(path: path)
        // See the type's comment for why WAL and FULL.
        // journal_size_limit: a checkpoint cuts the kept log back to 1 MB (it grows to about
        // 4 MB between automatic checkpoints).
        try database.executeScript(
            """
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = FULL;
            PRAGMA journal_size_limit = 1048576;
            """)
        try database.keepWriteAheadLogOnClose()
        if check {
            let problems = try database.query("PRAGMA quick_check") { $0.text(0) }
            guard problems == ["ok"] else { throw DatabaseCheckFailed(problems: problems) }
        }
        try Schema.migrate(database)
        return database
    }

    /// The version of the SQLite library in use, for logs and benchmark reports.
    public static var sqliteVersion: String { Database.libraryVersion }

    /// Rewrites the database without free pages and empties its log, as the benchmark measures it.
    public func vacuum() throws(StorageError) {
        try commitPending()
        try StorageError.mapping {
            try database.executeScript("VACUUM")
            try database.checkpoint()
        }
    }

    /// `PRAGMA integrity_check` over the whole file: `["ok"]` when the database is sound, else
    /// SQLite's list of what it found (at most 100 lines). It reads every page, so it is for
    /// tests and repair, not for every start (the start runs the cheaper `quick_check`).
    public func integrityCheck() throws(StorageError) -> [String] {
        try StorageError.mapping { try database.query("PRAGMA integrity_check") { $0.text(0) } }
    }

    /// The bytes the database takes on disk now: the file and its write-ahead log.
    public func bytesOnDisk() -> Int {
        [databasePath, databasePath + "-wal"].reduce(0) { total, path in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            return total + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    // MARK: Settings, profile and last configuration

    /// The document the settings are stored in.
    static let settingsDocument = "settings"

    /// The stored settings; a field that cannot be read takes its default, and a document that
    /// cannot be read at all gives the defaults.
    public func settings() throws(StorageError) -> Settings {
        let json = try StorageError.mapping {
            try database.queryFirst("SELECT json FROM documents WHERE name = ?", [.text(Self.settingsDocument)]) { $0.text(0) }
        }
        guard let json else { return Settings() }
        return (try? JSONDecoder().decode(Settings.self, from: Data(json.utf8))) ?? Settings()
    }

    public func saveSettings(_ settings: Settings) throws(StorageError) {
        try saveDocument(settings, named: Self.settingsDocument)
    }

    public func profile() throws(StorageError) -> Profile {
        try document(Profile.self, named: "profile") ?? Profile()
    }

    public func saveProfile(_ profile: Profile) throws(StorageError) {
        try saveDocument(profile, named: "profile")
    }

    public func lastConfiguration() throws(StorageError) -> WorkoutConfiguration? {
        try document(WorkoutConfiguration.self, named: "last-configuration")
    }

    public func saveLastConfiguration(_ configuration: WorkoutConfiguration) throws(StorageError) {
        try saveDocument(configuration, named: "last-configuration")
    }

    private func document<T: Decodable>(_ type: T.Type, named name: String) throws(StorageError) -> T? {
        try StorageError.mapping {
            guard let json = try database.queryFirst("SELECT json FROM documents WHERE name = ?", [.text(name)], { $0.text(0) })
            else { return nil }
            return try JSONDecoder().decode(T.self, from: Data(json.utf8))
        }
    }

    /// `value` as the JSON a document holds.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func saveDocument<T: Encodable>(_ value: T, named name: String) throws(StorageError) {
        let json = try StorageError.mapping { try Self.json(value) }
        try write { database in
            try database.execute(
                "INSERT INTO documents (name, json) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET json = excluded.json",
                [.text(name), .text(json)])
        }
    }
}

/// `PRAGMA quick_check` found the database inconsistent.
struct DatabaseCheckFailed: Error {
    let problems: [String]
}

extension StorageError {
    /// The storage error a lower-level failure amounts to.
    init(_ error: any Error) {
        switch error {
        case let error as StorageError: self = error
        case let error as SQLiteError:
            if error.isDiskFull {
                self = .diskFull
            } else if error.isDeviceFailure {
                self = .deviceFailing(error.description)
            } else if error.isNotWritable {
                self = .notWritable(error.description)
            } else {
                self = .failed(error.description)
            }
        case let error as DatabaseCheckFailed:
            self = .failed("The database check failed: \(error.problems.prefix(3).joined(separator: "; "))")
        default: self = .failed(String(describing: error))
        }
    }

    /// Runs `body`, turning whatever it throws into a `StorageError`.
    static func mapping<T>(_ body: () throws -> T) throws(StorageError) -> T {
        do {
            return try body()
        } catch {
            throw StorageError(error)
        }
    }
}
