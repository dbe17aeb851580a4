import Foundation

/// A Bluetooth headset chosen in Settings, Headset: Heartline connects to it at launch and
/// whenever it comes back.
public struct RememberedHeadset: Codable, Equatable, Sendable {
    /// The Bluetooth address, "AA:BB:CC:DD:EE:FF".
    public var address: String
    public var name: String
}

/// A Bluetooth audio device bluetoothd found: a headset, headphones or a speaker.
public struct FoundHeadset: Equatable, Sendable {
    public var address: String
    public var name: String
    /// Signal strength in dBm; nil when bluetoothd has none (a device it already knew).
    public var signal: Int?
    public var paired: Bool

    public init(address: String, name: String, signal: Int?, paired: Bool) {
        self.address = address
        self.name = name
        self.signal = signal
        self.paired = paired
    }
}

/// Why a headset step did not work.
public enum HeadsetProblem: Equatable, Sendable {
    /// No Bluetooth adapter, or bluetoothd is not running.
    case noService
    /// The headset refused or did not answer pairing.
    case pairingFailed
    /// The headset did not take the connection (switched off, out of range, busy).
    case connectFailed
    case other
}

/// What the headset client tells the core.
public enum HeadsetEvent: Equatable, Sendable {
    /// The search asked for began: bluetoothd is discovering. Only then is the search said.
    case searching
    /// The search ended with these audio devices, nearest first.
    case found([FoundHeadset])
    case paired(address: String)
    /// bluetoothd took the headset as trusted: it may connect by itself from now on.
    case trusted(address: String)
    case connected(address: String)
    /// The headset went: switched off, out of range, or bluetoothd went away.
    case disconnected(address: String)
    /// A pairing headset shows a passkey, or asks to confirm one: said aloud, digit by digit.
    case passkey(UInt32)
    case forgotten(address: String)
    case failed(HeadsetProblem)
    /// bluetoothd left the system bus, or came back on it.
    case serviceGone
    case serviceBack
}

/// What the core asks of the headset client.
public enum HeadsetCommand: Equatable, Sendable {
    /// Searches for audio devices for `seconds`, then reports them.
    case find(seconds: Double)
    /// Pairs (unless paired), trusts and connects the headset.
    case pairAndConnect(address: String)
    /// Keeps this headset connected: connects it now and again with a back-off whenever it
    /// goes; nil keeps none.
    case keep(address: String?)
    /// Removes the headset from bluetoothd.
    case forget(address: String)
}
