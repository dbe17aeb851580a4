#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// The time the core is given: the wall clock at launch plus the time elapsed since, read from
/// the monotonic clock; or a simulated clock that moves only when told.
///
/// A board without a real-time clock sets its wall clock from the network whenever the network
/// appears, a day forwards or an hour back. The core never sees that step: workout durations,
/// readouts, zone cues, plan phases and reconnection waits are measured on CLOCK_BOOTTIME, which
/// never steps. The wall clock only labels: `wallOffset` says how far it has moved away from this
/// clock since launch, and a saved workout's start label is corrected by it
/// (`WallClockLabels`).
///
/// CLOCK_BOOTTIME, not CLOCK_MONOTONIC: a board that suspends during a workout counts the
/// suspended time as workout time, as a stopwatch would. The athlete may well have kept moving;
/// the samples show the gap.
public final class ShellClock {
    private var simulatedNow: Date?
    private let launchWall: Date
    private let launchBoot: Double

    /// - Parameter simulatedStart: when set, the clock starts there and moves only by `advance`.
    public init(simulatedStart: Date? = nil) {
        simulatedNow = simulatedStart
        launchBoot = Self.bootSeconds()
        launchWall = Date()
    }

    public var isSimulated: Bool { simulatedNow != nil }

    public var now: Date { simulatedNow ?? launchWall.addingTimeInterval(elapsed) }

    /// Seconds since launch on CLOCK_BOOTTIME.
    public var elapsed: TimeInterval { Self.bootSeconds() - launchBoot }

    /// The wall clock minus this clock: zero until the wall clock is stepped (by NTP, by hand).
    public var wallOffset: TimeInterval {
        isSimulated ? 0 : Date().timeIntervalSince(now)
    }

    public func advance(by seconds: TimeInterval) {
        simulatedNow = simulatedNow?.addingTimeInterval(seconds)
    }

    private static func bootSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
