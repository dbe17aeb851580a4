import Foundation
@testable import HeartlineCore
import HeartlineStorage
import Testing

/// The catalogue from the source tree, loaded once.
enum TestCatalogue {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Prompts/en").standardized.path

    static let shared: PromptCatalogue = {
        var catalogue = PromptCatalogue()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".prompts") }.sorted() ?? []
        for file in files {
            let text = try! String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            try! catalogue.add(text, source: file)
        }
        return catalogue
    }()

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    static let words = Words(catalogue: shared, calendar: calendar)

    /// A language's catalogue from the source tree (Prompts/<code>), English filling in its
    /// gaps, as the shell loads it.
    static func language(_ code: String) -> Words {
        let folder = URL(fileURLWithPath: directory).deletingLastPathComponent().appendingPathComponent(code).path
        var catalogue = PromptCatalogue(language: code)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".prompts") }.sorted() ?? []
        for file in files {
            try! catalogue.add(String(contentsOfFile: folder + "/" + file, encoding: .utf8), source: file)
        }
        _ = catalogue.fillIn(from: shared)
        return Words(catalogue: catalogue, calendar: calendar)
    }

    static let spanish = language("es")
    static let german = language("de")
}

/// A fresh temporary directory, removed when the value is deinitialised.
final class TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("heartline-test-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// 2026-11-29 07:30 UTC, a Sunday: the start of every golden session.
let goldenStart = Date(timeIntervalSince1970: 1_795_937_400)

/// Runs the real core on a real SQLite store (its storage effects carried out by the
/// production `StorageEdge`, as the shell does) with a simulated strap and a clock that moves
/// only when the script says so, and compares the transcript with a literal script.
///
/// Script lines: `> words` types a command (`>` alone is Enter on an empty line); `:wait N` lets N seconds pass (the strap beats and
/// the core ticks every second); `:hr N` makes the strap send N beats per minute, `:hr N~S` a
/// seeded spread of S around N, `:hr sim` the simulated curve again; `:contact off` / `:contact on`
/// take the strap off the skin and put it back; `:scan starts` says a scan began (the adapter listens), and
/// `:found NAME@ADDRESS@DBM; ...` answers it, shown as `(scan)`; `(use ADDRESS)` is the core choosing a strap; `(export ID FORMAT)` an
/// export, which always succeeds here; `(check)` the self-check, answered with two fixed sentences; `:restart` starts a new core on the same store,
/// as after a crash (`:restart reset-speech` as with `--reset-speech`); `:strap off` / `:strap on` stop and restart the strap's
/// notifications; `:sensor lost` / `:sensor back` are the connection events (the strap stops and starts with them);
/// `:run M:SS CADENCE` is a footpod at that pace per kilometre, `:ride KMH RPM [WATTS]` a bike
/// sensor (and a power meter), `:run off` / `:ride off` stop them, and `:motion KIND lost` /
/// `:motion KIND back` (footpod, bike, power) drop one out and bring it back; `:treadmill KMH
/// INCLINE` connects a treadmill (0.5 to 18 km/h, -3 to 15 %) that sends its belt every second
/// and takes what the core steers, shown as `(steer COMMAND)` and answered as it says,
/// `:treadmill lost` drops it; `:rower SPLIT RATE WATTS` connects a rower (its split in seconds
/// per 500 m, strokes a minute) that sends a record every second; `:strap fails to connect` is a failed connection attempt of the
/// system's own; every other
/// line is a sentence the session must say, as `kind: sentence`, in order.
final class GoldenSession {
    let directory = TemporaryDirectory()
    var now: Date
    var core: Heartline
    let store: SQLiteStore
    let edge: StorageEdge
    var strap: SimulatedStrap?
    var strapBeating = true
    var strapSecond = 0
    /// A fixed heart rate replacing the simulation, with an optional random spread around it.
    var fixedHeartRate: (center: Int, spread: Int)?
    /// RR intervals in milliseconds sent in turn, one a second, replacing the simulation.
    var rrCycle: [Int] = []
    var rrIndex = 0
    var contact = true
    var hover = SplitMix64(seed: 99)
    var quit = false
    /// A footpod sending this speed (m/s) and cadence every second, from `:run`.
    var footpod: (speed: Double, cadence: Int)?
    /// A cycling speed and cadence sensor, and a power meter when `power` is set, from `:ride`.
    var ride: (speed: Double, cadence: Double, power: Int?)?
    /// A treadmill's belt in km/h, incline in percent and distance in metres, from `:treadmill`.
    var treadmill: (speed: Double, incline: Double, distance: Double, running: Bool)?
    /// A rower's split in seconds per 500 m, stroke rate, watts and distance, from `:rower`.
    var rower: (split: Int, rate: Double, watts: Int, distance: Double)?
    /// Movement sensors out of range: they send nothing until they are back.
    var silent: Set<SensorKind> = []

    /// - Parameters:
    ///   - words: the language the session starts in; `languages`, the others installed.
    init(start: Date = goldenStart, strapSeed: UInt64? = 7, words: Words = TestCatalogue.words, languages: [Words] = []) throws {
        now = start
        let box = ClockBox(start)
        store = try SQLiteStore(directory: directory.path, now: { box.now })
        clockBox = box
        edge = StorageEdge(store)
        core = Heartline(words: words, languages: languages)
        if let strapSeed {
            strap = SimulatedStrap(seed: strapSeed)
        }
    }

    private let clockBox: ClockBox
    /// What the speech engine offers, told to the core right after it starts, as the shell does;
    /// nil tells it nothing. No lists (any name is taken) unless a test sets some.
    var speechOffer: SpeechOffer? = SpeechOffer()
    /// How the next uploads go, in order; once empty, they go through.
    var uploadAnswers: [UploadResult] = []

    func clockNow(_ date: Date) { clockBox.now = date }

    /// Transcript lines produced by `effects`, storage's carried out and answered first.
    private func lines(_ effects: [Effect]) -> [String] {
        edge.settle(effects, with: &core, at: now).flatMap { effect -> [String] in
            switch effect {
            case .store, .load:
                // Settled above: the edge gives none back.
                Issue.record("storage effect left unsettled: \(effect)")
                return []
            case .speak(let utterances):
                return utterances.map(\.description)
            case .quit:
                quit = true
                return []
            case .scanForSensors:
                return ["(scan)"]
            case .useSensor(let address):
                return ["(use \(address ?? "none"))"]
            case .scanForMotionSensors:
                return ["(scan other)"]
            case .useMotionSensor(let kind, let address):
                return ["(use \(kind) \(address ?? "none"))"]
            case .steerMachine(let command):
                // The treadmill of `:treadmill` obeys; with none, the command goes nowhere.
                let shown: String
                switch command {
                case .set(let target, let value): shown = "(steer \(target.rawValue) \(value))"
                case .start, .stop, .pause: shown = "(steer \(command))"
                }
                guard var belt = treadmill else { return [shown] }
                switch command {
                case .set(.speed, let speed): belt.speed = speed
                case .set(.incline, let incline): belt.incline = incline
                case .stop, .pause: belt.running = false
                case .start: belt.running = true
                case .set: break
                }
                treadmill = belt
                return [shown] + send(.motionSensor(.fitnessMachine, .machine(.answered(command, .success))))
            case .speechSettingChanged(let setting, let value):
                return ["(speech \(setting.rawValue) \(value ?? "default"))"]
            case .languageChanged(let code):
                return ["(language \(code))"]
            case .keyEchoChanged(let echo):
                return ["(echo \(echo.rawValue))"]
            case .powerOff:
                return ["(power off)"]
            case .captionsChanged(let on):
                return ["(captions \(on ? "on" : "off"))"]
            case .autoExport(let id, let formats):
                return ["(auto export \(id) \(formats.map(\.rawValue).joined(separator: ",")))"]
            case .runSelfCheck:
                // The edge's checks, stood in for by two fixed sentences.
                return ["(check)"] + send(.selfCheck(["Speech works.", "Storage works."]))
            case .exportWorkout(let id, let format):
                // The file is "written" at once: the core hears it went well.
                let file = "heartline-golden-\(id).\(format.rawValue)"
                return ["(export \(id) \(format.rawValue))"] + send(.exported(format, file: file, folder: "heartline-exports"))
            case .upload(let id):
                // The service answers at once: the next of `uploadAnswers`, else it went through.
                let answer = uploadAnswers.isEmpty ? .uploaded : uploadAnswers.removeFirst()
                return ["(upload \(id))"] + send(.uploaded(answer, waited: false))
            case .sensorWanted(let wanted):
                // Not in the transcript (every workout asks), but kept for the tests that ask.
                sensorRequests.append(wanted)
                return []
            case .requestBattery:
                batteryRequests += 1
                return []
            case .fillInHistory:
                historyFills += 1
                return []
            case .listSpeechOffer:
                return ["(list speech)"]
            case .stick(let command):
                switch command {
                case .transfer(let formats, let plans):
                    return ["(stick copy \(formats.map(\.rawValue).joined(separator: ",")) plans \(plans ? "yes" : "no"))"]
                case .eject: return ["(stick eject)"]
                }
            case .headset(let command):
                switch command {
                case .find: return ["(headset find)"]
                case .pairAndConnect(let address): return ["(headset pair \(address))"]
                case .keep(let address): return ["(headset keep \(address ?? "none"))"]
                case .forget(let address): return ["(headset forget \(address))"]
                }
            }
        }
    }

    /// A headset event written as a script line writes it.
    /// A stick event written as a script line writes it.
    static func stickEvent(_ text: String) -> StickEvent {
        let parts = text.split(separator: " ").map(String.init)
        switch parts[0] {
        case "in": return .inserted
        case "mended": return .mended
        case "finished":
            let problems: [String: StickProblem] = [
                "read-only": .readOnly, "full": .full, "removed": .removed, "unmountable": .unmountable, "failed": .failed,
                "damaged": .damaged,
            ]
            return .finished(copied: Int(parts[1])!, plans: Int(parts[2])!, problem: parts.count > 3 ? problems[parts[3]]! : nil)
        case "ejected": return .ejected
        case "eject-failed": return .ejectFailed
        default: return .removed
        }
    }

    static func headsetEvent(_ text: String) -> HeadsetEvent {
        let word = text.prefix { $0 != " " }
        let rest = text.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        switch word {
        case "found":
            return .found(
                rest.split(separator: ";").map { entry in
                    let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: "@").map(String.init)
                    return FoundHeadset(address: parts[1], name: parts[0], signal: Int(parts[2]), paired: parts.count > 3)
                })
        case "searching": return .searching
        case "paired": return .paired(address: rest)
        case "trusted": return .trusted(address: rest)
        case "connected": return .connected(address: rest)
        case "disconnected": return .disconnected(address: rest)
        case "passkey": return .passkey(UInt32(rest)!)
        case "gone": return .serviceGone
        case "back": return .serviceBack
        default:
            let problems: [String: HeadsetProblem] = ["pairing": .pairingFailed, "connect": .connectFailed, "service": .noService]
            return .failed(problems[rest] ?? .other)
        }
    }

    /// Every `.sensorWanted` the core emitted, in order: true when a workout or resting check
    /// wants the strap, false when it may go.
    private(set) var sensorRequests: [Bool] = []
    /// How often the core asked for the strap's battery level.
    private(set) var batteryRequests = 0
    /// How often the core asked the edge to count the history again.
    private(set) var historyFills = 0

    private var begun = false
    /// What `open` or `startWorkout` said, the start of the next transcript.
    private var opening: [String] = []

    /// Every start is a board's (`--set-up`): the set-up comes first until it was done once.
    var setUp = false

    func begin(resetSpeech: Bool = false) -> [String] {
        begun = true
        var output = lines(core.start(at: now, stored: edge.storedState(), resetSpeech: resetSpeech, setUp: setUp))
        if let speechOffer { output += send(.speechOffered(speechOffer)) }
        if strap != nil { output += lines(core.handle(.sensor(.connected(name: "Simulated strap")), at: now)) }
        return output
    }

    func send(_ input: Input) -> [String] { lines(core.handle(input, at: now)) }

    /// The effects of `input`, its storage effects carried out and answered by the edge.
    func effects(of input: Input) -> [Effect] { edge.settle(core.handle(input, at: now), with: &core, at: now) }

    func wait(_ seconds: Int) -> [String] {
        var output: [String] = []
        for _ in 0..<seconds {
            now = now.addingTimeInterval(1)
            clockBox.now = now
            if strapBeating, var strap {
                strapSecond += 1
                var reading = strap.reading(atSecond: strapSecond)
                self.strap = strap
                if let fixed = fixedHeartRate {
                    let offset = fixed.spread == 0 ? 0 : Int(hover.next() % UInt64(2 * fixed.spread + 1)) - fixed.spread
                    let bpm = fixed.center + offset
                    reading = HeartRateReading(beatsPerMinute: bpm, contact: .detected, rrIntervals: [61_440 / bpm])
                }
                if !rrCycle.isEmpty {
                    let milliseconds = rrCycle[rrIndex % rrCycle.count]
                    rrIndex += 1
                    reading = HeartRateReading(
                        beatsPerMinute: 60_000 / milliseconds, contact: .detected, rrIntervals: [(milliseconds * 1024 + 500) / 1000])
                }
                if !contact { reading = HeartRateReading(beatsPerMinute: 0, contact: .lost) }
                output += send(.sensor(.reading(reading)))
            }
            if let footpod, !silent.contains(.footpod) {
                let reading = RunningReading(speed: footpod.speed, cadence: footpod.cadence, isRunning: footpod.speed > 2)
                output += send(.motionSensor(.footpod, .sensorReading(.running(reading))))
            }
            if var belt = treadmill {
                let speed = belt.running ? belt.speed : 0
                belt.distance += speed / 3.6
                treadmill = belt
                let reading = MachineReading(type: .treadmill, speed: speed / 3.6, distance: belt.distance, incline: belt.incline)
                output += send(.motionSensor(.fitnessMachine, .sensorReading(.machine(reading))))
            }
            if var boat = rower {
                boat.distance += 500 / Double(boat.split)
                rower = boat
                let reading = MachineReading(
                    type: .rower, speed: 500 / Double(boat.split), distance: boat.distance, cadence: boat.rate, power: boat.watts,
                    split: boat.split)
                output += send(.motionSensor(.fitnessMachine, .sensorReading(.machine(reading))))
            }
            if let ride, !silent.contains(.cyclingSpeedCadence) {
                output += send(
                    .motionSensor(.cyclingSpeedCadence, .sensorReading(.cycling(CyclingReading(speed: ride.speed, cadence: ride.cadence)))))
                if let watts = ride.power, !silent.contains(.powerMeter) {
                    output += send(.motionSensor(.powerMeter, .sensorReading(.power(PowerReading(power: watts, cadence: ride.cadence)))))
                }
            }
            output += send(.tick)
        }
        return output
    }

    /// Starts on `screen` with `below` under it, as a store in that state would leave it: the
    /// script then begins with what the screen says, not with the walk from home.
    func open(_ screen: Screen, below: [Screen] = [.home]) {
        begun = true
        _ = lines(core.start(at: now, stored: edge.storedState()))
        if let speechOffer { _ = send(.speechOffered(speechOffer)) }
        if strap != nil { _ = send(.sensor(.connected(name: "Simulated strap"))) }
        core.stack = below + [screen]
        core.presentScreen()
        opening = send(.tick)
    }

    /// Starts with a workout recording with `configuration`; the script begins after "Workout started.".
    func startWorkout(_ configuration: WorkoutConfiguration = WorkoutConfiguration()) {
        begun = true
        _ = lines(core.start(at: now, stored: edge.storedState()))
        if strap != nil { _ = send(.sensor(.connected(name: "Simulated strap"))) }
        core.startWorkout(configuration)
        opening = send(.tick)
    }

    /// Runs `script` and returns the transcript written in the script's own form, so that a
    /// test compares it with the script itself. A session not yet begun starts with its home screen.
    func run(_ script: String) -> String {
        // The opening screen comes first, before any input.
        var transcript: [String] = begun ? opening : begin()
        opening = []
        for line in script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == ">" || line.hasPrefix("> ") {
                // A lone ">" is an empty line (Enter alone).
                transcript.append(line)
                transcript += send(.command(String(line.dropFirst(2))))
            } else if line.hasPrefix(":key ") {
                // A single key pressed on an empty line: a character, "space", "tab", "escape", or a
                // key that prints nothing ("F7", "insert", "pageup", "pagedown").
                transcript.append(line)
                let name = String(line.dropFirst(5))
                switch name {
                case "space": transcript += send(.key(" "))
                case "tab": transcript += send(.key("\t"))
                case "escape": transcript += send(.escape)
                case "insert": transcript += send(.namedKey(.insert))
                case "pageup": transcript += send(.namedKey(.pageUp))
                case "pagedown": transcript += send(.namedKey(.pageDown))
                case "left": transcript += send(.namedKey(.left))
                case "up": transcript += send(.namedKey(.up))
                case "backspace": transcript += send(.namedKey(.backspace))
                case _ where name.hasPrefix("F") && name.count > 1: transcript += send(.namedKey(.function(Int(name.dropFirst())!)))
                default: transcript += send(.key(name.first!))
                }
            } else if line.hasPrefix(":act ") {
                // A command from a key of the shell's own or a media button, by its name.
                transcript.append(line)
                transcript += send(.act(Vocabulary.command(words: String(line.dropFirst(5)))!))
            } else if line.hasPrefix(":wait ") {
                transcript.append(line)
                transcript += wait(Int(line.dropFirst(6))!)
            } else if line == ":strap off" || line == ":strap on" {
                transcript.append(line)
                strapBeating = line == ":strap on"
            } else if line.hasPrefix(":rr ") {
                // RR intervals in milliseconds, one a second in turn: a series with a known RMSSD.
                transcript.append(line)
                rrCycle = line.dropFirst(4).split(separator: " ").compactMap { Int($0) }
                rrIndex = 0
            } else if line.hasPrefix(":hr ") {
                transcript.append(line)
                rrCycle = []
                let value = line.dropFirst(4)
                if value == "sim" {
                    fixedHeartRate = nil
                } else {
                    let parts = value.split(separator: "~").compactMap { Int($0) }
                    fixedHeartRate = (parts[0], parts.count > 1 ? parts[1] : 0)
                }
            } else if line.hasPrefix(":run") {
                // ":run M:SS CADENCE" runs at that pace per kilometre; ":run off" stops the pod.
                transcript.append(line)
                let parts = line.split(separator: " ").dropFirst()
                if parts.first == "off" {
                    footpod = nil
                } else {
                    let pace = parts.first!.split(separator: ":").compactMap { Double($0) }
                    footpod = (1000 / (pace[0] * 60 + pace[1]), Int(parts.dropFirst().first!)!)
                }
            } else if line.hasPrefix(":treadmill") {
                transcript.append(line)
                let parts = line.split(separator: " ").dropFirst().compactMap { Double($0) }
                if parts.count == 2, let running = treadmill {
                    // Connected already: its belt changes, as the machine's own keys change it.
                    treadmill = (parts[0], parts[1], running.distance, true)
                } else if parts.count == 2 {
                    treadmill = (parts[0], parts[1], treadmill?.distance ?? 0, true)
                    let ranges: [MachineTarget: MachineRange?] = [
                        .speed: MachineRange(minimum: 0.5, maximum: 18, step: 0.1),
                        .incline: MachineRange(minimum: -3, maximum: 15, step: 0.5),
                    ]
                    transcript += send(
                        .motionSensor(
                            .fitnessMachine, .machine(.described(MachineDescription(type: .treadmill, targets: ranges, steerable: true)))))
                    transcript += send(.motionSensor(.fitnessMachine, .connected(name: "Track 5")))
                } else {
                    treadmill = nil
                    transcript += send(.motionSensor(.fitnessMachine, .disconnected))
                }
            } else if line.hasPrefix(":rower ") {
                transcript.append(line)
                let parts = line.split(separator: " ").dropFirst().compactMap { Double($0) }
                rower = (Int(parts[0]), parts[1], Int(parts[2]), rower?.distance ?? 0)
                transcript += send(.motionSensor(.fitnessMachine, .machine(.described(MachineDescription(type: .rower)))))
                transcript += send(.motionSensor(.fitnessMachine, .connected(name: "Water 1")))
            } else if line.hasPrefix(":ride") {
                // ":ride KMH RPM [WATTS]" rides at that speed and cadence; ":ride off" stops.
                transcript.append(line)
                let parts = line.split(separator: " ").dropFirst().map(String.init)
                ride = parts.first == "off" ? nil : (Double(parts[0])! / 3.6, Double(parts[1])!, parts.count > 2 ? Int(parts[2]) : nil)
            } else if line.hasPrefix(":motion ") {
                // ":motion footpod lost" / ":motion footpod back": a sensor dropping out and returning.
                transcript.append(line)
                let parts = line.split(separator: " ").map(String.init)
                let kind: SensorKind = ["footpod": .footpod, "bike": .cyclingSpeedCadence, "power": .powerMeter][parts[1]]!
                if parts[2] == "lost" { silent.insert(kind) } else { silent.remove(kind) }
                transcript += send(.motionSensor(kind, parts[2] == "lost" ? .disconnected : .connected(name: parts[1])))
            } else if line.hasPrefix(":headset ") {
                // The headset client: ":headset searching", ":headset found NAME@ADDRESS@DBM; ...", ":headset connected
                // ADDRESS", "disconnected ADDRESS", "paired ADDRESS", "passkey N", "failed pairing".
                transcript.append(line)
                transcript += send(.headset(Self.headsetEvent(String(line.dropFirst(9)))))
            } else if line.hasPrefix(":stick ") {
                // The stick's edge: ":stick in", ":stick finished COPIED PLANS [read-only|full|removed|
                // unmountable|failed]", ":stick ejected", ":stick eject-failed", ":stick out".
                transcript.append(line)
                transcript += send(.stick(Self.stickEvent(String(line.dropFirst(7)))))
            } else if line == ":scan starts" {
                // The adapter is listening: the scanner says the scan began.
                transcript.append(line)
                transcript += send(.sensorScanStarted)
            } else if line.hasPrefix(":found") {
                // A scan's answer: ":found NAME@ADDRESS@DBM; ..." or ":found" for none.
                transcript.append(line)
                let found = line.dropFirst(6).split(separator: ";").map { entry -> FoundSensor in
                    let parts = entry.trimmingCharacters(in: .whitespaces).split(separator: "@").map(String.init)
                    let kinds: [String: SensorKind] = ["footpod": .footpod, "bike": .cyclingSpeedCadence, "power": .powerMeter]
                    return FoundSensor(
                        name: parts[0], address: parts[1], signal: Int(parts[2])!,
                        kind: parts.count > 3 ? kinds[parts[3]]! : .heartRateStrap)
                }
                transcript += send(.sensorsFound(found))
            } else if line.hasPrefix(":identified ") {
                // What a connected strap's Device Information says: ":identified ADDRESS@MAKER@MODEL".
                transcript.append(line)
                let parts = line.dropFirst(12).split(separator: "@", omittingEmptySubsequences: false).map(String.init)
                let manufacturer = parts[1].isEmpty ? nil : parts[1]
                let model = parts[2].isEmpty ? nil : parts[2]
                transcript += send(.sensor(.identified(strap: parts[0], manufacturer: manufacturer, model: model)))
            } else if line == ":pairing" {
                // The strap asked for an encrypted link; the kernel pairs.
                transcript.append(line)
                transcript += send(.sensor(.pairing))
            } else if line == ":scan fails, adapter held" {
                transcript.append(line)
                transcript += send(.sensorScanFailed(.adapterBusy))
            } else if line == ":strap fails, adapter held" {
                transcript.append(line)
                transcript += send(.sensor(.problem(.adapterBusy)))
            } else if line == ":strap fails to connect" {
                // A connection attempt failed for a reason of the system's own; the source tries again.
                transcript.append(line)
                transcript += send(.sensor(.problem(.other("connect: Connection reset by peer"))))
            } else if line == ":scan fails without Bluetooth" {
                transcript.append(line)
                transcript += send(.sensorScanFailed(.noAdapter))
            } else if line == ":restart" || line == ":restart reset-speech" {
                // The process dies and starts again on the same data (nothing is ended or saved);
                // with reset-speech, as `--reset-speech` or the reset key held starts it.
                transcript.append(line)
                core = Heartline(words: TestCatalogue.words)
                transcript += begin(resetSpeech: line.hasSuffix("reset-speech"))
            } else if line == ":contact off" || line == ":contact on" {
                transcript.append(line)
                contact = line == ":contact on"
            } else if line == ":sensor lost" {
                transcript.append(line)
                strapBeating = false
                transcript += send(.sensor(.disconnected))
            } else if line == ":sensor back" {
                transcript.append(line)
                strapBeating = true
                transcript += send(.sensor(.connected(name: "Simulated strap")))
            } else if line.hasPrefix("#") || line.isEmpty {
                transcript.append(line)
            }
        }
        return transcript.joined(separator: "\n")
    }
}

