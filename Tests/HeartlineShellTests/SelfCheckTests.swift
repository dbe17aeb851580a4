#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The self-check: its sentences for each state of each part, its probes on this machine, and
/// `heartline --check` and the "check" command end to end.
@Suite(.timed) struct SelfCheckTests {
    static let check = SelfCheck(words: ConfigurationTests.words)

    static func finding(
        _ part: SelfCheck.Finding.Part, speech: SelfCheck.SpeechServer = .running,
        output: SelfCheck.AudioOutput = .named("Headset"), bluetooth: SelfCheck.Bluetooth = .ready(adapter: "hci0"),
        strap: SelfCheck.Strap = .heard("C0:11:22:33:44:55"), storage: SelfCheck.Storage = .writable(free: 8_000_000_000)
    ) -> SelfCheck.Finding {
        check.findings(speech: speech, output: output, bluetooth: bluetooth, strap: strap, storage: storage, dataDirectory: "/data").first {
            $0.part == part
        }!
    }

    @Test(arguments: [
        (
            SelfCheck.SpeechServer.running, SelfCheck.AudioOutput.named("Headset"), true,
            "Speech: the speech server is running, and sound goes to Headset."
        ),
        (.startsOnDemand, .unnamed, true, "Speech: the speech server starts with Heartline, and sound goes to the sound server."),
        (.running, .headset("SHOKZ OpenRun"), true, "Speech: the speech server is running, and sound goes to the headset SHOKZ OpenRun."),
        (
            .absent, .named("bcm2835 Headphones"), true,
            "Speech: there is no speech server, so Heartline speaks through espeak-ng directly, to bcm2835 Headphones."
        ),
        (
            .running, .none, false,
            "Speech: no sound output was found. Connect the headset, and check that PulseAudio or PipeWire runs."
        ),
    ])
    func speechAndSound(speech: SelfCheck.SpeechServer, output: SelfCheck.AudioOutput, ok: Bool, sentence: String) {
        let finding = Self.finding(.speech, speech: speech, output: output)
        #expect(finding.sentence == sentence)
        #expect(finding.ok == ok)
    }

    @Test(arguments: [
        (SelfCheck.Bluetooth.unsupported, false, "Bluetooth: this system has no Bluetooth support, so no strap can connect."),
        (.noAdapter, false, "Bluetooth: no Bluetooth adapter was found; plug one in, or switch it on."),
        (.blocked(adapter: "hci0"), false, "Bluetooth: the adapter hci0 is switched off; run rfkill unblock bluetooth."),
        (
            .noPermission(adapter: "hci0"), false,
            "Bluetooth: the adapter hci0 is there, but Heartline may not search for straps. Give it the network administration capability, as the administrator's guide explains."
        ),
        (.ready(adapter: "hci1"), true, "Bluetooth: the adapter hci1 is ready, and Heartline may search for straps."),
    ])
    func bluetooth(state: SelfCheck.Bluetooth, ok: Bool, sentence: String) {
        let finding = Self.finding(.bluetooth, bluetooth: state)
        #expect(finding.sentence == sentence)
        #expect(finding.ok == ok)
    }

    @Test(arguments: [
        (
            SelfCheck.Strap.none, SelfCheck.Bluetooth.ready(adapter: "hci0"), false,
            "Strap: none is remembered; choose one in Settings, under Sensors."
        ),
        (
            .remembered("C0:11:22:33:44:55"), .unsupported, false,
            "Strap: C0:11:22:33:44:55 is remembered. Without Bluetooth, Heartline cannot check that it is in reach."
        ),
        (
            .remembered("C0:11:22:33:44:55"), .noPermission(adapter: "hci0"), true,
            "Strap: C0:11:22:33:44:55 is remembered, and Heartline connects to it when a workout starts."
        ),
        (.heard("C0:11:22:33:44:55"), .ready(adapter: "hci0"), true, "Strap: C0:11:22:33:44:55 is remembered, and it was heard nearby."),
        (
            .notHeard("C0:11:22:33:44:55"), .ready(adapter: "hci0"), false,
            "Strap: C0:11:22:33:44:55 is remembered, but it was not heard. Put it on with moist electrodes. Make sure no other device is connected to it."
        ),
        (
            .unreadable, .ready(adapter: "hci0"), true,
            "Strap: the remembered strap cannot be read while another Heartline uses the data directory."
        ),
    ])
    func strap(state: SelfCheck.Strap, bluetooth: SelfCheck.Bluetooth, ok: Bool, sentence: String) {
        let finding = Self.finding(.strap, bluetooth: bluetooth, strap: state)
        #expect(finding.sentence == sentence)
        #expect(finding.ok == ok)
    }

