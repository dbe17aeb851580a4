#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// contrib/with-audio.sh's PulseAudio: its socket is there.
enum PrivateSoundServer {
    static var reachable: Bool {
        let environment = ProcessInfo.processInfo.environment
        let directory = environment["PULSE_RUNTIME_PATH"] ?? environment["XDG_RUNTIME_DIR"].map { $0 + "/pulse" }
        guard let directory else { return false }
        return FileManager.default.fileExists(atPath: directory + "/native")
    }
}

/// The shell in-process on a real pseudo-terminal and a real sound server of its own (a private
/// PulseAudio): a null sink named as PipeWire names a Bluetooth headset's sink stands in for the
/// mock headset's, loaded and unloaded as a headset's sink appears and vanishes. The `pactl
/// subscribe` watch is a child of this process, found by the sound server its environment names.
@Suite(
    .timed,
    .serialized,
    .changesSoundServer,
    .inProcessTerminal,
    .enabled(
        if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/templates/bluez5.py")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/pactl")
            && (ProcessInfo.processInfo.environment["CI"] == "true" || PrivateSoundServer.reachable),
        "needs python3-dbusmock, pactl and contrib/with-audio.sh"))
struct HeadsetSoundTests {
    static let address = "AA:BB:CC:DD:EE:01"
    static let sink = "bluez_output.AA_BB_CC_DD_EE_01.1"
    /// The runtime directory of this suite's own PulseAudio: making a headset's sink the default
    /// and moving streams to it on contrib/with-audio.sh's server would take the speech tests'
    /// sound away from the null sink they record.
    static let runtime = "/tmp/heartline-headset-sound-\(getpid())"
    static let sound = [
        "XDG_RUNTIME_DIR": runtime, "PULSE_RUNTIME_PATH": runtime + "/pulse", "PULSE_SERVER": "unix:" + runtime + "/pulse/native",
    ]

