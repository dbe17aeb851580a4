import HeartlineCore

/// The compact byte format samples are stored in: about 3 bytes per second of workout.
///
/// A blob is a format byte (1) followed by one record per sample. Every field is a difference
/// from the previous sample of the same blob (starting from elapsed 0, wall offset 0, heart rate 0
/// and RR interval 0), so a steady workout costs one byte per second plus about one per beat.
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
/// Arithmetic wraps, so every `Int` value round-trips, however implausible.
enum SampleCodec {
    static let formatVersion: UInt8 = 1

    static func encode(_ samples: some Sequence<Sample>) -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(samples.underestimatedCount * 4 + 1)
        writer.bytes.append(formatVersion)
        var previous = State()
        for sample in samples {
            let elapsedStep = sample.elapsed &- previous.elapsed
            let wallStep = sample.wallOffset &- previous.wallOffset
            let regular = elapsedStep == 1 && wallStep == 1
            let heartRateStep = sample.heartRate.map { zigZag($0 &- previous.heartRate) }
            let rrCount = sample.rrIntervals.count

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
            previous.elapsed = sample.elapsed
            previous.wallOffset = sample.wallOffset
            if let heartRate = sample.heartRate { previous.heartRate = heartRate }
        }
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws(SampleCodecError) -> [Sample] {
        var reader = ByteReader(bytes: bytes)
        let version = try reader.byte()
        guard version == formatVersion else {
            throw SampleCodecError(offset: 0, reason: "unknown sample format \(version)")
        }
        var samples: [Sample] = []
        samples.reserveCapacity(bytes.count / 3)
        var previous = State()
        while !reader.isAtEnd {
            let headerOffset = reader.offset
            let header = try reader.byte()
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
            previous.elapsed = previous.elapsed &+ elapsedStep
            previous.wallOffset = previous.wallOffset &+ wallStep
            if let heartRate { previous.heartRate = heartRate }
            samples.append(
                Sample(
                    elapsed: previous.elapsed, wallOffset: previous.wallOffset, heartRate: heartRate,
                    rrIntervals: intervals))
        }
        return samples
    }

    private struct State {
        var elapsed = 0
        var wallOffset = 0
        var heartRate = 0
        var rrInterval = 0
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
