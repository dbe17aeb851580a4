/// The Treadmill Data characteristic (0x2ACD), as a treadmill notifies it, in its own units.
///
/// Layout (Fitness Machine Service 1.0): flags (uint16), then the fields present, in this order:
/// instantaneous speed (uint16, 1/100 km/h, present when bit 0, More Data, is clear), average
/// speed (uint16, 1/100 km/h, bit 1), total distance (uint24 m, bit 2), inclination (sint16,
/// 1/10 %) and ramp angle setting (sint16, 1/10 degree, bit 3), positive and negative elevation
/// gain (two uint16, 1/10 m, bit 4), instantaneous pace (uint8, 1/10 km/min, bit 5), average pace
/// (uint8, 1/10 km/min, bit 6), expended energy (bit 7), heart rate (uint8 beats per minute,
/// bit 8), metabolic equivalent (uint8, 1/10, bit 9), elapsed time (uint16 s, bit 10), remaining
/// time (uint16 s, bit 11), force on belt (sint16 N) and power output (sint16 W, bit 12).
/// Bits 13-15 are reserved and ignored.
public struct TreadmillData: FitnessMachineData {
    /// 1/100 km/h; absent in every part of a split record but the last.
    public var instantaneousSpeed: UInt16?
    /// 1/100 km/h.
    public var averageSpeed: UInt16?
    /// Metres, 24 bits.
    public var totalDistance: UInt32?
    public var inclination: Inclination?
    public var elevationGain: ElevationGain?
    /// 1/10 km/min.
    public var instantaneousPace: UInt8?
    /// 1/10 km/min.
    public var averagePace: UInt8?
    /// Energy, heart rate, metabolic equivalent and times, read as if they were this record's own.
    public var tail = FitnessMachineTail()
    public var forceOnBelt: ForceOnBelt?

    public static let layout = FitnessMachineLayout(
        TreadmillData(),
        [
            .integer(\.instantaneousSpeed, "instantaneous speed"), .integer(\.averageSpeed, "average speed"),
            .uint24(\.totalDistance, "total distance"),
            .init(\.inclination, .pair(Inclination(percent: 0, rampAngle: 0), \.percent, "inclination", \.rampAngle, "ramp angle setting")),
            .init(
                \.elevationGain,
                .pair(ElevationGain(positive: 0, negative: 0), \.positive, "positive elevation gain", \.negative, "negative elevation gain")
            ),
            .integer(\.instantaneousPace, "instantaneous pace"), .integer(\.averagePace, "average pace"),
        ],
        after: [.init(\.forceOnBelt, .pair(ForceOnBelt(force: 0, power: 0), \.force, "force on belt", \.power, "power output"))])

    /// The belt's slope, sent with the ramp angle under one flag.
    public struct Inclination: Equatable, Sendable {
        /// 1/10 %; negative downhill.
        public var percent: Int16
        /// 1/10 degree.
        public var rampAngle: Int16

        public init(percent: Int16, rampAngle: Int16) { (self.percent, self.rampAngle) = (percent, rampAngle) }
    }

    /// The climb and descent so far, both 1/10 m.
    public struct ElevationGain: Equatable, Sendable {
        public var positive: UInt16
        public var negative: UInt16

        public init(positive: UInt16, negative: UInt16) { (self.positive, self.negative) = (positive, negative) }
    }

    /// The force on the belt (newtons) and the power it takes (watts), sent under one flag.
    public struct ForceOnBelt: Equatable, Sendable {
        public var force: Int16
        public var power: Int16

        public init(force: Int16, power: Int16) { (self.force, self.power) = (force, power) }
    }

    public init(
        instantaneousSpeed: UInt16? = nil, averageSpeed: UInt16? = nil, totalDistance: UInt32? = nil,
        inclination: Inclination? = nil, elevationGain: ElevationGain? = nil, instantaneousPace: UInt8? = nil,
        averagePace: UInt8? = nil, expendedEnergy: ExpendedEnergy? = nil, heartRate: UInt8? = nil,
        metabolicEquivalent: UInt8? = nil, elapsedTime: UInt16? = nil, remainingTime: UInt16? = nil,
        forceOnBelt: ForceOnBelt? = nil
    ) {
        self.instantaneousSpeed = instantaneousSpeed
        self.averageSpeed = averageSpeed
        self.totalDistance = totalDistance
        self.inclination = inclination
        self.elevationGain = elevationGain
        self.instantaneousPace = instantaneousPace
        self.averagePace = averagePace
        self.expendedEnergy = expendedEnergy
        self.heartRate = heartRate
        self.metabolicEquivalent = metabolicEquivalent
        self.elapsedTime = elapsedTime
        self.remainingTime = remainingTime
        self.forceOnBelt = forceOnBelt
    }
}
