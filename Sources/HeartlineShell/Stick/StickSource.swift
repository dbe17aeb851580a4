/// Where sticks come from: udisks2, or the kernel's own events where udisks2 does not run.
protocol StickSource: AnyObject {
    /// Told on the loop of each stick that comes and goes, by the source's own name for it.
    var events: ((StickSourceEvent) -> Void)? { get set }
    /// Mounts the stick (or finds where it is mounted) and answers with the mount point.
    func mount(_ stick: String, reply: @escaping (Result<String, StickMountFailure>) -> Void)
    /// Unmounts the stick (its data synced) and answers whether it is unmounted.
    func unmount(_ stick: String, reply: @escaping (Bool) -> Void)
}

enum StickSourceEvent: Equatable {
    case inserted(String, readOnly: Bool)
    case removed(String)
}

enum StickMountFailure: Error, Equatable {
    case refused(String)
}