final class ClockBox: @unchecked Sendable {
    var now: Date
    init(_ now: Date) { self.now = now }
}

/// Checks a golden script: runs its inputs and expects exactly its sentences.
///
/// With `HEARTLINE_RERECORD=1` in the environment a script that differs is written back into
/// its test file instead, as said: a deliberate change of sentences is recorded on purpose, and
/// the diff shows what changed for review.
func expectGolden(_ session: GoldenSession, _ script: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = session.run(script)
    if actual != script, ProcessInfo.processInfo.environment["HEARTLINE_RERECORD"] == "1" {
        if !GoldenRecorder.shared.rewrite(sourceLocation, script: script, with: actual) {
            Issue.record("the script's shared opening changed: re-record it by hand", sourceLocation: sourceLocation)
        }
        return
    }
    #expect(actual == script, sourceLocation: sourceLocation)
    if actual != script {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = script.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? String(a[index]) : "<none>"
            let right = index < e.count ? String(e[index]) : "<none>"
            if left != right {
                Issue.record(
                    "first difference at line \(index + 1):\n  said:     \(left)\n  expected: \(right)", sourceLocation: sourceLocation)
                break
            }
        }
    }
}

/// Writes re-recorded golden scripts back into their test files.
///
/// A script is the first `#"""` raw string at or after its call's line. Tests run in parallel
/// and a rewrite changes the number of lines below it, so rewrites are serialised and each
/// file's line shifts are kept: a call's line as compiled is moved by the rewrites above it.
final class GoldenRecorder: @unchecked Sendable {
    static let shared = GoldenRecorder()
    private let lock = NSLock()
    /// Per file: (line as compiled, lines added or removed there).
    private var shifts: [String: [(line: Int, delta: Int)]] = [:]

