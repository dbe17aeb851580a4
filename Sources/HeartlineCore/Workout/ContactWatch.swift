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
            guard pausedByContact, isPaused else { return nil }
            let since = backSince ?? now
            backSince = since
            if now.timeIntervalSince(since) >= Self.resumeAfter {
                pausedByContact = false
                backSince = nil
                return .resume
            }
        } else {
            backSince = nil
            guard !isPaused else { return nil }
            let since = lostSince ?? now
            lostSince = since
            if now.timeIntervalSince(since) >= Self.pauseAfter {
                pausedByContact = true
                lostSince = nil
                return .pause
            }
        }
        return nil
    }

    /// The user paused or resumed by hand: the watch lets go of its pause.
    public mutating func userTookOver() {
        pausedByContact = false
        lostSince = nil
        backSince = nil
    }
}
