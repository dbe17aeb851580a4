import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineTestSupport
import Testing

/// Which language Heartline speaks: Settings, then `--language`, the configuration file, then
/// `LC_ALL`, `LC_MESSAGES` and `LANG`; English when none names an installed one.
@Suite(.timed) struct LanguageChoiceTests {
    static let installed = ["de", "en", "es"]

    @Test(
        arguments: [
            (nil, nil, [:], "en"),
            (nil, nil, ["LANG": "es_ES.UTF-8"], "es"),
            (nil, nil, ["LANG": "es_ES.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"], "de"),
            (nil, nil, ["LANG": "es_ES.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LC_ALL": "en_GB.UTF-8"], "en"),
            // A locale of a language not installed leaves the choice to the next variable.
            (nil, nil, ["LC_ALL": "fr_FR.UTF-8", "LANG": "de_AT.UTF-8"], "de"),
            (nil, nil, ["LANG": "fr_FR.UTF-8"], "en"),
            (nil, nil, ["LANG": "C.UTF-8"], "en"),
            (nil, "de", ["LANG": "es_ES.UTF-8"], "de"),
            // The command line wins over the file, as with every option.
            ("es", "de", ["LANG": "en_US.UTF-8"], "de"),
            ("es", "fr", ["LANG": "en_US.UTF-8"], "es"),
            ("fr", nil, ["LANG": "de_DE.UTF-8"], "de"),
        ] as [(String?, String?, [String: String], String)])
    func theStartLanguage(configured: String?, commandLine: String?, environment: [String: String], chosen: String) {
        #expect(
            LanguageChoice.start(configured: configured, commandLine: commandLine, environment: environment, installed: Self.installed)
                == chosen)
    }

    @Test func localeNamesGiveTheirLanguage() {
        #expect(LanguageChoice.code(of: "es_ES.UTF-8") == "es")
        #expect(LanguageChoice.code(of: "de_DE@euro") == "de")
        #expect(LanguageChoice.code(of: "de") == "de")
        #expect(LanguageChoice.code(of: "POSIX") == "en")
        #expect(LanguageChoice.code(of: "12") == nil)
    }

    @Test func theConfigurationFileAndTheCommandLineName() throws {
        let parsed = Configuration.parse("language = es_ES\nlanguage.x = 1\n")
        #expect(parsed.configuration.interfaceLanguage == "es")
        let wrong = Configuration.parse("language = 42\n")
        #expect(wrong.configuration.interfaceLanguage == nil)
        #expect(wrong.problems.map(\.reason) == [.choice(["en", "es", "de"])])
        #expect(try Options(arguments: ["--language", "de"]).language == "de")
        #expect(throws: Options.UsageError.self) { try Options(arguments: ["--language", "4"]) }
    }

    /// A catalogue folder with English and a language "xx" that has only its ready sentence.
    static func prompts() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CatalogueTests.root.appendingPathComponent("Prompts/en").path, toPath: folder.path + "/en")
        try FileManager.default.createDirectory(atPath: folder.path + "/xx", withIntermediateDirectories: true)
        try "# module: HeartlineShell\nsystem.ready = Xx listo.\n".write(
            toFile: folder.path + "/xx/system.prompts", atomically: true, encoding: .utf8)
        try "word.yes = sí\n".write(toFile: folder.path + "/xx/vocabulary.prompts", atomically: true, encoding: .utf8)
        return folder
    }

    static func run(_ arguments: [String], _ script: String, environment: [String: String], data: TemporaryDirectory) throws -> RunResult {
        let prompts = try prompts()
        return try runInProcess(
            ["--prompts", prompts.path, "--speech", "transcript", "--data-dir", data.path] + arguments, input: Data(script.utf8),
            environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"].merging(environment) { $1 })
    }

    @Test func theBinarySpeaksTheLocalesLanguageWithEnglishForWhatItLacks() throws {
        let data = TemporaryDirectory()
        let result = try Self.run([], "settings\nquit\n", environment: ["LANG": "xx_XX.UTF-8"], data: data)
        #expect(result.status == 0)
        #expect(result.lines.first == "answer: Xx listo.")
        // Every other sentence is English's, and the log says once which keys were missing.
        #expect(result.lines.contains("menu: Settings."))
        #expect(result.standardError.components(separatedBy: "prompts: xx lacks").count == 2, "\(result.standardError)")
        // Speech is set to the language: speech-dispatcher's language, espeak-ng's voice.
        #expect(result.standardError.contains("speech: language xx for xx"), "\(result.standardError)")
    }

    @Test func theCommandLineIsAboveTheConfigurationFileAndItAboveTheLocale() throws {
        let data = TemporaryDirectory()
        let config = data.path + "/heartline.conf"
        try "language = en\n".write(toFile: config, atomically: true, encoding: .utf8)
        let both = try Self.run(["--config", config, "--language", "xx"], "quit\n", environment: [:], data: data)
        #expect(both.lines.first == "answer: Xx listo.")
        let configured = try Self.run(["--config", config], "quit\n", environment: ["LANG": "xx_XX"], data: data)
        #expect(configured.lines.first == "answer: Heartline is ready.")
        // A voice language of the configuration's own stays.
        try "language = xx\nspeech.language = en-GB\n".write(toFile: config, atomically: true, encoding: .utf8)
        let voice = try Self.run(["--config", config], "quit\n", environment: [:], data: data)
        #expect(voice.lines.first == "answer: Xx listo.")
        #expect(voice.standardError.contains("speech: language en-GB for xx"), "\(voice.standardError)")
        let commandLine = try Self.run(["--language", "xx"], "quit\n", environment: [:], data: data)
        #expect(commandLine.lines.first == "answer: Xx listo.")
    }

    @Test func theLanguageChosenInSettingsIsAboveEverythingAndStaysChosen() throws {
        let data = TemporaryDirectory()
        let chosen = try Self.run([], "settings\nlanguage\nquit\n", environment: [:], data: data)
        #expect(chosen.status == 0)
        #expect(chosen.lines.first == "answer: Heartline is ready.")
        #expect(chosen.lines.contains { $0 == "menu: 9, Language: English." }, "\(chosen.lines)")
        #expect(chosen.lines.contains("answer: Language: Xx."), "\(chosen.lines)")
        #expect(chosen.standardError.contains("speech: language en for en"), "\(chosen.standardError)")
        #expect(chosen.standardError.contains("speech: language xx for xx"), "\(chosen.standardError)")
        let again = try Self.run(["--language", "en"], "quit\n", environment: ["LANG": "en_GB.UTF-8"], data: data)
        #expect(again.lines.first == "answer: Xx listo.")
    }

    /// The installed Spanish and German, as the binary speaks them from the locale: the ready
    /// sentence, a typed word of the language, accents left out, and help in the language.
    @Test(arguments: [
        ("es_ES.UTF-8", "es", "ayuda"), ("de_DE.UTF-8", "de", "hilfe"),
    ])
    func theBinarySpeaksSpanishAndGermanFromTheLocale(locale: String, language: String, help: String) throws {
        let data = TemporaryDirectory()
        let catalogue = try #require(LanguageCatalogueTests.installed.catalogues[language])
        let result = try runInProcess(
            ["--speech", "transcript", "--data-dir", data.path], input: Data("\(help)\nquit\n".utf8),
            environment: ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(result.status == 0)
        #expect(result.lines.first == "answer: " + catalogue.templates["system.ready"]!)
        #expect(result.lines.contains("menu: " + catalogue.templates["title.home"]! + "."), "\(result.lines)")
        #expect(result.lines.contains("answer: " + catalogue.templates["help.home"]!), "\(result.lines)")
        #expect(!result.standardError.contains("prompts: \(language) lacks"), "\(result.standardError)")
        #expect(result.standardError.contains("speech: language \(language) for \(language)"))
    }

    /// On the terminal, key echo follows a language chosen in Settings at once.
    @Test(.inProcessTerminal) func keyEchoSpeaksTheLanguageChosenInSettings() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path],
            environment: ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        terminal.type("?")
        #expect(terminal.waitFor("echo: question mark", after: mark))
        terminal.type("\u{15}settings\r")
        #expect(terminal.waitFor("menu: 1, Profile.", after: mark))
        mark = terminal.mark
        // Deutsch, English, Español: after English comes Spanish.
        terminal.type("language\r")
        #expect(terminal.waitFor("answer: Idioma: Español.", after: mark))
        mark = terminal.mark
        terminal.type("?")
        #expect(terminal.waitFor("echo: interrogación", after: mark))
        terminal.type("\u{15}\u{04}")
        #expect(terminal.waitForExit() == 0)
    }
}