    /// Rewrites the literal of the script checked at `location`. A script may be a shared opening
    /// plus the literal: then only the literal is rewritten, and only when the opening was said
    /// as written (false otherwise).
    func rewrite(_ location: SourceLocation, script: String, with transcript: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let path = location.filePath
        guard var lines = try? String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n") else { return false }
        let shift = (shifts[path] ?? []).filter { $0.line < location.line }.reduce(0) { $0 + $1.delta }
        var open = location.line - 1 + shift
        while open < lines.count, !lines[open].hasSuffix("#\"\"\"") { open += 1 }
        var close = open + 1
        while close < lines.count, lines[close].trimmingCharacters(in: .whitespaces) != "\"\"\"#" && !lines[close].hasSuffix("\"\"\"#)") {
            close += 1
        }
        guard close < lines.count else { return false }
        let indent = String(lines[close].prefix { $0 == " " })
        let literal = lines[(open + 1)..<close].map { String($0.dropFirst(min(indent.count, $0.count))) }.joined(separator: "\n")
        guard script.hasSuffix(literal) else { return false }
        let opening = script.dropLast(literal.count).components(separatedBy: "\n").dropLast()
        let said = transcript.components(separatedBy: "\n")
        guard Array(said.prefix(opening.count)) == Array(opening) else { return false }
        let body = said.dropFirst(opening.count).map { $0.isEmpty ? "" : indent + $0 }
        let delta = body.count - (close - open - 1)
        lines.replaceSubrange((open + 1)..<close, with: body)
        try? lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        shifts[path, default: []].append((location.line, delta))
        return true
    }
}

extension GoldenSession {
    /// Records and saves `count` workouts of `minutes` minutes, one a day, the last one yesterday;
    /// the clock then stands at the golden start again. Their sentences are not part of the script.
    func saveWorkouts(count: Int, minutes: Int = 20) throws {
        let finalNow = now
        _ = begin()
        for day in stride(from: count, to: 0, by: -1) {
            now = finalNow.addingTimeInterval(Double(-day * 86_400))
            _ = send(.command("home"))
            _ = send(.command("configure"))
            // Next through the sport, the metrics, the interval, the zone and the plan to the last step.
            for _ in 0..<5 { _ = send(.command("next")) }
            _ = send(.command("start workout"))
            _ = wait(minutes * 60 + day)
            _ = send(.command("end"))
            _ = send(.command("yes"))
            _ = send(.command("save"))
        }
        // The recovery of the last one was measured long ago: none is pending.
        var steps: [FeatureStep] = []
        WorkoutFeature.finishRecovery(&core.training, &steps)
        core.carryOut(steps)
        _ = send(.tick)
        now = finalNow
        clockNow(finalNow)
    }
}
