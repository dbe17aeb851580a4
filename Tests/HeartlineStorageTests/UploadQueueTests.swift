import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

@testable import HeartlineStorage

/// The uploads table: what waits survives closing the store, a try's failure is kept with its
/// next try, and a database of version 9 gains the table with its workouts kept.
@Suite(.timed, .tags(.threads)) struct UploadQueueTests {
    static func upload(_ workout: Int64, nextTry: Date = Date(timeIntervalSince1970: 1_800_000_000)) -> PendingUpload {
        PendingUpload(
            workout: workout, service: "intervals.icu", externalID: "heartline-1-\(workout)", name: "Heartline \(workout)",
            file: [0x0E, 0x10, 0xFF, 0x00] + Array(repeating: UInt8(workout), count: 100), nextTry: nextTry)
    }

    @Test func whatWaitsSurvivesAReopenAndLeavesWhenDone() throws {
        try withTemporaryDirectory { directory in
            do {
                _ = try SQLiteStore(directory: directory)
                let queue = try UploadQueue(directory: directory)
                try queue.add(Self.upload(2, nextTry: Date(timeIntervalSince1970: 1_800_000_100)))
                try queue.add(Self.upload(1))
                try queue.failed(
                    workout: 2, service: "intervals.icu", attempts: 3, nextTry: Date(timeIntervalSince1970: 1_800_000_050),
                    error: "HTTP 500")
            }
            _ = try SQLiteStore(directory: directory)
            let queue = try UploadQueue(directory: directory)
            let waiting = try queue.waiting()
            #expect(waiting.map(\.workout) == [1, 2])
            #expect(waiting.first == Self.upload(1))
            #expect(waiting.last?.attempts == 3)
            #expect(waiting.last?.lastError == "HTTP 500")
            #expect(waiting.last?.file == Self.upload(2).file)
            #expect(try queue.count() == 2)
            #expect(try queue.nextTry(before: .distantFuture) == Date(timeIntervalSince1970: 1_800_000_000))
            #expect(try queue.nextTry(before: Date(timeIntervalSince1970: 1_800_000_000)) == nil)
            // Queued again, a workout's tries start over; one row per workout and service.
            try queue.add(Self.upload(2))
            #expect(try queue.count() == 2)
            #expect(try queue.waiting().last?.attempts == 0)
            try queue.remove(workout: 1, service: "intervals.icu")
            #expect(try queue.waiting().map(\.workout) == [2])
        }
    }

    /// A save that is to be uploaded queues the upload in its own transaction: once the edge
    /// answers "saved", a new connection sees the row (without its file, kept for the uploader
    /// or the next start, not due on a timer); a row there already keeps its file.
    @Test func aSaveOwingAnUploadQueuesItInTheSameCommit() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let edge = StorageEdge(store)
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let id = try store.beginWorkout(start: start, configuration: .init())
            try store.append(steadySamples(1...30), to: id)
            let saved = WorkoutSummary(id: id, start: start, state: .saved, configuration: .init(), duration: 30)
            let answer = edge.perform(.save(saved, upload: true))
            #expect(answer == .saved(id, UnwrittenWork(), failure: nil))
            let queue = try UploadQueue(directory: directory)
            let owed = try #require(try queue.waiting().first)
            #expect(try queue.count() == 1)
            #expect(owed.workout == id && owed.service == "intervals.icu" && owed.file.isEmpty && owed.attempts == 0)
            #expect(owed.externalID == "heartline-1800000000-\(id)")
            #expect(owed.nextTry == .distantFuture)
            #expect(try queue.nextTry(before: .distantFuture) == nil)
            // The uploader fills it with the file; saving again keeps that file.
            try queue.add(Self.upload(id))
            _ = edge.perform(.save(saved, upload: true))
            #expect(try queue.waiting() == [Self.upload(id)])

            let other = try store.beginWorkout(start: start.addingTimeInterval(3600), configuration: .init())
            _ = edge.perform(.save(WorkoutSummary(id: other, start: start, state: .saved, configuration: .init(), duration: 0)))
            #expect(try queue.count() == 1)
        }
    }

    /// On a full disk the save and its upload wait in memory together and go in one commit.
    @Test func aSaveHeldForSpaceHoldsItsUploadWithIt() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let id = try store.beginWorkout(start: start, configuration: .init())
            try store.flush()
            let pages = try store.database.queryFirst("PRAGMA page_count") { $0.int(0) } ?? 0
            try store.database.executeScript("PRAGMA max_page_count = \(pages)")
            let samples = HistoryGenerator.workoutSamples(duration: 20_000, seed: 5)
            let saved = WorkoutSummary(id: id, start: start, state: .saved, configuration: .init(), duration: 19_000)
            try? store.append(Array(samples[0..<19_000]), to: id)
            #expect(throws: StorageError.diskFull) {
                try store.saveWorkout(saved, owing: OwedUpload(workout: id, start: start))
            }
            #expect(try UploadQueue(directory: directory).count() == 0)
            let other = try Database(path: directory + "/heartline.sqlite")
            #expect(try other.queryFirst("SELECT state FROM workouts") { $0.text(0) } == "recording")
            try store.database.executeScript("PRAGMA max_page_count = \(pages * 100)")
            clock.advance(10)
            try store.flush()
            #expect(try store.workout(id)?.state == .saved)
            #expect(try UploadQueue(directory: directory).waiting().map(\.workout) == [id])
        }
    }

    @Test func aVersion9DatabaseGainsTheQueueAndKeepsItsWorkouts() throws {
        try withTemporaryDirectory { directory in
            do {
                let database = try Database(path: directory + "/heartline.sqlite")
                try Schema.migrate(database, to: 9)
                try database.execute(
                    """
                    INSERT INTO workouts (id, start, state, metrics, readout_interval, duration)
                    VALUES (1, 1800000000, 'saved', 'heartRate', 60, 600)
                    """)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try Schema.version(of: store.database) == 10)
            #expect(try store.savedWorkoutCount() == 1)
            let queue = try UploadQueue(directory: directory)
            #expect(try queue.count() == 0)
            try queue.add(Self.upload(1))
            #expect(try queue.count() == 1)
        }
    }
}
