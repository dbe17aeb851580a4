#if canImport(Glibc)
    import Glibc
#endif

/// Where Heartline's log lines go, and where audio libraries' noise goes with them.
///
/// The log is standard error. `--log FILE`, or an interactive run whose standard error is the
/// terminal, moves standard error itself (dup2) to a file: then everything written there by the
/// C libraries (ALSA's "ALSA lib ..." lines from espeak-ng's audio, speech-dispatcher started as
/// a child) lands in the file too, never over the line being typed. Under systemd, standard error
/// is the journal, which stamps each line itself.
public enum LogFile {
    /// Opens `path` for appending (creating it, and its folder, private to the user) and makes
    /// it standard error. Returns nil on success, or why it failed.
    public static func redirectStandardError(to path: String) -> String? {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            makeFolders(String(path[..<slash]))
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        guard dup2(fd, STDERR_FILENO) >= 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    /// `$XDG_STATE_HOME/heartline/heartline.log`, else `~/.local/state/heartline/heartline.log`.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/heartline/heartline.log" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/heartline/heartline.log"
    }

    /// A log line: local date and time to the millisecond, then the message.
    public static func line(_ message: String, stamped: Bool) -> String {
        guard stamped else { return "heartline: \(message)\n" }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        let date = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        let fraction = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(date).\(fraction) heartline: \(message)\n"
    }

    private static func makeFolders(_ path: String) {
        var built = ""
        for part in path.split(separator: "/") {
            built += "/" + part
            mkdir(built, 0o700)
        }
    }
}
