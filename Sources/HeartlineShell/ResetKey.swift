#if canImport(Glibc)
    import Glibc
#endif

/// The way back to speech that needs no speech: minus held while Heartline starts resets every
/// speech setting, as `--reset-speech` does.
///
/// A held key repeats, so by the time Heartline reads its terminal the key is there many times
/// over; keys typed ahead once or twice are not a held key, and are handed to the terminal as
/// if typed after start.
enum ResetKey {
    /// Minus, on the main keyboard or the keypad: the key of "no".
    static let key = UInt8(ascii: "-")
    /// How many times the key must be waiting, in one unbroken run, to count as held.
    static let repeats = 5

    /// What was typed on terminal `fd` before Heartline read it, taken without waiting; the
    /// terminal's settings are left as they were. Empty when `fd` is no terminal.
    static func typedAhead(fd: Int32 = STDIN_FILENO) -> [UInt8] {
        var saved = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return [] }
        // Without ICANON a half-typed line (the held key, with no Enter) becomes readable.
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return [] }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65536 {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        _ = fcntl(fd, F_SETFL, flags)
        _ = tcsetattr(fd, TCSANOW, &saved)
        return bytes
    }

    /// Whether `bytes` hold the reset key held down: `repeats` of it in a row.
    static func isHeld(in bytes: [UInt8]) -> Bool {
        var run = 0
        for byte in bytes {
            run = byte == key ? run + 1 : 0
            if run >= repeats { return true }
        }
        return false
    }
}
