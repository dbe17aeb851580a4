/// Turns the bytes a strap calls itself into a name safe to print and to speak.
///
/// Anyone nearby can advertise any bytes as a name, and the name ends up in a transcript on a
/// terminal and in a speech engine's input. So: decode as UTF-8 (broken sequences dropped), end
/// at the first NUL as C firmware pads names, remove terminal escape sequences whole (CSI, OSC,
/// DCS and the two-byte forms, in their 7-bit and 8-bit spellings), remove every other control
/// and format character (bidirectional overrides included, which could reorder what a sighted
/// helper reads), fold line breaks and tabs into single spaces, and keep at most
/// `maximumLength` characters.
public enum AdvertisedName {
    public static let maximumLength = 40

    /// The cleaned name, or nil when nothing speakable is left.
    public static func sanitize(_ bytes: [UInt8]) -> String? {
        let visible = bytes.prefix { $0 != 0 }
        var scalars = String(decoding: visible, as: UTF8.self).unicodeScalars.makeIterator()
        var cleaned = String.UnicodeScalarView()
        var pendingSpace = false
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x9B:
                skipControlSequence(&scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                skipString(&scalars)
            case _ where scalar.properties.isWhitespace:
                pendingSpace = true
            case _ where isSpeakable(scalar):
                if pendingSpace, !cleaned.isEmpty { cleaned.append(" ") }
                pendingSpace = false
                cleaned.append(scalar)
            default:
                continue
            }
        }
        let name = String(String(cleaned).prefix(maximumLength))
        let trimmed = name.last == " " ? String(name.dropLast()) : name
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func isSpeakable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned: false
        default: scalar != "\u{FFFD}"
        }
    }

    /// After ESC: a control sequence, a string, or a two-byte form (ESC, intermediates, final).
    private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        switch next {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default:
            var current = next
            while (0x20...0x2F).contains(current.value), let following = scalars.next() {
                current = following
            }
        }
    }

    /// Parameters and intermediates (0x20-0x3F) up to the final byte (0x40-0x7E).
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next(), (0x20...0x3F).contains(scalar.value) {}
    }

    /// An OSC, DCS, SOS, PM or APC string, up to BEL or a string terminator (ESC \ or 0x9C).
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()
                return
            default: continue
            }
        }
    }
}
