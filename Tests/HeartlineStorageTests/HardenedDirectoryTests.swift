import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

#if canImport(Glibc)
    import Glibc
#endif

/// A data directory that others could write to before, and files planted in it.
@Suite(.timed, .serialized, .tags(.threads)) struct HardenedDirectoryTests {
    @Test(arguments: [0o777, 0o755, 0o750])
    func anExistingLaxDirectoryIsNarrowedTo0700(modeValue: Int) throws {
        try withTemporaryDirectory { (scratch: String) throws in
            let directory = scratch + "/heartline"
            #expect(mkdir(directory, 0o700) == 0)
            #expect(chmod(directory, mode_t(modeValue)) == 0)
            _ = try SQLiteStore(directory: directory)
            #expect(try mode(of: directory) == 0o700)
            for name in ["heartline.sqlite", "heartline.lock", "heartline.reserve"] {
                #expect(try mode(of: directory + "/" + name) == 0o600, "\(name)")
            }
        }
    }

    @Test(arguments: ["heartline.sqlite", "heartline.sqlite-wal", "heartline.sqlite-shm", "heartline.lock", "heartline.reserve"])
    func aPlantedSymbolicLinkIsNeitherFollowedNorNarrowed(name: String) throws {
        try withTemporaryDirectory { (scratch: String) throws in
            let directory = scratch + "/heartline"
            #expect(mkdir(directory, 0o777) == 0)
            let target = scratch + "/victim"
            #expect(FileManager.default.createFile(atPath: target, contents: Data("precious\n".utf8)))
            #expect(chmod(target, 0o644) == 0)
            #expect(symlink(target, directory + "/" + name) == 0)

            #expect(throws: StorageError.self) { try SQLiteStore(directory: directory) }
            #expect(try mode(of: target) == 0o644)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
            // The directory was narrowed all the same: nobody else can plant another.
            #expect(try mode(of: directory) == 0o700)
        }
    }

    @Test func aPlantedFifoIsRefusedWithoutWaiting() throws {
        try withTemporaryDirectory { (directory: String) throws in
            #expect(mkfifo(directory + "/heartline.lock", 0o600) == 0)
            #expect(throws: StorageError.failed("\(directory)/heartline.lock is not a regular file.")) {
                try SQLiteStore(directory: directory)
            }
        }
    }

    @Test func aDirectoryOfAnotherUserIsRefused() throws {
        try #require(geteuid() == 0, "needs root to give a directory away")
        try withTemporaryDirectory { (scratch: String) throws in
            let directory = scratch + "/heartline"
            #expect(mkdir(directory, 0o755) == 0)
            #expect(chown(directory, 65534, 65534) == 0)
            #expect(throws: StorageError.failed("\(directory) belongs to another user.")) { try SQLiteStore(directory: directory) }
            #expect(try mode(of: directory) == 0o755)
        }
    }
}
