import HeartlineCore

extension Prompt {
    public static let startLocked = Prompt("start.locked")
    public static let startStorageFailed = Prompt("start.storage-failed", ["path"])
    public static let startCorrupt = Prompt("start.corrupt", ["path"])
    public static let startNewerDatabase = Prompt("start.newer-database", ["path"])
    public static let startNotWritable = Prompt("start.not-writable", ["path"])
    public static let startDeviceFailing = Prompt("start.device-failing", ["path"])
    public static let startLogLost = Prompt("start.log-lost")

    /// Every prompt the shell itself says.
    public static let shell: [Prompt] = [
        startLocked, startStorageFailed, startCorrupt, startNewerDatabase, startNotWritable, startDeviceFailing, startLogLost,
    ]
}
