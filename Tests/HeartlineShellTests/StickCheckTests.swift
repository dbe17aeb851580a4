#if canImport(Glibc)
    import Glibc
#endif
import Foundation
@testable import HeartlineShell
import HeartlineTestSupport
import Testing

/// A stick pulled out mid-write, as a FAT image: made with mkfs.vfat and mtools (no mount), then
/// cut as the pull leaves it (a directory entry on clusters the FAT marks free, the dirty bit
/// set in the boot sector), read by fsck.vfat, written over, and mended by StickCheck.
@Suite(
    .timed,
    .enabled(
        if: ["/usr/sbin/mkfs.vfat", "/usr/sbin/fsck.vfat", "/usr/bin/mcopy", "/usr/bin/mmd"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }, "needs dosfstools and mtools (contrib/setup.sh --test)"))
struct StickCheckTests {
    /// A 16 MiB FAT16 image with a folder and one whole file in it, as a stick after a copy.
    final class Image {
        let directory = TemporaryDirectory()
        var path: String { directory.path + "/stick.img" }

        init(holding file: [UInt8]) throws {
            try Data(count: 16 << 20).write(to: URL(fileURLWithPath: path))
            try Self.run("/usr/sbin/mkfs.vfat", ["-n", "STICK", path])
            try Self.run("/usr/bin/mmd", ["-i", path, "::/heartline"])
            try put(file, as: "a.fit")
        }

        func put(_ bytes: [UInt8], as name: String) throws {
            let file = directory.path + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            try Self.run("/usr/bin/mcopy", ["-o", "-i", path, file, "::/heartline/" + name])
        }

