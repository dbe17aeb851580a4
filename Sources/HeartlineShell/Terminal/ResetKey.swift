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
    /// With the key waiting fewer times than that (pressed just before Heartline read it), how
    /// long to let it repeat: a held key repeats about 25 times a second once its repeat delay
    /// (a quarter to two thirds of a second) is over.
    static let grace: Double = 1.0

    /// What was typed on terminal `fd` before Heartline read it; the terminal's settings are
    /// left as they were. Empty when `fd` is no terminal. Waits (up to `grace`) only when it
    /// ends in the reset key pressed too few times yet to count as held.
    static func typedAhead(fd: Int32 = STDIN_FILENO) -> [UInt8] {
        var saved = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return [] }
        // Without ICANON a half-typed line (the held key, with no Enter) becomes readable.
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return [] }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        var bytes = readAvailable(fd)
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(grace * 1000)))
        while (1..<repeats).contains(trailingRun(bytes)), ContinuousClock.now < deadline {
            usleep(20_000)
            bytes += readAvailable(fd)
        }
        _ = fcntl(fd, F_SETFL, flags)
        _ = tcsetattr(fd, TCSANOW, &saved)
        return bytes
    }

    /// What can be read from non-blocking `fd` now, 64 kB at most.
    private static func readAvailable(_ fd: Int32) -> [UInt8] {
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
        return bytes
    }

    /// How many times the reset key ends `bytes`.
    private static func trailingRun(_ bytes: [UInt8]) -> Int {
        bytes.reversed().prefix { $0 == key }.count
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