    /// This suite's PulseAudio, with a null sink named null, killed when the value goes.
    final class OwnSoundServer {
        init() throws {
            try? FileManager.default.removeItem(atPath: HeadsetSoundTests.runtime)
            try FileManager.default.createDirectory(
                atPath: HeadsetSoundTests.runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var arguments = [
                "-D", "--exit-idle-time=-1", "-n", "--disallow-exit", "--load=module-null-sink sink_name=null",
                "--load=module-native-protocol-unix auth-anonymous=1",
            ]
            if getuid() == 0 { arguments.append("--system=false") }
            try #require(Self.run(arguments) == 0, "this suite's PulseAudio did not start")
        }

        deinit {
            _ = try? Self.run(["--kill"])
            try? FileManager.default.removeItem(atPath: HeadsetSoundTests.runtime)
        }

        /// Runs pulseaudio with output to /dev/null: the daemon it leaves keeps no pipe of ours.
        private static func run(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pulseaudio")
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(HeadsetSoundTests.sound) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @discardableResult
    static func pactl(_ arguments: [String]) throws -> String {
        let result = try runProgram(
            "/usr/bin/pactl", arguments, input: Data(), environment: sound.merging(["LC_ALL": "C"]) { $1 }, timeout: 20)
        try #require(result.status == 0, "pactl \(arguments.joined(separator: " ")): \(result.standardError)")
        return result.standardOutput
    }

    static func defaultSink() -> String? {
        guard let info = try? pactl(["info"]) else { return nil }
        return info.split(separator: "\n").first { $0.hasPrefix("Default Sink: ") }.map { String($0.dropFirst(14)) }
    }

    /// The name of the sink the stream of the application `name` plays to.
    static func sinkOfStream(_ name: String) -> String? {
        guard let streams = try? pactl(["list", "sink-inputs"]), let sinks = try? pactl(["list", "short", "sinks"]) else { return nil }
        for block in streams.components(separatedBy: "Sink Input #") where block.contains("application.name = \"\(name)\"") {
            guard let line = block.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Sink: ") })
            else { continue }
            let index = line.trimmingCharacters(in: .whitespaces).dropFirst(6)
            return sinks.split(separator: "\n").map { $0.split(separator: "\t") }.first { $0.first == index }.map { String($0[1]) }
        }
        return nil
    }

    /// Waits until the headset's sink is the default and the test's stream plays on it, looking
    /// again each time the run writes its log (it logs each output it makes; an output already
    /// right needs no line).
    static func outputIsTheHeadset(log: String) -> Bool {
        FileWatch.wait(in: (log as NSString).deletingLastPathComponent, timeout: 20) {
            defaultSink() == sink && sinkOfStream(PlayingStream.name) == sink
        }
    }

    /// Waits until the run's log holds `text` `times` times (its own lines say when it moved the
    /// output, saw the sink go, and watches the sound server).
    static func logged(_ text: String, times: Int = 1, in log: String, timeout: Double = 20) -> Bool {
        FileWatch.wait(for: text, times: times, inFile: log, timeout: timeout)
    }

    /// A stream playing silence to `device` for as long as the value lives.
    final class PlayingStream {
        let process = Process()
        static let name = "heartline-test-stream"
        /// pacat's standard error, read to its end while it plays.
        private var output: Pipe?

        init(device: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pacat")
            process.arguments = ["--playback", "--raw", "--device=\(device)", "--client-name=\(Self.name)", "--stream-name=silence"]
            process.environment = ProcessInfo.processInfo.environment.merging(HeadsetSoundTests.sound) { $1 }
            process.arguments?.append("--verbose")
            process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
            process.standardOutput = FileHandle.nullDevice
            let said = Pipe()
            process.standardError = said
            try process.run()
            // pacat says on its standard error when its stream is on the sound server.
            let reader = TranscriptReader(said.fileHandleForReading.fileDescriptor)
            let connected = reader.waitForLine(timeout: 20) { $0.contains("Stream successfully created") }
            #expect(connected != nil, "pacat's stream was not created: \(reader.lines)")
            output = said
        }

        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The mock bluetoothd with the SHOKZ headset on it, found by discovery.
    static func mockWithHeadset() throws -> HeadsetByEarTests.MockBus {
        let bus = try HeadsetByEarTests.MockBus()
        try bus.call("org.bluez", "/", "org.bluez.Mock.AddAdapter", ["hci0", "heartline-test"])
        try bus.call("org.bluez", "/", "org.bluez.Mock.AddDevice", ["hci0", address, "SHOKZ OpenRun"])
        try bus.call(
            "org.bluez", "/org/bluez/hci0/dev_AA_BB_CC_DD_EE_01", "org.freedesktop.DBus.Mock.UpdateProperties",
            ["org.bluez.Device1", "{'Class': <uint32 2360324>, 'UUIDs': <['0000110b-0000-1000-8000-00805f9b34fb']>, 'RSSI': <int16 -55>}"])
        return bus
    }

    /// Pairs and connects the headset from Settings, Headset, as a user does by ear.
    static func pair(_ terminal: InProcessTerminal) {
        var mark = terminal.mark
        terminal.type("settings\r")
        #expect(terminal.waitFor("menu: 8, Power off.", after: mark))
        mark = terminal.mark
        terminal.type("7")
        #expect(terminal.waitFor("menu: 1, Find headsets.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("menu: 1, SHOKZ OpenRun, strong signal.", after: mark, timeout: 30))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: SHOKZ OpenRun is connected. Speech goes to it.", after: mark, timeout: 30))
        terminal.type("home\r")
    }

    @Test func theHeadsetsSinkIsMadeTheOutputAndItsGoingHoldsWhatIsSaidUntilItIsBack() throws {
        let lock = SoundAndBusLock()
        let server = try OwnSoundServer()
        defer { withExtendedLifetime((lock, server)) {} }
        let bus = try Self.mockWithHeadset()
        let module = try Self.pactl(["load-module", "module-null-sink", "sink_name=\(Self.sink)"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var loaded = [module]
        defer {
            for module in loaded { _ = try? Self.pactl(["unload-module", module]) }
            _ = try? Self.pactl(["set-default-sink", "null"])
        }
        try Self.pactl(["set-default-sink", "null"])
        let stream = try PlayingStream(device: "null")
        #expect(Self.sinkOfStream(PlayingStream.name) == "null", "the stream did not start on the null sink")

        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(
            arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path, "--echo", "none"],
            environment: Self.sound.merging(["HEARTLINE_DBUS_ADDRESS": bus.address]) { $1 }, logFile: data.path + "/log")
        #expect(terminal.waitFor("menu: 5, Resting check."))
        Self.pair(terminal)
        let log = data.path + "/log"
        #expect(
            Self.outputIsTheHeadset(log: log),
            "default sink \(Self.defaultSink() ?? "none"), stream on \(Self.sinkOfStream(PlayingStream.name) ?? "none")")
        var mark = terminal.mark
        terminal.type("check\r")
        #expect(terminal.waitFor("sound goes to the headset SHOKZ OpenRun.", after: mark), "\(terminal.screen.suffix(600))")

        // A workout with a phase every 5 seconds; the headset's sink goes as it starts.
        PlanTerminalTests.configureToThePlanStep(terminal)
        // "Type a plan" first: on a terminal the plan's leading digit would choose an item.
        mark = terminal.mark
        terminal.type("2")
        #expect(terminal.waitFor("answer: ", after: mark))
        mark = terminal.mark
        terminal.type("10x5s hard 5s easy\r")
        #expect(terminal.waitFor("menu: Ready to start.", after: mark), "\(terminal.screen.suffix(600))")
        mark = terminal.mark
        terminal.type("start workout\r")
        #expect(terminal.waitFor("Workout started.", after: mark, timeout: 20), "\(terminal.screen.suffix(600))")
        mark = terminal.mark
        let started = mark
        let startedAt = Date()
        try Self.pactl(["unload-module", module])
        loaded = []
        // While the sink is away no phase is said (the first change comes 5 seconds in); the
        // workout records on.
        #expect(Self.logged("the headset's sink went", in: log, timeout: 10), "the sink's going was not seen")
        let beforeTheChange = 6.5 - Date().timeIntervalSince(startedAt)
        // Real time: past the first phase change (5 s in) on the real clock, the sink still away.
        if beforeTheChange > 0 { usleep(UInt32(beforeTheChange * 1_000_000)) }
        let away = terminal.output(after: mark)
        #expect(!away.contains("event: "), "said while the headset's sink was away: \(away)")
        mark = terminal.mark
        let again = try Self.pactl(["load-module", "module-null-sink", "sink_name=\(Self.sink)"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        loaded = [again]
        #expect(terminal.waitFor("answer: SHOKZ OpenRun is back.", after: mark, timeout: 20), "\(terminal.screen.suffix(600))")
        #expect(terminal.waitFor("answer: While the headset was away:", after: mark), "\(terminal.output(after: started))")
        #expect(terminal.waitFor(" ago. ", after: mark))
        let missed = terminal.output(after: mark)
        #expect(missed.contains(" ago. Work, round") || missed.contains(" ago. Rest,"), "\(missed)")
        #expect(
            Self.outputIsTheHeadset(log: log),
            "not moved back: default sink \(Self.defaultSink() ?? "none"), stream on \(Self.sinkOfStream(PlayingStream.name) ?? "none")")

        // The sound server's events stop (pactl subscribe killed, as when the server restarts):
        // the watch is started again, and the sink's next going and return are heard.
        let first = try #require(Self.subscribeChild(), "no pactl subscribe child")
        kill(first, SIGKILL)
        #expect(Self.logged("sound: the sound server is watched", times: 2, in: log), "pactl subscribe was not started again")
        #expect(Self.subscribeChild().map { $0 != first } == true, "pactl subscribe was not started again")
        mark = terminal.mark
        try Self.pactl(["unload-module", again])
        loaded = []
        #expect(Self.logged("the headset's sink went", times: 2, in: log), "the sink's second going was not seen")
        loaded = [
            try Self.pactl(["load-module", "module-null-sink", "sink_name=\(Self.sink)"]).trimmingCharacters(in: .whitespacesAndNewlines)
        ]
        #expect(terminal.waitFor("answer: SHOKZ OpenRun is back.", after: mark, timeout: 20), "\(terminal.output(after: mark))")
        withExtendedLifetime(stream) {}
        // Quit mid-workout (colon opens a typed line): the workout is ended, saved, and Heartline
        // leaves.
        mark = terminal.mark
        terminal.type(":")
        #expect(terminal.waitFor("Type a command", after: mark))
        mark = terminal.mark
        terminal.type("quit\r")
        #expect(terminal.waitFor("Definitely end workout?", after: mark), "\(terminal.output(after: mark))")
        mark = terminal.mark
        terminal.type("yes\r")
        #expect(terminal.waitFor("menu: 1, Save workout.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: ", after: mark))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// The `pactl subscribe` child of this process that watches this suite's sound server, from
    /// /proc (another test's run may have one watching another server).
    static func subscribeChild() -> pid_t? {
        let parent = getpid()
        let server = "PULSE_SERVER=" + sound["PULSE_SERVER"]!
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[1]) == parent,
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { continue }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let variables = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.first?.hasSuffix("pactl") == true, arguments.dropFirst().first == "subscribe", variables.contains(server) {
                return pid
            }
        }
        return nil
    }

    /// No sound server at all: the headset is connected, nothing crashes or stalls, and `check`
    /// says there is no sound output.
    @Test func noSoundServerIsSaidByCheckAndStopsNothing() throws {
        let bus = try Self.mockWithHeadset()
        let data = TemporaryDirectory()
        let nowhere = TemporaryDirectory()
        let log = nowhere.path + "/heartline.log"
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"],
            environment: [
                "HEARTLINE_DBUS_ADDRESS": bus.address, "PULSE_RUNTIME_PATH": nowhere.path + "/pulse",
                "XDG_RUNTIME_DIR": nowhere.path, "PULSE_SERVER": "",
            ], logFile: log)
        #expect(terminal.waitFor("menu: 5, Resting check."))
        Self.pair(terminal)
        var mark = terminal.mark
        terminal.type("check\r")
        #expect(terminal.waitFor("answer: Speech: no sound output was found.", after: mark), "\(terminal.screen.suffix(600))")
        // Still answering, after the watch of the sound server has been tried again.
        #expect(Self.logged("sound: the sound server does not answer", times: 2, in: log), "\(FileWatch.contents(of: log))")
        mark = terminal.mark
        terminal.type("where\r")
        #expect(terminal.waitFor("answer: You are on", after: mark))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        // The sound server was looked for again after the back-off, and no pactl was left behind.
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(logged.components(separatedBy: "sound: the sound server does not answer").count > 2, "\(logged)")
    }
}
