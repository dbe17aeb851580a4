import Foundation
import HeartlineShell
import HeartlineTestSupport
import Testing

/// A machine where nothing can be heard: no sound server, no sound card. The person setting it
/// up reads on the terminal why, and every sentence as a caption; no library noise tears the
/// screen (it goes to the log).
@Suite(.timed) struct NoSoundTests {
    static var hasSoundCard: Bool {
        let cards = (try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8)) ?? ""
        return cards.contains("]: ")
    }

    /// On the binary, not in-process: what it checks is the process's own standard error (the
    /// sound libraries' noise and the log lines) moved off the terminal into the log file, which
    /// only a run that owns its process does; and the speech engines it opens (libspeechd, ALSA)
    /// would otherwise start inside the test process.
    @Test func withNoSoundTheHomeMenuIsReadableAndOneLineSaysWhy() throws {
        guard !Self.hasSoundCard else { return }
        let data = TemporaryDirectory()
        let runtime = TemporaryDirectory()
        let state = TemporaryDirectory()
        chmod(runtime.path, 0o700)
        let terminal = try PseudoTerminal(
            arguments: ["--data-dir", data.path],
            environment: [
                // A runtime directory with no sound server in it, and none named elsewhere.
                "XDG_RUNTIME_DIR": runtime.path, "PULSE_RUNTIME_PATH": runtime.path + "/pulse", "PULSE_SERVER": "",
                "SPEECHD_ADDRESS": "unix_socket:" + runtime.path + "/speechd.sock",
                "XDG_STATE_HOME": state.path,
            ],
            standardErrorOnTerminal: true)
        #expect(terminal.waitFor("4, Settings.", timeout: 20), "\(terminal.screen)")
        let screen = terminal.screen
        let why = screen.components(separatedBy: "No sound output was found").count - 1
        #expect(why == 1, "\(screen)")
        #expect(screen.contains("Connect the headset or a sound card, or start PulseAudio or PipeWire"))
        #expect(screen.contains("Heartline is ready.\n"))
        #expect(screen.contains("Heartline home.\n"))
        #expect(!screen.contains("ALSA lib"), "\(screen)")
        #expect(!screen.contains("heartline: "), "log lines stay off the terminal: \(screen)")
        terminal.type("quit\r")
        #expect(terminal.waitFor("Goodbye.", timeout: 10))
        #expect(terminal.waitForExit(timeout: 15) == 0)
        let log = (try? String(contentsOfFile: state.path + "/heartline/heartline.log", encoding: .utf8)) ?? ""
        #expect(log.contains("heartline: sound: no sound server answers"), "\(log)")
    }
}

/// A sound server whose only output is its dummy one (PulseAudio on a board with no sound card,
/// as at boot): the start cannot know it before the first sentence, so the sound check finds it
/// just after. The line saying why comes then, followed by the sentences nobody heard.
@Suite(.timed) struct DummyOutputTests {
    /// On the binary, for the reasons of `withNoSoundTheHomeMenuIsReadableAndOneLineSaysWhy`: the
    /// log file it reads is the process's standard error, moved there by the binary alone.
    @Test func theFirstSentencesArePrintedOnceTheDummyOutputIsFound() throws {
        let state = TemporaryDirectory()
        let log = try withDummyOutput(state: state) { terminal in
            #expect(terminal.waitFor("4, Settings.", timeout: 20), "\(terminal.screen)")
            let screen = terminal.screen
            #expect(screen.components(separatedBy: "No sound output was found").count - 1 == 1, "\(screen)")
            #expect(screen.components(separatedBy: "Heartline is ready.\n").count - 1 == 1, "\(screen)")
            let why = try #require(screen.range(of: "No sound output was found"))
            let ready = try #require(screen.range(of: "Heartline is ready.\n"))
            #expect(why.lowerBound < ready.lowerBound, "the line saying why comes first: \(screen)")
            #expect(screen.contains("Heartline home.\n"))
        }
        #expect(log.contains("heartline: sound: the sound server pulseaudio has no output but its dummy one\n"), "\(log)")
        #expect(log.contains("heartline: sound: the sound server has no output but its dummy one; captions are on"), "\(log)")
    }

    /// With captions asked for, the sound is checked all the same: the log says where speech
    /// goes whatever the terminal shows.
    @Test func withCaptionsOnTheLogStillSaysWhereSpeechGoes() throws {
        let state = TemporaryDirectory()
        let log = try withDummyOutput(state: state, arguments: ["--captions"]) { terminal in
            #expect(terminal.waitFor("4, Settings.", timeout: 20), "\(terminal.screen)")
            #expect(!terminal.screen.contains("No sound output was found"), "captions were on already: \(terminal.screen)")
        }
        #expect(log.contains("heartline: sound: the sound server pulseaudio has no output but its dummy one\n"), "\(log)")
    }

