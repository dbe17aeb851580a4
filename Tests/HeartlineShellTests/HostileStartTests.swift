#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// What a user, a script or a damaged system can hand Heartline before its first sentence: typed
/// plans with numbers no workout has, relative data directories, configuration files that are
/// not files or are far too large. Each is answered with a sentence, never a trap or a hang.
@Suite(.timed) struct HostileStartTests {
    /// The configuration steps up to the plan, where a plan is typed.
    static let toThePlan = "configure\nnext\nnext\nnext\nnext\n"

    @Test func plansWithNumbersNoWorkoutHasAreAnsweredNotTrapped() throws {
        let data = TemporaryDirectory()
        let plans = [
            "2 times 153722867280912931 minutes work",
            "9223372036854775807:00 work",
            "2 x 2562047788015216h work",
            "99999999999999999999 times 1 minute work",
            "2 times -5 minutes work",
        ]
        let script = Self.toThePlan + plans.joined(separator: "\n") + "\n4 x 30 s work 30 s rest\nquit\n"
        let result = try runInProcess(["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8))
        #expect(result.status == 0)
        let refused = result.lines.filter { $0 == "answer: Type the plan again, or press Escape to choose from the list." }
        #expect(refused.count == plans.count)
        #expect(result.lines.contains("answer: 4 times 30 seconds work, 30 seconds rest."))
        #expect(result.lines.last == "answer: Goodbye.")
    }

    @Test func aConfigurationFIFOIsRefusedAtOnce() throws {
        let data = TemporaryDirectory()
        let fifo = data.path + "/heartline.conf"
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path + "/data", "--config", fifo], input: Data("quit\n".utf8),
            timeout: 30)
        #expect(result.status == 0)
        #expect(result.lines.contains("answer: The configuration file \(fifo) is not a file, so the defaults stand."))
        #expect(result.lines.contains("answer: Heartline is ready."))
        // Generous: a hang is for ever, a start is a second or two.
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func anEndlessDeviceIsRefusedAndDevNullStandsForNoFile() throws {
        let data = TemporaryDirectory()
        let zero = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/zero"], input: Data("quit\n".utf8),
            timeout: 30)
        #expect(zero.lines.contains("answer: The configuration file /dev/zero is not a file, so the defaults stand."))
        let null = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"], input: Data("quit\n".utf8))
        #expect(null.lines.filter { $0.contains("configuration file") } == [])
        #expect(null.lines.first == "answer: Heartline is ready.")
    }

    @Test func aHugeConfigurationFileIsRefusedWithoutReadingIt() throws {
        let data = TemporaryDirectory()
        let file = data.path + "/heartline.conf"
        let line = String(repeating: "garbage without an equals sign ", count: 3) + "\n"
        try String(repeating: line, count: 20_000_000 / line.utf8.count).write(toFile: file, atomically: false, encoding: .utf8)
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path + "/data", "--config", file], input: Data("quit\n".utf8))
        #expect(
            result.lines.contains("answer: The configuration file \(file) is over 64 kilobytes, so the defaults stand."))
        #expect(result.lines.filter { $0.contains("Configuration file, line") } == [])
    }

    @Test func anEscapeSequenceCutByTheLengthLimitKeepsTheWarningWhole() throws {
        let data = TemporaryDirectory()
        let file = data.path + "/heartline.conf"
        // The control sequence's final byte lies past the 40th character.
        let key = "abc\u{1B}[" + String(repeating: "1;", count: 30) + "mdef"
        try "\(key) = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path + "/data", "--config", file], input: Data("quit\n".utf8))
        #expect(result.lines.contains("answer: Configuration file, line 1: there is no setting called abcdef. The line is ignored."))
    }

    /// `:wait 1e308` and `:wait inf` are a day at most, not for ever: on the binary, which a time
    /// limit can stop if they are not.
    @Test func aHugeWaitEnds() throws {
        let data = TemporaryDirectory()
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(":wait 1e308\n:wait inf\nwhere\n".utf8),
            timeout: 120)
        #expect(result.status == 0)
        #expect(result.lines.last == "answer: You are on Heartline home.")
    }
}
