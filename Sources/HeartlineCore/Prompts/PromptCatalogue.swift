import Foundation

/// The spoken-language catalogue: one template per element, with `{name}` placeholders.
///
/// The file format is one `key = template` per line; blank lines and lines starting with `#`
/// are ignored. Loading files is the caller's job (see `PromptCatalogue.load` in HeartlineShell);
/// this type only parses and renders, so it stays pure.
public struct PromptCatalogue: Sendable {
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case malformedLine(source: String, line: Int)
        case duplicateKey(String, source: String, line: Int)

        public var description: String {
            switch self {
            case .malformedLine(let source, let line): "\(source):\(line): expected `key = template`"
            case .duplicateKey(let key, let source, let line): "\(source):\(line): \(key) is defined twice"
            }
        }
    }

    public private(set) var templates: [String: String] = [:]
    /// The language the templates are in: "en", "es", "de" (the folder under Prompts).
    public var language: String
    /// The typed words of each command in this language (vocabulary.prompts), by key:
    /// `word.heart-rate` is `["frecuencia cardíaca", "pulso"]`, its name first.
    public private(set) var vocabulary: [String: [String]] = [:]

    /// The file of typed words in each language's folder.
    public static let wordsFile = "vocabulary.prompts"

    public init(language: String = "en") {
        self.language = language
    }

    /// Adds the templates in `text`, read from `source` (a file name, for error messages).
    /// vocabulary.prompts holds typed words, not templates: its lines go to `vocabulary`.
    public mutating func add(_ text: String, source: String) throws {
        if source.hasSuffix(Self.wordsFile) { return try addWords(text, source: source) }
        try Self.lines(text, source: source) { key, template, line in
            guard templates[key] == nil else { throw ParseError.duplicateKey(key, source: source, line: line) }
            templates[key] = template
        }
    }

    /// Adds the typed words in `text` (vocabulary.prompts): `word.yes = sí | s`, the words
    /// separated by ` | `.
    public mutating func addWords(_ text: String, source: String) throws {
        try Self.lines(text, source: source) { key, value, line in
            guard vocabulary[key] == nil else { throw ParseError.duplicateKey(key, source: source, line: line) }
            let words = value.split(separator: "|").map { String(Self.trimmed($0)) }.filter { !$0.isEmpty }
            guard !words.isEmpty else { throw ParseError.malformedLine(source: source, line: line) }
            vocabulary[key] = words
        }
    }

    /// Takes every template and word list this catalogue lacks from `fallback` (English), and
    /// answers the keys so taken, sorted, for the edge to log.
    public mutating func fillIn(from fallback: PromptCatalogue) -> [String] {
        var taken: [String] = []
        for (key, template) in fallback.templates where templates[key] == nil {
            templates[key] = template
            taken.append(key)
        }
        for (key, words) in fallback.vocabulary where vocabulary[key] == nil {
            vocabulary[key] = words
            taken.append(key)
        }
        return taken.sorted()
    }

    /// Calls `body` with each `key = value` line of `text` and its line number.
    ///
    /// Read as UTF-8 bytes: a line's end and the `=` are ASCII bytes, which no other character's
    /// encoding contains. Read as characters, three catalogues parsed at start took three
    /// quarters of a launch's instructions (callgrind), most of it in grapheme breaking.
    private static func lines(_ text: String, source: String, _ body: (String, String, Int) throws -> Void) throws {
        var text = text
        try text.withUTF8 { bytes in
            var start = 0
            var number = 0
            while start <= bytes.count {
                number += 1
                let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
                let line = trimmed(bytes, start..<end)
                start = end + 1
                if line.isEmpty || bytes[line.lowerBound] == hash { continue }
                guard let equals = bytes[line].firstIndex(of: equalsSign) else {
                    throw ParseError.malformedLine(source: source, line: number)
                }
                let key = string(bytes, trimmed(bytes, line.lowerBound..<equals))
                let template = string(bytes, trimmed(bytes, (equals + 1)..<line.upperBound))
                guard !key.isEmpty else { throw ParseError.malformedLine(source: source, line: number) }
                try body(key, template, number)
            }
        }
    }

    private static let newline = UInt8(ascii: "\n")
    private static let hash = UInt8(ascii: "#")
    private static let equalsSign = UInt8(ascii: "=")

    /// `range` of `bytes` without ASCII white space at either end; a piece that then starts or
    /// ends with another character is trimmed as characters, so any white space goes.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let piece = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let first = piece.utf8.first, let last = piece.utf8.last, first >= 0x80 || last >= 0x80 else { return piece }
        return String(trimmed(piece[...]))
    }

    /// `text` without the white space at either end. Foundation's `trimmingCharacters` goes
    /// through NSString on Linux: for the three catalogues read at every start it cost more
    /// instructions than the rest of a launch and a minute's workout together (callgrind).
    static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return text[text.endIndex...] }
        let last = text.lastIndex(where: { !$0.isWhitespace })!
        return text[first...last]
    }

    /// The placeholder names a template uses.
    public static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var current: String?
        for character in template {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.insert(name)
                current = nil
            } else if current != nil {
                current!.append(character)
            }
        }
        return names
    }

    /// Renders `prompt` with `values` for its placeholders.
    ///
    /// A missing template or a missing value is a programming error caught by the catalogue
    /// test; in a release build the key itself is spoken rather than nothing.
    public func render(_ prompt: Prompt, _ values: [String: String] = [:]) -> String {
        guard let template = templates[prompt.key] else {
            assertionFailure("no template for \(prompt.key)")
            return prompt.key
        }
        assert(
            Set(values.keys) == prompt.placeholders, "\(prompt.key) takes \(prompt.placeholders.sorted()), given \(values.keys.sorted())")
        var output = ""
        var name: String?
        for character in template {
            if character == "{" {
                name = ""
            } else if character == "}", let placeholder = name {
                output += values[placeholder] ?? "{\(placeholder)}"
                name = nil
            } else if name != nil {
                name!.append(character)
            } else {
                output.append(character)
            }
        }
        return output
    }
}
