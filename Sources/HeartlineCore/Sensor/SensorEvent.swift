/// Whether the strap touches skin, as the Heart Rate Measurement's sensor-contact bits say.
public enum SensorContact: Equatable, Sendable {
    /// The strap does not report contact (optical sensors, some older straps).
    case unsupported
    /// The strap reports contact and has it.
    case detected
    /// The strap reports contact and has none (loose or dry strap).
    case lost
}

/// One heart-rate notification, already decoded.
public struct HeartRateReading: Equatable, Sendable {
    /// Beats per minute as the strap sent them (0 is possible with no contact).
    public var beatsPerMinute: Int
    public var contact: SensorContact
    /// Energy expended since the strap's last reset, in kilojoules, when sent.
    public var energyExpended: Int?
    /// Beat-to-beat intervals in 1/1024 second, oldest first.
    public var rrIntervals: [Int]

    public init(beatsPerMinute: Int, contact: SensorContact = .unsupported, energyExpended: Int? = nil, rrIntervals: [Int] = []) {
        self.beatsPerMinute = beatsPerMinute
        self.contact = contact
        self.energyExpended = energyExpended
        self.rrIntervals = rrIntervals
    }
}

/// A problem with the sensor that the user must hear about, in words the core renders.
public enum SensorProblem: Equatable, Sendable {
    /// This computer has no Bluetooth support or no adapter.
    case noAdapter
    /// The program lacks the capability to use Bluetooth (setcap, see the administrator's guide).
    case permissionDenied
    /// Another program (bluetoothd) holds the strap's connection.
    case busy
    /// Another program holds the whole adapter for itself (the kernel's HCI user channel, as
    /// Bumble, Android's emulator or a firmware tool use it): the system does not offer it.
    case adapterBusy
    /// rfkill blocks the Bluetooth adapter (a radio switch, flight mode, `rfkill block`).
    case blocked
    /// The strap could not be reached (out of range, asleep, switched off).
    case unreachable
    /// Anything else, with the system's own words for the log.
    case other(String)
    /// The device's services say it is a sensor of another kind; `taken` when Heartline uses it
    /// as that kind, because none of that kind is given already.
    case otherKind(SensorKind, taken: Bool)
}

/// What a heart-rate source reports to the core.
public enum SensorEvent: Equatable, Sendable {
    /// Connected (or reconnected) to a strap, notifications enabled.
    case connected(name: String)
    /// The connection dropped; the source keeps trying to reconnect.
    case disconnected
    case reading(HeartRateReading)
    /// A footpod, bike sensor or power meter reading (see `SensorReading`); the workout does
    /// not use these yet.
    case sensorReading(SensorReading)
    /// Battery level in percent, 0 to 100.
    case battery(Int)
    /// Who made the strap and its model, as its Device Information service says (each nil when
    /// it does not say), read at each connection; `strap` is its address as `--sensor` takes it.
    case identified(strap: String, manufacturer: String?, model: String?)
    /// The strap asks for an encrypted link, and the kernel pairs with it (Just Works).
    case pairing
    /// A fitness machine's news: what it is, its answers to commands, changes it reports.
    case machine(MachineEvent)
    /// The source could not start or cannot go on.
    case problem(SensorProblem)
}
