import Foundation

/// What the core asks the edge to do after an input.
public enum Effect: Equatable, Sendable {
    /// Speak these sentences, in order, as one response.
    case speak([Utterance])
    /// The user asked a heart-rate source to connect (a workout started) or may let it go.
    case sensorWanted(Bool)
    /// Read the strap's battery level; the answer comes back as `SensorEvent.battery`.
    case requestBattery
    /// Scan for heart-rate straps; the answer comes back as `Input.sensorsFound` or `.sensorScanFailed`.
    case scanForSensors(seconds: Double)
    /// Connect to this strap from now on (an address or `att-socket:PATH`), or to none.
    case useSensor(String?)
    /// Scan for footpods, bike sensors and power meters; the answer comes back as
    /// `Input.sensorsFound` (with their kinds) or `.sensorScanFailed`.
    case scanForMotionSensors(seconds: Double)
    /// Connect to this footpod, bike sensor or power meter from now on, or to none of its kind.
    case useMotionSensor(SensorKind, String?)
    /// Send this command to the fitness machine's control point (Request Control first when the
    /// machine has not granted it); the answer comes back as `SensorEvent.machine(.answered)`.
    case steerMachine(MachineCommand)
    /// Ask the speech engine what it offers (output modules, voices, languages); the answer
    /// comes back as `Input.speechOffered`. Asked when Settings, Speech is first entered: the
    /// listing costs the engine seconds, which a start or a workout need not pay.
    case listSpeechOffer
    /// A speech setting changed (nil: back to the default); apply it before the next sentence.
    case speechSettingChanged(SpeechSetting, String?)
    /// The language chosen in Settings changed: speech takes a voice of it.
    case languageChanged(String)
    case keyEchoChanged(KeyEchoSetting)
    /// Captions (every sentence printed as text) were switched on or off.
    case captionsChanged(Bool)
    /// Check speech, Bluetooth, the strap and storage; the sentences come back as
    /// `Input.selfCheck`.
    case runSelfCheck
    /// Write a workout to a file; the outcome comes back as `Input.exported` or `.exportFailed`.
    case exportWorkout(Int64, ExportFormat)
    /// Shut the computer down cleanly; a refusal comes back as `Input.powerOffRefused`.
    case powerOff
    /// Write a saved workout in these formats to the export folder, in silence; a failure comes
    /// back as `Input.autoExportFailed`.
    case autoExport(Int64, [ExportFormat])
    /// Upload a saved workout to the service, in the background; the outcome comes back as
    /// `Input.uploaded`.
    case upload(Int64)
    /// The profile changed: count again, in the background, what saved workouts derive from it
    /// (time in zones), and fill in what older ones lack.
    case fillInHistory
    /// Write to storage; when the disk's state changes the edge says so with `Input.storage`.
    case store(StorageWrite)
    /// Read from storage; the answer comes back as `Input.loaded`, in the same turn of the loop.
    case load(StorageRequest)
    /// Ask the headset client to find, pair, connect, keep or forget a headset; its answers
    /// come back as `Input.headset`.
    case headset(HeadsetCommand)
    /// Copy to or read from the USB stick, or unmount it; its answers come back as `Input.stick`.
    case stick(StickCommand)
    /// Leave the program: everything is stored.
    case quit
}

