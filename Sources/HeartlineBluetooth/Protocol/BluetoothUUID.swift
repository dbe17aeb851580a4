/// An attribute or service type: a 16-bit assigned number or a full 128-bit UUID.
///
/// A 128-bit UUID built on the Bluetooth base UUID (0000xxxx-0000-1000-8000-00805F9B34FB) is
/// the same type as its 16-bit short form, so both spellings compare equal.
public struct BluetoothUUID: Hashable, Sendable, CustomStringConvertible {
    /// Two or sixteen bytes, little-endian as they travel.
    public let littleEndianBytes: [UInt8]

    public init(_ shortValue: UInt16) {
        littleEndianBytes = [UInt8(shortValue & 0xFF), UInt8(shortValue >> 8)]
    }

    /// Reads a UUID as it travels: 2 or 16 bytes, little-endian; nil for any other length.
    public init?(littleEndian bytes: [UInt8]) {
        switch bytes.count {
        case 2:
            littleEndianBytes = bytes
        case 16:
            if Array(bytes[0..<12]) == Self.baseTail, bytes[14] == 0, bytes[15] == 0 {
                littleEndianBytes = [bytes[12], bytes[13]]
            } else {
                littleEndianBytes = bytes
            }
        default:
            return nil
        }
    }

    /// The 16-bit assigned number, when this is one.
    public var shortValue: UInt16? {
        littleEndianBytes.count == 2 ? UInt16(littleEndianBytes[0]) | UInt16(littleEndianBytes[1]) << 8 : nil
    }

    /// All sixteen bytes, little-endian, a 16-bit number placed in the base UUID.
    public var longLittleEndianBytes: [UInt8] {
        littleEndianBytes.count == 16 ? littleEndianBytes : Self.baseTail + littleEndianBytes + [0, 0]
    }

    public var description: String {
        if let shortValue {
            return "0x" + UInt8(shortValue >> 8).hexDigits + UInt8(shortValue & 0xFF).hexDigits
        }
        let bigEndian = littleEndianBytes.reversed().map(\.hexDigits)
        let groups = [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { bigEndian[$0].joined() }
        return groups.joined(separator: "-")
    }

    /// The base UUID's twelve low bytes, little-endian: 00805F9B34FB-8000-1000-0000.
    private static let baseTail: [UInt8] = [0xFB, 0x34, 0x9B, 0x5F, 0x80, 0x00, 0x00, 0x80, 0x00, 0x10, 0x00, 0x00]
}

extension BluetoothUUID {
    static let primaryService = BluetoothUUID(0x2800)
    static let characteristic = BluetoothUUID(0x2803)
    static let clientConfiguration = BluetoothUUID(0x2902)

    public static let genericAccessService = BluetoothUUID(0x1800)
    public static let heartRateService = BluetoothUUID(0x180D)
    public static let batteryService = BluetoothUUID(0x180F)
    public static let deviceInformationService = BluetoothUUID(0x180A)

    public static let deviceName = BluetoothUUID(0x2A00)
    public static let heartRateMeasurement = BluetoothUUID(0x2A37)
    public static let bodySensorLocation = BluetoothUUID(0x2A38)
    public static let batteryLevel = BluetoothUUID(0x2A19)
    public static let manufacturerName = BluetoothUUID(0x2A29)
    public static let modelNumber = BluetoothUUID(0x2A24)

    public static let fitnessMachineService = BluetoothUUID(0x1826)
    public static let fitnessMachineFeature = BluetoothUUID(0x2ACC)
    public static let treadmillData = BluetoothUUID(0x2ACD)
    public static let rowerData = BluetoothUUID(0x2AD1)
    public static let indoorBikeData = BluetoothUUID(0x2AD2)
    public static let trainingStatus = BluetoothUUID(0x2AD3)
    public static let supportedSpeedRange = BluetoothUUID(0x2AD4)
    public static let supportedInclinationRange = BluetoothUUID(0x2AD5)
    public static let supportedResistanceLevelRange = BluetoothUUID(0x2AD6)
    public static let supportedHeartRateRange = BluetoothUUID(0x2AD7)
    public static let supportedPowerRange = BluetoothUUID(0x2AD8)
    public static let fitnessMachineControlPoint = BluetoothUUID(0x2AD9)
    public static let fitnessMachineStatus = BluetoothUUID(0x2ADA)
}
