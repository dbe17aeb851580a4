/// What a workout is: it decides which metrics are offered and what the sport's keys mean.
public enum Sport: String, CaseIterable, Codable, Sendable {
    /// A footpod gives pace, distance and cadence (steps per minute).
    case running
    /// A speed and cadence sensor or a power meter gives speed, distance, cadence and power.
    case cycling
    /// A rower gives its 500-metre split (the pace metric), distance, stroke rate (cadence) and
    /// power.
    case rowing
    /// Heart rate only, as before sports were chosen.
    case other
}

/// The unit distances and paces are said in, a setting of the user's.
public enum DistanceUnit: String, CaseIterable, Codable, Sendable {
    case kilometres
    case miles

    /// Metres in one unit.
    public var metres: Double {
        switch self {
        case .kilometres: 1000
        case .miles: 1609.344
        }
    }
}

/// Readouts by distance: every so many kilometres or miles, said at the second the distance is
/// passed; without a plan, each is also a lap.
public struct DistanceReadout: Equatable, Codable, Sendable {
    /// How many units between readouts: 0.5, 1, 2 or 5.
    public var every: Double
    public var unit: DistanceUnit

    public init(every: Double, unit: DistanceUnit) {
        self.every = every
        self.unit = unit
    }

    /// The choices the configuration offers.
    public static let steps: [Double] = [0.5, 1, 2, 5]

    /// The distance between readouts in metres.
    public var metres: Double { every * unit.metres }
}

/// What moved in one active second, from a footpod, a cycling sensor, a power meter or a fitness
/// machine: each nil when no such sensor said anything fresh in it.
public struct Motion: Equatable, Sendable {
    /// Metres per second; from the workout engine always a whole number of `speedResolution`.
    public var speed: Double?
    /// Steps per minute running, crank revolutions per minute cycling.
    public var cadence: Int?
    /// Watts.
    public var power: Int?
    /// A treadmill's incline in percent, negative downhill; from the engine always
    /// `quantised(incline:)`.
    public var incline: Double?

    public init(speed: Double? = nil, cadence: Int? = nil, power: Int? = nil, incline: Double? = nil) {
        self.speed = speed
        self.cadence = cadence
        self.power = power
        self.incline = incline
    }

    public var isEmpty: Bool { speed == nil && cadence == nil && power == nil && incline == nil }

    /// `incline` to the nearest tenth of a percent, the resolution of the Fitness Machine
    /// service's inclination: the whole number of tenths divided by 10, which storage keeps exactly.
    public static func quantised(incline: Double) -> Double {
        (incline * 10).rounded() / 10
    }

    /// 1/256 m/s, the resolution footpods send (Running Speed and Cadence). The engine keeps every
    /// speed to it, a calibrated footpod's or a wheel's too, so the distances summed from speeds
    /// are exact binary fractions and storage keeps both exactly in a byte or so a second.
    public static let speedResolution = 1.0 / 256

    /// `speed` to the nearest `speedResolution`.
    public static func quantised(speed: Double) -> Double {
        (speed / speedResolution).rounded() * speedResolution
    }
}
