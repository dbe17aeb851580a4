// Compiled standalone into the fuzz targets with HeartlineCore's sensor types beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// The RSC Measurement characteristic (0x2A53), as a footpod notifies it, in its own units.
///
/// Layout (Running Speed and Cadence Service 1.0): flags (uint8), instantaneous speed (uint16,
/// 1/256 m/s), instantaneous cadence (uint8, steps per minute), stride length (uint16, 1/100 m,
/// flag bit 0), total distance (uint32, 1/10 m, flag bit 1). Flag bit 2 says running (1) or
/// walking (0); bits 3-7 are reserved and ignored.
public struct RunningSpeedCadenceMeasurement: Equatable, Sendable {
    /// 1/256 m/s.
    public var speed: UInt16
    /// Steps per minute.
    public var cadence: UInt8
    /// 1/100 m.
    public var strideLength: UInt16?
    /// 1/10 m.
    public var totalDistance: UInt32?
    public var isRunning: Bool

    public init(speed: UInt16, cadence: UInt8, strideLength: UInt16? = nil, totalDistance: UInt32? = nil, isRunning: Bool) {
        self.speed = speed
        self.cadence = cadence
        self.strideLength = strideLength
        self.totalDistance = totalDistance
        self.isRunning = isRunning
    }

    /// Decodes one notification's value; bytes after the last announced field are ignored, as
    /// they belong to fields a later version may add.
    /// - Throws: `FrameError` when a field the flags announce is missing.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> RunningSpeedCadenceMeasurement {
        var reader = ByteReader(value)
        let flags = try reader.uint8("flags")
        let speed = try reader.uint16("instantaneous speed")
        let cadence = try reader.uint8("instantaneous cadence")
        let stride = flags & 0x01 != 0 ? try reader.uint16("stride length") : nil
        let distance = flags & 0x02 != 0 ? try reader.uint32("total distance") : nil
        return RunningSpeedCadenceMeasurement(
            speed: speed, cadence: cadence, strideLength: stride, totalDistance: distance, isRunning: flags & 0x04 != 0)
    }

    /// The value as a footpod sends it.
    public var encoded: [UInt8] {
        let flags: UInt8 = (strideLength != nil ? 0x01 : 0) | (totalDistance != nil ? 0x02 : 0) | (isRunning ? 0x04 : 0)
        var bytes = [flags]
        bytes.appendLittleEndian(speed)
        bytes.append(cadence)
        if let strideLength { bytes.appendLittleEndian(strideLength) }
        if let totalDistance { bytes.appendLittleEndian(totalDistance) }
        return bytes
    }

    /// The same measurement in SI units.
    public var reading: RunningReading {
        RunningReading(
            speed: Double(speed) / 256, cadence: Int(cadence), strideLength: strideLength.map { Double($0) / 100 },
            totalDistance: totalDistance.map { Double($0) / 10 }, isRunning: isRunning)
    }
}

/// What a footpod can measure: the RSC Feature characteristic (0x2A54), a uint16 of bits.
public struct RunningSpeedCadenceFeatures: OptionSet, Equatable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let strideLength = Self(rawValue: 1 << 0)
    public static let totalDistance = Self(rawValue: 1 << 1)
    public static let walkingOrRunningStatus = Self(rawValue: 1 << 2)
    public static let calibration = Self(rawValue: 1 << 3)
    public static let multipleSensorLocations = Self(rawValue: 1 << 4)

    /// - Throws: `FrameError` when the value is shorter than two bytes.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> RunningSpeedCadenceFeatures {
        var reader = ByteReader(value)
        return Self(rawValue: try reader.uint16("RSC features"))
    }
}

/// Where a footpod or bike sensor is fitted: the Sensor Location characteristic (0x2A5D),
/// shared by the running, cycling speed and cadence, and cycling power services.
public enum SensorLocation: UInt8, CaseIterable, Sendable, OneByteCharacteristic {
    case other = 0
    case topOfShoe = 1
    case inShoe = 2
    case hip = 3
    case frontWheel = 4
    case leftCrank = 5
    case rightCrank = 6
    case leftPedal = 7
    case rightPedal = 8
    case frontHub = 9
    case rearDropout = 10
    case chainstay = 11
    case rearWheel = 12
    case rearHub = 13
    case chest = 14
    case spider = 15
    case chainRing = 16

    /// Decoding throws `FrameError` for an empty value or a reserved location (17-255).
    public static let field = "sensor location"
}
