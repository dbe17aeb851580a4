import Foundation

/// The strap's skin contact: said when it is lost and when it is back, whether or not
/// auto-pause is on; with auto-pause on it also pauses and resumes, but never resumes a pause
/// the user made.
///
/// Three seconds without contact before it counts as lost: straps report a lost contact for a
/// beat or two when they shift during a stride. Two seconds of contact before it counts as back:
/// a strap being put back on touches and lets go.
public struct ContactWatch: Sendable {
    public static let pauseAfter: TimeInterval = 3
    public static let resumeAfter: TimeInterval = 2

    public enum Action: Equatable, Sendable {
        /// Contact lost, and the workout paused for it (auto-pause).
        case pause
        /// Contact back, and the workout resumed from the watch's own pause.
        case resume
        /// Contact lost; nothing pauses (auto-pause off, or the user's own pause).
        case lost
        /// Contact back; nothing resumes.
        case back
    }

    /// Whether a lost contact pauses the workout (auto-pause).
    public var isEnabled: Bool
    /// Whether the current pause is the watch's own.
    public private(set) var pausedByContact = false
    /// Whether contact was said to be lost and not yet said to be back.
    public private(set) var isLost = false
    private var lostSince: Date?
    private var backSince: Date?

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Looks at the contact state at `now`; `contact` is nil when the strap says nothing about it.
    public mutating func observe(contact: Bool?, isPaused: Bool, at now: Date) -> Action? {
        guard let contact else {
            lostSince = nil
            backSince = nil
            return nil
        }
        if contact {
            lostSince = nil
            guard isLost, Self.held(&backSince, for: Self.resumeAfter, at: now) else { return nil }
            isLost = false
            let resumes = pausedByContact && isPaused
            pausedByContact = false
            return resumes ? .resume : .back
        } else {
            backSince = nil
            guard !isLost, Self.held(&lostSince, for: Self.pauseAfter, at: now) else { return nil }
            isLost = true
            guard isEnabled, !isPaused else { return .lost }
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

    /// The user resumed by hand: the watch lets go of its pause; with auto-pause on, a contact
    /// still lost is looked at anew, and pauses the workout again.
    public mutating func userTookOver() {
        pausedByContact = false
        if isEnabled { isLost = false }
        lostSince = nil
        backSince = nil
    }
}
