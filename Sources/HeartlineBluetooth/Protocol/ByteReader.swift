/// Reads little-endian fields from the front of a byte array, refusing to read past its end.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

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
    /// Appends `value` little-endian, as every ATT and HCI field is.
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }
}

extension UInt8 {
    /// Two upper-case hexadecimal digits, as addresses and UUIDs are written.
    var hexDigits: String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(self >> 4)], digits[Int(self & 0x0F)]])
    }
}
