import HeartlineCore

/// The compact byte format samples are stored in: about 3 bytes per second of a heart-rate-only
/// workout, about 5 of a run with a footpod and 6 of a ride with speed, cadence and power.
///
/// A blob is a format byte followed by one record per sample. Every field is a difference from
/// the previous sample of the same blob (starting from elapsed 0, wall offset 0, heart rate 0,
/// RR interval 0, speed 0, cadence 0, power 0 and no distance), so a steady workout costs one
/// byte per second plus about one per beat, and one more for each motion value it carries.
///
/// A record starts with a header byte:
/// - `0hhhhhrr`, the common case: the second followed the previous one (elapsed and wall offset
///   both +1), a heart rate is present and differs from the last known one by the zig-zag value
///   `hhhhh` (-16...15), and `rr` (0...3) RR intervals follow.
/// - `100nnnta`, everything else: `a` = no heart rate; `t` = timing follows; `nnn` = the number of
///   RR intervals (0...6, or 7 meaning "7 plus a varint"). Then, in order: if `t`, the zig-zag
///   varints elapsed step - 1 and wall step - elapsed step; if a heart rate is present, its zig-zag
///   varint difference; if `nnn` is 7, the varint count - 7.
/// Then each RR interval as the zig-zag varint difference from the previous one.
///
/// Format 2 adds motion and distance; format 1 (heart rate and RR only) is still read, and its
/// records are format 2 records without motion. Which motion values a record carries is the
/// blob's motion layout, none at the start; a record whose layout differs from the previous
/// one's, or that needs an escape, is preceded by a motion byte `101scprx`: `s`, `c`, `p` = speed,
/// cadence and power present from this record on; `r` = this record's speed is a raw double;
/// `x` = this record's distance is given explicitly. After the RR intervals come, for each value
/// present: the speed as the zig-zag varint difference in 1/256 m/s (`Motion.speedResolution`)
/// from the previous one, or with `r` the 8 bytes of its IEEE 754 bits, little-endian; the
/// cadence and the power as zig-zag varint differences. With `x`, the distance follows last: a
/// byte 0 (none) or 1 and its 8 bytes. Without `x` it is not stored at all but computed the way
/// `WorkoutEngine` adds it up: the previous distance plus the speed (nothing without a speed).
///
/// Format 3 adds a treadmill's incline; a blob with no incline in it is still written as format
/// 2, which older Heartlines read. Whether a record carries an incline is a second layout, none at
/// the start: a record whose incline layout differs from the previous one's, or whose incline
/// needs an escape, is preceded (before any motion byte) by an incline byte `110000ri`: `i` = an
/// incline present from this record on; `r` = this record's incline is a raw double. The incline
/// comes after the power: the zig-zag varint difference in tenths of a percent from the previous
/// one (starting from 0), or with `r` its 8 bytes.
///
/// Nothing is lost: the engine keeps speeds to 1/256 m/s, so they and the distances summed from
/// them are stored exactly in a byte or so; any other speed and any other distance (the first of
/// a chunk, a workout resumed) take the raw escape. Integer arithmetic wraps, so every `Int`
/// round-trips, however implausible, and so does every `Double`, bit for bit.
enum SampleCodec {
    /// Motion with a treadmill's incline: written only when a sample has one.
    static let inclineVersion: UInt8 = 3
    static let formatVersion: UInt8 = 2
    /// Heart rate and RR intervals only: what workouts were stored in before motion.
    static let heartRateOnlyVersion: UInt8 = 1

    private static let motionPrefix: UInt8 = 0xA0
    private static let speedBit: UInt8 = 0x10
    private static let cadenceBit: UInt8 = 0x08
    private static let powerBit: UInt8 = 0x04
    private static let rawSpeedBit: UInt8 = 0x02
    private static let explicitDistanceBit: UInt8 = 0x01
    private static let inclinePrefix: UInt8 = 0xC0
    private static let inclineBit: UInt8 = 0x01
    private static let rawInclineBit: UInt8 = 0x02

