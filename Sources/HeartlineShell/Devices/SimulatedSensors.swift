import HeartlineBluetooth
import HeartlineCore

/// A simulated footpod, bike sensor or power meter: each second its simulator's notification
/// bytes go through the same decoders and calculators as a real sensor's, so what reaches the
/// core is what the Bluetooth path would deliver. Same seed, same workout.
struct SimulatedMover {
    let kind: SensorKind
    private var footpod: SimulatedFootpod?
    private var bike: SimulatedBike?
    private var powerMeter: SimulatedPowerMeter?
    private var machine: SimulatedFitnessMachine?
    private var records = MachineRecords()
    private var controller = FitnessMachineController()
    private var cycling = CyclingSpeedCadenceCalculator()
    private var power = CyclingPowerCalculator()
    private var seconds = 0.0

    init(kind: SensorKind, seed: UInt64, machineType: MachineType = .treadmill) {
        self.kind = kind
        switch kind {
        case .footpod: footpod = SimulatedFootpod(seed: seed)
        case .cyclingSpeedCadence: bike = SimulatedBike(seed: seed)
        case .powerMeter: powerMeter = SimulatedPowerMeter(seed: seed)
        case .fitnessMachine: machine = SimulatedFitnessMachine(type: machineType, seed: seed)
        case .heartRateStrap: break
        }
    }

    /// A simulated machine's description, decoded from its feature and range values.
    var machineDescription: MachineDescription? {
        machine.map { machine in MachineDescription(type: machine.type, read: machine.readValue, steerable: true) }
    }

    /// Carries a command to the simulated machine through the control point's rules and bytes,
    /// Request Control first; the answers, in order.
    mutating func steer(_ command: MachineCommand) -> [(MachineCommand, MachineResult)] {
        guard var machine else { return [(command, .notSupported)] }
        defer { self.machine = machine }
        controller.enqueue(command)
        var answers: [(MachineCommand, MachineResult)] = []
        while let request = controller.next() {
            guard let response = try? FitnessMachineControlResponse.decode(machine.controlPoint(request.encoded)) else {
                answers += controller.writeFailed()
                continue
            }
            answers += controller.indicated(response)
        }
        return answers
    }

    /// The reading of the next second, or nil when its bytes do not decode.
    mutating func next() -> SensorReading? {
        seconds += 1
        if var footpod {
            defer { self.footpod = footpod }
            return (try? RunningSpeedCadenceMeasurement.decode(footpod.notificationValue())).map { .running($0.reading) }
        }
        if var bike {
            defer { self.bike = bike }
            guard let measurement = try? CyclingSpeedCadenceMeasurement.decode(bike.notificationValue()) else { return nil }
            return .cycling(cycling.update(measurement, now: seconds))
        }
        if var powerMeter {
            defer { self.powerMeter = powerMeter }
            guard let measurement = try? CyclingPowerMeasurement.decode(powerMeter.notificationValue()) else { return nil }
            return .power(power.update(measurement, now: seconds))
        }
        if var machine {
            defer { self.machine = machine }
            return records.add(machine.notificationValue(), of: machine.type).last.map { .machine($0) }
        }
        return nil
    }
}
