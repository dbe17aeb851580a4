/// Where sticks come from: udisks2, or the kernel's own events where udisks2 does not run.
protocol StickSource: AnyObject {
    /// Told on the loop of each stick that comes and goes, by the source's own name for it.
    var events: ((StickSourceEvent) -> Void)? { get set }
    /// Checks the stick's file system and mends it where it is not clean (unless it is mounted
    /// already), then mounts it (or finds where it is mounted) and answers with the mount point.
    func mount(_ stick: String, reply: @escaping (Result<StickMount, StickMountFailure>) -> Void)
    /// Unmounts the stick (its data synced) and answers whether it is unmounted.
    func unmount(_ stick: String, reply: @escaping (Bool) -> Void)
}

enum StickSourceEvent: Equatable {
    case inserted(String, readOnly: Bool)
    case removed(String)
}

/// A stick mounted: where, and what its check found before the mount.
struct StickMount: Equatable {
    var path: String
    var check: StickCheck.Outcome
}

enum StickMountFailure: Error, Equatable {
    case refused(String)
    /// The file system was not clean and could not be mended: it was not mounted.
    case damaged(String)
}
