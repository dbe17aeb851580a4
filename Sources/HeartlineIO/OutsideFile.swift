#if canImport(Glibc)
    import Glibc
#endif

/// A file handed to Heartline from outside (the plans folder, a USB stick): opened without
/// following a symbolic link and without waiting on a FIFO or a device (O_NOFOLLOW, O_NONBLOCK),
/// taken only when it is a regular file, and read to at most a bound, so that no such file can
/// hold the thread that reads it, lead it out of its folder, or fill its memory.
public enum OutsideFile {
    public enum Failure: Error, Equatable, Sendable {
        /// There is no such file.
        case missing
        /// A symbolic link: not followed.
        case link
        /// A FIFO, a device, a socket or a folder.
        case notAFile
        /// Any other error of open(2), fstat(2) or read(2).
        case unreadable(Int32)
        /// The file's mode bits are not what the caller accepts (a key file others may read).
        case refusedMode
    }

    /// The file's first `count` bytes at most: a caller that wants to tell a file too large
    /// asks for one byte more than it takes.
    /// `mode`: whether the file's permission bits (`st_mode`) are acceptable; checked on the
    /// open file, before anything is read. `folder`: an open folder `path` is taken in (openat),
    /// so that no link in the folders above it is followed either.
    public static func read(
        at path: String, in folder: Int32 = AT_FDCWD, upTo count: Int, mode: (mode_t) -> Bool = { _ in true }
    ) -> Result<[UInt8], Failure> {
        let fd = openat(folder, path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .failure(.missing)
            case ELOOP: return .failure(.link)
            case let code: return .failure(.unreadable(code))
            }
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(.unreadable(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.notAFile) }
        guard mode(status.st_mode & 0o7777) else { return .failure(.refusedMode) }
        var bytes = [UInt8](repeating: 0, count: max(0, min(count, Int(status.st_size) + 1)))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return .failure(.unreadable(errno)) }
            if got == 0 { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}
