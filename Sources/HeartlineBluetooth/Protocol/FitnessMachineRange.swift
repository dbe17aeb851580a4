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
        (self.minimum, self.maximum, self.increment) = (minimum, maximum, increment)
    }

    /// Names the target a range characteristic sets, as its errors say it: "speed".
    public struct Target: Sendable {
        let name: String

        init(_ name: String) { self.name = name }
    }
}

/// A supported range characteristic: one decoder and one encoder for the five, each at the
/// width and sign of its `Bound`, the increment unsigned at the same width.
public protocol SupportedRangeCharacteristic {
    associatedtype Bound: FixedWidthInteger & Sendable where Bound.Magnitude: FixedWidthInteger & Sendable
    static var target: FitnessMachineRange<Bound>.Target { get }
}

extension SupportedRangeCharacteristic {
    private static var format: WireFormat<FitnessMachineRange<Bound>> {
        let name = target.name
        return .fields(
            FitnessMachineRange(minimum: 0, maximum: 0, increment: 0), .init(\.minimum, .integer("minimum \(name)")),
            .init(\.maximum, .integer("maximum \(name)")), .init(\.increment, .integer("\(name) increment")))
    }

    /// - Throws: `FrameError` when a field is missing or the maximum is below the minimum.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineRange<Bound> {
        let range = try format.decode(value)
        guard range.maximum >= range.minimum else { throw .invalid(field: "maximum \(target.name)", value: Int(range.maximum)) }
        return range
    }

    public static func encode(_ range: FitnessMachineRange<Bound>) -> [UInt8] { format.encode(range) }
}

/// The Supported Speed Range characteristic (0x2AD4): uint16 minimum, maximum and increment in
/// 1/100 km/h.
public enum SupportedSpeedRange: SupportedRangeCharacteristic {
    public static let target = FitnessMachineRange<UInt16>.Target("speed")
}

/// The Supported Inclination Range characteristic (0x2AD5): sint16 minimum and maximum, uint16
/// increment, in 1/10 %.
public enum SupportedInclinationRange: SupportedRangeCharacteristic {
    public static let target = FitnessMachineRange<Int16>.Target("inclination")
}

/// The Supported Resistance Level Range characteristic (0x2AD6): sint16 minimum and maximum,
/// uint16 increment, in 1/10 of the machine's own unitless level.
public enum SupportedResistanceLevelRange: SupportedRangeCharacteristic {
    public static let target = FitnessMachineRange<Int16>.Target("resistance level")
}

/// The Supported Heart Rate Range characteristic (0x2AD7): uint8 minimum, maximum and increment
/// in beats per minute.
public enum SupportedHeartRateRange: SupportedRangeCharacteristic {
    public static let target = FitnessMachineRange<UInt8>.Target("heart rate")
}

/// The Supported Power Range characteristic (0x2AD8): sint16 minimum and maximum, uint16
/// increment, in watts.
public enum SupportedPowerRange: SupportedRangeCharacteristic {
    public static let target = FitnessMachineRange<Int16>.Target("power")
}
