#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
@testable import HeartlineShell
@testable import HeartlineStorage
import HeartlineTestSupport
import Testing

/// Files from outside (the plans folder, a stick) that would hold the reader for ever, lead it
/// out of its folder, or fill its memory: a FIFO, a symbolic link, a file of a gigabyte.
@Suite(.timed) struct OutsideFileTests {
    /// Runs `work` on a thread of its own and waits for it at most `seconds`: a reader that blocks
    /// fails the test instead of hanging the suite.
    static func bounded<T: Sendable>(_ seconds: Double = 5, _ work: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<T?>(nil)
        Thread {
            result.withLock { $0 = work() }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }

    /// A sparse file of `size` bytes: no disk is spent on it.
    static func sparse(_ path: String, size: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
    }

    @Test func aFIFOALinkAndAHugeFileAreNeitherWaitedOnFollowedNorReadWhole() throws {
        let folder = TemporaryDirectory()
        try #require(mkfifo(folder.path + "/pipe", 0o644) == 0)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: folder.path + "/target"))
        try #require(symlink(folder.path + "/target", folder.path + "/link") == 0)
        try Self.sparse(folder.path + "/huge", size: 1 << 30)
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: folder.path + "/small"))
        let path = folder.path
        #expect(Self.bounded { OutsideFile.read(at: path + "/pipe", upTo: 100) } == .failure(.notAFile))
        #expect(OutsideFile.read(at: path + "/link", upTo: 100) == .failure(.link))
        #expect(OutsideFile.read(at: path + "/missing", upTo: 100) == .failure(.missing))
        #expect(OutsideFile.read(at: path, upTo: 100) == .failure(.notAFile))
        #expect((try? OutsideFile.read(at: path + "/huge", upTo: 1 << 20).get())?.count == 1 << 20)
        #expect(OutsideFile.read(at: path + "/small", upTo: 4) == .success(Array("0123".utf8)))
        #expect(OutsideFile.read(at: path + "/small", upTo: 100) == .success(Array("0123456789".utf8)))
    }

    /// A FIFO and a link named like plans are listed as files that cannot be read (and said so),
    /// at once; the plan beside them is read.
    @Test func thePlansFolderListsAFIFOAndALinkAsUnreadableWithoutWaiting() throws {
        let folder = TemporaryDirectory()
        let outside = TemporaryDirectory()
        try #require(mkfifo(folder.path + "/a.zwo", 0o644) == 0)
        let plan = Data("<workout_file><workout><SteadyState Duration=\"60\" Power=\"0.6\"/></workout></workout_file>".utf8)
        try plan.write(to: URL(fileURLWithPath: outside.path + "/theirs.zwo"))
        try #require(symlink(outside.path + "/theirs.zwo", folder.path + "/b.zwo") == 0)
        try plan.write(to: URL(fileURLWithPath: folder.path + "/c.zwo"))
        let path = folder.path
        let files = try #require(
            Self.bounded { PlanFolder(directory: path).page(offset: 0, limit: 10, matching: "").files },
            "reading the plans folder did not end")
        #expect(files.map(\.name) == ["a.zwo", "b.zwo", "c.zwo"])
        #expect(files.map { $0.bytes == nil } == [true, true, false])
        #expect(files.last?.bytes == Array(plan))
    }

    /// A stick whose marker is a gigabyte: not read whole; every workout is copied again.
    @Test func aHugeMarkerOnAStickIsNotReadWhole() throws {
        let mount = TemporaryDirectory()
        try #require(mkdir(mount.path + "/" + StickFiles.folder, 0o755) == 0)
        try Self.sparse(mount.path + "/" + StickFiles.folder + "/" + StickFiles.markerName, size: 1 << 30)
        let path = mount.path
        let peak = Self.peakMemory()
        let prepared = try #require(Self.bounded(20) { StickFiles.prepare(mount: path) }, "the marker was read for too long")
        #expect((try? prepared.get()) == [])
        // The process's peak is the whole test run's: a gigabyte read whole would show in it.
        #expect(Self.peakMemory() - peak < 256 << 20, "the peak grew by \((Self.peakMemory() - peak) >> 20) MiB")
    }

    /// The process's peak resident memory, in bytes.
    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
