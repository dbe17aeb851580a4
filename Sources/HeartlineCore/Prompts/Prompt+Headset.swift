// The prompts of the Bluetooth headset: every key in Prompts/en/headset.prompts.

extension Prompt {
    public static let settingsHeadset = Prompt("settings.headset")
    public static let titleHeadset = Prompt("title.headset")
    public static let titleHeadsetChoice = Prompt("title.headset-choice")
    public static let headsetRemembered = Prompt("headset.remembered", ["name"])
    public static let headsetRememberedConnected = Prompt("headset.remembered-connected", ["name"])
    public static let headsetNoneRemembered = Prompt("headset.none-remembered")
    public static let headsetFind = Prompt("headset.find")
    public static let headsetForget = Prompt("headset.forget")
    public static let headsetFallbackItem = Prompt("headset.fallback")
    public static let headsetFallbackOn = Prompt("headset.fallback-on")
    public static let headsetFallbackOff = Prompt("headset.fallback-off")
    public static let headsetSearching = Prompt("headset.searching", ["duration"])
    public static let headsetFound = Prompt("headset.found", ["number", "name", "signal"])
    public static let headsetSignalUnknown = Prompt("headset.signal-unknown")
    public static let headsetNoneFound = Prompt("headset.none-found")
    public static let headsetPairing = Prompt("headset.pairing", ["name"])
    public static let headsetConnecting = Prompt("headset.connecting", ["name"])
    public static let headsetPaired = Prompt("headset.paired", ["name"])
    public static let headsetPasskey = Prompt("headset.passkey", ["passkey"])
    public static let headsetConnected = Prompt("headset.connected", ["name"])
    public static let headsetForgotten = Prompt("headset.forgotten", ["name"])
    public static let headsetPairingFailed = Prompt("headset.pairing-failed", ["name"])
    public static let headsetConnectFailed = Prompt("headset.connect-failed", ["name"])
    public static let headsetNoService = Prompt("headset.no-service")
    public static let headsetFailed = Prompt("headset.failed")
    public static let headsetBack = Prompt("headset.back", ["name"])
    public static let headsetMissed = Prompt("headset.missed")
    public static let helpHeadset = Prompt("help.headset")
    public static let helpHeadsetItems = Prompt("help.headset.items")
    public static let helpHeadsetAway = Prompt("help.headset.away")
    public static let helpHeadsetChoice = Prompt("help.headset-choice")
    public static let helpHeadsetChoiceItems = Prompt("help.headset-choice.items")

    /// Every prompt of the headset.
    public static let headset: [Prompt] = [
        settingsHeadset, titleHeadset, titleHeadsetChoice, headsetRemembered, headsetRememberedConnected, headsetNoneRemembered,
        headsetFind, headsetForget, headsetFallbackItem, headsetFallbackOn, headsetFallbackOff, headsetSearching, headsetFound,
        headsetSignalUnknown, headsetNoneFound, headsetPairing,
        headsetConnecting, headsetPaired, headsetPasskey, headsetConnected, headsetForgotten, headsetPairingFailed,
        headsetConnectFailed, headsetNoService, headsetFailed, headsetBack, headsetMissed, helpHeadset, helpHeadsetItems,
        helpHeadsetAway, helpHeadsetChoice, helpHeadsetChoiceItems,
    ]
}
