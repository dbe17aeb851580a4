import HeartlineBluetooth
import HeartlineTestSupport
import Testing

/// Builds HCI LE advertising report events the way a controller sends them.
enum HCIEvent {
    static func report(_ type: UInt8, _ address: String, random: Bool = true, data: [UInt8], rssi: Int8) -> [UInt8] {
        let bytes = BluetoothAddress(address)!.bytes.reversed()
        return [type, random ? 1 : 0] + bytes + [UInt8(data.count)] + data + [UInt8(bitPattern: rssi)]
    }

    static func event(_ reports: [[UInt8]]) -> [UInt8] {
        let parameters = [0x02, UInt8(reports.count)] + reports.joined()
        return [0x04, 0x3E, UInt8(parameters.count)] + parameters
    }

    static func name(_ text: String, complete: Bool = true) -> [UInt8] {
        [UInt8(text.utf8.count + 1), complete ? 0x09 : 0x08] + Array(text.utf8)
    }
}

@Suite(.timed) struct AdvertisingReportTests {
    static let example: [UInt8] = [
        0x04, 0x3e, 0x21, 0x02, 0x01, 0x00, 0x01, 0x4e, 0x0b, 0xb9, 0xf1, 0x03, 0xc8, 0x15, 0x02, 0x01, 0x06, 0x05, 0x02,
        0x0d, 0x18, 0x0f, 0x18, 0x0b, 0x09, 0x54, 0x49, 0x43, 0x4b, 0x52, 0x20, 0x42, 0x33, 0x32, 0x31, 0xb5,
    ]

    @Test("the constructed example in the notes parses field by field")
    func constructedExample() throws {
        let reports = try AdvertisingReport.parse(event: Self.example)
        #expect(
            reports == [
                AdvertisingReport(
                    eventType: .connectable,
                    address: BluetoothAddress(bytes: [0xC8, 0x03, 0xF1, 0xB9, 0x0B, 0x4E], kind: .random),
                    data: AdvertisingData(flags: 0x06, serviceUUIDs: [0x180D, 0x180F], name: "TICKR B321", nameIsComplete: true),
                    rssi: -75)
            ])
        #expect(reports[0].address.description == "C8:03:F1:B9:0B:4E/random")
    }

    @Test("every report in one event is read")
    func severalReportsInOneEvent() throws {
        let event = HCIEvent.event([
            HCIEvent.report(0, "C8:03:F1:B9:0B:4E", data: [0x03, 0x03, 0x0D, 0x18], rssi: -60),
            HCIEvent.report(4, "C8:03:F1:B9:0B:4E", data: HCIEvent.name("TICKR B321"), rssi: -61),
            HCIEvent.report(3, "00:1A:7D:DA:71:13", random: false, data: [0x02, 0x01, 0x06], rssi: -40),
        ])
        let reports = try AdvertisingReport.parse(event: event)
        #expect(reports.map(\.eventType) == [.connectable, .scanResponse, .nonConnectable])
        #expect(reports.map(\.rssi) == [-60, -61, -40])
        #expect(reports[2].address == BluetoothAddress("00:1A:7D:DA:71:13/public"))
        #expect(reports[1].data.name == "TICKR B321")
    }

    static let broken: [([UInt8], FrameError)] = [
        // The length byte promises one byte more than the packet holds.
        (Array(example.prefix(example.count - 1)), .truncated(field: "HCI event parameters")),
        // A byte after the parameters the length byte announced.
        (example + [0x00], .trailingBytes(field: "HCI event parameters", count: 1)),
        // Two reports announced, one present.
        ([0x04, 0x3E, 0x21, 0x02, 0x02] + example[5...], .truncated(field: "event type")),
        // Zero reports.
        ([0x04, 0x3E, 0x02, 0x02, 0x00], .invalid(field: "number of reports", value: 0)),
        // A data length running past the RSSI.
        ([0x04, 0x3E, 0x0D, 0x02, 0x01, 0x00, 0x01, 1, 2, 3, 4, 5, 6, 0x05, 0x02, 0x01], .truncated(field: "advertising data")),
        // Data longer than legacy advertising allows.
        (
            HCIEvent.event([HCIEvent.report(0, "C8:03:F1:B9:0B:4E", data: Array(repeating: 0, count: 32), rssi: -1)]),
            .invalid(field: "data length", value: 32)
        ),
        // An RSSI missing at the end.
        ([0x04, 0x3E, 0x0B, 0x02, 0x01, 0x00, 0x01, 1, 2, 3, 4, 5, 6, 0x00], .truncated(field: "RSSI")),
        ([0x04, 0x3E, 0x0C, 0x02, 0x01, 0x07, 0x01, 1, 2, 3, 4, 5, 6, 0x00, 0x00], .invalid(field: "event type", value: 7)),
        ([0x04, 0x3E, 0x0C, 0x02, 0x01, 0x00, 0x04, 1, 2, 3, 4, 5, 6, 0x00, 0x00], .invalid(field: "address type", value: 4)),
        ([0x01, 0x03, 0x0C, 0x00], .invalid(field: "HCI packet type", value: 1)),
        ([0x04, 0x3E], .truncated(field: "HCI parameter length")),
        ([], .truncated(field: "HCI packet type")),
    ]

    @Test("events whose lengths disagree are rejected without reading past them", arguments: broken)
    func brokenEventsRejected(packet: [UInt8], error: FrameError) {
        #expect(throws: error) { try AdvertisingReport.parse(event: packet) }
    }

    @Test("other events and other LE subevents hold no reports")
    func otherEventsHoldNoReports() throws {
        // Command Complete, and an LE Connection Complete.
        #expect(try AdvertisingReport.parse(event: [0x04, 0x0E, 0x04, 0x01, 0x0B, 0x20, 0x00]) == [])
        #expect(try AdvertisingReport.parse(event: [0x04, 0x3E, 0x02, 0x01, 0x00]) == [])
    }

    @Test("advertising data keeps the fields before a run that overruns the data")
    func overrunningRunKeepsEarlierFields() {
        let data = AdvertisingData.parse([0x02, 0x01, 0x06, 0x03, 0x03, 0x0D, 0x18, 0x09, 0x09, 0x41, 0x42])
        #expect(data == AdvertisingData(flags: 0x06, serviceUUIDs: [0x180D]))
    }

    @Test("advertising data stops at a zero length and ignores an odd byte in a UUID list")
    func zeroLengthAndOddUUIDList() {
        #expect(AdvertisingData.parse([0x02, 0x01, 0x06, 0x00, 0x02, 0x01, 0x05]) == AdvertisingData(flags: 0x06))
        #expect(AdvertisingData.parse([0x04, 0x02, 0x0D, 0x18, 0x0F]).serviceUUIDs == [0x180D])
    }

    @Test("a complete name wins over a shortened one whichever comes first")
    func completeNameWins() {
        #expect(
            AdvertisingData.parse(HCIEvent.name("Polar H10 0A1B2C3D") + HCIEvent.name("Polar", complete: false)).name
                == "Polar H10 0A1B2C3D")
        #expect(
            AdvertisingData.parse(HCIEvent.name("Polar", complete: false) + HCIEvent.name("Polar H10 0A1B2C3D")).name
                == "Polar H10 0A1B2C3D")
    }
}

