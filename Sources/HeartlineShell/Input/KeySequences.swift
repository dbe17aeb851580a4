import HeartlineCore

/// The escape sequences xterm, the Linux console (TERM=linux) and rxvt send for the keys that
/// print nothing, decoded whole: a key is either one readline edits the line with (the arrows,
/// Home, End, Delete) or one it must never see (function keys, Insert, Page Up, Page Down),
/// which readline would half read and type the rest of ("~", then digits) into the line.
enum KeySequences {
    /// What a whole sequence is.
    enum Kind: Equatable {
        /// An editing key of readline's: the arrows, Home, End, Delete, keypad 5.
        case editing(EditingKey)
        /// A key that edits nothing: the core answers it.
        case named(NamedKey)
    }

    /// readline's editing keys, by what they do on an empty line.
    enum EditingKey: Hashable {
        case up, down, left, right, home, end, delete, center
    }

    static let table: [[UInt8]: Kind] = {
        var table: [[UInt8]: Kind] = [:]
        func add(_ sequences: [String], _ kind: Kind) {
            for sequence in sequences { table[[0x1B] + Array(sequence.utf8)] = kind }
        }
        // Function keys: xterm (SS3 for F1 to F4), rxvt (CSI 11~ to 14~), the console (CSI [A to [E).
        add(["OP", "[11~", "[[A"], .named(.function(1)))
        add(["OQ", "[12~", "[[B"], .named(.function(2)))
        add(["OR", "[13~", "[[C"], .named(.function(3)))
        add(["OS", "[14~", "[[D"], .named(.function(4)))
        add(["[15~", "[[E"], .named(.function(5)))
        for (number, code) in [(6, 17), (7, 18), (8, 19), (9, 20), (10, 21), (11, 23), (12, 24)] {
            add(["[\(code)~"], .named(.function(number)))
        }
        add(["[2~"], .named(.insert))
        add(["[5~"], .named(.pageUp))
        add(["[6~"], .named(.pageDown))
        add(["[A", "OA"], .editing(.up))
        add(["[B", "OB"], .editing(.down))
        add(["[C", "OC"], .editing(.right))
        add(["[D", "OD"], .editing(.left))
        add(["[H", "OH", "[1~", "[7~"], .editing(.home))
        add(["[F", "OF", "[4~", "[8~"], .editing(.end))
        add(["[3~"], .editing(.delete))
        add(["[E", "OE", "[G"], .editing(.center))
        return table
    }()

    /// Whether `key` is an escape sequence (CSI or SS3) rather than a character or Meta and a key.
    static func isSequence(_ key: [UInt8]) -> Bool {
        key.count >= 3 && key[0] == 0x1B && (key[1] == UInt8(ascii: "[") || key[1] == UInt8(ascii: "O"))
    }
}