    @Test(arguments: [
        (SelfCheck.Storage.writable(free: 12_345_678_901), true, "Storage: workouts can be saved, with 12.3 gigabytes free."),
        (.writable(free: 2_000_000_000), true, "Storage: workouts can be saved, with 2 gigabytes free."),
        (.writable(free: 1_234_000_000_000), true, "Storage: workouts can be saved, with 1,234 gigabytes free."),
        (.inUse(free: 640_000_000), true, "Storage: another Heartline is using the data directory, with 640 megabytes free."),
        (.writable(free: 12_000_000), false, "Storage: only 12 megabytes free in /data; make room, or workouts may not be saved."),
        (.readOnly, false, "Storage: /data cannot be written, so workouts would not be saved."),
    ])
    func storage(state: SelfCheck.Storage, ok: Bool, sentence: String) {
        let finding = Self.finding(.storage, storage: state)
        #expect(finding.sentence == sentence)
        #expect(finding.ok == ok)
    }

    /// A size is written as the language writes decimals: "80,8" in Spanish and German.
    @Test(arguments: [("en", "80.8 gigabytes"), ("es", "80,8 gigabytes"), ("de", "80,8 Gigabyte")])
    func aSizeTakesTheLanguagesDecimalSeparator(language: String, size: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Prompts").standardized
        let catalogue = try PromptFiles.load(language: language, from: [root.path])
        let check = SelfCheck(words: Words(catalogue: catalogue, calendar: Calendar(identifier: .gregorian)))
        #expect(check.size(80_800_000_000) == size)
    }

    @Test(arguments: [
        ("speech-dispatcher", "Speech: the speech server is running, and sound goes to Headset."),
        ("espeak-ng", "Speech: there is no speech server, so Heartline speaks through espeak-ng directly, to Headset."),
        ("transcript", "Speech: the speech server starts with Heartline, and sound goes to Headset."),
    ])
    func theEngineSpeakingNowAnswersForTheServer(engine: String, sentence: String) {
        // The probe alone would say the server starts on demand.
        let probes = SelfCheck.Probes(
            speechServer: { .startsOnDemand }, audioOutput: { .named("Headset") }, bluetooth: { .unsupported },
            storage: { _ in .writable(free: 5_000_000_000) })
        let findings = Self.check.findings(probes: probes, target: nil, storeInUse: false, dataDirectory: "/data", engine: engine)
        #expect(findings.first?.sentence == sentence)
        #expect(findings.map(\.part) == [.speech, .bluetooth, .strap, .storage])
    }

    // MARK: Probes on this machine

    @Test func theBluetoothProbeAnswersOnThisMachine() {
        // Whatever the machine has, the probe answers, and a kernel without Bluetooth is "unsupported".
        let state = SystemProbe.bluetooth()
        let fd = socket(31, Int32(SOCK_RAW.rawValue), 1)
        let code = errno
        if fd >= 0 { close(fd) }
        if fd < 0, code == EAFNOSUPPORT {
            #expect(state == .unsupported)
        } else {
            #expect(state != .unsupported)
        }
    }

    @Test func capabilitiesAreReadFromTheEffectiveMask() {
        #expect(SystemProbe.hasCapability(13, status: "Name:\theartline\nCapEff:\t0000000000002000\n"))
        #expect(!SystemProbe.hasCapability(13, status: "CapEff:\t0000000000001000\n"))
        #expect(SystemProbe.hasCapability(13, status: "CapEff:\t000001ffffffffff\n"))
        #expect(!SystemProbe.hasCapability(13, status: "no such line"))
    }

    @Test func aWritableDirectoryAndAMissingOneBelowIt() throws {
        let directory = TemporaryDirectory()
        guard case .writable(let free) = SystemProbe.storage(directory.path) else {
            Issue.record("a fresh temporary directory is writable")
            return
        }
        #expect(free > 0)
        // Nothing is left behind by the write test.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        // A directory still to be made is judged by the parent it would be made in.
        #expect(SystemProbe.storage(directory.path + "/not/yet") != .readOnly)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/not"))
    }

