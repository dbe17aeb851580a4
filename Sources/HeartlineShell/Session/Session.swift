#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineIO

/// One run of Heartline: the loop, the core and the adapters around it.
///
/// Inputs from every adapter (keyboard or script, sensor, timers, signals) are turned into
/// `Input`s with the clock's time and handed to the core; the core's effects are carried out here.
final class Session {
    let loop: EventLoop
    let clock: ShellClock
    var core: Heartline
    /// Where the core's storage effects are carried out, and answered in the same turn.
    let storage: StorageEdge
    let speaker: Speaker
    let log: (String) -> Void
    private var strap: SimulatedStrap?
    /// Whether the core wants the sensors now (`Effect.sensorWanted`).
    private var wantsSensors = false
    /// Whether the simulated sensors' next step is scheduled.
    private var simulationScheduled = false
    /// How many readings the simulated strap has sent.
    private(set) var strapSecond = 0
    private var script: ScriptInput?
    private var waitingUntil: Date?
    private var terminal: Terminal?
    private var mediaButtons: MediaButtons?
    private var finished = false
    /// Whether the clock ticks the core on its own: real time, not a script's simulated clock.
    private var ticksInRealTime = false
    private var nextTick: EventLoop.Token?
    /// The heart-rate strap's side: sources, scanning, battery (set by HeartlineMain).
    var sensors: SensorLink?
    /// Footpods, bike sensors and power meters, one link each.
    var motionLinks: [SensorLink] = []
    /// Simulated ones, stepped with the simulated strap.
    private var movers: [SimulatedMover] = []
    /// The edge's capabilities, every one given when the session is made.
    private let edges: Edges

    init(
        loop: EventLoop, clock: ShellClock, core: Heartline, storage: StorageEdge, speaker: Speaker, edges: Edges,
        log: @escaping (String) -> Void
    ) {
        self.loop = loop
        self.edges = edges
        self.clock = clock
        self.core = core
        self.storage = storage
        self.speaker = speaker
        self.log = log
    }

    // MARK: - The core

    func send(_ input: Input) {
        apply(core.handle(input, at: clock.now))
        if ticksInRealTime, Self.isReading(input), core.isRecording, !finished {
            tickWithReading()
        }
        scheduleTick()
    }

    /// A sensor reading has woken the loop anyway (about once a second from a strap): the core
    /// ticks now, in the same turn, and the timer's next tick comes half a second after it, so
    /// the ticks stay at most half a second apart with one wake-up a second fewer.
    private func tickWithReading() {
        if let token = nextTick {
            loop.cancel(token)
            nextTick = nil
        }
        apply(core.handle(.tick, at: clock.now))
    }

    private static func isReading(_ input: Input) -> Bool {
        switch input {
        case .sensor(.reading), .motionSensor(_, .sensorReading): true
        default: false
        }
    }

    func apply(_ effects: [Effect]) {
        // Storage first: its answers are the core's, in this turn, and their sentences join these.
        let effects = storage.settle(effects, with: &core, at: clock.now)
        // Settings first, so a changed setting is confirmed in its new voice.
        for effect in effects {
            switch effect {
            case .speechSettingChanged(let setting, let value): edges.applySpeechSetting(setting, value)
            case .languageChanged(let code): edges.applyLanguage(code)
            case .speak, .sensorWanted, .requestBattery, .scanForSensors, .useSensor, .scanForMotionSensors, .useMotionSensor,
                .steerMachine, .listSpeechOffer, .keyEchoChanged, .captionsChanged, .runSelfCheck, .exportWorkout, .powerOff,
                .autoExport, .upload, .fillInHistory, .store, .load, .headset, .stick, .quit:
                break
            }
        }
        for effect in effects {
            switch effect {
            case .speak(let utterances):
                speaker.speak(utterances)
            case .sensorWanted(let wanted): sensorsWanted(wanted)
            case .requestBattery: sensors?.requestBattery()
            case .scanForSensors(let seconds): sensors?.scan(seconds: seconds)
            case .useSensor(let address): sensors?.use(address)
            case .scanForMotionSensors(let seconds): sensors?.scan(seconds: seconds, for: SensorLink.motionKinds)
            case .useMotionSensor(let kind, let address): useMotionSensor(kind, address)
            case .steerMachine(let command): steerMachine(command)
            case .speechSettingChanged, .languageChanged: break
            case .runSelfCheck:
                // The checks run here, at the edge; the core says their sentences, so "repeat" works.
                send(.selfCheck(edges.selfCheck().map(\.text)))
            case .exportWorkout(let id, let format):
                send(edges.exportWorkout(id, format))
            case .autoExport(let id, let formats):
                for format in formats {
                    if case .exportFailed(let diskFull, let folder) = edges.exportWorkout(id, format) {
                        send(.autoExportFailed(diskFull: diskFull, folder: folder))
                    }
                }
            case .upload(let id): edges.uploadWorkout(id)
            case .keyEchoChanged(let echo): terminal?.echoMode = KeyEchoMode(rawValue: echo.rawValue) ?? .characters
            case .captionsChanged(let on): edges.setCaptions(on)
            case .fillInHistory: edges.fillInHistory()
            case .listSpeechOffer: edges.listSpeechOffer()
            case .powerOff:
                // The last words are heard first; a refusal comes back as a sentence.
                if let refused = edges.powerOff() { send(refused) }
            case .headset(let command): edges.headsetCommand(command)
            case .stick(let command): edges.stickCommand(command)
            case .quit: finish()
            case .store, .load: break
            }
        }
    }

