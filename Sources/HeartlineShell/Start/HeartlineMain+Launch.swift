#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import HeartlineStorage

/// A start of Heartline, step by step: what the command line, the configuration file and the
/// installed languages settle before the store opens, then the store, the session and its edges.
/// `HeartlineMain.run` calls the steps in order.
struct Launch {
    /// Why the start ended before the loop ran: the process's exit status.
    struct Exit: Error {
        let status: Int32
    }

    /// The speech engine the choice made, before the sound is checked.
    struct Speech {
        let choice: SpeechChoice
        /// The engine (speech-dispatcher, espeak-ng or the transcript); nil for the transcript on
        /// a terminal, which prints above the line being typed.
        let output: (any SpeechOutput)?
        let terminalTranscript: TerminalTranscript?
        /// Whichever of the two speaks.
        let speaker: Speaker
        /// The configuration file's speech settings, within what is heard.
        let configured: SpeechSettings
        /// Whether the configuration names a voice language (else the voice speaks Heartline's).
        let voiceLanguageConfigured: Bool
    }

    /// The speech with what is put around it: last words drained, captions on a terminal.
    struct Voice {
        let speech: Speech
        let draining: DrainingSpeaker?
        let captioned: Captions?
        /// What the session speaks through.
        let speaker: Speaker
    }

    /// What runs once the store is open.
    struct Running {
        let session: Session
        let headset: HeadsetLink
        let sensors: SensorLink
        let stored: StoredState
        /// The language spoken from the start: the one chosen in Settings, when installed.
        let spoken: Words
        let resetSpeech: Bool
        /// Keys typed before the terminal was taken (minus held for the speech reset).
        let typedAhead: [UInt8]
    }

    let options: Options
    let configuration: Configuration.Loaded
    let environment: [String: String]
    let streams: ProcessStreams
    /// A terminal: the binary's own, or one a test runs Heartline on inside its process
    /// (readline's state is the process's: the terminal takes it and gives it back).
    let interactive: Bool
    let log: (String) -> Void
    let installed: PromptFiles.Installed
    /// Every installed language's words, each on its own locale's clock.
    let allWords: [Words]
    let startLanguage: String
    /// The start's language, for what is said before the store is read.
    let words: Words
    let clock: ShellClock
    let loop: EventLoop
    /// The data folder: --data-dir, the configuration file's, or the default.
    let directory: String

    // MARK: - Before the store

    /// The command line, the configuration file, the log, the languages, the clock and the loop;
    /// `--help`, `--version` and what cannot start end here.
    static func prepare(_ arguments: [String], environment: [String: String], streams: ProcessStreams) -> Result<Launch, Exit> {
        var options: Options
        do {
            options = try Options(arguments: Array(arguments.dropFirst()))
        } catch {
            streams.writeError("heartline: \(error)\n\(Options.usage)\n")
            return .failure(Exit(status: 2))
        }
        if options.showHelp {
            streams.printLine(Options.usage)
            return .failure(Exit(status: 0))
        }
        if options.showVersion {
            streams.printLine("heartline \(HeartlineMain.version)")
            return .failure(Exit(status: 0))
        }
        let configuration = Configuration.load(explicit: options.configFile, environment: environment)
        configuration.apply(to: &options, environment: environment)
        // The process's signals are the binary's alone; a test ignores SIGPIPE itself.
        if streams.ownsProcess {
            // A dead speech server must not kill the process through a broken socket.
            signal(SIGPIPE, SIG_IGN)
            // A file-size limit (ulimit -f) must not kill the process mid-workout: ignored, a
            // write past it fails with EFBIG, which the store takes for a full disk and keeps the
            // workout in memory.
            signal(SIGXFSZ, SIG_IGN)
        }
        let interactive = isatty(streams.input) == 1
        // The journal stamps its lines itself; a file or a pipe gets the time on each line.
        let stamped = environment["JOURNAL_STREAM"] == nil || options.logFile != nil
        let log: (String) -> Void = { streams.writeError(LogFile.line($0, stamped: stamped)) }

        let installed: PromptFiles.Installed
        do {
            // The running binary itself, not argv[0]: run from PATH, argv[0] is a bare name.
            let places = PromptFiles.candidates(explicit: options.promptsDirectory, environment: environment, executable: "/proc/self/exe")
            installed = try PromptFiles.loadInstalled(from: places)
        } catch {
            log("\(error)")
            return .failure(Exit(status: 1))
        }
        logCatalogueProblems(installed, log: log)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let allWords = installed.languages.map { code in
            Words(
                catalogue: installed.catalogues[code]!, calendar: calendar,
                hourCycle: { ClockLocale.hourCycle(environment: environment, language: code) })
        }
        let startLanguage = LanguageChoice.start(
            configured: configuration.configuration.interfaceLanguage, commandLine: options.language, environment: environment,
            installed: installed.languages)

        let clock = ShellClock(simulatedStart: options.simulate && !interactive ? Date() : nil)
        let loop: EventLoop
        do {
            loop = try EventLoop()
        } catch {
            log("\(error)")
            return .failure(Exit(status: 1))
        }
        // Standard error moves to the log file before the speech engines start, so that their
        // libraries' noise goes there too; a failure to start before this point stays on the
        // terminal, where the person setting Heartline up can read it.
        if !streams.ownsProcess {
            // A run inside a test's process keeps its log on the stream it was given.
        } else if let path = options.logFile {
            if let problem = LogFile.redirectStandardError(to: path) {
                streams.writeError("heartline: cannot write the log to \(path): \(problem)\n")
            }
        } else if interactive, isatty(streams.error) == 1, let path = LogFile.defaultPath(environment: environment) {
            // On the terminal, log lines and audio libraries' noise would tear the typed line.
            _ = LogFile.redirectStandardError(to: path)
        }
        return .success(
            Launch(
                options: options, configuration: configuration, environment: environment, streams: streams, interactive: interactive,
                log: log, installed: installed, allWords: allWords, startLanguage: startLanguage,
                words: allWords.first { $0.language == startLanguage }!, clock: clock, loop: loop,
                directory: options.resolvedDataDirectory(environment: environment)))
    }

