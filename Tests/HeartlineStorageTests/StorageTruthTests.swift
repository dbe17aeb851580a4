import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

#if canImport(Glibc)
    import Glibc
#endif

/// What the store says is written is written, and what it says is only in memory is exactly
/// that; the reserve lets the end of a workout be written on a disk that filled up.
@Suite(.timed, .tags(.threads)) struct StorageTruthTests {
    @Test func unwrittenSecondsAreCountedExactly() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let id = try store.beginWorkout(start: clock.now, configuration: .init())
            #expect(store.unwritten(id).isEmpty)
            let samples = HistoryGenerator.workoutSamples(duration: 20_000, seed: 5)
            try store.append(Array(samples[0..<100]), to: id)
            try store.flush()
            let pages = try store.database.queryFirst("PRAGMA page_count") { $0.int(0) } ?? 0
            try store.database.executeScript("PRAGMA max_page_count = \(pages)")

            clock.advance(5)
            #expect(throws: StorageError.diskFull) { try store.append(Array(samples[100..<19_000]), to: id) }
            #expect(store.isWaitingForSpace)
            #expect(store.unwritten(id) == UnwrittenWork(seconds: 18_900))
            clock.advance(1)
            #expect(throws: StorageError.diskFull) { try store.append(Array(samples[19_000..<19_010]), to: id) }
            #expect(store.unwritten(id).seconds == 18_910)
            #expect(try committedSampleCount(in: directory, workout: id) == 100)

            let ended = WorkoutSummary(id: id, start: clock.now, state: .ended, configuration: .init(), duration: 19_010)
            // The reserve is released, but a page limit is not a file system: still full.
            #expect(throws: StorageError.diskFull) { try store.updateSummary(ended) }
            #expect(store.unwritten(id) == UnwrittenWork(seconds: 18_910, summary: true))
            #expect(store.unwrittenWorkouts() == [id: UnwrittenWork(seconds: 18_910, summary: true)])

            try store.database.executeScript("PRAGMA max_page_count = 1073741823")
            try store.flush()
            #expect(!store.isWaitingForSpace)
            #expect(store.unwritten(id).isEmpty)
            #expect(store.unwrittenWorkouts().isEmpty)
            #expect(try committedSampleCount(in: directory, workout: id) == 19_010)
        }
    }

    @Test func aWorkoutBegunOnAFullDiskIsHeldInMemoryAndWrittenLater() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let earlier = try store.beginWorkout(start: clock.now, configuration: .init())
            try store.append(steadySamples(1...5000), to: earlier)
            try store.flush()
            let pages = try store.database.queryFirst("PRAGMA page_count") { $0.int(0) } ?? 0
            try store.database.executeScript("PRAGMA max_page_count = \(pages)")
            // Fill the last page: workout rows are small, so begin until one does not fit.
            var id: Int64 = 0
            for _ in 0..<500 {
                id = try store.beginWorkout(start: clock.now, configuration: sampleConfiguration)
                if store.isWaitingForSpace { break }
            }
            try #require(store.isWaitingForSpace)
            #expect(store.unwritten(id) == UnwrittenWork(workout: true))
            #expect(try store.workout(id)?.state == .recording)
            clock.advance(5)
            #expect(throws: StorageError.diskFull) { try store.append(steadySamples(1...30), to: id) }
            #expect(store.unwritten(id) == UnwrittenWork(seconds: 30, workout: true))

            try store.database.executeScript("PRAGMA max_page_count = 1073741823")
            try store.flush()
            #expect(store.unwritten(id).isEmpty)
            #expect(try committedSampleCount(in: directory, workout: id) == 30)
            #expect(try store.workout(id)?.configuration == sampleConfiguration)
        }
    }

    /// A real file system filled to the last byte: the steady batches wait in memory, and the
    /// end of the workout is written all the same, out of the reserve.
    @Test(.enabled(if: Tmpfs.isPermitted || isContinuousIntegration, "needs permission to mount a tmpfs"))
    func theReserveWritesTheEndOfAWorkoutOnAFullDisk() throws {
        try withSmallDisk { mountPoint, directory in
            let clock = ManualClock()
            let samples = HistoryGenerator.workoutSamples(duration: 7200, seed: 8)
            let store = try SQLiteStore(directory: directory, clock: clock)
            #expect(store.hasReserve)
            #expect(try mode(of: directory + "/heartline.reserve") == 0o600)
            let id = try store.beginWorkout(start: clock.now, configuration: .init())
            try store.append(Array(samples[0..<60]), to: id)
            try store.flush()

            fillFileSystem(with: mountPoint + "/filler")
            var refused = 0
            for second in 60..<7200 {
                clock.advance(1)
                do { try store.append([samples[second]], to: id) } catch StorageError.diskFull { refused += 1 }
            }
            #expect(refused > 7000)
            #expect(store.hasReserve)
            #expect(store.unwritten(id).seconds > 7000)
            #expect(try committedSampleCount(in: directory, workout: id) == 7200 - store.unwritten(id).seconds)

            let ended = WorkoutSummary(id: id, start: clock.now, state: .ended, configuration: .init(), duration: 7200)
            try store.updateSummary(ended)
            #expect(!store.hasReserve)
            #expect(store.unwritten(id).isEmpty)
            #expect(try committedSampleCount(in: directory, workout: id) == 7200)
            let reader = try Database(path: directory + "/heartline.sqlite", readOnly: true)
            #expect(try reader.queryFirst("SELECT state FROM workouts WHERE id = ?", [.integer(id)]) { $0.text(0) } == "ended")
            #expect(!FileManager.default.fileExists(atPath: directory + "/heartline.reserve"))

            // Space returns: the next write takes the reserve again.
            try FileManager.default.removeItem(atPath: mountPoint + "/filler")
            var saved = ended
            saved.state = .saved
            try store.updateSummary(saved)
            #expect(store.hasReserve)
        }
    }

    /// A disk that filled while Heartline was not running still opens: the log and its index
    /// stay on disk between runs, and a reserve left by the last run is given back if needed.
    @Test(.enabled(if: Tmpfs.isPermitted || isContinuousIntegration, "needs permission to mount a tmpfs"), arguments: [false, true])
    func aDiskThatFilledMeanwhileStillOpens(logDeleted: Bool) throws {
        try withSmallDisk { mountPoint, directory in
            let clock = ManualClock()
            var id: Int64 = 0
            do {
                let store = try SQLiteStore(directory: directory, clock: clock)
                #expect(store.hasReserve)
                id = try store.beginWorkout(start: clock.now, configuration: .init())
                try store.append(steadySamples(1...600), to: id)
                try store.updateSummary(WorkoutSummary(id: id, start: clock.now, state: .saved, configuration: .init(), duration: 600))
            }
            #expect(FileManager.default.fileExists(atPath: directory + "/heartline.sqlite-wal"))
            #expect(FileManager.default.fileExists(atPath: directory + "/heartline.sqlite-shm"))
            if logDeleted {
                // As an older Heartline (or sqlite3) leaves it: no log, no index.
                try FileManager.default.removeItem(atPath: directory + "/heartline.sqlite-wal")
                try FileManager.default.removeItem(atPath: directory + "/heartline.sqlite-shm")
            }
            fillFileSystem(with: mountPoint + "/filler")

            let store = try SQLiteStore(directory: directory, clock: clock)
            #expect(try store.samples(of: id).count == 600)
            // With the log kept, opening needed no space. Without it, the log's index had to be
            // made: the reserve lent a step of itself, and the rest is still set aside for the
            // end of the next workout.
            #expect(store.hasReserve)
            let left = try #require(FileManager.default.attributesOfItem(atPath: directory + "/heartline.reserve")[.size] as? Int)
            if logDeleted {
                #expect(left == SQLiteStore.defaultReserveSize - SpaceReserve.lendingStep)
            } else {
                #expect(left == SQLiteStore.defaultReserveSize)
            }
        }
    }

    /// A database whose log and index must be made on a full disk borrows a step of the
    /// reserve, not the whole of it: the end of a workout started then is still written out of
    /// the rest, and the reserve is made whole once space returns.
    @Test(.enabled(if: Tmpfs.isPermitted || isContinuousIntegration, "needs permission to mount a tmpfs"))
    func openingOnAFullDiskLeavesTheReserveForTheWorkoutsEnd() throws {
        try withSmallDisk { mountPoint, directory in
            let clock = ManualClock()
            do {
                let store = try SQLiteStore(directory: directory, clock: clock)
                #expect(store.hasReserve)
            }
            // As an older Heartline (or sqlite3) leaves it: the log and its index must be made.
            try FileManager.default.removeItem(atPath: directory + "/heartline.sqlite-wal")
            try FileManager.default.removeItem(atPath: directory + "/heartline.sqlite-shm")
            fillFileSystemAt(mountPoint + "/filler")

            let store = try SQLiteStore(directory: directory, clock: clock)
            #expect(store.hasReserve)
            let id = try store.beginWorkout(start: clock.now, configuration: .init())
            // What the loan left over is taken too: the workout's samples stay in memory.
            fillFileSystemAt(mountPoint + "/filler-rest")
            clock.advance(600)
            #expect(throws: StorageError.diskFull) { try store.append(steadySamples(1...600), to: id) }
            try store.updateSummary(WorkoutSummary(id: id, start: clock.now, state: .ended, configuration: .init(), duration: 600))
            try store.updateSummary(WorkoutSummary(id: id, start: clock.now, state: .saved, configuration: .init(), duration: 600))
            #expect(try store.samples(of: id).count == 600)
            #expect(try store.workout(id)?.state == .saved)

            try FileManager.default.removeItem(atPath: mountPoint + "/filler")
            try store.updateSummary(WorkoutSummary(id: id, start: clock.now, state: .saved, configuration: .init(), duration: 600))
            #expect(store.hasReserve)
            let whole = try #require(FileManager.default.attributesOfItem(atPath: directory + "/heartline.reserve")[.size] as? Int)
            #expect(whole == SQLiteStore.defaultReserveSize)
        }
    }

    /// A 2 MiB tmpfs mounted for `body`, with the data directory to use on it.
    private func withSmallDisk(_ body: (_ mountPoint: String, _ directory: String) throws -> Void) throws {
        try withTemporaryDirectory { (scratch: String) throws in
            let mountPoint = scratch + "/disk"
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
            try #require(Tmpfs.mount(at: mountPoint, size: "2m"), "mount -t tmpfs failed")
            defer { Tmpfs.unmount(mountPoint) }
            try body(mountPoint, mountPoint + "/heartline")
        }
    }

    /// Writes to `path` until the file system refuses another byte.
    private func fillFileSystem(with path: String) {
        fillFileSystemAt(path)
    }
}

/// Writes to `path` until the file system refuses another byte.
func fillFileSystemAt(_ path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    for blockSize in [65_536, 4096, 1] {
        let block = [UInt8](repeating: 0x55, count: blockSize)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, blockSize) }) == blockSize {}
    }
}
