import HeartlineBluetooth
import HeartlineTestSupport
import Testing

@Suite(.timed) struct ATTPDUTests {
    static let vendorUUID: [UInt8] = [0xC8, 0xF0, 0x8D, 0x2D, 0xCD, 0x8A, 0xAD, 0x1C, 0x87, 0xF3, 0xE7, 0x02, 0x80, 0x5C, 0x00, 0xFB]

    static let pdus: [([UInt8], ATTPDU)] = [
        ([0x01, 0x0A, 0x0F, 0x00, 0x02], .errorResponse(request: 0x0A, handle: 0x000F, code: 0x02)),
        ([0x02, 0xF7, 0x00], .exchangeMTURequest(mtu: 247)),
        ([0x03, 0x17, 0x00], .exchangeMTUResponse(mtu: 23)),
        ([0x04, 0x0D, 0x00, 0x0F, 0x00], .findInformationRequest(HandleRange(0x000D, 0x000F))),
        (
            [0x05, 0x01, 0x0D, 0x00, 0x02, 0x29, 0x0E, 0x00, 0x03, 0x28],
            .findInformationResponse([
                AttributeInfo(handle: 0x0D, type: BluetoothUUID(0x2902)), AttributeInfo(handle: 0x0E, type: BluetoothUUID(0x2803)),
            ])
        ),
        (
            [0x05, 0x02, 0x16, 0x00] + vendorUUID,
            .findInformationResponse([AttributeInfo(handle: 0x16, type: BluetoothUUID(littleEndian: vendorUUID)!)])
        ),
        ([0x08, 0x01, 0x00, 0xFF, 0xFF, 0x03, 0x28], .readByTypeRequest(HandleRange(0x0001, 0xFFFF), type: BluetoothUUID(0x2803))),
        (
            [0x09, 0x07, 0x0B, 0x00, 0x10, 0x0C, 0x00, 0x37, 0x2A, 0x0E, 0x00, 0x02, 0x0F, 0x00, 0x38, 0x2A],
            .readByTypeResponse([
                AttributeValue(handle: 0x0B, value: [0x10, 0x0C, 0x00, 0x37, 0x2A]),
                AttributeValue(handle: 0x0E, value: [0x02, 0x0F, 0x00, 0x38, 0x2A]),
            ])
        ),
        ([0x0A, 0x0F, 0x00], .readRequest(handle: 0x000F)),
        ([0x0B, 0x01], .readResponse(value: [0x01])),
        ([0x0B], .readResponse(value: [])),
        ([0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28], .readByGroupTypeRequest(HandleRange(0x0001, 0xFFFF), type: BluetoothUUID(0x2800))),
        (
            [0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x00, 0x18, 0x0A, 0x00, 0x0F, 0x00, 0x0D, 0x18],
            .readByGroupTypeResponse([
                AttributeGroup(handle: 0x01, endGroup: 0x05, value: [0x00, 0x18]),
                AttributeGroup(handle: 0x0A, endGroup: 0x0F, value: [0x0D, 0x18]),
            ])
        ),
        ([0x12, 0x0D, 0x00, 0x01, 0x00], .writeRequest(handle: 0x000D, value: [0x01, 0x00])),
        ([0x13], .writeResponse),
        ([0x1B, 0x0C, 0x00, 0x06, 0x48], .notification(handle: 0x000C, value: [0x06, 0x48])),
        ([0x1D, 0x12, 0x00, 0x55], .indication(handle: 0x0012, value: [0x55])),
        ([0x1E], .confirmation),
        ([0x52, 0x0D, 0x00, 0x01, 0x00], .other(opcode: 0x52, parameters: [0x0D, 0x00, 0x01, 0x00])),
    ]

    @Test("PDUs decode from and encode to the bytes of the spec", arguments: pdus)
    func decodeAndEncode(bytes: [UInt8], pdu: ATTPDU) throws {
        #expect(try ATTPDU(decoding: bytes) == pdu)
        #expect(pdu.encoded == bytes)
    }

    @Test("a 128-bit UUID on the base UUID is its 16-bit number")
    func baseUUIDFolds() throws {
        let long: [UInt8] = [0xFB, 0x34, 0x9B, 0x5F, 0x80, 0x00, 0x00, 0x80, 0x00, 0x10, 0x00, 0x00, 0x02, 0x29, 0x00, 0x00]
        let pdu = try ATTPDU(decoding: [0x05, 0x02, 0x0D, 0x00] + long)
        #expect(pdu == .findInformationResponse([AttributeInfo(handle: 0x0D, type: BluetoothUUID(0x2902))]))
        #expect(pdu.encoded == [0x05, 0x01, 0x0D, 0x00, 0x02, 0x29])
        #expect(BluetoothUUID(0x2902).longLittleEndianBytes == long)
        #expect(BluetoothUUID(littleEndian: Self.vendorUUID)?.description == "FB005C80-02E7-F387-1CAD-8ACD2D8DF0C8")
        #expect(BluetoothUUID(0x2A37).description == "0x2A37")
    }

    static let malformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "opcode")),
        ([0x01, 0x0A, 0x0F, 0x00], .truncated(field: "error code")),
        ([0x01, 0x0A, 0x0F, 0x00, 0x02, 0x00], .trailingBytes(field: "error code", count: 1)),
        ([0x02, 0xF7], .truncated(field: "MTU")),
        ([0x03, 0x17, 0x00, 0x00], .trailingBytes(field: "MTU", count: 1)),
        ([0x05, 0x03, 0x0D, 0x00, 0x02, 0x29], .invalid(field: "format", value: 3)),
        ([0x05, 0x01, 0x0D, 0x00, 0x02], .truncated(field: "first entry")),
        ([0x05, 0x01, 0x0D, 0x00, 0x02, 0x29, 0x0E], .trailingBytes(field: "entries", count: 1)),
        ([0x05, 0x01], .truncated(field: "first entry")),
        ([0x08, 0x01, 0x00, 0xFF, 0xFF, 0x03], .invalid(field: "attribute type length", value: 1)),
        ([0x09, 0x01, 0x0B, 0x00], .invalid(field: "entry length", value: 1)),
        ([0x09, 0x07, 0x0B, 0x00], .truncated(field: "first entry")),
        ([0x09], .truncated(field: "entry length")),
        ([0x0A, 0x0F], .truncated(field: "handle")),
        ([0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x00, 0x18, 0x0A], .trailingBytes(field: "entries", count: 1)),
        ([0x11, 0x03, 0x01, 0x00, 0x05], .invalid(field: "entry length", value: 3)),
        ([0x13, 0x00], .trailingBytes(field: "opcode", count: 1)),
        ([0x1B, 0x0C], .truncated(field: "handle")),
        ([0x1E, 0x00], .trailingBytes(field: "opcode", count: 1)),
    ]

    @Test("malformed PDUs are rejected with the field that broke", arguments: malformed)
    func malformedRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try ATTPDU(decoding: bytes) }
    }

    static let kinds: [(UInt8, ATTOpcodeKind)] = [
        (0x01, .response), (0x02, .request), (0x03, .response), (0x06, .request), (0x0A, .request), (0x0B, .response),
        (0x12, .request), (0x13, .response), (0x1B, .notification), (0x1D, .indication), (0x1E, .confirmation),
        (0x2A, .request), (0x52, .command), (0xD2, .command), (0xFF, .command),
    ]

    @Test("opcodes are requests, responses, commands, notifications or indications", arguments: kinds)
    func opcodeKinds(opcode: UInt8, kind: ATTOpcodeKind) {
        #expect(ATTPDU.kind(of: opcode) == kind)
    }
}