    static func encode(_ samples: some Sequence<Sample>) -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(samples.underestimatedCount * 4 + 1)
        writer.bytes.append(formatVersion)
        var previous = State()
        var anyIncline = false
        for sample in samples {
            let elapsedStep = sample.elapsed &- previous.elapsed
            let wallStep = sample.wallOffset &- previous.wallOffset
            let regular = elapsedStep == 1 && wallStep == 1
            let heartRateStep = sample.heartRate.map { zigZag($0 &- previous.heartRate) }
            let rrCount = sample.rrIntervals.count
            let motion = sample.motion
            let speedUnits = motion.speed.flatMap(units)
            let rawSpeed = motion.speed != nil && speedUnits == nil
            let layout = Self.layout(motion)
            let distanceFollows = same(sample.distance, predictedDistance(after: previous.distance, speed: motion.speed))
            let inclineTenths = motion.incline.flatMap(tenths)
            let rawIncline = motion.incline != nil && inclineTenths == nil
            let inclined = motion.incline != nil

            if inclined != previous.inclined || rawIncline {
                writer.bytes.append(inclinePrefix | (inclined ? inclineBit : 0) | (rawIncline ? rawInclineBit : 0))
                anyIncline = true
            }
            if layout != previous.layout || rawSpeed || !distanceFollows {
                writer.bytes.append(
                    motionPrefix | layout | (rawSpeed ? rawSpeedBit : 0) | (distanceFollows ? 0 : explicitDistanceBit))
            }
            if regular, let heartRateStep, heartRateStep < 32, rrCount <= 3 {
                writer.bytes.append(UInt8(heartRateStep) << 2 | UInt8(rrCount))
            } else {
                var header: UInt8 = 0x80 | UInt8(min(rrCount, 7)) << 2
                if sample.heartRate == nil { header |= 0x01 }
                if !regular { header |= 0x02 }
                writer.bytes.append(header)
                if !regular {
                    writer.varint(zigZag(elapsedStep &- 1))
                    writer.varint(zigZag(wallStep &- elapsedStep))
                }
                if let heartRateStep { writer.varint(heartRateStep) }
                if rrCount >= 7 { writer.varint(UInt64(rrCount - 7)) }
            }
            for interval in sample.rrIntervals {
                writer.varint(zigZag(interval &- previous.rrInterval))
                previous.rrInterval = interval
            }
            if let speed = motion.speed { writer.step(speed, in: speedUnits, from: &previous.speedUnits) }
            if let cadence = motion.cadence {
                writer.varint(zigZag(cadence &- previous.cadence))
                previous.cadence = cadence
            }
            if let power = motion.power {
                writer.varint(zigZag(power &- previous.power))
                previous.power = power
            }
            if let incline = motion.incline { writer.step(incline, in: inclineTenths, from: &previous.inclineTenths) }
            if !distanceFollows {
                if let distance = sample.distance {
                    writer.bytes.append(1)
                    writer.double(distance)
                } else {
                    writer.bytes.append(0)
                }
            }
            previous.elapsed = sample.elapsed
            previous.wallOffset = sample.wallOffset
            if let heartRate = sample.heartRate { previous.heartRate = heartRate }
            previous.layout = layout
            previous.inclined = inclined
            previous.distance = sample.distance
        }
        if anyIncline { writer.bytes[0] = inclineVersion }
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws(SampleCodecError) -> [Sample] {
        var reader = ByteReader(bytes: bytes)
        let version = try reader.byte()
        guard version == formatVersion || version == heartRateOnlyVersion || version == inclineVersion else {
            throw SampleCodecError(offset: 0, reason: "unknown sample format \(version)")
        }
        var samples: [Sample] = []
        samples.reserveCapacity(bytes.count / 3)
        var previous = State()
        while !reader.isAtEnd {
            var headerOffset = reader.offset
            var header = try reader.byte()
            var rawSpeed = false
            var explicitDistance = false
            var rawIncline = false
            if version == inclineVersion, header & 0xE0 == inclinePrefix {
                guard header & 0x1C == 0 else {
                    throw SampleCodecError(offset: headerOffset, reason: "reserved incline bits set")
                }
                previous.inclined = header & inclineBit != 0
                rawIncline = header & rawInclineBit != 0
                guard !rawIncline || previous.inclined else {
                    throw SampleCodecError(offset: headerOffset, reason: "a raw incline without an incline")
                }
                headerOffset = reader.offset
                header = try reader.byte()
            }
            if version != heartRateOnlyVersion, header & 0xE0 == motionPrefix {
                previous.layout = header & (speedBit | cadenceBit | powerBit)
                rawSpeed = header & rawSpeedBit != 0
                explicitDistance = header & explicitDistanceBit != 0
                guard !rawSpeed || previous.layout & speedBit != 0 else {
                    throw SampleCodecError(offset: headerOffset, reason: "a raw speed without a speed")
                }
                headerOffset = reader.offset
                header = try reader.byte()
            }
            var elapsedStep = 1
            var wallStep = 1
            var heartRate: Int?
            var rrCount: Int
            if header & 0x80 == 0 {
                heartRate = previous.heartRate &+ unZigZag(UInt64(header >> 2))
                rrCount = Int(header & 0x03)
            } else {
                guard header & 0x60 == 0 else {
                    throw SampleCodecError(offset: headerOffset, reason: "reserved header bits set")
                }
                if header & 0x02 != 0 {
                    elapsedStep = unZigZag(try reader.varint()) &+ 1
                    wallStep = unZigZag(try reader.varint()) &+ elapsedStep
                }
                if header & 0x01 == 0 {
                    heartRate = previous.heartRate &+ unZigZag(try reader.varint())
                }
                rrCount = Int(header >> 2 & 0x07)
                if rrCount == 7 {
                    let extra = try reader.varint()
                    // Each interval takes at least a byte: a larger count can only be garbage.
                    guard extra <= UInt64(reader.remaining) else {
                        throw SampleCodecError(offset: headerOffset, reason: "RR count beyond the data")
                    }
                    rrCount = 7 + Int(extra)
                }
            }
            var intervals: [Int] = []
            intervals.reserveCapacity(rrCount)
            for _ in 0..<rrCount {
                previous.rrInterval = previous.rrInterval &+ unZigZag(try reader.varint())
                intervals.append(previous.rrInterval)
            }
            var motion = Motion()
            if previous.layout & speedBit != 0 {
                if rawSpeed {
                    motion.speed = try reader.double()
                } else {
                    previous.speedUnits = previous.speedUnits &+ unZigZag(try reader.varint())
                    motion.speed = speed(units: previous.speedUnits)
                }
            }
            if previous.layout & cadenceBit != 0 {
                previous.cadence = previous.cadence &+ unZigZag(try reader.varint())
                motion.cadence = previous.cadence
            }
            if previous.layout & powerBit != 0 {
                previous.power = previous.power &+ unZigZag(try reader.varint())
                motion.power = previous.power
            }
            if previous.inclined {
                if rawIncline {
                    motion.incline = try reader.double()
                } else {
                    previous.inclineTenths = previous.inclineTenths &+ unZigZag(try reader.varint())
                    motion.incline = incline(tenths: previous.inclineTenths)
                }
            }
            var distance = predictedDistance(after: previous.distance, speed: motion.speed)
            if explicitDistance {
                let kindOffset = reader.offset
                switch try reader.byte() {
                case 0: distance = nil
                case 1: distance = try reader.double()
                default: throw SampleCodecError(offset: kindOffset, reason: "unknown distance kind")
                }
            }
            previous.elapsed = previous.elapsed &+ elapsedStep
            previous.wallOffset = previous.wallOffset &+ wallStep
            if let heartRate { previous.heartRate = heartRate }
            previous.distance = distance
            samples.append(
                Sample(
                    elapsed: previous.elapsed, wallOffset: previous.wallOffset, heartRate: heartRate,
                    rrIntervals: intervals, motion: motion, distance: distance))
        }
        return samples
    }

