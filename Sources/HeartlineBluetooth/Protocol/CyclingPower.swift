/// The Cycling Power Measurement characteristic (0x2A63), as a power meter notifies it.
///
/// Layout (Cycling Power Service 1.1): flags (uint16), instantaneous power (sint16 W), then the
/// fields the flags announce, in this order: pedal power balance (uint8, 1/2 %, bit 0; bit 1
/// says it is the left pedal's), accumulated torque (uint16, 1/32 N m, bit 2; bit 3 says crank
/// based), wheel revolution data (uint32 count and uint16 time in 1/2048 s, bit 4), crank
/// revolution data (uint16 count and uint16 time in 1/1024 s, bit 5), extreme force magnitudes
/// (two sint16 N, bit 6), extreme torque magnitudes (two sint16, 1/32 N m, bit 7), extreme
/// angles (two uint12 in three bytes, bit 8), top dead spot angle (uint16 degrees, bit 9),
/// bottom dead spot angle (uint16 degrees, bit 10), accumulated energy (uint16 kJ, bit 11).
/// Bit 12 is the offset compensation indicator; bits 13-15 are reserved.
///
/// The extremes and dead spot angles are stepped over by their sizes: nothing here uses them,
/// but the accumulated energy after them must still decode right.
public struct CyclingPowerMeasurement: Equatable, Sendable {
    /// The flags as sent, for the bits this type does not turn into fields.
    public var flags: UInt16
    /// Watts.
    public var power: Int16
    /// 1/2 percent.
    public var pedalBalance: UInt8?
    /// Whether `pedalBalance` is the left pedal's share (else the reference is unknown).
    public var pedalBalanceIsLeft: Bool { flags & 0x0002 != 0 }
    /// 1/32 newton metre.
    public var accumulatedTorque: UInt16?
    /// Wheel revolutions: 32-bit count, time in 1/2048 s.
    public var wheel: RevolutionData?
    /// Crank revolutions: 16-bit count, time in 1/1024 s.
    public var crank: RevolutionData?
    /// Kilojoules.
    public var accumulatedEnergy: UInt16?

    public init(
        flags: UInt16 = 0, power: Int16, pedalBalance: UInt8? = nil, accumulatedTorque: UInt16? = nil,
        wheel: RevolutionData? = nil, crank: RevolutionData? = nil, accumulatedEnergy: UInt16? = nil
    ) {
        self.flags = flags
        self.power = power
        self.pedalBalance = pedalBalance
        self.accumulatedTorque = accumulatedTorque
        self.wheel = wheel
        self.crank = crank
        self.accumulatedEnergy = accumulatedEnergy
    }

    /// Decodes one notification's value; bytes after the announced fields are ignored.
    /// - Throws: `FrameError` when a field the flags announce is missing.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> CyclingPowerMeasurement {
        var reader = ByteReader(value)
        let flags = try reader.uint16("flags")
        var measurement = CyclingPowerMeasurement(flags: flags, power: try reader.int16("instantaneous power"))
        func has(_ bit: UInt16) -> Bool { flags & (1 << bit) != 0 }
        if has(0) { measurement.pedalBalance = try reader.uint8("pedal power balance") }
        if has(2) { measurement.accumulatedTorque = try reader.uint16("accumulated torque") }
        if has(4) {
            let revolutions = try reader.uint32("cumulative wheel revolutions")
            let time = try reader.uint16("last wheel event time")
            measurement.wheel = RevolutionData(revolutions: revolutions, eventTime: time)
        }
        if has(5) {
            let revolutions = try reader.uint16("cumulative crank revolutions")
            let time = try reader.uint16("last crank event time")
            measurement.crank = RevolutionData(revolutions: UInt32(revolutions), eventTime: time)
        }
        if has(6) { try reader.skip(4, "extreme force magnitudes") }
        if has(7) { try reader.skip(4, "extreme torque magnitudes") }
        if has(8) { try reader.skip(3, "extreme angles") }
        if has(9) { try reader.skip(2, "top dead spot angle") }
        if has(10) { try reader.skip(2, "bottom dead spot angle") }
        if has(11) { measurement.accumulatedEnergy = try reader.uint16("accumulated energy") }
        return measurement
    }

    /// The value as a power meter sends it, with only the fields this type holds: the flags for
    /// the skipped fields (bits 6-10) are cleared, the reference and source bits kept.
    public var encoded: [UInt8] {
        var outFlags = flags & 0x100A
        if pedalBalance != nil { outFlags |= 0x0001 }
        if accumulatedTorque != nil { outFlags |= 0x0004 }
        if wheel != nil { outFlags |= 0x0010 }
        if crank != nil { outFlags |= 0x0020 }
        if accumulatedEnergy != nil { outFlags |= 0x0800 }
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(outFlags)
        bytes.appendLittleEndian(UInt16(bitPattern: power))
        if let pedalBalance { bytes.append(pedalBalance) }
        if let accumulatedTorque { bytes.appendLittleEndian(accumulatedTorque) }
        bytes.appendRevolutions(wheel: wheel, crank: crank)
        if let accumulatedEnergy { bytes.appendLittleEndian(accumulatedEnergy) }
        return bytes
    }
}

/// What a power meter can measure: the Cycling Power Feature characteristic (0x2A65), a uint32
/// of bits (Cycling Power Service 1.1).
public struct CyclingPowerFeatures: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let pedalPowerBalance = Self(rawValue: 1 << 0)
    public static let accumulatedTorque = Self(rawValue: 1 << 1)
    public static let wheelRevolutions = Self(rawValue: 1 << 2)
    public static let crankRevolutions = Self(rawValue: 1 << 3)
    public static let extremeMagnitudes = Self(rawValue: 1 << 4)
    public static let extremeAngles = Self(rawValue: 1 << 5)
    public static let deadSpotAngles = Self(rawValue: 1 << 6)
    public static let accumulatedEnergy = Self(rawValue: 1 << 7)
    public static let offsetCompensationIndicator = Self(rawValue: 1 << 8)
    public static let offsetCompensation = Self(rawValue: 1 << 9)
    public static let contentMasking = Self(rawValue: 1 << 10)
    public static let multipleSensorLocations = Self(rawValue: 1 << 11)
    public static let crankLengthAdjustment = Self(rawValue: 1 << 12)
    public static let chainLengthAdjustment = Self(rawValue: 1 << 13)
    public static let chainWeightAdjustment = Self(rawValue: 1 << 14)
    public static let spanLengthAdjustment = Self(rawValue: 1 << 15)
    /// Set when the meter measures torque; clear when it measures force.
    public static let torqueBased = Self(rawValue: 1 << 16)
    public static let instantaneousMeasurementDirection = Self(rawValue: 1 << 17)
    public static let factoryCalibrationDate = Self(rawValue: 1 << 18)
    public static let enhancedOffsetCompensation = Self(rawValue: 1 << 19)

    /// Bits 20-21: 0 unspecified (a legacy sensor), 1 not for a distributed system, 2 for one.
    public var distributedSystemSupport: Int { Int((rawValue >> 20) & 0x03) }

    /// - Throws: `FrameError` when the value is shorter than four bytes.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> CyclingPowerFeatures {
        var reader = ByteReader(value)
        return Self(rawValue: try reader.uint32("cycling power features"))
    }
}
