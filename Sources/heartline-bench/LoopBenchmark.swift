#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineStorage

/// `heartline-bench loop [--seconds N] [--binary PATH] [--only NAME]`
///
/// The longest time Heartline's event loop did not run while a workout records: the built
/// binary in script mode, its strap a fake one on an `att-socket:` (the real GATT client, the
/// real decoder), its speech the real speech-dispatcher (run it under contrib/with-audio.sh),
/// its store real SQLite. The binary measures itself (`HEARTLINE_LOOP_PROBE`): each stretch
/// between waking from poll and polling again is a stall, during which no key, timer, strap
/// notification or speech report can be handled. The runs:
/// - quiet: one notification a second;
/// - speech server stopped: speech-dispatcher SIGSTOPped for 12 s mid-workout;
/// - speech wedged mid-sentence: speech-dispatcher and its output modules SIGSTOPped for 10 s
///   while the answer to the key at 8 s speaks (the log's loss reason says whether it had begun);
/// - plans folder on a terminal: Heartline on a pseudo-terminal (`script`), whose plans folder
///   holds 50 coach files of about 250 kB and a FIFO named like one; "Plans from files" is
///   asked for, the first plan chosen, the workout started by keys (the read is off the loop on
///   a terminal: its stalls are in "outside recording");
/// - 39,206-phase plan: the workout follows a coach file of 198 blocks of 99 rounds, chosen from
///   the plans folder (the plan's cues and laps each second);
/// - system bus wedged: on a pseudo-terminal, the system bus a socket that takes the connection and
///   never answers (a stopped dbus-daemon); the stick watch opens it at start and "Find headsets"
///   is asked for before the workout (both wait off the loop, bounded);
/// - stick write stalled: on a pseudo-terminal, a board of three workouts and a stick from a
///   udisks2 mock (python3-dbusmock, `--stick-template`) whose second file's partial name is a
///   FIFO: the copy's write waits there while keys are typed, until the stick is pulled out (a
///   transfer holds the stick's screen, so its stalls are in "outside recording");
/// - slow disk: every fsync and fdatasync held 0.5 s by strace's fault injection;
/// - strap flood: 1000 notifications a second;
/// - unbounded flood: from 3 s to 3 s before the end, a thread sends notifications as fast as
///   the socket takes them (no limit but the binary's reading).
enum LoopBenchmark {
    struct Scenario {
        let name: String
        var notificationsPerTick = 0
        /// speech-dispatcher SIGSTOPped from `at` seconds after the start for `seconds`, with
        /// its output modules too when `modules` (a stopped server alone lets its module finish
        /// the sentence).
        var speechStopped: (at: Double, seconds: Double, modules: Bool)?
        var slowDisk = false
        var unbounded = false
        var longPlan = false
        var plansFolder = false
        var bus: Bus?

        enum Bus { case silent, stalledStick }

        /// Run on a pseudo-terminal of its own, its keys typed as a person types them.
        var onTerminal: Bool { plansFolder || bus != nil }
    }

    static let scenarios = [
        Scenario(name: "quiet"),
        Scenario(name: "speech server stopped", speechStopped: (at: 5, seconds: 12, modules: false)),
        Scenario(name: "slow disk", slowDisk: true),
        Scenario(name: "strap flood", notificationsPerTick: 10),
        Scenario(name: "unbounded flood", unbounded: true),
        // The key at 8 s of the workout comes about 8.5 s after the start; its answer takes
        // about 2 s to say.
        Scenario(name: "speech wedged mid-sentence", speechStopped: (at: 9, seconds: 10, modules: true)),
        Scenario(name: "39,206-phase plan", longPlan: true),
        Scenario(name: "plans folder on a terminal", plansFolder: true),
        Scenario(name: "system bus wedged", bus: .silent),
        Scenario(name: "stick write stalled", bus: .stalledStick),
    ]

