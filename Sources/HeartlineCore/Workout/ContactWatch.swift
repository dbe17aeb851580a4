import Foundation

/// Auto-pause on strap contact: pauses when the strap has had no skin contact for a while, and
/// resumes when contact has been back for a while, but never resumes a pause the user made.
///
/// Three seconds without contact before pausing: straps report a lost contact for a beat or
/// two when they shift during a stride. Two seconds of contact before resuming: a strap being
/// put back on touches and lets go.
public struct ContactWatch: Sendable {
    public static let pauseAfter: TimeInterval = 3
    public static let resumeAfter: TimeInterval = 2

    public enum Action: Equatable, Sendable {
        case pause
        case resume
    }

    public var isEnabled: Bool
    /// Whether the current pause is the watch's own.
    public private(set) var pausedByContact = false
    private var lostSince: Date?
    private var backSince: Date?

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Looks at the contact state at `now`; `contact` is nil when the strap says nothing about it.
    public mutating func observe(contact: Bool?, isPaused: Bool, at now: Date) -> Action? {
        guard isEnabled, let contact else {
            lostSince = nil
            backSince = nil
            return nil
        }
        if contact {
            lostSince = nil
            guard pausedByContact, isPaused, Self.held(&backSince, for: Self.resumeAfter, at: now) else { return nil }
            pausedByContact = false
            return .resume
        } else {
            backSince = nil
            guard !isPaused, Self.held(&lostSince, for: Self.pauseAfter, at: now) else { return nil }
            pausedByContact = true
            return .pause
        }
    }

    /// Whether what began at `since` (now, if it had not begun) has held for `seconds`; once it
    /// has, it is forgotten.
    private static func held(_ since: inout Date?, for seconds: TimeInterval, at now: Date) -> Bool {
        let start = since ?? now
        since = start
        guard now.timeIntervalSince(start) >= seconds else { return false }
        since = nil
        return true
    }

    /// The user paused or resumed by hand: the watch lets go of its pause.
    public mutating func userTookOver() {
        pausedByContact = false
        lostSince = nil
        backSince = nil
    }
}
