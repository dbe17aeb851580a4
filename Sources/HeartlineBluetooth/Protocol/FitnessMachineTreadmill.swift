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
    public var expendedEnergy: ExpendedEnergy?
    /// Beats per minute.
    public var heartRate: UInt8?
    /// 1/10 MET.
    public var metabolicEquivalent: UInt8?
    /// Seconds.
    public var elapsedTime: UInt16?
    /// Seconds.
    public var remainingTime: UInt16?
    public var forceOnBelt: ForceOnBelt?

    /// The belt's slope, sent with the ramp angle under one flag.
    public struct Inclination: Equatable, Sendable {
        /// 1/10 %; negative downhill.
        public var percent: Int16
        /// 1/10 degree.
        public var rampAngle: Int16

        public init(percent: Int16, rampAngle: Int16) {
            self.percent = percent
            self.rampAngle = rampAngle
        }
    }

    /// The climb and descent so far, both 1/10 m.
    public struct ElevationGain: Equatable, Sendable {
        public var positive: UInt16
        public var negative: UInt16

        public init(positive: UInt16, negative: UInt16) {
            self.positive = positive
            self.negative = negative
        }
    }

    /// The force on the belt (newtons) and the power it takes (watts), sent under one flag.
    public struct ForceOnBelt: Equatable, Sendable {
        public var force: Int16
        public var power: Int16

        public init(force: Int16, power: Int16) {
            self.force = force
            self.power = power
        }
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

    /// Decodes one notification's value; bytes after the announced fields are ignored.
    /// - Throws: `FrameError` when a field the flags announce is missing.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> TreadmillData {
        var reader = ByteReader(value)
        let flags = try reader.uint16("flags")
        func has(_ bit: UInt16) -> Bool { flags & (1 << bit) != 0 }
        var data = TreadmillData()
        if !has(0) { data.instantaneousSpeed = try reader.uint16("instantaneous speed") }
        if has(1) { data.averageSpeed = try reader.uint16("average speed") }
        if has(2) { data.totalDistance = try reader.uint24("total distance") }
        if has(3) {
            let percent = try reader.int16("inclination")
            data.inclination = Inclination(percent: percent, rampAngle: try reader.int16("ramp angle setting"))
        }
        if has(4) {
            let positive = try reader.uint16("positive elevation gain")
            data.elevationGain = ElevationGain(positive: positive, negative: try reader.uint16("negative elevation gain"))
        }
        if has(5) { data.instantaneousPace = try reader.uint8("instantaneous pace") }
        if has(6) { data.averagePace = try reader.uint8("average pace") }
        if has(7) { data.expendedEnergy = try reader.expendedEnergy() }
        if has(8) { data.heartRate = try reader.uint8("heart rate") }
        if has(9) { data.metabolicEquivalent = try reader.uint8("metabolic equivalent") }
        if has(10) { data.elapsedTime = try reader.uint16("elapsed time") }
        if has(11) { data.remainingTime = try reader.uint16("remaining time") }
        if has(12) {
            let force = try reader.int16("force on belt")
            data.forceOnBelt = ForceOnBelt(force: force, power: try reader.int16("power output"))
        }
        return data
    }

    public var flags: UInt16 {
        [
            instantaneousSpeed == nil, averageSpeed != nil, totalDistance != nil, inclination != nil, elevationGain != nil,
            instantaneousPace != nil, averagePace != nil, expendedEnergy != nil, heartRate != nil, metabolicEquivalent != nil,
            elapsedTime != nil, remainingTime != nil, forceOnBelt != nil,
        ].fitnessMachineFlags
    }

    /// The value as a treadmill sends it: More Data set when there is no instantaneous speed.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(flags)
        if let instantaneousSpeed { bytes.appendLittleEndian(instantaneousSpeed) }
        if let averageSpeed { bytes.appendLittleEndian(averageSpeed) }
        if let totalDistance { bytes.appendLittleEndian24(totalDistance) }
        if let inclination {
            bytes.appendLittleEndian(inclination.percent)
            bytes.appendLittleEndian(inclination.rampAngle)
        }
        if let elevationGain {
            bytes.appendLittleEndian(elevationGain.positive)
            bytes.appendLittleEndian(elevationGain.negative)
        }
        if let instantaneousPace { bytes.append(instantaneousPace) }
        if let averagePace { bytes.append(averagePace) }
        if let expendedEnergy { bytes.append(expendedEnergy) }
        if let heartRate { bytes.append(heartRate) }
        if let metabolicEquivalent { bytes.append(metabolicEquivalent) }
        if let elapsedTime { bytes.appendLittleEndian(elapsedTime) }
        if let remainingTime { bytes.appendLittleEndian(remainingTime) }
        if let forceOnBelt {
            bytes.appendLittleEndian(forceOnBelt.force)
            bytes.appendLittleEndian(forceOnBelt.power)
        }
        return bytes
    }

    public mutating func merge(_ later: TreadmillData) {
        instantaneousSpeed = later.instantaneousSpeed ?? instantaneousSpeed
        averageSpeed = later.averageSpeed ?? averageSpeed
        totalDistance = later.totalDistance ?? totalDistance
        inclination = later.inclination ?? inclination
        elevationGain = later.elevationGain ?? elevationGain
        instantaneousPace = later.instantaneousPace ?? instantaneousPace
        averagePace = later.averagePace ?? averagePace
        expendedEnergy = later.expendedEnergy ?? expendedEnergy
        heartRate = later.heartRate ?? heartRate
        metabolicEquivalent = later.metabolicEquivalent ?? metabolicEquivalent
        elapsedTime = later.elapsedTime ?? elapsedTime
        remainingTime = later.remainingTime ?? remainingTime
        forceOnBelt = later.forceOnBelt ?? forceOnBelt
    }
}
