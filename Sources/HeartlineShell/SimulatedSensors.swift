import HeartlineBluetooth
import HeartlineCore

extension SensorKind {
    /// The names `--sensor KIND=ADDRESS` and `--simulate KIND,...` take.
    static let argumentNames: [String: SensorKind] = [
        "strap": .heartRateStrap, "footpod": .footpod, "bike": .cyclingSpeedCadence, "power": .powerMeter,
    ]

    /// The name in log lines.
    var logName: String {
        switch self {
        case .heartRateStrap: "strap"
        case .footpod: "footpod"
        case .cyclingSpeedCadence: "bike sensor"
        case .powerMeter: "power meter"
        }
    }
}

/// A simulated footpod, bike sensor or power meter: each second its simulator's notification
/// bytes go through the same decoders and calculators as a real sensor's, so what reaches the
/// core is what the Bluetooth path would deliver. Same seed, same workout.
struct SimulatedMover {
    let kind: SensorKind
    private var footpod: SimulatedFootpod?
    private var bike: SimulatedBike?
    private var powerMeter: SimulatedPowerMeter?
    private var cycling = CyclingSpeedCadenceCalculator()
    private var power = CyclingPowerCalculator()
    private var seconds = 0.0

    init(kind: SensorKind, seed: UInt64) {
        self.kind = kind
        switch kind {
        case .footpod: footpod = SimulatedFootpod(seed: seed)
        case .cyclingSpeedCadence: bike = SimulatedBike(seed: seed)
        case .powerMeter: powerMeter = SimulatedPowerMeter(seed: seed)
        case .heartRateStrap: break
        }
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
        return nil
    }
}