/// An input to the core. Time comes with every input, never from inside.
public enum Input: Equatable, Sendable {
    /// A typed line (Enter).
    case command(String)
    /// A single key pressed on an empty line, when `takesKey` said the core wants it.
    case key(Character)
    /// A key that prints nothing and edits no line (F7, Insert, Page Down), on any screen and
    /// whatever is typed: it never changes the line.
    case namedKey(NamedKey)
    /// A command given by a key of the shell's own (F1, F5, F6) or a media button.
    case act(Command)
    /// Escape that dropped a half-typed line (opened with the colon key, or typed on a menu).
    case cancelLine
    /// Escape on an empty line: it leaves the key-describe mode or a line the colon key opened,
    /// and is answered everywhere else too.
    case escape
    /// The terminal dropped a line that grew longer than `longestLine`, or a paste of more keys
    /// at once: the same refusal as a typed line that is too long.
    case lineTooLong
    /// Time passes (the loop calls this at least once a second).
    case tick
    case sensor(SensorEvent)
    /// An event of a footpod, cycling speed and cadence sensor or power meter.
    case motionSensor(SensorKind, SensorEvent)
    /// A heart-rate source exists and is trying to connect.
    case sensorAttached
    /// A scan asked for began: the adapter is there and listening. Only then is the search
    /// said, so that "Looking for heart rate straps" is never followed by "no Bluetooth".
    case sensorScanStarted
    /// A scan's results, strongest signal first.
    case sensorsFound([FoundSensor])
    case sensorScanFailed(SensorProblem)
    /// The self-check's sentences, one per part, to be said as answers.
    case selfCheck([String])
    /// An export was written: its format, file name and folder, as they are to be said.
    case exported(ExportFormat, file: String, folder: String)
    /// An export could not be written to `folder`.
    case exportFailed(diskFull: Bool, folder: String)
    /// The system would not power off (not allowed, or no logind).
    case powerOffRefused
    /// The background check found the database damaged; the next start moves it aside.
    case databaseDamaged
    /// An automatic export could not be written to `folder`.
    case autoExportFailed(diskFull: Bool, folder: String)
    /// How an upload went; `waited`: it was queued by an earlier try or an earlier run.
    case uploaded(UploadResult, waited: Bool)
    /// Storage's answer to a `.load`, or why it could not read.
    case loaded(StorageRequest, Result<StorageAnswer, StorageError>)
    /// The disk's state after the writes so far: why writing fails (nil: it works again).
    case storage(StorageError?)
    /// A `.store(.save)` went through: what of the workout still waits in memory for space,
    /// and why writing failed, if it did.
    case saved(Int64, UnwrittenWork, failure: StorageError?)
    /// What the speech engine offers (modules, voices, languages): Settings, Speech takes only
    /// these names. The answer to `Effect.listSpeechOffer` (a transcript offers no lists: any
    /// name), sent again when the output module changes.
    case speechOffered(SpeechOffer)
    /// What the headset client found or saw happen.
    case headset(HeadsetEvent)
    /// What the USB stick's edge saw or did.
    case stick(StickEvent)
    /// The input ended or the process was told to stop: keep everything, say nothing.
    case shutdown
}

/// Heartline's pure core: every screen, the workout and sentence rendering, driven by inputs.
///
/// Each call to `handle(_:at:)` returns the effects to carry out; storage too is written and
/// read through effects, its answers coming back as inputs.
public struct Heartline {
    public static let pageSize = 10
    public static let longestLine = 200

    /// The sentences of every installed language, and of the one in use.
    var languages: Languages
    /// The words of the language in use: the one chosen in Settings if it is installed, else
    /// the start's. Kept, not looked up: every sentence reads it.
    var words: Words { languages.current }

    /// The screens the user went through, the current one last: each carries its own state.
    var stack: [Screen] = [.home]
    var screen: Screen { stack.last! }
    /// The workout, its recovery and a resting check, whatever the screen.
    var training = Training()
    var sensors = Sensors()
    /// The Bluetooth headset: connected or away, and what was held while it was away.
    var headset = HeadsetFeature.State()
    /// The USB stick: in or not, and busy.
    var stick = StickStatus()
    /// What the user hears and heard.
    var conversation = Conversation()
    /// What of storage the core keeps: the settings, the profile, the last configuration, the
    /// workouts a crash left, the next id and the disk's state.
    var records = Records()

    /// The stored settings, read once at start and kept up to date by every change made here
    /// (`saveSettings`): rendering reads no storage.
    var settings: Settings { records.settings }

    /// The time of the input being handled.
    var now: Date { conversation.now }
    /// Keys bound in the configuration (`key.X = action`), before the workout screen's own.
    public var keyBindings: [Character: Command] {
        get { conversation.keyboard.bindings }
        set { conversation.keyboard.bindings = newValue }
    }

