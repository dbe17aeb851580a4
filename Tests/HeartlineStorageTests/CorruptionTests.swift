import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// A damaged database is moved aside, never deleted, and a fresh one started.
@Suite(.timed, .tags(.threads)) struct CorruptionTests {
    @Test func aFileThatIsNotADatabaseIsMovedAside() throws {
        try withTemporaryDirectory { directory in
            let garbage = Data(String(repeating: "not a database at all. ", count: 400).utf8)
            try garbage.write(to: URL(fileURLWithPath: directory + "/heartline.sqlite"))
            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let movedTo = directory + "/heartline.sqlite.corrupt-20260314T093500Z"
            #expect(store.recoveredFromCorruption == movedTo)
            #expect(FileManager.default.contents(atPath: movedTo) == garbage)
            var settings = Settings()
            settings.setSpeech(.rate, to: "70")
            try store.saveSettings(settings)
            #expect(try store.settings().speech[.rate] == "70")
        }
    }

    /// The full check the crash tests run after every kill: "ok" for a sound database, and
    /// SQLite's findings for one whose index disagrees with its table, which the quick_check at
    /// every start does not look for.
    @Test func theIntegrityCheckFindsWhatTheQuickCheckSkips() throws {
        try withTemporaryDirectory { directory in
            do {
                let store = try SQLiteStore(directory: directory)
                #expect(try store.integrityCheck() == ["ok"])
                try HistoryGenerator.fill(store: store, days: 20, endingAt: Date(timeIntervalSince1970: 1_773_480_900), seed: 3)
                #expect(try store.integrityCheck() == ["ok"])
            }
            do {
                // Make the index's declared columns disagree with the entries it holds.
                let database = try Database(path: directory + "/heartline.sqlite")
                try database.executeScript(
                    """
                    PRAGMA writable_schema = ON;
                    UPDATE sqlite_schema SET sql = 'CREATE UNIQUE INDEX sample_chunks_by_workout ON sample_chunks (workout, count)'
                    WHERE name = 'sample_chunks_by_workout';
                    PRAGMA writable_schema = OFF;
                    """)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(store.recoveredFromCorruption == nil)
            let problems = try store.integrityCheck()
            #expect(!problems.isEmpty && problems != ["ok"])
        }
    }

    @Test func aDamagedPageIsFoundAndTheFileMovedAside() throws {
        try withTemporaryDirectory { directory in
            do {
                let store = try SQLiteStore(directory: directory)
                try HistoryGenerator.fill(store: store, days: 12, endingAt: Date(timeIntervalSince1970: 1_773_480_900), seed: 1)
            }
            // Closing checkpointed everything into the file; now scribble over its second page.
            let path = directory + "/heartline.sqlite"
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            try handle.seek(toOffset: 4096)
            handle.write(Data(repeating: 0xA5, count: 4096))
            try handle.close()

            let clock = ManualClock()
            let store = try SQLiteStore(directory: directory, clock: clock)
            let movedTo = try #require(store.recoveredFromCorruption)
            #expect(movedTo.hasPrefix(path + ".corrupt-"))
            #expect(FileManager.default.fileExists(atPath: movedTo))
            #expect(try store.savedWorkoutCount() == 0)
        }
    }

    @Test func aSecondDamagedFileInTheSameSecondGetsItsOwnName() throws {
        try withTemporaryDirectory { directory in
            let clock = ManualClock()
            var moved: [String?] = []
            for _ in 0..<2 {
                try Data("garbage".utf8).write(to: URL(fileURLWithPath: directory + "/heartline.sqlite"))
                let store = try SQLiteStore(directory: directory, clock: clock)
                moved.append(store.recoveredFromCorruption)
            }
            #expect(moved[0] == directory + "/heartline.sqlite.corrupt-20260314T093500Z")
            #expect(moved[1] == directory + "/heartline.sqlite.corrupt-20260314T093500Z-2")
        }
    }

    @Test func aHealthyDatabaseIsLeftWhereItIs() throws {
        try withTemporaryDirectory { directory in
            _ = try SQLiteStore(directory: directory)
            let store = try SQLiteStore(directory: directory)
            #expect(store.recoveredFromCorruption == nil)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(!names.contains { $0.contains("corrupt") })
        }
    }
}
