import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

@Suite(.timed, .tags(.threads)) struct SampleCodecTests {
    @Test func noSamplesRoundTrip() throws {
        let bytes = SampleCodec.encode([Sample]())
        #expect(bytes == [SampleCodec.formatVersion])
        #expect(try SampleCodec.decode(bytes) == [])
    }

    @Test func aSteadySecondTakesOneByteAndOnePerBeat() throws {
        let samples = [
            Sample(elapsed: 1, wallOffset: 1, heartRate: 100, rrIntervals: [600]),
            Sample(elapsed: 2, wallOffset: 2, heartRate: 101, rrIntervals: [610, 605]),
        ]
        let bytes = SampleCodec.encode(samples)
        // The format byte; the first record (header, heart rate 100 and RR 600 as two bytes each);
        // then the second: header, and one byte per small RR difference.
        #expect(bytes.count == 1 + 5 + 3)
        #expect(try SampleCodec.decode(bytes) == samples)
    }

    @Test func pausesGapsAndManyIntervalsRoundTrip() throws {
        let samples = [
            Sample(elapsed: 1, wallOffset: 1, heartRate: nil),
            Sample(elapsed: 2, wallOffset: 340, heartRate: 150, rrIntervals: []),
            Sample(elapsed: 3, wallOffset: 341, heartRate: 60, rrIntervals: Array(400..<420)),
            Sample(elapsed: 3, wallOffset: 341, heartRate: 60, rrIntervals: [1, 2, 3, 4, 5, 6, 7]),
            Sample(elapsed: 10, wallOffset: 5, heartRate: nil, rrIntervals: [900]),
        ]
        #expect(try SampleCodec.decode(SampleCodec.encode(samples)) == samples)
    }

    @Test func randomSamplesRoundTrip() throws {
        var random = SeededRandom(seed: 20_260_314)
        for _ in 0..<300 {
            let samples = (0..<Int(random.next(upTo: 200))).map { _ in Self.randomSample(&random) }
            #expect(try SampleCodec.decode(SampleCodec.encode(samples)) == samples)
        }
    }

    @Test func aRealisticHourTakesUnderFourBytesASecond() throws {
        for seed in UInt64(1)...5 {
            let samples = HistoryGenerator.workoutSamples(duration: 3600, seed: seed)
            let bytes = SampleCodec.encode(samples)
            #expect(Double(bytes.count) / 3600 < 4, "seed \(seed): \(bytes.count) bytes")
            #expect(try SampleCodec.decode(bytes) == samples)
        }
    }

    @Test func damagedBytesThrowOrDecodeWithoutCrashing() {
        var random = SeededRandom(seed: 7)
        let valid = SampleCodec.encode(HistoryGenerator.motionWorkout(sport: .cycling, duration: 60, seed: 3).samples)
        for _ in 0..<2000 {
            var bytes = valid
            switch random.next(upTo: 3) {
            case 0: bytes = Array(bytes.prefix(Int(random.next(upTo: UInt64(bytes.count)))))
            case 1: bytes[Int(random.next(upTo: UInt64(bytes.count)))] = UInt8(truncatingIfNeeded: random.next())
            default:
                bytes =
                    [UInt8(1 + random.next(upTo: 2))]
                    + (0..<Int(random.next(upTo: 64))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            _ = try? SampleCodec.decode(bytes)
        }
    }

    @Test func anUnknownFormatIsRefused() {
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([4, 0]) }
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([]) }
    }

    /// Two seconds as format 1 stored them (the blob of `aSteadySecondTakesOneByteAndOnePerBeat`).
    static let formatOneBlob: [UInt8] = [1, 0x84, 0xC8, 0x01, 0xB0, 0x09, 0x0A, 0x14, 0x09]
    static let formatOneSamples = [
        Sample(elapsed: 1, wallOffset: 1, heartRate: 100, rrIntervals: [600]),
        Sample(elapsed: 2, wallOffset: 2, heartRate: 101, rrIntervals: [610, 605]),
    ]

    @Test func formatOneBlobsStillRead() throws {
        #expect(try SampleCodec.decode(Self.formatOneBlob) == Self.formatOneSamples)
        // Heart rate only, format 2 is format 1 byte for byte after the format byte.
        #expect(SampleCodec.encode(Self.formatOneSamples) == [2] + Self.formatOneBlob.dropFirst())
    }

    @Test func aMotionByteIsNoPartOfFormatOne() {
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([1, 0xB0, 0x00, 0x05]) }
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([2, 0xB0, 0xB0, 0x00, 0x05]) }
    }

    @Test func anInclineByteIsNoPartOfFormatsOneAndTwo() throws {
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([1, 0xC1, 0x00, 0x05]) }
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([2, 0xC1, 0x00, 0x05]) }
        // Format 3: the same bytes are a record with an incline of 0.5 %.
        let decoded = try SampleCodec.decode([3, 0xC1, 0x00, 0x0A])
        #expect(decoded == [Sample(elapsed: 1, wallOffset: 1, heartRate: 0, motion: Motion(incline: 0.5))])
        // Reserved bits, and a raw incline without an incline, are damage.
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([3, 0xC5, 0x00, 0x0A]) }
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([3, 0xC2, 0x00]) }
    }

    /// A treadmill's incline: a byte a second while it stays, in tenths of a percent; anything
    /// else raw; the format byte 3 only when some sample has an incline.
    @Test func inclinesAreKeptInTenthsOrRaw() throws {
        let inclines: [Double?] = [1.5, 1.5, 2, -3, -0.0, 0.05, 1e300, nil, nil, 0.1]
        let samples = inclines.enumerated().map { index, incline in
            Sample(elapsed: index + 1, wallOffset: index + 1, heartRate: 140, motion: Motion(incline: incline))
        }
        let bytes = SampleCodec.encode(samples)
        #expect(bytes.first == SampleCodec.inclineVersion)
        let decoded = try SampleCodec.decode(bytes)
        #expect(decoded == samples)
        #expect(decoded.map { $0.motion.incline?.bitPattern } == samples.map { $0.motion.incline?.bitPattern })
        #expect(SampleCodec.tenths(1.5) == 15)
        #expect(SampleCodec.tenths(Motion.quantised(incline: 0.3)) == 3)
        #expect(SampleCodec.tenths(-0.0) == nil)
        #expect(SampleCodec.tenths(0.05) == nil)
        // Two seconds at the same incline: the incline byte once, the first record (a heart rate of
        // two bytes) and a second of two bytes.
        let steady = [1, 2].map { Sample(elapsed: $0, wallOffset: $0, heartRate: 140, motion: Motion(incline: 2)) }
        #expect(SampleCodec.encode(steady).count == 1 + 1 + (3 + 1) + 2)
        // Without an incline, format 2 as before.
        #expect(SampleCodec.encode(samples.map { Sample(elapsed: $0.elapsed, wallOffset: $0.wallOffset, heartRate: 140) }).first == 2)
    }

    /// An hour on each machine through the engine comes back sample for sample, whole and in the
    /// chunks a live workout is stored in.
    @Test(arguments: MachineType.allCases)
    func anHourOnAMachineRoundTrips(type: MachineType) throws {
        let samples = HistoryGenerator.machineWorkout(type: type, duration: 3600, seed: 12).samples
        #expect(samples.allSatisfy { $0.motion.speed != nil && $0.distance != nil })
        #expect(samples.allSatisfy { ($0.motion.incline != nil) == (type == .treadmill) })
        #expect(samples.allSatisfy { ($0.motion.power != nil) == (type != .treadmill) })
        #expect(samples.allSatisfy { $0.motion.incline.map { SampleCodec.tenths($0) != nil } ?? true })
        #expect(try SampleCodec.decode(SampleCodec.encode(samples)) == samples)
        let chunks = stride(from: 0, to: samples.count, by: 5).map { samples[$0..<min($0 + 5, samples.count)] }
        #expect(try chunks.flatMap { try SampleCodec.decode(SampleCodec.encode($0)) } == samples)
    }

    @Test func aSteadyRunAddsAByteForSpeedAndOneForCadence() throws {
        let motion = [(3.0, 170), (3.0 + 3.0 / 256, 171), (3.0 + 2.0 / 256, 171)]
        var distance = 0.0
        let samples = motion.enumerated().map { index, value in
            distance += value.0
            return Sample(
                elapsed: index + 1, wallOffset: index + 1, heartRate: 150, rrIntervals: [],
                motion: Motion(speed: value.0, cadence: value.1), distance: distance)
        }
        let bytes = SampleCodec.encode(samples)
        // The format byte; the motion byte (speed and cadence from here on) and the first record:
        // header, heart rate 150, speed 768/256 and cadence 170 as two bytes each; then twice a
        // header, a byte of speed difference and one of cadence difference. No distance at all.
        #expect(bytes.count == 1 + (1 + 7) + 3 + 3)
        #expect(try SampleCodec.decode(bytes) == samples)
    }

    @Test func speedsAreKeptToTheResolutionOrRawAndDistancesExactly() throws {
        let samples = [
            // A chunk of a resumed workout starts somewhere: its distance is stored explicitly.
            Sample(elapsed: 301, wallOffset: 320, heartRate: nil, motion: Motion(speed: 2.5), distance: 912.25),
            Sample(elapsed: 302, wallOffset: 321, heartRate: nil, motion: Motion(speed: 2.5), distance: 914.75),
            // Not a whole number of 1/256 m/s: kept as it is.
            Sample(elapsed: 303, wallOffset: 322, heartRate: nil, motion: Motion(speed: 0.1), distance: 914.85),
            // A speed below 0 adds nothing, as in the engine; -0 stays -0.
            Sample(elapsed: 304, wallOffset: 323, heartRate: nil, motion: Motion(speed: -1), distance: 914.85),
            Sample(elapsed: 305, wallOffset: 324, heartRate: nil, motion: Motion(speed: -0.0), distance: 914.85),
            // No speed: the distance stays; then none at all.
            Sample(elapsed: 306, wallOffset: 325, heartRate: nil, distance: 914.85),
            Sample(elapsed: 307, wallOffset: 326, heartRate: nil),
            Sample(elapsed: 308, wallOffset: 327, heartRate: nil, motion: Motion(speed: .infinity, power: -5), distance: 3),
        ]
        let decoded = try SampleCodec.decode(SampleCodec.encode(samples))
        #expect(decoded == samples)
        #expect(decoded.map { $0.motion.speed?.bitPattern } == samples.map { $0.motion.speed?.bitPattern })
        #expect(decoded.map { $0.distance?.bitPattern } == samples.map { $0.distance?.bitPattern })
        #expect(SampleCodec.units(2.5) == 640)
        #expect(SampleCodec.units(0.1) == nil)
        #expect(SampleCodec.units(-0.0) == nil)
    }

    @Test(arguments: [Sport.running, .cycling])
    func theEnginesSpeedsAreWholeUnitsAndARecordedHourRoundTrips(sport: Sport) throws {
        let samples = HistoryGenerator.motionWorkout(sport: sport, duration: 3600, seed: 11).samples
        #expect(samples.allSatisfy { $0.motion.speed.flatMap(SampleCodec.units) != nil })
        #expect(samples.allSatisfy { $0.motion.cadence != nil && $0.distance != nil })
        #expect(samples.allSatisfy { ($0.motion.power != nil) == (sport == .cycling) })
        #expect(try SampleCodec.decode(SampleCodec.encode(samples)) == samples)
        // Stored in chunks as a live workout is, each chunk's first distance is stored explicitly.
        let chunks = stride(from: 0, to: samples.count, by: 5).map { samples[$0..<min($0 + 5, samples.count)] }
        #expect(try chunks.flatMap { try SampleCodec.decode(SampleCodec.encode($0)) } == samples)
    }

    @Test func randomMotionRoundTrips() throws {
        var random = SeededRandom(seed: 20_261_130)
        for _ in 0..<300 {
            var distance: Double?
            let samples: [Sample] = (0..<Int(random.next(upTo: 200))).map { _ in
                var sample = Self.randomSample(&random)
                sample.motion = Self.randomMotion(&random)
                switch random.next(upTo: 4) {
                case 0: distance = nil
                case 1: distance = Double(Int(random.next(upTo: 100_000))) / 100
                default: distance = SampleCodec.predictedDistance(after: distance, speed: sample.motion.speed)
                }
                sample.distance = distance
                return sample
            }
            #expect(try SampleCodec.decode(SampleCodec.encode(samples)) == samples)
        }
    }

    @Test(arguments: [0, 1, -1, 63, -64, 64, Int.max, Int.min])
    func zigZagRoundTrips(value: Int) {
        #expect(SampleCodec.unZigZag(SampleCodec.zigZag(value)) == value)
    }

    /// A motion with any of its values, speeds mostly in whole 1/256 m/s.
    private static func randomMotion(_ random: inout SeededRandom) -> Motion {
        var motion = Motion()
        if random.next(upTo: 3) != 0 {
            // Any finite number (NaN never equals itself, so a Sample holding one cannot compare).
            let bits = Double(bitPattern: random.next())
            motion.speed =
                switch random.next(upTo: 4) {
                case 0: random.unit() * 20
                case 1: bits.isFinite ? bits : 1e300
                default: Double(random.next(upTo: 5000)) / 256
                }
        }
        if random.next(upTo: 3) != 0 { motion.cadence = Int(random.next(upTo: 250)) }
        if random.next(upTo: 3) != 0 {
            motion.power = random.next(upTo: 8) == 0 ? Int(truncatingIfNeeded: random.next()) : Int(random.next(upTo: 1500))
        }
        if random.next(upTo: 3) == 0 {
            let bits = Double(bitPattern: random.next())
            motion.incline = random.next(upTo: 4) == 0 ? (bits.isFinite ? bits : -0.0) : Double(Int(random.next(upTo: 400)) - 100) / 10
        }
        return motion
    }

    /// Anything an Int can hold, weighted towards the shapes real data has.
    private static func randomSample(_ random: inout SeededRandom) -> Sample {
        func number(_ random: inout SeededRandom) -> Int {
            switch random.next(upTo: 4) {
            case 0: Int(truncatingIfNeeded: random.next())
            case 1: Int(random.next(upTo: 2000)) - 1000
            default: Int(random.next(upTo: 200))
            }
        }
        let count = random.next(upTo: 10) == 0 ? Int(random.next(upTo: 40)) : Int(random.next(upTo: 4))
        return Sample(
            elapsed: number(&random), wallOffset: number(&random),
            heartRate: random.next(upTo: 5) == 0 ? nil : number(&random),
            rrIntervals: (0..<count).map { _ in number(&random) })
    }
}
