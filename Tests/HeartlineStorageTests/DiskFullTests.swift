import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

#if canImport(Glibc)
    import Glibc
#endif

/// A full disk loses nothing: the samples wait in memory and are written when space returns.
@Suite(.timed, .tags(.threads)) struct DiskFullTests {
    /// The database's page limit stands in for the disk: SQLite reports SQLITE_FULL either way.
    /// (The first batch is large because the file has room in its existing pages for a small one.)
    @Test func samplesWaitInMemoryWhileThePageLimitIsReached() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            let start = clock.now
            let samples = HistoryGenerator.workoutSamples(duration: 20_000, seed: 99)
            let saved: WorkoutSummary
            do {
                let store = try SQLiteStore(directory: directory, clock: clock)
                let id = try store.beginWorkout(start: start, configuration: .init())
                try store.append(Array(samples[0..<100]), to: id)
                try store.flush()
                let pages = try store.database.queryFirst("PRAGMA page_count") { $0.int(0) } ?? 0
                try store.database.executeScript("PRAGMA max_page_count = \(pages)")

                clock.advance(5)
                #expect(throws: StorageError.diskFull) { try store.append(Array(samples[100..<19_000]), to: id) }
                // Within the next five seconds appends just buffer, without another attempt, and
                // still say the disk is full: those samples are in memory only.
                let attempts = store.commitAttemptCount
                clock.advance(1)
                #expect(throws: StorageError.diskFull) { try store.append(Array(samples[19_000..<19_050]), to: id) }
                #expect(store.commitAttemptCount == attempts)
                clock.advance(4)
                #expect(throws: StorageError.diskFull) { try store.append(Array(samples[19_050..<20_000]), to: id) }
                #expect(try store.samples(of: id) == samples)

                saved = WorkoutSummary(
                    id: id, start: start, state: .saved, configuration: .init(), duration: 20_000, averageHeartRate: 120,
                    maximumHeartRate: 160, calories: 250)
                #expect(throws: StorageError.diskFull) { try store.updateSummary(saved) }
                #expect(try store.workout(id) == saved)

                try store.database.executeScript("PRAGMA max_page_count = 1073741823")
                try store.flush()
                #expect(try committedSampleCount(in: directory, workout: id) == 20_000)
                // Space is back: an append that only buffers is quiet again.
                clock.advance(1)
                try store.append([], to: id)
            }
            let store = try SQLiteStore(directory: directory, clock: clock)
            #expect(try store.workout(saved.id) == saved)
            #expect(try store.samples(of: saved.id) == samples)
            // The packing the full disk prevented happened on this start.
            #expect(try SQLiteStore.chunks(of: saved.id, in: store.database).count == 1)
        }
    }

    /// A real full file system: a small tmpfs filled to the last page.
    @Test(.enabled(if: Tmpfs.isPermitted || isContinuousIntegration, "needs permission to mount a tmpfs"))
    func samplesWaitInMemoryWhileTheFileSystemIsFull() throws {
        try withTemporaryDirectory { scratch in
            let mountPoint = scratch + "/disk"
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
            try #require(Tmpfs.mount(at: mountPoint, size: "2m"), "mount -t tmpfs failed")
            defer { Tmpfs.unmount(mountPoint) }
            let directory = mountPoint + "/heartline"
            let clock = ManualClock()
            let start = clock.now
            let samples = HistoryGenerator.workoutSamples(duration: 600, seed: 4)
            var id: Int64 = 0
            do {
                let store = try SQLiteStore(directory: directory, clock: clock)
                id = try store.beginWorkout(start: start, configuration: .init())
                try store.append(Array(samples[0..<10]), to: id)
                try store.flush()

                let filler = mountPoint + "/filler"
                fillFileSystem(with: filler)
                var failures = 0
                var firstFailure: Int?
                let attempts = store.commitAttemptCount
                for second in 10..<60 {
                    clock.advance(1)
                    do {
                        try store.append([samples[second]], to: id)
                    } catch StorageError.diskFull {
                        failures += 1
                        if firstFailure == nil { firstFailure = second }
                    }
                }
                // One attempt per five seconds; the first few may still fit in the log's blocks
                // (the checkpoint at open lets it start again from its beginning). After the
                // first refusal every append says the disk is full.
                #expect(store.commitAttemptCount - attempts == 10)
                let refused = try #require(firstFailure, "the disk never filled")
                #expect(failures == 60 - refused)
                #expect(try store.samples(of: id) == Array(samples[0..<60]))

                try FileManager.default.removeItem(atPath: filler)
                for second in 60..<600 {
                    clock.advance(1)
                    do {
                        try store.append([samples[second]], to: id)
                    } catch StorageError.diskFull where second < 65 {
                        // Until the next attempt, five seconds on, finds the space.
                    }
                }
                try store.updateSummary(
                    WorkoutSummary(id: id, start: start, state: .saved, configuration: .init(), duration: 600))
            }
            let store = try SQLiteStore(directory: directory, clock: clock)
            #expect(try store.samples(of: id) == samples)
            #expect(try store.workout(id)?.state == .saved)
        }
    }

    /// Writes to `path` until the file system refuses another byte.
    private func fillFileSystem(with path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        for blockSize in [65_536, 4096, 1] {
            let block = [UInt8](repeating: 0x55, count: blockSize)
            while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, blockSize) }) == blockSize {}
        }
    }
}

let isContinuousIntegration = ProcessInfo.processInfo.environment["CI"] == "true"

/// Mounting a size-limited tmpfs, which needs root (or CAP_SYS_ADMIN).
enum Tmpfs {
    static let isPermitted: Bool = {
        let probe = "/tmp/heartline-tmpfs-probe-\(getpid())"
        guard mkdir(probe, 0o700) == 0 else { return false }
        defer { rmdir(probe) }
        guard mount(at: probe, size: "64k") else { return false }
        unmount(probe)
        return true
    }()

    static func mount(at path: String, size: String) -> Bool {
        run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
    }

    static func unmount(_ path: String) {
        if !run("/usr/bin/umount", [path]) { _ = run("/usr/bin/umount", ["-l", path]) }
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
