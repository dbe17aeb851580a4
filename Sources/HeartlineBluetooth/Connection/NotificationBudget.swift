/// What one wake-up of the loop may read from a sensor's socket, and how many notifications a
/// second a sensor can plausibly send.
///
/// A strap notifies about once a second, a footpod or a power meter a few times a second. A
/// peer that sends without limit (a broken or hostile device, a fuzzer) must not hold the loop:
/// each wake-up reads at most `pdusPerWake` PDUs and goes back to the loop, so that keys,
/// timers and speech get their turn; the kernel's socket buffer holds the rest until the next
/// turn. Notifications beyond `perSecond` in one second are dropped before they are decoded and
/// counted, so that a flood costs a `recv` each and never reaches the core. Responses,
/// indications and the peer's requests are never dropped: the GATT exchange needs each of them.
/// The values that do get through are checked by the core as any other.
struct NotificationBudget {
    /// PDUs read from the socket in one wake-up of the loop.
    static let pdusPerWake = 32
    /// Notifications a second that are taken; the rest of that second's are dropped.
    static let perSecond = 50

    private var windowStart: Double?
    private var inWindow = 0
    /// Dropped in the current second.
    private(set) var droppedInWindow = 0
    /// Dropped since the budget was made (one connection).
    private(set) var dropped = 0

    /// Whether a notification arriving at `now` (seconds, monotonic) is taken. A second that
    /// ended with drops is returned as `closed`, for the caller to log.
    mutating func admit(now: Double) -> (taken: Bool, closed: Int?) {
        var closed: Int?
        if let start = windowStart, now - start < 1, now >= start {
            inWindow += 1
        } else {
            if droppedInWindow > 0 { closed = droppedInWindow }
            windowStart = now
            inWindow = 1
            droppedInWindow = 0
        }
        guard inWindow > Self.perSecond else { return (true, closed) }
        droppedInWindow += 1
        dropped += 1
        return (false, closed)
    }
}
