import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// At most 8 bytes per second of workout on disk, RR intervals included.
@Suite(.timed, .tags(.threads)) struct DiskSizeTests {
    @Test func aRecordedHourTakesUnderEightBytesASecondAfterVacuum() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            try store.vacuum()
            let empty = store.bytesOnDisk()

            // Recorded as the engine records: one sample a second, committed in batches.
            let start = clock.now
            let id = try store.beginWorkout(start: start, configuration: .init())
            let samples = HistoryGenerator.workoutSamples(duration: 3600, seed: 2026)
            for sample in samples {
                clock.advance(1)
                try store.append([sample], to: id)
            }
            try store.updateSummary(
                WorkoutSummary(
                    id: id, start: start, state: .saved, configuration: .init(), duration: 3600,
                    averageHeartRate: 130, maximumHeartRate: 170, calories: 600))
            try store.vacuum()
            let perSecond = Double(store.bytesOnDisk() - empty) / 3600
            #expect(perSecond <= 8, "\(perSecond) bytes a second")
            #expect(try store.samples(of: id) == samples)
        }
    }

    @Test func tenHoursWithTheSchemaIncludedStayUnderEightBytesASecond() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            try HistoryGenerator.fill(store: store, days: 10, endingAt: Date(timeIntervalSince1970: 1_773_480_900), seed: 5)
            try store.vacuum()
            let perSecond = Double(store.bytesOnDisk()) / 36_000
            #expect(perSecond <= 8, "\(perSecond) bytes a second")
        }
    }
}
