/// A cumulative revolution count and the time of the last revolution, as bike sensors send them.
///
/// Both roll over: the time every 65536 ticks, the count at its field's width (32 bits for the
/// wheel, 16 for the crank). A rate needs two of these; see `RevolutionRate`.
public struct RevolutionData: Equatable, Sendable {
    public var revolutions: UInt32
    /// When the last revolution happened, in the field's ticks (1/1024 s, or 1/2048 s for the
    /// wheel of a power meter).
    public var eventTime: UInt16

    public init(revolutions: UInt32, eventTime: UInt16) {
        self.revolutions = revolutions
        self.eventTime = eventTime
    }
}

/// The CSC Measurement characteristic (0x2A5B), as a bike speed or cadence sensor notifies it.
///
/// Layout (Cycling Speed and Cadence Service 1.0): flags (uint8), then when flag bit 0 is set
/// the cumulative wheel revolutions (uint32) and last wheel event time (uint16, 1/1024 s), then
/// when flag bit 1 is set the cumulative crank revolutions (uint16) and last crank event time
/// (uint16, 1/1024 s). Bits 2-7 are reserved and ignored.
public struct CyclingSpeedCadenceMeasurement: Equatable, Sendable {
    /// Wheel revolutions (32-bit count, 1/1024 s).
    public var wheel: RevolutionData?
    /// Crank revolutions (16-bit count, 1/1024 s).
    public var crank: RevolutionData?

    public init(wheel: RevolutionData? = nil, crank: RevolutionData? = nil) {
        self.wheel = wheel
        self.crank = crank
    }

    /// Decodes one notification's value; bytes after the announced fields are ignored.
    /// - Throws: `FrameError` when a field the flags announce is missing.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> CyclingSpeedCadenceMeasurement {
        var reader = ByteReader(value)
        let flags = try reader.uint8("flags")
        var measurement = CyclingSpeedCadenceMeasurement()
        if flags & 0x01 != 0 {
            let revolutions = try reader.uint32("cumulative wheel revolutions")
            let time = try reader.uint16("last wheel event time")
            measurement.wheel = RevolutionData(revolutions: revolutions, eventTime: time)
        }
        if flags & 0x02 != 0 {
            let revolutions = try reader.uint16("cumulative crank revolutions")
            let time = try reader.uint16("last crank event time")
            measurement.crank = RevolutionData(revolutions: UInt32(revolutions), eventTime: time)
        }
        return measurement
    }

    /// The value as a sensor sends it; a crank count above 16 bits keeps its low 16 bits, as the
    /// sensor's own counter would.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = [(wheel != nil ? 0x01 : 0) | (crank != nil ? 0x02 : 0)]
        bytes.appendRevolutions(wheel: wheel, crank: crank)
        return bytes
    }
}

/// What a bike sensor can measure: the CSC Feature characteristic (0x2A5C), a uint16 of bits.
public struct CyclingSpeedCadenceFeatures: OptionSet, Equatable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let wheelRevolutions = Self(rawValue: 1 << 0)
    public static let crankRevolutions = Self(rawValue: 1 << 1)
    public static let multipleSensorLocations = Self(rawValue: 1 << 2)

    /// - Throws: `FrameError` when the value is shorter than two bytes.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> CyclingSpeedCadenceFeatures {
        var reader = ByteReader(value)
        return Self(rawValue: try reader.uint16("CSC features"))
    }
}
