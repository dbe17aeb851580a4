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
    /// A speech setting changed (nil: back to the default); apply it before the next sentence.
    case speechSettingChanged(SpeechSetting, String?)
    case keyEchoChanged(KeyEchoSetting)
    /// Check speech, Bluetooth, the strap and storage; the sentences come back as
    /// `Input.selfCheck`.
    case runSelfCheck
    /// Write a workout to a file; the outcome comes back as `Input.exported` or `.exportFailed`.
    case exportWorkout(Int64, ExportFormat)
    /// Leave the program: everything is stored.
    case quit
}

/// An input to the core. Time comes with every input, never from inside.
public enum Input: Equatable, Sendable {
    /// A command: a typed line, or the word a single key stands for.
    case command(String)
    /// Time passes (the loop calls this at least once a second).
    case tick
    case sensor(SensorEvent)
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

    var stack: [Screen] = [.home]
    var screen: Screen { stack.last! }
    var draft = WorkoutConfiguration()
    /// Whether a plan typed next counts down before each change.
    var draftCountdown = true
    var workout: ActiveWorkout?
    /// The totals of an ended workout waiting on the summary screen.
    var ended: WorkoutSummary?
    var quitAfterSummary = false
    var sensor = SensorStatus.absent
    var batteryLevel: Int?
    var warnedBatteryLow = false
    /// Whether the user heard that the sensor cannot work; its connection is then news.
    var saidSensorProblem = false
    var lastResponse: [Utterance] = []
    /// Recent announcements, newest first, for "events".
    var eventLog: [(at: Date, text: String)] = []
    static let eventLogLength = 20
    var storageTrouble = false
    var now = Date(timeIntervalSince1970: 0)
    private var effects: [Effect] = []
    private var speech: [Utterance] = []

    /// - Parameters:
    ///   - store: where everything persists.
    ///   - words: the catalogue and calendar sentences are rendered with.
    public init(store: WorkoutStore, words: Words) {
        self.store = store
        self.words = words
    }

    /// The first sentences after launch: the home screen.
    public mutating func start(at now: Date) -> [Effect] {
        self.now = now
        if let unfinished = nextUnfinished() {
            stack = [.home, .unfinished(id: unfinished.id)]
        }
        presentScreen()
        return flush()
    }

    public mutating func handle(_ input: Input, at now: Date) -> [Effect] {
        self.now = now
        switch input {
        case .command(let text): command(text)
        case .tick: tick()
        case .sensor(let event): sensorEvent(event)
        case .sensorAttached: if sensor == .absent { sensor = .waiting }
        case .sensorsFound(let found): sensorsFound(found)
        case .sensorScanFailed(let problem): sayProblem(problem, scanning: true)
        case .selfCheck(let sentences):
            for sentence in sentences { say(.answer, text: sentence) }
        case .exported(let format, let file, let folder):
            say(.answer, .exportDone, ["format": format.rawValue.uppercased(), "file": file, "folder": folder])
        case .exportFailed(let diskFull, let folder):
            if diskFull { say(.answer, .exportDiskFull) } else { say(.answer, .exportFailed, ["folder": folder]) }
        case .shutdown: shutdown()
        }
        return flush()
    }

    /// The command a single key stands for on the current screen, if it acts without Enter.
    public func command(forKey key: Character) -> String? {
        switch screen {
        case .workout:
            return WorkoutKeys.command(for: key)
        case .confirmEnd, .confirmDeleteEnded, .confirmDeleteSaved, .confirmDiscard:
            switch key {
            case "y", "Y": return "yes"
            case "n", "N": return "no"
            default: return nil
            }
        case .entry, .dateEntry, .speechEntry:
            return nil
        case .plan:
            // The plan is typed; its two items are chosen with Enter.
            return nil
        default:
            // Lists number their items across pages, so their numbers are typed with Enter.
            guard !screen.isList, key.isASCII, let digit = key.wholeNumberValue, digit >= 1, menuItems().count <= 9
            else { return nil }
            return String(digit)
        }
    }

    /// Whether a workout is being recorded (the shell keeps the sensor and ticks going).
    public var isRecording: Bool { workout != nil }

    // MARK: - Speaking

    mutating func say(_ kind: SpeechKind, _ prompt: Prompt, _ values: [String: String] = [:]) {
        let text = words(prompt, values)
        speech.append(Utterance(kind, text))
        // Countdown numbers mean nothing later; every other announcement and notice is kept for "events".
        if kind.isKeptUntilSaid, prompt != .eventCountdown {
            eventLog.insert((now, text), at: 0)
            if eventLog.count > Self.eventLogLength { eventLog.removeLast() }
        }
    }

    mutating func say(_ kind: SpeechKind, text: String) {
        speech.append(Utterance(kind, text))
    }

    mutating func emit(_ effect: Effect) {
        effects.append(effect)
    }

    /// How many sentences this input has produced so far.
    var speechCount: Int { speech.count }

    private mutating func flush() -> [Effect] {
        var result = effects
        if !speech.isEmpty {
            result.insert(.speak(speech), at: 0)
            if !speech.allSatisfy({ $0.kind == .echo }) { lastResponse = speech.filter { $0.kind != .echo } }
        }
        speech.removeAll()
        effects.removeAll()
        return result
    }

    // MARK: - Storage

    /// Runs a storage call; a failure is said once and the program goes on. Only a write that
    /// succeeds says the trouble is over: a read can succeed while the disk is still full.
    @discardableResult
    mutating func storing<T>(reading: Bool = false, _ body: (WorkoutStore) throws -> T) -> T? {
        let store = self.store
        do {
            let value = try body(store)
            // A call can succeed with its write held in memory (a workout begun on a full disk).
            if storageTrouble, !reading, !store.isWaitingForSpace {
                storageTrouble = false
                say(.answer, .storageDiskOk)
            }
            return value
        } catch {
            if !storageTrouble {
                storageTrouble = true
                say(.answer, error as? StorageError == .diskFull ? .storageDiskFull : .storageFailed)
            }
            return nil
        }
    }

    // MARK: - Navigation

    mutating func push(_ next: Screen) {
        stack.append(next)
        presentScreen()
    }

    /// Replaces the current screen without growing the way back.
    mutating func replace(with next: Screen) {
        stack[stack.count - 1] = next
        presentScreen()
    }

    mutating func goHome() {
        stack = [.home]
        presentScreen()
    }

    mutating func goBack() {
        guard stack.count > 1 else {
            say(.answer, .backHome)
            return
        }
        stack.removeLast()
        presentScreen()
    }

    private mutating func shutdown() {
        if var active = workout {
            record(active.engine.advance(to: now), into: &active)
            let summary = active.engine.summary(id: active.id, state: .recording)
            storing { store in try store.updateSummary(summary) }
            workout = active
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
