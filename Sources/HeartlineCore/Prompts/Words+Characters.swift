import Foundation

// Characters by name and the keys of every screen: spoken by the core (spelling, key
// descriptions, F1) and by the shell's key echo. Their templates are in Prompts/en/characters.prompts.

extension Words {
    /// The most words a spoken sentence has (PRODUCT.md): longer lists, spellings, help and
    /// plans are said in several sentences, or shortened.
    public static let longestSentence = 15

    /// How many words `sentence` is, as the ear counts them: what stands between spaces.
    public static func wordCount(_ sentence: String) -> Int {
        sentence.split(separator: " ").count
    }

    /// Characters whose name is clearer than the character itself.
    static let characterNames: [Character: Prompt] = [
        " ": .characterSpace, "\t": .characterTab, "!": .characterExclamation, "\"": .characterQuote,
        "#": .characterHash, "$": .characterDollar, "%": .characterPercent, "&": .characterAmpersand,
        "'": .characterApostrophe, "(": .characterLeftParen, ")": .characterRightParen, "*": .characterStar,
        "+": .characterPlus, ",": .characterComma, "-": .characterDash, ".": .characterDot,
        "/": .characterSlash, ":": .characterColon, ";": .characterSemicolon, "<": .characterLess,
        "=": .characterEquals, ">": .characterGreater, "?": .characterQuestion, "@": .characterAt,
        "[": .characterLeftBracket, "\\": .characterBackslash, "]": .characterRightBracket,
        "^": .characterCaret, "_": .characterUnderscore, "`": .characterGrave, "{": .characterLeftBrace,
        "|": .characterBar, "}": .characterRightBrace, "~": .characterTilde,
    ]

    /// One character as it should be heard: "a", "capital a", "question mark", "7"; a control
    /// character is never spoken raw.
    public func characterName(_ character: Character) -> String {
        if let prompt = Self.characterNames[character] { return self(prompt) }
        if character.isLetter, character.isUppercase {
            return self(.characterCapital, ["letter": character.lowercased()])
        }
        return SafeText.clean(String(character)).isEmpty ? self(.characterBlank) : String(character)
    }

    /// A sentence spelled letter by letter, one string per word ("capital h, e, a, r, t"); a
    /// word too long for one sentence of 15 words ("Höchstgeschwindigkeit") in several.
    public func spelling(of sentence: String) -> [String] {
        sentence.split(whereSeparator: \.isWhitespace).flatMap { word in
            // A character's name is a word or two ("capital h"): a piece ends before it would
            // pass a sentence's length.
            var pieces: [[String]] = [[]]
            var length = 0
            for name in word.map(characterName) {
                let words = Self.wordCount(name)
                if !pieces[pieces.count - 1].isEmpty, length + words > Self.longestSentence {
                    pieces.append([])
                    length = 0
                }
                pieces[pieces.count - 1].append(name)
                length += words
            }
            return pieces.map { $0.joined(separator: ", ") }
        }
    }
}

extension Words {
    /// Alternatives said as one: "t or 1".
    public func alternatives(_ items: [String]) -> String {
        guard var result = items.first else { return "" }
        for item in items.dropFirst() { result = self(.listOr, ["first": result, "second": item]) }
        return result
    }
}

extension Words {
    /// A file name as it is heard: Heartline's export names carry their start's time as four
    /// digits ("heartline-2026-11-29-0730.fit"), which a synthesizer reads digit by digit, so the
    /// time is said as a time and the extension after a spoken dot: "heartline-2026-11-29 07:30
    /// dot fit".
    public func spokenFileName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        var parts = name[..<dot].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if let index = parts.lastIndex(where: { $0.count == 4 && $0.allSatisfy(\.isASCIIDigit) }), index >= 3,
            let hour = Int(parts[index].prefix(2)), let minute = Int(parts[index].suffix(2)), hour < 24, minute < 60
        {
            parts[index] = "\(hour):" + parts[index].suffix(2)
            let date = parts[..<index].joined(separator: "-")
            let rest = ([parts[index]] + parts[(index + 1)...]).joined(separator: " ")
            return self(.fileSpoken, ["base": date + " " + rest, "extension": String(name[name.index(after: dot)...])])
        }
        return self(.fileSpoken, ["base": String(name[..<dot]), "extension": String(name[name.index(after: dot)...])])
    }
}