    /// Counts what saved workouts derive from the profile, in the background (once the
    /// database's check found it sound).
    func fillInHistory() { edges.fillInHistory() }

    func start(stored: StoredState, resetSpeech: Bool = false, setUp: Bool = false) {
        apply(core.start(at: clock.now, stored: stored, resetSpeech: resetSpeech, setUp: setUp))
    }

    /// Stores what must be stored and stops the loop.
    func finish() {
        guard !finished else { return }
        finished = true
        terminal?.close()
        loop.stop()
    }

    /// End of input or a signal: keep the workout (as unfinished if one runs) and leave.
    func shutdown() {
        send(.shutdown)
        finish()
    }

    // MARK: - The simulated strap

    func attachSimulatedStrap(seed: UInt64, name: String) {
        strap = SimulatedStrap(seed: seed)
        send(.sensor(.connected(name: name)))
        scheduleSimulation()
    }

    /// The core wants the strap and the motion sensors (a workout, its recovery or a resting
    /// check) or lets them go: the simulated ones send only while wanted, so an idle Heartline
    /// is not woken every second for readings nothing listens to. A real strap stays connected
    /// between workouts, ready for the next.
    private func sensorsWanted(_ wanted: Bool) {
        wantsSensors = wanted
        scheduleSimulation()
    }

    /// Steps the simulated strap and motion sensors once a second in real time, while wanted.
    private func scheduleSimulation() {
        guard !clock.isSimulated, !simulationScheduled, wantsSensors, strap != nil || !movers.isEmpty else { return }
        simulationScheduled = true
        loop.after(1) { [weak self] in
            guard let self else { return }
            self.simulationScheduled = false
            guard !self.finished, self.wantsSensors else { return }
            self.strapBeat()
            self.moverStep()
            self.scheduleSimulation()
        }
    }

    /// Connects the footpod, bike sensor or power meter of `kind` to `address` from now on (a
    /// link made for it if there is none yet), or lets it go.
    /// Uses a device found to be of `kind` (its services say so) as the sensor of that kind,
    /// unless one of that kind is given already; returns whether it was taken.
    func takeAsKind(_ kind: SensorKind, _ argument: String) -> Bool {
        if kind == .heartRateStrap {
            guard let sensors, sensors.isIdle else { return false }
            sensors.use(argument)
            return true
        }
        if let link = motionLinks.first(where: { $0.kind == kind }), !link.isIdle { return false }
        useMotionSensor(kind, argument)
        return true
    }

    func useMotionSensor(_ kind: SensorKind, _ address: String?) {
        if let link = motionLinks.first(where: { $0.kind == kind }) {
            link.use(address)
        } else if let address, let makeLink {
            let link = makeLink(kind)
            motionLinks.append(link)
            link.use(address)
        }
    }

    /// Makes the link of a sensor kind, with the loop, catalogue and log of the program.
    var makeLink: ((SensorKind) -> SensorLink)?

    /// Adds a simulated footpod, bike sensor, power meter or fitness machine, sending every second.
    func attachSimulatedSensor(_ kind: SensorKind, seed: UInt64, name: String, machineType: MachineType = .treadmill) {
        let mover = SimulatedMover(kind: kind, seed: seed, machineType: machineType)
        movers.append(mover)
        if let description = mover.machineDescription { send(.motionSensor(kind, .machine(.described(description)))) }
        send(.motionSensor(kind, .connected(name: name)))
        scheduleSimulation()
    }

    /// A command for the fitness machine: the simulated one answers at once, a real one when its
    /// indication comes.
    private func steerMachine(_ command: MachineCommand) {
        if let index = movers.firstIndex(where: { $0.kind == .fitnessMachine }) {
            for (answered, result) in movers[index].steer(command) {
                send(.motionSensor(.fitnessMachine, .machine(.answered(answered, result))))
            }
        } else if let link = motionLinks.first(where: { $0.kind == .fitnessMachine }) {
            link.steer(command)
        } else {
            send(.motionSensor(.fitnessMachine, .machine(.answered(command, .notSupported))))
        }
    }