    static func run(_ arguments: [String]) throws {
        var seconds = 30
        var binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "heartline"
        ).path
        var only: String?
        // The udisks2 mock's template, from the package's root.
        var stickTemplate = "Tests/Fixtures/stick/udisks2.py"
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw StorageBenchmark.BenchmarkError("\(option) needs a value") }
            switch option {
            case "--seconds": seconds = Int(value) ?? seconds
            case "--binary": binary = value
            case "--only": only = value
            case "--stick-template": stickTemplate = value
            default:
                throw StorageBenchmark.BenchmarkError(
                    "unknown option \(option); use --seconds N, --binary PATH, --only NAME, --stick-template PATH")
            }
        }
        print("heartline-bench loop: \(binary), a \(seconds)-second workout per run, speech auto, strap on att-socket")
        print(StorageBenchmark.machineDescription())
        print(
            "stall = time from the loop waking from poll to polling again, measured by the binary (ContinuousClock) while the workout records; target: none over 50 ms"
        )
        for scenario in scenarios where only == nil || scenario.name == only {
            let report = try measure(scenario, seconds: seconds, binary: binary, stickTemplate: stickTemplate)
            print("\(scenario.name): \(report)")
        }
    }

    static func measure(_ scenario: Scenario, seconds: Int, binary: String, stickTemplate: String) throws -> String {
        let directory =
            NSTemporaryDirectory() + "heartline-bench-loop-\(getpid())-\(scenario.name.replacingOccurrences(of: " ", with: "-"))"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let loop = try EventLoop()
        let strap = FakeStrap()
        let peer = try FakeStrapPeer(strap: strap, path: directory + "/strap.sock", loop: loop)
        defer { peer.close() }

        let process = Process()
        var arguments = [
            binary, "--sensor", "att-socket:" + peer.path, "--speech", "auto", "--data-dir", directory + "/data", "--log",
            directory + "/log",
        ]
        if scenario.longPlan {
            try writeLongPlan(in: directory + "/plans")
            arguments += ["--plans", directory + "/plans"]
        }
        if scenario.plansFolder {
            _ = try PlansBenchmark.makeFolder(directory + "/plans", files: 50, steps: 2300)
            guard mkfifo(directory + "/plans/a trap.zwo", 0o600) == 0 else { throw StorageBenchmark.BenchmarkError("mkfifo failed") }
            arguments += ["--plans", directory + "/plans"]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["HEARTLINE_LOOP_PROBE"] = directory + "/probe"
        // With HEARTLINE_BENCH_SHOW_LOG, Heartline's log is printed, and on a terminal what it
        // showed (with captions) is kept in /tmp/heartline-bench-typescript.
        let showLog = environment["HEARTLINE_BENCH_SHOW_LOG"] != nil
        var silentBus: OutsideBus.Silent?
        var udisks: OutsideBus.UDisks?
        let stick = directory + "/stick"
        var stalledWrite = ""
        switch scenario.bus {
        case .silent?:
            silentBus = try OutsideBus.Silent(path: directory + "/bus")
            environment["HEARTLINE_DBUS_ADDRESS"] = silentBus?.address
        case .stalledStick?:
            // Three workouts on the board; the second one's partial name on the stick is a FIFO,
            // so its write waits there, mid-copy, until the benchmark reads it.
            _ = try runBinary(binary, ["generate", "--days", "3", "--data-dir", directory + "/data", "--seed", "5"])
            let exported = try runBinary(
                binary, ["export", "--format", "fit", "--all", "--output", directory + "/export", "--data-dir", directory + "/data"])
            let names = exported.map { ($0 as NSString).lastPathComponent }.sorted()
            guard names.count >= 2 else { throw StorageBenchmark.BenchmarkError("the generated board has \(names.count) workouts") }
            try FileManager.default.createDirectory(atPath: stick + "/heartline", withIntermediateDirectories: true)
            stalledWrite = stick + "/heartline/.heartline-partial-" + names[1]
            guard mkfifo(stalledWrite, 0o600) == 0 else { throw StorageBenchmark.BenchmarkError("mkfifo failed") }
            udisks = try OutsideBus.UDisks(template: stickTemplate)
            environment["HEARTLINE_DBUS_ADDRESS"] = udisks?.address
        case nil: break
        }
        defer { withExtendedLifetime(silentBus) {} }
        if scenario.onTerminal {
            // A terminal of its own: script(1) gives it a pseudo-terminal and passes the keys on.
            let typescript = showLog ? "/tmp/heartline-bench-typescript" : "/dev/null"
            if showLog { arguments.append("--captions") }
            arguments = ["script", "-qfec", arguments.map(shellQuoted).joined(separator: " "), typescript]
        }
        if scenario.slowDisk {
            arguments =
                ["strace", "-f", "-o", "/dev/null", "-e", "trace=fsync,fdatasync", "-e", "inject=fsync,fdatasync:delay_enter=500000"]
                + arguments
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let started = ContinuousClock.now
        if scenario.onTerminal {
            // Keys as typed: a digit on a menu acts at once; the workout ends by its keys (e asks,
            // y answers, 1 saves).
            let before: [(Double, String)]
            switch scenario.bus {
            case .silent?:
                // A headset search on the wedged bus (answered once its bound has passed), a key
                // while it waits, then home and the workout.
                before = [
                    (2, "settings\r"), (3, "headset\r"), (4, "find headsets\r"), (5, "where\r"), (6, "back\r"), (7, "back\r"),
                    (8, "configure\r"), (9, "next\r"), (10, "start workout\r"),
                ]
            case .stalledStick?:
                // The stick comes at 2 s; its second item copies the workouts, whose second write
                // waits on the FIFO. Keys are typed while it waits (a transfer holds the stick's
                // screen until it ends); at 10 s the stick is pulled out and the stalled write
                // read to its end, then the workout.
                loop.after(2) { try? udisks?.plugIn(stick) }
                loop.after(10) {
                    try? udisks?.pullOut()
                    drain(stalledWrite, within: 10)
                }
                before = [(4, "2"), (6, "where\r"), (8, "where\r"), (13, "configure\r"), (14, "next\r"), (15, "start workout\r")]
            case nil:
                before = [
                    (2, "configure\r"), (3, "next\r"), (4, "next\r"), (5, "next\r"), (6, "next\r"), (7, "4"), (12, "1"),
                    (14, "start workout\r"),
                ]
            }
            let workoutStarts = before.last!.0
            let after: [(Double, String)] = [
                (workoutStarts + Double(seconds), "e"), (workoutStarts + Double(seconds + 1), "y"),
                (workoutStarts + Double(seconds + 3), "1"), (workoutStarts + Double(seconds + 7), "quit\r"),
            ]
            for (time, key) in before + after {
                loop.after(time) { input.fileHandleForWriting.write(Data(key.utf8)) }
            }
        } else {
            // Keys at 8 s and 12 s of the workout: with the server stopped from 5 s to 17 s, their
            // answers need speech while it does not answer.
            // With the long plan: its step (the fifth screen), "Plans from files", the first file.
            let configure = scenario.longPlan ? "configure\nnext\nnext\nnext\nnext\n4\n1\n" : "configure\nnext\n"
            let script =
                configure + "start workout\n:wait 8\nheart rate\n:wait 4\ntime\n:wait \(max(1, seconds - 12))\nend\nyes\nsave\n"
            input.fileHandleForWriting.write(Data(script.utf8))
            // End of input after "save": Heartline leaves once the script is done.
            try? input.fileHandleForWriting.close()
        }

        // One notification a second, or a flood every 10 ms.
        var second = 0
        let tick = scenario.notificationsPerTick > 0 ? 0.01 : 1.0
        var beat: (() -> Void)?
        beat = {
            second += 1
            let count = max(1, scenario.notificationsPerTick)
            for index in 0..<count {
                let rate = UInt8(120 + (second + index) % 40)
                peer.send(FakeStrap.measurementNotification([0x10, rate, 0x00, 0x02]))
            }
            loop.after(tick) { beat?() }
        }
        loop.after(1) { beat?() }
        var flood: Flood?
        if scenario.unbounded {
            loop.after(3) { flood = peer.flood(FakeStrap.measurementNotification([0x06, 150])) }
            loop.after(Double(max(4, seconds - 3))) { flood?.stop() }
        }
        var stopped: [pid_t] = []
        if let stop = scenario.speechStopped {
            loop.after(stop.at) {
                guard let pid = speechDispatcherPID() else { return }
                stopped = [pid] + (stop.modules ? children(of: pid) : [])
                for member in stopped { kill(member, SIGSTOP) }
                loop.after(stop.seconds) {
                    for member in stopped { kill(member, SIGCONT) }
                    stopped = []
                }
            }
        }
        let deadline = started.advanced(by: .seconds(seconds + 60))
        while process.isRunning, ContinuousClock.now < deadline {
            loop.turn(maximumWait: 0.05)
        }
        for member in stopped { kill(member, SIGCONT) }
        flood?.stop()
        let flooded = flood.map { "; \($0.sent) notifications sent in the flood" } ?? ""
        beat = nil
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            if showLog { print((try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? "") }
            return "did not finish within \(seconds + 60) s"
        }
        let probe = (try? String(contentsOfFile: directory + "/probe", encoding: .utf8)) ?? ""
        var values: [String: String] = [:]
        for line in probe.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        guard let longest = values["longest_ms"] else { return "no probe report (exit status \(process.terminationStatus))" }
        let log = (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? ""
        if showLog { print(log) }
        let reason = log.split(separator: "\n").lazy.compactMap { line in
            line.range(of: "speech-dispatcher lost: ").map { String(line[$0.upperBound...]) }
        }.first
        // The plan the workout followed, from the saved workout.
        var followed = ""
        if scenario.longPlan || scenario.plansFolder {
            let saved = try? SQLiteStore(directory: directory + "/data").workout(1)
            followed =
                "; the saved workout's plan: \(saved?.configuration.plan?.phases.count ?? 0) phases, \(saved?.duration ?? 0) s recorded"
        }
        if scenario.bus != nil {
            let store = try? SQLiteStore(directory: directory + "/data")
            let newest = try? store?.savedWorkouts(offset: 0, limit: 1).first
            let count = (try? store?.savedWorkoutCount()) ?? 0
            followed = "; workouts saved: \(count), the newest \(newest?.duration ?? 0) s recorded"
        }
        if scenario.bus == .stalledStick {
            let copied = (try? FileManager.default.contentsOfDirectory(atPath: stick + "/heartline")) ?? []
            followed += "; workouts on the stick: \(copied.filter { !$0.hasPrefix(".") }.count)"
        }
        let lost = reason.map { "; speech-dispatcher lost (\($0)) and " + (log.contains("answers again") ? "back" : "not back") } ?? ""
        return
            "longest stall \(longest) ms (processor time at most \(values["longest_processor_ms"] ?? "?") ms); stalls over 50 ms: \(values["over_50ms"] ?? "?"), over 10 ms: \(values["over_10ms"] ?? "?"), of \(values["turns"] ?? "?") turns while recording; outside recording (the start, the save and what came before) \(values["outside_longest_ms"] ?? "?") ms\(lost)\(flooded)\(followed)"
    }

    /// A coach file of 198 blocks of 99 rounds between a warm-up and a cool-down: 200 parts, the
    /// most a plan holds, and 39,206 phases.
    static func writeLongPlan(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let blocks = (0..<198).map { index in
            "<IntervalsT Repeat=\"99\" OnDuration=\"\(5 + index % 7)\" OffDuration=\"\(10 + index % 3)\" OnPower=\"1.0\" OffPower=\"0.5\"/>"
        }.joined()
        let text =
            "<workout_file><author>Coach</author><name>Long ladder</name><sportType>bike</sportType><workout>"
            + "<SteadyState Duration=\"5\" Power=\"0.5\"/>\(blocks)<SteadyState Duration=\"60\" Power=\"0.5\"/></workout></workout_file>"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/long ladder.zwo"))
    }

    /// Runs `binary` with `arguments` to its end: its standard output's lines.
    static func runBinary(_ binary: String, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StorageBenchmark.BenchmarkError("heartline \(arguments.first ?? "") exited with \(process.terminationStatus)")
        }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Reads the FIFO at `path` until its writer closes it, or for `seconds` at most: a write
    /// waiting on it goes on and ends.
    static func drain(_ path: String, within seconds: Double) {
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard reader >= 0 else { return }
        defer { close(reader) }
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        var chunk = [UInt8](repeating: 0, count: 65536)
        var heard = false
        while ContinuousClock.now < deadline {
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count > 0 { heard = true }
            // 0 before the writer's bytes is a writer not yet in its open: wait for it.
            if count == 0, heard { return }
            if count <= 0 {
                var ready = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, 100)
            }
        }
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The processes whose parent is `pid` (speech-dispatcher's output modules).
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let child = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.range(of: ")", options: .backwards)
            else { return nil }
            let fields = stat[close.upperBound...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    /// The pid of the speech-dispatcher serving this user ($XDG_RUNTIME_DIR's pid file).
    static func speechDispatcherPID() -> pid_t? {
        guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] else { return nil }
        let text = (try? String(contentsOfFile: runtime + "/speech-dispatcher/pid/speech-dispatcher.pid", encoding: .utf8)) ?? ""
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