@Suite(.timed) struct StrapCollectorTests {
    @Test("a scan response is merged with its advertisement by address")
    func scanResponseMerged() throws {
        var collector = StrapCollector()
        let event = HCIEvent.event([
            HCIEvent.report(0, "C8:03:F1:B9:0B:4E", data: [0x02, 0x01, 0x06, 0x03, 0x03, 0x0D, 0x18], rssi: -70),
            HCIEvent.report(4, "C8:03:F1:B9:0B:4E", data: HCIEvent.name("TICKR B321"), rssi: -66),
        ])
        for report in try AdvertisingReport.parse(event: event) { collector.add(report) }
        #expect(collector.straps == [FoundStrap(address: BluetoothAddress("C8:03:F1:B9:0B:4E/random")!, name: "TICKR B321", rssi: -66)])
    }

    @Test("only heart-rate straps are kept, strongest signal first")
    func onlyStrapsStrongestFirst() throws {
        var collector = StrapCollector()
        let reports = [
            // A strap advertising the Heart Rate service, far away.
            HCIEvent.report(0, "C8:03:F1:B9:0B:4E", data: [0x03, 0x03, 0x0D, 0x18] + HCIEvent.name("TICKR B321"), rssi: -85),
            // A phone: no heart-rate service.
            HCIEvent.report(0, "4A:11:22:33:44:55", data: [0x02, 0x01, 0x1A, 0x03, 0x03, 0x6F, 0xFD], rssi: -30),
            // A belt known by its appearance only (0x0341), near.
            HCIEvent.report(0, "D1:22:33:44:55:66", data: [0x03, 0x19, 0x41, 0x03] + HCIEvent.name("Polar H10 0A1B2C3D"), rssi: -50),
            // A generic heart-rate sensor (0x0340) with no name, its RSSI unknown.
            HCIEvent.report(0, "E1:22:33:44:55:66", data: [0x03, 0x19, 0x40, 0x03], rssi: 127),
        ]
        for report in try AdvertisingReport.parse(event: HCIEvent.event(reports)) { collector.add(report) }
        #expect(collector.straps.map(\.name) == ["Polar H10 0A1B2C3D", "TICKR B321", nil])
        #expect(collector.straps.map(\.address.string) == ["D1:22:33:44:55:66", "C8:03:F1:B9:0B:4E", "E1:22:33:44:55:66"])
    }

