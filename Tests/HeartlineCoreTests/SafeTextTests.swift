import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// No control character or escape sequence survives into a sentence, whatever it came from.
@Suite(.timed) struct SafeTextTests {
    static let hostile: [Unicode.Scalar] = [
        "\u{1B}", "[", "]", "P", "\\", "\u{07}", "\u{9B}", "\u{9C}", "\u{9D}", "\u{90}", "\u{0}", "\u{8}", "\u{7F}",
        "\u{0D}", "\u{0A}", "\u{09}", "\u{202E}", "\u{200B}", "\u{2028}", "\u{85}", "\u{FEFF}", "1", ";", "m", "a", " ", "é",
        "\u{E000}", "\u{FFFD}",
    ]

    @Test func noControlOrFormatCharacterSurvives() {
        var random = SplitMix64(seed: 17)
        for _ in 0..<5000 {
            let length = Int(random.next() % 40)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(Self.hostile[Int(random.next() % UInt64(Self.hostile.count))]) }
            let cleaned = Utterance(.answer, String(text)).text
            for scalar in cleaned.unicodeScalars {
                #expect(SafeText.isPrintable(scalar), "U+\(String(scalar.value, radix: 16)) in \(cleaned.debugDescription)")
                #expect(scalar.value != 0x1B && scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
            }
        }
    }

    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m alert", "red alert"),
        ("title \u{1B}]0;pwned\u{07}done", "title done"),
        ("line one\nline two\ttab", "line one line two tab"),
        ("\u{9B}2Jcleared", "cleared"),
        ("plain sentence, 142 beats per minute.", "plain sentence, 142 beats per minute."),
        ("right\u{202E}txt.exe", "righttxt.exe"),
    ])
    func escapeSequencesGoWhole(raw: String, clean: String) {
        #expect(SafeText.clean(raw) == clean)
    }
}
