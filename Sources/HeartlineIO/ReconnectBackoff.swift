/// How long to wait before each attempt to connect again: the strap's 1, 2, 4, 8 seconds, then
/// every 10, or the waits a caller gives (the headset's, the sound server's watch).
///
/// A strap that dropped out usually advertises again within seconds (a Polar H10 came back in
/// about 1.5 s), so the first tries come quickly; one that is switched off or asleep is tried
/// every 10 seconds for as long as the source runs, without ever giving up.
public struct ReconnectBackoff: Sendable {
    public static let standard: [Double] = [1, 2, 4, 8, 10]

    private let delays: [Double]
    private var attempt = 0

    /// - Parameter delays: the waits in order; the last repeats forever. Must not be empty.
    public init(delays: [Double] = Self.standard) {
        precondition(!delays.isEmpty, "a back-off needs at least one delay")
        self.delays = delays
    }

    /// The wait before the next attempt.
    public mutating func nextDelay() -> Double {
        defer { attempt = min(attempt + 1, delays.count - 1) }
        return delays[attempt]
    }

    /// Starts again from the first delay, after a connection succeeded.
    public mutating func reset() {
        attempt = 0
    }
}
