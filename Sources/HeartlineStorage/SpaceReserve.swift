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
/// again once a write succeeds with room to spare.
final class SpaceReserve {
    let path: String
    /// Bytes set aside.
    let size: Int
    private var descriptor: Int32?

    /// Checks an existing reserve at `path` and takes the space when the file system has it to
    /// spare; a disk too small or too full for it leaves the store without a reserve, not
    /// without storage.
    init(path: String, size: Int) throws(StorageError) {
        self.path = path
        self.size = size
        guard size > 0 else { return }
        // A whole reserve left by the last run is held as it is, however full the disk: the space
        // is already set aside. Anything less is taken only with room to spare.
        var held = 0
        if let existing = try DataDirectory.openPrivateFile(path, create: false) {
            var status = stat()
            if fstat(existing, &status) == 0 { held = Int(status.st_blocks) * 512 }
            if held >= size {
                descriptor = existing
                return
            }
            close(existing)
        }
        if !retake(counting: held) { unlink(path) }
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Whether the space is held now.
    var isHeld: Bool { descriptor != nil }

    /// Takes the space again after it was released, when the file system has it to spare (twice
    /// the reserve free besides), so that taking it does not fill the disk again at once.
    /// - Returns: whether the reserve is held.
    @discardableResult
    func retake(counting held: Int = 0) -> Bool {
        guard size > 0, descriptor == nil else { return isHeld }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        var fileSystem = statvfs()
        guard statvfs(directory.isEmpty ? "." : directory, &fileSystem) == 0,
            Int(fileSystem.f_bavail) * Int(fileSystem.f_frsize) + held >= 3 * size,
            let opened = try? DataDirectory.openPrivateFile(path)
        else { return false }
        descriptor = opened
        if !allocate() { release() }
        return isHeld
    }

    /// Gives back a reserve left by an earlier run, before this one holds it (a disk that filled
    /// while Heartline was not running).
    /// - Returns: whether there was one.
    static func releaseLeftover(at path: String) -> Bool {
        guard let descriptor = try? DataDirectory.openPrivateFile(path, create: false) else { return false }
        _ = ftruncate(descriptor, 0)
        _ = fsync(descriptor)
        close(descriptor)
        unlink(path)
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
