#if canImport(Glibc)
    import Glibc
#endif

/// Small files of the system's (/proc, /sys, /proc/bus/input), read whole with plain system
/// calls: no Foundation, so the loop's thread never waits on anything but the kernel.
public enum SystemFile {
    /// The file's text, or nil when it cannot be opened. A read cut short by a signal goes on.
    public static func text(at path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
