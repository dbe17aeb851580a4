#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// The shell in-process on a real pseudo-terminal offers a USB stick by ear, through a udisks2
/// mock of its own (a python3-dbusmock template, Tests/Fixtures/stick/udisks2.py, on a private
/// dbus-daemon reached through HEARTLINE_DBUS_ADDRESS) whose "mount point" is a directory or a
/// small tmpfs. The binary's own stick is `EndToEndTests/aStickIsOfferedAndWorkoutsCopiedToIt`.
@Suite(
    .timed,
    .serialized,
    .inProcessTerminal,
    .enabled(
        if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/mockobject.py")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus"),
        "needs python3-dbusmock and gdbus (contrib/setup.sh --test)"))
struct StickTests {
    static let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/stick/udisks2.py").standardized.path
    static let coachPlan = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/coach/gorby.zwo").standardized.path
    static let canMount = getuid() == 0

    /// A private bus with the udisks2 mock on it, stopped when the value goes.
    final class MockUDisks {
        let bus: PrivateBus
        var address: String { bus.address }
        let logFile = TemporaryDirectory()

        init() throws {
            bus = try PrivateBus()
            try bus.startMock(template: StickTests.template, name: "org.freedesktop.UDisks2", log: logFile.path + "/udisks2.log")
        }

        @discardableResult
        func call(_ destination: String, _ path: String, _ method: String, _ arguments: [String]) throws -> String {
            try bus.call(destination, path, method, arguments)
        }

        func plugIn(_ directory: String, readOnly: Bool = false) throws {
            try call(
                "org.freedesktop.UDisks2", "/org/freedesktop/UDisks2", "org.freedesktop.DBus.Mock.AddStick",
                ["sdb", directory, readOnly ? "true" : "false"])
        }

        /// The stick's file system is not consistent until a Repair mends it (if `repairable`).
        func damage(repairable: Bool) throws {
            try call(
                "org.freedesktop.UDisks2", "/org/freedesktop/UDisks2", "org.freedesktop.DBus.Mock.SetDamaged",
                ["sdb", repairable ? "true" : "false"])
        }

        func pullOut() throws {
            try call("org.freedesktop.UDisks2", "/org/freedesktop/UDisks2", "org.freedesktop.DBus.Mock.RemoveStick", ["sdb"])
        }

        /// The mock's log once it has handled what was sent to it before now: a call of ours,
        /// answered after it (the mock takes calls one at a time, in order), rather than a nap.
        func settledLog() throws -> String {
            try call("org.freedesktop.UDisks2", "/org/freedesktop/UDisks2", "org.freedesktop.DBus.Peer.Ping", [])
            return log()
        }

        /// The mock's log: every method called on it, a line each.
        func log() -> String {
            (try? String(contentsOfFile: logFile.path + "/udisks2.log", encoding: .utf8)) ?? ""
        }
    }

    /// A tmpfs of `size` mounted on a fresh directory (`options` added), unmounted when the
    /// value goes.
    final class SmallDisk {
        let directory = TemporaryDirectory()
        var path: String { directory.path }

        init(size: String, options: String = "") throws {
            let result = try runProgram(
                "/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)" + (options.isEmpty ? "" : "," + options), "tmpfs", directory.path],
                input: Data())
            guard result.status == 0 else { throw POSIXError(.EPERM) }
        }

