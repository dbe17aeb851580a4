import HeartlineCore

/// Key echo, the spoken half: characters by name, deletions, recalled lines and spelling, all
/// from the catalogue.
struct EchoVoice {
    let words: Words

    /// One character as it should be heard: "a", "capital a", "question mark", "7".
    func name(of character: Character) -> String { words.characterName(character) }

    /// The sentence for one echo item.
    func sentence(for item: KeyEcho.Item) -> String {
        switch item {
        case .typed(let text): return spoken(text)
        case .finishedWord(let word), .cursorWord(let word): return word
        case .deleted(let text): return words(.echoDeleted, ["text": spoken(text)])
        case .cursorCharacter(let character): return character.map(name(of:)) ?? words(.characterBlank)
        case .line(let text): return text.allSatisfy(\.isWhitespace) ? words(.characterBlank) : text
        }
    }

    /// A single character by name; several (type-ahead, a paste) as the text they make.
    private func spoken(_ text: String) -> String {
        if text.count == 1, let only = text.first { return name(of: only) }
        if text.allSatisfy(\.isWhitespace) { return words(.characterBlank) }
        return text
    }
}

/// Echo waiting to be spoken until the keys of one read are handled, so that type-ahead is said
/// as one piece rather than a burst of single characters.
struct EchoBuffer {
    enum Piece: Equatable {
        case item(KeyEcho.Item)
        /// A finished sentence (completion matches).
        case sentence(String)
    }

    private(set) var pieces: [Piece] = []

    var isEmpty: Bool { pieces.isEmpty }

    mutating func add(_ items: [KeyEcho.Item]) {
        for item in items {
            // Characters typed one after another join into one piece.
            if case .typed(let more) = item, case .item(.typed(let earlier))? = pieces.last {
                pieces[pieces.count - 1] = .item(.typed(earlier + more))
            } else {
                pieces.append(.item(item))
            }
        }
    }

    mutating func add(sentence: String) {
        pieces.append(.sentence(sentence))
    }

    mutating func clear() {
        pieces.removeAll()
    }

    /// The utterances to speak, in order; empties the buffer.
    mutating func take(voice: EchoVoice) -> [Utterance] {
        defer { pieces.removeAll() }
        return pieces.map { piece in
            switch piece {
            case .item(let item): Utterance(.echo, voice.sentence(for: item))
            case .sentence(let text): Utterance(.echo, text)
            }
        }
    }
}
