import CSQLite
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// The only file that sees SQLite's C API. Everything else in the module talks to `Database`,
// `Row` and `SQLiteError`.

/// A failed SQLite call: its extended result code, SQLite's message and the SQL it ran.
struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (the primary code is its low byte).
    let code: Int32
    let message: String
    let sql: String?
    /// The errno of the last failed system call inside SQLite, 0 when there was none.
    let systemErrno: Int32

    var primaryCode: Int32 { code & 0xff }

    /// The disk (or the database's page limit, a quota, the file-size limit) is full.
    var isDiskFull: Bool {
        // SQLite reports a short write() as SQLITE_FULL, but ENOSPC from fsync() or the
        // shared-memory file, EDQUOT, and EFBIG (RLIMIT_FSIZE) as an I/O error with that errno:
        // all mean the same thing to the user.
        primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && fullErrnos.contains(systemErrno))
    }

    /// The card or disk failed a read or write (EIO and the like), not for want of space.
    var isDeviceFailure: Bool { primaryCode == SQLITE_IOERR && !isDiskFull }

    /// The file or its directory cannot be written: a read-only file system, or permissions.
    var isNotWritable: Bool {
        primaryCode == SQLITE_READONLY || (primaryCode == SQLITE_CANTOPEN && notWritableErrnos.contains(systemErrno))
    }

    /// The file is not a database, or its pages contradict each other.
    var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    var description: String {
        let text = "SQLite error \(code): \(message)"
        return sql.map { "\(text) (in \($0))" } ?? text
    }
}

/// What a full disk, a quota and the file-size limit (RLIMIT_FSIZE) fail a write with.
private let fullErrnos: Set<Int32> = [ENOSPC, EDQUOT, EFBIG]
/// What a read-only file system and permissions fail an open with.
private let notWritableErrnos: Set<Int32> = [EACCES, EPERM, EROFS]

/// One thread at a time inside a connection, checked. The connection is opened
/// SQLITE_OPEN_NOMUTEX: SQLite trusts its caller to keep to one thread at a time, and two threads
/// inside it at once is undefined behaviour that no sanitizer sees (SQLite is not instrumented).
/// Every call claims the connection for its thread, in every build, and a second thread finds it
/// claimed and stops the program, rather than corrupt what it holds; calls nested on one thread (a
/// query's row mapping that queries) are counted. The cost is an atomic exchange a call.
final class ConnectionClaim: Sendable {
    private let holder = Atomic<UInt>(0)
    /// Depth of nested calls on the holding thread; touched only by the holder.
    private let depth = Atomic<Int>(0)

    func claim() {
        let me = UInt(pthread_self())  // pthread_t is an integer on Linux, never 0
        let (claimed, holder) = holder.compareExchange(expected: 0, desired: me, ordering: .acquiring)
        precondition(claimed || holder == me, "two threads inside one SQLite connection at once")
        depth.add(1, ordering: .relaxed)
    }

    func release() {
        if depth.subtract(1, ordering: .relaxed).newValue == 0 { holder.store(0, ordering: .releasing) }
    }
}

/// A value bound to a statement parameter.
enum SQLValue: Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    static func integer(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    static func real(_ value: Double?) -> SQLValue { value.map { .real($0) } ?? .null }
}

/// One open SQLite connection.
///
/// Not Sendable on purpose: a connection belongs to the one thread that made it (the store is
/// called on the loop's thread). Prepared statements are cached by their SQL text and finalized
/// before the connection closes.
final class Database {
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    private let claim = ConnectionClaim()

    /// Opens (and, unless `readOnly`, creates) the database file at `path`.
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        // NOFOLLOW: a database file that is a symbolic link is refused, never written through.
        // SQLite refuses a link anywhere in the path, though, and the directories above the
        // file are the user's to link (a home on another disk): the file is opened by its
        // directory's real path, so only the file itself is held to NOFOLLOW.
        let code = sqlite3_open_v2(
            Self.resolvingDirectory(of: path), &connection, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        guard let connection else {
            throw SQLiteError(code: code, message: "cannot allocate a connection", sql: nil, systemErrno: 0)
        }
        guard code == SQLITE_OK else {
            // Even a failed open leaves a handle that carries the message and must be closed.
            let error = Self.error(code, on: connection, sql: nil)
            sqlite3_close(connection)
            throw error
        }
        self.path = path
        self.handle = connection
        sqlite3_extended_result_codes(connection, 1)
        // Only our own tests and a curious user's sqlite3 shell ever share the file; a short wait
        // covers a checkpoint racing a reader.
        sqlite3_busy_timeout(connection, 2000)
    }

