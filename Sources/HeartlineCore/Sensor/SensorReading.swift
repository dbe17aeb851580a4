/// The kinds of Bluetooth sensor Heartline knows, each with the one service it reads.
public enum SensorKind: CaseIterable, Equatable, Hashable, Sendable {
    /// A chest strap or arm band: the Heart Rate service (0x180D).
    case heartRateStrap
    /// A shoe or hip pod: the Running Speed and Cadence service (0x1814).
    case footpod
    /// A wheel or crank sensor: the Cycling Speed and Cadence service (0x1816).
    case cyclingSpeedCadence
    /// A crank, pedal, hub or trainer power meter: the Cycling Power service (0x1818).
    case powerMeter
    /// A treadmill, smart trainer or rower: the Fitness Machine service (0x1826). Which of them
    /// it is comes from its data characteristic, in `MachineDescription`.
    case fitnessMachine
}

/// Each kind's names, declared here once: the command line's and the stored settings', the log's,
/// and the other words the command line takes for it. Its spoken names are the catalogue's, its
/// GATT service is HeartlineBluetooth's (`SensorKind+GATT.swift`).
extension SensorKind {
    /// The name `--sensor KIND=ADDRESS` and `--simulate KIND,...` take, and the settings store
    /// a remembered sensor under.
    public var name: String {
        switch self {
        case .heartRateStrap: "strap"
        case .footpod: "footpod"
        case .cyclingSpeedCadence: "bike"
        case .powerMeter: "power"
        case .fitnessMachine: "machine"
        }
    }

    /// Other names the command line takes for the kind.
    public var otherNames: [String] {
        switch self {
        case .fitnessMachine: ["treadmill", "trainer"]
        case .heartRateStrap, .footpod, .cyclingSpeedCadence, .powerMeter: []
        }
    }

    /// The name in log lines.
    public var logName: String {
        switch self {
        case .heartRateStrap: "strap"
        case .footpod: "footpod"
        case .cyclingSpeedCadence: "bike sensor"
        case .powerMeter: "power meter"
        case .fitnessMachine: "fitness machine"
        }
    }

    /// The kind each command-line name stands for.
    public static let byName: [String: SensorKind] = Dictionary(
        uniqueKeysWithValues: allCases.flatMap { kind in ([kind.name] + kind.otherNames).map { ($0, kind) } })

    /// The kinds beside the heart-rate strap, in the order Settings, Sensors lists them; one of
    /// each may be remembered.
    public static let motionKinds: [SensorKind] = allCases.filter { $0 != .heartRateStrap }
}

/// One footpod notification, in SI units.
public struct RunningReading: Equatable, Sendable {
    /// Metres per second, to 1/256 m/s.
    public var speed: Double
    /// Steps per minute, as the pod counts them (both feet).
    public var cadence: Int
    /// The stride length the pod sends, in metres to the centimetre. Pods differ on whether a
    /// stride is one step or two; the simulated footpod sends one step (speed × 60 / cadence).
    public var strideLength: Double?
    /// Metres since the pod's last reset, to the decimetre, when the pod sends it.
    public var totalDistance: Double?
    /// Whether the pod judged the motion running rather than walking.
    public var isRunning: Bool

    public init(speed: Double, cadence: Int, strideLength: Double? = nil, totalDistance: Double? = nil, isRunning: Bool = false) {
        self.speed = speed
        self.cadence = cadence
        self.strideLength = strideLength
        self.totalDistance = totalDistance
        self.isRunning = isRunning
    }
}

/// What a cycling speed and cadence sensor says once two notifications can be compared.
///
/// A sensor sends counters and event times, not rates; a value is nil until the calculator has
/// seen two events of its kind, or when the sensor does not measure it at all.
public struct CyclingReading: Equatable, Sendable {
    /// Metres per second from the wheel; 0 once the wheel has stopped turning.
    public var speed: Double?
    /// Crank revolutions per minute; 0 while coasting.
    public var cadence: Double?
    /// Metres ridden since the first notification of this connection.
    public var distance: Double?

    public init(speed: Double? = nil, cadence: Double? = nil, distance: Double? = nil) {
        self.speed = speed
        self.cadence = cadence
        self.distance = distance
    }
}

/// The share of power one pedal gives, as a power meter reports it.
public struct PedalBalance: Equatable, Sendable {
    /// Percent, to the half percent.
    public var percent: Double
    /// Whether `percent` is the left pedal's share; otherwise the meter does not say which.
    public var isLeft: Bool

    public init(percent: Double, isLeft: Bool) {
        self.percent = percent
        self.isLeft = isLeft
    }
}

/// One power meter notification, with the rates its revolution data allowed.
public struct PowerReading: Equatable, Sendable {
    /// Watts; negative when the rider pedals backwards.
    public var power: Int
    public var balance: PedalBalance?
    /// Crank revolutions per minute, from the crank revolution data, when known.
    public var cadence: Double?
    /// Metres per second, from the wheel revolution data, when known.
    public var speed: Double?

    public init(power: Int, balance: PedalBalance? = nil, cadence: Double? = nil, speed: Double? = nil) {
        self.power = power
        self.balance = balance
        self.cadence = cadence
        self.speed = speed
    }
}

/// A reading from a sensor that is not a heart-rate strap.
public enum SensorReading: Equatable, Sendable {
    case running(RunningReading)
    case cycling(CyclingReading)
    case power(PowerReading)
    case machine(MachineReading)

    /// The kind of sensor that sends this reading.
    public var kind: SensorKind {
        switch self {
        case .running: .footpod
        case .cycling: .cyclingSpeedCadence
        case .power: .powerMeter
        case .machine: .fitnessMachine
        }
    }
}
