import Foundation
import HeartlineTestSupport
import Testing

@testable import HeartlineStorage

/// The store's connection belongs to the storage thread while a real-time workout records: the
/// "check" command, typed again and again while commits run, and the export that follows each
/// save, read through that thread's queue.
/// The debug binary stops when two threads are inside one SQLite connection at once
/// (`ConnectionClaim`); every commit's fsync is held 0.3 s by strace, so that a check typed during
/// a commit is likely, not a matter of luck. The workout must also keep every second.
@Suite(.timed, .tags(.threads)) struct ConfinementTests {
    /// strace holding every commit's fsync 0.3 s.
    static let slowDisk = [
        "/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync,fdatasync",
        "-e", "inject=fsync,fdatasync:delay_enter=300000",
    ]

    @Test(.enabled(if: StorageAttackTests.straceWorks, "strace cannot trace a child process here (ptrace refused)"))
    func checkTypedAgainAndAgainDuringARealTimeWorkoutLosesNoSecond() throws {
        let data = TemporaryDirectory()
        // The simulated strap on the real clock: commits go to the storage thread.
        let heartline = try LiveHeartline(
            ["--simulate-unless-paired", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"],
            through: Self.slowDisk)
        heartline.send("configure", "next", "start workout")
        #expect(heartline.waitForLine("answer: Workout started.") != nil)
        // Three batches of commits, every one of them with checks around it: checks one after
        // the other, each sent once the last is answered, until 13 s of the workout have passed.
        let started = ContinuousClock.now
        var checks = 0
        while started.duration(to: .now) < .seconds(13) {
            heartline.send("check")
            checks += 1
            guard heartline.waitForLine(prefix: "answer: Storage: ") != nil else {
                Issue.record("check was not answered: the binary stopped, or is stuck (\(heartline.waitForExit(timeout: 1) ?? -1))")
                return
            }
        }
        #expect(checks >= 3)
        heartline.send("end", "yes", "save")
        #expect(heartline.waitForLine("answer: Workout saved.") != nil)
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)
        let (workouts, samples) = try DiskFullTruthTests.onDisk(data.path)
        #expect(workouts.count == 1)
        #expect(workouts.first?.state == "saved")
        let duration = workouts.first?.duration ?? 0
        #expect(duration >= 12)
        #expect(samples == duration)
    }

    /// Five real-time workouts saved one after the other with every saved workout exported to
    /// FIT: each export reads the workout (and checks are typed) while the commits of its
    /// recording, its save and the next start are still on the storage thread.
    @Test(.enabled(if: StorageAttackTests.straceWorks, "strace cannot trace a child process here (ptrace refused)"))
    func workoutsSavedAndExportedBackToBackWhileCommitsRunLoseNothing() throws {
        let data = TemporaryDirectory()
        let exports = TemporaryDirectory()
        let heartline = try LiveHeartline(
            ["--simulate-unless-paired", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"],
            through: Self.slowDisk, environment: ["HEARTLINE_EXPORT_DIR": exports.path + "/usb"])
        heartline.send("settings", "export every saved workout", "home")
        // The first answer waits for the start under strace, whose delayed fsyncs create the
        // database: on a loaded machine that took more than the usual 20 s.
        #expect(heartline.waitForLine("answer: Export every saved workout: FIT.", timeout: 90) != nil)
        for _ in 0..<5 {
            heartline.send("configure", "next", "start workout")
            guard heartline.waitForLine("answer: Workout started.") != nil else {
                Issue.record("no start: the binary stopped, or is stuck (\(heartline.waitForExit(timeout: 1) ?? -1))")
                return
            }
            for _ in 0..<3 {
                heartline.send("check")
                #expect(heartline.waitForLine(prefix: "answer: Storage: ") != nil)
                // Real time: the workout records between checks, its samples written under strace.
                usleep(700_000)
            }
            heartline.send("end", "yes", "save")
            #expect(heartline.waitForLine("answer: Workout saved.") != nil)
        }
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)
        let (workouts, samples) = try DiskFullTruthTests.onDisk(data.path)
        #expect(workouts.count == 5 && workouts.allSatisfy { $0.state == "saved" && $0.duration >= 2 })
        #expect(samples == workouts.reduce(0) { $0 + $1.duration })
        let files = try FileManager.default.contentsOfDirectory(atPath: exports.path + "/usb").filter { $0.hasSuffix(".fit") }
        #expect(files.count == 5, "\(files)")
    }
}
