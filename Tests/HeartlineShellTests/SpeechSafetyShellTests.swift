import Foundation
import HeartlineCore
@testable import HeartlineShell
import HeartlineSpeech
@testable import HeartlineStorage
import HeartlineTestSupport
import Testing

/// Speech settings that protect themselves, through the shell in-process on a real
/// pseudo-terminal and a real SQLite file: a silent volume refused, an unconfirmed change undone
/// on the real clock and not stored, and the two ways back at start that need no speech
/// (`--reset-speech`, minus held while starting).
@Suite(.timed, .inProcessTerminal) struct SpeechSafetyShellTests {
    /// Stores speech settings in `data` as a Heartline would have left them.
    static func store(_ values: [SpeechSetting: String], in data: TemporaryDirectory) throws {
        let store = try SQLiteStore(directory: data.path)
        var settings = try store.settings()
        for (setting, value) in values { settings.setSpeech(setting, to: value) }
        try store.saveSettings(settings)
    }

    /// The Speech screen as the next start reads it.
    static func speechScreen(_ data: TemporaryDirectory) throws -> RunResult {
        try runInProcess(
            ["--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"], input: Data("settings\nspeech\nquit\n".utf8))
    }

    @Test func aSilentVolumeIsRefusedAndAnUnconfirmedOneUndoneWithinTenSecondsAndNotStored() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"])
        #expect(terminal.waitFor("Heartline home."))
        terminal.type("settings\r")
        #expect(terminal.waitFor("Power off."))
        terminal.type("speech\r")
        #expect(terminal.waitFor("Output module: default."))
        terminal.type("volume\r")
        #expect(terminal.waitFor("Type a number from -50 to 100 for volume, or default."))
        var mark = terminal.mark
        terminal.type("-100\r")
        #expect(terminal.waitFor("Volume must be from -50 to 100.", after: mark))
        mark = terminal.mark
        terminal.type("-30\r")
        #expect(terminal.waitFor("Keep this? Yes or no.", after: mark))
        let asked = Date()
        mark = terminal.mark
        // The core ticks on the real clock while the question waits; the budget is generous.
        #expect(terminal.waitFor("No answer, so volume is back to default.", after: mark, timeout: 30), "\(terminal.screen)")
        let undone = Date().timeIntervalSince(asked)
        print("volume -30 undone \(String(format: "%.2f", undone)) s after it was asked about")
        #expect(undone >= 9.5, "undone after \(undone) s")
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        let next = try Self.speechScreen(data)
        #expect(next.lines.contains("menu: 3, Volume: default."), "\(next.standardOutput)")
    }

    @Test func resetSpeechForgetsABadVoiceLanguageAndModule() throws {
        let data = TemporaryDirectory()
        try Self.store([.voice: "no-such-voice", .language: "xx", .module: "none-such", .rate: "70"], in: data)
        let reset = try runInProcess(
            ["--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null", "--reset-speech"],
            input: Data("settings\nspeech\nquit\n".utf8))
        #expect(reset.status == 0, "\(reset.standardError)")
        #expect(reset.lines.contains("answer: Speech settings are back to their defaults."), "\(reset.standardOutput)")
        #expect(reset.standardError.contains("speech: settings reset to the defaults (--reset-speech)"), "\(reset.standardError)")
        for line in [
            "menu: 1, Rate: default.", "menu: 4, Voice: default.", "menu: 5, Language: default.", "menu: 6, Output module: default.",
        ] {
            #expect(reset.lines.contains(line), "\(line)\n\(reset.standardOutput)")
        }
        // Stored so: the next start without the option speaks with the defaults too.
        let next = try Self.speechScreen(data)
        #expect(next.lines.contains("menu: 4, Voice: default."), "\(next.standardOutput)")
        #expect(!next.lines.contains("answer: Speech settings are back to their defaults."))
        #expect(try SQLiteStore(directory: data.path).settings().speech.isEmpty)
    }

    @Test func minusHeldWhileStartingResetsSpeech() throws {
        let data = TemporaryDirectory()
        try Self.store([.voice: "no-such-voice", .volume: "-40"], in: data)
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"],
            typedBeforeStart: String(repeating: "-", count: 12))
        #expect(terminal.waitFor("Speech settings are back to their defaults."), "\(terminal.screen)")
        #expect(terminal.waitFor("Heartline home."))
        // The held key's repeats are taken by the reset, not answered one by one.
        #expect(!terminal.screen.contains("does nothing here"), "\(terminal.screen)")
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(try SQLiteStore(directory: data.path).settings().speech.isEmpty)
    }

    /// A key typed ahead once is no held key: it is taken as typed, and nothing is reset.
    @Test func aKeyTypedAheadIsTakenAndResetsNothing() throws {
        let data = TemporaryDirectory()
        try Self.store([.volume: "-40"], in: data)
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"], typedBeforeStart: "4")
        #expect(terminal.waitFor("Power off."), "\(terminal.screen)")
        #expect(!terminal.screen.contains("Speech settings are back to their defaults."))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
        #expect(try SQLiteStore(directory: data.path).settings().speech == [.volume: "-40"])
    }
}

/// The configuration file's speech numbers are brought into the ranges Settings, Speech takes.
@Suite(.timed) struct AudibleSpeechSettingsTests {
    @Test func aConfiguredSilentVolumeOrUnfollowableRateIsBroughtIntoTheAudibleRange() {
        let configured = SpeechSettings(rate: 100, pitch: -100, volume: -100, language: "de", voice: "x")
        #expect(configured.audible == SpeechSettings(rate: 80, pitch: -100, volume: -50, language: "de", voice: "x"))
        #expect(SpeechSettings(rate: -100).audible.rate == -60)
        #expect(SpeechSettings().audible == SpeechSettings())
    }
}
