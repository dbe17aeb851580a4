import Foundation
import HeartlineCore

#if canImport(Glibc)
    import Glibc
#endif

/// The files of a data directory, kept private to the user whatever the umask says.
///
/// Heart rates are health data: the directory is 0700 and every file in it 0600. Modes are set
/// after creating, because open and mkdir only ever narrow them by the umask, and always on an
/// opened descriptor (fchmod), never by name: a name can be a symbolic link someone planted in a
/// directory that was writable before Heartline narrowed it, and chmod would follow it.
///
/// Every file Heartline opens here (the database, its -wal and -shm companions, the lock and the
/// reserve) must be a regular file owned by the user; a symbolic link is refused, not followed
/// (O_NOFOLLOW), so nothing outside the directory is ever written or narrowed through one.
enum DataDirectory {
    static let databaseName = "heartline.sqlite"
    static let lockName = "heartline.lock"
    static let reserveName = "heartline.reserve"
    /// Left by a background check that found the database damaged: the next open checks it first.
    static let checkFailedName = "heartline.check-failed"
    /// SQLite's companions of the database file.
    static let companionSuffixes = ["-wal", "-shm"]

    /// Creates `path` and any missing parents, each 0700 (the XDG rule for data directories),
    /// and narrows an existing data directory to 0700. Parents that exist are left as they are:
    /// they are the user's, not Heartline's.
    static func create(_ path: String) throws(StorageError) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) { try create(parent) }
            if mkdir(path, 0o700) != 0, errno != EEXIST { throw systemError("mkdir", path) }
        } else if !isDirectory.boolValue {
            throw .failed("\(path) is a file, not a directory.")
        }
        try narrowDirectory(path)
    }

    /// Makes the directory at `path` 0700, through a descriptor, after checking it is the user's.
    /// The directory itself may be reached through a symbolic link the user made (a data
    /// directory on another disk); what it holds may not.
    static func narrowDirectory(_ path: String) throws(StorageError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError("open", path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError("stat", path) }
        guard status.st_uid == geteuid() else { throw .failed("\(path) belongs to another user.") }
        if status.st_mode & 0o7777 != 0o700, fchmod(descriptor, 0o700) != 0 { throw systemError("chmod", path) }
    }

    /// Opens `path` as a private file: created 0600 when missing (if `create`), never through a
    /// symbolic link, refused unless it is a regular file owned by the user, narrowed to 0600.
    /// - Returns: the open descriptor, which the caller closes; nil when the file does not exist
    ///   and `create` is false.
    static func openPrivateFile(_ path: String, create: Bool = true) throws(StorageError) -> Int32? {
        let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK | (create ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT, !create { return nil }
            if code == ELOOP { throw .failed("\(path) is a symbolic link; Heartline does not follow it.") }
            errno = code
            throw systemError("open", path)
        }
        do throws(StorageError) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw systemError("stat", path) }
            guard status.st_mode & S_IFMT == S_IFREG else { throw .failed("\(path) is not a regular file.") }
            guard status.st_uid == geteuid() else { throw .failed("\(path) belongs to another user.") }
            if status.st_mode & 0o7777 != 0o600, fchmod(descriptor, 0o600) != 0 { throw systemError("chmod", path) }
            // O_NONBLOCK only kept a planted FIFO from hanging the open; regular files ignore it,
            // but clear it all the same.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Creates `path` as an empty 0600 file when missing, and checks and narrows an existing one.
    static func createPrivateFile(_ path: String) throws(StorageError) {
        if let descriptor = try openPrivateFile(path) { close(descriptor) }
    }

    /// Checks and narrows `path` to 0600 if it exists (a database file from an older, laxer run).
    static func restrict(_ path: String) throws(StorageError) {
        if let descriptor = try openPrivateFile(path, create: false) { close(descriptor) }
    }

    /// Renames a damaged database and its companions to `<database>.corrupt-<UTC time>`.
    /// Nothing is deleted: the user, or a helper, may still get something out of it.
    /// - Returns: the path the database file was moved to.
    static func moveAside(_ databasePath: String, at date: Date) throws(StorageError) -> String {
        let base = "\(databasePath).corrupt-\(timestamp(date))"
        var target = base
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = "\(base)-\(attempt)"
        }
        if rename(databasePath, target) != 0 { throw systemError("rename", databasePath) }
        for suffix in companionSuffixes where rename(databasePath + suffix, target + suffix) != 0 {
            guard errno == ENOENT else { throw systemError("rename", databasePath + suffix) }
        }
        return target
    }

    /// 20260314T091500Z: sorts by time and needs no characters a shell would quote.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    static func systemError(_ operation: String, _ path: String) -> StorageError {
        let code = errno
        let words = "\(operation) \(path): \(String(cString: strerror(code)))"
        switch code {
        case ENOSPC, EDQUOT, EFBIG: return .diskFull
        case EROFS, EACCES, EPERM: return .notWritable(words)
        case EIO: return .deviceFailing(words)
        default: return .failed(words)
        }
    }
}

/// An exclusive flock on the directory's lock file, held from init to deinit.
///
/// flock belongs to the open file description, so it refuses a second store in the same process
/// as firmly as one in another process, and the kernel drops it when the process dies: a crash
/// never leaves a stale lock behind.
final class DirectoryLock {
    private let descriptor: Int32

    /// How long a lock held elsewhere is waited for before the directory is called in use: a
    /// child process being started anywhere in this process holds a copy of the descriptor until
    /// it execs, so a lock just given up can still be held for a moment.
    static let wait: Duration = .milliseconds(250)

    init(path: String) throws(StorageError) {
        guard let descriptor = try DataDirectory.openPrivateFile(path) else { throw .failed("open \(path)") }
        let deadline = ContinuousClock.now.advanced(by: Self.wait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK, ContinuousClock.now < deadline {
                usleep(10_000)
                continue
            }
            close(descriptor)
            if code == EWOULDBLOCK { throw .locked }
            throw .failed("flock \(path): \(String(cString: strerror(code)))")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The commit record kept in the lock file (see `CommitRecord`), nil when there is none.
    func readRecord() -> CommitRecord? {
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return CommitRecord(String(decoding: bytes[..<count], as: UTF8.self))
    }

    /// Writes `record` over the last one. Not synced: after a power cut the copy may be older
    /// than the database, never newer, since it is written after the commit's fsync returned.
    func writeRecord(_ record: CommitRecord) {
        let bytes = Array(record.text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// A database's name and how many commits the store has made to it, as the database's
/// `commit_counter` row says and as the copy outside the write-ahead log (the lock file) says.
struct CommitRecord: Equatable {
    let name: String
    let count: Int64

    init(name: String, count: Int64) {
        self.name = name
        self.count = count
    }

    /// Reads "<name> <count>" from the first line of `text`.
    init?(_ text: String) {
        let fields = text.prefix { $0 != "\n" }.split(separator: " ")
        guard fields.count == 2, let count = Int64(fields[1]) else { return nil }
        self.init(name: String(fields[0]), count: count)
    }

    /// Fixed width (the count padded to 19 digits), so a new record always covers the old one.
    var text: String {
        let digits = String(count)
        return "\(name) \(String(repeating: "0", count: max(0, 19 - digits.count)))\(digits)\n"
    }
}
