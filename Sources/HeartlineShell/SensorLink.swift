import HeartlineBluetooth
import HeartlineCore
import HeartlineIO

/// The shell's side of the heart-rate strap: which source runs, scanning, the battery.
///
/// Everything the strap reports reaches the core as an `Input` through `deliver`.
final class SensorLink {
    private let loop: EventLoop
    private let catalogue: PromptCatalogue
    private let log: (String) -> Void
    private let deliver: (Input) -> Void
    private var source: HeartRateSource?
    private let scanner = StrapScanner()

    init(loop: EventLoop, catalogue: PromptCatalogue, log: @escaping (String) -> Void, deliver: @escaping (Input) -> Void) {
        self.loop = loop
        self.catalogue = catalogue
        self.log = log
        self.deliver = deliver
    }

    /// Connects to `argument` (an address or `att-socket:PATH`) from now on, or to nothing.
    func use(_ argument: String?, name: String = "") {
        source?.stop()
        source = nil
        guard let argument else { return }
        guard let target = SensorTarget(argument: argument) else {
            log("not a strap address: \(argument)")
            deliver(.sensorScanFailed(.other(argument)))
            return
        }
        let strap = BluetoothHeartRateSource(target: target, name: name)
        strap.log = log
        source = strap
        deliver(.sensorAttached)
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
        switch event {
        case .connected(let name): log("strap: connected\(name.isEmpty ? "" : " (\(name))")")
        case .disconnected: log("strap: disconnected")
        case .problem(let problem): log("strap: \(problem)")
        case .pairing: log("strap: pairing")
        case .reading, .battery, .identified: break
        }
        deliver(.sensor(event))
    }

    func requestBattery() {
        source?.requestBattery()
    }

    func scan(seconds: Double) {
        scanner.scan(on: loop, seconds: seconds) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let straps):
                let found = straps.map {
                    FoundSensor(name: $0.spokenName(in: self.catalogue), address: $0.address.description, signal: $0.rssi)
                }
                self.deliver(.sensorsFound(found))
            case .failure(let error):
                self.log("scan: \(error.detail)")
                self.deliver(.sensorScanFailed(error.problem))
            }
        }
    }

    func stop() {
        scanner.cancel()
        source?.stop()
        source = nil
    }
}