    /// `path` with the directory part resolved by realpath (its last component left as it is),
    /// or `path` itself when the directory cannot be resolved: the open then says why.
    static func resolvingDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        guard let resolved = realpath(directory, nil) else { return path }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return (real.hasSuffix("/") ? real : real + "/") + path[path.index(after: slash)...]
    }

    /// The linked SQLite library's version, "3.40.1".
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    deinit {
        statements.removeAll()  // finalizes every prepared statement first
        sqlite3_close(handle)
    }

    /// The one checking helper: every fallible call's result code passes through here.
    @discardableResult
    fileprivate func check(_ code: Int32, sql: String?) throws(SQLiteError) -> Int32 {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return code
        default: throw Self.error(code, on: handle, sql: sql)
        }
    }

    private static func error(_ code: Int32, on handle: OpaquePointer, sql: String?) -> SQLiteError {
        // The connection's extended code is more precise than the primary one a call returns.
        let extended = sqlite3_extended_errcode(handle)
        return SQLiteError(
            code: extended & 0xff == code & 0xff ? extended : code, message: String(cString: sqlite3_errmsg(handle)),
            sql: sql, systemErrno: sqlite3_system_errno(handle))
    }

    /// Runs one or more statements that return no rows (DDL, pragmas, BEGIN/COMMIT).
    func executeScript(_ sql: String) throws(SQLiteError) {
        claim.claim()
        defer { claim.release() }
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
    }

    /// Runs one statement to completion with `values` bound, ignoring any rows.
    func execute(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) {
        claim.claim()
        defer { claim.release() }
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Runs a query and maps each row.
    func query<T>(_ sql: String, _ values: [SQLValue] = [], _ map: (Row) throws -> T) throws -> [T] {
        claim.claim()
        defer { claim.release() }
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        var results: [T] = []
        while try statement.step() {
            results.append(try map(Row(statement: statement)))
        }
        return results
    }

    /// The first row of a query, mapped, or nil when there is none.
    func queryFirst<T>(_ sql: String, _ values: [SQLValue] = [], _ map: (Row) throws -> T) throws -> T? {
        claim.claim()
        defer { claim.release() }
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        guard try statement.step() else { return nil }
        return try map(Row(statement: statement))
    }

    /// Runs `body` in a write transaction (BEGIN IMMEDIATE), rolling back if it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        claim.claim()
        defer { claim.release() }
        try executeScript("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try executeScript("COMMIT")
            return result
        } catch {
            // A failed COMMIT (disk full) may already have rolled back; roll back only what is left.
            if isInTransaction { try? executeScript("ROLLBACK") }
            throw error
        }
    }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Keeps the write-ahead log and its index (-wal, -shm) on disk when the connection closes,
    /// instead of deleting them, so that the next start needs no new space to open the database
    /// and its first commits reuse the log's blocks: a disk that filled up meanwhile still opens.
    func keepWriteAheadLogOnClose() throws(SQLiteError) {
        var persist: Int32 = 1
        try check(sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist), sql: "persist WAL")
    }

    /// Copies whatever the write-ahead log holds into the database file and empties the log.
    func checkpoint() throws(SQLiteError) {
        claim.claim()
        defer { claim.release() }
        try check(
            sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil),
            sql: "checkpoint")
    }

    /// Copies the write-ahead log into the database file (and syncs it) as far as no reader
    /// holds it back, without waiting: the log restarts at the next commit once all of it is in.
    /// - Returns: the frames in the log, and how many of them are in the database file now.
    @discardableResult
    func checkpointWithoutWaiting() throws(SQLiteError) -> (log: Int, copied: Int) {
        claim.claim()
        defer { claim.release() }
        var log: Int32 = 0
        var copied: Int32 = 0
        try check(sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &copied), sql: "checkpoint")
        return (Int(log), Int(copied))
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = statements[sql] { return statement }
        var pointer: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil), sql: sql)
        guard let pointer else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", sql: sql, systemErrno: 0)
        }
        let statement = Statement(database: self, handle: pointer, sql: sql)
        statements[sql] = statement
        return statement
    }
}

/// A prepared statement, owned by its connection's cache.
final class Statement {
    private unowned let database: Database
    fileprivate let handle: OpaquePointer
    let sql: String

    fileprivate init(database: Database, handle: OpaquePointer, sql: String) {
        self.database = database
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    fileprivate func bind(_ values: [SQLValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = heartline_sqlite3_bind_text_transient(handle, index, text)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    // A zero-length blob must still be a blob, not NULL: give SQLite a valid pointer.
                    heartline_sqlite3_bind_blob_transient(
                        handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count))
                }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            try database.check(code, sql: sql)
        }
    }

    /// Advances to the next row; false when the statement is done.
    fileprivate func step() throws(SQLiteError) -> Bool {
        try database.check(sqlite3_step(handle), sql: sql) == SQLITE_ROW
    }

    fileprivate func reset() {
        // reset returns the step's error again, which the step already reported.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}

/// The current row of a query; valid only inside the mapping closure.
struct Row {
    fileprivate let statement: Statement

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement.handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement.handle, column) }

    func int(_ column: Int32) -> Int { Int(int64(column)) }

    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(statement.handle, column) }

    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    func text(_ column: Int32) -> String {
        guard let characters = sqlite3_column_text(statement.handle, column) else { return "" }
        return String(cString: characters)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    func blob(_ column: Int32) -> [UInt8] {
        // SQLite's order: the pointer first, then its length.
        guard let bytes = sqlite3_column_blob(statement.handle, column) else { return [] }
        let count = Int(sqlite3_column_bytes(statement.handle, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
