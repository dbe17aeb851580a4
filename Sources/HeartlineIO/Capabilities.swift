#if canImport(Glibc)
    import Glibc
#endif

/// The Linux capabilities this process has in effect, as /proc/self/status shows them.
public enum Capabilities {
    /// CAP_NET_ADMIN: the Bluetooth management socket's trusted commands (powering an adapter
    /// on, discovery and its Device Found events) need it.
    public static let netAdmin = 12

    /// Whether the `CapEff:` mask of a /proc/PID/status text has capability `number`.
    public static func has(_ number: Int, status: String) -> Bool {
        for line in status.split(separator: "\n") where line.hasPrefix("CapEff:") {
            let hex = line.dropFirst("CapEff:".count).filter { !$0.isWhitespace }
            guard let mask = UInt64(hex, radix: 16) else { return false }
            return mask & (1 << UInt64(number)) != 0
        }
        return false
    }

    /// Whether this process has capability `number` in effect.
    public static func inEffect(_ number: Int) -> Bool {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return has(number, status: String(decoding: bytes, as: UTF8.self))
    }
}
