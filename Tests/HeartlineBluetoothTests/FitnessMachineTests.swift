import HeartlineBluetooth
import HeartlineTestSupport
import Testing

/// Vectors written out by hand from the Fitness Machine Service 1.0 layouts: each flag alone
/// (with More Data set, so its field is the only one), the combinations real machines send, the
/// split of a long record, truncated frames and the control point's requests and answers.
@Suite(.timed) struct FitnessMachineTests {
    // MARK: - Treadmill Data (0x2ACD)

    typealias Inclination = TreadmillData.Inclination

    static let treadmill: [([UInt8], TreadmillData)] = [
        // More Data clear: instantaneous speed, 10.00 km/h, and nothing else.
        ([0x00, 0x00, 0xE8, 0x03], TreadmillData(instantaneousSpeed: 1000)),
        // More Data set alone: no field at all.
        ([0x01, 0x00], TreadmillData()),
        // Average speed 9.50 km/h.
        ([0x03, 0x00, 0xB6, 0x03], TreadmillData(averageSpeed: 950)),
        // Total distance 5000 m in three bytes.
        ([0x05, 0x00, 0x88, 0x13, 0x00], TreadmillData(totalDistance: 5000)),
        // Inclination 2.0 % and ramp angle 1.1 degrees.
        ([0x09, 0x00, 0x14, 0x00, 0x0B, 0x00], TreadmillData(inclination: Inclination(percent: 20, rampAngle: 11))),
        // Elevation gain 12.5 m up, 3.0 m down.
        (
            [0x11, 0x00, 0x7D, 0x00, 0x1E, 0x00],
            TreadmillData(elevationGain: TreadmillData.ElevationGain(positive: 125, negative: 30))
        ),
        // Instantaneous pace 0.2 km/min, then average pace 0.1 km/min.
        ([0x21, 0x00, 0x02], TreadmillData(instantaneousPace: 2)),
        ([0x41, 0x00, 0x01], TreadmillData(averagePace: 1)),
        // Expended energy: 250 kcal, 600 kcal an hour, 10 kcal a minute.
        (
            [0x81, 0x00, 0xFA, 0x00, 0x58, 0x02, 0x0A],
            TreadmillData(expendedEnergy: ExpendedEnergy(total: 250, perHour: 600, perMinute: 10))
        ),
        // Heart rate 142.
        ([0x01, 0x01, 0x8E], TreadmillData(heartRate: 142)),
        // Metabolic equivalent 9.8.
        ([0x01, 0x02, 0x62], TreadmillData(metabolicEquivalent: 98)),
        // Elapsed time 1800 s, then remaining time 600 s.
        ([0x01, 0x04, 0x08, 0x07], TreadmillData(elapsedTime: 1800)),
        ([0x01, 0x08, 0x58, 0x02], TreadmillData(remainingTime: 600)),
        // Force on belt 100 N and power output 250 W.
        ([0x01, 0x10, 0x64, 0x00, 0xFA, 0x00], TreadmillData(forceOnBelt: TreadmillData.ForceOnBelt(force: 100, power: 250))),
        // A treadmill's usual record: 12.00 km/h, 2500 m, 1.5 % at 0.9 degrees, 750 s.
        (
            [0x0C, 0x04, 0xB0, 0x04, 0xC4, 0x09, 0x00, 0x0F, 0x00, 0x09, 0x00, 0xEE, 0x02],
            TreadmillData(
                instantaneousSpeed: 1200, totalDistance: 2500, inclination: Inclination(percent: 15, rampAngle: 9), elapsedTime: 750)
        ),
        // Downhill: 5.00 km/h at -1.5 % and -0.9 degrees, signed.
        (
            [0x08, 0x00, 0xF4, 0x01, 0xF1, 0xFF, 0xF7, 0xFF],
            TreadmillData(instantaneousSpeed: 500, inclination: Inclination(percent: -15, rampAngle: -9))
        ),
        // Negative force and power: a belt braking the runner.
        ([0x01, 0x10, 0x9C, 0xFF, 0xCE, 0xFF], TreadmillData(forceOnBelt: TreadmillData.ForceOnBelt(force: -100, power: -50))),
        // Every field, 34 bytes.
        (
            [
                0xFE, 0x1F, 0xE8, 0x03, 0xB6, 0x03, 0x88, 0x13, 0x00, 0x14, 0x00, 0x0B, 0x00, 0x7D, 0x00, 0x1E, 0x00, 0x02, 0x01,
                0xFA, 0x00, 0x58, 0x02, 0x0A, 0x8E, 0x62, 0x08, 0x07, 0x58, 0x02, 0x64, 0x00, 0xFA, 0x00,
            ],
            TreadmillData(
                instantaneousSpeed: 1000, averageSpeed: 950, totalDistance: 5000, inclination: Inclination(percent: 20, rampAngle: 11),
                elevationGain: TreadmillData.ElevationGain(positive: 125, negative: 30), instantaneousPace: 2, averagePace: 1,
                expendedEnergy: ExpendedEnergy(total: 250, perHour: 600, perMinute: 10), heartRate: 142, metabolicEquivalent: 98,
                elapsedTime: 1800, remainingTime: 600, forceOnBelt: TreadmillData.ForceOnBelt(force: 100, power: 250))
        ),
        // The largest distance three bytes hold.
        ([0x05, 0x00, 0xFF, 0xFF, 0xFF], TreadmillData(totalDistance: 0xFF_FFFF)),
        // Reserved flag bits 13-15 and bytes after the announced fields are ignored.
        ([0x00, 0xE0, 0xE8, 0x03], TreadmillData(instantaneousSpeed: 1000)),
        ([0x00, 0x00, 0xE8, 0x03, 0x99], TreadmillData(instantaneousSpeed: 1000)),
    ]

