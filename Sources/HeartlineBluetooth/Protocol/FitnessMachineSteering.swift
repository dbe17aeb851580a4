// Compiled standalone into the fuzz targets with HeartlineCore's sensor types beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// The control point's rules on the client's side: Request Control before anything else, one
/// request outstanding at a time (written, then answered by an indication), and nothing but
/// Request Control written to a machine that has not granted control.
///
/// The client calls `next()` whenever it could write (no ATT request in flight), writes what it
/// returns, and hands each control point indication to `indicated(_:)`.
public struct FitnessMachineController: Sendable {
    /// Whether the machine granted control and has not taken it back.
    public private(set) var granted = false
    /// Commands waiting for the one in flight, oldest first.
    public private(set) var queue: [MachineCommand] = []
    /// The request written and not yet answered; its command is nil for Request Control.
    public private(set) var inFlight: (request: FitnessMachineControlRequest, command: MachineCommand?)?

    public init() {}

    /// Queues a command; `next()` gives its request when it may be written.
    public mutating func enqueue(_ command: MachineCommand) {
        queue.append(command)
    }

    /// The request to write now, if any: Request Control while control is not granted.
    public mutating func next() -> FitnessMachineControlRequest? {
        guard inFlight == nil, let command = queue.first else { return nil }
        guard granted else {
            inFlight = (.requestControl, nil)
            return .requestControl
        }
        queue.removeFirst()
        let request = command.request
        inFlight = (request, command)
        return request
    }

    /// The machine's answer to the request in flight.
    /// - Returns: the commands answered, in order: the one in flight, or every one waiting when
    ///   the machine refused control.
    public mutating func indicated(_ response: FitnessMachineControlResponse) -> [(MachineCommand, MachineResult)] {
        guard let flight = inFlight, response.requestOpCode == flight.request.opCode else { return [] }
        inFlight = nil
        let result = MachineResult(response.result)
        guard let command = flight.command else {
            if result == .success {
                granted = true
                return []
            }
            return refuseAll(result == .notSupported ? .notSupported : .controlNotPermitted)
        }
        if result == .controlNotPermitted { granted = false }
        return [(command, result)]
    }

    /// The write itself was refused (an ATT error): the request in flight failed.
    public mutating func writeFailed() -> [(MachineCommand, MachineResult)] {
        guard let flight = inFlight else { return [] }
        inFlight = nil
        guard let command = flight.command else { return refuseAll(.failed) }
        return [(command, .failed)]
    }

    /// The machine took control back (its status said so).
    public mutating func controlLost() {
        granted = false
    }

    private mutating func refuseAll(_ result: MachineResult) -> [(MachineCommand, MachineResult)] {
        defer { queue = [] }
        return queue.map { ($0, result) }
    }
}

extension MachineResult {
    init(_ result: FitnessMachineControlResponse.Result) {
        switch result {
        case .success: self = .success
        case .opCodeNotSupported: self = .notSupported
        case .invalidParameter: self = .invalidParameter
        case .operationFailed: self = .failed
        case .controlNotPermitted: self = .controlNotPermitted
        }
    }
}

extension MachineCommand {
    /// The control point request that carries it out, each value at the resolution the
    /// specification gives it and within what its field can hold.
    public var request: FitnessMachineControlRequest {
        func clamped<T: FixedWidthInteger>(_ value: Double, _: T.Type) -> T {
            guard value.isFinite else { return 0 }
            return T(max(Double(T.min), min(Double(T.max), value.rounded())))
        }
        switch self {
        case .set(.speed, let speed): return .setTargetSpeed(clamped(speed * 100, UInt16.self))
        case .set(.incline, let incline): return .setTargetInclination(clamped(incline * 10, Int16.self))
        case .set(.resistance, let level): return .setTargetResistanceLevel(clamped(level * 10, UInt8.self))
        case .set(.power, let watts): return .setTargetPower(clamped(watts, Int16.self))
        case .start: return .startOrResume
        case .stop: return .stopOrPause(.stop)
        case .pause: return .stopOrPause(.pause)
        }
    }
}

extension MachineRange {
    /// A supported range characteristic's values in the target's unit: `scale` of them make one.
    init<Bound>(_ range: FitnessMachineRange<Bound>, scale: Double) {
        self.init(minimum: Double(range.minimum) / scale, maximum: Double(range.maximum) / scale, step: Double(range.increment) / scale)
    }
}

