import HeartlineCore

// The prompts of Prompts/en/system.prompts: start-up, the configuration file and the self-check.
// A test checks this list and the catalogue against each other.

extension Prompt {
    public static let systemReady = Prompt("system.ready")
    /// Printed (not spoken: nothing would be heard) when no sound output was found at start.
    public static let systemNoSound = Prompt("system.no-sound")

    public static let configUnreadable = Prompt("config.unreadable", ["path"])
    public static let configNotAFile = Prompt("config.not-a-file", ["path"])
    public static let configTooLarge = Prompt("config.too-large", ["kilobytes", "path"])
    public static let configMalformed = Prompt("config.malformed", ["line"])
    public static let configUnknown = Prompt("config.unknown", ["key", "line"])
    public static let configNumber = Prompt("config.number", ["highest", "key", "line", "lowest"])
    public static let configChoice = Prompt("config.choice", ["choices", "key", "line"])
    public static let configEmpty = Prompt("config.empty", ["key", "line"])
    public static let configAddress = Prompt("config.address", ["key", "line"])
    public static let configPath = Prompt("config.path", ["key", "line"])
    public static let configKeyName = Prompt("config.key-name", ["key", "line"])
    public static let configAction = Prompt("config.action", ["key", "line"])

    public static let checkSpeechRunning = Prompt("check.speech.running", ["output"])
    public static let checkSpeechStarts = Prompt("check.speech.starts", ["output"])
    public static let checkSpeechDirect = Prompt("check.speech.direct", ["output"])
    public static let checkSpeechNoOutput = Prompt("check.speech.no-output")
    public static let checkOutputServer = Prompt("check.output.server")
    public static let checkOutputHeadset = Prompt("check.output.headset", ["name"])
    public static let checkUserManagerMissing = Prompt("check.user-manager.missing")
    public static let checkBluetoothUnsupported = Prompt("check.bluetooth.unsupported")
    public static let checkBluetoothNoAdapter = Prompt("check.bluetooth.no-adapter")
    public static let checkBluetoothBlocked = Prompt("check.bluetooth.blocked", ["adapter"])
    public static let checkBluetoothNoPermission = Prompt("check.bluetooth.no-permission", ["adapter"])
    public static let checkBluetoothReady = Prompt("check.bluetooth.ready", ["adapter"])
    public static let checkStrapNone = Prompt("check.strap.none")
    public static let checkStrapUnreadable = Prompt("check.strap.unreadable")
    public static let checkStrapNoBluetooth = Prompt("check.strap.no-bluetooth", ["strap"])
    public static let checkStrapRemembered = Prompt("check.strap.remembered", ["strap"])
    public static let checkStrapHeard = Prompt("check.strap.heard", ["strap"])
    public static let checkStrapNotHeard = Prompt("check.strap.not-heard", ["strap"])
    public static let checkStorageOk = Prompt("check.storage.ok", ["free"])
    public static let checkStorageInUse = Prompt("check.storage.in-use", ["free"])
    public static let checkStorageLow = Prompt("check.storage.low", ["free", "path"])
    public static let checkStorageReadOnly = Prompt("check.storage.read-only", ["path"])
    public static let checkSizeMegabytes = Prompt("check.size.megabytes", ["count"])
    public static let checkSizeGigabytes = Prompt("check.size.gigabytes", ["count"])

    /// Every sentence about the system (Prompts/en/system.prompts).
    public static let system: [Prompt] = [
        systemReady, systemNoSound,
        configUnreadable, configNotAFile, configTooLarge, configMalformed, configUnknown, configNumber, configChoice, configEmpty,
        configAddress, configPath, configKeyName, configAction,
        checkSpeechRunning, checkSpeechStarts, checkSpeechDirect, checkSpeechNoOutput, checkOutputServer, checkOutputHeadset,
        checkUserManagerMissing,
        checkBluetoothUnsupported, checkBluetoothNoAdapter, checkBluetoothBlocked, checkBluetoothNoPermission,
        checkBluetoothReady,
        checkStrapNone, checkStrapUnreadable, checkStrapNoBluetooth, checkStrapRemembered, checkStrapHeard,
        checkStrapNotHeard,
        checkStorageOk, checkStorageInUse, checkStorageLow, checkStorageReadOnly,
        checkSizeMegabytes, checkSizeGigabytes,
    ]
}