    /// - Parameters:
    ///   - words: the catalogue and calendar sentences are rendered with at first.
    ///   - languages: the words of every installed language (with `words`' own); with more
    ///     than one, Settings has a Language item.
    public init(words: Words, languages: [Words] = []) {
        self.languages = Languages(start: words, others: languages)
    }

    /// The first sentences after launch: the home screen, or a workout a crash left behind.
    /// - Parameters:
    ///   - stored: what the store holds, read by the edge before the first input.
    ///   - resetSpeech: the user asked at start for speech as it was at first (`--reset-speech`,
    ///     or the reset key held): every speech setting is forgotten, and that is said first.
    ///   - setUp: a board's start (`--set-up`): until it was finished or skipped once, the set-up
    ///     by ear (language, headset, strap) comes first, unless a crash left a workout to offer.
    public mutating func start(at now: Date, stored: StoredState, resetSpeech: Bool = false, setUp: Bool = false) -> [Effect] {
        conversation.now = now
        records = Records(stored)
        languages.use(records.settings.language)
        if resetSpeech {
            saveSettings { changed in
                for setting in SpeechSetting.allCases { changed.setSpeech(setting, to: nil) }
            }
            say(.answer, .speechReset)
        }
        // A stored voice, language or module the engine has since lost would leave speech
        // silent or wrong: the engine is asked at once, and `.speechOffered` checks them.
        if SpeechSetting.names.contains(where: { settings.speech[$0] != nil }) { speechSettings(.checkStoredNames) }
        if let unfinished = UnfinishedFeature.next(records.unfinished, environment) {
            stack = [.home, .unfinished(unfinished)]
        } else if setUp, !settings.setUpDone {
            beginSetUp()
        }
        if let remembered = settings.headset { emit(.headset(.keep(address: remembered.address))) }
        presentScreen()
        return flush()
    }

    public mutating func handle(_ input: Input, at now: Date) -> [Effect] {
        conversation.now = now
        switch input {
        case .command(let text): command(text)
        case .key(let key): pressed(key)
        case .namedKey(let key): pressed(named: key)
        case .act(let command): perform(command)
        case .cancelLine: escape(droppedLine: true)
        case .escape: escape(droppedLine: false)
        case .lineTooLong: refuseLongLine()
        case .powerOffRefused: say(.answer, .powerOffRefused)
        case .databaseDamaged: say(.notice, .storageDamaged)
        case .uploaded(let result, let waited): ended(.uploaded(result, waited: waited))
        case .autoExportFailed(let diskFull, let folder):
            // Said once a run: the next saved workout would only say it again.
            if !conversation.saidAutoExportFailure {
                conversation.saidAutoExportFailure = true
                say(.notice, diskFull ? .autoExportDiskFull : .autoExportFailed, ["folder": folder])
            }
        case .tick:
            tick()
            speechSettings(.tick)
        case .speechOffered(let offer): speechSettings(.offered(offer))
        case .sensor(let event): sensorEvent(.heartRateStrap, event)
        case .motionSensor(let kind, let event): sensorEvent(kind, event)
        case .sensorAttached: if sensors.strap == .absent { sensors.strap = .waiting }
        case .sensorScanStarted: sensorSettings(.started)
        case .sensorsFound(let found): sensorSettings(.found(found))
        case .sensorScanFailed(let problem): sensorSettings(.problem(problem, scanning: true))
        case .headset(let event): headset(.event(event))
        case .stick(let event): stick(.event(event))
        case .selfCheck(let sentences):
            for sentence in sentences { say(.answer, text: sentence) }
        case .exported(let format, let file, let folder):
            say(.answer, .exportDone, ["format": format.rawValue.uppercased(), "file": words.spokenFileName(file), "folder": folder])
        case .exportFailed(let diskFull, let folder):
            if diskFull { say(.answer, .exportDiskFull) } else { say(.answer, .exportFailed, ["folder": folder]) }
        case .loaded(let request, let answer): loaded(answer, for: request.purpose)
        case .storage(let failure): storageChanged(failure)
        case .saved(let id, let unwritten, let failure): saved(id, unwritten: unwritten, failure: failure)
        case .shutdown: shutdown()
        }
        return flush()
    }

