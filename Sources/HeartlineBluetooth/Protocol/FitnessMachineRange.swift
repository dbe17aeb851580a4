/// The settings a fitness machine accepts for one target: a supported range characteristic
/// (0x2AD4 to 0x2AD8), in the unit of its target.
///
/// Layout (Fitness Machine Service 1.0): minimum, maximum, minimum increment, each in the
/// target's unit and resolution. Bytes after the three fields are ignored, as they belong to a
/// later version; a maximum below the minimum is refused.
public struct FitnessMachineRange<Bound: FixedWidthInteger & Sendable>: Equatable, Sendable where Bound.Magnitude: Sendable {
    public var minimum: Bound
    public var maximum: Bound
    /// The smallest step between two settings.
    public var increment: Bound.Magnitude

    public init(minimum: Bound, maximum: Bound, increment: Bound.Magnitude) {
        self.minimum = minimum
        self.maximum = maximum
        self.increment = increment
    }

    /// The range itself, or an error naming `target` when the maximum is below the minimum.
    fileprivate func checked(_ target: String) throws(FrameError) -> FitnessMachineRange {
        guard maximum >= minimum else { throw .invalid(field: "maximum \(target)", value: Int(maximum)) }
        return self
    }
}

/// The Supported Speed Range characteristic (0x2AD4): uint16 minimum, maximum and increment in
/// 1/100 km/h.
public enum SupportedSpeedRange {
    /// - Throws: `FrameError` when a field is missing or the maximum is below the minimum.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineRange<UInt16> {
        var reader = ByteReader(value)
        let minimum = try reader.uint16("minimum speed")
        let maximum = try reader.uint16("maximum speed")
        return try FitnessMachineRange(minimum: minimum, maximum: maximum, increment: try reader.uint16("speed increment"))
            .checked("speed")
    }

    public static func encode(_ range: FitnessMachineRange<UInt16>) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in [range.minimum, range.maximum, range.increment] { bytes.appendLittleEndian(field) }
        return bytes
    }
}

/// The Supported Inclination Range characteristic (0x2AD5): sint16 minimum and maximum, uint16
/// increment, in 1/10 %.
public enum SupportedInclinationRange {
    /// - Throws: `FrameError` when a field is missing or the maximum is below the minimum.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineRange<Int16> {
        var reader = ByteReader(value)
        let minimum = try reader.int16("minimum inclination")
        let maximum = try reader.int16("maximum inclination")
        return try FitnessMachineRange(minimum: minimum, maximum: maximum, increment: try reader.uint16("inclination increment"))
            .checked("inclination")
    }

    public static func encode(_ range: FitnessMachineRange<Int16>) -> [UInt8] { encodeSigned(range) }
}

/// The Supported Resistance Level Range characteristic (0x2AD6): sint16 minimum and maximum,
/// uint16 increment, in 1/10 of the machine's own unitless level.
public enum SupportedResistanceLevelRange {
    /// - Throws: `FrameError` when a field is missing or the maximum is below the minimum.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineRange<Int16> {
        var reader = ByteReader(value)
        let minimum = try reader.int16("minimum resistance level")
        let maximum = try reader.int16("maximum resistance level")
        return try FitnessMachineRange(minimum: minimum, maximum: maximum, increment: try reader.uint16("resistance level increment"))
            .checked("resistance level")
    }

    public static func encode(_ range: FitnessMachineRange<Int16>) -> [UInt8] { encodeSigned(range) }
}

/// The Supported Heart Rate Range characteristic (0x2AD7): uint8 minimum, maximum and increment
/// in beats per minute.
public enum SupportedHeartRateRange {
    /// - Throws: `FrameError` when a field is missing or the maximum is below the minimum.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineRange<UInt8> {
        var reader = ByteReader(value)
        let minimum = try reader.uint8("minimum heart rate")
        let maximum = try reader.uint8("maximum heart rate")
        return try FitnessMachineRange(minimum: minimum, maximum: maximum, increment: try reader.uint8("heart rate increment"))
            .checked("heart rate")
    }

    public static func encode(_ range: FitnessMachineRange<UInt8>) -> [UInt8] { [range.minimum, range.maximum, range.increment] }
}

/// The Supported Power Range characteristic (0x2AD8): sint16 minimum and maximum, uint16
/// increment, in watts.
public enum SupportedPowerRange {
    /// - Throws: `FrameError` when a field is missing or the maximum is below the minimum.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineRange<Int16> {
        var reader = ByteReader(value)
        let minimum = try reader.int16("minimum power")
        let maximum = try reader.int16("maximum power")
        return try FitnessMachineRange(minimum: minimum, maximum: maximum, increment: try reader.uint16("power increment"))
            .checked("power")
    }

    public static func encode(_ range: FitnessMachineRange<Int16>) -> [UInt8] { encodeSigned(range) }
}

private func encodeSigned(_ range: FitnessMachineRange<Int16>) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendLittleEndian(range.minimum)
    bytes.appendLittleEndian(range.maximum)
    bytes.appendLittleEndian(range.increment)
    return bytes
}
