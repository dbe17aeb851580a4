/// Which fitness machine a Fitness Machine service belongs to, from the data characteristic it
/// notifies (Treadmill Data, Indoor Bike Data or Rower Data).
public enum MachineType: String, CaseIterable, Codable, Sendable {
    case treadmill
    case indoorBike
    case rower
}

/// One fitness machine record, in SI units; each nil when the machine does not send it.
public struct MachineReading: Equatable, Sendable {
    public var type: MachineType
    /// Metres per second: the belt's, or the speed a trainer or rower reckons.
    public var speed: Double?
    /// Metres since the machine's start.
    public var distance: Double?
    /// Percent; negative downhill.
    public var incline: Double?
    /// Crank revolutions per minute on a bike, strokes per minute on a rower.
    public var cadence: Double?
    /// Watts.
    public var power: Int?
    /// The machine's own unitless resistance level.
    public var resistance: Double?
    /// Beats per minute, from the machine's own grips or receiver.
    public var heartRate: Int?
    /// A rower's time per 500 metres, in seconds.
    public var split: Int?

    public init(
        type: MachineType, speed: Double? = nil, distance: Double? = nil, incline: Double? = nil, cadence: Double? = nil,
        power: Int? = nil, resistance: Double? = nil, heartRate: Int? = nil, split: Int? = nil
    ) {
        self.type = type
        self.speed = speed
        self.distance = distance
        self.incline = incline
        self.cadence = cadence
        self.power = power
        self.resistance = resistance
        self.heartRate = heartRate
        self.split = split
    }
}

/// The settings a machine accepts for one target: from its supported range characteristic.
public struct MachineRange: Equatable, Sendable {
    public var minimum: Double
    public var maximum: Double
    public var step: Double

    public init(minimum: Double, maximum: Double, step: Double) {
        (self.minimum, self.maximum, self.step) = (minimum, maximum, step)
    }

    public func contains(_ value: Double) -> Bool { value >= minimum - 1e-9 && value <= maximum + 1e-9 }
}

/// What a fitness machine said about itself at connection.
public struct MachineDescription: Equatable, Sendable {
    public var type: MachineType
    /// The targets it takes through its control point, with the range it gave for each (nil
    /// when it gave none): speed in km/h, incline in percent, resistance in its own level,
    /// power in watts.
    public var targets: [MachineTarget: MachineRange?]
    /// Whether it has a control point at all.
    public var steerable: Bool

    public init(type: MachineType, targets: [MachineTarget: MachineRange?] = [:], steerable: Bool = false) {
        self.type = type
        self.targets = targets
        self.steerable = steerable
    }
}

/// The targets Heartline sets on a machine.
public enum MachineTarget: String, CaseIterable, Sendable {
    case speed, incline, resistance, power
}

/// What Heartline asks a machine to do. Speed in km/h, incline in percent, resistance in the
/// machine's level, power in watts.
public enum MachineCommand: Equatable, Sendable {
    case set(MachineTarget, Double)
    case start
    case stop
    case pause
}

/// A machine's answer to a command, as its control point gives it.
public enum MachineResult: Equatable, Sendable {
    case success
    case notSupported
    case invalidParameter
    case failed
    case controlNotPermitted
}

/// A fitness machine's news, beside its readings.
public enum MachineEvent: Equatable, Sendable {
    /// Read at connection, before `.connected`.
    case described(MachineDescription)
    /// The answer to a command sent with `Effect.steerMachine`, in order.
    case answered(MachineCommand, MachineResult)
    /// The machine took control back (Fitness Machine Status 0xFF): Heartline steers it no more.
    case controlLost
    /// Someone stopped or paused the machine on the machine itself.
    case stoppedOnMachine
}