    /// Whether the core needs time and the strap: a workout records, its recovery is measured,
    /// or a resting check runs.
    public var isRecording: Bool { training.isRecording }

    /// Whether the core needs ticks: it records, or a speech setting on trial waits for its
    /// answer or its deadline.
    public var needsTime: Bool { isRecording || SpeechFeature.trial(on: screen) != nil }

    // MARK: - Speaking

    mutating func say(_ kind: SpeechKind, _ prompt: Prompt, _ values: [String: String] = [:]) {
        // Every announcement and notice is kept for "events", with the pauses and resumes the user made.
        let logged = kind.isKeptUntilSaid || prompt == .workoutPaused || prompt == .workoutResumed
        conversation.say(Utterance(kind, words(prompt, values)), logged: logged)
    }

    mutating func say(_ kind: SpeechKind, text: String) {
        conversation.say(Utterance(kind, text), logged: false)
    }

    mutating func emit(_ effect: Effect) {
        conversation.emit(effect)
    }

    /// How many sentences this input has produced so far.
    var speechCount: Int { conversation.speech.count }

    private mutating func flush() -> [Effect] {
        holdWhileHeadsetAway()
        return conversation.flush()
    }

    // MARK: - Storage

    /// Hands a write to the edge.
    mutating func write(_ write: StorageWrite) {
        emit(.store(write))
    }

    /// Asks the edge to read; the answer comes back to `loaded(_:for:)`.
    mutating func read(_ query: StorageQuery, for purpose: ReadPurpose) {
        emit(.load(StorageRequest(query: query, purpose: purpose)))
    }

    /// The disk's state changed: trouble is said once, as a notice, until a write succeeds again.
    mutating func storageChanged(_ failure: StorageError?) {
        records.writeFailure = failure
        if let failure {
            guard conversation.storageTrouble == nil else { return }
            let trouble = StorageTrouble(failure)
            conversation.storageTrouble = trouble
            switch trouble {
            case .diskFull: say(.notice, .storageDiskFull)
            case .deviceFailing: say(.notice, .storageFailing)
            case .failed: say(.notice, .storageFailed)
            }
        } else if let said = conversation.storageTrouble {
            conversation.storageTrouble = nil
            say(.notice, said == .diskFull ? .storageDiskOk : .storageWritingAgain)
        }
    }

    /// A read answered: a failure is said as a failure (never as "no workouts"), and the
    /// screen it was for is not entered.
    mutating func loaded(_ answer: Result<StorageAnswer, StorageError>, for purpose: ReadPurpose) {
        switch answer {
        case .failure:
            switch purpose {
            // Leaving, or a check's results, go on without what could not be read.
            case .leave(let stack): leave(from: stack, unwritten: [:])
            case .restingResult(let check, let hrv): resting(.answered(check, hrv, earlier: []))
            default: say(.answer, .storageReadFailed)
            }
        case .success(let answer): answered(answer, for: purpose)
        }
    }

    /// An answer, handed to what asked for it.
    private mutating func answered(_ answer: StorageAnswer, for purpose: ReadPurpose) {
        switch (purpose, answer) {
        case (.openList, .workouts), (.turnPage, .workouts), (.refreshList, .workouts), (.openDay, .workouts), (.details, .workouts),
            (.averages, .averages), (.timeInZones, .samples), (.laps, .samples):
            review(.loaded(answer, for: purpose))
        case (.restingResult(let check, let hrv), .restingChecks(let earlier)): resting(.answered(check, hrv, earlier: earlier))
        case (.leave(let stack), .unwritten(let unwritten)): leave(from: stack, unwritten: unwritten)
        case (.planFiles(let page, let matching, let arrival), .planFiles(let files, let total)):
            configure(.showPlanFiles(files, total: total, page: page, matching: matching, arrival))
        case (.openList, _), (.turnPage, _), (.refreshList, _), (.openDay, _), (.details, _), (.averages, _), (.timeInZones, _),
            (.laps, _), (.restingResult, _), (.leave, _), (.planFiles, _):
            // An answer of another kind than asked: the edge answers each query in kind.
            assertionFailure("storage answered \(purpose) with \(answer)")
        }
    }

