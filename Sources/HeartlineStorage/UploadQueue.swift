import Foundation
import HeartlineCore

/// A workout waiting to go to a service, with the file to send.
public struct PendingUpload: Equatable, Sendable {
    public var workout: Int64
    /// The service's name (`UploadService.name`).
    public var service: String
    /// Sent with every try, so the service keeps one activity however often it is sent.
    public var externalID: String
    /// The activity's name at the service.
    public var name: String
    /// Empty for an upload owed by a save whose file is not made yet.
    public var file: [UInt8]
    /// Tries made so far.
    public var attempts: Int
    public var nextTry: Date
    /// Why the last try failed, for the log.
    public var lastError: String?

    public init(
        workout: Int64, service: String, externalID: String, name: String, file: [UInt8], attempts: Int = 0, nextTry: Date,
        lastError: String? = nil
    ) {
        self.workout = workout
        self.service = service
        self.externalID = externalID
        self.name = name
        self.file = file
        self.attempts = attempts
        self.nextTry = nextTry
        self.lastError = lastError
    }
}

/// An upload owed for a workout being saved, queued in the save's own transaction: its row has
/// no file yet (the uploader makes it from the stored workout) and waits for the uploader to make
/// the file, or for the next start, so "Workout saved." means the upload is owed.
public struct OwedUpload: Equatable, Sendable {
    /// The service every owed upload goes to, as long as there is one.
    public static let defaultService = "intervals.icu"

    public var service: String
    public var externalID: String
    /// The activity's name at the service.
    public var name: String

    public init(service: String, externalID: String, name: String) {
        self.service = service
        self.externalID = externalID
        self.name = name
    }

    /// What `workout` is sent as: an external id made from its start and number, and a name
    /// from its start ("Heartline 2026-11-29 07:30").
    public init(service: String = Self.defaultService, workout: Int64, start: Date) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        self.init(
            service: service, externalID: "heartline-\(Int(start.timeIntervalSince1970))-\(workout)",
            name: "Heartline " + formatter.string(from: start))
    }

    /// Its row in the uploads table, inside the caller's transaction: no file yet, and kept for
    /// the uploader (or the next start) rather than due. A row already there is left as it is.
    func insert(workout: Int64, into database: Database) throws {
        try database.execute(
            """
            INSERT INTO uploads (workout, service, external_id, name, file, attempts, next_try, last_error)
            VALUES (?, ?, ?, ?, ?, 0, ?, NULL)
            ON CONFLICT (workout, service) DO NOTHING
            """,
            [
                .integer(workout), .text(service), .text(externalID), .text(name), .blob([]),
                .real(Date.distantFuture.timeIntervalSince1970),
            ])
    }
}

/// The uploads table of the store's database, on a connection of its own, so that the upload
/// thread keeps its queue without the loop's store.
///
/// Open it after `SQLiteStore` has opened (and migrated) the directory. Not thread-safe: use it
/// from one thread or serial queue.
public final class UploadQueue {
    private let database: Database

    /// - Throws: `StorageError` when the database cannot be opened.
    public init(directory: String) throws(StorageError) {
        let path = (directory as NSString).appendingPathComponent(DataDirectory.databaseName)
        database = try StorageError.mapping {
            let database = try Database(path: path)
            try Schema.migrate(database)
            return database
        }
    }

    /// Queues `upload`, replacing one of the same workout and service (its tries start again).
    public func add(_ upload: PendingUpload) throws(StorageError) {
        try StorageError.mapping {
            try database.execute(
                """
                INSERT INTO uploads (workout, service, external_id, name, file, attempts, next_try, last_error)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (workout, service) DO UPDATE SET
                    external_id = excluded.external_id, name = excluded.name, file = excluded.file,
                    attempts = excluded.attempts, next_try = excluded.next_try, last_error = excluded.last_error
                """,
                [
                    .integer(upload.workout), .text(upload.service), .text(upload.externalID), .text(upload.name), .blob(upload.file),
                    .integer(upload.attempts), .real(upload.nextTry.timeIntervalSince1970), upload.lastError.map { .text($0) } ?? .null,
                ])
        }
    }

    /// Every waiting upload, the one due first first.
    public func waiting() throws(StorageError) -> [PendingUpload] {
        try StorageError.mapping {
            try database.query(
                """
                SELECT workout, service, external_id, name, file, attempts, next_try, last_error
                FROM uploads ORDER BY next_try, workout
                """
            ) { row in
                PendingUpload(
                    workout: row.int64(0), service: row.text(1), externalID: row.text(2), name: row.text(3), file: row.blob(4),
                    attempts: row.int(5), nextTry: Date(timeIntervalSince1970: row.double(6)), lastError: row.optionalText(7))
            }
        }
    }

    /// How many uploads wait.
    public func count() throws(StorageError) -> Int {
        try StorageError.mapping { try database.queryFirst("SELECT count(*) FROM uploads") { $0.int(0) } ?? 0 }
    }

    /// When the next try of any upload is due, leaving out those due later than `before` (the
    /// ones kept for the next start); nil when none is.
    public func nextTry(before: Date) throws(StorageError) -> Date? {
        try StorageError.mapping {
            try database.queryFirst("SELECT min(next_try) FROM uploads WHERE next_try < ?", [.real(before.timeIntervalSince1970)]) {
                $0.optionalDouble(0).map(Date.init(timeIntervalSince1970:))
            } ?? nil
        }
    }

    /// A try failed: the next one is due at `nextTry`.
    public func failed(workout: Int64, service: String, attempts: Int, nextTry: Date, error: String) throws(StorageError) {
        try StorageError.mapping {
            try database.execute(
                "UPDATE uploads SET attempts = ?, next_try = ?, last_error = ? WHERE workout = ? AND service = ?",
                [.integer(attempts), .real(nextTry.timeIntervalSince1970), .text(error), .integer(workout), .text(service)])
        }
    }

    /// The upload went through, or the service refused it for good: it waits no more.
    public func remove(workout: Int64, service: String) throws(StorageError) {
        try StorageError.mapping {
            try database.execute("DELETE FROM uploads WHERE workout = ? AND service = ?", [.integer(workout), .text(service)])
        }
    }
}
