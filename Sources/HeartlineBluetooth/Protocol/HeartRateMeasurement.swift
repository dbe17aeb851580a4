// Compiled standalone into the fuzz targets with HeartlineCore's SensorEvent.swift beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// The Heart Rate Measurement characteristic (0x2A37), as every strap notifies it.
///
/// Layout: flags, then the heart rate (uint8, or uint16 when flag bit 0 is set), energy expended
/// (uint16 kJ, flag bit 3), RR intervals (uint16 in 1/1024 s, flag bit 4, to the end).
/// Flag bits 1-2 carry sensor contact; bits 5-7 are reserved and ignored.
public enum HeartRateMeasurement {
    /// Decodes one notification's value.
    /// - Throws: `FrameError` when a field the flags announce is missing, or when RR intervals
    ///   leave an odd byte over.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> HeartRateReading {
        var reader = ByteReader(value)
        let flags = try reader.uint8("flags")
        let beatsPerMinute =
            flags & 0x01 != 0
            ? Int(try reader.uint16("heart rate (uint16)"))
            : Int(try reader.uint8("heart rate"))
        let contact: SensorContact =
            switch (flags >> 1) & 0x03 {
            case 2: .lost
            case 3: .detected
            default: .unsupported
            }
        let energyExpended = flags & 0x08 != 0 ? Int(try reader.uint16("energy expended")) : nil
        var rrIntervals: [Int] = []
        if flags & 0x10 != 0 {
            guard reader.remaining % 2 == 0 else {
                throw .trailingBytes(field: "RR interval", count: 1)
            }
            while !reader.isAtEnd {
                rrIntervals.append(Int(try reader.uint16("RR interval")))
            }
        }
        // Without RR intervals, later bytes belong to fields a future version may add.
        return HeartRateReading(
            beatsPerMinute: beatsPerMinute, contact: contact,
            energyExpended: energyExpended, rrIntervals: rrIntervals)
    }
}

/// The Battery Level characteristic (0x2A19): one byte, a percentage.
public enum BatteryLevel {
    /// - Throws: `FrameError` for an empty value or a percentage above 100.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> Int {
        var reader = ByteReader(value)
        let level = Int(try reader.uint8("battery level"))
        guard level <= 100 else { throw .invalid(field: "battery level", value: level) }
        return level
    }
}

/// Where the strap says it is worn: the Body Sensor Location characteristic (0x2A38).
public enum BodySensorLocation: UInt8, CaseIterable, Sendable, OneByteCharacteristic {
    case other = 0
    case chest = 1
    case wrist = 2
    case finger = 3
    case hand = 4
    case earLobe = 5
    case foot = 6

    /// Decoding throws `FrameError` for an empty value or a reserved location (7-255).
    public static let field = "body sensor location"
}