    /// Runs the binary on a pseudo-terminal beside a PulseAudio whose only sink is its dummy
    /// one, quits it, and returns its log.
    private func withDummyOutput(
        state: TemporaryDirectory, arguments extra: [String] = [], _ body: (PseudoTerminal) throws -> Void
    ) throws -> String {
        let data = TemporaryDirectory()
        let runtime = TemporaryDirectory()
        chmod(runtime.path, 0o700)
        let environment = [
            "XDG_RUNTIME_DIR": runtime.path, "PULSE_RUNTIME_PATH": runtime.path + "/pulse",
            "PULSE_SERVER": "unix:" + runtime.path + "/pulse/native",
            "SPEECHD_ADDRESS": "unix_socket:" + runtime.path + "/speechd.sock", "XDG_STATE_HOME": state.path,
        ]
        // PulseAudio names the sink it makes when it has no card auto_null; this one has that name.
        var arguments = [
            "-D", "--exit-idle-time=-1", "-n", "--disallow-exit", "--load=module-null-sink sink_name=auto_null",
            "--load=module-native-protocol-unix auth-anonymous=1",
        ]
        if getuid() == 0 { arguments.append("--system=false") }
        let server = try run("/usr/bin/pulseaudio", arguments, environment: environment)
        defer { _ = try? run("/usr/bin/pulseaudio", ["--kill"], environment: environment) }
        #expect(server == 0, "PulseAudio did not start")
        #expect(SystemProbe.soundReachable(environment: environment, cards: ""), "the server answers")

        let terminal = try PseudoTerminal(
            arguments: ["--data-dir", data.path] + extra, environment: environment, standardErrorOnTerminal: true)
        try body(terminal)
        terminal.type("quit\r")
        #expect(terminal.waitFor("Goodbye.", timeout: 10))
        #expect(terminal.waitForExit(timeout: 15) == 0)
        return (try? String(contentsOfFile: state.path + "/heartline/heartline.log", encoding: .utf8)) ?? ""
    }

    private func run(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A pactl slower than the self-check's second (an emulated or small board at boot): the start's
/// check waits for its answer instead of taking the silence for a working output.
@Suite(.timed) struct SlowSoundServerTests {
    @Test func aSlowPactlStillFindsTheDummyOutputWhenGivenTime() throws {
        let bin = TemporaryDirectory()
        let pactl = bin.path + "/pactl"
        try "#!/bin/sh\nsleep 2\necho 'Default Sink: auto_null'\n".write(toFile: pactl, atomically: true, encoding: .utf8)
        chmod(pactl, 0o755)
        // A server named by host is left to pactl: no socket needs to answer first.
        let environment = ["PATH": bin.path + ":/usr/bin:/bin", "PULSE_SERVER": "tcp:localhost"]
        #expect(SystemProbe.audioOutput(environment: environment) == .unnamed)
        #expect(SystemProbe.audioOutput(environment: environment, waiting: 10) == SelfCheck.AudioOutput.none)
    }

    /// What the start logs of the sound output names the server and its sink, PipeWire's as
    /// pactl names it; a board's log (and the boot test) read where the speech went from it.
    @Test func theStartsLogNamesTheServerAndItsSink() throws {
        let bin = TemporaryDirectory()
        let pactl = bin.path + "/pactl"
        let script = """
            #!/bin/sh
            case "$1" in
              info) printf 'Server Name: PulseAudio (on PipeWire 0.3.65)\\nDefault Sink: alsa_output.platform-snd_aloop.0.analog-stereo\\n' ;;
              list) printf 'Sink #41\\n\\tName: alsa_output.platform-snd_aloop.0.analog-stereo\\n\\tDescription: Loopback Analog Stereo\\n' ;;
            esac
            """
        try script.write(toFile: pactl, atomically: true, encoding: .utf8)
        chmod(pactl, 0o755)
        let environment = ["PATH": bin.path + ":/usr/bin:/bin", "PULSE_SERVER": "tcp:localhost"]
        let found = SystemProbe.soundOutput(environment: environment)
        #expect(found.output == .named("Loopback Analog Stereo"))
        #expect(found.seen == "the sound server PulseAudio (on PipeWire 0.3.65) plays to alsa_output.platform-snd_aloop.0.analog-stereo")
        try "#!/bin/sh\nexit 1\n".write(toFile: pactl, atomically: true, encoding: .utf8)
        let silent = SystemProbe.soundOutput(environment: environment)
        #expect(silent.output == .unnamed)
        #expect(silent.seen == "a sound server answers, and pactl info gave no answer within 1 second")
    }

    /// Without pactl a server that answers is not asked more; without a server, the kernel's
    /// first sound card is named, and with neither nothing can be heard.
    @Test func theStartsLogSaysWhatItCouldNotAsk() throws {
        let bin = TemporaryDirectory()
        let answering = ["PATH": bin.path, "PULSE_SERVER": "tcp:localhost"]
        let bare = SystemProbe.soundOutput(environment: answering)
        #expect(bare.output == .unnamed)
        #expect(bare.seen == "a sound server answers, and pactl is not installed to ask it more")
        let silent = ["PATH": bin.path, "PULSE_SERVER": bin.path + "/no-server"]
        let cards = " 0 [Loopback       ]: Loopback - Loopback\n                      Loopback 1\n"
        let card = SystemProbe.soundOutput(environment: silent, cards: cards)
        #expect(card.output == .named("Loopback"))
        #expect(card.seen == "no sound server answers; the first sound card is Loopback")
        let nothing = SystemProbe.soundOutput(environment: silent, cards: "--- no soundcards ---\n")
        #expect(nothing.output == SelfCheck.AudioOutput.none)
        #expect(nothing.seen == "no sound server answers and there is no sound card")
    }
}

/// `--check` names a missing systemd user manager, which the boot path's unit needs.
@Suite(.timed) struct UserManagerProbeTests {
    @Test func aSystemdMachineWithoutTheUsersManagerIsNamed() throws {
        let root = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root.path + "/run/systemd/system", withIntermediateDirectories: true)
        let environment = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(SystemProbe.userManager(environment: environment, root: root.path) == .missing)
        try FileManager.default.createDirectory(atPath: root.path + "/run/user/1000/systemd", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root.path + "/run/user/1000/systemd/private", contents: nil)
        #expect(SystemProbe.userManager(environment: environment, root: root.path) == .running)
        #expect(SystemProbe.userManager(environment: environment, root: root.path + "/nothing") == .notApplicable)
    }
}
