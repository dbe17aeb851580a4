/// A Bluetooth LE device address with its type, which a connection needs as much as the bytes.
public struct BluetoothAddress: Hashable, Sendable, CustomStringConvertible {
    /// LE address types as the HCI advertising report numbers them (0 public, 1 random).
    ///
    /// The L2CAP socket numbers them differently (BDADDR_LE_PUBLIC 1, BDADDR_LE_RANDOM 2): the
    /// transport converts, nothing else should.
    public enum Kind: String, Sendable {
        /// An address registered to the maker (IEEE OUI).
        case `public`
        /// A random address; straps use static random ones that stay the same across power cycles.
        case random
    }

    /// Six bytes, most significant first, as written "AA:BB:CC:DD:EE:FF".
    public let bytes: [UInt8]
    public let kind: Kind

    /// - Precondition: `bytes` holds six bytes.
    public init(bytes: [UInt8], kind: Kind) {
        precondition(bytes.count == 6, "a Bluetooth address has six bytes")
        self.bytes = bytes
        self.kind = kind
    }

    /// Parses "AA:BB:CC:DD:EE:FF", optionally followed by "/public" or "/random".
    ///
    /// Without a suffix the type is guessed from the top two bits, which are 11 for the static
    /// random addresses straps use; scan results always carry the suffix, so the guess only
    /// serves addresses typed by hand.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let octets = parts[0].split(separator: ":", omittingEmptySubsequences: false)
        guard octets.count == 6 else { return nil }
        var bytes: [UInt8] = []
        for octet in octets {
            guard octet.count == 2, let byte = UInt8(octet, radix: 16) else { return nil }
            bytes.append(byte)
        }
        let kind: Kind
        if parts.count == 2 {
            guard let named = Kind(rawValue: String(parts[1]).lowercased()) else { return nil }
            kind = named
        } else {
            kind = bytes[0] & 0xC0 == 0xC0 ? .random : .public
        }
        self.init(bytes: bytes, kind: kind)
    }

    /// "AA:BB:CC:DD:EE:FF", upper case.
    public var string: String {
        bytes.map(\.hexDigits).joined(separator: ":")
    }

    /// "AA:BB:CC:DD:EE:FF/random": what `init?(_:)` reads back, for settings files.
    public var description: String { "\(string)/\(kind.rawValue)" }
}
