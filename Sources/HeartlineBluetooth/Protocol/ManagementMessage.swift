/// Commands to and events from the kernel's Bluetooth management interface (the mgmt socket,
/// HCI_CHANNEL_CONTROL), as BlueZ's doc/mgmt-api.txt describes them.
///
/// Every packet is a header (code, controller index, parameter length, each 16 bits
/// little-endian) and its parameters.
public enum ManagementCommand: Equatable, Sendable {
    case readIndexList
    case readControllerInfo(index: UInt16)
    case setPowered(index: UInt16, on: Bool)
    /// Discovery of LE devices (public and random addresses): address types 0x06.
    case startLEDiscovery(index: UInt16)
    case stopLEDiscovery(index: UInt16)
    /// Confirms the pairing the kernel asked about with User Confirmation Request.
    case userConfirmReply(index: UInt16, address: BluetoothAddress)

    /// The index that means "no controller", for commands about all of them.
    public static let noIndex: UInt16 = 0xFFFF
    static let leAddressTypes: UInt8 = 0x06

    public var code: UInt16 {
        switch self {
        case .readIndexList: 0x0003
        case .readControllerInfo: 0x0004
        case .setPowered: 0x0005
        case .startLEDiscovery: 0x0023
        case .stopLEDiscovery: 0x0024
        case .userConfirmReply: 0x001C
        }
    }

    public var encoded: [UInt8] {
        let (index, parameters): (UInt16, [UInt8]) =
            switch self {
            case .readIndexList: (Self.noIndex, [])
            case .readControllerInfo(let index): (index, [])
            case .setPowered(let index, let on): (index, [on ? 1 : 0])
            case .startLEDiscovery(let index), .stopLEDiscovery(let index): (index, [Self.leAddressTypes])
            case .userConfirmReply(let index, let address): (index, address.bytes.reversed() + [address.kind == .random ? 2 : 1])
            }
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(code)
        bytes.appendLittleEndian(index)
        bytes.appendLittleEndian(UInt16(parameters.count))
        return bytes + parameters
    }
}

/// The status a management command completes with.
public enum ManagementStatus: UInt8, Sendable {
    case success = 0x00
    case failed = 0x03
    case busy = 0x0A
    case rejected = 0x0B
    case notSupported = 0x0C
    case invalidParameters = 0x0D
    case notPowered = 0x0F
    case invalidIndex = 0x11
    case rfkilled = 0x12
    case permissionDenied = 0x14
}

public enum ManagementEvent: Equatable, Sendable {
    /// A command finished; `parameters` are its return parameters.
    case commandComplete(command: UInt16, status: UInt8, parameters: [UInt8])
    /// A command failed before it could complete.
    case commandStatus(command: UInt16, status: UInt8)
    case indexAdded(UInt16)
    case indexRemoved(UInt16)
    /// The controller's settings changed; bit 0 is powered.
    case newSettings(index: UInt16, settings: UInt32)
    /// An advertising device, with its advertising data and scan response in `data`.
    case deviceFound(index: UInt16, report: AdvertisingReport)
    case discovering(index: UInt16, active: Bool)
    /// The kernel asks user space to confirm pairing with an LE device; `justWorks` when there is
    /// no number to compare (Confirm Hint 1).
    case userConfirmRequest(index: UInt16, address: BluetoothAddress, justWorks: Bool)
    /// Anything else (there are dozens); ignored.
    case other(code: UInt16)

    /// Parses one packet read from the socket.
    public static func parse(_ packet: [UInt8]) throws(FrameError) -> ManagementEvent {
        var reader = ByteReader(packet)
        let code = try reader.uint16("mgmt event code")
        let index = try reader.uint16("mgmt controller index")
        let length = Int(try reader.uint16("mgmt parameter length"))
        guard reader.remaining >= length else { throw .truncated(field: "mgmt event parameters") }
        guard reader.remaining == length else {
            throw .trailingBytes(field: "mgmt event parameters", count: reader.remaining - length)
        }
        switch code {
        case 0x0001:
            let command = try reader.uint16("command code")
            let status = try reader.uint8("status")
            return .commandComplete(command: command, status: status, parameters: reader.rest())
        case 0x0002:
            let command = try reader.uint16("command code")
            return .commandStatus(command: command, status: try reader.uint8("status"))
        case 0x0004:
            return .indexAdded(index)
        case 0x0005:
            return .indexRemoved(index)
        case 0x0006:
            let low = UInt32(try reader.uint16("settings"))
            let high = UInt32(try reader.uint16("settings"))
            return .newSettings(index: index, settings: low | high << 16)
        case 0x0012:
            return .deviceFound(index: index, report: try deviceFound(&reader))
        case 0x0013:
            _ = try reader.uint8("address types")
            return .discovering(index: index, active: try reader.uint8("discovering") != 0)
        case 0x000F:
            // Address (6, least significant first), address type, confirm hint, value (4).
            let address = try leAddress(&reader)
            let hint = try reader.uint8("confirm hint")
            _ = try reader.bytes(4, "confirm value")
            return .userConfirmRequest(index: index, address: address, justWorks: hint == 1)
        default:
            return .other(code: code)
        }
    }

    /// An address (6, least significant first) and its type (1 LE public, 2 LE random).
    private static func leAddress(_ reader: inout ByteReader) throws(FrameError) -> BluetoothAddress {
        let addressBytes = try reader.bytes(6, "address")
        let type = try reader.uint8("address type")
        let kind: BluetoothAddress.Kind
        switch type {
        case 0, 1: kind = .public
        case 2: kind = .random
        default: throw .invalid(field: "address type", value: Int(type))
        }
        return BluetoothAddress(bytes: addressBytes.reversed(), kind: kind)
    }

    /// Device Found: address and type, RSSI (int8), flags (4), data length (2), data.
    private static func deviceFound(_ reader: inout ByteReader) throws(FrameError) -> AdvertisingReport {
        let address = try leAddress(&reader)
        let rssi = Int(Int8(bitPattern: try reader.uint8("RSSI")))
        let flags = UInt32(try reader.uint16("flags")) | UInt32(try reader.uint16("flags")) << 16
        let length = Int(try reader.uint16("data length"))
        let data = try reader.bytes(length, "advertising data")
        try reader.expectEnd(after: "advertising data")
        // Flag 0x20: the data is a scan response only (the kernel had no advertisement to merge).
        let eventType: AdvertisingReport.EventType = flags & 0x20 != 0 ? .scanResponse : .connectable
        return AdvertisingReport(
            eventType: eventType, address: address,
            data: AdvertisingData.parse(data), rssi: rssi)
    }

    /// Controller Information's current settings: bit 0 powered. The reply is the address (6),
    /// version (1), manufacturer (2), supported settings (4), current settings (4), ...
    public static func currentSettings(fromControllerInfo parameters: [UInt8]) -> UInt32? {
        guard parameters.count >= 17 else { return nil }
        return parameters[13...16].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The controller indices of a Read Controller Index List reply.
    public static func indices(fromIndexList parameters: [UInt8]) -> [UInt16] {
        var reader = ByteReader(parameters)
        guard let count = try? reader.uint16("count") else { return [] }
        var indices: [UInt16] = []
        for _ in 0..<count {
            guard let index = try? reader.uint16("index") else { break }
            indices.append(index)
        }
        return indices
    }
}
