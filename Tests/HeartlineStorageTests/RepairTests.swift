import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// A workout recorded before the plausibility checks, with a strap's 65535 in it, is repaired
/// on the next start: it no longer spoils the averages.
@Suite(.timed, .tags(.threads)) struct RepairTests {
    @Test func impossibleValuesRecordedEarlierAreRepairedOnTheNextStart() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let profile = Profile(age: 30, sex: .male, weightKilograms: 80)
            let start = Date(timeIntervalSince1970: 1_773_480_900)
            var good: WorkoutSummary
            var damaged: WorkoutSummary
            do {
                let store = try SQLiteStore(directory: directory)
                try store.saveProfile(profile)
                let first = try store.beginWorkout(start: start, configuration: .init())
                try store.append(steadySamples(1...60, heartRate: 120), to: first)
                good = WorkoutSummary(
                    id: first, start: start, state: .saved, configuration: .init(), duration: 60, averageHeartRate: 123,
                    maximumHeartRate: 126, calories: 12.5)
                try store.updateSummary(good)

                let second = try store.beginWorkout(start: start.addingTimeInterval(86_400), configuration: .init())
                let samples = (1...20).map { second in
                    second <= 11
                        ? Sample(elapsed: second, wallOffset: second, heartRate: 65535, rrIntervals: Array(repeating: 512, count: 120))
                        : Sample(elapsed: second, wallOffset: second, heartRate: 140, rrIntervals: [440, 100_000])
                }
                try store.append(samples, to: second)
                damaged = WorkoutSummary(
                    id: second, start: start.addingTimeInterval(86_400), state: .saved, configuration: .init(), duration: 20,
                    averageHeartRate: 36_106, maximumHeartRate: 65535, calories: 1406)
                try store.updateSummary(damaged)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try store.workout(good.id) == good)
            let repaired = try #require(try store.workout(damaged.id))
            #expect(repaired.averageHeartRate == 140)
            #expect(repaired.maximumHeartRate == 140)
            let perMinute = CalorieModel(profile: profile).kilocaloriesPerMinute(heartRate: 140)
            #expect(abs((repaired.calories ?? 0) - perMinute * 9 / 60) < 0.001)
            let samples = try store.samples(of: damaged.id)
            #expect(samples.map(\.elapsed) == Array(1...20))
            #expect(samples.prefix(11).allSatisfy { $0.heartRate == nil && $0.rrIntervals.isEmpty })
            #expect(samples.dropFirst(11).allSatisfy { $0.heartRate == 140 && $0.rrIntervals == [440] })
            let all = DateInterval(start: start.addingTimeInterval(-1), duration: 10 * 86_400)
            #expect(try store.average(of: .maximumHeartRate, startingIn: all)?.value == 133)
            // Nothing is left to repair.
            #expect(try store.repairImplausibleWorkouts() == [])
        }
    }
}
