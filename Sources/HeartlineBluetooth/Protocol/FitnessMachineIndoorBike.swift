/// The Indoor Bike Data characteristic (0x2AD2), as a smart trainer or exercise bike notifies
/// it, in its own units.
///
/// Layout (Fitness Machine Service 1.0): flags (uint16), then the fields present, in this order:
/// instantaneous speed (uint16, 1/100 km/h, present when bit 0, More Data, is clear), average
/// speed (uint16, 1/100 km/h, bit 1), instantaneous cadence (uint16, 1/2 per minute, bit 2),
/// average cadence (uint16, 1/2 per minute, bit 3), total distance (uint24 m, bit 4), resistance
/// level (sint16, bit 5), instantaneous power (sint16 W, bit 6), average power (sint16 W, bit 7),
/// expended energy (bit 8), heart rate (uint8 beats per minute, bit 9), metabolic equivalent
/// (uint8, 1/10, bit 10), elapsed time (uint16 s, bit 11), remaining time (uint16 s, bit 12).
/// Bits 13-15 are reserved and ignored.
public struct IndoorBikeData: FitnessMachineData {
    /// 1/100 km/h; absent in every part of a split record but the last.
    public var instantaneousSpeed: UInt16?
    /// 1/100 km/h.
    public var averageSpeed: UInt16?
    /// 1/2 revolution per minute.
    public var instantaneousCadence: UInt16?
    /// 1/2 revolution per minute.
    public var averageCadence: UInt16?
    /// Metres, 24 bits.
    public var totalDistance: UInt32?
    /// The machine's own unitless level.
    public var resistanceLevel: Int16?
    /// Watts.
    public var instantaneousPower: Int16?
    /// Watts.
    public var averagePower: Int16?
    /// Energy, heart rate, metabolic equivalent and times, read as if they were this record's own.
    public var tail = FitnessMachineTail()

    public static let layout = FitnessMachineLayout(
        IndoorBikeData(),
        [
            .integer(\.instantaneousSpeed, "instantaneous speed"), .integer(\.averageSpeed, "average speed"),
            .integer(\.instantaneousCadence, "instantaneous cadence"), .integer(\.averageCadence, "average cadence"),
            .uint24(\.totalDistance, "total distance"), .integer(\.resistanceLevel, "resistance level"),
            .integer(\.instantaneousPower, "instantaneous power"), .integer(\.averagePower, "average power"),
        ])

    public init(
        instantaneousSpeed: UInt16? = nil, averageSpeed: UInt16? = nil, instantaneousCadence: UInt16? = nil,
        averageCadence: UInt16? = nil, totalDistance: UInt32? = nil, resistanceLevel: Int16? = nil,
        instantaneousPower: Int16? = nil, averagePower: Int16? = nil, expendedEnergy: ExpendedEnergy? = nil,
        heartRate: UInt8? = nil, metabolicEquivalent: UInt8? = nil, elapsedTime: UInt16? = nil, remainingTime: UInt16? = nil
    ) {
        self.instantaneousSpeed = instantaneousSpeed
        self.averageSpeed = averageSpeed
        self.instantaneousCadence = instantaneousCadence
        self.averageCadence = averageCadence
        self.totalDistance = totalDistance
        self.resistanceLevel = resistanceLevel
        self.instantaneousPower = instantaneousPower
        self.averagePower = averagePower
        self.expendedEnergy = expendedEnergy
        self.heartRate = heartRate
        self.metabolicEquivalent = metabolicEquivalent
        self.elapsedTime = elapsedTime
        self.remainingTime = remainingTime
    }
}
