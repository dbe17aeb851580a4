import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// What Heartline says at start when its data directory is taken or its database is damaged.
@Suite(.timed, .tags(.threads)) struct StartupTests {
    @Test func aSecondHeartlineOnTheSameDataIsRefusedWithOneSentence() throws {
        let data = TemporaryDirectory()
        // The first one stays in its shell: standard input is a pipe kept open.
        let first = Process()
        first.executableURL = URL(fileURLWithPath: Binary.path)
        first.arguments = ["--speech", "transcript", "--data-dir", data.path]
        let input = Pipe()
        let output = Pipe()
        first.standardInput = input
        first.standardOutput = output
        first.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try first.run()
        defer {
            try? input.fileHandleForWriting.close()
            first.waitUntilExit()
        }
        // Wait until it has opened the store and spoken its home screen.
        var heard = Data()
        let deadline = Date().addingTimeInterval(20)
        while !String(decoding: heard, as: UTF8.self).contains("menu: 4, Settings."), Date() < deadline {
            heard.append(output.fileHandleForReading.availableData)
        }
        #expect(String(decoding: heard, as: UTF8.self).contains("menu: 4, Settings."))

        let second = try runHeartline(["--speech", "transcript", "--data-dir", data.path], input: Data("quit\n".utf8))
        #expect(second.status == 1)
        #expect(second.lines == ["event: Heartline is already running with this data directory. Close the other one first."])
    }

    @Test func aDamagedDatabaseIsKeptAsideAndAFreshOneStarted() throws {
        let data = TemporaryDirectory()
        let database = data.path + "/heartline.sqlite"
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: database))
        let result = try runHeartline(["--speech", "transcript", "--data-dir", data.path], input: Data("quit\n".utf8))
        #expect(result.status == 0)
        let said = try #require(result.lines.first { $0.hasPrefix("event: The workout database could not be read.") })
        let kept = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasPrefix("heartline.sqlite.corrupt") }
        #expect(kept.count == 1)
        #expect(said.contains(kept[0]))
        // The damaged bytes are kept as they were.
        let keptBytes = try Data(contentsOf: URL(fileURLWithPath: data.path + "/" + kept[0]))
        #expect(keptBytes == Data(repeating: 0x5A, count: 8192))
        #expect(result.lines.last == "answer: Goodbye.")
    }

    /// A damaged page the open itself does not touch: "Heartline is ready." comes first, the
    /// check after it finds the damage and says so, and the next start moves the file aside.
    @Test func aDamagedPageIsFoundAfterTheFirstSentenceAndRepairedAtTheNextStart() throws {
        let data = TemporaryDirectory()
        let generated = try runHeartline(["generate", "--days", "12", "--data-dir", data.path, "--seed", "1"], input: Data())
        #expect(generated.status == 0)
        let handle = try #require(FileHandle(forUpdatingAtPath: data.path + "/heartline.sqlite"))
        try handle.seek(toOffset: 4096)
        handle.write(Data(repeating: 0xA5, count: 4096))
        try handle.close()

        let first = try runHeartline(["--speech", "transcript", "--data-dir", data.path], input: Data(":wait 2\nquit\n".utf8))
        #expect(first.lines.first == "answer: Heartline is ready.")
        #expect(
            first.lines.contains("notice: The workout database is damaged. Quit Heartline: the next start repairs it."), "\(first.lines)")
        let second = try runHeartline(["--speech", "transcript", "--data-dir", data.path], input: Data("quit\n".utf8))
        #expect(second.lines.contains { $0.hasPrefix("event: The workout database could not be read. It was kept as ") }, "\(second.lines)")
        #expect(!FileManager.default.fileExists(atPath: data.path + "/heartline.check-failed"))
    }

    /// A changed maximum heart rate: the next start says its first sentence, then counts every
    /// saved workout's time in zones again in the background and logs it.
    @Test func historyIsCountedAgainInTheBackgroundAfterTheStart() throws {
        let data = TemporaryDirectory()
        let generated = try runHeartline(["generate", "--days", "12", "--data-dir", data.path, "--seed", "2"], input: Data())
        #expect(generated.status == 0)
        let count: Int
        do {
            let store = try SQLiteStore(directory: data.path)
            count = try store.savedWorkoutCount()
            #expect(try store.savedWorkouts(offset: 0, limit: count).allSatisfy { $0.timeInZones?.maximum == 185 })
            var profile = try store.profile()
            profile.maximumHeartRate = 170
            try store.saveProfile(profile)
        }
        #expect(count > 5)
        let log = data.path + "/run.log"
        let run = try runHeartline(
            ["--speech", "transcript", "--data-dir", data.path, "--log", log], input: Data(":wait 3\nquit\n".utf8))
        #expect(run.lines.first == "answer: Heartline is ready.")
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("storage: history filled in: training load of 0, time in zones of \(count) workouts"), "\(logged)")
        let store = try SQLiteStore(directory: data.path)
        let workouts = try store.savedWorkouts(offset: 0, limit: count)
        #expect(workouts.allSatisfy { $0.timeInZones?.maximum == 170 })
        let samples = try store.samples(of: workouts[0].id)
        #expect(workouts[0].timeInZones == TimeInZones(samples, zones: HeartRateZones(maximum: 170)))
    }

    /// Power off through logind, with no system bus to reach (the bus address points nowhere, so
    /// no machine running the tests is ever powered off): one sentence, and Heartline goes on.
    @Test func powerOffThatTheSystemRefusesIsOneSentence() throws {
        let data = TemporaryDirectory()
        let result = try runHeartline(
            ["--speech", "transcript", "--data-dir", data.path], input: Data("settings\npower off\nyes\nwhere\n".utf8),
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(data.path)/no-bus"])
        #expect(result.status == 0)
        let answers = result.lines.filter { $0.hasPrefix("answer: ") }
        #expect(
            answers.suffix(4) == [
                "answer: Definitely power off this computer? Yes or no.",
                "answer: Powering off.",
                "answer: This computer does not let Heartline power it off.",
                "answer: You are on Settings.",
            ])
    }

    @Test func endOfInputDuringAWorkoutKeepsWhatWasRecorded() throws {
        let data = TemporaryDirectory()
        let first = try runHeartline(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path],
            input: Data("configure\nnext\nstart workout\n:wait 30\n".utf8))
        #expect(first.status == 0)
        // A second run on the same directory opens it again: nothing locked, nothing lost.
        let second = try runHeartline(["--speech", "transcript", "--data-dir", data.path], input: Data("quit\n".utf8))
        #expect(second.status == 0)
        #expect(second.lines.last == "answer: Goodbye.")
    }

    /// contrib/test.sh counts the binary's starts: each appends its process's line to the file
    /// HEARTLINE_LAUNCH_LOG names, and a start without it writes nothing anywhere.
    @Test func eachStartIsCountedInTheLaunchLogWhenOneIsNamed() throws {
        let data = TemporaryDirectory()
        let log = data.path + "/launches"
        for _ in 0..<2 {
            let result = try runHeartline(["--version"], input: Data(), environment: ["HEARTLINE_LAUNCH_LOG": log])
            #expect(result.status == 0)
        }
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { Int32($0) != nil })
        #expect(Set(lines).count == 2, "two starts, two processes")
    }

    /// A relative --data-dir is the binary's own to resolve, against the directory it starts in
    /// (moved here from HostileStartTests, whose other tests run in-process: a test's process
    /// cannot change its directory for one run).
    @Test(arguments: ["x", "y/z", "./w/../v"])
    func aRelativeDataDirectoryIsMadeInTheCurrentDirectory(_ relative: String) throws {
        let folder = TemporaryDirectory()
        // The shell changes to the folder first, so the relative path is the binary's own to resolve.
        let result = try runProgram(
            "/bin/sh",
            ["-c", "cd \"$0\" && exec \"$1\" --simulate --speech transcript --data-dir \"$2\"", folder.path, Binary.path, relative],
            input: Data("quit\n".utf8))
        #expect(result.status == 0, "\(result.standardError.suffix(2000))")
        #expect(result.lines.first == "answer: Heartline is ready.")
        let made = (folder.path as NSString).appendingPathComponent(relative)
        #expect(FileManager.default.fileExists(atPath: made + "/heartline.sqlite"))
    }
}
