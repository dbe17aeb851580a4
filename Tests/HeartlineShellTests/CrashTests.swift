#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The built binary killed with SIGKILL at random moments of scripted, simulated workouts: every
/// sample older than the loss window survives and the database is sound.
///
/// 50 rounds run with the suite. For a stress run of 500 or more (about a minute per 500 here):
///
///     HEARTLINE_CRASH_ROUNDS=500 swift test --filter CrashTests
///
/// or contrib/crash-stress.sh. HEARTLINE_CRASH_SEED picks another sequence of rounds; a failure
/// names its round and seed so it can be run again alone.
@Suite(.timed, .tags(.threads)) struct CrashTests {
    /// Samples wait in memory at most this long on the simulated clock (SQLiteStore.batchInterval).
    static let lossWindow = Int(SQLiteStore.batchInterval)
    static let environment = ProcessInfo.processInfo.environment
    static let rounds = Int(environment["HEARTLINE_CRASH_ROUNDS"] ?? "") ?? 50
    static let seed = UInt64(environment["HEARTLINE_CRASH_SEED"] ?? "") ?? 20_261_129
    /// Stick transfer rounds: 5 with the suite; contrib/crash-stress.sh runs CI's 100 and 500
    /// with --long (BENCHMARKS.md, "Crash stress: rounds to detection").
    static let stickRounds = Int(environment["HEARTLINE_STICK_CRASH_ROUNDS"] ?? "") ?? 5

    /// Where in its life the workout is when the kill comes.
    enum Moment: CaseIterable {
        /// Recording, the binary idle after answering "time": the position is exact.
        case afterAnAnswer
        /// Recording, in the middle of simulating seconds (and perhaps of a commit).
        case whileTimePasses
        /// Paused: the pause itself made everything durable.
        case whilePaused
        /// Ended, on the summary screen.
        case onTheSummary
        /// Saved and back home.
        case afterSaving
        /// Recording, then killed again while the next start recovers the directory (it packs
        /// the chunks the first kill left).
        case duringTheNextStart
    }

    @Test func killedAtRandomMomentsNoWorkoutIsLost() throws {
        let reference = try Self.referenceSamples(seconds: 400)
        var random = TestRandom(seed: Self.seed)
        for round in 1...Self.rounds {
            let moment = Moment.allCases[Int(random.next(upTo: UInt64(Moment.allCases.count)))]
            let steps = 2 + Int(random.next(upTo: 30))
            try Self.crashRound(round, moment: moment, steps: steps, random: &random, reference: reference)
        }
    }

    /// A USB stick's transfer (the board's workouts copied to it, its plans read onto the board)
    /// killed at random on a terminal, on a fresh stick each round: nothing partial is left
    /// under a real name on either side, the stick's marker lists only files copied whole, and
    /// the next plug-in copies the rest, whole. `stickRounds` rounds; how many were cut
    /// mid-transfer is printed.
    @Test func killedDuringAStickTransferNothingIsLeftPartial() throws {
        var random = TestRandom(seed: Self.seed)
        let bus = try StickTests.MockUDisks()
        let data = try StickTests.board()
        let workouts = try Self.exportedFIT(data)
        let plan = try Data(contentsOf: URL(fileURLWithPath: StickTests.coachPlan))
        // Each its own plan: up to 240 kB of spaces after the coach's own, so that each takes a while.
        let plans = Dictionary(uniqueKeysWithValues: (1...6).map { ("plan-\($0).zwo", plan + Data(repeating: 32, count: $0 * 40_000)) })
        let arguments = StickTests.arguments(data)
        let environment = ["HEARTLINE_DBUS_ADDRESS": bus.address]
        let rounds = max(1, Self.stickRounds)
        var cut = 0
        for round in 1...rounds {
            let label = "stick round \(round) of seed \(Self.seed)"
            let stick = TemporaryDirectory()
            for (name, bytes) in plans { try bytes.write(to: URL(fileURLWithPath: stick.path + "/" + name)) }
            try? FileManager.default.removeItem(atPath: data.path + "/plans")
            let killed = try PseudoTerminal(arguments: arguments, environment: environment)
            try #require(killed.waitFor("menu: 5, Resting check.", after: 0, timeout: 20), "\(label): no home")
            var mark = killed.mark
            try bus.plugIn(stick.path)
            try #require(killed.waitFor("menu: 4, Unmount the stick.", after: mark, timeout: 20), "\(label): no offer")
            mark = killed.mark
            killed.type("1")
            try #require(killed.waitFor("answer: Working on the stick.", after: mark, timeout: 20), "\(label): no transfer")
            // Real time: the kill lands at a random moment of the transfer (about 0.1 s here).
            usleep(useconds_t(random.next(upTo: 150_000)))
            Glibc.kill(killed.process.processIdentifier, SIGKILL)
            #expect(killed.waitForExit() != nil, "\(label): not ended")
            try bus.pullOut()
            Self.expectWhole(stick: stick.path, workouts: workouts, board: data.path + "/plans", plans: plans, label)
            if StickTests.copied(stick.path).count < workouts.count || Self.placedPlans(data.path + "/plans").count < plans.count {
                cut += 1
            }

            // Plugged in again and left alone: everything is there, whole.
            let again = try PseudoTerminal(arguments: arguments, environment: environment)
            #expect(again.waitFor("menu: 5, Resting check.", after: 0, timeout: 20), "\(label): no home again")
            let said = try StickTests.plugInAndChoose("1", stick.path, bus, on: again)
            Self.expectWhole(stick: stick.path, workouts: workouts, board: data.path + "/plans", plans: plans, label + ", again")
            #expect(StickTests.copied(stick.path) == workouts.keys.sorted(), "\(label): \(said)")
            #expect(Set(StickTests.marker(stick.path)) == Set(workouts.keys), "\(label)")
            #expect(Self.placedPlans(data.path + "/plans") == plans.keys.sorted(), "\(label): \(said)")
            again.type("quit\r")
            #expect(again.waitForExit() == 0, "\(label)")
        }
        print("stick-crash: \(rounds) rounds, \(cut) cut mid-transfer, none left a partial file under a real name")
    }

    /// The plan files placed on the board, by name (not the hidden one a plan is written under).
    static func placedPlans(_ folder: String) -> [String] {
        (((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }).sorted()
    }

    /// The FIT files the board's workouts make, by name.
    static func exportedFIT(_ data: TemporaryDirectory) throws -> [String: Data] {
        let output = TemporaryDirectory()
        let exported = try runInProcess(
            ["export", "--format", "fit", "--all", "--output", output.path, "--data-dir", data.path], input: Data())
        var files: [String: Data] = [:]
        for path in exported.lines { files[(path as NSString).lastPathComponent] = try Data(contentsOf: URL(fileURLWithPath: path)) }
        return files
    }

    /// Every file under a real name is whole: on the stick each workout the marker lists and each
    /// it holds has the export's bytes; on the board each plan has the stick's bytes.
    static func expectWhole(stick: String, workouts: [String: Data], board: String, plans: [String: Data], _ label: String) {
        for name in StickTests.copied(stick) {
            #expect(FileManager.default.contents(atPath: stick + "/heartline/" + name) == workouts[name], "\(label): \(name) on the stick")
        }
        for name in StickTests.marker(stick) {
            #expect(FileManager.default.contents(atPath: stick + "/heartline/" + name) == workouts[name], "\(label): \(name) listed")
        }
        for name in placedPlans(board) {
            #expect(FileManager.default.contents(atPath: board + "/" + name) == plans[name], "\(label): \(name) on the board")
        }
    }

    /// "Upload and save workout", killed a few milliseconds after "Workout saved.": the upload
    /// is owed in the database all the same (queued in the save's own transaction), and the
    /// next start with a key sends it. A fifth as many rounds as the strap's (contrib/crash-stress.sh
    /// runs more); only the first starts again with a key.
    @Test func killedJustAfterSavingForUploadTheUploadIsStillOwed() throws {
        var random = TestRandom(seed: Self.seed)
        let server = try UploadServer(key: UploadTerminalTests.key)
        for round in 1...max(1, Self.rounds / 5) {
            let label = "round \(round) of seed \(Self.seed)"
            let setup = try UploadTerminalTests.Setup(url: server.baseURL)
            // No key yet: nothing can go before the kill, so only the queue keeps the upload.
            unlink(setup.keyFile)
            let arguments = ["--simulate", "--speech", "transcript", "--data-dir", setup.data, "--config", setup.configuration]
            let heartline = try LiveHeartline(arguments)
            defer { heartline.kill() }
            heartline.send("configure", "next", "start workout", ":wait 20", "end", "yes", "upload")
            try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(label): not saved")
            // Real time: the kill lands at a random moment of the upload.
            usleep(useconds_t(random.next(upTo: 3_000)))
            heartline.kill()
            #expect(heartline.waitForExit() == SIGKILL, "\(label): not killed")
            #expect(try UploadQueue(directory: setup.data).count() == 1, "\(label): the upload is not owed")
            guard round == 1 else { continue }
            // With the key in place, the next start sends what was owed.
            try (UploadTerminalTests.key + "\n").write(toFile: setup.keyFile, atomically: true, encoding: .utf8)
            chmod(setup.keyFile, 0o600)
            let next = try LiveHeartline(arguments)
            defer { next.kill() }
            #expect(next.waitForLine(UploadTerminalTests.waitingDone, timeout: 30) != nil, "\(label): \(next.transcript.suffix(5))")
            #expect(server.receivedFiles.count == 1 && server.requests.last?.problem == nil, "\(label)")
            #expect(try UploadQueue(directory: setup.data).count() == 0, "\(label)")
        }
    }

    /// One round: start a workout, let time pass in random steps, kill, then check the directory.
    static func crashRound(
        _ round: Int, moment: Moment, steps: Int, random: inout TestRandom, reference: [Sample]
    ) throws {
        let label = "round \(round) of seed \(seed), \(moment), \(steps) steps"
        let data = TemporaryDirectory()
        let heartline = try LiveHeartline(["--simulate", "--speech", "transcript", "--data-dir", data.path])
        defer { heartline.kill() }
        heartline.send("configure", "next", "start workout")
        try #require(heartline.waitForLine("answer: Workout started.") != nil, "\(label): no start")

        var elapsed = 0
        for _ in 0..<steps {
            let seconds = 1 + Int(random.next(upTo: 8))
            heartline.send(":wait \(seconds)", "time")
            try #require(heartline.waitForLine(prefix: "answer: Time elapsed") != nil, "\(label): no answer")
            elapsed += seconds
        }
        // When the kill comes, the workout has at least `elapsed` seconds; `complete` when
        // nothing may be missing at all.
        var complete = false
        var state = WorkoutState.recording
        switch moment {
        case .afterAnAnswer, .duringTheNextStart:
            break
        case .whileTimePasses:
            // Minutes of simulated time take milliseconds: the kill lands among its commits.
            heartline.send(":wait \(1 + random.next(upTo: 300))", "time")
            // Real time: the kill lands at a random moment among the commits.
            usleep(useconds_t(random.next(upTo: 20_000)))
        case .whilePaused:
            heartline.send("pause or resume")
            try #require(heartline.waitForLine("answer: Workout paused.") != nil, "\(label): no pause")
            heartline.send(":wait 30")
            complete = true
        case .onTheSummary:
            heartline.send("end", "yes")
            try #require(heartline.waitForLine(prefix: "menu: Time elapsed") != nil, "\(label): no summary")
            complete = true
            state = .ended
        case .afterSaving:
            heartline.send("end", "yes", "save")
            try #require(heartline.waitForLine("answer: Workout saved.") != nil, "\(label): not saved")
            complete = true
            state = .saved
        }
        heartline.kill()
        #expect(heartline.waitForExit() == SIGKILL, "\(label): not killed")
        if moment == .duringTheNextStart {
            let next = try LiveHeartline(["--simulate", "--speech", "transcript", "--data-dir", data.path])
            // Real time: the kill lands at a random moment of the next start.
            usleep(useconds_t(random.next(upTo: 60_000)))
            next.kill()
            #expect(next.waitForExit() != nil, "\(label): the next start did not end")
        }

        let store = try SQLiteStore(directory: data.path)
        #expect(store.recoveredFromCorruption == nil, "\(label): the database was moved aside")
        #expect(try store.integrityCheck() == ["ok"], "\(label)")
        let workouts = try store.unfinishedWorkouts() + store.savedWorkouts(offset: 0, limit: 10)
        try #require(workouts.count == 1, "\(label): \(workouts.count) workouts")
        let workout = workouts[0]
        #expect(workout.state == state, "\(label)")
        let samples = try store.samples(of: workout.id)
        // In order, one per active second, none twice: exactly the simulated strap's readings.
        #expect(samples.map(\.elapsed) == Array(0..<samples.count).map { $0 + 1 }, "\(label): out of order")
        #expect(samples == Array(reference.prefix(samples.count)), "\(label): samples differ from the strap's")
        if complete {
            #expect(samples.count == elapsed, "\(label): \(samples.count) of \(elapsed) samples")
            #expect(workout.duration == elapsed, "\(label)")
        } else {
            #expect(samples.count >= elapsed - lossWindow, "\(label): \(samples.count) samples after \(elapsed) seconds")
        }
    }

    /// The strap's samples of an uninterrupted workout: every round's must be a prefix of them.
    static func referenceSamples(seconds: Int) throws -> [Sample] {
        let data = TemporaryDirectory()
        let script = "configure\nnext\nstart workout\n:wait \(seconds)\nend\nyes\nsave\n"
        let result = try runHeartline(["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8))
        #expect(result.status == 0)
        let store = try SQLiteStore(directory: data.path)
        let id = try #require(try store.savedWorkouts(offset: 0, limit: 1).first?.id)
        let samples = try store.samples(of: id)
        #expect(samples.count == seconds)
        return samples
    }
}

/// SplitMix64, so a seed names a sequence of rounds on every machine.
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(upTo bound: UInt64) -> UInt64 { next() % bound }
}

/// The built binary in script mode with its standard input kept open: the test feeds lines,
/// reads the transcript as it comes, and signals or kills the process when it likes.
final class LiveHeartline: ScriptedRun, @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    let reader: TranscriptReader
    /// Signalled once, when the process has ended.
    private let exited = DispatchSemaphore(value: 0)
    private var hasExited = false

    /// Starts the binary with `arguments`; with a `wrapper` (strace, prlimit and their
    /// options), that program runs the binary.
    init(_ arguments: [String], through wrapper: [String] = [], environment: [String: String] = [:]) throws {
        // Writing to a process that was just killed must not kill the test runner.
        Glibc.signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: wrapper.first ?? Binary.path)
        process.arguments = wrapper.isEmpty ? arguments : Array(wrapper.dropFirst()) + [Binary.path] + arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        reader = TranscriptReader(output.fileHandleForReading.fileDescriptor)
        // Standard error is drained so the process never blocks on it.
        let errorHandle = errors.fileHandleForReading
        Thread { while !errorHandle.availableData.isEmpty {} }.start()
    }

    var inputDescriptor: Int32 { input.fileHandleForWriting.fileDescriptor }

    func send(signal number: Int32) {
        Glibc.kill(process.processIdentifier, number)
    }

    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Closes standard input: end of input, as a script's end.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The exit status, or the signal number when a signal ended the process; nil on timeout.
    func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        // On the process's end itself, not on naps between looks at it; then on the end of its
        // output, so that its last lines are in the transcript.
        let deadline = Date().addingTimeInterval(timeout)
        if !hasExited {
            guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
            hasExited = true
        }
        reader.waitForEnd(until: deadline)
        return process.terminationStatus
    }

    /// Whether the process ended by a signal rather than by exiting.
    var endedBySignal: Bool { process.terminationReason == .uncaughtSignal }

    deinit {
        kill()
        try? input.fileHandleForWriting.close()
    }
}
