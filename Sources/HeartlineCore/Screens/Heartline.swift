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
    /// A speech setting changed (nil: back to the default); apply it before the next sentence.
    case speechSettingChanged(SpeechSetting, String?)
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
    /// The profile changed: count again, in the background, what saved workouts derive from it
    /// (time in zones), and fill in what older ones lack.
    case fillInHistory
    /// Leave the program: everything is stored.
    case quit
}

/// An input to the core. Time comes with every input, never from inside.
public enum Input: Equatable, Sendable {
    /// A typed line (Enter).
    case command(String)
    /// A single key pressed on an empty line, when `takesKey` said the core wants it.
    case key(Character)
    /// A command given by a key of the shell's own (F1, F5, F6) or a media button.
    case act(Command)
    /// Escape on a half-typed line opened with the colon key: the line is dropped.
    case cancelLine
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
    /// The input ended or the process was told to stop: keep everything, say nothing.
    case shutdown
}

/// Heartline's pure core: every screen, the workout and sentence rendering, driven by inputs.
///
/// Each call to `handle(_:at:)` returns the effects to carry out. Storage is the one
/// collaborator called directly, through the `WorkoutStore` protocol.
public struct Heartline {
    public static let pageSize = 10
    public static let longestLine = 200

    let store: WorkoutStore
    let words: Words

    /// The screens the user went through, the current one last: each carries its own state.
    var stack: [Screen] = [.home]
    var screen: Screen { stack.last! }
    /// The workout, its recovery and a resting check, whatever the screen.
    var training = Training()
    var sensors = Sensors()
    var keyboard = Keyboard()
    /// What the user hears and heard.
    var conversation = Conversation()
    /// The stored settings, read once at start and kept up to date by every change made here:
    /// rendering reads no storage.
    var settings = Settings()

    /// The time of the input being handled.
    var now: Date { conversation.now }
    /// Keys bound in the configuration (`key.X = action`), before the workout screen's own.
    public var keyBindings: [Character: Command] {
        get { keyboard.bindings }
        set { keyboard.bindings = newValue }
    }
    /// Whether Escape means something to the core: it cancels a typed line the core opened, or
    /// leaves the key-describe mode.
    public var isTypingLine: Bool { keyboard.typingLine || keyboard.describingKeys }

    /// - Parameters:
    ///   - store: where everything persists.
    ///   - words: the catalogue and calendar sentences are rendered with.
    public init(store: WorkoutStore, words: Words) {
        self.store = store
        self.words = words
    }

    /// The first sentences after launch: the home screen.
    public mutating func start(at now: Date) -> [Effect] {
        conversation.now = now
        loadSettings()
        if let unfinished = nextUnfinished() {
            stack = [.home, .unfinished(unfinished)]
        }
        presentScreen()
        return flush()
    }

    public mutating func handle(_ input: Input, at now: Date) -> [Effect] {
        conversation.now = now
        switch input {
        case .command(let text): command(text)
        case .key(let key): pressed(key)
        case .act(let command): perform(command)
        case .cancelLine: cancelLine()
        case .lineTooLong: refuseLongLine()
        case .powerOffRefused: say(.answer, .powerOffRefused)
        case .databaseDamaged: say(.notice, .storageDamaged)
        case .autoExportFailed(let diskFull, let folder):
            // Said once a run: the next saved workout would only say it again.
            if !conversation.saidAutoExportFailure {
                conversation.saidAutoExportFailure = true
                say(.notice, diskFull ? .autoExportDiskFull : .autoExportFailed, ["folder": folder])
            }
        case .tick: tick()
        case .sensor(let event): sensorEvent(event)
        case .motionSensor(let kind, let event): motionSensorEvent(kind, event)
        case .sensorAttached: if sensors.strap == .absent { sensors.strap = .waiting }
        case .sensorsFound(let found): sensorsFound(found)
        case .sensorScanFailed(let problem): sayProblem(problem, scanning: true)
        case .selfCheck(let sentences):
            for sentence in sentences { say(.answer, text: sentence) }
        case .exported(let format, let file, let folder):
            say(.answer, .exportDone, ["format": format.rawValue.uppercased(), "file": words.spokenFileName(file), "folder": folder])
        case .exportFailed(let diskFull, let folder):
            if diskFull { say(.answer, .exportDiskFull) } else { say(.answer, .exportFailed, ["folder": folder]) }
        case .shutdown: shutdown()
        }
        return flush()
    }

