/// The Rower Data characteristic (0x2AD1), as a rowing machine notifies it, in its own units.
///
/// Layout (Fitness Machine Service 1.0): flags (uint16), then the fields present, in this order:
/// stroke rate (uint8, 1/2 per minute) and stroke count (uint16, present when bit 0, More Data,
/// is clear), average stroke rate (uint8, 1/2 per minute, bit 1), total distance (uint24 m,
/// bit 2), instantaneous pace (uint16 s per 500 m, bit 3), average pace (uint16 s per 500 m,
/// bit 4), instantaneous power (sint16 W, bit 5), average power (sint16 W, bit 6), resistance
/// level (sint16, bit 7), expended energy (bit 8), heart rate (uint8 beats per minute, bit 9),
/// metabolic equivalent (uint8, 1/10, bit 10), elapsed time (uint16 s, bit 11), remaining time
/// (uint16 s, bit 12). Bits 13-15 are reserved and ignored.
public struct RowerData: FitnessMachineData {
    /// Absent in every part of a split record but the last.
    public var strokes: Strokes?
    /// 1/2 stroke per minute.
    public var averageStrokeRate: UInt8?
    /// Metres, 24 bits.
    public var totalDistance: UInt32?
    /// Seconds per 500 m.
    public var instantaneousPace: UInt16?
    /// Seconds per 500 m.
    public var averagePace: UInt16?
    /// Watts.
    public var instantaneousPower: Int16?
    /// Watts.
    public var averagePower: Int16?
    /// The machine's own unitless level.
    public var resistanceLevel: Int16?
    /// Energy, heart rate, metabolic equivalent and times, read as if they were this record's own.
    public var tail = FitnessMachineTail()

    public static let layout = FitnessMachineLayout(
        RowerData(),
        [
            .init(\.strokes, .pair(Strokes(rate: 0, count: 0), \.rate, "stroke rate", \.count, "stroke count")),
            .integer(\.averageStrokeRate, "average stroke rate"),
            .uint24(\.totalDistance, "total distance"), .integer(\.instantaneousPace, "instantaneous pace"),
            .integer(\.averagePace, "average pace"), .integer(\.instantaneousPower, "instantaneous power"),
            .integer(\.averagePower, "average power"), .integer(\.resistanceLevel, "resistance level"),
        ])

    /// The stroke rate and count, sent together where a treadmill sends its speed.
    public struct Strokes: Equatable, Sendable {
        /// 1/2 stroke per minute.
        public var rate: UInt8
        public var count: UInt16

        public init(rate: UInt8, count: UInt16) { (self.rate, self.count) = (rate, count) }
    }

    public init(
        strokes: Strokes? = nil, averageStrokeRate: UInt8? = nil, totalDistance: UInt32? = nil, instantaneousPace: UInt16? = nil,
        averagePace: UInt16? = nil, instantaneousPower: Int16? = nil, averagePower: Int16? = nil, resistanceLevel: Int16? = nil,
        expendedEnergy: ExpendedEnergy? = nil, heartRate: UInt8? = nil, metabolicEquivalent: UInt8? = nil,
        elapsedTime: UInt16? = nil, remainingTime: UInt16? = nil
    ) {
        self.strokes = strokes
        self.averageStrokeRate = averageStrokeRate
        self.totalDistance = totalDistance
        self.instantaneousPace = instantaneousPace
        self.averagePace = averagePace
        self.instantaneousPower = instantaneousPower
        self.averagePower = averagePower
        self.resistanceLevel = resistanceLevel
        self.expendedEnergy = expendedEnergy
        self.heartRate = heartRate
        self.metabolicEquivalent = metabolicEquivalent
        self.elapsedTime = elapsedTime
        self.remainingTime = remainingTime
    }
}
