import Foundation
import Testing

@testable import HeartlineStorage

/// The store's connection belongs to the storage thread while a real-time workout records: the
/// "check" command, typed again and again while commits run, reads through that thread's queue.
/// Under ThreadSanitizer (contrib/test.sh runs this suite so) a use of the connection from the
/// loop's thread beside a commit is a reported race; here, the workout must keep every second.
@Suite struct ConfinementTests {
    @Test func checkTypedAgainAndAgainDuringARealTimeWorkoutLosesNoSecond() throws {
        let data = TemporaryDirectory()
        // The simulated strap on the real clock: commits go to the storage thread.
        let heartline = try LiveHeartline([
            "--simulate-unless-paired", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null",
        ])
        heartline.send("configure", "next", "start workout")
        #expect(heartline.waitForLine("answer: Workout started.") != nil)
        // Three batches of commits, every one of them with checks around it.
        for _ in 0..<40 {
            heartline.send("check")
            #expect(heartline.waitForLine(prefix: "answer: Storage: ") != nil)
            usleep(300_000)
        }
        heartline.send("end", "yes", "save")
        #expect(heartline.waitForLine("answer: Workout saved.") != nil)
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)
        let (workouts, samples) = try StorageTruthBinaryTests.onDisk(data.path)
        #expect(workouts.count == 1)
        #expect(workouts.first?.state == "saved")
        let duration = workouts.first?.duration ?? 0
        #expect(duration >= 12)
        #expect(samples == duration)
    }
}
