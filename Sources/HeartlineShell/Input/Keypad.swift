/// The numeric keypad, whichever way the terminal reports it.
///
/// With Num Lock on, its keys arrive as the characters printed on them. With Num Lock off they
/// arrive as the cursor keys printed under the digits (Home, Up, Page Up, ...); in application
/// keypad mode as `ESC O p` to `ESC O y`. Both are read back as the keypad's characters, so the
/// workout screen's digit keys work either way.
enum Keypad {
    /// The keypad character of a Num-Lock-off key. These are the cursor keys too, so they stand
    /// for digits only during a workout.
    static let cursorKeys: [[UInt8]: Character] = {
        var table: [[UInt8]: Character] = [:]
        let keys: [(sequences: [String], key: Character)] = [
            (["[H", "OH", "[1~", "[7~"], "7"),
            (["[A", "OA"], "8"),
            (["[5~"], "9"),
            (["[D", "OD"], "4"),
            (["[E", "OE", "[G"], "5"),
            (["[C", "OC"], "6"),
            (["[F", "OF", "[4~", "[8~"], "1"),
            (["[B", "OB"], "2"),
            (["[6~"], "3"),
            (["[2~"], "0"),
            (["[3~"], "."),
        ]
        for (sequences, key) in keys {
            for sequence in sequences { table[[0x1B] + Array(sequence.utf8)] = key }
        }
        return table
    }()

    /// The keypad character of an application-keypad key (`ESC O` and a letter), which nothing
    /// else sends. The operators differ between xterm and the Linux console.
    static func applicationKey(_ key: [UInt8], terminal: String?) -> Character? {
        guard key.count == 3, key[0] == 0x1B, key[1] == UInt8(ascii: "O") else { return nil }
        let letter = Character(Unicode.Scalar(key[2]))
        switch letter {
        case "p"..."y": return Character(Unicode.Scalar(key[2] - UInt8(ascii: "p") + UInt8(ascii: "0")))
        case "n": return "."
        case "M": return "\r"
        default: break
        }
        let operators: [Character: Character] =
            terminal?.hasPrefix("linux") == true
            ? ["l": "+", "S": "-", "R": "*", "Q": "/"]
            : ["k": "+", "m": "-", "j": "*", "o": "/"]
        return operators[letter]
    }

    /// The keypad key that stops speech during a workout.
    static let stopSpeech: Character = "/"
}
