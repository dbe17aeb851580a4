/// A range of attribute handles, both ends included.
public struct HandleRange: Equatable, Sendable {
    public var start: UInt16
    public var end: UInt16

    public init(_ start: UInt16, _ end: UInt16) {
        self.start = start
        self.end = end
    }
}

/// A handle and its value, as Read By Type answers.
public struct AttributeValue: Equatable, Sendable {
    public var handle: UInt16
    public var value: [UInt8]

    public init(handle: UInt16, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}

/// A group of attributes (a service), as Read By Group Type answers.
public struct AttributeGroup: Equatable, Sendable {
    public var handle: UInt16
    public var endGroup: UInt16
    /// For a primary service, its UUID (2 or 16 bytes).
    public var value: [UInt8]

    public init(handle: UInt16, endGroup: UInt16, value: [UInt8]) {
        self.handle = handle
        self.endGroup = endGroup
        self.value = value
    }
}

/// A handle and its type, as Find Information answers.
public struct AttributeInfo: Equatable, Sendable {
    public var handle: UInt16
    public var type: BluetoothUUID

    public init(handle: UInt16, type: BluetoothUUID) {
        self.handle = handle
        self.type = type
    }
}

/// ATT error codes (Core spec Vol 3 Part F 3.4.1.1) that the client tells apart.
public enum ATTErrorCode {
    public static let invalidHandle: UInt8 = 0x01
    public static let readNotPermitted: UInt8 = 0x02
    public static let invalidPDU: UInt8 = 0x04
    public static let insufficientAuthentication: UInt8 = 0x05
    public static let requestNotSupported: UInt8 = 0x06
    public static let attributeNotFound: UInt8 = 0x0A
    public static let insufficientEncryption: UInt8 = 0x0F
}

/// What role an opcode plays, which decides whether it must be answered.
public enum ATTOpcodeKind: Equatable, Sendable {
    case request, response, command, notification, indication, confirmation
}

/// One Attribute Protocol PDU: the opcode and its little-endian parameters.
///
/// Covers what a heart-rate client sends and receives; every other opcode decodes to `.other`
/// so that a request can still be refused and anything else ignored.
public enum ATTPDU: Equatable, Sendable {
    case errorResponse(request: UInt8, handle: UInt16, code: UInt8)
    case exchangeMTURequest(mtu: UInt16)
    case exchangeMTUResponse(mtu: UInt16)
    case findInformationRequest(HandleRange)
    case findInformationResponse([AttributeInfo])
    case readByTypeRequest(HandleRange, type: BluetoothUUID)
    /// Every value has the same length, as the PDU's length byte requires.
    case readByTypeResponse([AttributeValue])
    case readRequest(handle: UInt16)
    case readResponse(value: [UInt8])
    case readByGroupTypeRequest(HandleRange, type: BluetoothUUID)
    /// Every value has the same length, as the PDU's length byte requires.
    case readByGroupTypeResponse([AttributeGroup])
    case writeRequest(handle: UInt16, value: [UInt8])
    case writeResponse
    case notification(handle: UInt16, value: [UInt8])
    case indication(handle: UInt16, value: [UInt8])
    case confirmation
    case other(opcode: UInt8, parameters: [UInt8])

    /// Decodes one PDU (one L2CAP packet on the ATT channel).
    /// - Throws: `FrameError` when a known opcode's parameters have the wrong shape.
    public init(decoding bytes: [UInt8]) throws(FrameError) {
        var reader = ByteReader(bytes)
        let opcode = try reader.uint8("opcode")
        switch opcode {
        case 0x01:
            self = .errorResponse(
                request: try reader.uint8("request opcode"), handle: try reader.uint16("handle"),
                code: try reader.uint8("error code"))
            try reader.expectEnd(after: "error code")
        case 0x02, 0x03:
            let mtu = try reader.uint16("MTU")
            try reader.expectEnd(after: "MTU")
            self = opcode == 0x02 ? .exchangeMTURequest(mtu: mtu) : .exchangeMTUResponse(mtu: mtu)
        case 0x04:
            self = .findInformationRequest(try Self.range(&reader))
            try reader.expectEnd(after: "handle range")
        case 0x05:
            self = .findInformationResponse(try Self.information(&reader))
        case 0x08, 0x10:
            let range = try Self.range(&reader)
            guard let type = BluetoothUUID(littleEndian: reader.rest()) else {
                throw .invalid(field: "attribute type length", value: bytes.count - 5)
            }
            self = opcode == 0x08 ? .readByTypeRequest(range, type: type) : .readByGroupTypeRequest(range, type: type)
        case 0x09:
            let length = Int(try reader.uint8("entry length"))
            guard length >= 2 else { throw .invalid(field: "entry length", value: length) }
            self = .readByTypeResponse(
                try Self.entries(&reader, length: length) { entry throws(FrameError) in
                    AttributeValue(handle: try entry.uint16("handle"), value: entry.rest())
                })
        case 0x0A:
            self = .readRequest(handle: try reader.uint16("handle"))
            try reader.expectEnd(after: "handle")
        case 0x0B:
            self = .readResponse(value: reader.rest())
        case 0x11:
            let length = Int(try reader.uint8("entry length"))
            guard length >= 4 else { throw .invalid(field: "entry length", value: length) }
            self = .readByGroupTypeResponse(
                try Self.entries(&reader, length: length) { entry throws(FrameError) in
                    AttributeGroup(handle: try entry.uint16("handle"), endGroup: try entry.uint16("end group handle"), value: entry.rest())
                })
        case 0x12, 0x1B, 0x1D:
            let handle = try reader.uint16("handle")
            let value = reader.rest()
            self =
                switch opcode {
                case 0x12: .writeRequest(handle: handle, value: value)
                case 0x1B: .notification(handle: handle, value: value)
                default: .indication(handle: handle, value: value)
                }
        case 0x13, 0x1E:
            try reader.expectEnd(after: "opcode")
            self = opcode == 0x13 ? .writeResponse : .confirmation
        default:
            self = .other(opcode: opcode, parameters: reader.rest())
        }
    }

