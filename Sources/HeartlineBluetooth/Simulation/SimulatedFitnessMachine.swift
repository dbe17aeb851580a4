import HeartlineCore

/// A deterministic treadmill or smart trainer that obeys its control point as a real machine
/// does: every request but Request Control is refused ("control not permitted") until control is
/// requested, a target outside its supported range is refused ("invalid parameter"), and each
/// request is answered with the indication Fitness Machine Service 1.0 gives it.
///
/// Its bytes are the characteristics' own (Fitness Machine Feature, the supported ranges,
/// Treadmill Data or Indoor Bike Data), so what reaches the core goes through the production
/// decoders. The treadmill starts with its belt running at 8 km/h, as if started on its own
/// panel; the trainer at 150 W with a cadence of about 85.
public struct SimulatedFitnessMachine: Sendable {
    public let type: MachineType
    /// 1/100 km/h: 0.5 to 20 km/h in steps of 0.1.
    public let speedRange = FitnessMachineRange<UInt16>(minimum: 50, maximum: 2000, increment: 10)
    /// 1/10 %: -3 to 15 % in steps of 0.5.
    public let inclinationRange = FitnessMachineRange<Int16>(minimum: -30, maximum: 150, increment: 5)
    /// 1/10 level: 1 to 20.
    public let resistanceRange = FitnessMachineRange<Int16>(minimum: 10, maximum: 200, increment: 10)
    /// Watts: 25 to 1000.
    public let powerRange = FitnessMachineRange<Int16>(minimum: 25, maximum: 1000, increment: 1)

    public private(set) var controlGranted = false
    public private(set) var running = true
    /// 1/100 km/h.
    public private(set) var speed: UInt16 = 800
    /// 1/10 %.
    public private(set) var inclination: Int16 = 0
    /// Watts.
    public private(set) var power: Int16 = 150
    /// 1/10 level.
    public private(set) var resistance: UInt8 = 50
    private var distance = 0.0
    private var random: SplitMix64

    public init(type: MachineType, seed: UInt64) {
        self.type = type
        random = SplitMix64(seed: seed)
    }

    /// The Fitness Machine Feature value: what it reports and what it can be set to.
    public var features: FitnessMachineFeatures {
        switch type {
        case .treadmill:
            FitnessMachineFeatures(machine: [.totalDistance, .inclination, .elapsedTime], targetSettings: [.speed, .inclination])
        case .indoorBike, .rower:
            FitnessMachineFeatures(
                machine: [.cadence, .totalDistance, .resistanceLevel, .power, .elapsedTime],
                targetSettings: [.resistanceLevel, .power])
        }
    }

    /// The value of a characteristic it serves for reading, by its UUID.
    public func readValue(_ uuid: BluetoothUUID) -> [UInt8]? {
        switch uuid {
        case .fitnessMachineFeature: features.encoded
        case .supportedSpeedRange where type == .treadmill: SupportedSpeedRange.encode(speedRange)
        case .supportedInclinationRange where type == .treadmill: SupportedInclinationRange.encode(inclinationRange)
        case .supportedResistanceLevelRange where type != .treadmill: SupportedResistanceLevelRange.encode(resistanceRange)
        case .supportedPowerRange where type != .treadmill: SupportedPowerRange.encode(powerRange)
        default: nil
        }
    }

    /// The data characteristic's notification after `seconds` more of training.
    public mutating func notificationValue(after seconds: Double = 1) -> [UInt8] {
        let wander = (random.nextUnit() - 0.5) * 0.02
        switch type {
        case .treadmill:
            let belt = running ? Double(speed) * (1 + wander / 4) : 0
            distance += belt / 360 * seconds
            return TreadmillData(
                instantaneousSpeed: UInt16(belt.rounded()), totalDistance: UInt32(distance),
                inclination: .init(percent: inclination, rampAngle: 0)
            ).encoded
        case .indoorBike, .rower:
            let cadence = running ? 85 * (1 + wander) : 0
            let watts = running ? Double(power) * (1 + wander) : 0
            let kmh = running ? 30 * (1 + wander) : 0
            distance += kmh / 3.6 * seconds
            return IndoorBikeData(
                instantaneousSpeed: UInt16((kmh * 100).rounded()), instantaneousCadence: UInt16((cadence * 2).rounded()),
                totalDistance: UInt32(distance), resistanceLevel: Int16(resistance / 10), instantaneousPower: Int16(watts.rounded())
            ).encoded
        }
    }

    /// Takes a write to the control point; returns the indication that answers it.
    public mutating func controlPoint(_ value: [UInt8]) -> [UInt8] {
        guard let request = try? FitnessMachineControlRequest.decode(value) else {
            return FitnessMachineControlResponse(requestOpCode: value.first ?? 0, result: .opCodeNotSupported).encoded
        }
        return FitnessMachineControlResponse(requestOpCode: request.opCode, result: obey(request)).encoded
    }

    private mutating func obey(_ request: FitnessMachineControlRequest) -> FitnessMachineControlResponse.Result {
        if request == .requestControl {
            controlGranted = true
            return .success
        }
        guard controlGranted else { return .controlNotPermitted }
        let settable = features.targetSettings
        switch request {
        case .requestControl, .reset:
            return .success
        case .setTargetSpeed(let target):
            guard settable.contains(.speed) else { return .opCodeNotSupported }
            guard (speedRange.minimum...speedRange.maximum).contains(target) else { return .invalidParameter }
            speed = target
        case .setTargetInclination(let target):
            guard settable.contains(.inclination) else { return .opCodeNotSupported }
            guard (inclinationRange.minimum...inclinationRange.maximum).contains(target) else { return .invalidParameter }
            inclination = target
        case .setTargetResistanceLevel(let target):
            guard settable.contains(.resistanceLevel) else { return .opCodeNotSupported }
            guard (resistanceRange.minimum...resistanceRange.maximum).contains(Int16(target)) else { return .invalidParameter }
            resistance = target
        case .setTargetPower(let target):
            guard settable.contains(.power) else { return .opCodeNotSupported }
            guard (powerRange.minimum...powerRange.maximum).contains(target) else { return .invalidParameter }
            power = target
        case .startOrResume:
            running = true
        case .stopOrPause:
            running = false
        case .setTargetHeartRate, .setIndoorBikeSimulation:
            return .opCodeNotSupported
        }
        return .success
    }
}