    private func moverStep() {
        for index in movers.indices {
            let kind = movers[index].kind
            if let reading = movers[index].next() { send(.motionSensor(kind, .sensorReading(reading))) }
        }
    }

    private func strapBeat() {
        guard var strap else { return }
        strapSecond += 1
        let reading = strap.reading(atSecond: strapSecond)
        self.strap = strap
        send(.sensor(.reading(reading)))
    }

    /// Ticks the core in real time while it needs time (a workout records, a changed speech
    /// setting waits for its yes). Twice a second is enough for readouts to land on their
    /// second; otherwise nothing ticks. A sensor reading ticks it too (`tickWithReading`).
    func startTicking() {
        ticksInRealTime = true
        scheduleTick()
    }

    private func scheduleTick() {
        guard ticksInRealTime, nextTick == nil, !finished, core.needsTime else { return }
        nextTick = loop.after(0.5) { [weak self] in
            guard let self else { return }
            self.nextTick = nil
            self.send(.tick)
        }
    }

    // MARK: - Script mode

    func runScript(_ input: ScriptInput) {
        script = input
        var watch: EventLoop.Token?
        watch = loop.watch(input.fileDescriptor) { [weak self] in
            input.fill()
            // At its end the input stays readable forever: stop watching it, or the loop spins
            // through a real-time ":wait" that is still running.
            if input.isEnded, let token = watch { self?.loop.cancel(token) }
            self?.drainScript()
        }
        if !clock.isSimulated { startTicking() }
    }

    private func drainScript() {
        guard let script, !finished else { return }
        if let until = waitingUntil {
            if clock.now < until { return }
            waitingUntil = nil
        }
        while !finished, let line = script.nextLine() {
            switch line {
            case .command(let text):
                send(.command(text))
            case .escape:
                send(.escape)
            case .wait(let seconds):
                if clock.isSimulated {
                    simulate(seconds: seconds)
                } else {
                    waitingUntil = clock.now.addingTimeInterval(seconds)
                    loop.after(seconds) { [weak self] in self?.drainScript() }
                    return
                }
            case .end:
                shutdown()
                return
            }
        }
    }

    /// Moves the simulated clock second by second: the strap beats, the core ticks.
    private func simulate(seconds: Double) {
        var left = seconds
        while left > 0, !finished {
            let step = min(1, left)
            clock.advance(by: step)
            left -= step
            if wantsSensors {
                strapBeat()
                moverStep()
            }
            send(.tick)
        }
    }

    // MARK: - Terminal mode

    /// Reads keys from the terminal; `typedAhead` is what was typed before it was read, taken
    /// as typed now.
    func runTerminal(
        words: Words, echo: KeyEchoMode = .characters, buttons: MediaButtonMapping = .standard, typedAhead: [UInt8] = [],
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, terminalName: String? = getenv("TERM").map { String(cString: $0) }
    ) {
        let terminal = Terminal(words: words, echo: echo, terminal: terminalName, input: input, output: output)
        self.terminal = terminal
        terminal.consult { [weak self] in self?.core }
        terminal.onInput = { [weak self] input in self?.send(input) }
        terminal.after = { [weak self] seconds, body in self?.loop.after(seconds, handler: body) }
        terminal.onKey = { [weak self] in self?.speaker.silenceUI() }
        terminal.speak = { [weak self] in self?.speaker.speak($0) }
        terminal.onStopSpeech = { [weak self] in self?.speaker.silenceUI() }
        terminal.onLine = { [weak self] line in
            guard let self else { return }
            if let line {
                self.send(.command(line))
            } else {
                self.shutdown()
            }
        }
        var watch: EventLoop.Token?
        watch = loop.watch(input) { [weak self] in
            var bytes = [UInt8](repeating: 0, count: Terminal.bytesPerWake)
            let count = bytes.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                terminal.feed(Array(bytes[0..<count]))
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                // The end of input, or a terminal hung up (EIO): nothing more can be typed, and a
                // hung-up terminal would otherwise wake the loop for ever.
                if let watch { self?.loop.cancel(watch) }
                self?.shutdown()
            }
        }
        mediaButtons = watchMediaButtons(buttons, words: words)
        startTicking()
        if !typedAhead.isEmpty { terminal.feed(typedAhead) }
    }

    var terminalForOutput: Terminal? { terminal }

    func resizeTerminal() {
        terminal?.resize()
    }
}
