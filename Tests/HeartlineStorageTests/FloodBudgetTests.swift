import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// A strap flooding notifications (120 RR intervals in each, ten a second) costs no more disk
/// than a steady one: the impossible intervals never reach storage.
@Suite(.timed, .tags(.threads)) struct FloodBudgetTests {
    /// The storage budget per second of workout (BENCHMARKS.md measures about 3.5).
    static let budget = 8.0

    @Test func anHourOfFloodStaysWithinTheBudget() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = ManualClock()
            let start = clock.now
            let store = try SQLiteStore(directory: directory, clock: clock)
            var engine = WorkoutEngine(start: start, configuration: .init(), calories: CalorieModel(profile: Profile()))
            let id = try store.beginWorkout(start: start, configuration: .init())
            try store.flush()
            try store.vacuum()
            let before = store.bytesOnDisk()
            var random = SplitMix64(seed: 1)
            let seconds = 3600
            for tenth in 1...(seconds * 10) {
                let now = start.addingTimeInterval(Double(tenth) / 10)
                clock.now = now
                let flood = (0..<120).map { _ in 256 + Int(random.next() % 2304) }
                engine.receive(HeartRateReading(beatsPerMinute: 140, contact: .detected, rrIntervals: flood), at: now)
                let samples = engine.advance(to: now).samples
                if !samples.isEmpty { try store.append(samples, to: id) }
            }
            try store.updateSummary(engine.summary(id: id, state: .saved))
            try store.vacuum()
            let perSecond = Double(store.bytesOnDisk() - before) / Double(seconds)
            let stored = try store.samples(of: id)
            #expect(stored.count == seconds)
            #expect(stored.allSatisfy { $0.rrIntervals.isEmpty && $0.heartRate == 140 })
            // The packed blob is what grows with the workout; the file grows by whole pages.
            let blob = Double(SampleCodec.encode(stored).count) / Double(seconds)
            print("flood: \(perSecond) bytes per second on disk, \(blob) in the packed samples")
            #expect(perSecond <= Self.budget, "\(perSecond) bytes per second")
            #expect(blob <= Self.budget, "\(blob) bytes per second")
        }
    }

    @Test func secondsOfAFrozenProgramAreStoredAsMissing() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = ManualClock()
            let start = clock.now
            let store = try SQLiteStore(directory: directory, clock: clock)
            var engine = WorkoutEngine(start: start, configuration: .init(), calories: CalorieModel(profile: Profile()))
            let id = try store.beginWorkout(start: start, configuration: .init())
            func second(_ at: Double, readings: Int = 1) throws {
                let now = start.addingTimeInterval(at)
                clock.now = now
                for _ in 0..<readings {
                    engine.receive(HeartRateReading(beatsPerMinute: 130, contact: .detected, rrIntervals: [470]), at: now)
                }
                try store.append(engine.advance(to: now).samples, to: id)
            }
            for at in 1...20 { try second(Double(at)) }
            // Frozen from 20 to 60: forty queued notifications arrive together.
            try second(60.2, readings: 40)
            for at in 61...80 { try second(Double(at)) }
            try store.updateSummary(engine.summary(id: id, state: .saved))

            let stored = try store.samples(of: id)
            #expect(stored.map(\.elapsed) == Array(1...80))
            let missing = stored.filter { $0.heartRate == nil }.map(\.elapsed)
            // The backlog arrived before the tick: the last reading before the stall is replaced,
            // so even the second the program stopped in goes without a heart rate.
            #expect(missing == Array(21...60))
            #expect(stored.filter { (21...60).contains($0.elapsed) }.allSatisfy { $0.rrIntervals.isEmpty })
            #expect(try store.workout(id)?.averageHeartRate == 130)
            #expect(engine.heartRateSeconds == 80 - missing.count)
        }
    }
}
