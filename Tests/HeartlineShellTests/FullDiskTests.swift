#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// A full disk under the running binary: said once, said again when space is back, and not one
/// sample lost. (HeartlineStorageTests covers the store alone; this covers the sentences and the
/// whole program on a real file system.)
@Suite(.timed, .tags(.threads)) struct FullDiskTests {
    @Test(.enabled(if: SmallDisk.isPermitted || ProcessInfo.processInfo.environment["CI"] == "true", "needs permission to mount a tmpfs"))
    func aFullDiskIsSaidOnceAndLosesNothing() throws {
        let scratch = TemporaryDirectory()
        let disk = scratch.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        try #require(SmallDisk.mount(at: disk, size: "2m"), "mount -t tmpfs failed")
        defer { SmallDisk.unmount(disk) }

        let heartline = try LiveHeartline(["--simulate", "--speech", "transcript", "--data-dir", disk + "/heartline"])
        defer { heartline.kill() }
        heartline.send("configure", "next", "start workout", ":wait 10", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 10 seconds.") != nil)

        let filler = disk + "/filler"
        SmallDisk.fill(filler)
        heartline.send(":wait 60", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 1 minute and 10 seconds.") != nil)
        try FileManager.default.removeItem(atPath: filler)
        heartline.send(":wait 20", "time", "end", "yes", "save")
        try #require(heartline.waitForLine("answer: Workout saved.") != nil)
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)

        let said = heartline.transcript
        let full = "notice: The disk is full. The workout is kept in memory until there is space again."
        let back = "notice: Space is back. The workout is written to disk again."
        #expect(said.filter { $0 == full }.count == 1)
        #expect(said.filter { $0 == back }.count == 1)
        let fullAt = try #require(said.firstIndex(of: full))
        let backAt = try #require(said.firstIndex(of: back))
        #expect(fullAt < backAt)

        let store = try SQLiteStore(directory: disk + "/heartline")
        let workout = try #require(try store.savedWorkouts(offset: 0, limit: 1).first)
        #expect(workout.duration == 90)
        #expect(try store.samples(of: workout.id).map(\.elapsed) == Array(1...90))
        #expect(try store.integrityCheck() == ["ok"])
    }
}

/// A size-limited tmpfs, which mounting needs root (or CAP_SYS_ADMIN) for.
enum SmallDisk {
    static let isPermitted: Bool = {
        let probe = "/tmp/heartline-shell-tmpfs-probe-\(getpid())"
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

    /// Writes to `path` until the file system refuses another byte.
    static func fill(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        for blockSize in [65_536, 4096, 1] {
            let block = [UInt8](repeating: 0x55, count: blockSize)
            while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, blockSize) }) == blockSize {}
        }
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
