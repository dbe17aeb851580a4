import HeartlineCore

extension Prompt {
    public static let startLocked = Prompt("start.locked")
    public static let startStorageFailed = Prompt("start.storage-failed", ["path"])
    public static let startCorrupt = Prompt("start.corrupt", ["path"])

    /// Every prompt the shell itself says.
    public static let shell: [Prompt] = [startLocked, startStorageFailed, startCorrupt]
}
