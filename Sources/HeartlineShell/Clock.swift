import Foundation

/// The time the core is given. Real time, or a simulated clock that moves only when told.
public final class ShellClock {
    private var simulatedNow: Date?

    /// - Parameter simulatedStart: when set, the clock starts there and moves only by `advance`.
    public init(simulatedStart: Date? = nil) {
        simulatedNow = simulatedStart
    }

    public var isSimulated: Bool { simulatedNow != nil }

    public var now: Date { simulatedNow ?? Date() }

    public func advance(by seconds: TimeInterval) {
        simulatedNow = simulatedNow?.addingTimeInterval(seconds)
    }
}
