import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

@Suite(.timed, .tags(.threads)) struct HistoryGeneratorTests {
    static let end = Date(timeIntervalSince1970: 1_773_480_900)

    @Test func thirtyDaysGiveThirtySavedHourLongWorkouts() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            var reported: [Int] = []
            try HistoryGenerator.fill(store: store, days: 30, endingAt: Self.end, seed: 42) { done, total in
                #expect(total == 30)
                reported.append(done)
            }
            #expect(reported.last == 30)
            #expect(try store.savedWorkoutCount() == 30)
            let workouts = try store.savedWorkouts(offset: 0, limit: 100)
            #expect(workouts.allSatisfy { $0.duration == 3600 && $0.start < Self.end - 3600 })
            // One a day: consecutive starts are between 20 and 28 hours apart.
            for (newer, older) in zip(workouts, workouts.dropFirst()) {
                let gap = newer.start.timeIntervalSince(older.start)
                #expect(gap > 20 * 3600 && gap < 28 * 3600)
            }
            let month = DateInterval(start: Self.end - 31 * 86_400, end: Self.end)
            let average = try #require(try store.average(of: .averageHeartRate, startingIn: month))
            #expect(average.count == 30)
            #expect(average.value > 80 && average.value < 170)

            let newest = try #require(workouts.first)
            let samples = try store.samples(of: newest.id)
            #expect(samples.count == 3600)
            let rates = samples.compactMap(\.heartRate)
            #expect(rates.allSatisfy { (60...180).contains($0) })
            #expect(rates.max() == newest.maximumHeartRate)
            let beats = samples.filter { $0.heartRate != nil }.map(\.rrIntervals.count)
            #expect(beats.allSatisfy { (0...4).contains($0) })
            #expect(Double(beats.reduce(0, +)) / Double(beats.count) > 1)
        }
    }

    @Test func theSameSeedGivesTheSameHistory() throws {
        let histories = try (0..<2).map { _ in
            try withTemporaryDirectory { directory in
                let store = try SQLiteStore(directory: directory)
                try HistoryGenerator.fill(store: store, days: 3, endingAt: Self.end, seed: 8)
                return try store.savedWorkouts(offset: 0, limit: 10)
            }
        }
        #expect(histories[0] == histories[1])
    }
}
