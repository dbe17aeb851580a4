/// Text made safe to print on a terminal, write to a transcript and hand to a speech engine.
///
/// Whatever reaches a sentence may come from outside: a typed line (with the escape sequences of
/// keys readline did not know), a configuration file, a folder name, a strap's name. Terminal
/// escape sequences are removed whole (CSI, OSC, DCS and the two-byte forms, in their 7-bit and
/// 8-bit spellings), every other control and format character is removed (bidirectional
/// overrides included, which could reorder what a sighted helper reads), and line breaks and
/// tabs become single spaces. Every `Utterance` passes through here, so no sentence can carry
/// one: this is the one place that cleans.
public enum SafeText {
    /// The longest a name from outside (a strap, a headset, a plan file) is said.
    public static let nameLength = 40

    /// A name from outside as it is listed and said: cleaned, its white space folded to single
    /// spaces, and cut to `limit` characters at a word (a name of one long word is cut in it).
    /// One rule for every name Heartline did not write.
    public static func name(_ text: String, limit: Int = nameLength) -> String {
        let words = clean(text).split(whereSeparator: \.isWhitespace)
        var name = ""
        for word in words {
            let next = name.isEmpty ? String(word) : name + " " + word
            if next.count <= limit {
                name = next
                continue
            }
            if name.isEmpty { name = String(word.prefix(limit)) }
            break
        }
        return name
    }

    public static func clean(_ text: String) -> String {
        // The common case, plain printable text, costs one scan and no copy.
        if text.unicodeScalars.allSatisfy(isPrintable) { return text }
        var scalars = text.unicodeScalars.makeIterator()
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
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                pendingSpace = true
            case _ where isPrintable(scalar):
                if pendingSpace, !cleaned.isEmpty, cleaned.last != " ", scalar != " " { cleaned.append(" ") }
                pendingSpace = false
                cleaned.append(scalar)
            default:
                continue
            }
        }
        return String(cleaned)
    }

    /// Whether `scalar` may be printed and spoken as it is.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: true
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
