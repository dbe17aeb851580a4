import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The built binary under libfaketime with the wall clock stepped during a workout: a board with
/// no real-time clock meeting the network. Workout time comes from the monotonic clock, so the
/// total and the samples match the real seconds; the start label follows the corrected wall clock.
@Suite(.timed, .serialized) struct WallClockStepTests {
    static let library = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1", "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"]
        .first { FileManager.default.fileExists(atPath: $0) }

    @Test func aDayForwardAndAnHourBackDuringAWorkoutChangeNeitherItsTimeNorItsSamples() throws {
        let library = try #require(Self.library, "libfaketime is missing: contrib/setup.sh --test installs it")
        let data = TemporaryDirectory()
        let output = TemporaryDirectory()
        let offsetFile = data.path + "/faketime"
        try "+0\n".write(toFile: offsetFile, atomically: true, encoding: .utf8)
        // Real time (no --simulate), with the simulated strap beating once a real second.
        let script = "configure\nnext\nstart workout\n:wait 8\nend\nyes\nsave\n"
        let stepper = Thread {
            // Real time: the wall clock steps 2.5 s and then 5.5 s into the workout.
            usleep(2_500_000)
            try? "+1d\n".write(toFile: offsetFile, atomically: true, encoding: .utf8)
            usleep(3_000_000)
            try? "+23h\n".write(toFile: offsetFile, atomically: true, encoding: .utf8)
        }
        stepper.start()
        let began = Date()
        // Through a shell that has libfaketime loaded too: started straight from this process,
        // the preloaded binary was seen to lose its command line (Debian 12, libfaketime 0.9.10).
        let result = try runProgram(
            "/bin/sh",
            ["-c", "exec \"$0\" \"$@\"", Binary.path, "--simulate-unless-paired", "--speech", "transcript", "--data-dir", data.path],
            input: Data(script.utf8),
            environment: [
                "LD_PRELOAD": library,
                "FAKETIME_TIMESTAMP_FILE": offsetFile,
                "FAKETIME_NO_CACHE": "1",
                // Without it libfaketime fakes the monotonic clocks too, and this proves nothing.
                "FAKETIME_DONT_FAKE_MONOTONIC": "1",
            ])
        let real = Date().timeIntervalSince(began)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.lines.contains("answer: Workout saved."), "\(result.standardOutput)\n\(result.standardError)")
        let totals = result.lines.filter { $0.hasPrefix("menu: Time elapsed, ") }
        #expect(totals.count == 1, "\(result.standardOutput)")
        let seconds = totals.first.flatMap { line in
            Int(line.dropFirst("menu: Time elapsed, ".count).prefix { $0.isNumber })
        }
        #expect(seconds.map { (7...9).contains($0) } == true, "\(totals), \(real) s really passed")
        // The simulated strap's readings on the real clock reached the workout (the terminal tests
        // ask for a heart rate without waiting for the first one).
        #expect(result.lines.contains { $0.hasPrefix("menu: Average heart rate, ") }, "\(result.standardOutput)")
        #expect(result.standardError.contains("start label corrected"), "\(result.standardError)")

        // The stored samples: one a second, as many as the seconds that passed.
        let csv = try runHeartline(
            ["export", "--format=csv", "--id", "1", "--output", output.path, "--data-dir", data.path], input: Data())
        #expect(csv.status == 0, "\(csv.standardError)")
        let path = try #require(csv.lines.first)
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect((7...9).contains(rows.count), "\(rows.count) samples")

        // The start label: the wall clock as corrected, 23 hours on, less the workout's length.
        let store = try SQLiteStore(directory: data.path)
        let workout = try #require(try store.workout(1))
        let expected = began.addingTimeInterval(23 * 3600)
        #expect(abs(workout.start.timeIntervalSince(expected)) < 5, "start \(workout.start), expected about \(expected)")
    }
}
