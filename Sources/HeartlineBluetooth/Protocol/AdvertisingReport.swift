/// One device's advertisement or scan response, from an HCI LE Advertising Report event.
public struct AdvertisingReport: Equatable, Sendable {
    /// What kind of packet the controller heard.
    public enum EventType: UInt8, Sendable {
        /// ADV_IND: connectable and scannable, what a strap sends.
        case connectable = 0
        /// ADV_DIRECT_IND.
        case directed = 1
        /// ADV_SCAN_IND.
        case scannable = 2
        /// ADV_NONCONN_IND.
        case nonConnectable = 3
        /// SCAN_RSP: the answer to an active scan's request, often the only packet with the name.
        case scanResponse = 4
    }

    public var eventType: EventType
    public var address: BluetoothAddress
    public var data: AdvertisingData
    /// Received signal strength in dBm; 127 when the controller could not measure it.
    public var rssi: Int

    public init(eventType: EventType, address: BluetoothAddress, data: AdvertisingData, rssi: Int) {
        self.eventType = eventType
        self.address = address
        self.data = data
        self.rssi = rssi
    }

    /// The RSSI value a controller reports when it has none.
    public static let rssiUnavailable = 127

    /// Parses one packet read from a raw HCI socket: every report it holds, in order.
    ///
    /// Layout: 04 (event packet) 3E (LE meta) length 02 (advertising report) count, then per
    /// report: event type, address type, address (6 bytes, least significant first), data
    /// length, data, RSSI (int8). Other events and other LE subevents give no reports.
    /// - Throws: `FrameError` when the lengths disagree with the packet, so nothing is read
    ///   from beyond a report.
    public static func parse(event packet: [UInt8]) throws(FrameError) -> [AdvertisingReport] {
        var reader = ByteReader(packet)
        let packetType = try reader.uint8("HCI packet type")
        guard packetType == 0x04 else { throw .invalid(field: "HCI packet type", value: Int(packetType)) }
        let eventCode = try reader.uint8("HCI event code")
        let parameterLength = Int(try reader.uint8("HCI parameter length"))
        guard reader.remaining >= parameterLength else { throw .truncated(field: "HCI event parameters") }
        guard reader.remaining == parameterLength else {
            throw .trailingBytes(field: "HCI event parameters", count: reader.remaining - parameterLength)
        }
        guard eventCode == 0x3E, parameterLength > 0 else { return [] }
        guard try reader.uint8("LE subevent") == 0x02 else { return [] }
        let count = Int(try reader.uint8("number of reports"))
        guard (1...25).contains(count) else { throw .invalid(field: "number of reports", value: count) }
        var reports: [AdvertisingReport] = []
        for _ in 0..<count {
            reports.append(try parseReport(&reader))
        }
        try reader.expectEnd(after: "last report")
        return reports
    }

    private static func parseReport(_ reader: inout ByteReader) throws(FrameError) -> AdvertisingReport {
        let rawType = try reader.uint8("event type")
        guard let eventType = EventType(rawValue: rawType) else {
            throw .invalid(field: "event type", value: Int(rawType))
        }
        let addressType = try reader.uint8("address type")
        // 2 and 3 are the public and random identity addresses the controller resolved.
        let kind: BluetoothAddress.Kind
        switch addressType {
        case 0, 2: kind = .public
        case 1, 3: kind = .random
        default: throw .invalid(field: "address type", value: Int(addressType))
        }
        let address = BluetoothAddress(bytes: try reader.bytes(6, "address").reversed(), kind: kind)
        let length = Int(try reader.uint8("data length"))
        guard length <= 31 else { throw .invalid(field: "data length", value: length) }
        let data = AdvertisingData.parse(try reader.bytes(length, "advertising data"))
        let rssi = Int(Int8(bitPattern: try reader.uint8("RSSI")))
        return AdvertisingReport(eventType: eventType, address: address, data: data, rssi: rssi)
    }
}
