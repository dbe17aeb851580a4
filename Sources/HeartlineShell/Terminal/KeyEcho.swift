/// How much of the typing is said back: a setting (`--echo`, and the configuration file).
public enum KeyEchoMode: String, CaseIterable, Equatable, Sendable {
    /// Nothing while typing; recalled lines and completions are still said.
    case none
    /// Every typed character, by name where its name is clearer ("capital a", "question mark").
    case characters
    /// Each word when it is finished (a space or a punctuation mark after it).
    case words
    /// Characters as they are typed and each finished word.
    case both
}

/// Key echo, the pure half: compares the edited line with what it was and says what changed.
///
/// The terminal calls `update` after every redisplay with readline's line and cursor. A change
/// can cover several characters at once (type-ahead, a paste, a yank), so the two lines are
/// compared rather than the keys that were pressed.
struct KeyEcho {
    /// Why the line changed, as far as readline's last command tells.
    enum Cause: Equatable {
        /// Typing and editing.
        case editing
        /// A history command or menu completion put another line in place: say all of it.
        case recall
        /// Tab completion, which says its own matches: take the new line in silence.
        case completion
    }

    /// One thing to say back.
    enum Item: Equatable {
        /// Characters inserted at the cursor.
        case typed(String)
        /// A word finished by the separator typed after it.
        case finishedWord(String)
        /// Characters removed.
        case deleted(String)
        /// The character the cursor moved onto; nil at the end of the line.
        case cursorCharacter(Character?)
        /// The word the cursor moved over.
        case cursorWord(String)
        /// The whole line (empty when the recalled line is blank).
        case line(String)
    }

    var mode: KeyEchoMode
    private(set) var line: [Character] = []
    private(set) var point = 0

    init(mode: KeyEchoMode) {
        self.mode = mode
    }

    /// Forgets the line: it was accepted with Enter, and the next one starts empty.
    mutating func reset() {
        line = []
        point = 0
    }

    /// Takes readline's line and cursor (a character index) and returns what to say.
    mutating func update(line text: String, point newPoint: Int, cause: Cause) -> [Item] {
        let old = line
        let oldPoint = point
        let new = Array(text)
        let newPoint = max(0, min(newPoint, new.count))
        line = new
        point = newPoint
        if cause == .completion { return [] }
        if old == new {
            guard newPoint != oldPoint, mode != .none else { return [] }
            return [cursorMove(from: oldPoint, to: newPoint, in: new)]
        }
        if cause == .recall { return [.line(text)] }
        // The edit touches the cursor: the common start never reaches past it, so a letter
        // typed before an equal letter ("hel|lo" to "hell|lo") is found where it was typed.
        var prefix = 0
        let prefixLimit = min(old.count, new.count, oldPoint, newPoint)
        while prefix < prefixLimit, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let removed = old[prefix..<(old.count - suffix)]
        let inserted = new[prefix..<(new.count - suffix)]
        if !removed.isEmpty, !inserted.isEmpty {
            // Replaced text (a transposition, a changed case, an undo): the line says it best.
            return [.line(text)]
        }
        guard mode != .none else { return [] }
        if inserted.isEmpty {
            return [.deleted(String(removed))]
        }
        var items: [Item] = []
        if mode == .characters || mode == .both {
            items.append(.typed(String(inserted)))
        }
        if mode == .words || mode == .both {
            for index in inserted.indices where !Self.isWordCharacter(new[index]) && index > 0 && Self.isWordCharacter(new[index - 1]) {
                items.append(.finishedWord(Self.word(endingAt: index, in: new)))
            }
        }
        return items
    }

    /// Arrows speak the character reached; a jump over a word speaks that word; Home and End
    /// speak the character there.
    private func cursorMove(from old: Int, to new: Int, in line: [Character]) -> Item {
        let character = new < line.count ? line[new] : nil
        if abs(new - old) == 1 || new == 0 || new == line.count {
            return .cursorCharacter(character)
        }
        let word = new > old ? Self.word(endingAt: new, in: line) : Self.word(startingAt: new, in: line)
        return word.isEmpty ? .cursorCharacter(character) : .cursorWord(word)
    }

    /// Letters and digits make words, as readline's word commands count them.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The last word before `end`, skipping separators just before it.
    static func word(endingAt end: Int, in line: [Character]) -> String {
        var last = end
        while last > 0, !isWordCharacter(line[last - 1]) { last -= 1 }
        var first = last
        while first > 0, isWordCharacter(line[first - 1]) { first -= 1 }
        return String(line[first..<last])
    }

    /// The first word from `start` on, skipping separators at the start.
    static func word(startingAt start: Int, in line: [Character]) -> String {
        var first = start
        while first < line.count, !isWordCharacter(line[first]) { first += 1 }
        var last = first
        while last < line.count, isWordCharacter(line[last]) { last += 1 }
        return String(line[first..<last])
    }
}
