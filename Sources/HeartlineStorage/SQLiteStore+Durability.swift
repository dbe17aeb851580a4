import Foundation
import HeartlineCore

#if canImport(Glibc)
    import Glibc
#endif

/// Commits SQLite dropped from the write-ahead log on open.
public struct LostWrites: Equatable, Sendable {
    /// How many of the store's commits the database lacks.
    public let commits: Int64
    /// Where the log was copied before it was written over, nil when it was gone or the copy failed.
    public let keptLog: String?
}

// Getting commits into the database file, and noticing commits that never got there.
extension SQLiteStore {
    /// Commits whatever is buffered and copies the write-ahead log into the database file, so
    /// that nothing saved depends on the -wal file: call when leaving. Best effort: with the
    /// disk still full there is nowhere to put them, and what is committed stays in the log.
    public func finishWrites() {
        try? commitPending(usingReserve: true)
        checkpoint()
    }

    /// Copies the write-ahead log into the database file, without waiting for a reader. A
    /// failure (a full disk that the database file cannot grow on) leaves the commits in the
    /// log, as durable as they were.
    func checkpoint() {
        _ = try? database.checkpointWithoutWaiting()
    }

    /// Counts one commit inside the transaction being committed.
    /// - Returns: the database's name and its new count, nil before the schema has the counter.
    static func countCommit(in database: Database) throws -> CommitRecord? {
        try database.queryFirst("UPDATE commit_counter SET count = count + 1 WHERE id = 1 RETURNING name, count") {
            CommitRecord(name: $0.text(0), count: $0.int64(1))
        }
    }

    /// Compares the commit count the database holds with the copy in the lock file, once at
    /// open, before anything is written. A lower count in the database means SQLite dropped
    /// commits from the log (a damaged frame ends the log there; a removed or damaged header
    /// drops all of it); the log is copied aside first, as a damaged database is, since the next
    /// commit writes over the frames SQLite dropped. The copy is then brought up to date, so the
    /// loss is said once.
    func checkCommitRecord() -> LostWrites? {
        guard
            let stored = try? database.queryFirst(
                "SELECT name, count FROM commit_counter WHERE id = 1", [],
                {
                    CommitRecord(name: $0.text(0), count: $0.int64(1))
                })
        else { return nil }
        defer { lock.writeRecord(stored) }
        // Another database (a fresh one, one moved aside) says nothing about this one.
        guard let copy = lock.readRecord(), copy.name == stored.name, copy.count > stored.count else { return nil }
        let log = databasePath + "-wal"
        let kept = "\(log).damaged-\(DataDirectory.timestamp(now()))"
        let copied = FileManager.default.fileExists(atPath: log) && (try? FileManager.default.copyItem(atPath: log, toPath: kept)) != nil
        return LostWrites(commits: copy.count - stored.count, keptLog: copied ? kept : nil)
    }

    /// Whether the database or its log has grown to the file-size limit (ulimit -f), which a
    /// full disk amounts to. SQLite reports EFBIG as an I/O error, and by the time it says so the
    /// errno it reports may be another call's; the files' sizes tell.
    func reachedFileSizeLimit() -> Bool {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return false }
        // A commit writes whole pages with their frame headers: one more does not fit.
        let margin = 4096 + 24
        return [databasePath, databasePath + "-wal", databasePath + "-shm"].contains { path in
            var status = stat()
            return stat(path, &status) == 0 && Int(status.st_size) + margin > Int(limit.rlim_cur)
        }
    }
}
