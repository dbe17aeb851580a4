import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

@Suite(.timed) struct MeasurementTests {
    /// Every vector in notes/ble.md.
    static let vectors: [([UInt8], HeartRateReading)] = [
        ([0x06, 0x48], HeartRateReading(beatsPerMinute: 72, contact: .detected)),
        ([0x0E, 0x5A, 0x2C, 0x01], HeartRateReading(beatsPerMinute: 90, contact: .detected, energyExpended: 300)),
        ([0x16, 0x47, 0x61, 0x03], HeartRateReading(beatsPerMinute: 71, contact: .detected, rrIntervals: [865])),
        ([0x04, 0x00], HeartRateReading(beatsPerMinute: 0, contact: .lost)),
        ([0x01, 0x2C, 0x01], HeartRateReading(beatsPerMinute: 300, contact: .unsupported)),
        ([0x10, 0x3C, 0x00, 0x04, 0x00, 0x04], HeartRateReading(beatsPerMinute: 60, rrIntervals: [1024, 1024])),
        (
            [0x19, 0xE8, 0x03, 0xD2, 0x04, 0x00, 0x04, 0x00, 0x02],
            HeartRateReading(beatsPerMinute: 1000, energyExpended: 1234, rrIntervals: [1024, 512])
        ),
        ([0xE6, 0x48], HeartRateReading(beatsPerMinute: 72, contact: .detected)),
    ]

    @Test("heart rate measurements decode as the notes say", arguments: vectors)
    func measurementDecodes(bytes: [UInt8], expected: HeartRateReading) throws {
        #expect(try HeartRateMeasurement.decode(bytes) == expected)
    }

    @Test("contact bit 1 alone means contact detection is not supported")
    func contactBitOneAlone() throws {
        #expect(try HeartRateMeasurement.decode([0x02, 0x48]).contact == .unsupported)
    }

    @Test("RR flag with no intervals gives an empty list")
    func rrFlagWithoutIntervals() throws {
        #expect(try HeartRateMeasurement.decode([0x10, 0x3C]).rrIntervals == [])
    }

    static let malformed: [([UInt8], FrameError)] = [
        ([0x10, 0x3C, 0x00], .trailingBytes(field: "RR interval", count: 1)),
        ([0x01, 0x3C], .truncated(field: "heart rate (uint16)")),
        ([0x08, 0x3C, 0x01], .truncated(field: "energy expended")),
        ([], .truncated(field: "flags")),
        ([0x06], .truncated(field: "heart rate")),
        ([0x19, 0xE8, 0x03, 0xD2], .truncated(field: "energy expended")),
    ]

    @Test("malformed measurements are rejected with the field that broke", arguments: malformed)
    func malformedMeasurementRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try HeartRateMeasurement.decode(bytes) }
    }

    @Test("bytes after the last announced field are ignored when no RR intervals follow")
    func trailingBytesWithoutRR() throws {
        #expect(try HeartRateMeasurement.decode([0x06, 0x48, 0x00]) == HeartRateReading(beatsPerMinute: 72, contact: .detected))
    }

    @Test("battery level is one byte of percent", arguments: [([UInt8](arrayLiteral: 0), 0), ([85], 85), ([100], 100), ([7, 1], 7)])
    func batteryLevel(bytes: [UInt8], percent: Int) throws {
        #expect(try BatteryLevel.decode(bytes) == percent)
    }

    @Test("battery levels above 100 and empty values are rejected")
    func batteryLevelRejected() {
        #expect(throws: FrameError.invalid(field: "battery level", value: 101)) { try BatteryLevel.decode([101]) }
        #expect(throws: FrameError.truncated(field: "battery level")) { try BatteryLevel.decode([]) }
    }

    @Test("body sensor locations decode, reserved values are rejected")
    func bodySensorLocations() throws {
        #expect(try BodySensorLocation.decode([0x01]) == .chest)
        #expect(try BodySensorLocation.decode([0x05]) == .earLobe)
        #expect(try (0...6).map { try BodySensorLocation.decode([UInt8($0)]) } == BodySensorLocation.allCases)
        #expect(throws: FrameError.invalid(field: "body sensor location", value: 7)) { try BodySensorLocation.decode([0x07]) }
        #expect(throws: FrameError.truncated(field: "body sensor location")) { try BodySensorLocation.decode([]) }
    }
}
