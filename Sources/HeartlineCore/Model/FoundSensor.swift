/// A heart-rate strap heard in a scan, as the user chooses among them.
public struct FoundSensor: Equatable, Sendable {
    /// What to call it aloud (its advertised name, or a spoken stand-in).
    public var name: String
    /// How to reach it again: a Bluetooth address or `att-socket:PATH`.
    public var address: String
    /// Signal strength in dBm; nearer is stronger.
    public var signal: Int

    public init(name: String, address: String, signal: Int) {
        self.name = name
        self.address = address
        self.signal = signal
    }
}
