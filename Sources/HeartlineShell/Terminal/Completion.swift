import HeartlineCore

/// Tab completion over the words the current screen accepts (the core's `completions()`).
///
/// The whole line is completed, not its last word: commands have several words ("browse by
/// date"), and the line is short.
struct Completion: Equatable {
    /// What was typed, normalized as the core compares commands.
    let typed: String
    /// The candidates that fit, in the screen's order.
    let matches: [String]

    /// - Parameters:
    ///   - typed: the line up to the cursor.
    ///   - candidates: normalized words, in the order they should be heard.
    init(typed: String, candidates: [String]) {
        let typed = Self.normalize(typed)
        self.typed = typed
        let starting = candidates.filter { $0.hasPrefix(typed) }
        // "br da" finds "browse by date": every typed word starts a word of the candidate, in order.
        matches = starting.isEmpty ? candidates.filter { Self.wordsStart($0, with: typed) } : starting
    }

    /// What replaces the typed text: the one match, or as much as all matches share (never less
    /// than what was typed).
    var replacement: String {
        guard let first = matches.first else { return typed }
        var shared = first
        for match in matches.dropFirst() {
            shared = String(zip(shared, match).prefix { $0 == $1 }.map(\.0))
        }
        return shared.hasPrefix(typed) ? shared : typed
    }

    /// The sentence that says the result: the completed command, the matches, or no match. A
    /// list longer than a sentence of 15 words says its count and the first matches that fit.
    func sentence(_ words: Words) -> String {
        switch matches.count {
        case 0: return words(.completionNone)
        case 1: return matches[0]
        default:
            let count = words.number(matches.count)
            let all = words(.completionMatches, ["count": count, "matches": matches.joined(separator: ", ")])
            guard Words.wordCount(all) > Words.longestSentence else { return all }
            var shown = matches.count - 1
            var sentence = words(.completionFirst, ["count": count, "matches": matches.prefix(shown).joined(separator: ", ")])
            while shown > 1, Words.wordCount(sentence) > Words.longestSentence {
                shown -= 1
                sentence = words(.completionFirst, ["count": count, "matches": matches.prefix(shown).joined(separator: ", ")])
            }
            return sentence
        }
    }

    /// Lower case and single spaces; a trailing space is kept, as it ends a word.
    static func normalize(_ text: String) -> String {
        let collapsed = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.last?.isWhitespace == true && !collapsed.isEmpty ? collapsed + " " : collapsed
    }

    private static func wordsStart(_ candidate: String, with typed: String) -> Bool {
        let typedWords = typed.split(separator: " ")
        guard typedWords.count >= 2 else { return false }
        let words = candidate.split(separator: " ")
        var index = words.startIndex
        for word in typedWords {
            guard let found = words[index...].firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            index = words.index(after: found)
        }
        return true
    }
}
