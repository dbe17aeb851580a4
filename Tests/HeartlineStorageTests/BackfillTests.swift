import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// Laps and time in zones (schema 6) are stored with a workout; what older workouts lack is
/// counted from their samples in the background, and counted again when the zones change.
@Suite(.timed, .tags(.threads)) struct BackfillTests {
    static let everything = DateInterval(start: .distantPast, end: .distantFuture)

    /// Seconds at 100, 140 and 160 beats per minute: zones 1, 3 and 4 of a 185 maximum.
    static let samples =
        steadySamples(1...60, heartRate: 100) + steadySamples(61...180, heartRate: 140) + steadySamples(181...240, heartRate: 160)

    /// A version 5 database with one saved workout and its samples, as an older Heartline left it.
    func makeVersion5(in directory: String) throws {
        let database = try Database(path: directory + "/heartline.sqlite")
        try Schema.migrate(database, to: 5)
        try database.execute(
            """
            INSERT INTO workouts (id, start, state, metrics, readout_interval, duration, average_heart_rate)
            VALUES (7, 1772323200, 'saved', 'heart-rate', 0, 240, 135)
            """)
        try database.execute(
            "INSERT INTO sample_chunks (workout, first, count, data) VALUES (7, 0, ?, ?)",
            [.integer(Self.samples.count), .blob(SampleCodec.encode(Self.samples))])
    }

    @Test func lapsAndZonesAreStoredWithTheWorkout() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            let id = try store.beginWorkout(start: Date(timeIntervalSince1970: 1_772_323_200), configuration: WorkoutConfiguration())
            try store.append(Self.samples, to: id)
            var summary = try #require(try store.workout(id))
            #expect(summary.laps.isEmpty)
            #expect(summary.timeInZones == nil)
            summary.laps = [60, 180]
            summary.timeInZones = TimeInZones(Self.samples, zones: HeartRateZones(maximum: 185))
            summary.duration = 240
            summary.state = .saved
            try store.updateSummary(summary)
            let read = try #require(try store.workout(id))
            #expect(read.laps == [60, 180])
            #expect(read.timeInZones == TimeInZones(seconds: [0, 60, 0, 120, 60, 0], maximum: 185))
            #expect(try store.average(of: .zone3, startingIn: Self.everything)?.value == 120)
        }
    }

    /// A workout from version 5 gets its training load and time in zones from its samples; a
    /// second run finds nothing to do; a new maximum heart rate counts the zones again and
    /// leaves the load alone.
    @Test func olderWorkoutsAreFilledInAndZonesFollowTheProfile() throws {
        try withTemporaryDirectory { directory in
            try makeVersion5(in: directory)
            let store = try SQLiteStore(directory: directory)
            try store.saveProfile(Profile(age: 35))
            #expect(try store.workout(7)?.trainingLoad == nil)

            let first = try SQLiteStore.backfill(directory: directory)
            #expect(first == BackfillReport(loads: 1, zones: 1))
            let filled = try #require(try store.workout(7))
            let load = TrainingLoad.trimp(Self.samples, profile: Profile(age: 35))
            #expect(load > 0)
            #expect(filled.trainingLoad == load)
            #expect(filled.timeInZones == TimeInZones(seconds: [0, 60, 0, 120, 60, 0], maximum: 185))
            #expect(try SQLiteStore.backfill(directory: directory) == BackfillReport())

            // A maximum of 160 moves every second up a zone or two.
            var profile = try store.profile()
            profile.maximumHeartRate = 160
            try store.saveProfile(profile)
            #expect(try SQLiteStore.backfill(directory: directory) == BackfillReport(loads: 0, zones: 1))
            let again = try #require(try store.workout(7))
            #expect(again.trainingLoad == load)
            #expect(again.timeInZones == TimeInZones(Self.samples, zones: HeartRateZones(maximum: 160)))
            #expect(again.timeInZones?.maximum == 160)
        }
    }

    /// Only saved workouts are counted; one deleted or still recording is left alone, and a stop
    /// asked for is honoured between workouts.
    @Test func recordingWorkoutsAreLeftAloneAndAStopIsHonoured() throws {
        try withTemporaryDirectory { directory in
            try makeVersion5(in: directory)
            let store = try SQLiteStore(directory: directory)
            let recording = try store.beginWorkout(start: Date(), configuration: WorkoutConfiguration())
            try store.append(Self.samples, to: recording)
            try store.flush()
            #expect(try SQLiteStore.backfill(directory: directory, stop: { true }) == BackfillReport())
            #expect(try SQLiteStore.backfill(directory: directory) == BackfillReport(loads: 1, zones: 1))
            #expect(try store.workout(recording)?.trainingLoad == nil)
            #expect(try store.workout(recording)?.timeInZones == nil)
        }
    }
}
