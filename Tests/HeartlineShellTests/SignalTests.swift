#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// SIGINT, SIGTERM and SIGHUP (Control-C, a system shutdown, a closed terminal) keep the workout
/// as unfinished, with every sample, and Heartline exits with status 0: it stopped cleanly and
/// nothing was lost, so there is nothing for a caller to treat as a failure.
@Suite(.timed, .tags(.threads)) struct SignalTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalKeepsTheWorkoutAsUnfinished(signal: Int32) throws {
        let data = TemporaryDirectory()
        let heartline = try LiveHeartline(["--simulate", "--speech", "transcript", "--data-dir", data.path])
        heartline.send("configure", "next", "start workout", ":wait 37", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 37 seconds.") != nil)
        heartline.send(signal: signal)
        #expect(heartline.waitForExit(timeout: 10) == 0)
        #expect(!heartline.endedBySignal)

        let store = try SQLiteStore(directory: data.path)
        let unfinished = try store.unfinishedWorkouts()
        try #require(unfinished.count == 1)
        #expect(unfinished[0].state == .recording)
        #expect(unfinished[0].duration == 37)
        let samples = try store.samples(of: unfinished[0].id)
        #expect(samples.map(\.elapsed) == Array(1...37))
        #expect(samples.allSatisfy { $0.heartRate != nil })
        #expect(try store.integrityCheck() == ["ok"])
    }

    /// On the real clock the loop sleeps in poll between seconds; a signal still ends it at once.
    @Test func aSignalDuringARealTimeWaitIsAnsweredAtOnce() throws {
        let data = TemporaryDirectory()
        let heartline = try LiveHeartline(["--speech", "transcript", "--data-dir", data.path])
        heartline.send("configure", "next", "start workout", ":wait 60")
        try #require(heartline.waitForLine("answer: Workout started.") != nil)
        // Real time: two seconds of a workout on the real clock, then the signal, in the loop's wait.
        usleep(2_300_000)
        let sent = Date()
        heartline.send(signal: SIGTERM)
        #expect(heartline.waitForExit(timeout: 10) == 0)
        #expect(Date().timeIntervalSince(sent) < 2)

        let store = try SQLiteStore(directory: data.path)
        let workout = try #require(try store.unfinishedWorkouts().first)
        // No strap: seconds without a heart rate, each kept.
        #expect((2...3).contains(workout.duration))
        #expect(try store.samples(of: workout.id).count == workout.duration)
    }

    /// A bus that takes the connection and never answers (a wedged system bus) while a workout
    /// runs and "Find headsets" waits on it: SIGTERM still ends Heartline at once, the workout
    /// kept as unfinished with its samples.
    @Test func aSignalWhileTheBusIsWedgedEndsAtOnce() throws {
        let data = TemporaryDirectory()
        let bus = try WedgedOutsideTests.SilentSocket(path: data.path + "/bus")
        let heartline = try LiveHeartline(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path + "/data"],
            environment: ["HEARTLINE_DBUS_ADDRESS": bus.busAddress])
        heartline.send("settings", "headset", "find headsets", "home", "configure", "next", "start workout", ":wait 20", "time")
        try #require(heartline.waitForLine("answer: Time elapsed, 20 seconds.") != nil)
        let sent = Date()
        heartline.send(signal: SIGTERM)
        #expect(heartline.waitForExit(timeout: 20) == 0)
        #expect(Date().timeIntervalSince(sent) < 2, "ended \(Date().timeIntervalSince(sent)) s after SIGTERM")
        let store = try SQLiteStore(directory: data.path + "/data")
        let workout = try #require(try store.unfinishedWorkouts().first)
        #expect(workout.duration == 20)
        #expect(try store.samples(of: workout.id).count == 20)
        withExtendedLifetime(bus) {}
    }

    /// Paused, ended or idle, a signal stores what there is and leaves.
    @Test func aSignalOnTheSummaryKeepsTheEndedWorkout() throws {
        let data = TemporaryDirectory()
        let heartline = try LiveHeartline(["--simulate", "--speech", "transcript", "--data-dir", data.path])
        heartline.send("configure", "next", "start workout", ":wait 12", "end", "yes")
        try #require(heartline.waitForLine("menu: Time elapsed, 12 seconds.") != nil)
        heartline.send(signal: SIGHUP)
        #expect(heartline.waitForExit(timeout: 10) == 0)
        let store = try SQLiteStore(directory: data.path)
        let workout = try #require(try store.unfinishedWorkouts().first)
        #expect(workout.state == .ended)
        #expect(try store.samples(of: workout.id).count == 12)
    }

    @Test func aSignalAtHomeJustLeaves() throws {
        let data = TemporaryDirectory()
        let heartline = try LiveHeartline(["--speech", "transcript", "--data-dir", data.path])
        // An answer comes from the running loop, so its signal handling is in place by then.
        heartline.send("where")
        try #require(heartline.waitForLine(prefix: "answer: You are on") != nil)
        heartline.send(signal: SIGINT)
        #expect(heartline.waitForExit(timeout: 10) == 0)
        let store = try SQLiteStore(directory: data.path)
        #expect(try store.unfinishedWorkouts().isEmpty)
    }
}