    private struct State {
        var elapsed = 0
        var wallOffset = 0
        var heartRate = 0
        var rrInterval = 0
        var layout: UInt8 = 0
        var speedUnits = 0
        var cadence = 0
        var power = 0
        var inclined = false
        var inclineTenths = 0
        var distance: Double?
    }

    /// Which motion values a record carries: the `s`, `c` and `p` bits of the motion byte.
    private static func layout(_ motion: Motion) -> UInt8 {
        (motion.speed == nil ? 0 : speedBit) | (motion.cadence == nil ? 0 : cadenceBit) | (motion.power == nil ? 0 : powerBit)
    }

    /// A speed in 1/256 m/s, when it is a whole number of them that reads back bit for bit.
    static func units(_ speed: Double) -> Int? {
        guard let units = Int(exactly: speed / Motion.speedResolution), self.speed(units: units).bitPattern == speed.bitPattern
        else { return nil }
        return units
    }

    static func speed(units: Int) -> Double { Double(units) * Motion.speedResolution }

    /// An incline in tenths of a percent, when it is a whole number of them that reads back bit
    /// for bit (as `Motion.quantised(incline:)` makes it).
    static func tenths(_ incline: Double) -> Int? {
        guard let tenths = Int(exactly: (incline * 10).rounded()), self.incline(tenths: tenths).bitPattern == incline.bitPattern
        else { return nil }
        return tenths
    }

