/// Splits the bytes a terminal sends into keys: one character, or one whole escape sequence.
///
/// A read can end in the middle of a key (an escape sequence or a UTF-8 character split over
/// two reads); those bytes wait for the next read. A lone Esc waits for the key after it; the
/// terminal takes it alone when no key follows soon (`takeEscape`).
struct KeyReader {
    private var held: [UInt8] = []
    /// Longer "sequences" are garbage: they are passed on as they are.
    static let longestSequence = 32

    /// Whether the last read ended in a lone Escape, waiting for the key after it.
    var holdsEscape: Bool { held == [0x1B] }

    /// Takes a held lone Escape as a key of its own; false when nothing (or more) is held.
    mutating func takeEscape() -> Bool {
        guard holdsEscape else { return false }
        held = []
        return true
    }

    mutating func keys(from bytes: [UInt8]) -> [[UInt8]] {
        let buffer = held + bytes
        held = []
        var keys: [[UInt8]] = []
        var start = 0
        while start < buffer.count {
            guard let length = Self.keyLength(in: buffer[start...]) else {
                held = Array(buffer[start...])
                break
            }
            keys.append(Array(buffer[start..<(start + length)]))
            start += length
        }
        return keys
    }

    /// The length of the key at the start of `bytes`, or nil when more bytes are needed.
    static func keyLength(in bytes: ArraySlice<UInt8>) -> Int? {
        let first = bytes.startIndex
        let lead = bytes[first]
        if lead == 0x1B {
            guard bytes.count >= 2 else { return nil }
            let second = bytes[first + 1]
            switch second {
            case UInt8(ascii: "["):
                guard bytes.count >= 3 else { return nil }
                // The Linux console's F1 to F5: ESC [ [ A to ESC [ [ E.
                if bytes[first + 2] == UInt8(ascii: "[") { return bytes.count >= 4 ? 4 : nil }
                var index = first + 2
                while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
                    index += 1
                    if index - first >= longestSequence { return index - first }
                }
                guard index < bytes.endIndex else { return nil }
                // A final byte ends the sequence; anything else ends a broken one before it.
                return (0x40...0x7E).contains(bytes[index]) ? index - first + 1 : index - first
            case UInt8(ascii: "O"):
                return bytes.count >= 3 ? 3 : nil
            case 0x1B:
                return 1
            default:
                // Meta and a key (Alt-f, Alt-Backspace): readline reads the two together.
                return 2
            }
        }
        let expected: Int
        switch lead {
        case 0xC0...0xDF: expected = 2
        case 0xE0...0xEF: expected = 3
        case 0xF0...0xF7: expected = 4
        default: return 1
        }
        var index = first + 1
        while index < first + expected {
            guard index < bytes.endIndex else { return nil }
            // Not a continuation byte: the broken lead byte goes on alone.
            guard bytes[index] & 0xC0 == 0x80 else { return 1 }
            index += 1
        }
        return expected
    }
}