    @Test("footpods, bike sensors and power meters are found by their services or appearance, apart from straps")
    func otherSensorsByKind() throws {
        var collector = StrapCollector()
        let reports = [
            HCIEvent.report(0, "C8:03:F1:B9:0B:4E", data: [0x03, 0x03, 0x0D, 0x18] + HCIEvent.name("TICKR B321"), rssi: -60),
            // A footpod advertising Running Speed and Cadence.
            HCIEvent.report(0, "C1:22:33:44:55:66", data: [0x03, 0x03, 0x14, 0x18] + HCIEvent.name("Stryd"), rssi: -55),
            // A speed and cadence sensor and a power meter in one list of services.
            HCIEvent.report(0, "C2:22:33:44:55:66", data: [0x05, 0x03, 0x18, 0x18, 0x16, 0x18] + HCIEvent.name("Crank PM"), rssi: -70),
            // A cadence sensor known by its appearance only (0x0484).
            HCIEvent.report(0, "C3:22:33:44:55:66", data: [0x03, 0x19, 0x84, 0x04], rssi: -75),
        ]
        for report in try AdvertisingReport.parse(event: HCIEvent.event(reports)) { collector.add(report) }
        #expect(collector.straps.map(\.name) == ["TICKR B321"])
        let others = collector.sensors(of: [.footpod, .cyclingSpeedCadence, .powerMeter])
        #expect(others.map(\.name) == ["Stryd", "Crank PM", nil])
        #expect(others.map(\.kind) == [.footpod, .cyclingSpeedCadence, .cyclingSpeedCadence])
        #expect(collector.sensors(of: [.powerMeter]).map(\.name) == ["Crank PM"])
    }

    @Test("a treadmill is found by the Fitness Machine service in its Service Data, or in its list of services")
    func fitnessMachinesByService() throws {
        var collector = StrapCollector()
        let reports = [
            // Service Data 0x1826: flags 0x01 (machine available), type 0x0001 (treadmill).
            HCIEvent.report(
                0, "C4:22:33:44:55:66", data: [0x06, 0x16, 0x26, 0x18, 0x01, 0x01, 0x00] + HCIEvent.name("Track 5"), rssi: -50),
            HCIEvent.report(0, "C5:22:33:44:55:66", data: [0x03, 0x03, 0x26, 0x18] + HCIEvent.name("KICKR"), rssi: -65),
            HCIEvent.report(0, "C1:22:33:44:55:66", data: [0x03, 0x03, 0x14, 0x18] + HCIEvent.name("Stryd"), rssi: -55),
        ]
        for report in try AdvertisingReport.parse(event: HCIEvent.event(reports)) { collector.add(report) }
        let machines = collector.sensors(of: [.fitnessMachine])
        #expect(machines.map(\.name) == ["Track 5", "KICKR"])
        #expect(machines.map(\.kind) == [.fitnessMachine, .fitnessMachine])
        #expect(collector.straps.isEmpty)
    }

    @Test("the strongest signal heard from a strap is kept")
    func strongestSignalKept() throws {
        var collector = StrapCollector()
        for rssi: Int8 in [-80, -55, -90] {
            let event = HCIEvent.event([HCIEvent.report(0, "C8:03:F1:B9:0B:4E", data: [0x03, 0x03, 0x0D, 0x18], rssi: rssi)])
            for report in try AdvertisingReport.parse(event: event) { collector.add(report) }
        }
        #expect(collector.straps.map(\.rssi) == [-55])
    }
}

@Suite(.timed) struct AdvertisedNameTests {
    static let names: [([UInt8], String?)] = [
        (Array("TICKR B321".utf8), "TICKR B321"),
        (Array("Polar H10 0A1B2C3D".utf8) + [0, 0, 0x41], "Polar H10 0A1B2C3D"),
        (Array("\u{1B}[2J\u{1B}[31mEvil\u{1B}[0m strap".utf8), "Evil strap"),
        (Array("\u{1B}]0;owned\u{07}HRM".utf8), "HRM"),
        (Array("\u{1B}]2;title\u{1B}\\HRM".utf8), "HRM"),
        (Array("HR\u{1B}(Bbelt".utf8), "HRbelt"),
        (Array("HR\u{1B}c belt".utf8), "HR belt"),
        (Array("\u{9B}31mRed".utf8), "Red"),
        (Array("line\none\r\ttwo".utf8), "line one two"),
        (Array("  spaced   out  ".utf8), "spaced out"),
        (Array("bell\u{07}\u{7F}\u{08}".utf8), "bell"),
        (Array("\u{202E}rotcev\u{2066}x".utf8), "rotcevx"),
        ([0x48, 0x52, 0xFF, 0xC3, 0x4D], "HRM"),
        (Array("Garmin HRM-Dual é".utf8), "Garmin HRM-Dual é"),
        (Array(String(repeating: "A", count: 60).utf8), String(repeating: "A", count: 40)),
        (Array((String(repeating: "A", count: 39) + " B").utf8), String(repeating: "A", count: 39)),
        (Array("\u{1B}[31m".utf8), nil),
        ([0x00, 0x41], nil),
        ([], nil),
        (Array("\u{1B}]unterminated osc".utf8), nil),
    ]

    @Test("advertised names lose escape sequences and control characters", arguments: names)
    func sanitized(bytes: [UInt8], expected: String?) {
        #expect(AdvertisedName.sanitize(bytes) == expected)
    }
}