    /// A catalogue left out, templates said in English instead, keys it lacks: each in the log.
    private static func logCatalogueProblems(_ installed: PromptFiles.Installed, log: (String) -> Void) {
        for (code, problem) in installed.broken.sorted(by: { $0.key < $1.key }) { log("prompts: \(code) is not offered: \(problem)") }
        for (code, lines) in installed.replaced.sorted(by: { $0.key < $1.key }) {
            for line in lines { log("prompts: \(code) \(line): said in English") }
        }
        for (code, keys) in installed.missing.sorted(by: { $0.key < $1.key }) {
            log("prompts: \(code) lacks \(keys.count) of English's keys, said in English: \(keys.joined(separator: ", "))")
        }
    }

    /// The speech engine `--speech` asks for. The transcript on a terminal prints above the line
    /// being typed; everything else comes from the speech module's factory (speech-dispatcher,
    /// espeak-ng, transcript).
    func makeSpeech() -> Speech {
        let choice = SpeechChoice(rawValue: options.speech.rawValue) ?? .auto
        // The configuration file's numbers too stay within what is heard.
        var configured = configuration.configuration.speechSettings(over: SpeechSettings()).audible
        // The voice speaks Heartline's language, unless the configuration names a voice language.
        let voiceLanguageConfigured = configuration.configuration.language != nil
        if !voiceLanguageConfigured { configured.language = startLanguage }
        let terminalTranscript = interactive && choice == .transcript ? TerminalTranscript(fd: streams.output) : nil
        let output: (any SpeechOutput)? =
            terminalTranscript == nil
            ? makeSpeaker(
                choice, loop: loop, catalogue: words.catalogue, settings: configured, transcript: streams.output, log: log) : nil
        return Speech(
            choice: choice, output: output, terminalTranscript: terminalTranscript, speaker: terminalTranscript ?? output!,
            configured: configured,
            voiceLanguageConfigured: voiceLanguageConfigured)
    }

    /// `--check`: the self-check, spoken and printed, instead of a session.
    func selfCheck(speaking speaker: Speaker) -> Int32 {
        SelfCheck.runCommand(
            options: options, environment: environment, loop: loop, speaker: speaker, words: words,
            warnings: configuration.warnings(words),
            uploadKeyPath: configuration.configuration.upload.keyPath(
                environment: environment, home: environment["HOME"] ?? NSHomeDirectory()), output: streams.printLine, log: log)
    }

    /// The speech with its last words drained and, on a terminal, its captions.
    func makeVoice(_ speech: Speech) -> Voice {
        // With no sound output nothing would be heard: one line says so, and every sentence is
        // printed as well.
        var captions = options.captions
        if speech.output != nil, speech.choice != .transcript, !SystemProbe.soundReachable(environment: environment) {
            log("sound: no sound server answers and there is no sound card\(interactive ? "; captions are on" : "")")
            if interactive {
                streams.writeOutput(words(.systemNoSound) + "\n")
                captions = true
            }
        }
        // From here on, last words ("Goodbye.", "Workout saved.") are heard before the process exits.
        let draining = speech.output.map(DrainingSpeaker.init)
        // On a terminal captions can also come on later, when the sound turns out not to work.
        let captioned =
            (captions || interactive) && speech.output != nil
            ? Captions(draining ?? speech.speaker, enabled: captions, output: streams.output) : nil
        return Voice(speech: speech, draining: draining, captioned: captioned, speaker: captioned ?? draining ?? speech.speaker)
    }

    /// The store in the data folder, or nil once what keeps it from opening is said.
    func openStore(_ voice: Voice) -> SQLiteStore? {
        let store: SQLiteStore
        do {
            // The whole-file check runs after the first sentence, off the loop: the start must
            // not grow with the history.
            store = try SQLiteStore(directory: directory, now: { [clock] in clock.now }, checkAtOpen: false)
        } catch {
            let prompt: Prompt
            switch error {
            case .locked: prompt = .startLocked
            case .newerDatabase: prompt = .startNewerDatabase
            case .notWritable: prompt = .startNotWritable
            case .deviceFailing: prompt = .startDeviceFailing
            case .diskFull, .corrupt, .failed: prompt = .startStorageFailed
            }
            voice.speaker.speak([Utterance(.event, words(prompt, prompt.placeholders.isEmpty ? [:] : ["path": directory]))])
            if error != .locked { log("\(error)") }
            return nil
        }
        if let moved = store.recoveredFromCorruption {
            voice.speaker.speak([Utterance(.event, words(.startCorrupt, ["path": moved]))])
        }
        if let lost = store.lostWrites {
            voice.speaker.speak([Utterance(.event, words(.startLogLost))])
            log(
                "storage: the write-ahead log lacks the last \(lost.commits) commits; it was \(lost.keptLog.map { "copied to \($0)" } ?? "gone")"
            )
        }
        return store
    }
}