    @Test func aDirectoryThatCannotBeWrittenIsReadOnly() throws {
        let directory = TemporaryDirectory()
        let locked = directory.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o500)
        defer { chmod(locked, 0o700) }
        // Root may write anywhere, so only an unprivileged user sees the refusal.
        if geteuid() != 0 {
            #expect(SystemProbe.storage(locked) == .readOnly)
        }
    }

    @Test(arguments: [
        ([:], "/home/ann/.cache/speech-dispatcher/speechd.sock"),
        (["XDG_RUNTIME_DIR": "/run/user/1000"], "/run/user/1000/speech-dispatcher/speechd.sock"),
        (["SPEECHD_ADDRESS": "unix_socket:/tmp/s.sock", "XDG_RUNTIME_DIR": "/run/user/1000"], "/tmp/s.sock"),
    ])
    func theSpeechServerIsLookedForWhereLibspeechdLooks(environment: [String: String], path: String) {
        var environment = environment
        environment["HOME"] = "/home/ann"
        #expect(SystemProbe.speechAddress(environment: environment) == .unix(path))
    }

    @Test func anInetSpeechServerAddressKeepsItsPort() {
        #expect(
            SystemProbe.speechAddress(environment: ["SPEECHD_ADDRESS": "inet_socket:192.168.1.2:7000"])
                == .inet(host: "192.168.1.2", port: 7000))
        #expect(SystemProbe.speechAddress(environment: ["SPEECHD_ADDRESS": "inet_socket"]) == .inet(host: "127.0.0.1", port: 6560))
    }

    @Test func aSpeechServerListeningOnItsSocketIsRunningAndAStaleSocketIsNot() throws {
        let runtime = TemporaryDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path, "PATH": "/nonexistent"]
        #expect(SystemProbe.speechServer(environment: environment) == .absent)
        try FileManager.default.createDirectory(atPath: runtime.path + "/speech-dispatcher", withIntermediateDirectories: true)
        let listener = try UnixListener(path: runtime.path + "/speech-dispatcher/speechd.sock")
        #expect(SystemProbe.speechServer(environment: environment) == .running)
        listener.close()
        // The socket file stays, but nobody answers.
        #expect(SystemProbe.speechServer(environment: environment) == .absent)
        #expect(
            SystemProbe.speechServer(environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
                == (FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher") ? .startsOnDemand : .absent))
    }

    @Test func soundIsNamedByTheDefaultSinksDescriptionOrTheFirstCard() {
        let info = "Server String: /run/user/0/pulse/native\nDefault Sink: alsa_output.usb-headset\nDefault Source: x\n"
        let sinks = """
            Sink #0
            \tState: SUSPENDED
            \tName: null
            \tDescription: Null Output
            Sink #1
            \tName: alsa_output.usb-headset
            \tDescription: USB Headset Analog Stereo
            """
        #expect(SystemProbe.field("Default Sink", in: info) == "alsa_output.usb-headset")
        #expect(SystemProbe.sinkDescription(named: "alsa_output.usb-headset", in: sinks) == "USB Headset Analog Stereo")
        #expect(SystemProbe.sinkDescription(named: "null", in: sinks) == "Null Output")
        let cards = " 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n                      bcm2835 Headphones\n"
        #expect(SystemProbe.alsaCard(from: cards) == "bcm2835 Headphones")
        #expect(SystemProbe.alsaCard(from: "--- no soundcards ---\n") == nil)
    }

    @Test func aBluetoothSinkIsNamedAsTheHeadset() {
        #expect(SystemProbe.output(sink: "bluez_output.AA_BB_CC_DD_EE_01.1", description: "SHOKZ OpenRun") == .headset("SHOKZ OpenRun"))
        #expect(
            SystemProbe.output(sink: "bluez_sink.AA_BB_CC_DD_EE_01.a2dp_sink", description: nil)
                == .headset("bluez_sink.AA_BB_CC_DD_EE_01.a2dp_sink"))
        #expect(SystemProbe.output(sink: "alsa_output.usb-headset", description: "USB Headset") == .named("USB Headset"))
    }

    // MARK: The binary

    @Test func checkSaysOneSentencePerPartAndItsStatusSaysWhetherAllIsWell() throws {
        let data = TemporaryDirectory()
        let result = try runInProcess(
            ["--check", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"], input: Data())
        let lines = result.lines
        #expect(lines.count == 5)
        #expect(lines.map { String($0.prefix(while: { $0 != ":" })) } == ["answer", "answer", "answer", "answer", "answer"])
        let parts = lines.map { $0.dropFirst("answer: ".count).prefix(while: { $0 != ":" }) }
        #expect(parts == ["Speech", "Bluetooth", "Strap", "Storage", "Upload"])
        #expect(lines[4] == "answer: Upload: intervals.icu is not set up.")
        #expect(lines[2] == "answer: Strap: none is remembered; choose one in Settings, under Sensors.")
        // No strap is remembered, so something needs attention whatever else this machine has.
        #expect(result.status == 1)
        if SystemProbe.bluetooth() == .unsupported {
            #expect(lines[1] == "answer: Bluetooth: this system has no Bluetooth support, so no strap can connect.")
        }
        // The data directory exists, so the check opened the store and left it closed.
        #expect(lines[3].hasPrefix("answer: Storage: workouts can be saved, with "))
    }

    @Test func checkNamesTheStrapGivenOnTheCommandLineAndTheConfigurationsWarnings() throws {
        let data = TemporaryDirectory()
        let configuration = data.path + "/heartline.conf"
        try "sensor = C0:11:22:33:44:55\nspeech.rate = fast\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let result = try runInProcess(
            ["--check", "--speech", "transcript", "--data-dir", data.path, "--config", configuration], input: Data())
        #expect(
            result.lines.first
                == "answer: Configuration file, line 2: speech.rate takes a whole number from -100 to 100. The default stands.")
        #expect(result.lines.count == 6)
        #expect(result.lines[3].hasPrefix("answer: Strap: C0:11:22:33:44:55 is remembered"))
    }

    @Test func checkSaysUploadIsSetUpAndHowManyWaitWithoutTheKey() throws {
        let data = TemporaryDirectory()
        let key = data.path + "/intervals.key"
        let configuration = data.path + "/heartline.conf"
        try "secret-check-key\n".write(toFile: key, atomically: true, encoding: .utf8)
        chmod(key, 0o600)
        try "upload.key-file = \(key)\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        do {
            _ = try SQLiteStore(directory: data.path + "/data")
            try UploadQueue(directory: data.path + "/data").add(
                PendingUpload(
                    workout: 1, service: "intervals.icu", externalID: "heartline-1-1", name: "Heartline", file: [1], nextTry: Date()))
        }
        let result = try runInProcess(
            ["--check", "--speech", "transcript", "--data-dir", data.path + "/data", "--config", configuration], input: Data())
        #expect(result.lines.last == "answer: Upload: intervals.icu is set up, 1 waiting.", "\(result.lines)")
        #expect(!result.standardOutput.contains("secret-check-key") && !result.standardError.contains("secret-check-key"))
        chmod(key, 0o644)
        let open = try runInProcess(
            ["--check", "--speech", "transcript", "--data-dir", data.path + "/data", "--config", configuration], input: Data())
        #expect(open.lines.last == "answer: Upload: intervals.icu is not set up.", "\(open.lines)")
    }

    @Test func checkSaysTheRememberedStrapsMakerAndModelAfterItsSentence() throws {
        let data = TemporaryDirectory()
        do {
            let store = try SQLiteStore(directory: data.path)
            var settings = Settings()
            settings.strap = RememberedSensor(
                address: "att-socket:\(data.path)/strap.sock", name: "HRM-Pro 9F8E", manufacturer: "Garmin", model: "HRM-Pro")
            try store.saveSettings(settings)
        }
        let result = try runInProcess(
            ["--check", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"], input: Data())
        #expect(result.lines.count == 6)
        #expect(result.lines[2].hasPrefix("answer: Strap: "))
        #expect(result.lines[3] == "answer: Made by Garmin, model HRM-Pro.")

        // Another strap given on the command line is not the one they describe.
        let other = try runInProcess(
            ["--check", "--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null", "--sensor", "C0:11:22:33:44:55"],
            input: Data())
        #expect(other.lines.count == 5)
        #expect(!other.lines.contains { $0.contains("Made by") })
    }

    @Test func theCheckCommandAnswersInTheShell() throws {
        let data = TemporaryDirectory()
        let result = try runInProcess(
            ["--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"], input: Data("check\nquit\n".utf8))
        #expect(result.status == 0)
        let lines = result.lines
        #expect(lines.first == "answer: Heartline is ready.")
        let parts = lines.filter { $0.hasPrefix("answer: ") && $0.contains(": ") }.compactMap { line -> String? in
            let body = line.dropFirst("answer: ".count)
            guard let colon = body.firstIndex(of: ":") else { return nil }
            return String(body[..<colon])
        }
        #expect(parts == ["Speech", "Bluetooth", "Strap", "Storage", "Upload"])
        #expect(lines.last == "answer: Goodbye.")
    }
}

/// A listening Unix stream socket, standing in for speech-dispatcher's.
final class UnixListener {
    private var fd: Int32

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}
