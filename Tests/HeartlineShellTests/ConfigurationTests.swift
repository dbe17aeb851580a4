import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineSpeech
import HeartlineTestSupport
import Testing

/// The configuration file: every setting, every way a line can be wrong, and what wins.
@Suite(.timed) struct ConfigurationTests {
    typealias Problem = Configuration.Problem

    static let words: Words = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let catalogue = try! PromptFiles.load(from: [root.appendingPathComponent("Prompts").path])
        return Words(catalogue: catalogue, calendar: Calendar(identifier: .gregorian))
    }()

    static let goodLines: [(line: String, expected: Configuration)] = {
        func with(_ change: (inout Configuration) -> Void) -> Configuration {
            var configuration = Configuration()
            change(&configuration)
            return configuration
        }
        return [
            ("speech = espeak", with { $0.speech = .espeak }),
            ("speech.mode = Transcript", with { $0.speech = .transcript }),
            ("speech.rate = 40", with { $0.rate = 40 }),
            ("speech.rate = +100", with { $0.rate = 100 }),
            ("speech.pitch = -100", with { $0.pitch = -100 }),
            ("speech.volume=0", with { $0.volume = 0 }),
            ("speech.voice = English (Great Britain)", with { $0.voice = "English (Great Britain)" }),
            ("speech.language = en-GB", with { $0.language = "en-GB" }),
            ("speech.module = espeak-ng", with { $0.module = "espeak-ng" }),
            ("sensor = C0:11:22:33:44:55", with { $0.sensor = "C0:11:22:33:44:55" }),
            ("sensor = c0:11:22:33:44:55/random", with { $0.sensor = "c0:11:22:33:44:55/random" }),
            ("sensor = att-socket:/run/strap", with { $0.sensor = "att-socket:/run/strap" }),
            ("data-dir = /srv/heartline", with { $0.dataDirectory = "/srv/heartline" }),
            ("Data-Dir = ~/workouts", with { $0.dataDirectory = "~/workouts" }),
            ("  # a comment", Configuration()),
            ("", Configuration()),
        ]
    }()

    @Test(arguments: goodLines)
    func aGoodLineSetsItsSetting(line: String, expected: Configuration) {
        let (configuration, problems) = Configuration.parse(line)
        #expect(problems == [])
        #expect(configuration == expected)
    }

    static let badLines: [(line: String, problem: Problem.Reason, key: String)] = [
        ("speech auto", .malformed, "speech auto"),
        ("= auto", .malformed, "= auto"),
        ("volume = 3", .unknownSetting, "volume"),
        ("speech = loud", .choice(["auto", "speechd", "espeak", "transcript"]), "speech"),
        ("speech.rate = fast", .number(-100...100), "speech.rate"),
        ("speech.rate = 101", .number(-100...100), "speech.rate"),
        ("speech.pitch = 1.5", .number(-100...100), "speech.pitch"),
        ("speech.volume =", .empty, "speech.volume"),
        ("speech.voice =", .empty, "speech.voice"),
        ("sensor = 11:22:33", .address, "sensor"),
        ("sensor = att-socket:", .address, "sensor"),
        ("data-dir = workouts", .path, "data-dir"),
        ("key.ab = heart rate", .keyName, "key.ab"),
        ("key. = heart rate", .keyName, "key."),
        ("key.+ = jump", .action, "key.+"),
    ]

    @Test(arguments: badLines)
    func aBadLineIsAProblemAndTheDefaultStands(line: String, problem: Problem.Reason, key: String) {
        let text = "speech.rate = 20\n\n" + line + "\n"
        let (configuration, problems) = Configuration.parse(text)
        #expect(problems == [Problem(line: 3, key: key, reason: problem)])
        var expected = Configuration()
        expected.rate = 20
        #expect(configuration == expected)
    }

    /// The names the documents are checked against (`InstallTests`) are the names the parser
    /// takes, in any case: both come from one table.
    @Test func everyDeclaredSettingIsTakenByTheParser() {
        #expect(Configuration.settingNames.count == Set(Configuration.settingNames).count)
        for name in Configuration.settingNames where name != "key.KEY" {
            for written in [name, name.uppercased()] {
                let problems = Configuration.parse("\(written) = \u{7}").problems
                #expect(!problems.contains { $0.reason == .unknownSetting }, "\(written)")
            }
        }
        #expect(Configuration.parse("key.KEY = heart rate").problems.map(\.reason) == [.keyName])
    }

    @Test func theLaterLineWinsAndTheRestOfTheFileStillCounts() {
        let text = """
            # Heartline
            speech.rate = 10
            nonsense
            speech.rate = 30
            speech.pitch = 500
            data-dir = /data
            """
        let (configuration, problems) = Configuration.parse(text)
        #expect(configuration.rate == 30)
        #expect(configuration.pitch == nil)
        #expect(configuration.dataDirectory == "/data")
        #expect(problems.map(\.line) == [3, 5])
    }

    @Test(arguments: [
        (
            Problem(line: 4, key: "speech.rate", reason: .number(-100...100)),
            "Configuration file, line 4: speech.rate takes a whole number from -100 to 100. The default stands."
        ),
        (
            Problem(line: 2, key: "speech", reason: .choice(["auto", "speechd", "espeak", "transcript"])),
            "Configuration file, line 2: speech takes one of auto, speechd, espeak and transcript. The default stands."
        ),
        (
            Problem(line: 7, key: "volume", reason: .unknownSetting),
            "Configuration file, line 7: there is no setting called volume. The line is ignored."
        ),
        (
            Problem(line: 1, key: "speech auto", reason: .malformed),
            "Configuration file, line 1: no setting, equals sign and value. The line is ignored."
        ),
        (
            Problem(line: 9, key: "key.+", reason: .action),
            "Configuration file, line 9: key.+ names no workout action, such as heart rate. The line is ignored."
        ),
    ])
    func aWarningNamesTheLineAndTheSetting(problem: Problem, sentence: String) {
        #expect(problem.sentence(Self.words) == sentence)
    }

    @Test func commandLineOptionsWinOverTheFile() throws {
        let (configuration, _) = Configuration.parse("speech = espeak\nsensor = C0:11:22:33:44:55\ndata-dir = ~/w\n")
        var given = try Options(arguments: ["--speech", "transcript", "--data-dir=/tmp/d"])
        configuration.apply(to: &given, home: "/home/ann")
        #expect(given.speech == .transcript)
        #expect(given.dataDirectory == "/tmp/d")
        #expect(given.sensor == "C0:11:22:33:44:55")

        var unsaid = try Options(arguments: [])
        configuration.apply(to: &unsaid, home: "/home/ann")
        #expect(unsaid.speech == .espeak)
        #expect(unsaid.dataDirectory == "/home/ann/w")
    }

    @Test func speechSettingsReplaceOnlyWhatTheFileGives() {
        let (configuration, _) = Configuration.parse("speech.rate = 50\nspeech.module = espeak-ng\n")
        let base = SpeechSettings(rate: -10, pitch: 20, volume: 80, language: "de")
        #expect(
            configuration.speechSettings(over: base)
                == SpeechSettings(rate: 50, pitch: 20, volume: 80, language: "de", outputModule: "espeak-ng"))
    }

    @Test func theFileIsFoundInTheXDGConfigDirectory() {
        #expect(Configuration.defaultPath(environment: ["XDG_CONFIG_HOME": "/cfg"], home: "/home/ann") == "/cfg/heartline/heartline.conf")
        #expect(
            Configuration.defaultPath(environment: ["XDG_CONFIG_HOME": "relative"], home: "/home/ann")
                == "/home/ann/.config/heartline/heartline.conf")
        #expect(Configuration.defaultPath(environment: [:], home: "/home/ann") == "/home/ann/.config/heartline/heartline.conf")
    }

    @Test func aMissingDefaultFileIsSilentButAMissingNamedFileIsSaid() {
        let home = TemporaryDirectory()
        let quiet = Configuration.load(explicit: nil, environment: ["HOME": home.path])
        #expect(quiet.warnings(Self.words) == [])
        let named = Configuration.load(explicit: home.path + "/nowhere.conf", environment: ["HOME": home.path])
        #expect(
            named.warnings(Self.words) == [
                Utterance(.answer, "The configuration file \(home.path)/nowhere.conf cannot be read, so the defaults stand.")
            ])
    }

    // MARK: Keys

    @Test func aBoundKeyNamesAWorkoutCommand() {
        let (configuration, problems) = Configuration.parse("key.+ = heart rate\nkey.space = all metrics\nkey.1 = Pause  or Resume\n")
        #expect(problems == [])
        #expect(configuration.keys.actions == ["+": .workout(.heartRate), " ": .workout(.allMetrics), "1": .workout(.pauseOrResume)])
    }

    @Test(.inProcessTerminal) func aKeyBoundInTheFileAnswersOnARealTerminal() throws {
        let data = TemporaryDirectory()
        let file = data.path + "/heartline.conf"
        try "key.+ = heart rate\nspeech.rate = 500\n".write(toFile: file, atomically: true, encoding: .utf8)
        let terminal = try InProcessTerminal(arguments: [
            "--simulate", "--speech", "transcript", "--data-dir", data.path + "/data", "--config", file,
        ])
        #expect(terminal.waitFor("answer: Heartline is ready."))
        #expect(
            terminal.waitFor("answer: Configuration file, line 2: speech.rate takes a whole number from -100 to 100. The default stands."))
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        terminal.type("configure\r")
        #expect(terminal.waitFor("menu: Sport.", after: mark))
        mark = terminal.mark
        // Next through the metrics, the interval, the zone and the plan to the last step.
        for _ in 0..<5 { terminal.type("next\r") }
        #expect(terminal.waitFor("menu: 1, Start workout.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: Workout started.", after: mark))
        mark = terminal.mark
        terminal.type("+")
        // The bound key answers: with the reading, or with the strap waiting for its first one.
        #expect(terminal.waitFor("answer: Heart rate", after: mark))
        #expect(terminal.hangUp() == 0)
    }
}
