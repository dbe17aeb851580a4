import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

#if canImport(Glibc)
    import Glibc
#endif

/// One Heartline per data directory.
@Suite(.timed, .tags(.threads)) struct LockTests {
    @Test func aSecondStoreOnTheSameDirectoryIsRefused() throws {
        try withTemporaryDirectory { directory in
            var first: SQLiteStore? = try SQLiteStore(directory: directory)
            #expect(throws: StorageError.locked) { try SQLiteStore(directory: directory) }
            #expect(first != nil)
            first = nil
            _ = try SQLiteStore(directory: directory)
        }
    }

    @Test func aLockHeldByAnotherProcessIsRespected() throws {
        try withTemporaryDirectory { directory in
            _ = try SQLiteStore(directory: directory)  // creates the lock file
            // flock(1) takes the same kind of lock, then runs a shell that says so and waits for
            // its input to close; -o keeps the lock in flock itself, not in the shell.
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            holder.arguments = ["-o", directory + "/heartline.lock", "/bin/sh", "-c", "echo held; exec cat"]
            let input = Pipe()
            let output = Pipe()
            holder.standardInput = input
            holder.standardOutput = output
            try holder.run()
            let said = output.fileHandleForReading.readData(ofLength: 5)
            #expect(String(decoding: said, as: UTF8.self) == "held\n")

            #expect(throws: StorageError.locked) { try SQLiteStore(directory: directory) }

            try input.fileHandleForWriting.close()
            holder.waitUntilExit()
            _ = try SQLiteStore(directory: directory)
        }
    }
}

/// Health data stays private whatever the umask.
@Suite(.timed, .serialized, .tags(.threads)) struct PermissionTests {
    @Test(arguments: [0o000, 0o022, 0o777])
    func directoriesAre0700AndFiles0600(umaskValue: Int) throws {
        try withTemporaryDirectory { scratch in
            let previous = umask(mode_t(umaskValue))
            defer { umask(previous) }
            let directory = scratch + "/share/heartline"
            let store = try SQLiteStore(directory: directory)
            _ = try store.beginWorkout(start: Date(), configuration: .init())
            #expect(try mode(of: scratch + "/share") == 0o700)
            #expect(try mode(of: directory) == 0o700)
            for name in ["heartline.sqlite", "heartline.sqlite-wal", "heartline.sqlite-shm", "heartline.lock"] {
                #expect(try mode(of: directory + "/" + name) == 0o600, "\(name)")
            }
            #expect(store.recoveredFromCorruption == nil)
        }
    }

    @Test func anExistingLaxDatabaseIsNarrowed() throws {
        try withTemporaryDirectory { directory in
            _ = try SQLiteStore(directory: directory)
            chmod(directory + "/heartline.sqlite", 0o644)
            _ = try SQLiteStore(directory: directory)
            #expect(try mode(of: directory + "/heartline.sqlite") == 0o600)
        }
    }

    @Test func aFileWhereTheDirectoryShouldBeIsAnError() throws {
        try withTemporaryDirectory { scratch in
            #expect(FileManager.default.createFile(atPath: scratch + "/heartline", contents: Data()))
            #expect(throws: StorageError.self) { try SQLiteStore(directory: scratch + "/heartline") }
        }
    }
}
