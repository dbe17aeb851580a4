#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
@testable import HeartlineShell
import HeartlineTestSupport
import Testing

/// The stick's blocking side on real files, and the kernel's events as they are read.
@Suite(.timed) struct StickFilesTests {
    @Test func aFileIsWrittenWholeAndListedSoTheNextCopySkipsIt() throws {
        let stick = TemporaryDirectory()
        #expect(try StickFiles.prepare(mount: stick.path).get() == [])
        let bytes = [UInt8](repeating: 7, count: 70_000)
        #expect(StickFiles.write(bytes, named: "heartline-2026-11-29-0730.fit", mount: stick.path) == nil)
        #expect(StickFiles.write([1, 2, 3], named: "heartline-2026-11-30-0730.fit", mount: stick.path) == nil)
        #expect(FileManager.default.contents(atPath: stick.path + "/heartline/heartline-2026-11-29-0730.fit") == Data(bytes))
        #expect(try StickFiles.prepare(mount: stick.path).get() == ["heartline-2026-11-29-0730.fit", "heartline-2026-11-30-0730.fit"])
        // No temporary file is left beside them.
        let names = try FileManager.default.contentsOfDirectory(atPath: stick.path + "/heartline").sorted()
        #expect(names == [".heartline-copied", "heartline-2026-11-29-0730.fit", "heartline-2026-11-30-0730.fit"])
    }

