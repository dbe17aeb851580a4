#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore

/// Space set aside in the data directory: a preallocated file given back to the file system when
/// the disk is full, so that the end of a workout (its summary and the minutes held in memory)
/// can still be written.
///
/// The blocks are really allocated (posix_fallocate), so a full disk cannot take them; releasing
/// truncates the file and syncs it before unlinking, so the file system counts the blocks free
/// at once (ext4 keeps freed blocks from reuse until its journal commits). The file is taken
/// again, whole, once a write succeeds with room to spare.
///
/// Opening the database on a full disk can need a few pages (SQLite rebuilds the log's index,
/// the -shm file, when no other connection has it open): the reserve lends them a step at a
/// time (`lendLeftover`), and what it did not lend is still held for the workout's end.
final class SpaceReserve {
    let path: String
    /// Bytes set aside when whole.
    let size: Int
    private var descriptor: Int32?
    /// Bytes the file holds now: `size`, or less after lending to an open on a full disk.
    private(set) var heldBytes = 0

    /// What one loan to an open on a full disk gives back: the -shm index's 32 KiB and the log's
    /// first frames, with room to spare.
    static let lendingStep = 64 * 1024

    /// Checks an existing reserve at `path` and takes the space when the file system has it to
    /// spare; a disk too small or too full for it leaves the store without a reserve, not
    /// without storage.
    init(path: String, size: Int) throws(StorageError) {
        self.path = path
        self.size = size
        guard size > 0 else { return }
        // A reserve left by the last run is held as it is, however full the disk: the space is
        // already set aside. One that lent part of itself to the open is made whole again only
        // with room to spare; until then its rest is held, which is better than none.
        guard let existing = try DataDirectory.openPrivateFile(path, create: false) else {
            if !retake() { unlink(path) }
            return
        }
        var status = stat()
        let held = fstat(existing, &status) == 0 ? min(Int(status.st_size), Int(status.st_blocks) * 512) : 0
        guard held > 0 else {
            close(existing)
            if !retake() { unlink(path) }
            return
        }
        descriptor = existing
        heldBytes = held
        if held < size { retake() }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Whether any space is held now.
    var isHeld: Bool { descriptor != nil }

    /// Whether the whole reserve is held.
    var isWhole: Bool { isHeld && heldBytes >= size }

    /// Takes the whole space again after it was released or lent, when the file system has it
    /// to spare (twice the reserve free besides), so that taking it does not fill the disk again
    /// at once.
    /// - Returns: whether any reserve is held.
    @discardableResult
    func retake() -> Bool {
        guard size > 0, !isWhole else { return isHeld }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        var fileSystem = statvfs()
        guard statvfs(directory.isEmpty ? "." : directory, &fileSystem) == 0,
            Int(fileSystem.f_bavail) * Int(fileSystem.f_frsize) + heldBytes >= 3 * size
        else { return isHeld }
        if descriptor == nil {
            guard let opened = try? DataDirectory.openPrivateFile(path) else { return false }
            descriptor = opened
        }
        if allocate() {
            heldBytes = size
        } else if heldBytes == 0 {
            release()
        } else {
            // Whatever the failed allocation took beyond what was held goes back.
            _ = ftruncate(descriptor!, off_t(heldBytes))
        }
        return isHeld
    }

    /// Lends a step of a reserve left by an earlier run, before this one holds it: a disk that
    /// filled while Heartline was not running, and a database that needs a few pages to open.
    /// The file shrinks by `bytes`, synced so the file system counts them free; an emptied file
    /// is removed.
    /// - Returns: whether anything was lent.
    static func lendLeftover(at path: String, bytes: Int = lendingStep) -> Bool {
        guard let descriptor = try? DataDirectory.openPrivateFile(path, create: false) else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else {
            unlink(path)
            return false
        }
        let left = max(0, Int(status.st_size) - bytes)
        _ = ftruncate(descriptor, off_t(left))
        _ = fsync(descriptor)
        if left == 0 { unlink(path) }
        return true
    }

    /// Gives the space back to the file system.
    func release() {
        guard let descriptor else {
            // Not held: whatever a failed allocation left is no use to anyone.
            unlink(path)
            return
        }
        _ = ftruncate(descriptor, 0)
        _ = fsync(descriptor)
        close(descriptor)
        self.descriptor = nil
        heldBytes = 0
        unlink(path)
    }

    private func allocate() -> Bool {
        guard let descriptor else { return false }
        // posix_fallocate returns the error number rather than setting errno.
        var result: Int32
        repeat { result = posix_fallocate(descriptor, 0, off_t(size)) } while result == EINTR
        return result == 0 && fsync(descriptor) == 0
    }
}
