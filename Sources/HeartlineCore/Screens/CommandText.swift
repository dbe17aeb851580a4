/// Turns what the user typed into a comparable form, and finds near misses.
enum CommandText {
    /// A typed number with its unit dropped: "35 years", "180 bpm", "180bpm".
    static func withoutUnit(_ text: String, _ units: [String]) -> String {
        for unit in units where text.hasSuffix(unit) {
            return String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// Lower case, single spaces, no leading or trailing space.
    static func normalize(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The closest of `candidates` to `input` when it is close enough to be a typing slip.
    static func suggestion(for input: String, among candidates: [String]) -> String? {
        // One character is a key, not a slip of a word; only words are suggested.
        guard input.count >= 2 else { return nil }
        var best: (word: String, distance: Int)?
        // Accents are optional when typed: "frecuencia cardiaca" is one slip from nothing.
        let typed = TypedWords.fold(input)
        for candidate in candidates where candidate.count >= 2 {
            let distance = editDistance(typed, TypedWords.fold(candidate))
            // Two slips in any word longer than three letters, one in a shorter one.
            let allowed = candidate.count <= 3 ? 1 : max(2, min(3, candidate.count / 3))
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.word }
        let prefixed = candidates.filter { TypedWords.fold($0).hasPrefix(typed) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Edit distance over characters, counting a swap of neighbours as one slip ("hepl").
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// Whether `input` names `label`: the whole label, its start, or every typed word
    /// starting a word of the label in order ("browse all" for "Browse all workouts"). A typed
    /// number is a whole word, never the start of another ("1 minute" is not "10 minutes"), and
    /// 1 is also each of `ones`, the words a language writes the number one as before a noun
    /// ("1 minuto" is "un minuto").
    static func matches(_ input: String, label: String, ones: Set<String> = []) -> Bool {
        let label = TypedWords.fold(normalize(label))
        let input = TypedWords.fold(input)
        if label == input || label.hasPrefix(input) && input.count >= 3 && !endsInsideANumber(input, of: label) { return true }
        let typed = input.split(separator: " ")
        let words = label.split(separator: " ")
        var index = words.startIndex
        for word in typed {
            guard let found = words[index...].firstIndex(where: { starts($0, with: word, ones: ones) }) else { return false }
            index = words.index(after: found)
        }
        return typed.count >= 2
    }

    /// Whether `input` is `label` itself, word for word (1 as any of `ones`).
    static func names(_ input: String, label: String, ones: Set<String> = []) -> Bool {
        let typed = TypedWords.fold(input).split(separator: " ")
        let words = TypedWords.fold(normalize(label)).split(separator: " ")
        return typed.count == words.count && zip(typed, words).allSatisfy { isWord($1, $0, ones: ones) }
    }

    /// Whether the typed `word` starts `labelWord`; a number must be the whole word.
    private static func starts(_ labelWord: Substring, with word: Substring, ones: Set<String>) -> Bool {
        word.allSatisfy(\.isASCIIDigit) ? isWord(labelWord, word, ones: ones) : labelWord.hasPrefix(word)
    }

    /// Whether the typed `word` is `labelWord`, 1 being also each of `ones`.
    private static func isWord(_ labelWord: Substring, _ word: Substring, ones: Set<String>) -> Bool {
        labelWord == word || word == "1" && ones.contains(String(labelWord))
    }

    /// Whether `input`, a start of `label`, stops in the middle of a number of it ("1" of "10").
    private static func endsInsideANumber(_ input: String, of label: String) -> Bool {
        guard let last = input.last, last.isASCIIDigit, label.count > input.count else { return false }
        return label[label.index(label.startIndex, offsetBy: input.count)].isASCIIDigit
    }
}
