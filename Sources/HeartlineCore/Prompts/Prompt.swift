/// One element's template in the Prompts catalogue: its key and the placeholders it takes.
///
/// Each module's prompts are declared at build time from the catalogue files that name it
/// (Sources/prompt-declarations): `Prompt.summaryTotalTime` for `summary.total-time`, with the
/// template's placeholders, and `Prompt.declaredInHeartlineCore` listing them all.
public struct Prompt: Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public let placeholders: Set<String>

    public init(_ key: String, _ placeholders: Set<String> = []) {
        self.key = key
        self.placeholders = placeholders
    }

    public var description: String { key }
}
