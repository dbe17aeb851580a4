#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import HeartlineStorage

extension Launch {
    /// The session on the open store, with its edges: speech settings, exports, the upload, the
    /// captions, the history, the plans folder, the headset and the sticks. Its first sentences
    /// are said and the database's check starts off the loop.
    func start(store: any WorkoutStore, voice: Voice) -> Running {
        let labelled = WallClockLabels(store, offset: { [clock] in clock.wallOffset }, log: log)
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
        let reference = SessionReference()
        let speechEdges = connectSpeech(voice, reference, stored: stored, resetSpeech: resetSpeech, spoken: spoken)
        let files = connectFiles(reference, store: store, storage: storage, directory: directory)
        // Captions as last set in Settings, unless --captions or the configuration says on.
        if let captioned = voice.captioned, stored.captions { captioned.enabled = true }
        let headset = HeadsetLink(
            loop: loop, address: environment["HEARTLINE_DBUS_ADDRESS"], environment: environment, log: log, send: reference.send)
        // USB sticks are watched on a terminal, where someone can answer the offer.
        let sticks =
            interactive
            ? StickLink(
                loop: loop, store: store, plansDirectory: storage.plansDirectory ?? directory + "/plans", log: log, send: reference.send)
            : nil
        let selfCheck = SelfCheck.command(
            options: options, environment: environment, store: store, words: spoken, engine: { voice.speech.output?.engineName })
        let uploader = files.uploader
        let edges = Edges(
            selfCheck: { selfCheck() + [uploader.checkSentence(spoken)] },
            applySpeechSetting: speechEdges.applySetting, applyLanguage: speechEdges.applyLanguage,
            listSpeechOffer: speechEdges.listOffer, exportWorkout: files.export, uploadWorkout: { uploader.upload($0) },
            setCaptions: voice.captioned.map { captioned in { captioned.enabled = $0 } } ?? Edges.missing("captions", log: log),
            powerOff: { PowerOff.request() }, fillInHistory: files.fillInHistory, headsetCommand: { headset.perform($0) },
            stickCommand: sticks.map { sticks in { sticks.perform($0) } } ?? Edges.missing("sticks", log: log))
        let session = Session(loop: loop, clock: clock, core: core, storage: storage, speaker: voice.speaker, edges: edges, log: log)
        reference.session = session
        if let sticks {
            loop.after(0) { [environment] in
                sticks.start(address: environment["HEARTLINE_DBUS_ADDRESS"], mountPoint: directory + "/stick")
            }
        }
        session.start(stored: storedState, resetSpeech: resetSpeech, setUp: options.setUp)
        uploader.start()
        checkInBackground(directory: directory, loop: loop, session: session)
        let sensors = SensorLink(loop: loop, catalogue: words.catalogue, log: log) { [weak session] input in session?.send(input) }
        return Running(
            session: session, headset: headset, sensors: sensors, stored: storedState, spoken: spoken, resetSpeech: resetSpeech,
            typedAhead: typedAhead)
    }

    /// The speech settings: the defaults, the configuration file and what the user changed in
    /// Settings, Speech (which wins over the file; a reset leaves both aside, so that this run
    /// speaks with the engine's defaults), applied now and again at each change; "Heartline is
    /// ready." said in the spoken language.
    private func connectSpeech(
        _ voice: Voice, _ reference: SessionReference, stored: Settings, resetSpeech: Bool, spoken: Words
    ) -> (applySetting: (SpeechSetting, String?) -> Void, applyLanguage: (String) -> Void, listOffer: () -> Void) {
        let speech = voice.speech
        let output = speech.output
        let log = log
        let allWords = allWords
        var speechDefaults = resetSpeech ? SpeechSettings() : speech.configured
        if resetSpeech || !speech.voiceLanguageConfigured { speechDefaults.language = spoken.language }
        var speechSettings = speechDefaults.overridden(by: resetSpeech ? [:] : stored.speech)
        output?.apply(speechSettings)
        log("speech: language \(speechSettings.language) for \(spoken.language)")
        voice.speaker.speak([Utterance(.answer, spoken(.systemReady))] + configuration.warnings(spoken))
        let listOffer = {
            if let output {
                output.offer { offer in
                    log("speech: the engine offers \(offer.voices.map { "\($0.count) voices" } ?? "no voice list")")
                    reference.send(.speechOffered(offer))
                }
            } else {
                // The transcript on a terminal has no voices: any name is taken.
                reference.send(.speechOffered(SpeechOffer()))
            }
        }
        let applySetting = { (setting: SpeechSetting, value: String?) in
            speechSettings.set(setting, value, defaults: speechDefaults)
            output?.apply(speechSettings)
            // Another module has other voices: Settings, Speech checks against its list.
            if setting == .module { listOffer() }
        }
        let applyLanguage = { (code: String) in
            // Key echo and completion, at the edge, speak it too.
            if let chosen = allWords.first(where: { $0.language == code }) {
                reference.session?.terminalForOutput?.speak(in: chosen)
            }
            // A language chosen in Settings takes a voice of it: the voice language follows.
            speechDefaults.language = code
            speechSettings.set(.language, nil, defaults: speechDefaults)
            output?.apply(speechSettings)
            log("speech: language \(speechSettings.language) for \(code)")
        }
        return (applySetting, applyLanguage, listOffer)
    }

