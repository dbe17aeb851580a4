/// Reads little-endian fields from the front of a byte array, refusing to read past its end.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    /// A little-endian integer as wide as `T`, signed or not.
    mutating func integer<T: FixedWidthInteger>(_ field: String) throws(FrameError) -> T {
        let width = T.bitWidth / 8
        guard remaining >= width else { throw .truncated(field: field) }
        defer { offset += width }
        return (0..<width).reduce(T.zero) { $0 | T(truncatingIfNeeded: bytes[offset + $1]) << (8 * $1) }
    }

    mutating func uint8(_ field: String) throws(FrameError) -> UInt8 {
        guard remaining >= 1 else { throw .truncated(field: field) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16(_ field: String) throws(FrameError) -> UInt16 {
        guard remaining >= 2 else { throw .truncated(field: field) }
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func int16(_ field: String) throws(FrameError) -> Int16 {
        Int16(bitPattern: try uint16(field))
    }

    /// Three bytes, as the Fitness Machine Service sends distances.
    mutating func uint24(_ field: String) throws(FrameError) -> UInt32 {
        guard remaining >= 3 else { throw .truncated(field: field) }
        defer { offset += 3 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
    }

    mutating func uint32(_ field: String) throws(FrameError) -> UInt32 { try integer(field) }

    /// Steps over a field this program does not use, so the fields after it decode right.
    mutating func skip(_ count: Int, _ field: String) throws(FrameError) {
        guard count >= 0, remaining >= count else { throw .truncated(field: field) }
        offset += count
    }

    mutating func bytes(_ count: Int, _ field: String) throws(FrameError) -> [UInt8] {
        guard count >= 0, remaining >= count else { throw .truncated(field: field) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Everything not read yet.
    mutating func rest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    /// Refuses bytes after the last field of a fixed-size frame.
    func expectEnd(after field: String) throws(FrameError) {
        guard isAtEnd else { throw .trailingBytes(field: field, count: remaining) }
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` little-endian at its own width, as every ATT and HCI field is.
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        for shift in stride(from: 0, to: T.bitWidth, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Appends the low three bytes of `value`, the width of the Fitness Machine Service's distances.
    mutating func appendLittleEndian24(_ value: UInt32) {
        for shift in stride(from: 0, to: 24, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}

extension FixedWidthInteger {
    /// The value's bytes, least significant first.
    var littleEndianBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(self)
        return bytes
    }
}

extension UInt8 {
    /// Two upper-case hexadecimal digits, as addresses and UUIDs are written.
    var hexDigits: String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(self >> 4)], digits[Int(self & 0x0F)]])
    }
}

/// A characteristic whose value is one byte naming one of a list, such as the Body Sensor
/// Location (0x2A38) and the Sensor Location (0x2A5D): one decoder for all of them.
public protocol OneByteCharacteristic: RawRepresentable where RawValue == UInt8 {
    /// The field's name in a `FrameError`.
    static var field: String { get }
}

extension OneByteCharacteristic {
    /// - Throws: `FrameError` for an empty value or a byte that names no case (a reserved value).
    public static func decode(_ value: [UInt8]) throws(FrameError) -> Self {
        var reader = ByteReader(value)
        let raw = try reader.uint8(field)
        guard let decoded = Self(rawValue: raw) else { throw .invalid(field: field, value: Int(raw)) }
        return decoded
    }
}

extension [UInt8] {
    /// Appends the wheel's and the crank's revolution data as the CSC and Cycling Power
    /// measurements lay them out: the wheel's uint32 count and uint16 time, then the crank's
    /// uint16 count and uint16 time, each only when present.
    mutating func appendRevolutions(wheel: RevolutionData?, crank: RevolutionData?) {
        if let wheel {
            appendLittleEndian(wheel.revolutions)
            appendLittleEndian(wheel.eventTime)
        }
        if let crank {
            appendLittleEndian(UInt16(truncatingIfNeeded: crank.revolutions))
            appendLittleEndian(crank.eventTime)
        }
    }
}
