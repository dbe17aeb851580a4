/// One element's template in the Prompts catalogue: its key and the placeholders it takes.
///
/// Each module lists its prompts (`Prompt.core`, `Prompt.speech`, ...); a test checks that the
/// catalogue and those lists agree exactly, key by key and placeholder by placeholder.
public struct Prompt: Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let placeholders: Set<String>

    public init(_ key: String, _ placeholders: Set<String> = []) {
        self.key = key
        self.placeholders = placeholders
    }

    public var description: String { key }
}
