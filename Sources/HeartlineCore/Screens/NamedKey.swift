/// A key that prints nothing and edits no line: a function key, Insert, Page Up or Page Down,
/// or a sequence the terminal sent that no table knows. The terminal decodes it whole and hands
/// it to the core, which says what it does here, so it never reaches the line being typed.
public enum NamedKey: Hashable, Sendable {
    /// F1 to F12 (F1, F5 and F6 are the shell's own on every screen).
    case function(Int)
    case insert
    case pageUp
    case pageDown
    /// A key whose sequence is in no table and that readline does not bind.
    case unknown
    /// readline's editing keys: the core sees them only in the key-describe mode.
    case up, down, left, right, home, end, delete, backspace
}

extension Words {
    /// A key that prints nothing, as it is heard: "F7", "Page Down".
    public func keyName(_ key: NamedKey) -> String {
        switch key {
        case .function(let number): self(.characterFunctionKey, ["number": String(number)])
        case .insert: self(.characterInsert)
        case .pageUp: self(.characterPageUp)
        case .pageDown: self(.characterPageDown)
        case .unknown: self(.characterUnknownKey)
        case .up: self(.characterUp)
        case .down: self(.characterDown)
        case .left: self(.characterLeft)
        case .right: self(.characterRight)
        case .home: self(.characterHome)
        case .end: self(.characterEnd)
        case .delete: self(.characterDelete)
        case .backspace: self(.characterBackspace)
        }
    }
}
