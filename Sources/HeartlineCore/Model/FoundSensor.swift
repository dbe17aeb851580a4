/// A heart-rate strap, footpod, bike sensor or power meter heard in a scan, as the user
/// chooses among them.
public struct FoundSensor: Equatable, Sendable {
    /// What to call it aloud (its advertised name, or a spoken stand-in).
    public var name: String
    /// How to reach it again: a Bluetooth address or `att-socket:PATH`.
    public var address: String
    /// Signal strength in dBm; nearer is stronger.
    public var signal: Int
    /// What it measures, from the services it advertises.
    public var kind: SensorKind

    public init(name: String, address: String, signal: Int, kind: SensorKind = .heartRateStrap) {
        self.name = name
        self.address = address
        self.signal = signal
        self.kind = kind
    }
}
