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
    public var expendedEnergy: ExpendedEnergy?
    /// Beats per minute.
    public var heartRate: UInt8?
    /// 1/10 MET.
    public var metabolicEquivalent: UInt8?
    /// Seconds.
    public var elapsedTime: UInt16?
    /// Seconds.
    public var remainingTime: UInt16?

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

    /// Decodes one notification's value; bytes after the announced fields are ignored.
    /// - Throws: `FrameError` when a field the flags announce is missing.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> IndoorBikeData {
        var reader = ByteReader(value)
        let flags = try reader.uint16("flags")
        func has(_ bit: UInt16) -> Bool { flags & (1 << bit) != 0 }
        var data = IndoorBikeData()
        if !has(0) { data.instantaneousSpeed = try reader.uint16("instantaneous speed") }
        if has(1) { data.averageSpeed = try reader.uint16("average speed") }
        if has(2) { data.instantaneousCadence = try reader.uint16("instantaneous cadence") }
        if has(3) { data.averageCadence = try reader.uint16("average cadence") }
        if has(4) { data.totalDistance = try reader.uint24("total distance") }
        if has(5) { data.resistanceLevel = try reader.int16("resistance level") }
        if has(6) { data.instantaneousPower = try reader.int16("instantaneous power") }
        if has(7) { data.averagePower = try reader.int16("average power") }
        if has(8) { data.expendedEnergy = try reader.expendedEnergy() }
        if has(9) { data.heartRate = try reader.uint8("heart rate") }
        if has(10) { data.metabolicEquivalent = try reader.uint8("metabolic equivalent") }
        if has(11) { data.elapsedTime = try reader.uint16("elapsed time") }
        if has(12) { data.remainingTime = try reader.uint16("remaining time") }
        return data
    }

    public var flags: UInt16 {
        [
            instantaneousSpeed == nil, averageSpeed != nil, instantaneousCadence != nil, averageCadence != nil,
            totalDistance != nil, resistanceLevel != nil, instantaneousPower != nil, averagePower != nil, expendedEnergy != nil,
            heartRate != nil, metabolicEquivalent != nil, elapsedTime != nil, remainingTime != nil,
        ].fitnessMachineFlags
    }

    /// The value as a trainer sends it: More Data set when there is no instantaneous speed.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(flags)
        if let instantaneousSpeed { bytes.appendLittleEndian(instantaneousSpeed) }
        if let averageSpeed { bytes.appendLittleEndian(averageSpeed) }
        if let instantaneousCadence { bytes.appendLittleEndian(instantaneousCadence) }
        if let averageCadence { bytes.appendLittleEndian(averageCadence) }
        if let totalDistance { bytes.appendLittleEndian24(totalDistance) }
        if let resistanceLevel { bytes.appendLittleEndian(resistanceLevel) }
        if let instantaneousPower { bytes.appendLittleEndian(instantaneousPower) }
        if let averagePower { bytes.appendLittleEndian(averagePower) }
        if let expendedEnergy { bytes.append(expendedEnergy) }
        if let heartRate { bytes.append(heartRate) }
        if let metabolicEquivalent { bytes.append(metabolicEquivalent) }
        if let elapsedTime { bytes.appendLittleEndian(elapsedTime) }
        if let remainingTime { bytes.appendLittleEndian(remainingTime) }
        return bytes
    }

    public mutating func merge(_ later: IndoorBikeData) {
        instantaneousSpeed = later.instantaneousSpeed ?? instantaneousSpeed
        averageSpeed = later.averageSpeed ?? averageSpeed
        instantaneousCadence = later.instantaneousCadence ?? instantaneousCadence
        averageCadence = later.averageCadence ?? averageCadence
        totalDistance = later.totalDistance ?? totalDistance
        resistanceLevel = later.resistanceLevel ?? resistanceLevel
        instantaneousPower = later.instantaneousPower ?? instantaneousPower
        averagePower = later.averagePower ?? averagePower
        expendedEnergy = later.expendedEnergy ?? expendedEnergy
        heartRate = later.heartRate ?? heartRate
        metabolicEquivalent = later.metabolicEquivalent ?? metabolicEquivalent
        elapsedTime = later.elapsedTime ?? elapsedTime
        remainingTime = later.remainingTime ?? remainingTime
    }
}
