#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import HeartlineStorage

/// The program: parses the command line, builds the session and runs its loop.
public enum HeartlineMain {
    public static let version = HeartlineRelease.version

    /// Runs Heartline and returns the process's exit status.
    ///
    /// - Parameter streams: the process's own standard streams in the binary; a test's pipes or
    ///   files when it runs Heartline inside its own process, or a pseudo-terminal's side, one run
    ///   on a terminal at a time (readline's state is the process's). Such a run leaves the
    ///   process's signals and standard error alone.
    public static func run(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment, streams: ProcessStreams = .standard
    ) -> Int32 {
        if let status = Subcommands.run(arguments, environment: environment, streams: streams) { return status }
        var options: Options
        do {
            options = try Options(arguments: Array(arguments.dropFirst()))
        } catch {
            streams.writeError("heartline: \(error)\n\(Options.usage)\n")
            return 2
        }
        if options.showHelp {
            streams.printLine(Options.usage)
            return 0
        }
        if options.showVersion {
            streams.printLine("heartline \(version)")
            return 0
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
        // A terminal: the binary's own, or one a test runs Heartline on inside its process
        // (readline's state is the process's: the terminal takes it and gives it back).
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
            return 1
        }
        for (code, problem) in installed.broken.sorted(by: { $0.key < $1.key }) { log("prompts: \(code) is not offered: \(problem)") }
        for (code, lines) in installed.replaced.sorted(by: { $0.key < $1.key }) {
            for line in lines { log("prompts: \(code) \(line): said in English") }
        }
        for (code, keys) in installed.missing.sorted(by: { $0.key < $1.key }) {
            log("prompts: \(code) lacks \(keys.count) of English's keys, said in English: \(keys.joined(separator: ", "))")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        // Every installed language's words, each on its own locale's clock.
        let allWords = installed.languages.map { code in
            Words(
                catalogue: installed.catalogues[code]!, calendar: calendar,
                hourCycle: { ClockLocale.hourCycle(environment: environment, language: code) })
        }
        let startLanguage = LanguageChoice.start(
            configured: configuration.configuration.interfaceLanguage, commandLine: options.language, environment: environment,
            installed: installed.languages)
        let words = allWords.first { $0.language == startLanguage }!
        let catalogue = words.catalogue

        let clock = ShellClock(simulatedStart: options.simulate && !interactive ? Date() : nil)
        let loop: EventLoop
        do {
            loop = try EventLoop()
        } catch {
            log("\(error)")
            return 1
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
        // The transcript on a terminal prints above the line being typed; everything else
        // comes from the speech module's factory (speech-dispatcher, espeak-ng, transcript).
        let choice = SpeechChoice(rawValue: options.speech.rawValue) ?? .auto
        // The configuration file's numbers too stay within what is heard.
        var configuredSpeech = configuration.configuration.speechSettings(over: SpeechSettings()).audible
        // The voice speaks Heartline's language, unless the configuration names a voice language.
        let voiceLanguageConfigured = configuration.configuration.language != nil
        if !voiceLanguageConfigured { configuredSpeech.language = startLanguage }
        let terminalTranscript = interactive && choice == .transcript ? TerminalTranscript(fd: streams.output) : nil
        let output: (any SpeechOutput)? =
            terminalTranscript == nil
            ? makeSpeaker(
                choice, loop: loop, catalogue: catalogue, settings: configuredSpeech, transcript: streams.output, log: log) : nil
        let speaker: Speaker = terminalTranscript ?? output!
        if options.check {
            return SelfCheck.runCommand(
                options: options, environment: environment, loop: loop, speaker: speaker, words: words,
                warnings: configuration.warnings(words),
                uploadKeyPath: configuration.configuration.upload.keyPath(
                    environment: environment, home: environment["HOME"] ?? NSHomeDirectory()), output: streams.printLine, log: log)
        }
        // With no sound output nothing would be heard: one line says so, and every sentence is
        // printed as well.
        var captions = options.captions
        if output != nil, choice != .transcript, !SystemProbe.soundReachable(environment: environment) {
            log("sound: no sound server answers and there is no sound card\(interactive ? "; captions are on" : "")")
            if interactive {
                streams.writeOutput(words(.systemNoSound) + "\n")
                captions = true
            }
        }
        // From here on, last words ("Goodbye.", "Workout saved.") are heard before the process exits.
        let draining = output.map(DrainingSpeaker.init)
        // On a terminal captions can also come on later, when the sound turns out not to work.
        let captioned =
            (captions || interactive) && output != nil ? Captions(draining ?? speaker, enabled: captions, output: streams.output) : nil
        let voice: Speaker = captioned ?? draining ?? speaker

        // Block the stop signals before the store opens, so none can kill the process outright
        // between opening the store and watching for them; they are read from the loop below.
        let signals = streams.ownsProcess ? heartline_signalfd() : -1
        let directory = options.resolvedDataDirectory(environment: environment)
        let store: SQLiteStore
        do {
            // The whole-file check runs after the first sentence, off the loop (below): the start
            // must not grow with the history.
            store = try SQLiteStore(directory: directory, now: { clock.now }, checkAtOpen: false)
        } catch {
            let prompt: Prompt
            switch error {
            case .locked: prompt = .startLocked
            case .newerDatabase: prompt = .startNewerDatabase
            case .notWritable: prompt = .startNotWritable
            case .deviceFailing: prompt = .startDeviceFailing
            case .diskFull, .corrupt, .failed: prompt = .startStorageFailed
            }
            voice.speak([Utterance(.event, words(prompt, prompt.placeholders.isEmpty ? [:] : ["path": directory]))])
            if error != .locked { log("\(error)") }
            draining?.drain(on: loop, seconds: 3)
            return 1
        }
        if let moved = store.recoveredFromCorruption {
            voice.speak([Utterance(.event, words(.startCorrupt, ["path": moved]))])
        }
        if let lost = store.lostWrites {
            voice.speak([Utterance(.event, words(.startLogLost))])
            log(
                "storage: the write-ahead log lacks the last \(lost.commits) commits; it was \(lost.keptLog.map { "copied to \($0)" } ?? "gone")"
            )
        }

        // On real time, commits run on a storage thread (a slow disk must not hold the loop); a
        // script's simulated clock keeps them in step with its simulated seconds.
        let background = clock.isSimulated ? nil : BackgroundCommits(store)
        let committed: any WorkoutStore = background ?? store
        let labelled = WallClockLabels(committed, offset: { clock.wallOffset }, log: log)
        // What the store holds, read once: the core starts from it, the adapters take the settings.
        let storage = StorageEdge(labelled)
        storage.plansDirectory = options.plansDirectory ?? directory + "/plans"
        let storedState = storage.storedState()
        let stored = storedState.settings
        // The way back that needs no speech: --reset-speech, or minus held while starting (by
        // now, with the speech engine connected, a held key has repeated many times).
        let typedAhead = interactive ? ResetKey.typedAhead(fd: streams.input) : []
        let resetSpeech = options.resetSpeech || ResetKey.isHeld(in: typedAhead)
        if resetSpeech {
            log("speech: settings reset to the defaults (\(options.resetSpeech ? "--reset-speech" : "minus held at start"))")
        }
        // The language chosen in Settings, when it is installed, is above the start's.
        let spokenLanguage = stored.language.flatMap { installed.catalogues[$0] == nil ? nil : $0 } ?? startLanguage
        // The edge's own sentences from here on (ready, warnings, key echo) are in it too.
        let spoken = allWords.first { $0.language == spokenLanguage }!
        let core = Heartline(words: words, languages: allWords)
        let session = Session(loop: loop, clock: clock, core: core, storage: storage, speaker: voice, log: log)
        session.selfCheck = SelfCheck.command(
            options: options, environment: environment, store: committed, words: spoken, engine: { output?.engineName })
        // What the user changed in Settings, Speech wins over the configuration file; a reset
        // leaves both aside, so that this run speaks with the engine's defaults.
        var speechDefaults = resetSpeech ? SpeechSettings() : configuredSpeech
        if resetSpeech || !voiceLanguageConfigured { speechDefaults.language = spokenLanguage }
        var speechSettings = speechDefaults.overridden(by: resetSpeech ? [:] : stored.speech)
        output?.apply(speechSettings)
        log("speech: language \(speechSettings.language) for \(spokenLanguage)")
        voice.speak([Utterance(.answer, spoken(.systemReady))] + configuration.warnings(spoken))
        session.applySpeechSetting = { [weak session] setting, value in
            speechSettings.set(setting, value, defaults: speechDefaults)
            output?.apply(speechSettings)
            // Another module has other voices: Settings, Speech checks against its list.
            if setting == .module { session?.listSpeechOffer?() }
        }
        session.applyLanguage = { [weak session] code in
            // Key echo and completion, at the edge, speak it too.
            if let chosen = allWords.first(where: { $0.language == code }) { session?.terminalForOutput?.speak(in: chosen) }
            // A language chosen in Settings takes a voice of it: the voice language follows.
            speechDefaults.language = code
            speechSettings.set(.language, nil, defaults: speechDefaults)
            output?.apply(speechSettings)
            log("speech: language \(speechSettings.language) for \(code)")
        }
        session.listSpeechOffer = { [weak session] in
            if let output {
                output.offer { offer in
                    log("speech: the engine offers \(offer.voices.map { "\($0.count) voices" } ?? "no voice list")")
                    session?.send(.speechOffered(offer))
                }
            } else {
                // The transcript on a terminal has no voices: any name is taken.
                session?.send(.speechOffered(SpeechOffer()))
            }
        }
        let exports = ExportFolder(environment: environment, store: committed)
        session.exportWorkout = { id, format in exports.export(id, format: format) }
        let uploadSettings = configuration.configuration.upload
        let uploader = Uploader(
            directory: directory, configuration: uploadSettings,
            keyPath: uploadSettings.keyPath(environment: environment, home: environment["HOME"] ?? NSHomeDirectory()), store: committed,
            loop: loop, log: log)
        uploader.send = { [weak session] input in session?.send(input) }
        session.uploadWorkout = { uploader.upload($0) }
        if let check = session.selfCheck { session.selfCheck = { check() + [uploader.checkSentence(spoken)] } }
        session.powerOff = { PowerOff.request() }
        // Captions as last set in Settings, unless --captions or the configuration says on.
        if let captioned {
            if stored.captions { captioned.enabled = true }
            session.setCaptions = { captioned.enabled = $0 }
        }
        let history = HistoryFiller(directory: directory, loop: loop, log: log)
        session.fillInHistory = { history.request() }
        if interactive {
            // A page of the plans folder is read and parsed on a thread of its own: keys are
            // answered meanwhile. A script reads it in its turn, so that its next line finds the list.
            storage.offLoop = { [weak session] work in
                loop.inBackground("heartline.plans", work) { input in session?.send(input) }
            }
        }
        let headset = HeadsetLink(
            loop: loop, address: environment["HEARTLINE_DBUS_ADDRESS"], environment: environment, log: log
        ) { [weak session] input in
            session?.send(input)
        }
        session.headsetCommand = { headset.perform($0) }
        // USB sticks are watched on a terminal, where someone can answer the offer.
        if interactive {
            let sticks = StickLink(loop: loop, store: committed, plansDirectory: storage.plansDirectory ?? directory + "/plans", log: log) {
                [weak session] input in session?.send(input)
            }
            session.stickCommand = { sticks.perform($0) }
            loop.after(0) { sticks.start(address: environment["HEARTLINE_DBUS_ADDRESS"], mountPoint: directory + "/stick") }
        }
        session.start(stored: storedState, resetSpeech: resetSpeech, setUp: options.setUp)
        uploader.start()
        checkInBackground(directory: directory, loop: loop, session: session)
        let pairedStrap = options.sensor ?? stored.strap?.address
        let sensors = SensorLink(loop: loop, catalogue: catalogue, log: log) { [weak session] input in session?.send(input) }
        sensors.takeAsKind = { [weak session] kind, argument in session?.takeAsKind(kind, argument) ?? false }
        session.sensors = sensors
        session.makeLink = { [weak session] kind in
            let link = SensorLink(kind: kind, loop: loop, catalogue: catalogue, log: log) { [weak session] input in session?.send(input) }
            link.takeAsKind = { [weak session] kind, argument in session?.takeAsKind(kind, argument) ?? false }
            return link
        }
        // Each kind from --sensor KIND=ADDRESS, else as remembered in Settings, Sensors.
        var motionGiven = Set<SensorKind>()
        for kind in Settings.motionKinds {
            guard let address = options.motionSensors[kind] ?? stored.motionSensors[kind]?.address else { continue }
            session.useMotionSensor(kind, address)
            motionGiven.insert(kind)
        }
        // A further --sensor without a kind is tried as the first kind with nothing given; its
        // services tell what it is, and the link of that kind takes it.
        for argument in options.sensorsWithoutKind {
            guard let kind = Settings.motionKinds.first(where: { !motionGiven.contains($0) }) else {
                log("sensor \(argument): every kind of sensor is given already")
                continue
            }
            session.useMotionSensor(kind, argument)
            motionGiven.insert(kind)
        }
        for (offset, kind) in options.simulatedKinds.enumerated() {
            session.attachSimulatedSensor(
                kind, seed: options.seed &+ UInt64(offset + 1), name: "Simulated \(kind.logName)", machineType: options.simulatedMachine)
        }
        if options.simulate || options.simulateUnlessPaired && pairedStrap == nil {
            session.attachSimulatedStrap(seed: options.seed, name: "Simulated strap")
        } else if let pairedStrap {
            // Connect at launch: the strap is ready by the time a workout starts.
            sensors.use(pairedStrap, name: stored.strap?.name ?? "")
        }

        if signals >= 0 {
            loop.watch(signals) {
                while case let signal = heartline_signalfd_read(signals), signal != 0 {
                    if signal == SIGWINCH {
                        session.resizeTerminal()
                    } else {
                        session.shutdown()
                    }
                }
            }
        }

        if interactive {
            // Key echo as last chosen in Settings, unless --echo says otherwise.
            let storedEcho = KeyEchoMode(rawValue: stored.keyEcho.rawValue) ?? options.echo
            session.runTerminal(
                words: spoken, echo: options.given.contains("--echo") ? options.echo : storedEcho,
                typedAhead: resetSpeech ? [] : typedAhead, input: streams.input, output: streams.output, terminalName: environment["TERM"])
            terminalTranscript?.terminal = session.terminalForOutput
            captioned?.terminal = session.terminalForOutput
            if let captioned {
                watchSound(captioned, output: output, loop: loop, words: spoken, environment: environment, log: log)
            }
            configuration.configuration.keys.install(on: session)
        } else {
            session.runScript(ScriptInput(fd: streams.input))
        }
        // For heartline-bench loop: how long the loop went without polling while a workout
        // recorded, and outside that (start-up of the loop, the commit creating the workout).
        let probe = environment["HEARTLINE_LOOP_PROBE"].map { _ in StallProbe(loop: loop) { session.core.isRecording } }
        loop.run()
        headset.finish()
        if let path = environment["HEARTLINE_LOOP_PROBE"], let probe {
            probe.write(to: path)
        }
        // What the last turns handed to the storage thread is on disk before the process exits.
        background?.finish()
        // Saved workouts must not depend on the -wal file: it goes into the database file now.
        store.finishWrites()
        draining?.drain(on: loop, seconds: 3)
        return 0
    }
}

/// Turns captions on, with the one line saying why, when the sound turns out not to work after
/// start: the sound server's only output is its dummy one (pactl, asked off the loop), or no
/// speech engine can speak any more. Logs the sound server and the sink it plays to.
func watchSound(
    _ captions: Captions, output: (any SpeechOutput)?, loop: EventLoop, words: Words, environment: [String: String],
    log: @escaping (String) -> Void
) {
    let noSound = { (why: String) in
        guard !captions.enabled else { return }
        log("sound: \(why); captions are on")
        captions.startForUnheardSound(words(.systemNoSound))
    }
    if let router = output as? SpeechRouter {
        router.onEngineChange = { engine in
            if engine == nil { noSound("no speech engine can speak") }
        }
    }
    // Asked with captions on too: the log says where speech goes whatever is on the terminal.
    loop.inBackground(
        "heartline.sound-check",
        {
            // On an emulated or small board at boot pactl can take seconds: a time-out would read
            // as an output that works, and the captions would never come on.
            let found = SystemProbe.soundOutput(environment: environment, waiting: 15)
            if case .none = found.output { return (false, found.seen) }
            return (true, found.seen)
        },
        then: { (heard: Bool, seen: String) in
            log("sound: \(seen)")
            if heard { captions.soundHeard() } else { noSound("the sound server has no output but its dummy one") }
        })
}

/// Runs the database's `quick_check` on a thread of its own after the first sentence; a damaged
/// database is said then, and moved aside at the next start; a sound one has its history filled in.
private func checkInBackground(directory: String, loop: EventLoop, session: Session) {
    let reference = LoopBoundReference(session)
    loop.inBackground(
        "heartline.check",
        {
            let started = ContinuousClock.now
            let problems = SQLiteStore.quickCheck(directory: directory)
            return (problems, started.duration(to: .now))
        },
        then: { (problems: [String]?, took: Duration) in
            guard let session = reference.object else { return }
            session.log(
                "storage: quick_check \(problems == nil ? "ok" : "found \(problems!.prefix(3).joined(separator: "; "))") in \(plainSeconds(took.seconds))"
            )
            if problems != nil { session.send(.databaseDamaged) } else { session.fillInHistory?() }
        })
}