    static func incline(tenths: Int) -> Double { Double(tenths) / 10 }

    /// The distance `WorkoutEngine` reaches in a second with `speed`: it adds the speed, never
    /// less than 0, to the distance so far; a second without a speed leaves the distance as it was.
    static func predictedDistance(after distance: Double?, speed: Double?) -> Double? {
        guard let speed else { return distance }
        return (distance ?? 0) + max(0, speed)
    }

    /// Equal bit for bit, so -0 and NaN come back as they went in.
    private static func same(_ left: Double?, _ right: Double?) -> Bool {
        left?.bitPattern == right?.bitPattern
    }

    static func zigZag(_ value: Int) -> UInt64 {
        UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
    }

    static func unZigZag(_ value: UInt64) -> Int {
        Int(Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }
}

/// Sample bytes that do not follow the format: a damaged or foreign blob.
struct SampleCodecError: Error, CustomStringConvertible, Sendable {
    let offset: Int
    let reason: String

    var description: String { "unreadable samples at byte \(offset): \(reason)" }
}

private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The IEEE 754 bits of `value`, little-endian.
    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
    }

    /// `value` as a step from `previous` in whole `units` when it has them, and as its raw bits
    /// when they cannot hold it exactly (the step's base is then left as it was).
    mutating func step(_ value: Double, in units: Int?, from previous: inout Int) {
        guard let units else { return double(value) }
        varint(SampleCodec.zigZag(units &- previous))
        previous = units
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }
    var remaining: Int { bytes.count - offset }

    mutating func byte() throws(SampleCodecError) -> UInt8 {
        guard offset < bytes.count else { throw SampleCodecError(offset: offset, reason: "data ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func double() throws(SampleCodecError) -> Double {
        guard remaining >= 8 else { throw SampleCodecError(offset: offset, reason: "data ends early") }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * index) }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func varint() throws(SampleCodecError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64, shift < 63 || next <= 1 else {
                throw SampleCodecError(offset: start, reason: "number too long")
            }
            value |= UInt64(next & 0x7f) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