    @Test("treadmill data decodes each flag's field alone and together", arguments: treadmill)
    func treadmillDecodes(bytes: [UInt8], expected: TreadmillData) throws {
        #expect(try TreadmillData.decode(bytes) == expected)
    }

    @Test("treadmill data encodes to the bytes it was decoded from", arguments: treadmill.dropLast(2))
    func treadmillEncodes(bytes: [UInt8], expected: TreadmillData) {
        #expect(expected.encoded == bytes)
    }

    static let treadmillMalformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "flags")),
        ([0x00], .truncated(field: "flags")),
        ([0x00, 0x00, 0xE8], .truncated(field: "instantaneous speed")),
        ([0x05, 0x00, 0x88, 0x13], .truncated(field: "total distance")),
        // Inclination whole, ramp angle cut.
        ([0x0D, 0x00, 0x88, 0x13, 0x00, 0x14, 0x00], .truncated(field: "ramp angle setting")),
        ([0x11, 0x00, 0x7D, 0x00], .truncated(field: "negative elevation gain")),
        ([0x81, 0x00, 0xFA, 0x00, 0x58, 0x02], .truncated(field: "energy per minute")),
        ([0x01, 0x10, 0x64, 0x00, 0xFA], .truncated(field: "power output")),
    ]

    @Test("truncated treadmill data is refused with the field that broke", arguments: treadmillMalformed)
    func treadmillRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try TreadmillData.decode(bytes) }
    }

    // MARK: - Indoor Bike Data (0x2AD2)

    static let bike: [([UInt8], IndoorBikeData)] = [
        // More Data clear: instantaneous speed, 30.00 km/h.
        ([0x00, 0x00, 0xB8, 0x0B], IndoorBikeData(instantaneousSpeed: 3000)),
        ([0x01, 0x00], IndoorBikeData()),
        // Average speed 28.50 km/h.
        ([0x03, 0x00, 0x22, 0x0B], IndoorBikeData(averageSpeed: 2850)),
        // Cadence 90 per minute in halves, then an average of 85.5.
        ([0x05, 0x00, 0xB4, 0x00], IndoorBikeData(instantaneousCadence: 180)),
        ([0x09, 0x00, 0xAB, 0x00], IndoorBikeData(averageCadence: 171)),
        // Total distance 20000 m.
        ([0x11, 0x00, 0x20, 0x4E, 0x00], IndoorBikeData(totalDistance: 20000)),
        // Resistance level 12, and -5: signed.
        ([0x21, 0x00, 0x0C, 0x00], IndoorBikeData(resistanceLevel: 12)),
        ([0x21, 0x00, 0xFB, 0xFF], IndoorBikeData(resistanceLevel: -5)),
        // Power 250 W, then an average of 230 W.
        ([0x41, 0x00, 0xFA, 0x00], IndoorBikeData(instantaneousPower: 250)),
        ([0x81, 0x00, 0xE6, 0x00], IndoorBikeData(averagePower: 230)),
        // Expended energy: 400 kcal, 800 an hour, 13 a minute.
        (
            [0x01, 0x01, 0x90, 0x01, 0x20, 0x03, 0x0D],
            IndoorBikeData(expendedEnergy: ExpendedEnergy(total: 400, perHour: 800, perMinute: 13))
        ),
        // Energy the machine cannot tell: all ones, kept as sent.
        (
            [0x01, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            IndoorBikeData(expendedEnergy: ExpendedEnergy(total: 0xFFFF, perHour: 0xFFFF, perMinute: 0xFF))
        ),
        ([0x01, 0x02, 0x96], IndoorBikeData(heartRate: 150)),
        ([0x01, 0x04, 0x64], IndoorBikeData(metabolicEquivalent: 100)),
        ([0x01, 0x08, 0x10, 0x0E], IndoorBikeData(elapsedTime: 3600)),
        ([0x01, 0x10, 0xB0, 0x04], IndoorBikeData(remainingTime: 1200)),
        // A trainer's usual record: 32.40 km/h, 92 per minute, 265 W, heart rate 148.
        (
            [0x44, 0x02, 0xA8, 0x0C, 0xB8, 0x00, 0x09, 0x01, 0x94],
            IndoorBikeData(instantaneousSpeed: 3240, instantaneousCadence: 184, instantaneousPower: 265, heartRate: 148)
        ),
        // Back-pedalling: -20 W at a standstill.
        ([0x40, 0x00, 0x00, 0x00, 0xEC, 0xFF], IndoorBikeData(instantaneousSpeed: 0, instantaneousPower: -20)),
        // Every field, 30 bytes.
        (
            [
                0xFE, 0x1F, 0xB8, 0x0B, 0x22, 0x0B, 0xB4, 0x00, 0xAB, 0x00, 0x20, 0x4E, 0x00, 0x0C, 0x00, 0xFA, 0x00, 0xE6, 0x00,
                0x90, 0x01, 0x20, 0x03, 0x0D, 0x96, 0x64, 0x10, 0x0E, 0xB0, 0x04,
            ],
            IndoorBikeData(
                instantaneousSpeed: 3000, averageSpeed: 2850, instantaneousCadence: 180, averageCadence: 171, totalDistance: 20000,
                resistanceLevel: 12, instantaneousPower: 250, averagePower: 230,
                expendedEnergy: ExpendedEnergy(total: 400, perHour: 800, perMinute: 13), heartRate: 150, metabolicEquivalent: 100,
                elapsedTime: 3600, remainingTime: 1200)
        ),
        ([0x00, 0xE0, 0xB8, 0x0B, 0x01], IndoorBikeData(instantaneousSpeed: 3000)),
    ]

    @Test("indoor bike data decodes each flag's field alone and together", arguments: bike)
    func bikeDecodes(bytes: [UInt8], expected: IndoorBikeData) throws {
        #expect(try IndoorBikeData.decode(bytes) == expected)
    }

    @Test("indoor bike data encodes to the bytes it was decoded from", arguments: bike.dropLast())
    func bikeEncodes(bytes: [UInt8], expected: IndoorBikeData) {
        #expect(expected.encoded == bytes)
    }

    static let bikeMalformed: [([UInt8], FrameError)] = [
        ([0x00, 0x00], .truncated(field: "instantaneous speed")),
        ([0x44, 0x02, 0xA8, 0x0C, 0xB8], .truncated(field: "instantaneous cadence")),
        ([0x44, 0x02, 0xA8, 0x0C, 0xB8, 0x00, 0x09, 0x01], .truncated(field: "heart rate")),
        ([0x11, 0x00, 0x20, 0x4E], .truncated(field: "total distance")),
        ([0x01, 0x01, 0x90, 0x01], .truncated(field: "energy per hour")),
    ]

    @Test("truncated indoor bike data is refused with the field that broke", arguments: bikeMalformed)
    func bikeRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try IndoorBikeData.decode(bytes) }
    }

    // MARK: - Rower Data (0x2AD1)

    static let rower: [([UInt8], RowerData)] = [
        // More Data clear: stroke rate 26 per minute in halves and stroke count 310.
        ([0x00, 0x00, 0x34, 0x36, 0x01], RowerData(strokes: RowerData.Strokes(rate: 52, count: 310))),
        ([0x01, 0x00], RowerData()),
        // Average stroke rate 25.
        ([0x03, 0x00, 0x32], RowerData(averageStrokeRate: 50)),
        ([0x05, 0x00, 0xD0, 0x07, 0x00], RowerData(totalDistance: 2000)),
        // Pace 1:55 per 500 m, then an average of 2:00.
        ([0x09, 0x00, 0x73, 0x00], RowerData(instantaneousPace: 115)),
        ([0x11, 0x00, 0x78, 0x00], RowerData(averagePace: 120)),
        ([0x21, 0x00, 0xD2, 0x00], RowerData(instantaneousPower: 210)),
        ([0x41, 0x00, 0xC3, 0x00], RowerData(averagePower: 195)),
        ([0x81, 0x00, 0x07, 0x00], RowerData(resistanceLevel: 7)),
        ([0x01, 0x01, 0x78, 0x00, 0x84, 0x03, 0x0F], RowerData(expendedEnergy: ExpendedEnergy(total: 120, perHour: 900, perMinute: 15))),
        ([0x01, 0x02, 0xA0], RowerData(heartRate: 160)),
        ([0x01, 0x04, 0x55], RowerData(metabolicEquivalent: 85)),
        ([0x01, 0x08, 0xE0, 0x01], RowerData(elapsedTime: 480)),
        ([0x01, 0x10, 0x78, 0x00], RowerData(remainingTime: 120)),
        // A rower's usual record: 28 per minute, 245 strokes, 1250 m, 1:58 per 500 m, 230 W.
        (
            [0x2C, 0x00, 0x38, 0xF5, 0x00, 0xE2, 0x04, 0x00, 0x76, 0x00, 0xE6, 0x00],
            RowerData(
                strokes: RowerData.Strokes(rate: 56, count: 245), totalDistance: 1250, instantaneousPace: 118, instantaneousPower: 230)
        ),
        ([0x00, 0x80, 0x34, 0x36, 0x01, 0xAA], RowerData(strokes: RowerData.Strokes(rate: 52, count: 310))),
    ]

    @Test("rower data decodes each flag's field alone and together", arguments: rower)
    func rowerDecodes(bytes: [UInt8], expected: RowerData) throws {
        #expect(try RowerData.decode(bytes) == expected)
    }

    @Test("rower data encodes to the bytes it was decoded from", arguments: rower.dropLast())
    func rowerEncodes(bytes: [UInt8], expected: RowerData) {
        #expect(expected.encoded == bytes)
    }

    static let rowerMalformed: [([UInt8], FrameError)] = [
        ([0x00, 0x00], .truncated(field: "stroke rate")),
        ([0x00, 0x00, 0x34, 0x36], .truncated(field: "stroke count")),
        ([0x2C, 0x00, 0x38, 0xF5, 0x00, 0xE2, 0x04, 0x00, 0x76], .truncated(field: "instantaneous pace")),
        ([0x01, 0x10, 0x78], .truncated(field: "remaining time")),
    ]

    @Test("truncated rower data is refused with the field that broke", arguments: rowerMalformed)
    func rowerRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try RowerData.decode(bytes) }
    }

    // MARK: - Every prefix of a valid frame

    enum Machine: CaseIterable, Sendable {
        case treadmill, bike, rower

        /// Decodes `bytes` as this machine's data, giving the flags the record would be sent with.
        func flags(of bytes: [UInt8]) throws(FrameError) -> UInt16 {
            switch self {
            case .treadmill: try TreadmillData.decode(bytes).flags
            case .bike: try IndoorBikeData.decode(bytes).flags
            case .rower: try RowerData.decode(bytes).flags
            }
        }
    }

    /// Each frame ends with its last announced field, so every shorter prefix lacks a field its
    /// flags announce.
    static let wholeFrames: [(Machine, [UInt8])] = [
        (.treadmill, treadmill[0].0), (.treadmill, treadmill[14].0), (.treadmill, treadmill[15].0), (.treadmill, treadmill[17].0),
        (.bike, bike[16].0), (.bike, bike[18].0), (.rower, rower[0].0), (.rower, rower[14].0),
    ]

    @Test("every prefix of a frame is refused as truncated; read as another machine's, it holds what its flags say", arguments: wholeFrames)
    func prefixes(machine: Machine, frame: [UInt8]) throws {
        for length in 0...frame.count {
            let prefix = Array(frame.prefix(length))
            let announced = length >= 2 ? (UInt16(prefix[0]) | UInt16(prefix[1]) << 8) & 0x1FFF : nil
            for reader in Machine.allCases {
                do throws(FrameError) {
                    let flags = try reader.flags(of: prefix)
                    #expect(reader != machine || length == frame.count, "\(machine) prefix \(length) decoded")
                    #expect(flags == announced, "\(reader) read \(machine) prefix \(length) with flags \(flags)")
                } catch {
                    #expect(error.isTruncation, "\(reader) refused \(machine) prefix \(length): \(error)")
                    #expect(reader != machine || length < frame.count, "\(machine) whole frame refused: \(error)")
                }
            }
        }
    }

    // MARK: - More Data: one record over two notifications

    @Test("a treadmill record split over two notifications is merged when the last part arrives")
    func treadmillSplit() throws {
        // Distance, inclination, elevation gain and energy first, More Data set: 18 bytes.
        let first: [UInt8] = [
            0x9D, 0x00, 0x88, 0x13, 0x00, 0x14, 0x00, 0x0B, 0x00, 0x7D, 0x00, 0x1E, 0x00, 0xFA, 0x00, 0x58, 0x02, 0x0A,
        ]
        // Then speed (More Data clear), heart rate and elapsed time.
        let last: [UInt8] = [0x00, 0x05, 0xE8, 0x03, 0x8E, 0x08, 0x07]
        var assembler = FitnessMachineDataAssembler<TreadmillData>()
        let part = try TreadmillData.decode(first)
        #expect(part.hasMoreData)
        #expect(assembler.add(part).isEmpty)
        #expect(assembler.pending == part)
        let records = assembler.add(try TreadmillData.decode(last))
        #expect(
            records == [
                TreadmillData(
                    instantaneousSpeed: 1000, totalDistance: 5000, inclination: Inclination(percent: 20, rampAngle: 11),
                    elevationGain: TreadmillData.ElevationGain(positive: 125, negative: 30),
                    expendedEnergy: ExpendedEnergy(total: 250, perHour: 600, perMinute: 10), heartRate: 142, elapsedTime: 1800)
            ])
        #expect(assembler.pending == nil)
    }

    @Test("an indoor bike record split over two notifications is merged; a whole one passes at once")
    func bikeSplit() throws {
        var assembler = FitnessMachineDataAssembler<IndoorBikeData>()
        // Energy, elapsed and remaining time first, More Data set.
        #expect(assembler.add(try IndoorBikeData.decode([0x01, 0x19, 0x90, 0x01, 0x20, 0x03, 0x0D, 0x10, 0x0E, 0xB0, 0x04])).isEmpty)
        let records = assembler.add(try IndoorBikeData.decode([0x44, 0x02, 0xA8, 0x0C, 0xB8, 0x00, 0x09, 0x01, 0x94]))
        #expect(
            records == [
                IndoorBikeData(
                    instantaneousSpeed: 3240, instantaneousCadence: 184, instantaneousPower: 265,
                    expendedEnergy: ExpendedEnergy(total: 400, perHour: 800, perMinute: 13), heartRate: 148, elapsedTime: 3600,
                    remainingTime: 1200)
            ])
        let whole = try IndoorBikeData.decode([0x40, 0x00, 0x00, 0x00, 0xEC, 0xFF])
        #expect(assembler.add(whole) == [whole])
    }

    @Test("a part repeating a field already held starts a new record; the held one is given out as it is")
    func lostLastPart() throws {
        var assembler = FitnessMachineDataAssembler<TreadmillData>()
        let early = try TreadmillData.decode([0x05, 0x00, 0x88, 0x13, 0x00])
        let later = try TreadmillData.decode([0x05, 0x00, 0x94, 0x13, 0x00])
        #expect(assembler.add(early).isEmpty)
        // The last part of the 5000 m record was lost: the 5012 m part begins another.
        #expect(assembler.add(later) == [TreadmillData(totalDistance: 5000)])
        #expect(
            assembler.add(try TreadmillData.decode([0x00, 0x00, 0xE8, 0x03])) == [
                TreadmillData(instantaneousSpeed: 1000, totalDistance: 5012)
            ])
        // A whole record repeating a held field: both come out, the held one first.
        #expect(assembler.add(early).isEmpty)
        let whole = try TreadmillData.decode([0x04, 0x00, 0xE8, 0x03, 0x94, 0x13, 0x00])
        #expect(assembler.add(whole) == [TreadmillData(totalDistance: 5000), whole])
        #expect(assembler.pending == nil)
    }

    @Test("a rower's stroke data ends its split record as a treadmill's speed does")
    func rowerSplit() throws {
        var assembler = FitnessMachineDataAssembler<RowerData>()
        #expect(assembler.add(try RowerData.decode([0x01, 0x01, 0x78, 0x00, 0x84, 0x03, 0x0F])).isEmpty)
        #expect(
            assembler.add(try RowerData.decode([0x00, 0x00, 0x34, 0x36, 0x01]))
                == [
                    RowerData(
                        strokes: RowerData.Strokes(rate: 52, count: 310),
                        expendedEnergy: ExpendedEnergy(total: 120, perHour: 900, perMinute: 15))
                ])
    }

    @Test("the fields every machine sends last are set through the record and sent under its flags")
    func sharedTail() throws {
        var rower = RowerData(strokes: RowerData.Strokes(rate: 52, count: 310))
        rower.heartRate = 160
        rower.elapsedTime = 480
        // Heart rate is bit 9 and elapsed time bit 11 for a rower, bits 8 and 10 for a treadmill.
        #expect(rower.encoded == [0x00, 0x0A, 0x34, 0x36, 0x01, 0xA0, 0xE0, 0x01])
        #expect(try RowerData.decode(rower.encoded) == rower)
        var treadmill = TreadmillData(instantaneousSpeed: 1000)
        treadmill.heartRate = 160
        treadmill.elapsedTime = 480
        #expect(treadmill.encoded == [0x00, 0x05, 0xE8, 0x03, 0xA0, 0xE0, 0x01])
        treadmill.merge(TreadmillData(heartRate: 150))
        #expect(treadmill == TreadmillData(instantaneousSpeed: 1000, heartRate: 150, elapsedTime: 480))
    }

    // MARK: - Fitness Machine Feature (0x2ACC)

    @Test("the feature characteristic is two uint32 of bits: what the machine reports, what it can be set to")
    func features() throws {
        // A treadmill: average speed, distance, inclination, elevation gain, pace, energy,
        // heart rate, elapsed time; targets speed and inclination.
        let treadmill = try FitnessMachineFeatures.decode([0x3D, 0x16, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00])
        #expect(
            treadmill.machine == [
                .averageSpeed, .totalDistance, .inclination, .elevationGain, .pace, .expendedEnergy, .heartRate, .elapsedTime,
            ])
        #expect(treadmill.targetSettings == [.speed, .inclination])
        // A trainer: cadence, distance, resistance, heart rate, elapsed time, power; targets
        // resistance, power, simulation, wheel circumference, spin down.
        let trainer = try FitnessMachineFeatures.decode([0x86, 0x54, 0x00, 0x00, 0x0C, 0xE0, 0x00, 0x00])
        #expect(trainer.machine == [.cadence, .totalDistance, .resistanceLevel, .heartRate, .elapsedTime, .power])
        #expect(trainer.targetSettings == [.resistanceLevel, .power, .indoorBikeSimulation, .wheelCircumference, .spinDown])
        // The last defined bits of each, then the cadence target, in the second word's third byte.
        let last = try FitnessMachineFeatures.decode([0x00, 0x80, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00])
        #expect(last.machine == [.forceOnBeltAndPowerOutput, .userDataRetention])
        #expect(last.targetSettings == [.cadence])
        #expect(trainer.encoded == [0x86, 0x54, 0x00, 0x00, 0x0C, 0xE0, 0x00, 0x00])
        #expect(throws: FrameError.truncated(field: "fitness machine features")) { try FitnessMachineFeatures.decode([0x3D, 0x16, 0x00]) }
        #expect(throws: FrameError.truncated(field: "target setting features")) {
            try FitnessMachineFeatures.decode([0x3D, 0x16, 0x00, 0x00, 0x03, 0x00, 0x00])
        }
    }

    // MARK: - Supported ranges (0x2AD4 to 0x2AD8)

    @Test("the supported ranges decode minimum, maximum and increment in their own widths and signs")
    func ranges() throws {
        // Speed 1.00 to 31.00 km/h by 0.10.
        #expect(
            try SupportedSpeedRange.decode([0x64, 0x00, 0x1C, 0x0C, 0x0A, 0x00])
                == FitnessMachineRange(minimum: 100, maximum: 3100, increment: 10))
        // Inclination -2.0 % to 15.0 % by 0.5: the minimum is signed.
        #expect(
            try SupportedInclinationRange.decode([0xEC, 0xFF, 0x96, 0x00, 0x05, 0x00])
                == FitnessMachineRange(minimum: -20, maximum: 150, increment: 5))
        // Resistance 1.0 to 100.0 by 1.0.
        #expect(
            try SupportedResistanceLevelRange.decode([0x0A, 0x00, 0xE8, 0x03, 0x0A, 0x00])
                == FitnessMachineRange(minimum: 10, maximum: 1000, increment: 10))
        // Heart rate 80 to 180 by 1, one byte each.
        #expect(try SupportedHeartRateRange.decode([0x50, 0xB4, 0x01]) == FitnessMachineRange(minimum: 80, maximum: 180, increment: 1))
        // Power 25 to 2000 W by 5.
        #expect(
            try SupportedPowerRange.decode([0x19, 0x00, 0xD0, 0x07, 0x05, 0x00])
                == FitnessMachineRange(minimum: 25, maximum: 2000, increment: 5))
        // Bytes after the increment are ignored.
        #expect(
            try SupportedHeartRateRange.decode([0x50, 0xB4, 0x01, 0x00]) == FitnessMachineRange(minimum: 80, maximum: 180, increment: 1))

        #expect(
            SupportedSpeedRange.encode(FitnessMachineRange(minimum: 100, maximum: 3100, increment: 10)) == [
                0x64, 0x00, 0x1C, 0x0C, 0x0A, 0x00,
            ])
        #expect(
            SupportedInclinationRange.encode(FitnessMachineRange(minimum: -20, maximum: 150, increment: 5)) == [
                0xEC, 0xFF, 0x96, 0x00, 0x05, 0x00,
            ])
        #expect(SupportedHeartRateRange.encode(FitnessMachineRange(minimum: 80, maximum: 180, increment: 1)) == [0x50, 0xB4, 0x01])
    }

    static let rangesMalformed: [(String, [UInt8], FrameError)] = [
        ("speed", [0x1C, 0x0C, 0x64, 0x00, 0x0A, 0x00], .invalid(field: "maximum speed", value: 100)),
        // Read unsigned, 0xFFEC would be above 150; signed, -2.0 % is below 15.0 %.
        ("inclination", [0x96, 0x00, 0xEC, 0xFF, 0x05, 0x00], .invalid(field: "maximum inclination", value: -20)),
        ("resistance", [0x0A, 0x00, 0xE8], .truncated(field: "maximum resistance level")),
        ("heart rate", [0x50], .truncated(field: "maximum heart rate")),
        ("power", [0x19, 0x00, 0xD0, 0x07, 0x05], .truncated(field: "power increment")),
        ("speed", [], .truncated(field: "minimum speed")),
    ]

    @Test("a range cut short or with its maximum below its minimum is refused", arguments: rangesMalformed)
    func rangeRejected(range: String, bytes: [UInt8], error: FrameError) {
        #expect(throws: error) {
            switch range {
            case "speed": _ = try SupportedSpeedRange.decode(bytes)
            case "inclination": _ = try SupportedInclinationRange.decode(bytes)
            case "resistance": _ = try SupportedResistanceLevelRange.decode(bytes)
            case "heart rate": _ = try SupportedHeartRateRange.decode(bytes)
            default: _ = try SupportedPowerRange.decode(bytes)
            }
        }
    }

    // MARK: - Training Status (0x2AD3)

    @Test("training status: the state, and the string only when its flag is set")
    func trainingStatus() throws {
        #expect(try TrainingStatus.decode([0x00, 0x01]) == TrainingStatus(state: .idle))
        // "Quick start" with manual mode.
        let quick = try TrainingStatus.decode([0x01, 0x0D, 0x51, 0x75, 0x69, 0x63, 0x6B, 0x20, 0x73, 0x74, 0x61, 0x72, 0x74])
        #expect(quick.state == .manualMode)
        #expect(quick.text == "Quick start")
        #expect(!quick.isExtended)
        // A string that goes on past this value.
        let extended = try TrainingStatus.decode([0x03, 0x04, 0x49, 0x6E, 0x74])
        #expect(extended == TrainingStatus(state: .highIntensityInterval, string: [0x49, 0x6E, 0x74], isExtended: true))
        // Without bit 0 the bytes after the status are not a string.
        #expect(try TrainingStatus.decode([0x00, 0x0F, 0x41]).string == nil)
        // A machine's escape sequence is not printed or spoken.
        #expect(try TrainingStatus.decode([0x01, 0x02, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x57, 0x61, 0x72, 0x6D]).text == "Warm")
        #expect(TrainingStatus.State(rawValue: 0x0A) == .speedAboveControlRegion)
        #expect(TrainingStatus.State.allCases.map(\.rawValue) == Array(0x00...0x0F))
        #expect(quick.encoded == [0x01, 0x0D, 0x51, 0x75, 0x69, 0x63, 0x6B, 0x20, 0x73, 0x74, 0x61, 0x72, 0x74])
        #expect(throws: FrameError.invalid(field: "training status", value: 0x10)) { try TrainingStatus.decode([0x00, 0x10]) }
        #expect(throws: FrameError.truncated(field: "training status")) { try TrainingStatus.decode([0x00]) }
        #expect(throws: FrameError.truncated(field: "flags")) { try TrainingStatus.decode([]) }
    }

    // MARK: - Fitness Machine Status (0x2ADA)

    static let status: [([UInt8], FitnessMachineStatus)] = [
        ([0x01], .reset),
        ([0x02, 0x01], .stoppedOrPausedByUser(.stop)),
        ([0x02, 0x02], .stoppedOrPausedByUser(.pause)),
        ([0x03], .stoppedBySafetyKey),
        ([0x04], .startedOrResumedByUser),
        // 12.00 km/h, -1.5 %, resistance 5.0, 250 W, 140 beats a minute.
        ([0x05, 0xB0, 0x04], .targetSpeedChanged(1200)),
        ([0x06, 0xF1, 0xFF], .targetInclinationChanged(-15)),
        ([0x07, 0x32], .targetResistanceLevelChanged(50)),
        ([0x08, 0xFA, 0x00], .targetPowerChanged(250)),
        ([0x09, 0x8C], .targetHeartRateChanged(140)),
        // A targeted distance of 5000 m, three bytes; time in five zones, ten.
        ([0x0D, 0x88, 0x13, 0x00], .targetedSettingChanged(opCode: 0x0D, parameter: [0x88, 0x13, 0x00])),
        (
            [0x11, 0x3C, 0x00, 0x78, 0x00, 0xB4, 0x00, 0xF0, 0x00, 0x2C, 0x01],
            .targetedSettingChanged(opCode: 0x11, parameter: [0x3C, 0x00, 0x78, 0x00, 0xB4, 0x00, 0xF0, 0x00, 0x2C, 0x01])
        ),
        // Still air, 2.50 % grade, rolling resistance 0.0040, wind resistance 0.51 kg/m.
        (
            [0x12, 0x00, 0x00, 0xFA, 0x00, 0x28, 0x33],
            .indoorBikeSimulationChanged(IndoorBikeSimulation(windSpeed: 0, grade: 250, rollingResistance: 40, windResistance: 51))
        ),
        // 2180.2 mm.
        ([0x13, 0x2A, 0x55], .wheelCircumferenceChanged(21802)),
        ([0x14, 0x02], .spinDownStatus(2)),
        ([0x15, 0xB4, 0x00], .targetCadenceChanged(180)),
        ([0xFF], .controlPermissionLost),
    ]

    @Test("machine status decodes each op code with its parameter, and encodes back", arguments: status)
    func statusDecodes(bytes: [UInt8], expected: FitnessMachineStatus) throws {
        #expect(try FitnessMachineStatus.decode(bytes) == expected)
        #expect(expected.encoded == bytes)
    }

    static let statusMalformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "status op code")),
        ([0x00], .invalid(field: "status op code", value: 0x00)),
        ([0x16], .invalid(field: "status op code", value: 0x16)),
        ([0xFE], .invalid(field: "status op code", value: 0xFE)),
        ([0x02], .truncated(field: "stop or pause")),
        ([0x02, 0x03], .invalid(field: "stop or pause", value: 3)),
        ([0x05, 0xB0], .truncated(field: "new target speed")),
        ([0x11, 0x01, 0x02], .truncated(field: "new targeted setting")),
        ([0x12, 0x00, 0x00, 0xFA, 0x00, 0x28], .truncated(field: "wind resistance coefficient")),
    ]

    @Test("a reserved status, or one whose parameter is missing or out of its values, is refused", arguments: statusMalformed)
    func statusRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try FitnessMachineStatus.decode(bytes) }
    }

    // MARK: - Fitness Machine Control Point (0x2AD9)

    static let requests: [(FitnessMachineControlRequest, [UInt8])] = [
        (.requestControl, [0x00]),
        (.reset, [0x01]),
        // 12.00 km/h.
        (.setTargetSpeed(1200), [0x02, 0xB0, 0x04]),
        // 2.0 %, then -1.5 %: signed.
        (.setTargetInclination(20), [0x03, 0x14, 0x00]),
        (.setTargetInclination(-15), [0x03, 0xF1, 0xFF]),
        // Resistance 5.0 in tenths, one byte.
        (.setTargetResistanceLevel(50), [0x04, 0x32]),
        (.setTargetPower(250), [0x05, 0xFA, 0x00]),
        (.setTargetPower(1000), [0x05, 0xE8, 0x03]),
        (.setTargetHeartRate(140), [0x06, 0x8C]),
        (.startOrResume, [0x07]),
        (.stopOrPause(.stop), [0x08, 0x01]),
        (.stopOrPause(.pause), [0x08, 0x02]),
        (
            .setIndoorBikeSimulation(IndoorBikeSimulation(windSpeed: -1500, grade: -250, rollingResistance: 40, windResistance: 51)),
            [0x11, 0x24, 0xFA, 0x06, 0xFF, 0x28, 0x33]
        ),
    ]

    @Test("each control point request encodes to its op code and parameter", arguments: requests)
    func requestEncodes(request: FitnessMachineControlRequest, bytes: [UInt8]) {
        #expect(request.encoded == bytes)
        #expect(request.opCode == bytes[0])
    }

    @Test("a machine reads each request back from the bytes written", arguments: requests)
    func requestDecodes(request: FitnessMachineControlRequest, bytes: [UInt8]) throws {
        #expect(try FitnessMachineControlRequest.decode(bytes) == request)
    }

    static let requestsMalformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "op code")),
        ([0x02, 0xB0], .truncated(field: "target speed")),
        ([0x08], .truncated(field: "stop or pause")),
        ([0x08, 0x03], .invalid(field: "stop or pause", value: 3)),
        ([0x09], .invalid(field: "op code", value: 9)),
        ([0x80, 0x00, 0x01], .invalid(field: "op code", value: 0x80)),
        ([0x00, 0x00], .trailingBytes(field: "op code 0", count: 1)),
        ([0x05, 0xFA, 0x00, 0x00], .trailingBytes(field: "op code 5", count: 1)),
    ]

    @Test("a written request with an unknown op code, a short parameter or bytes over is refused", arguments: requestsMalformed)
    func requestRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try FitnessMachineControlRequest.decode(bytes) }
    }

    static let responses: [([UInt8], FitnessMachineControlResponse)] = [
        ([0x80, 0x00, 0x01], FitnessMachineControlResponse(requestOpCode: 0x00, result: .success)),
        ([0x80, 0x03, 0x02], FitnessMachineControlResponse(requestOpCode: 0x03, result: .opCodeNotSupported)),
        ([0x80, 0x05, 0x03], FitnessMachineControlResponse(requestOpCode: 0x05, result: .invalidParameter)),
        ([0x80, 0x07, 0x04], FitnessMachineControlResponse(requestOpCode: 0x07, result: .operationFailed)),
        ([0x80, 0x02, 0x05], FitnessMachineControlResponse(requestOpCode: 0x02, result: .controlNotPermitted)),
        // A spin down's answer carries target speeds 10.00 and 20.00 km/h, kept as sent.
        (
            [0x80, 0x13, 0x01, 0xE8, 0x03, 0xD0, 0x07],
            FitnessMachineControlResponse(requestOpCode: 0x13, result: .success, parameter: [0xE8, 0x03, 0xD0, 0x07])
        ),
    ]

    @Test("the control point's indication: 0x80, the request's op code, the result", arguments: responses)
    func responseDecodes(bytes: [UInt8], expected: FitnessMachineControlResponse) throws {
        #expect(try FitnessMachineControlResponse.decode(bytes) == expected)
        #expect(expected.encoded == bytes)
    }

    static let responsesMalformed: [([UInt8], FrameError)] = [
        ([], .truncated(field: "response code")),
        // A request echoed back is not an answer.
        ([0x02, 0xB0, 0x04], .invalid(field: "response code", value: 0x02)),
        ([0x80], .truncated(field: "request op code")),
        ([0x80, 0x00], .truncated(field: "result code")),
        ([0x80, 0x00, 0x00], .invalid(field: "result code", value: 0)),
        ([0x80, 0x00, 0x06], .invalid(field: "result code", value: 6)),
    ]

    @Test("an indication that is not a response or carries a reserved result is refused", arguments: responsesMalformed)
    func responseRejected(bytes: [UInt8], error: FrameError) {
        #expect(throws: error) { try FitnessMachineControlResponse.decode(bytes) }
    }

    // MARK: - UUIDs

    @Test("the service and its characteristics carry their assigned numbers")
    func uuids() {
        let assigned: [(BluetoothUUID, UInt16)] = [
            (.fitnessMachineService, 0x1826), (.fitnessMachineFeature, 0x2ACC), (.treadmillData, 0x2ACD), (.rowerData, 0x2AD1),
            (.indoorBikeData, 0x2AD2), (.trainingStatus, 0x2AD3), (.supportedSpeedRange, 0x2AD4),
            (.supportedInclinationRange, 0x2AD5), (.supportedResistanceLevelRange, 0x2AD6), (.supportedHeartRateRange, 0x2AD7),
            (.supportedPowerRange, 0x2AD8), (.fitnessMachineControlPoint, 0x2AD9), (.fitnessMachineStatus, 0x2ADA),
        ]
        for (uuid, number) in assigned {
            #expect(uuid.shortValue == number, "\(uuid)")
        }
    }
}

extension FrameError {
    fileprivate var isTruncation: Bool {
        if case .truncated = self { true } else { false }
    }
}