    /// `screen` with what it shows as it now stands, as the user comes back to it; a list is
    /// read again (`refreshList`), so it is left as it was here.
    func refreshed(_ screen: Screen) -> Screen {
        switch screen {
        case .profile: .profile(records.profile)
        case .last: .last(records.lastConfiguration)
        default: screen
        }
    }

    // MARK: - Navigation

    mutating func push(_ next: Screen) {
        if case .speech = next { speechSettings(.entered) }
        stack.append(next)
        presentScreen()
    }

    /// Stores `changed` as the settings and keeps it for the screens; a failure to write is
    /// said as storage trouble when the edge reports it.
    mutating func saveSettings(_ changed: Settings) {
        write(.settings(changed))
        records.settings = changed
        languages.use(changed.language)
    }

    /// Stores the settings as `change` leaves them.
    mutating func saveSettings(_ change: (inout Settings) -> Void) {
        var changed = settings
        change(&changed)
        saveSettings(changed)
    }

    /// Replaces the current screen without growing the way back.
    mutating func replace(with next: Screen) {
        stack[stack.count - 1] = next
        presentScreen()
    }

    /// Leaves an entry or a choice for the screen below, read anew, and says where the user is.
    mutating func returnToPrevious() {
        stack.removeLast()
        showAgain(present: false)
    }

    /// The screen below, as the user comes back to it: a list is read again first; `present`
    /// says it whole, else where the user is.
    mutating func showAgain(present: Bool) {
        if case .list = screen { return review(.showAgain(whole: present)) }
        stack[stack.count - 1] = refreshed(screen)
        sayScreen(whole: present)
    }

    /// The screen come back to: all of it, or where the user is.
    private mutating func sayScreen(whole: Bool) {
        if whole { presentScreen() } else { say(.answer, .whereYouAre, ["title": title(of: screen)]) }
    }

    mutating func goHome() {
        if case .restingCheck = screen { stopRestingCheck() }
        stack = [.home]
        presentScreen()
    }

    mutating func goBack() {
        if case .configure = screen { return configure(.back) }
        guard stack.count > 1 else {
            say(.answer, .backHome)
            return
        }
        if case .restingCheck = screen { stopRestingCheck() }
        stack.removeLast()
        showAgain(present: true)
    }

    private mutating func shutdown() {
        workout(.shutdown)
    }
}

/// What of storage the core keeps, read at start and kept up to date by its own writes.
struct Records: Sendable {
    var settings = Settings()
    var profile = Profile()
    var lastConfiguration: WorkoutConfiguration?
    var nextWorkoutID: Int64 = 1
    /// Workouts a crash left behind, not yet resumed, saved or discarded; newest first.
    var unfinished: [UnfinishedWorkout] = []
    /// Why writing fails, as the edge last said; nil while it works.
    var writeFailure: StorageError?

    init() {}

    init(_ stored: StoredState) {
        settings = stored.settings
        profile = stored.profile
        lastConfiguration = stored.lastConfiguration
        nextWorkoutID = stored.nextWorkoutID
        unfinished = stored.unfinished
    }
}

/// How the heart-rate source stands, as far as the core knows.
enum SensorStatus: Equatable, Sendable {
    /// No source was configured.
    case absent
    /// A source exists but has not connected yet.
    case waiting
    case connected(name: String)
    case lost
}

/// The words of every installed language by code, the start's, and those of the language in use.
struct Languages {
    /// The language the edge chose at start (configuration, command line, locale).
    let start: Words
    /// Every installed language, for the Settings item that changes it.
    let all: [String: Words]
    /// The language in use, changed only with the settings.
    private(set) var current: Words

    init(start: Words, others: [Words]) {
        var byCode = [start.language: start]
        for other in others { byCode[other.language] = other }
        self.start = start
        all = byCode
        current = start
    }

    /// Speaks the language chosen in Settings, if it is installed, else the start's.
    mutating func use(_ code: String?) {
        current = code.flatMap { all[$0] } ?? start
    }
}
