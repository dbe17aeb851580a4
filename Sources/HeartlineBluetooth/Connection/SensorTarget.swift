/// Which strap to connect to, as given on the command line or in the settings.
public enum SensorTarget: Equatable, Sendable, CustomStringConvertible {
    /// A strap reached through the kernel's Bluetooth stack.
    case address(BluetoothAddress)
    /// A Unix SOCK_SEQPACKET socket at `path` carrying one ATT PDU per packet: a test's fake
    /// strap, or a bridge to another Bluetooth stack.
    case attSocket(path: String)

    private static let socketPrefix = "att-socket:"

    /// Parses `AA:BB:CC:DD:EE:FF`, `AA:BB:CC:DD:EE:FF/random` (or `/public`) or `att-socket:PATH`.
    public init?(argument: String) {
        if argument.hasPrefix(Self.socketPrefix) {
            let path = String(argument.dropFirst(Self.socketPrefix.count))
            guard !path.isEmpty else { return nil }
            self = .attSocket(path: path)
        } else if let address = BluetoothAddress(argument) {
            self = .address(address)
        } else {
            return nil
        }
    }

    /// The argument form, which `init?(argument:)` reads back.
    public var description: String {
        switch self {
        case .address(let address): address.description
        case .attSocket(let path): Self.socketPrefix + path
        }
    }

    /// Starts connecting to the target.
    func openTransport() throws(SensorProblemError) -> any ATTTransport {
        switch self {
        case .address(let address): try PacketSocket.connectATT(to: address)
        case .attSocket(let path): try PacketSocket.connectUnix(path: path)
        }
    }
}
