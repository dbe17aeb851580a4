import Foundation
import HeartlineCore
import Testing
@testable import HeartlineStorage

@Suite struct SampleCodecTests {
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
        let valid = SampleCodec.encode(HistoryGenerator.workoutSamples(duration: 60, seed: 3))
        for _ in 0..<2000 {
            var bytes = valid
            switch random.next(upTo: 3) {
            case 0: bytes = Array(bytes.prefix(Int(random.next(upTo: UInt64(bytes.count)))))
            case 1: bytes[Int(random.next(upTo: UInt64(bytes.count)))] = UInt8(truncatingIfNeeded: random.next())
            default: bytes = [1] + (0..<Int(random.next(upTo: 64))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            _ = try? SampleCodec.decode(bytes)
        }
    }

    @Test func anUnknownFormatIsRefused() {
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([2, 0]) }
        #expect(throws: SampleCodecError.self) { try SampleCodec.decode([]) }
    }

    @Test(arguments: [0, 1, -1, 63, -64, 64, Int.max, Int.min])
    func zigZagRoundTrips(value: Int) {
        #expect(SampleCodec.unZigZag(SampleCodec.zigZag(value)) == value)
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
