import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// A run with a footpod and a ride with speed, cadence and power, recorded as a live workout is
/// (a sample a second, committed every few seconds, packed when saved), stay within the budget of
/// 8 bytes per second for all their streams together: heart rate, RR intervals, speed, cadence,
/// power and distance.
@Suite(.timed, .tags(.threads)) struct MotionBudgetTests {
    @Test(arguments: [Sport.running, .cycling])
    func anHourStaysWithinTheBudget(sport: Sport) throws {
        try Self.measure(sport.rawValue, HistoryGenerator.motionWorkout(sport: sport, duration: 3600, seed: 2026))
    }

    /// An hour on a treadmill (speed, incline, distance), a smart trainer (speed, cadence, power,
    /// distance) and a rower, each beside a strap, within the same budget.
    @Test(arguments: MachineType.allCases)
    func anHourOnAMachineStaysWithinTheBudget(type: MachineType) throws {
        try Self.measure(type.rawValue, HistoryGenerator.machineWorkout(type: type, duration: 3600, seed: 2026))
    }

    static func measure(_ name: String, _ workout: (summary: WorkoutSummary, samples: [Sample])) throws {
        let (summary, samples) = workout
        let seconds = samples.count
        try withTemporaryDirectory { (directory: String) throws in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let id = try store.beginWorkout(start: summary.start, configuration: summary.configuration)
            try store.flush()
            try store.vacuum()
            let before = store.bytesOnDisk()
            for sample in samples {
                clock.advance(1)
                try store.append([sample], to: id)
            }
            var saved = summary
            saved.id = id
            try store.updateSummary(saved)
            try store.vacuum()
            let stored = try store.samples(of: id)
            #expect(stored == samples)
            // The totals and the laps by distance come back too (one every kilometre, when a sport
            // has them).
            #expect(try store.workout(id) == saved)
            #expect(saved.distanceLaps.count == (saved.configuration.distanceReadout == nil ? 0 : Int((saved.distance ?? 0) / 1000)))
            let after = store.bytesOnDisk()
            // The file grows by whole 4 KB pages, and the blob's first part lands in the page the
            // empty table already had: the packed samples are the finer figure.
            let perSecond = Double(after - before) / Double(seconds)
            let blob = Double(SampleCodec.encode(stored).count) / Double(seconds)
            let heartOnly = stored.map {
                Sample(elapsed: $0.elapsed, wallOffset: $0.wallOffset, heartRate: $0.heartRate, rrIntervals: $0.rrIntervals)
            }
            let heart = Double(SampleCodec.encode(heartOnly).count) / Double(seconds)
            print(
                "\(name): \(perSecond) bytes per second on disk, \(blob) in the packed samples, "
                    + "\(heart) of them heart rate and RR")
            #expect(perSecond <= FloodBudgetTests.budget, "\(perSecond) bytes per second")
            #expect(blob <= FloodBudgetTests.budget, "\(blob) bytes per second")
        }
    }
}