        /// The file's bytes as the image's directory entry and FAT chain give them.
        func read(_ name: String) throws -> [UInt8] {
            let copy = directory.path + "/read-" + name
            unlink(copy)
            try Self.run("/usr/bin/mcopy", ["-n", "-i", path, "::/heartline/" + name, copy])
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: copy)))
        }

        /// fsck.vfat's word, with nothing changed: its exit status and what it said.
        func fsck() throws -> RunResult { try runProgram("/usr/sbin/fsck.vfat", ["-n", path], input: Data()) }

        var bytes: Data { FileManager.default.contents(atPath: path) ?? Data() }

        /// Cuts the image as an early pull can leave it: `name`'s directory entry still points at
        /// its clusters, which the FAT (both copies) marks free, and the volume's dirty bit set.
        func cutAsAnEarlyPull(_ name: String) throws {
            var image = [UInt8](bytes)
            func word(_ at: Int) -> Int { Int(image[at]) | Int(image[at + 1]) << 8 }
            let sectorSize = word(11)
            let clusterSize = sectorSize * Int(image[13])
            let reserved = word(14)
            let fats = Int(image[16])
            let rootEntries = word(17)
            let fatSectors = word(22)
            let root = (reserved + fats * fatSectors) * sectorSize
            let data = root + rootEntries * 32
            func entry(named short: String, in start: Int, count: Int) -> Int? {
                (0..<count).map { start + $0 * 32 }.first { Array(image[$0..<$0 + 11]) == Array(short.utf8) }
            }
            let folder = try #require(entry(named: "HEARTL~1   ", in: root, count: rootEntries))
            let folderStart = data + (word(folder + 26) - 2) * clusterSize
            let short = name.uppercased().replacingOccurrences(of: ".", with: "")
            let padded = short.prefix(short.count - 3).padding(toLength: 8, withPad: " ", startingAt: 0) + short.suffix(3)
            let file = try #require(entry(named: padded, in: folderStart, count: clusterSize / 32))
            var cluster = word(file + 26)
            while cluster >= 2 && cluster < 0xFFF8 {
                let next = word(reserved * sectorSize + cluster * 2)
                for copy in 0..<fats {
                    let at = (reserved + copy * fatSectors) * sectorSize + cluster * 2
                    image[at] = 0
                    image[at + 1] = 0
                }
                cluster = next
            }
            // FAT16's state byte: bit 0 is the dirty bit Linux sets while the volume is mounted.
            image[37] |= 1
            try Data(image).write(to: URL(fileURLWithPath: path))
        }

        static func run(_ program: String, _ arguments: [String]) throws {
            let result = try runProgram(program, arguments, input: Data(), environment: ["MTOOLS_SKIP_CHECK": "1"])
            guard result.status == 0 else {
                Issue.record("\(program) \(arguments): \(result.standardOutput) \(result.standardError)")
                throw POSIXError(.EIO)
            }
        }
    }

    static func bytes(_ count: Int, seed: UInt8) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) } }

    /// The lead's hypothesis, shown: fsck.vfat finds the cut, and a file written over the volume
    /// as it is takes the free clusters the cut file's entry still claims, so the older file now
    /// reads as the new one's bytes: some files differ, others are whole.
    @Test func aFileWrittenOverAStickLeftDirtyTakesTheClustersAnotherFileStillClaims() throws {
        let first = Self.bytes(40_000, seed: 1)
        let image = try Image(holding: first)
        #expect(try image.fsck().status == 0)
        try image.cutAsAnEarlyPull("a.fit")
        let said = try image.fsck()
        #expect(said.status == 1)
        #expect(said.standardOutput.contains("Contains a free cluster"), "\(said.standardOutput)")
        #expect(said.standardOutput.contains("Dirty bit is set"), "\(said.standardOutput)")
        let next = Self.bytes(40_000, seed: 2)
        try image.put(next, as: "c.fit")
        #expect(try image.read("c.fit") == next)
        #expect(try image.read("a.fit") == next)
        #expect(try image.fsck().standardOutput.contains("share clusters"))
    }

    /// Mended before anything is written: the cut file's entry truncated, the dirty bit cleared,
    /// fsck.vfat clean after, and the files written next whole.
    @Test func aStickLeftDirtyIsMendedSoTheFilesWrittenNextAreWhole() throws {
        let image = try Image(holding: Self.bytes(40_000, seed: 1))
        try image.cutAsAnEarlyPull("a.fit")
        #expect(StickCheck.repair(image.path) == .mended)
        let after = try image.fsck()
        #expect(after.status == 0, "\(after.standardOutput)")
        let next = Self.bytes(40_000, seed: 2)
        let last = Self.bytes(50_000, seed: 3)
        try image.put(next, as: "c.fit")
        try image.put(last, as: "d.fit")
        #expect(try image.read("c.fit") == next)
        #expect(try image.read("d.fit") == last)
        #expect(try image.fsck().status == 0)
    }

    @Test func aCleanStickIsLeftAsItIs() throws {
        let image = try Image(holding: Self.bytes(40_000, seed: 1))
        let before = image.bytes
        #expect(StickCheck.repair(image.path) == .clean)
        #expect(image.bytes == before)
    }

    /// Not a FAT at all (zeros): fsck.vfat cannot mend it, which is a failure, not a success.
    @Test func aFileSystemThatCannotBeMendedIsAFailure() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/zeros.img"
        try Data(count: 1 << 20).write(to: URL(fileURLWithPath: path))
        guard case .failed = StickCheck.repair(path) else {
            Issue.record("zeros were not a failure: \(StickCheck.repair(path))")
            return
        }
    }

    @Test func exFATAndAMissingFsckAreLeftUnchecked() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/exfat.img"
        var sector = [UInt8](repeating: 0, count: 512)
        sector.replaceSubrange(3..<11, with: Array("EXFAT   ".utf8))
        try Data(sector).write(to: URL(fileURLWithPath: path))
        #expect(StickCheck.repair(path) == .unchecked("exFAT"))
        let image = try Image(holding: [1, 2, 3])
        guard case .unchecked = StickCheck.repair(image.path, fsck: nil) else {
            Issue.record("a missing fsck.vfat was not left unchecked")
            return
        }
        #expect(StickCheck.fsckProgram(path: "") == "/usr/sbin/fsck.vfat")
    }
}
