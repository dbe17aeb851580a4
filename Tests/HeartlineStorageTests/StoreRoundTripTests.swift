import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

@Suite(.timed, .tags(.threads)) struct StoreRoundTripTests {
    @Test func aNewStoreHasAnEmptyProfileAndNothingElse() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            #expect(try store.profile() == Profile())
            #expect(try store.lastConfiguration() == nil)
            #expect(try store.settings() == Settings())
            #expect(try store.savedWorkoutCount() == 0)
            #expect(try store.unfinishedWorkouts().isEmpty)
            #expect(store.recoveredFromCorruption == nil)
        }
    }

    @Test func profileSettingsAndConfigurationSurviveReopening() throws {
        try withTemporaryDirectory { directory in
            let profile = Profile(
                age: 41, sex: .female, weightKilograms: 63.5, weightUnit: .pounds, maximumHeartRate: 182,
                restingHeartRate: 52)
            do {
                let store = try SQLiteStore(directory: directory)
                try store.saveProfile(profile)
                var settings = Settings()
                settings.setSpeech(.rate, to: "60")
                settings.strap = RememberedSensor(address: "F0:13:C3:00:11:22", name: "HRM-Pro")
                settings.setSpeech(.voice, to: "en")
                try store.saveSettings(settings)
                settings.strap?.address = "F0:13:C3:00:11:23"
                settings.setSpeech(.voice, to: nil)
                try store.saveSettings(settings)
                try store.saveLastConfiguration(sampleConfiguration)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try store.profile() == profile)
            #expect(try store.settings().speech == [.rate: "60"])
            #expect(try store.settings().strap == RememberedSensor(address: "F0:13:C3:00:11:23", name: "HRM-Pro"))
            #expect(try store.lastConfiguration() == sampleConfiguration)
        }
    }

    @Test func aWorkoutGoesFromRecordingToSaved() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let start = Date(timeIntervalSince1970: 1_773_480_000)
            let id = try store.beginWorkout(start: start, configuration: sampleConfiguration)
            let recording = WorkoutSummary(id: id, start: start, state: .recording, configuration: sampleConfiguration, duration: 0)
            #expect(try store.workout(id) == recording)
            #expect(try store.unfinishedWorkouts() == [recording])

            let samples = steadySamples(1...12)
            for sample in samples {
                clock.advance(1)
                try store.append([sample], to: id)
            }
            // Buffered samples are part of the workout before they are committed.
            #expect(try store.samples(of: id) == samples)

            var ended = recording
            ended.state = .ended
            ended.duration = 12
            ended.averageHeartRate = 123
            ended.maximumHeartRate = 126
            ended.calories = 2.5
            try store.updateSummary(ended)
            #expect(try store.unfinishedWorkouts() == [ended])
            #expect(try store.savedWorkoutCount() == 0)

            var saved = ended
            saved.state = .saved
            try store.updateSummary(saved)
            #expect(try store.unfinishedWorkouts().isEmpty)
            #expect(try store.savedWorkoutCount() == 1)
            #expect(try store.savedWorkouts(offset: 0, limit: 10) == [saved])
            #expect(try store.samples(of: id) == samples)
        }
    }

    @Test func samplesAndSummariesSurviveReopening() throws {
        try withTemporaryDirectory { directory in
            let start = Date(timeIntervalSince1970: 1_773_480_000)
            let samples = steadySamples(1...7) + [Sample(elapsed: 8, wallOffset: 70, heartRate: nil)]
            var summary: WorkoutSummary
            do {
                let store = try SQLiteStore(directory: directory)
                let id = try store.beginWorkout(start: start, configuration: sampleConfiguration)
                try store.append(samples, to: id)
                summary = WorkoutSummary(
                    id: id, start: start, state: .recording, configuration: sampleConfiguration, duration: 8,
                    averageHeartRate: 122, maximumHeartRate: 126, calories: nil)
                try store.updateSummary(summary)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try store.workout(summary.id) == summary)
            #expect(try store.samples(of: summary.id) == samples)
        }
    }

    @Test func deletingAWorkoutRemovesItAndItsSamples() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            let id = try store.beginWorkout(start: Date(timeIntervalSince1970: 1_773_480_000), configuration: .init())
            try store.append(steadySamples(1...30), to: id)
            try store.flush()
            try store.append(steadySamples(31...33), to: id)
            try store.deleteWorkout(id)
            #expect(try store.workout(id) == nil)
            #expect(try store.samples(of: id).isEmpty)
            #expect(try store.unfinishedWorkouts().isEmpty)
            #expect(try committedSampleCount(in: directory, workout: id) == 0)
            #expect(throws: StorageError.self) { try store.append(steadySamples(34...34), to: id) }
        }
    }

    @Test func appendingToAnUnknownWorkoutFails() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            #expect(throws: StorageError.failed("There is no workout number 42.")) {
                try store.append(steadySamples(1...1), to: 42)
            }
            #expect(throws: StorageError.self) {
                try store.updateSummary(
                    WorkoutSummary(id: 42, start: Date(), state: .saved, configuration: .init(), duration: 1))
            }
        }
    }

    @Test func savedWorkoutsAreListedNewestFirstInPages() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            let day = 86_400.0
            let first = Date(timeIntervalSince1970: 1_772_323_200)  // 2026-03-01 00:00 UTC
            var saved: [WorkoutSummary] = []
            for index in 0..<10 {
                let start = first + Double(index) * day + 7 * 3600
                let id = try store.beginWorkout(start: start, configuration: .init())
                let summary = WorkoutSummary(
                    id: id, start: start, state: index == 9 ? .ended : .saved, configuration: .init(),
                    duration: 1800 + index, averageHeartRate: 130 + index, maximumHeartRate: 170,
                    calories: 300 + Double(index))
                try store.updateSummary(summary)
                if summary.state == .saved { saved.append(summary) }
            }
            // A workout exactly at midnight belongs to the day it starts.
            let midnight = first + 2 * day
            let atMidnight = try store.beginWorkout(start: midnight, configuration: .init())
            try store.updateSummary(
                WorkoutSummary(id: atMidnight, start: midnight, state: .saved, configuration: .init(), duration: 60))

            #expect(try store.savedWorkoutCount() == 10)
            let newestFirst = try store.savedWorkouts(offset: 0, limit: 100)
            #expect(newestFirst.map(\.start) == newestFirst.map(\.start).sorted(by: >))
            #expect(try store.savedWorkouts(offset: 0, limit: 3) == Array(newestFirst.prefix(3)))
            #expect(try store.savedWorkouts(offset: 3, limit: 3) == Array(newestFirst[3..<6]))
            #expect(try store.savedWorkouts(offset: 9, limit: 3) == Array(newestFirst.suffix(1)))

            let secondDay = DateInterval(start: first + day, duration: day)
            #expect(try store.savedWorkouts(startingIn: secondDay) == [saved[1]])
            let thirdDay = try store.savedWorkouts(startingIn: DateInterval(start: first + 2 * day, duration: day))
            #expect(thirdDay.map(\.id) == [saved[2].id, atMidnight])
            #expect(try store.savedWorkouts(startingIn: DateInterval(start: first + 9 * day, duration: day)).isEmpty)
        }
    }

    @Test func averagesLeaveOutUnknownValuesAndOtherStates() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            let start = Date(timeIntervalSince1970: 1_772_323_200)
            let rows: [(WorkoutState, Int, Int?, Int?, Double?)] = [
                (.saved, 600, 120, 150, 100),
                (.saved, 1200, 140, 170, 200),
                (.saved, 1800, nil, nil, nil),  // no strap: heart rate and calories unknown
                (.ended, 9999, 99, 99, 999),  // not saved: never counted
            ]
            for (offset, row) in rows.enumerated() {
                let workoutStart = start + Double(offset) * 3600
                let id = try store.beginWorkout(start: workoutStart, configuration: .init())
                try store.updateSummary(
                    WorkoutSummary(
                        id: id, start: workoutStart, state: row.0, configuration: .init(), duration: row.1,
                        averageHeartRate: row.2, maximumHeartRate: row.3, calories: row.4))
            }
            let day = DateInterval(start: start, duration: 86_400)
            #expect(try store.average(of: .duration, startingIn: day)! == (1200, 3))
            #expect(try store.average(of: .averageHeartRate, startingIn: day)! == (130, 2))
            #expect(try store.average(of: .maximumHeartRate, startingIn: day)! == (160, 2))
            #expect(try store.average(of: .calories, startingIn: day)! == (150, 2))
            let later = DateInterval(start: start + 86_400, duration: 86_400)
            #expect(try store.average(of: .duration, startingIn: later) == nil)
            let firstHourOnly = DateInterval(start: start, duration: 3600)
            #expect(try store.average(of: .duration, startingIn: firstHourOnly)! == (600, 1))
            // The workouts a period had, with the metric or not; never one that is not saved.
            #expect(try store.savedWorkoutCount(startingIn: day) == 3)
            #expect(try store.savedWorkoutCount(startingIn: firstHourOnly) == 1)
            #expect(try store.savedWorkoutCount(startingIn: later) == 0)
        }
    }

    @Test func unfinishedWorkoutsAreRecordingOrEndedNewestFirst() throws {
        try withTemporaryDirectory { directory in
            let start = Date(timeIntervalSince1970: 1_772_323_200)
            var ids: [Int64] = []
            do {
                let store = try SQLiteStore(directory: directory)
                for (offset, state) in [WorkoutState.recording, .ended, .saved, .recording].enumerated() {
                    let id = try store.beginWorkout(start: start + Double(offset) * 60, configuration: .init())
                    try store.append(steadySamples(1...3), to: id)
                    if state != .recording {
                        try store.updateSummary(
                            WorkoutSummary(
                                id: id, start: start + Double(offset) * 60, state: state, configuration: .init(),
                                duration: 3))
                    }
                    ids.append(id)
                }
            }
            // As after a crash: a new store finds what was left.
            let store = try SQLiteStore(directory: directory)
            let unfinished = try store.unfinishedWorkouts()
            #expect(unfinished.map(\.id) == [ids[3], ids[1], ids[0]])
            #expect(unfinished.map(\.state) == [.recording, .ended, .recording])
            #expect(try store.samples(of: ids[0]) == steadySamples(1...3))
        }
    }
}