        deinit { _ = try? runProgram("/usr/bin/umount", [directory.path], input: Data()) }
    }

    /// Three saved workouts of an hour, on a board whose stick folders are watched.
    static func board() throws -> TemporaryDirectory {
        let data = TemporaryDirectory()
        let generated = try runInProcess(["generate", "--days", "3", "--data-dir", data.path, "--seed", "5"], input: Data())
        #expect(generated.status == 0)
        return data
    }

    static func arguments(_ data: TemporaryDirectory) -> [String] { ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"] }

    static func start(_ data: TemporaryDirectory, _ bus: MockUDisks) throws -> InProcessTerminal {
        let terminal = try InProcessTerminal(arguments: arguments(data), environment: ["HEARTLINE_DBUS_ADDRESS": bus.address])
        #expect(terminal.waitFor("menu: 5, Resting check."))
        return terminal
    }

    /// Plugs `stick` in, waits for its offer, chooses `key` there and waits until the stick may be
    /// pulled out: what was said from the choice on.
    static func plugInAndChoose(
        _ key: String, _ stick: String, readOnly: Bool = false, _ bus: MockUDisks, on terminal: some TerminalUnderTest
    ) throws -> String {
        var mark = terminal.mark
        try bus.plugIn(stick, readOnly: readOnly)
        #expect(terminal.waitFor("menu: 4, Unmount the stick.", after: mark, timeout: 20))
        mark = terminal.mark
        terminal.type(key)
        #expect(terminal.waitFor("answer: You may pull out the stick.", after: mark, timeout: 60))
        return terminal.output(after: mark)
    }

    static func copied(_ stick: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: stick + "/heartline")) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    static func marker(_ stick: String) -> [String] {
        let text = (try? String(contentsOfFile: stick + "/heartline/.heartline-copied", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    @Test func aStickIsOfferedWorkoutsCopiedPlansReadAndItIsSaidWhenToPullItOut() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let stick = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.coachPlan, toPath: stick.path + "/gorby.zwo")
        let terminal = try Self.start(data, bus)
        var mark = terminal.mark
        try bus.plugIn(stick.path)
        #expect(terminal.waitFor("answer: A USB stick is in.", after: mark, timeout: 20))
        #expect(terminal.waitFor("menu: 4, Unmount the stick.", after: mark))
        #expect(terminal.output(after: mark).contains("menu: 2, Copy new workouts: FIT."))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: You may pull out the stick.", after: mark, timeout: 60))
        let said = terminal.output(after: mark)
        #expect(said.contains("answer: 3 workouts copied to the stick."), "\(said)")
        #expect(said.contains("answer: 1 plan file read from the stick, under Plans from files."), "\(said)")
        #expect(Self.copied(stick.path).count == 3)
        #expect(Self.copied(stick.path).allSatisfy { $0.hasPrefix("heartline-") && $0.hasSuffix(".fit") })
        #expect(Self.marker(stick.path) == Self.copied(stick.path))
        #expect(
            FileManager.default.contents(atPath: data.path + "/plans/gorby.zwo") == FileManager.default.contents(atPath: Self.coachPlan))
        // Mounted, unmounted, and the drive powered off, which takes it away: that is no news. The
        // power-off is asked for after "You may pull out the stick." is said.
        let calls = try bus.settledLog()
        #expect(calls.contains(" Mount ") && calls.contains(" Unmount ") && calls.contains(" PowerOff "), "\(calls)")
        #expect(!terminal.output(after: mark).contains("The USB stick is out."))

        // Plugged in again: only what is new is copied, and nothing is.
        mark = terminal.mark
        try bus.plugIn(stick.path)
        #expect(terminal.waitFor("menu: 4, Unmount the stick.", after: mark, timeout: 20))
        mark = terminal.mark
        terminal.type("2")
        #expect(terminal.waitFor("answer: You may pull out the stick.", after: mark, timeout: 60))
        #expect(terminal.output(after: mark).contains("answer: The stick has every workout already."))
        #expect(Self.copied(stick.path).count == 3)
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.enabled(if: canMount, "mounting a tmpfs needs root"))
    func aReadOnlyStickIsSaidInOneSentenceAndItsPlansAreStillRead() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let source = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Self.coachPlan, toPath: source.path + "/gorby.zwo")
        let stick = try SmallDisk(size: "1m")
        try FileManager.default.copyItem(atPath: Self.coachPlan, toPath: stick.path + "/gorby.zwo")
        #expect(try runProgram("/usr/bin/mount", ["-o", "remount,ro", stick.path], input: Data()).status == 0)
        let terminal = try Self.start(data, bus)
        let said = try Self.plugInAndChoose("1", stick.path, readOnly: true, bus, on: terminal)
        #expect(said.contains("answer: The stick is read-only, so no workouts were copied to it."), "\(said)")
        #expect(said.contains("answer: 1 plan file read from the stick"), "\(said)")
        #expect(FileManager.default.fileExists(atPath: data.path + "/plans/gorby.zwo"))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.enabled(if: canMount, "mounting a tmpfs needs root"))
    func aFullStickStopsTheCopyWithWholeFilesAndTheBoardKeepsEveryWorkout() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        // Room for one hour-long workout's FIT file and the marker, not for two.
        let size = try Self.fitSizes(data).max()!
        let stick = try SmallDisk(size: String(size * 3 / 2 / 1024 + 8) + "k")
        let terminal = try Self.start(data, bus)
        let said = try Self.plugInAndChoose("2", stick.path, bus, on: terminal)
        #expect(said.contains("answer: The stick is full after 1 workout; the rest stay on the board."), "\(said)")
        // What is on the stick is whole: listed in the marker, no partial file left.
        let names = (try FileManager.default.contentsOfDirectory(atPath: stick.path + "/heartline")).sorted()
        #expect(names == [".heartline-copied"] + Self.marker(stick.path), "\(names)")
        #expect(Self.marker(stick.path).count == 1)
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(try Self.fitNames(data).count == 3)
    }

    /// A stick left dirty (udisks's Check says it is not consistent) is repaired before it is
    /// mounted, and said so, then the copy runs.
    @Test func aStickLeftDirtyIsRepairedBeforeItIsMountedAndSaidSo() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let stick = TemporaryDirectory()
        let terminal = try Self.start(data, bus)
        try bus.damage(repairable: true)
        let said = try Self.plugInAndChoose("2", stick.path, bus, on: terminal)
        let mended = said.range(of: "answer: The stick was checked and mended.")
        let copied = said.range(of: "answer: 3 workouts copied to the stick.")
        #expect(mended != nil && copied != nil && mended!.lowerBound < copied!.lowerBound, "\(said)")
        #expect(Self.copied(stick.path).count == 3)
        let calls = bus.log()
        let check = calls.range(of: " Check ")
        let repair = calls.range(of: " Repair ")
        let mount = calls.range(of: " Mount ")
        #expect(check != nil && repair != nil && mount != nil, "\(calls)")
        if let check, let repair, let mount {
            #expect(check.lowerBound < repair.lowerBound && repair.lowerBound < mount.lowerBound, "\(calls)")
        }

        // Clean now: checked, not repaired again, and nothing said of it.
        #expect(!(try Self.plugInAndChoose("2", stick.path, bus, on: terminal)).contains("mended"))
        #expect(bus.log().components(separatedBy: " Repair ").count == 2, "\(bus.log())")
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// A stick whose repair fails is said in one sentence and never mounted: nothing is written.
    @Test func aStickThatCannotBeMendedIsSaidAndNothingIsWrittenToIt() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let stick = TemporaryDirectory()
        let terminal = try Self.start(data, bus)
        try FileManager.default.copyItem(atPath: Self.coachPlan, toPath: stick.path + "/gorby.zwo")
        try bus.damage(repairable: false)
        var mark = terminal.mark
        try bus.plugIn(stick.path)
        #expect(terminal.waitFor("menu: 4, Unmount the stick.", after: mark, timeout: 20))
        mark = terminal.mark
        terminal.type("1")
        #expect(
            terminal.waitFor("answer: The stick is damaged and could not be mended, so nothing was copied.", after: mark, timeout: 60))
        #expect(terminal.waitFor("answer: You are on Heartline home.", after: mark, timeout: 10))
        #expect(!terminal.output(after: mark).contains("read from the stick"))
        #expect(!bus.log().contains(" Mount "), "\(bus.log())")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: stick.path)) == ["gorby.zwo"])
        #expect(!FileManager.default.fileExists(atPath: data.path + "/plans/gorby.zwo"))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aStickPulledOutMidCopyIsSaidAndTheNextPlugInCopiesTheRest() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let stick = TemporaryDirectory()
        // The second file's partial name is a pipe: its write waits there, mid-copy, until read.
        let names = try Self.fitNames(data)
        try FileManager.default.createDirectory(atPath: stick.path + "/heartline", withIntermediateDirectories: true)
        let pipe = stick.path + "/heartline/.heartline-partial-" + names[1]
        #expect(mkfifo(pipe, 0o600) == 0)
        let terminal = try Self.start(data, bus)
        var mark = terminal.mark
        try bus.plugIn(stick.path)
        #expect(terminal.waitFor("menu: 4, Unmount the stick.", after: mark, timeout: 20))
        mark = terminal.mark
        terminal.type("2")
        _ = FileWatch.wait(in: stick.path + "/heartline", timeout: 30) { Self.marker(stick.path).count >= 1 }
        #expect(Self.marker(stick.path) == [names[0]])
        try bus.pullOut()
        #expect(terminal.waitFor("answer: The stick was pulled out early; plug it in again to copy the rest.", after: mark, timeout: 20))
        // The loop answered while the write waited: the board is not held by the stick.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        var chunk = [UInt8](repeating: 0, count: 65536)
        // Drained to the end of the file once its writer is seen: a read before the blocked
        // writer's open returns finds no writer (0) and would cut its write instead.
        // poll waits for the writer's bytes: a FIFO that never had a writer does not say hung up.
        let drained = Date().addingTimeInterval(30)
        var heard = false
        while Date() < drained {
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count > 0 { heard = true }
            if count == 0, heard { break }
            if count <= 0 {
                var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, Int32(max(1, drained.timeIntervalSinceNow * 1000)))
            }
        }
        #expect(heard, "the stalled write was never heard through its pipe")
        close(reader)
        unlink(pipe)
        #expect(!terminal.output(after: mark).contains("copied to the stick"))

        mark = terminal.mark
        try bus.plugIn(stick.path)
        #expect(terminal.waitFor("menu: 4, Unmount the stick.", after: mark, timeout: 20))
        mark = terminal.mark
        terminal.type("2")
        #expect(terminal.waitFor("answer: You may pull out the stick.", after: mark, timeout: 60))
        #expect(terminal.output(after: mark).contains("answer: 2 workouts copied to the stick."))
        #expect(Self.copied(stick.path) == names)
        #expect(Self.marker(stick.path).sorted() == names)
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// A stick whose second file cannot be written: its partial name is a folder, so the write
    /// fails (EISDIR) as a device's I/O error does. Heartline runs with its log in a file.
    static func failingStick(_ data: TemporaryDirectory, _ bus: MockUDisks) throws -> (TemporaryDirectory, String, InProcessTerminal) {
        let stick = TemporaryDirectory()
        let names = try Self.fitNames(data)
        try FileManager.default.createDirectory(
            atPath: stick.path + "/heartline/.heartline-partial-" + names[1], withIntermediateDirectories: true)
        let log = data.path + "/heartline.log"
        let terminal = try InProcessTerminal(
            arguments: arguments(data), environment: ["HEARTLINE_DBUS_ADDRESS": bus.address], logFile: log)
        #expect(terminal.waitFor("menu: 5, Resting check."))
        return (stick, log, terminal)
    }

    /// A pulled stick fails its write before udisks2 says it went: said in one sentence, as
    /// pulled out early, not as a failed write and then as out.
    @Test func aWriteThatFailsAsTheStickGoesIsSaidAsPulledOutEarly() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let (stick, log, terminal) = try Self.failingStick(data, bus)
        var mark = terminal.mark
        try bus.plugIn(stick.path)
        #expect(terminal.waitFor("menu: 4, Unmount the stick.", after: mark, timeout: 20))
        mark = terminal.mark
        terminal.type("2")
        #expect(FileWatch.wait(for: "not copied: failed", inFile: log, timeout: 30), "the second file's write never failed")
        try bus.pullOut()
        #expect(terminal.waitFor("answer: The stick was pulled out early; plug it in again to copy the rest.", after: mark, timeout: 20))
        let said = terminal.output(after: mark)
        #expect(!said.contains("Writing to the stick failed"), "\(said)")
        #expect(!said.contains("The USB stick is out."), "\(said)")
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// A write that fails with the stick still in is said once the wait for its removal ends,
    /// and the stick is unmounted as after any transfer.
    @Test func aWriteThatFailsWithTheStickInIsSaidAndTheStickUnmounted() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let (stick, _, terminal) = try Self.failingStick(data, bus)
        let said = try Self.plugInAndChoose("2", stick.path, bus, on: terminal)
        #expect(said.contains("answer: Writing to the stick failed after 1 workout; the board keeps every workout."), "\(said)")
        #expect(Self.marker(stick.path).count == 1)
        #expect(try bus.settledLog().contains("Unmount"))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// A stick an earlier pull left with cut files (one under its own name but not listed, one
    /// under its partial name): the next copy leaves each file whole, the board's export byte
    /// for byte, and no partial file.
    @Test func cutFilesLeftByAnEarlyPullAreCopiedWholeTheNextTime() throws {
        let bus = try MockUDisks()
        let data = try Self.board()
        let stick = TemporaryDirectory()
        let exports = TemporaryDirectory()
        let exported = try runInProcess(
            ["export", "--format", "fit", "--all", "--output", exports.path, "--data-dir", data.path], input: Data())
        #expect(exported.status == 0)
        let names = try Self.fitNames(data)
        let export = { (name: String) in FileManager.default.contents(atPath: exports.path + "/" + name) ?? Data() }
        let folder = stick.path + "/heartline"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try export(names[0]).write(to: URL(fileURLWithPath: folder + "/" + names[0]))
        try Data((names[0] + "\nheartline-20").utf8).write(to: URL(fileURLWithPath: folder + "/.heartline-copied"))
        try export(names[1]).prefix(100).write(to: URL(fileURLWithPath: folder + "/" + names[1]))
        try (export(names[2]).prefix(50) + Data(count: 4096)).write(to: URL(fileURLWithPath: folder + "/.heartline-partial-" + names[2]))
        let terminal = try Self.start(data, bus)
        #expect(try Self.plugInAndChoose("2", stick.path, bus, on: terminal).contains("answer: 2 workouts copied to the stick."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".heartline-copied"] + names)
        for name in names { #expect(FileManager.default.contents(atPath: folder + "/" + name) == export(name), "\(name)") }
        #expect(Set(Self.marker(stick.path)).isSuperset(of: names))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// The FIT files the board's workouts make, by name, and their sizes.
    static func fitExport(_ data: TemporaryDirectory) throws -> [String: Int] {
        let output = TemporaryDirectory()
        let exported = try runInProcess(
            ["export", "--format", "fit", "--all", "--output", output.path, "--data-dir", data.path], input: Data())
        var sizes: [String: Int] = [:]
        for path in exported.lines {
            sizes[(path as NSString).lastPathComponent] = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }
        return sizes
    }

    static func fitNames(_ data: TemporaryDirectory) throws -> [String] { try fitExport(data).keys.sorted() }
    static func fitSizes(_ data: TemporaryDirectory) throws -> [Int] { Array(try fitExport(data).values) }
}
