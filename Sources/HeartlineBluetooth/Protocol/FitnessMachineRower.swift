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
    public var expendedEnergy: ExpendedEnergy?
    /// Beats per minute.
    public var heartRate: UInt8?
    /// 1/10 MET.
    public var metabolicEquivalent: UInt8?
    /// Seconds.
    public var elapsedTime: UInt16?
    /// Seconds.
    public var remainingTime: UInt16?

    /// The stroke rate and count, sent together where a treadmill sends its speed.
    public struct Strokes: Equatable, Sendable {
        /// 1/2 stroke per minute.
        public var rate: UInt8
        public var count: UInt16

        public init(rate: UInt8, count: UInt16) {
            self.rate = rate
            self.count = count
        }
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

    /// Decodes one notification's value; bytes after the announced fields are ignored.
    /// - Throws: `FrameError` when a field the flags announce is missing.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> RowerData {
        var reader = ByteReader(value)
        let flags = try reader.uint16("flags")
        func has(_ bit: UInt16) -> Bool { flags & (1 << bit) != 0 }
        var data = RowerData()
        if !has(0) {
            let rate = try reader.uint8("stroke rate")
            data.strokes = Strokes(rate: rate, count: try reader.uint16("stroke count"))
        }
        if has(1) { data.averageStrokeRate = try reader.uint8("average stroke rate") }
        if has(2) { data.totalDistance = try reader.uint24("total distance") }
        if has(3) { data.instantaneousPace = try reader.uint16("instantaneous pace") }
        if has(4) { data.averagePace = try reader.uint16("average pace") }
        if has(5) { data.instantaneousPower = try reader.int16("instantaneous power") }
        if has(6) { data.averagePower = try reader.int16("average power") }
        if has(7) { data.resistanceLevel = try reader.int16("resistance level") }
        if has(8) { data.expendedEnergy = try reader.expendedEnergy() }
        if has(9) { data.heartRate = try reader.uint8("heart rate") }
        if has(10) { data.metabolicEquivalent = try reader.uint8("metabolic equivalent") }
        if has(11) { data.elapsedTime = try reader.uint16("elapsed time") }
        if has(12) { data.remainingTime = try reader.uint16("remaining time") }
        return data
    }

    public var flags: UInt16 {
        [
            strokes == nil, averageStrokeRate != nil, totalDistance != nil, instantaneousPace != nil, averagePace != nil,
            instantaneousPower != nil, averagePower != nil, resistanceLevel != nil, expendedEnergy != nil, heartRate != nil,
            metabolicEquivalent != nil, elapsedTime != nil, remainingTime != nil,
        ].fitnessMachineFlags
    }

    /// The value as a rower sends it: More Data set when there are no strokes.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(flags)
        if let strokes {
            bytes.append(strokes.rate)
            bytes.appendLittleEndian(strokes.count)
        }
        if let averageStrokeRate { bytes.append(averageStrokeRate) }
        if let totalDistance { bytes.appendLittleEndian24(totalDistance) }
        if let instantaneousPace { bytes.appendLittleEndian(instantaneousPace) }
        if let averagePace { bytes.appendLittleEndian(averagePace) }
        if let instantaneousPower { bytes.appendLittleEndian(instantaneousPower) }
        if let averagePower { bytes.appendLittleEndian(averagePower) }
        if let resistanceLevel { bytes.appendLittleEndian(resistanceLevel) }
        if let expendedEnergy { bytes.append(expendedEnergy) }
        if let heartRate { bytes.append(heartRate) }
        if let metabolicEquivalent { bytes.append(metabolicEquivalent) }
        if let elapsedTime { bytes.appendLittleEndian(elapsedTime) }
        if let remainingTime { bytes.appendLittleEndian(remainingTime) }
        return bytes
    }

    public mutating func merge(_ later: RowerData) {
        strokes = later.strokes ?? strokes
        averageStrokeRate = later.averageStrokeRate ?? averageStrokeRate
        totalDistance = later.totalDistance ?? totalDistance
        instantaneousPace = later.instantaneousPace ?? instantaneousPace
        averagePace = later.averagePace ?? averagePace
        instantaneousPower = later.instantaneousPower ?? instantaneousPower
        averagePower = later.averagePower ?? averagePower
        resistanceLevel = later.resistanceLevel ?? resistanceLevel
        expendedEnergy = later.expendedEnergy ?? expendedEnergy
        heartRate = later.heartRate ?? heartRate
        metabolicEquivalent = later.metabolicEquivalent ?? metabolicEquivalent
        elapsedTime = later.elapsedTime ?? elapsedTime
        remainingTime = later.remainingTime ?? remainingTime
    }
}