extension MachineReading {
    /// A treadmill's record in SI units.
    public init(_ data: TreadmillData) {
        self.init(type: .treadmill)
        speed = data.instantaneousSpeed.map { Double($0) / 360 }
        distance = data.totalDistance.map(Double.init)
        incline = data.inclination.map { Double($0.percent) / 10 }
        power = data.forceOnBelt.map { Int($0.power) }
        heartRate = data.heartRate.flatMap { $0 > 0 ? Int($0) : nil }
    }

    /// A smart trainer's or exercise bike's record in SI units.
    public init(_ data: IndoorBikeData) {
        self.init(type: .indoorBike)
        speed = data.instantaneousSpeed.map { Double($0) / 360 }
        cadence = data.instantaneousCadence.map { Double($0) / 2 }
        distance = data.totalDistance.map(Double.init)
        resistance = data.resistanceLevel.map(Double.init)
        power = data.instantaneousPower.map(Int.init)
        heartRate = data.heartRate.flatMap { $0 > 0 ? Int($0) : nil }
    }

    /// A rower's record in SI units: its speed is 500 metres over its split.
    public init(_ data: RowerData) {
        self.init(type: .rower)
        cadence = data.strokes.map { Double($0.rate) / 2 }
        distance = data.totalDistance.map(Double.init)
        split = data.instantaneousPace.map(Int.init)
        speed = data.instantaneousPace.flatMap { $0 > 0 ? 500 / Double($0) : nil }
        resistance = data.resistanceLevel.map(Double.init)
        power = data.instantaneousPower.map(Int.init)
        heartRate = data.heartRate.flatMap { $0 > 0 ? Int($0) : nil }
    }
}

/// Joins split records and turns each complete one into a `MachineReading`, for whichever data
/// characteristic the machine has.
public struct MachineRecords: Sendable {
    private var treadmill = FitnessMachineDataAssembler<TreadmillData>()
    private var bike = FitnessMachineDataAssembler<IndoorBikeData>()
    private var rower = FitnessMachineDataAssembler<RowerData>()

    public init() {}

    /// The readings one notification of `type`'s data completes; none when it does not decode.
    public mutating func add(_ value: [UInt8], of type: MachineType) -> [MachineReading] {
        switch type {
        case .treadmill: (try? TreadmillData.decode(value)).map { treadmill.add($0).map(MachineReading.init) } ?? []
        case .indoorBike: (try? IndoorBikeData.decode(value)).map { bike.add($0).map(MachineReading.init) } ?? []
        case .rower: (try? RowerData.decode(value)).map { rower.add($0).map(MachineReading.init) } ?? []
        }
    }
}

extension MachineType {
    /// The data characteristic a machine of this type notifies.
    public var data: BluetoothUUID {
        switch self {
        case .treadmill: .treadmillData
        case .indoorBike: .indoorBikeData
        case .rower: .rowerData
        }
    }
}

extension MachineDescription {
    /// What a machine says of itself in its Fitness Machine Feature and supported range values
    /// (each nil when it has none): the targets its features name, all four when it gave no
    /// features, each with its range.
    public init(
        type: MachineType, features: FitnessMachineFeatures?, ranges: [MachineTarget: MachineRange], steerable: Bool
    ) {
        var targets: [MachineTarget: MachineRange?] = [:]
        let bits: [(MachineTarget, FitnessMachineFeatures.TargetSettings)] = [
            (.speed, .speed), (.incline, .inclination), (.resistance, .resistanceLevel), (.power, .power),
        ]
        for (target, bit) in bits where features?.targetSettings.contains(bit) ?? true {
            targets[target] = .some(ranges[target])
        }
        self.init(type: type, targets: steerable ? targets : [:], steerable: steerable)
    }

    /// Decodes a machine's feature and range values, as a client reads them.
    public init(type: MachineType, read: (BluetoothUUID) -> [UInt8]?, steerable: Bool) {
        var ranges: [MachineTarget: MachineRange] = [:]
        ranges[.speed] = read(.supportedSpeedRange).flatMap { try? SupportedSpeedRange.decode($0) }.map { MachineRange($0, scale: 100) }
        ranges[.incline] = read(.supportedInclinationRange).flatMap { try? SupportedInclinationRange.decode($0) }
            .map { MachineRange($0, scale: 10) }
        ranges[.resistance] = read(.supportedResistanceLevelRange).flatMap { try? SupportedResistanceLevelRange.decode($0) }
            .map { MachineRange($0, scale: 10) }
        ranges[.power] = read(.supportedPowerRange).flatMap { try? SupportedPowerRange.decode($0) }.map { MachineRange($0, scale: 1) }
        self.init(
            type: type, features: read(.fitnessMachineFeature).flatMap { try? FitnessMachineFeatures.decode($0) }, ranges: ranges,
            steerable: steerable)
    }
}
