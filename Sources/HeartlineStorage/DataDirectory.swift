import Foundation
import HeartlineCore

#if canImport(Glibc)
import Glibc
#endif

/// The files of a data directory, kept private to the user whatever the umask says.
///
/// Heart rates are health data: the directory is 0700 and every file in it 0600. Modes are set
/// with chmod after creating, because open and mkdir only ever narrow them by the umask.
enum DataDirectory {
    static let databaseName = "heartline.sqlite"
    static let lockName = "heartline.lock"
    /// SQLite's companions of the database file.
    static let companionSuffixes = ["-wal", "-shm"]

    /// Creates `path` and any missing parents, each 0700 (the XDG rule for data directories).
    static func create(_ path: String) throws(StorageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .failed("\(path) is a file, not a directory.") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try create(parent) }
        if mkdir(path, 0o700) != 0, errno != EEXIST { throw systemError("mkdir", path) }
        if chmod(path, 0o700) != 0 { throw systemError("chmod", path) }
    }

    /// Creates `path` as an empty 0600 file when missing, and narrows an existing one to 0600.
    static func createPrivateFile(_ path: String) throws(StorageError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw systemError("open", path) }
        defer { close(descriptor) }
        if fchmod(descriptor, 0o600) != 0 { throw systemError("chmod", path) }
    }

    /// Narrows `path` to 0600 if it exists (a database file from an older, laxer run).
    static func restrict(_ path: String) throws(StorageError) {
        if chmod(path, 0o600) != 0, errno != ENOENT { throw systemError("chmod", path) }
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
        if code == ENOSPC || code == EDQUOT { return .diskFull }
        return .failed("\(operation) \(path): \(String(cString: strerror(code)))")
    }
}

/// An exclusive flock on the directory's lock file, held from init to deinit.
///
/// flock belongs to the open file description, so it refuses a second store in the same process
/// as firmly as one in another process, and the kernel drops it when the process dies: a crash
/// never leaves a stale lock behind.
final class DirectoryLock {
    private let descriptor: Int32

    init(path: String) throws(StorageError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw DataDirectory.systemError("open", path) }
        guard fchmod(descriptor, 0o600) == 0 else {
            let error = DataDirectory.systemError("chmod", path)
            close(descriptor)
            throw error
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EWOULDBLOCK { throw .locked }
            throw .failed("flock \(path): \(String(cString: strerror(code)))")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