    public var opcode: UInt8 {
        switch self {
        case .errorResponse: 0x01
        case .exchangeMTURequest: 0x02
        case .exchangeMTUResponse: 0x03
        case .findInformationRequest: 0x04
        case .findInformationResponse: 0x05
        case .readByTypeRequest: 0x08
        case .readByTypeResponse: 0x09
        case .readRequest: 0x0A
        case .readResponse: 0x0B
        case .readByGroupTypeRequest: 0x10
        case .readByGroupTypeResponse: 0x11
        case .writeRequest: 0x12
        case .writeResponse: 0x13
        case .notification: 0x1B
        case .indication: 0x1D
        case .confirmation: 0x1E
        case .other(let opcode, _): opcode
        }
    }

    /// The PDU as it travels.
    public var encoded: [UInt8] {
        var bytes = [opcode]
        switch self {
        case .errorResponse(let request, let handle, let code):
            bytes.append(request)
            bytes.appendLittleEndian(handle)
            bytes.append(code)
        case .exchangeMTURequest(let mtu), .exchangeMTUResponse(let mtu):
            bytes.appendLittleEndian(mtu)
        case .findInformationRequest(let range):
            bytes.appendLittleEndian(range.start)
            bytes.appendLittleEndian(range.end)
        case .findInformationResponse(let entries):
            let short = entries.allSatisfy { $0.type.shortValue != nil }
            bytes.append(short ? 1 : 2)
            for entry in entries {
                bytes.appendLittleEndian(entry.handle)
                bytes += short ? entry.type.littleEndianBytes : entry.type.longLittleEndianBytes
            }
        case .readByTypeRequest(let range, let type), .readByGroupTypeRequest(let range, let type):
            bytes.appendLittleEndian(range.start)
            bytes.appendLittleEndian(range.end)
            bytes += type.littleEndianBytes
        case .readByTypeResponse(let entries):
            bytes.append(UInt8(truncatingIfNeeded: 2 + (entries.first?.value.count ?? 0)))
            for entry in entries {
                bytes.appendLittleEndian(entry.handle)
                bytes += entry.value
            }
        case .readRequest(let handle):
            bytes.appendLittleEndian(handle)
        case .readByGroupTypeResponse(let entries):
            bytes.append(UInt8(truncatingIfNeeded: 4 + (entries.first?.value.count ?? 0)))
            for entry in entries {
                bytes.appendLittleEndian(entry.handle)
                bytes.appendLittleEndian(entry.endGroup)
                bytes += entry.value
            }
        case .writeRequest(let handle, let value), .notification(let handle, let value), .indication(let handle, let value):
            bytes.appendLittleEndian(handle)
            bytes += value
        case .readResponse(let value), .other(_, let value):
            bytes += value
        case .writeResponse, .confirmation:
            break
        }
        return bytes
    }

    /// The role of `opcode`. Unknown opcodes without the command bit count as requests, so they
    /// are refused rather than left unanswered (a peer waits 30 s for an answer), as BlueZ does.
    public static func kind(of opcode: UInt8) -> ATTOpcodeKind {
        switch opcode {
        case 0x01, 0x03, 0x05, 0x07, 0x09, 0x0B, 0x0D, 0x0F, 0x11, 0x13, 0x17, 0x19, 0x21: .response
        case 0x1B, 0x23: .notification
        case 0x1D: .indication
        case 0x1E: .confirmation
        case _ where opcode & 0x40 != 0: .command
        default: .request
        }
    }

    /// The response opcode that answers `request`.
    public static func responseOpcode(for request: UInt8) -> UInt8 { request + 1 }

    private static func range(_ reader: inout ByteReader) throws(FrameError) -> HandleRange {
        HandleRange(try reader.uint16("start handle"), try reader.uint16("end handle"))
    }

    private static func information(_ reader: inout ByteReader) throws(FrameError) -> [AttributeInfo] {
        let format = try reader.uint8("format")
        let uuidLength: Int
        switch format {
        case 1: uuidLength = 2
        case 2: uuidLength = 16
        default: throw .invalid(field: "format", value: Int(format))
        }
        return try entries(&reader, length: 2 + uuidLength) { entry throws(FrameError) in
            let handle = try entry.uint16("handle")
            // Two or sixteen bytes always make a UUID.
            return AttributeInfo(handle: handle, type: BluetoothUUID(littleEndian: entry.rest())!)
        }
    }

    /// Splits the rest into at least one entry of `length` bytes, refusing a remainder.
    private static func entries<Entry>(
        _ reader: inout ByteReader, length: Int, _ parse: (inout ByteReader) throws(FrameError) -> Entry
    ) throws(FrameError) -> [Entry] {
        guard reader.remaining >= length else { throw .truncated(field: "first entry") }
        guard reader.remaining % length == 0 else {
            throw .trailingBytes(field: "entries", count: reader.remaining % length)
        }
        var list: [Entry] = []
        while !reader.isAtEnd {
            var entry = ByteReader(try reader.bytes(length, "entry"))
            list.append(try parse(&entry))
        }
        return list
    }
}
