import Foundation
import HeartlineTestSupport
import Testing

/// How often a real-time workout wakes the event loop: the strap's reading once a second, and
/// the core's tick, which comes with each reading and otherwise half a second after the last.
@Suite(.timed) struct RealTimeTickTests {
    @Test func aRealTimeWorkoutWakesTheLoopAboutTwiceASecond() throws {
        let data = TemporaryDirectory()
        let probe = data.path + "/probe"
        let seconds = 12
        // Script mode on the real clock, the simulated strap beating once a second; standard
        // input stays open through the wait, as a terminal's does. In-process: the loop, its
        // clock and its timers are the binary's; the probe counts the loop's turns.
        let heartline = try InProcessScript(
            ["--simulate-unless-paired", "--speech", "transcript", "--config", "/dev/null", "--data-dir", data.path],
            environment: ["HEARTLINE_LOOP_PROBE": probe])
        heartline.send("configure", "next", "next", "1 minute", "start workout", ":wait \(seconds)", "end", "yes", "save")
        #expect(heartline.waitForLine("answer: Workout saved.", timeout: Double(seconds) + 30) != nil, "\(heartline.transcript)")
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)
        let report = try String(contentsOfFile: probe, encoding: .utf8)
        let line = report.split(separator: "\n").first { $0.hasPrefix("turns ") }
        let turns = try #require(line.flatMap { Int($0.dropFirst("turns ".count)) }, "\(report)")
        // A reading and a tick half a second later: about 2 a second (3 when the tick kept its
        // own half-second timer beside the strap's beat). Counted turns, not times.
        #expect(turns >= seconds, "\(turns) turns in \(seconds) s")
        #expect(Double(turns) / Double(seconds) < 2.5, "\(turns) turns in \(seconds) s")
    }
}
