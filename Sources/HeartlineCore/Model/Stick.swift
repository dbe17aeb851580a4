/// What the core asks of the USB stick's edge.
public enum StickCommand: Equatable, Sendable {
    /// Mounts the stick (if it is not), copies to it the saved workouts it lacks in these
    /// formats (none: no workouts), copies its plan files into the plans folder when `plans`,
    /// then syncs and unmounts it; answered with `StickEvent.finished`, then `.ejected` or
    /// `.ejectFailed`.
    case transfer(workouts: [ExportFormat], plans: Bool)
    /// Syncs and unmounts the stick; answered with `.ejected` or `.ejectFailed`.
    case eject
}

/// Why a transfer to or from the stick stopped short.
public enum StickProblem: Error, Equatable, Sendable {
    /// The stick takes no writes (its switch, or a file system mounted read-only).
    case readOnly
    /// The stick filled up: the files copied before are whole, the rest stay on the board.
    case full
    /// The stick went before the transfer ended.
    case removed
    /// The stick could not be mounted.
    case unmountable
    /// The stick's file system was left damaged (pulled out mid-write) and could not be mended:
    /// nothing was written to it.
    case damaged
    /// Writing failed for another reason.
    case failed
}

/// What the USB stick's edge tells the core.
/// A plan file from outside whose name a file on the board has: it is kept beside it as `kept`.
public struct PlanKept: Equatable, Sendable {
    public var name: String
    public var kept: String

    public init(name: String, kept: String) {
        self.name = name
        self.kept = kept
    }
}

public enum StickEvent: Equatable, Sendable {
    /// A stick with a file system was plugged in.
    case inserted
    /// The stick's file system was not clean (pulled out mid-write) and was mended before
    /// anything was written to it.
    case mended
    /// A transfer ended: how many workouts were copied to the stick (each whole), how many plan
    /// files were read from it, and why it stopped short, if it did; `kept`: each plan file
    /// whose name was taken on the board already, by the new name it was kept under (nothing on
    /// the board is replaced by a file from outside).
    case finished(copied: Int, plans: Int, problem: StickProblem?, kept: [PlanKept] = [])
    /// The stick is synced and unmounted: it may be pulled out.
    case ejected
    /// The stick could not be unmounted (a file on it is still open).
    case ejectFailed
    /// The stick went (pulled out, or powered off after its unmount).
    case removed
}
