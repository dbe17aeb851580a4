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
