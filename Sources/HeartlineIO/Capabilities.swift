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
        guard let status = SystemFile.text(at: "/proc/self/status") else { return false }
        return has(number, status: status)
    }
}