    /// Files in and out: exports, the upload queue (started once the session has), the history's
    /// filling in, and the plans folder read off the loop on a terminal.
    private func connectFiles(
        _ reference: SessionReference, store: any WorkoutStore, storage: StorageEdge, directory: String
    ) -> (export: (Int64, ExportFormat) -> Input, uploader: Uploader, fillInHistory: () -> Void) {
        let exports = ExportFolder(environment: environment, store: store)
        let uploadSettings = configuration.configuration.upload
        let uploader = Uploader(
            directory: directory, configuration: uploadSettings,
            keyPath: uploadSettings.keyPath(environment: environment, home: environment["HOME"] ?? NSHomeDirectory()), store: store,
            loop: loop, log: log)
        uploader.send = reference.send
        let history = HistoryFiller(directory: directory, loop: loop, log: log)
        if interactive {
            // A page of the plans folder is read and parsed on a thread of its own: keys are
            // answered meanwhile. A script reads it in its turn, so that its next line finds the list.
            storage.offLoop = { [loop] work in
                loop.inBackground("heartline.plans", work) { input in reference.send(input) }
            }
        }
        return ({ id, format in exports.export(id, format: format) }, uploader, { history.request() })
    }

    /// The strap and the motion sensors: each kind from --sensor KIND=ADDRESS, else as
    /// remembered in Settings, Sensors; the simulated ones asked for; the paired strap connected
    /// at launch, so that it is ready by the time a workout starts.
    func attachSensors(to running: Running) {
        let session = running.session
        let stored = running.stored.settings
        let pairedStrap = options.sensor ?? stored.strap?.address
        let sensors = running.sensors
        sensors.takeAsKind = { [weak session] kind, argument in session?.takeAsKind(kind, argument) ?? false }
        session.sensors = sensors
        session.makeLink = { [weak session, loop, words, log] kind in
            let link = SensorLink(kind: kind, loop: loop, catalogue: words.catalogue, log: log) { [weak session] input in
                session?.send(input)
            }
            link.takeAsKind = { [weak session] kind, argument in session?.takeAsKind(kind, argument) ?? false }
            return link
        }
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
            sensors.use(pairedStrap, name: stored.strap?.name ?? "")
        }
    }

    /// The blocked stop signals, read from the loop: SIGWINCH resizes the terminal, the others
    /// end the session.
    func watch(signals: Int32, session: Session) {
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

    /// Keys from the terminal, with its echo, captions and sound watch, or lines of a script.
    func takeInput(_ running: Running, voice: Voice) {
        let session = running.session
        guard interactive else {
            session.runScript(ScriptInput(fd: streams.input))
            return
        }
        // Key echo as last chosen in Settings, unless --echo says otherwise.
        let storedEcho = KeyEchoMode(rawValue: running.stored.settings.keyEcho.rawValue) ?? options.echo
        session.runTerminal(
            words: running.spoken, echo: options.given.contains("--echo") ? options.echo : storedEcho,
            typedAhead: running.resetSpeech ? [] : running.typedAhead, input: streams.input, output: streams.output,
            terminalName: environment["TERM"])
        voice.speech.terminalTranscript?.terminal = session.terminalForOutput
        voice.captioned?.terminal = session.terminalForOutput
        if let captioned = voice.captioned {
            watchSound(captioned, output: voice.speech.output, loop: loop, words: running.spoken, environment: environment, log: log)
        }
        configuration.configuration.keys.install(on: session)
    }
}