    /// A stick pulled out while the marker was being added to leaves its last line cut (or, on
    /// FAT, its new length filled with zeros): the names written after it are still read.
    @Test func aMarkerCutByAnEarlyPullStillListsTheFilesCopiedAfterIt() throws {
        let stick = TemporaryDirectory()
        let folder = stick.path + "/heartline"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for cut in [
            Data("heartline-2026-11-28-0730.fit\nheartline-2026-11-2".utf8), Data("heartline-2026-11-28-0730.fit\n".utf8) + Data(count: 12),
        ] {
            try cut.write(to: URL(fileURLWithPath: folder + "/.heartline-copied"))
            #expect(StickFiles.write([1, 2, 3], named: "heartline-2026-11-30-0730.fit", mount: stick.path) == nil)
            #expect(
                try StickFiles.prepare(mount: stick.path).get().isSuperset(of: [
                    "heartline-2026-11-28-0730.fit", "heartline-2026-11-30-0730.fit",
                ]))
        }
    }

    /// On a stick whose file system has links (FAT has none; ext4, btrfs or exFAT from another
    /// system may), a `heartline` folder that is a link into the board's home is refused as a
    /// failed write: nothing is written or read there.
    @Test func aStickFolderThatIsALinkIsNeverWrittenThrough() throws {
        let stick = TemporaryDirectory()
        let home = TemporaryDirectory()
        #expect(symlink(home.path, stick.path + "/heartline") == 0)
        try Data("heartline-2026-11-28-0730.fit\n".utf8).write(to: URL(fileURLWithPath: home.path + "/.heartline-copied"))
        #expect(StickFiles.prepare(mount: stick.path) == .failure(.failed))
        #expect(StickFiles.write([1, 2, 3], named: "heartline-2026-11-30-0730.fit", mount: stick.path) == .failed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == [".heartline-copied"])
        #expect(FileManager.default.contents(atPath: home.path + "/.heartline-copied") == Data("heartline-2026-11-28-0730.fit\n".utf8))
        // Plans under it are not read either.
        try FileManager.default.createDirectory(atPath: home.path + "/plans", withIntermediateDirectories: true)
        try Data("<workout_file/>".utf8).write(to: URL(fileURLWithPath: home.path + "/plans/private.zwo"))
        let board = TemporaryDirectory()
        #expect(StickFiles.copyPlans(mount: stick.path, to: board.path + "/plans") == (0, []))
    }

    /// In a real `heartline` folder, a marker or a file name that is a link is not followed: the
    /// marker link is refused (the write said as failed, the linked file untouched), and a
    /// workout's name that is a link is replaced by the file, its target untouched.
    @Test func aLinkInsideTheSticksFolderIsNeverFollowed() throws {
        let stick = TemporaryDirectory()
        let home = TemporaryDirectory()
        let folder = stick.path + "/heartline"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: home.path + "/notes"))
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: home.path + "/profile"))
        #expect(symlink(home.path + "/profile", folder + "/heartline-2026-11-30-0730.fit") == 0)
        #expect(symlink(home.path + "/notes", folder + "/.heartline-copied") == 0)
        #expect(StickFiles.write([1, 2, 3], named: "heartline-2026-11-30-0730.fit", mount: stick.path) == .failed)
        #expect(FileManager.default.contents(atPath: home.path + "/notes") == Data("mine\n".utf8))
        #expect(FileManager.default.contents(atPath: home.path + "/profile") == Data("theirs\n".utf8))
        // The workout's file itself was written in place of the link.
        var status = stat()
        #expect(lstat(folder + "/heartline-2026-11-30-0730.fit", &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        // A partial name that is a link is written over, not through.
        #expect(symlink(home.path + "/profile", folder + "/.heartline-partial-heartline-2026-12-01-0730.fit") == 0)
        #expect(unlink(folder + "/.heartline-copied") == 0)
        #expect(StickFiles.write([4, 5], named: "heartline-2026-12-01-0730.fit", mount: stick.path) == .failed)
        #expect(FileManager.default.contents(atPath: home.path + "/profile") == Data("theirs\n".utf8))
    }

    @Test func aStickThatWentIsSaidAsPulledOutAndAFullOneAsFull() {
        #expect(StickFiles.problem(ENOSPC) == .full)
        #expect(StickFiles.problem(EROFS) == .readOnly)
        #expect(StickFiles.problem(ENODEV) == .removed)
        #expect(StickFiles.problem(EIO) == .failed)
        let gone = TemporaryDirectory().path + "/unplugged"
        #expect(StickFiles.write([1], named: "a.fit", mount: gone) == .removed)
    }

    @Test func plansAreCopiedFromTheSticksTopAndItsPlansFolder() throws {
        let stick = TemporaryDirectory()
        let board = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: stick.path + "/plans", withIntermediateDirectories: true)
        try Data("<workout_file/>".utf8).write(to: URL(fileURLWithPath: stick.path + "/tempo.zwo"))
        try Data([14, 16]).write(to: URL(fileURLWithPath: stick.path + "/plans/intervals.FIT"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: stick.path + "/notes.txt"))
        #expect(StickFiles.copyPlans(mount: stick.path, to: board.path + "/plans") == (2, []))
        #expect(try FileManager.default.contentsOfDirectory(atPath: board.path + "/plans").sorted() == ["intervals.FIT", "tempo.zwo"])
    }

    /// A stick's plan with the name of a different plan on the board is kept beside it under a
    /// new name; the board's file keeps its bytes and its mode 0600; the same plan read again
    /// adds nothing; a link or a FIFO on the stick is passed over.
    @Test func aPlanWhoseNameTheBoardHasIsKeptBesideItNeverReplacingIt() throws {
        let stick = TemporaryDirectory()
        let board = TemporaryDirectory()
        let plans = board.path + "/plans"
        try FileManager.default.createDirectory(atPath: stick.path + "/plans", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: plans, withIntermediateDirectories: true)
        let mine = Data("<workout_file><name>Board</name></workout_file>".utf8)
        try mine.write(to: URL(fileURLWithPath: plans + "/mine.zwo"))
        chmod(plans + "/mine.zwo", 0o600)
        let theirs = Data("<workout_file><name>Stick</name></workout_file>".utf8)
        try theirs.write(to: URL(fileURLWithPath: stick.path + "/plans/mine.zwo"))
        chmod(stick.path + "/plans/mine.zwo", 0o644)
        try mine.write(to: URL(fileURLWithPath: stick.path + "/same.zwo"))
        try mine.write(to: URL(fileURLWithPath: plans + "/same.zwo"))
        symlink(board.path + "/secret", stick.path + "/linked.zwo")
        mkfifo(stick.path + "/fifo.zwo", 0o644)

        let read = StickFiles.copyPlans(mount: stick.path, to: plans)
        #expect(read.copied == 2)
        #expect(read.kept == [PlanKept(name: "mine.zwo", kept: "mine-2.zwo")])
        #expect(FileManager.default.contents(atPath: plans + "/mine.zwo") == mine)
        #expect(FileManager.default.contents(atPath: plans + "/mine-2.zwo") == theirs)
        var status = stat()
        #expect(stat(plans + "/mine.zwo", &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(plans + "/mine-2.zwo", &status) == 0 && status.st_mode & 0o777 == 0o600)
        // Read again: the stick's copy is there already, under its new name.
        #expect(StickFiles.copyPlans(mount: stick.path, to: plans) == (2, []))
        #expect(try FileManager.default.contentsOfDirectory(atPath: plans).sorted() == ["mine-2.zwo", "mine.zwo", "same.zwo"])
    }

    @Test func aKernelEventIsReadAsItsFields() {
        let message =
            Array("add@/devices/pci0000:00/usb1/1-1/1-1:1.0/host0/target0:0:0/0:0:0:0/block/sda/sda1".utf8) + [0]
            + Array("ACTION=add".utf8) + [0] + Array("SUBSYSTEM=block".utf8) + [0] + Array("DEVNAME=sda1".utf8) + [0]
            + Array("DEVTYPE=partition".utf8) + [0]
        let fields = KernelSticks.fields(message)
        #expect(fields["ACTION"] == "add")
        #expect(fields["SUBSYSTEM"] == "block")
        #expect(fields["DEVNAME"] == "sda1")
        #expect(fields["DEVTYPE"] == "partition")
    }
}
