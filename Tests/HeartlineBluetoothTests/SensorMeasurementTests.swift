import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Vectors built by hand from the GATT Specification Supplement's layouts for the Running Speed
/// and Cadence, Cycling Speed and Cadence and Cycling Power services.
@Suite(.timed) struct SensorMeasurementTests {
    // MARK: - RSC Measurement (0x2A53)

    static let running: [([UInt8], RunningReading)] = [
        ([0x00, 0x00, 0x00, 0x00], RunningReading(speed: 0, cadence: 0)),
        // Running at 3 m/s, 180 steps a minute, no optional fields.
        ([0x04, 0x00, 0x03, 0xB4], RunningReading(speed: 3, cadence: 180, isRunning: true)),
        // Walking, 1.25 m/s, 120 steps, stride 0.90 m.
        ([0x01, 0x40, 0x01, 0x78, 0x5A, 0x00], RunningReading(speed: 1.25, cadence: 120, strideLength: 0.9)),
        // Distance without stride: 2 m/s, 160 steps, 1000.0 m.
        ([0x02, 0x00, 0x02, 0xA0, 0x10, 0x27, 0x00, 0x00], RunningReading(speed: 2, cadence: 160, totalDistance: 1000)),
        // Everything: running 3.5 m/s, 182 steps, stride 1.50 m, 100.0 m.
        (
            [0x07, 0x80, 0x03, 0xB6, 0x96, 0x00, 0xE8, 0x03, 0x00, 0x00],
            RunningReading(speed: 3.5, cadence: 182, strideLength: 1.5, totalDistance: 100, isRunning: true)
        ),
        // Reserved flag bits 3-7 are ignored.
        ([0xFC, 0x00, 0x03, 0xB4], RunningReading(speed: 3, cadence: 180, isRunning: true)),
        // Largest values of every field.
        (
            [0x03, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            RunningReading(speed: 65535.0 / 256, cadence: 255, strideLength: 655.35, totalDistance: 429_496_729.5)
        ),
        // Bytes after the announced fields belong to a later version: ignored.
        ([0x04, 0x00, 0x03, 0xB4, 0x01, 0x02], RunningReading(speed: 3, cadence: 180, isRunning: true)),
    ]

    @Test("RSC measurements decode for every flag combination", arguments: running)
    func runningDecodes(bytes: [UInt8], expected: RunningReading) throws {
        #expect(try RunningSpeedCadenceMeasurement.decode(bytes).reading == expected)
    }

    @Test("RSC measurements keep the raw fields and encode back to the same bytes", arguments: running.prefix(7))
    func runningRoundTrips(bytes: [UInt8], expected: RunningReading) throws {
        let measurement = try RunningSpeedCadenceMeasurement.decode(bytes)
        // Reserved bits are not sent back.
        #expect(measurement.encoded == [bytes[0] & 0x07] + bytes.dropFirst())
    }

    static let runningMalformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "flags")),
        ([0x00], .truncated(field: "instantaneous speed")),
        ([0x00, 0x00], .truncated(field: "instantaneous speed")),
        ([0x00, 0x00, 0x03], .truncated(field: "instantaneous cadence")),
        ([0x01, 0x00, 0x03, 0xB4], .truncated(field: "stride length")),
        ([0x01, 0x00, 0x03, 0xB4, 0x96], .truncated(field: "stride length")),
        ([0x02, 0x00, 0x03, 0xB4, 0xE8, 0x03, 0x00], .truncated(field: "total distance")),
        ([0x03, 0x00, 0x03, 0xB4, 0x96, 0x00, 0xE8], .truncated(field: "total distance")),
    ]

    @Test("truncated RSC measurements are refused with the field that broke", arguments: runningMalformed)
    func runningRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try RunningSpeedCadenceMeasurement.decode(bytes) }
    }

    // MARK: - CSC Measurement (0x2A5B)

    static let cycling: [([UInt8], CyclingSpeedCadenceMeasurement)] = [
        ([0x00], CyclingSpeedCadenceMeasurement()),
        // Wheel only: 10 revolutions, last event at 1 s.
        (
            [0x01, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x04],
            CyclingSpeedCadenceMeasurement(wheel: RevolutionData(revolutions: 10, eventTime: 1024))
        ),
        // Crank only: 5 revolutions, last event at 2 s.
        ([0x02, 0x05, 0x00, 0x00, 0x08], CyclingSpeedCadenceMeasurement(crank: RevolutionData(revolutions: 5, eventTime: 2048))),
        // Both: 300 wheel revolutions and 30 crank revolutions at 32 s.
        (
            [0x03, 0x2C, 0x01, 0x00, 0x00, 0x00, 0x80, 0x1E, 0x00, 0x00, 0x80],
            CyclingSpeedCadenceMeasurement(
                wheel: RevolutionData(revolutions: 300, eventTime: 0x8000), crank: RevolutionData(revolutions: 30, eventTime: 0x8000))
        ),
        // Counters and times at their largest, the moment before they roll over.
        (
            [0x03, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            CyclingSpeedCadenceMeasurement(
                wheel: RevolutionData(revolutions: 0xFFFF_FFFF, eventTime: 0xFFFF),
                crank: RevolutionData(revolutions: 0xFFFF, eventTime: 0xFFFF))
        ),
        // Reserved flag bits and trailing bytes are ignored.
        ([0xFC], CyclingSpeedCadenceMeasurement()),
        ([0xFE, 0x05, 0x00, 0x00, 0x08, 0x99], CyclingSpeedCadenceMeasurement(crank: RevolutionData(revolutions: 5, eventTime: 2048))),
    ]

    @Test("CSC measurements decode for every flag combination", arguments: cycling)
    func cyclingDecodes(bytes: [UInt8], expected: CyclingSpeedCadenceMeasurement) throws {
        #expect(try CyclingSpeedCadenceMeasurement.decode(bytes) == expected)
    }

    @Test("CSC measurements encode to the bytes they were decoded from", arguments: cycling.prefix(5))
    func cyclingEncodes(bytes: [UInt8], expected: CyclingSpeedCadenceMeasurement) {
        #expect(expected.encoded == bytes)
    }

    static let cyclingMalformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "flags")),
        ([0x01], .truncated(field: "cumulative wheel revolutions")),
        ([0x01, 0x0A, 0x00, 0x00], .truncated(field: "cumulative wheel revolutions")),
        ([0x01, 0x0A, 0x00, 0x00, 0x00, 0x00], .truncated(field: "last wheel event time")),
        ([0x02, 0x05], .truncated(field: "cumulative crank revolutions")),
        ([0x02, 0x05, 0x00, 0x00], .truncated(field: "last crank event time")),
        // Wheel data whole, crank data cut.
        ([0x03, 0x0A, 0x00, 0x00, 0x00, 0x00, 0x04, 0x05, 0x00, 0x00], .truncated(field: "last crank event time")),
        // Crank data alone where the flags announce wheel data first: read as a wheel count.
        ([0x03, 0x05, 0x00, 0x00, 0x08], .truncated(field: "last wheel event time")),
    ]

    @Test("truncated CSC measurements are refused with the field that broke", arguments: cyclingMalformed)
    func cyclingRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try CyclingSpeedCadenceMeasurement.decode(bytes) }
    }

    // MARK: - Cycling Power Measurement (0x2A63)

    static let power: [([UInt8], CyclingPowerMeasurement)] = [
        ([0x00, 0x00, 0x64, 0x00], CyclingPowerMeasurement(power: 100)),
        // Instantaneous power is signed: back-pedalling gives -100 W, not 65436 W.
        ([0x00, 0x00, 0x9C, 0xFF], CyclingPowerMeasurement(power: -100)),
        // Balance 50 % with an unknown reference, then 51 % of the left pedal.
        ([0x01, 0x00, 0xFA, 0x00, 0x64], CyclingPowerMeasurement(flags: 0x0001, power: 250, pedalBalance: 100)),
        ([0x03, 0x00, 0xFA, 0x00, 0x66], CyclingPowerMeasurement(flags: 0x0003, power: 250, pedalBalance: 102)),
        // Accumulated torque, crank based.
        ([0x0C, 0x00, 0xC8, 0x00, 0x40, 0x06], CyclingPowerMeasurement(flags: 0x000C, power: 200, accumulatedTorque: 0x0640)),
        // Wheel data: 1000 revolutions at 1 s in 1/2048 s.
        (
            [0x10, 0x00, 0xC8, 0x00, 0xE8, 0x03, 0x00, 0x00, 0x00, 0x08],
            CyclingPowerMeasurement(flags: 0x0010, power: 200, wheel: RevolutionData(revolutions: 1000, eventTime: 2048))
        ),
        // Crank data: 10 revolutions at 1 s.
        (
            [0x20, 0x00, 0x2C, 0x01, 0x0A, 0x00, 0x00, 0x04],
            CyclingPowerMeasurement(flags: 0x0020, power: 300, crank: RevolutionData(revolutions: 10, eventTime: 1024))
        ),
        // Each skipped field followed by the accumulated energy (300 kJ), which must still be read.
        (
            [0x40, 0x08, 0x64, 0x00, 0x10, 0x00, 0xF6, 0xFF, 0x2C, 0x01],
            CyclingPowerMeasurement(flags: 0x0840, power: 100, accumulatedEnergy: 300)
        ),
        (
            [0x80, 0x08, 0x64, 0x00, 0x20, 0x03, 0xE0, 0xFF, 0x2C, 0x01],
            CyclingPowerMeasurement(flags: 0x0880, power: 100, accumulatedEnergy: 300)
        ),
        // Extreme angles: three bytes, maximum 0xABC and minimum 0x123 sent as 0x123ABC.
        (
            [0x00, 0x09, 0x64, 0x00, 0xBC, 0x3A, 0x12, 0x2C, 0x01],
            CyclingPowerMeasurement(flags: 0x0900, power: 100, accumulatedEnergy: 300)
        ),
        ([0x00, 0x0A, 0x64, 0x00, 0x5A, 0x00, 0x2C, 0x01], CyclingPowerMeasurement(flags: 0x0A00, power: 100, accumulatedEnergy: 300)),
        ([0x00, 0x0C, 0x64, 0x00, 0x0E, 0x01, 0x2C, 0x01], CyclingPowerMeasurement(flags: 0x0C00, power: 100, accumulatedEnergy: 300)),
        // Every field at once (flags 0x0FFF): 4+1+2+6+4+4+4+3+2+2+2 bytes, energy last.
        (
            [
                0xFF, 0x0F, 0x2C, 0x01, 0x66, 0x40, 0x06, 0xE8, 0x03, 0x00, 0x00, 0x00, 0x08, 0x0A, 0x00, 0x00, 0x04,
                0x10, 0x00, 0xF6, 0xFF, 0x20, 0x03, 0xE0, 0xFF, 0xBC, 0x3A, 0x12, 0x5A, 0x00, 0x0E, 0x01, 0x34, 0x12,
            ],
            CyclingPowerMeasurement(
                flags: 0x0FFF, power: 300, pedalBalance: 102, accumulatedTorque: 0x0640,
                wheel: RevolutionData(revolutions: 1000, eventTime: 2048), crank: RevolutionData(revolutions: 10, eventTime: 1024),
                accumulatedEnergy: 0x1234)
        ),
        // The offset compensation indicator (bit 12) carries no field; reserved bits are ignored.
        ([0x00, 0x10, 0x64, 0x00], CyclingPowerMeasurement(flags: 0x1000, power: 100)),
        ([0x00, 0xE0, 0x64, 0x00, 0x77], CyclingPowerMeasurement(flags: 0xE000, power: 100)),
    ]

    @Test("cycling power measurements decode, the unused fields skipped by their sizes", arguments: power)
    func powerDecodes(bytes: [UInt8], expected: CyclingPowerMeasurement) throws {
        #expect(try CyclingPowerMeasurement.decode(bytes) == expected)
    }

    @Test("the pedal balance reference bit says whether the balance is the left pedal's")
    func balanceReference() throws {
        #expect(try CyclingPowerMeasurement.decode([0x01, 0x00, 0xFA, 0x00, 0x64]).pedalBalanceIsLeft == false)
        #expect(try CyclingPowerMeasurement.decode([0x03, 0x00, 0xFA, 0x00, 0x66]).pedalBalanceIsLeft == true)
    }

    @Test("a power measurement with only the fields it keeps encodes back to its bytes")
    func powerEncodes() throws {
        for (bytes, measurement) in Self.power.prefix(7) {
            #expect(measurement.encoded == bytes)
        }
        // The skipped fields are not sent again, and their flags are cleared.
        let skipped = try CyclingPowerMeasurement.decode(Self.power[12].0)
        #expect(
            try CyclingPowerMeasurement.decode(skipped.encoded)
                == CyclingPowerMeasurement(
                    flags: 0x083F, power: 300, pedalBalance: 102, accumulatedTorque: 0x0640,
                    wheel: RevolutionData(revolutions: 1000, eventTime: 2048), crank: RevolutionData(revolutions: 10, eventTime: 1024),
                    accumulatedEnergy: 0x1234))
    }

    static let powerMalformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "flags")),
        ([0x00], .truncated(field: "flags")),
        ([0x00, 0x00], .truncated(field: "instantaneous power")),
        ([0x00, 0x00, 0x64], .truncated(field: "instantaneous power")),
        ([0x01, 0x00, 0x64, 0x00], .truncated(field: "pedal power balance")),
        ([0x04, 0x00, 0x64, 0x00, 0x01], .truncated(field: "accumulated torque")),
        ([0x10, 0x00, 0x64, 0x00, 0xE8, 0x03, 0x00], .truncated(field: "cumulative wheel revolutions")),
        ([0x10, 0x00, 0x64, 0x00, 0xE8, 0x03, 0x00, 0x00, 0x00], .truncated(field: "last wheel event time")),
        ([0x20, 0x00, 0x64, 0x00, 0x0A], .truncated(field: "cumulative crank revolutions")),
        ([0x20, 0x00, 0x64, 0x00, 0x0A, 0x00], .truncated(field: "last crank event time")),
        ([0x40, 0x00, 0x64, 0x00, 0x10, 0x00, 0xF6], .truncated(field: "extreme force magnitudes")),
        ([0x80, 0x00, 0x64, 0x00, 0x20], .truncated(field: "extreme torque magnitudes")),
        ([0x00, 0x01, 0x64, 0x00, 0xBC, 0x3A], .truncated(field: "extreme angles")),
        ([0x00, 0x02, 0x64, 0x00, 0x5A], .truncated(field: "top dead spot angle")),
        ([0x00, 0x04, 0x64, 0x00], .truncated(field: "bottom dead spot angle")),
        ([0x00, 0x08, 0x64, 0x00, 0x2C], .truncated(field: "accumulated energy")),
        // Every flag but the energy's bytes: the skipped fields are counted, not guessed.
        (
            [
                0xFF, 0x0F, 0x2C, 0x01, 0x66, 0x40, 0x06, 0xE8, 0x03, 0x00, 0x00, 0x00, 0x08, 0x0A, 0x00, 0x00, 0x04,
                0x10, 0x00, 0xF6, 0xFF, 0x20, 0x03, 0xE0, 0xFF, 0xBC, 0x3A, 0x12, 0x5A, 0x00, 0x0E, 0x01,
            ],
            .truncated(field: "accumulated energy")
        ),
    ]

    @Test("truncated cycling power measurements are refused with the field that broke", arguments: powerMalformed)
    func powerRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try CyclingPowerMeasurement.decode(bytes) }
    }

    // MARK: - Features and sensor location

    @Test("RSC features are a uint16 of bits")
    func runningFeatures() throws {
        #expect(try RunningSpeedCadenceFeatures.decode([0x03, 0x00]) == [.strideLength, .totalDistance])
        #expect(
            try RunningSpeedCadenceFeatures.decode([0x1F, 0x00])
                == [.strideLength, .totalDistance, .walkingOrRunningStatus, .calibration, .multipleSensorLocations])
        #expect(try RunningSpeedCadenceFeatures.decode([0x04, 0x00]).contains(.walkingOrRunningStatus))
        #expect(throws: FrameError.truncated(field: "RSC features")) { try RunningSpeedCadenceFeatures.decode([0x07]) }
    }

    @Test("CSC features are a uint16 of bits")
    func cyclingFeatures() throws {
        #expect(try CyclingSpeedCadenceFeatures.decode([0x01, 0x00]) == [.wheelRevolutions])
        #expect(try CyclingSpeedCadenceFeatures.decode([0x02, 0x00]) == [.crankRevolutions])
        #expect(
            try CyclingSpeedCadenceFeatures.decode([0x07, 0x00]) == [.wheelRevolutions, .crankRevolutions, .multipleSensorLocations])
        #expect(throws: FrameError.truncated(field: "CSC features")) { try CyclingSpeedCadenceFeatures.decode([]) }
    }

    @Test("cycling power features are a uint32 of bits, with the context and distributed-system fields")
    func powerFeatures() throws {
        let crankMeter = try CyclingPowerFeatures.decode([0x0D, 0x00, 0x01, 0x00])
        #expect(crankMeter == [.pedalPowerBalance, .wheelRevolutions, .crankRevolutions, .torqueBased])
        #expect(crankMeter.distributedSystemSupport == 0)
        let pedals = try CyclingPowerFeatures.decode([0x89, 0x08, 0x20, 0x00])
        #expect(pedals.contains([.pedalPowerBalance, .crankRevolutions, .accumulatedEnergy, .multipleSensorLocations]))
        #expect(!pedals.contains(.torqueBased))
        #expect(pedals.distributedSystemSupport == 2)
        #expect(try CyclingPowerFeatures.decode([0x00, 0x00, 0x10, 0x00]).distributedSystemSupport == 1)
        #expect(throws: FrameError.truncated(field: "cycling power features")) { try CyclingPowerFeatures.decode([0x0C, 0x00, 0x01]) }
    }

    @Test("sensor locations 0 to 16 decode in the published order; 17 and up are refused")
    func sensorLocations() throws {
        #expect(try (0...16).map { try SensorLocation.decode([UInt8($0)]) } == SensorLocation.allCases)
        #expect(try SensorLocation.decode([0x02]) == .inShoe)
        #expect(try SensorLocation.decode([0x05]) == .leftCrank)
        #expect(try SensorLocation.decode([0x0C]) == .rearWheel)
        #expect(throws: FrameError.invalid(field: "sensor location", value: 17)) { try SensorLocation.decode([17]) }
        #expect(throws: FrameError.invalid(field: "sensor location", value: 255)) { try SensorLocation.decode([255]) }
        #expect(throws: FrameError.truncated(field: "sensor location")) { try SensorLocation.decode([]) }
    }
}
