#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
@testable import HeartlineStorage
import HeartlineTestSupport
import Testing

/// Heartline on a small tmpfs that is full, and stays full: what it says about storage is checked
/// against what the database file holds, read by a separate connection. In-process, in script
/// mode on the simulated clock: the storage thread and its SQLite file are the binary's own.
@Suite(.timed, .serialized) struct DiskFullTruthTests {
    static let full = "notice: The disk is full. The workout is kept in memory until there is space again."
    static let back = "notice: Space is back. The workout is written to disk again."

    /// The rows and samples another connection sees: what is on disk, not what is in memory.
    static func onDisk(_ directory: String) throws -> (workouts: [(state: String, duration: Int)], samples: Int) {
        let reader = try Database(path: directory + "/heartline.sqlite", readOnly: true)
        let workouts = try reader.query("SELECT state, duration FROM workouts ORDER BY id") { (state: $0.text(0), duration: $0.int(1)) }
        let samples = try reader.queryFirst("SELECT coalesce(sum(count), 0) FROM sample_chunks") { $0.int(0) } ?? 0
        return (workouts, samples)
    }

    static func withFullDisk(_ body: (_ disk: String, _ data: String) throws -> Void) throws {
        let scratch = TemporaryDirectory()
        let disk = scratch.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        try #require(SmallDisk.mount(at: disk, size: "2m"), "mount -t tmpfs failed")
        defer { SmallDisk.unmount(disk) }
        try body(disk, disk + "/heartline")
    }

    /// Full before the workout starts: it runs in memory, and its end is written out of the
    /// reserve that the last run set aside.
    @Test(.enabled(if: SmallDisk.isPermitted || ProcessInfo.processInfo.environment["CI"] == "true", "needs permission to mount a tmpfs"))
    func aWorkoutStartedOnAFullDiskRunsInMemoryAndIsSaved() throws {
        try Self.withFullDisk { disk, data in
            let first = try InProcessScript(["--simulate", "--speech", "transcript", "--data-dir", data])
            first.send("quit")
            #expect(first.waitForExit() == 0)
            SmallDisk.fill(disk + "/filler")
            SmallDisk.fill(disk + "/filler-small")

            let heartline = try InProcessScript(["--simulate", "--speech", "transcript", "--data-dir", data])
            heartline.send("configure", "next", "start workout")
            try #require(heartline.waitForLine("answer: Workout started.") != nil, "\(heartline.transcript)")
            heartline.send(":wait 1800", "time")
            try #require(heartline.waitForLine("answer: Time elapsed, 30 minutes.", timeout: 60) != nil)
            // The first batches may still fit in the log's blocks, which the checkpoint at start
            // lets SQLite write from the beginning again; the rest is kept in memory, as said.
            #expect(heartline.transcript.filter { $0 == Self.full }.count == 1)
            #expect(try Self.onDisk(data).samples < 300)
            #expect(!heartline.transcript.contains(Self.back))

            heartline.send("end", "yes", "save")
            try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(heartline.transcript)")
            let saved = try Self.onDisk(data)
            #expect(saved.workouts.count == 1)
            #expect(saved.workouts.first?.state == "saved")
            #expect(saved.workouts.first?.duration == 1800)
            #expect(saved.samples == 1800)
            heartline.send("quit")
            #expect(heartline.waitForExit() == 0)
        }
    }

    /// The disk fills during a two-hour workout and never empties: "save" answers, and what it
    /// says is true.
    @Test(.enabled(if: SmallDisk.isPermitted || ProcessInfo.processInfo.environment["CI"] == "true", "needs permission to mount a tmpfs"))
    func aDiskThatFillsDuringTwoHoursStillGetsTheWorkoutSaved() throws {
        try Self.withFullDisk { disk, data in
            let heartline = try InProcessScript(["--simulate", "--speech", "transcript", "--data-dir", data])
            heartline.send("configure", "next", "start workout", ":wait 60", "time")
            try #require(heartline.waitForLine("answer: Time elapsed, 1 minute.") != nil)
            #expect(try Self.onDisk(data).samples >= 55)
            SmallDisk.fill(disk + "/filler")
            SmallDisk.fill(disk + "/filler-small")

            heartline.send(":wait 7140", "time")
            try #require(heartline.waitForLine("answer: Time elapsed, 2 hours.", timeout: 120) != nil)
            #expect(heartline.transcript.filter { $0 == Self.full }.count == 1)
            let during = try Self.onDisk(data)
            #expect(during.samples < 120, "\(during.samples) seconds on disk")

            heartline.send("end", "yes", "save")
            try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(heartline.transcript)")
            let saved = try Self.onDisk(data)
            #expect(saved.workouts.first?.state == "saved")
            #expect(saved.workouts.first?.duration == 7200)
            #expect(saved.samples == 7200)
            heartline.send("quit")
            #expect(heartline.waitForExit() == 0)
        }
    }

    /// The reserve spent on a first workout, a second one on the still full disk: "save" says
    /// it waits in memory, and quitting asks before losing it; no keeps Heartline running.
    @Test(.enabled(if: SmallDisk.isPermitted || ProcessInfo.processInfo.environment["CI"] == "true", "needs permission to mount a tmpfs"))
    func withTheReserveSpentSaveSaysItWaitsAndQuitAsks() throws {
        try Self.withFullDisk { disk, data in
            let heartline = try InProcessScript(["--simulate", "--speech", "transcript", "--data-dir", data])
            heartline.send("configure", "next", "start workout", ":wait 5", "time")
            try #require(heartline.waitForLine("answer: Time elapsed, 5 seconds.") != nil, "\(heartline.transcript)")
            SmallDisk.fill(disk + "/filler")
            SmallDisk.fill(disk + "/filler-small")
            heartline.send(":wait 60", "end", "yes", "save")
            try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(heartline.transcript)")

            heartline.send("configure", "next", "start workout", ":wait 600", "end", "yes", "save")
            try #require(
                heartline.waitForLine("answer: The disk is full. The workout is saved when space returns; it waits in memory.") != nil,
                "\(heartline.transcript)")
            // As said: the second workout is not saved on disk (its row may be, not its end).
            #expect(try Self.onDisk(data).workouts.filter { $0.state == "saved" }.count == 1, "only the first workout is saved on disk")
            heartline.send("quit")
            try #require(
                heartline.waitForLine("answer: The disk is full: 10 minutes and 1 second of workout are not written. Quit anyway?") != nil
                    || heartline.transcript.contains {
                        $0.hasPrefix("answer: The disk is full: ") && $0.hasSuffix("of workout are not written. Quit anyway?")
                    },
                "\(heartline.transcript)")
            heartline.send("no", "where")
            try #require(heartline.waitForLine("answer: You are on Heartline home.") != nil, "\(heartline.transcript)")
            heartline.send("quit", "yes")
            #expect(heartline.waitForExit() == 0)
            #expect(heartline.transcript.last == "answer: Goodbye.")
        }
    }
}