    /// Whether the core needs time and the strap: a workout records, its recovery is measured,
    /// or a resting check runs.
    public var isRecording: Bool { training.isRecording }

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
        conversation.flush()
    }

    // MARK: - Storage

    /// Runs a storage call; a failure is said once and the program goes on. Only a write that
    /// succeeds says the trouble is over: a read can succeed while the disk is still full.
    @discardableResult
    mutating func storing<T>(reading: Bool = false, _ body: (WorkoutStore) throws -> T) -> T? {
        let store = self.store
        do {
            let value = try body(store)
            if !reading { noteWriteState() }
            return value
        } catch {
            sayStorageTrouble(store.writeFailure ?? error)
            return nil
        }
    }

    /// After a write call returned: a write held in memory (a workout begun on a full disk, a
    /// sample buffered while the card fails) is trouble said too; none held means it is over.
    mutating func noteWriteState() {
        if let failure = store.writeFailure {
            sayStorageTrouble(failure)
        } else if let said = conversation.storageTrouble {
            conversation.storageTrouble = nil
            say(.notice, said == .diskFull ? .storageDiskOk : .storageWritingAgain)
        }
    }

    /// Storage trouble is said once, as a notice, until a write succeeds again.
    mutating func sayStorageTrouble(_ error: Error) {
        guard conversation.storageTrouble == nil else { return }
        let trouble = StorageTrouble(error)
        conversation.storageTrouble = trouble
        switch trouble {
        case .diskFull: say(.notice, .storageDiskFull)
        case .deviceFailing: say(.notice, .storageFailing)
        case .failed: say(.notice, .storageFailed)
        }
    }

    /// Runs a storage read as a screen is entered; a failure is said as a failure (never as
    /// "no workouts") and gives nil, so the screen is not entered.
    mutating func reading<T>(_ body: (Heartline) throws -> T) -> T? {
        do {
            return try body(self)
        } catch {
            say(.answer, .storageReadFailed)
            return nil
        }
    }

    /// `screen` with what it shows read again from storage, as the user comes back to it.
    func refreshed(_ screen: Screen) -> Screen {
        switch screen {
        case .list(let kind, let page): (try? loadPage(kind, page: page.page)).map { .list(kind, $0) } ?? screen
        case .profile: .profile(storedProfile())
        case .last: .last(storedLastConfiguration())
        default: screen
        }
    }

    // MARK: - Navigation

    mutating func push(_ next: Screen) {
        stack.append(next)
        presentScreen()
    }

    /// Reads the stored settings; when they cannot be read, the defaults stand.
    mutating func loadSettings() {
        if let stored = try? store.settings() { settings = stored }
    }

    /// Stores `changed` as the settings and keeps it for the screens; false (and said) when
    /// storing failed, and the settings are as they were.
    @discardableResult
    mutating func saveSettings(_ changed: Settings) -> Bool {
        guard storing({ store in try store.saveSettings(changed) }) != nil else { return false }
        settings = changed
        return true
    }

    /// Stores the settings as `change` leaves them; false (and said) when storing failed.
    @discardableResult
    mutating func saveSettings(_ change: (inout Settings) -> Void) -> Bool {
        var changed = settings
        change(&changed)
        return saveSettings(changed)
    }

    /// Replaces the current screen without growing the way back.
    mutating func replace(with next: Screen) {
        stack[stack.count - 1] = next
        presentScreen()
    }

    /// Leaves an entry or a choice for the screen below, read anew, and says where the user is.
    mutating func returnToPrevious() {
        stack.removeLast()
        stack[stack.count - 1] = refreshed(screen)
        say(.answer, .whereYouAre, ["title": title(of: screen)])
    }

    mutating func goHome() {
        if case .restingCheck = screen { stopRestingCheck() }
        stack = [.home]
        presentScreen()
    }

    mutating func goBack() {
        // Configuring is linear: back is the step before, with the draft as it is.
        if case .configure(let step, let draft) = screen, let previous = step.before(draft.configuration) {
            replace(with: .configure(previous, draft))
            return
        }
        guard stack.count > 1 else {
            say(.answer, .backHome)
            return
        }
        if case .restingCheck = screen { stopRestingCheck() }
        let left = stack.removeLast()
        // Configuring, the draft travels back with the user.
        if case .configure(_, let draft) = left, case .configure(let step, _) = screen {
            stack[stack.count - 1] = .configure(step, draft)
        } else {
            stack[stack.count - 1] = refreshed(screen)
        }
        presentScreen()
    }

    private mutating func shutdown() {
        if var active = training.workout {
            record(active.engine.advance(to: now), into: &active)
            let summary = active.summary(.recording)
            storing { store in try store.updateSummary(summary) }
            training.workout = active
        }
        storing { store in try store.flush() }
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
