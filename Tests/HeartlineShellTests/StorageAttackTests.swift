#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
@testable import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The built binary against what an attacker, a failing card or a careless user does to its
/// storage: what it says is checked against what the database file holds afterwards.
@Suite(.timed, .serialized, .tags(.threads)) struct StorageAttackTests {
    static let arguments = ["--simulate", "--speech", "transcript"]
    static let full = "notice: The disk is full. The workout is kept in memory until there is space again."
    static let back = "notice: Space is back. The workout is written to disk again."
    static let failing = "notice: The card or disk fails to write. The workout is kept in memory, and writing is tried again."
    static let writingAgain = "notice: Writing works again. The workout is written to disk."
    static let logLost =
        "event: The workout database lost its latest writes: its log file was damaged or removed. What was saved before is kept."

    /// The rows and samples a separate connection sees in `directory`'s database.
    static func onDisk(_ directory: String) throws -> (workouts: [(state: String, duration: Int)], samples: Int) {
        try DiskFullTruthTests.onDisk(directory)
    }

    /// Starts and quits Heartline once, so that the database exists before the test's run.
    static func create(_ data: String) throws {
        let result = try runHeartline(arguments + ["--data-dir", data], input: Data("quit\n".utf8))
        try #require(result.status == 0, "\(result.standardError)")
    }

    static func sentences(_ result: RunResult) -> [String] { result.lines.filter { !$0.hasPrefix("menu:") } }

    // MARK: The write-ahead log

    /// "Workout saved." means saved in the database file, not only in its -wal: deleting the
    /// -wal and -shm and killing the process loses nothing of it.
    @Test func aSavedWorkoutOutlivesItsLogBeingDeleted() throws {
        let scratch = TemporaryDirectory()
        let data = scratch.path + "/data"
        let heartline = try LiveHeartline(Self.arguments + ["--data-dir", data])
        defer { heartline.kill() }
        heartline.send("configure", "next", "start workout", ":wait 600", "end", "yes", "save")
        try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(heartline.transcript)")
        for suffix in DataDirectory.companionSuffixes {
            try FileManager.default.removeItem(atPath: data + "/" + DataDirectory.databaseName + suffix)
        }
        heartline.kill()
        _ = heartline.waitForExit()

        let restart = try runHeartline(Self.arguments + ["--data-dir", data], input: Data("quit\n".utf8))
        #expect(restart.status == 0)
        let stored = try Self.onDisk(data)
        #expect(stored.workouts.map(\.state) == ["saved"])
        #expect(stored.workouts.first?.duration == 600)
        #expect(stored.samples == 600)
    }

    /// One flipped bit in the log makes SQLite drop every commit from that frame on, and its
    /// check still says ok: the commit count kept outside the log notices, and one sentence says
    /// so, once; the damaged log is kept.
    @Test func aDamagedLogIsNoticedAndSaidOnce() throws {
        let scratch = TemporaryDirectory()
        let data = scratch.path + "/data"
        let heartline = try LiveHeartline(Self.arguments + ["--data-dir", data])
        defer { heartline.kill() }
        heartline.send("configure", "next", "start workout", ":wait 120", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 2 minutes.") != nil, "\(heartline.transcript)")
        heartline.kill()
        _ = heartline.waitForExit()

        let log = data + "/" + DataDirectory.databaseName + "-wal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: log)))
        // In the page of the third frame: 32 bytes of header, then frames of 24 + 4096 bytes.
        let frame = 24 + 4096
        let offset = 32 + 2 * frame + 24 + 100
        try #require(bytes.count >= 32 + 6 * frame, "the log holds \(bytes.count) bytes")
        bytes[offset] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: log))

        let first = try runHeartline(Self.arguments + ["--data-dir", data], input: Data("quit\n".utf8))
        #expect(first.status == 0)
        #expect(first.lines.filter { $0 == Self.logLost }.count == 1, "\(Self.sentences(first))")
        let kept = try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.hasPrefix("heartline.sqlite-wal.damaged-") }
        #expect(kept.count == 1, "\(kept)")

        let second = try runHeartline(Self.arguments + ["--data-dir", data], input: Data("quit\n".utf8))
        #expect(!second.lines.contains(Self.logLost), "said once, not at every start")
    }

    // MARK: A failing card

    /// Whether strace can trace a child here (ptrace may be refused in a container).
    static let straceWorks: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return false }
        return SmallDisk.run("/usr/bin/strace", ["-f", "-o", "/dev/null", "/bin/true"])
    }()

    /// EIO injected into the log's writes: said once as a failing card (never as a full disk,
    /// never as space coming back), tried again less and less often, and its end said once
    /// when a write succeeds; nothing is lost.
    @Test(.enabled(if: straceWorks, "strace cannot trace a child process here (ptrace refused)"))
    func anIOErrorIsSaidAsAFailingCardAndRetriedLessOften() throws {
        let scratch = TemporaryDirectory()
        let data = scratch.path + "/data"
        try Self.create(data)
        let log = data + "/" + DataDirectory.databaseName + "-wal"
        // The log's 13th to 18th writes fail: six attempts in a row, in the workout's first minute.
        let strace = ["/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-P", log, "-e", "trace=pwrite64"]
        let heartline = try LiveHeartline(
            Self.arguments + ["--data-dir", data], through: strace + ["-e", "inject=pwrite64:error=EIO:when=13..18"])
        defer { heartline.kill() }
        heartline.send("configure", "next", "start workout", ":wait 90", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 1 minute and 30 seconds.", timeout: 60) != nil, "\(heartline.transcript)")
        #expect(heartline.transcript.contains(Self.failing), "\(heartline.transcript)")
        // Every five seconds, the six failures would be over in half a minute; doubling from five
        // seconds they take over three minutes.
        #expect(!heartline.transcript.contains(Self.writingAgain), "retried with a back-off, not every five seconds")

        heartline.send(":wait 300", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 6 minutes and 30 seconds.", timeout: 60) != nil)
        heartline.send("end", "yes", "save")
        try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(heartline.transcript)")
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)

        let said = heartline.transcript
        #expect(said.filter { $0 == Self.failing }.count == 1)
        #expect(said.filter { $0 == Self.writingAgain }.count == 1)
        #expect(!said.contains(Self.full))
        #expect(!said.contains(Self.back))
        #expect(!said.contains { $0.contains("Storing failed") })
        let stored = try Self.onDisk(data)
        #expect(stored.workouts.map(\.state) == ["saved"])
        #expect(stored.samples == 390)
    }

    // MARK: The file-size limit

    /// `ulimit -f` at 120 kB: Heartline starts, the limit reached mid-workout is said as a full
    /// disk (not a kill by SIGXFSZ), and once the limit is raised the workout is written whole.
    @Test func theFileSizeLimitIsAFullDiskAndLosesNothing() throws {
        let scratch = TemporaryDirectory()
        let data = scratch.path + "/data"
        try Self.create(data)
        let heartline = try LiveHeartline(
            Self.arguments + ["--data-dir", data], through: ["/usr/bin/prlimit", "--fsize=120000:unlimited"])
        defer { heartline.kill() }
        heartline.send("configure", "next", "start workout", ":wait 120", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 2 minutes.", timeout: 60) != nil, "\(heartline.transcript)")
        #expect(heartline.transcript.filter { $0 == Self.full }.count == 1, "\(heartline.transcript)")

        // prlimit ran the binary in its own process: raising that process's limit is space back.
        try #require(
            SmallDisk.run("/usr/bin/prlimit", ["--pid", String(heartline.process.processIdentifier), "--fsize=unlimited:unlimited"]),
            "prlimit --pid failed")
        heartline.send(":wait 30", "time", "end", "yes", "save")
        try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(heartline.transcript)")
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)
        #expect(!heartline.endedBySignal)
        #expect(heartline.transcript.filter { $0 == Self.back }.count == 1, "\(heartline.transcript)")

        let stored = try Self.onDisk(data)
        #expect(stored.workouts.map(\.state) == ["saved"])
        #expect(stored.workouts.first?.duration == 150)
        #expect(stored.samples == 150)
    }

    // MARK: Symbolic links

    /// A home directory reached through a symbolic link (the administrator's guide, "Workouts on
    /// disk", allows one) is the user's to link: Heartline opens its data directory there.
    @Test func aDataDirectoryUnderASymlinkedHomeIsAccepted() throws {
        let scratch = TemporaryDirectory()
        let real = scratch.path + "/real-home"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: false)
        let home = scratch.path + "/home"
        try FileManager.default.createSymbolicLink(atPath: home, withDestinationPath: real)

        let result = try runHeartline(
            ["--simulate", "--speech", "transcript"], input: Data("configure\nnext\nstart workout\n:wait 10\nend\nyes\nsave\nquit\n".utf8),
            environment: ["HOME": home, "XDG_DATA_HOME": ""])
        #expect(result.status == 0, "\(Self.sentences(result)) \(result.standardError)")
        #expect(result.lines.contains("answer: Workout saved."), "\(Self.sentences(result))")
        #expect(!result.lines.contains { $0.contains("cannot open its data directory") })
        let stored = try Self.onDisk(real + "/.local/share/heartline")
        #expect(stored.samples == 10)
    }

    /// The files Heartline creates are still never reached through a link: a link planted as
    /// the database file is refused, and what it points to is left alone.
    @Test func aSymlinkPlantedAsTheDatabaseIsRefused() throws {
        let scratch = TemporaryDirectory()
        let data = scratch.path + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        let target = scratch.path + "/precious"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: data + "/" + DataDirectory.databaseName, withDestinationPath: target)

        let result = try runHeartline(Self.arguments + ["--data-dir", data], input: Data("quit\n".utf8))
        #expect(result.status == 1)
        #expect(result.lines.contains("event: Heartline cannot open its data directory, \(data). Workouts will not be saved."))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    }

    // MARK: Saying which

    /// A database from a newer Heartline is said as that, not as a directory that cannot be opened.
    @Test func aNewerDatabaseIsSaidAsNewer() throws {
        let scratch = TemporaryDirectory()
        let data = scratch.path + "/data"
        try Self.create(data)
        try Database(path: data + "/" + DataDirectory.databaseName).executeScript("PRAGMA user_version = 99")

        let result = try runHeartline(Self.arguments + ["--data-dir", data], input: Data("quit\n".utf8))
        #expect(result.status == 1)
        #expect(
            result.lines.contains(
                "event: The workout database in \(data) is from a newer Heartline; this one leaves it untouched. Workouts will not be saved."
            ),
            "\(Self.sentences(result))")
        #expect(try Database(path: data + "/" + DataDirectory.databaseName).queryFirst("PRAGMA user_version") { $0.int(0) } == 99)
    }

    /// A data directory on a file system mounted read-only is said as not writable.
    @Test(.enabled(if: SmallDisk.isPermitted || ProcessInfo.processInfo.environment["CI"] == "true", "needs permission to mount a tmpfs"))
    func aReadOnlyDataDirectoryIsSaidAsNotWritable() throws {
        let scratch = TemporaryDirectory()
        let disk = scratch.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        try #require(SmallDisk.mount(at: disk, size: "4m"), "mount -t tmpfs failed")
        defer { SmallDisk.unmount(disk) }
        let data = disk + "/heartline"
        try Self.create(data)
        try #require(SmallDisk.run("/usr/bin/mount", ["-o", "remount,ro", disk]), "remount read-only failed")

        let result = try runHeartline(Self.arguments + ["--data-dir", data], input: Data("quit\n".utf8))
        #expect(result.status == 1)
        #expect(
            result.lines.contains(
                "event: Heartline cannot write to its data directory, \(data): it is read-only or not yours. Workouts will not be saved."),
            "\(Self.sentences(result))")
    }
}
