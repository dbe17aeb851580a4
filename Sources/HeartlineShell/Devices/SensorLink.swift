import HeartlineBluetooth
import HeartlineCore
import HeartlineIO

/// The shell's side of one sensor (the heart-rate strap, or a footpod, bike sensor or power
/// meter): which source runs, scanning (the strap's), the battery.
///
/// Everything the sensor reports reaches the core as an `Input` through `deliver`: the strap's
/// as `.sensor`, the others' as `.motionSensor` with their kind, each connecting, dropping out
/// and reconnecting on its own.
final class SensorLink {
    let kind: SensorKind
    private let loop: EventLoop
    private let catalogue: PromptCatalogue
    private let log: (String) -> Void
    private let deliver: (Input) -> Void
    private var source: HeartRateSource?
    private let scanner = StrapScanner()
    /// The argument the source was made from, to hand on when the device is of another kind.
    private var argument: String?
    /// Hands a device whose services say it is of another kind to the link of that kind;
    /// returns whether that link took it (none of that kind was given already).
    var takeAsKind: ((SensorKind, String) -> Bool)?

    /// Whether no source runs: nothing is given for this kind.
    var isIdle: Bool { source == nil }

    init(
        kind: SensorKind = .heartRateStrap, loop: EventLoop, catalogue: PromptCatalogue, log: @escaping (String) -> Void,
        deliver: @escaping (Input) -> Void
    ) {
        self.kind = kind
        self.loop = loop
        self.catalogue = catalogue
        self.log = log
        self.deliver = deliver
    }

    /// Connects to `argument` (an address or `att-socket:PATH`) from now on, or to nothing.
    func use(_ argument: String?, name: String = "") {
        source?.stop()
        source = nil
        self.argument = argument
        guard let argument else { return }
        guard let target = SensorTarget(argument: argument) else {
            log("not a strap address: \(argument)")
            deliver(.sensorScanFailed(.other(argument)))
            return
        }
        let strap = BluetoothHeartRateSource(target: target, name: name, sensor: kind)
        strap.log = log
        source = strap
        if kind == .heartRateStrap { deliver(.sensorAttached) }
        strap.start(on: loop) { [weak self] event in self?.report(event) }
    }

    /// Runs an already-made source (the simulated strap, or a test's).
    func use(_ source: HeartRateSource) {
        self.source?.stop()
        self.source = source
        deliver(.sensorAttached)
        source.start(on: loop) { [weak self] event in self?.report(event) }
    }

    /// Hands a strap event to the core; a change of state gets a log line (readings do not).
    private func report(_ event: SensorEvent) {
        let who = kind.logName
        switch event {
        case .connected(let name): log("\(who): connected\(name.isEmpty ? "" : " (\(name))")")
        case .disconnected: log("\(who): disconnected")
        case .problem(let problem): log("\(who): \(problem)")
        case .pairing: log("\(who): pairing")
        case .machine(.answered(let command, let result)): log("\(who): \(command) answered \(result)")
        case .machine(.controlLost): log("\(who): control permission lost")
        case .reading, .sensorReading, .battery, .identified, .machine: break
        }
        if case .problem(.otherKind(let found, _)) = event, let argument {
            // The device is no use to this link: it stops trying it, and the link of its kind
            // takes it when that kind has nothing given.
            source?.stop()
            source = nil
            self.argument = nil
            let taken = takeAsKind?(found, argument) ?? false
            log("\(who): \(argument) is a \(found.logName)\(taken ? ", used as one" : ", and one is given already")")
            let problem = SensorEvent.problem(.otherKind(found, taken: taken))
            deliver(kind == .heartRateStrap ? .sensor(problem) : .motionSensor(kind, problem))
            return
        }
        deliver(kind == .heartRateStrap ? .sensor(event) : .motionSensor(kind, event))
    }

    func requestBattery() {
        source?.requestBattery()
    }

    /// Sends a command to the fitness machine; with none connected its answer says so.
    func steer(_ command: MachineCommand) {
        log("\(kind.logName): sending \(command)")
        source?.steer(command)
    }

    static let motionKinds = Set(SensorKind.motionKinds)

    /// Scans for sensors of `kinds` (straps unless said) and hands what was heard to the core.
    func scan(seconds: Double, for kinds: Set<SensorKind> = [.heartRateStrap]) {
        let started: () -> Void = { [weak self] in self?.deliver(.sensorScanStarted) }
        scanner.scan(
            on: loop, seconds: seconds, kinds: kinds, started: started,
            completion: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let straps):
                    let found = straps.map {
                        FoundSensor(
                            name: $0.spokenName(in: self.catalogue), address: $0.address.description, signal: $0.rssi, kind: $0.kind)
                    }
                    self.deliver(.sensorsFound(found))
                case .failure(let error):
                    self.log("scan: \(error.detail)")
                    self.deliver(.sensorScanFailed(error.problem))
                }
            })
    }

    func stop() {
        scanner.cancel()
        source?.stop()
        source = nil
    }
}
