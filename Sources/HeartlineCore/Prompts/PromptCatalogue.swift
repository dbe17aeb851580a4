import Foundation

/// The spoken-language catalogue: one template per element, with `{name}` placeholders.
///
/// The file format is one `key = template` per line; blank lines and lines starting with `#`
/// are ignored. A placeholder may name how its language inflects the value: `{count:feminine}`
/// writes a number in the gender of the noun after it where the language's word differs from
/// the counting word (Spanish "veintiún minutos", German "eine Minute"; `Words`), and
/// `{minutes:dative}` gives the value the case the sentence needs ("nach einer Minute"), by
/// the language's own table of that case (cases.prompts). Loading files is the caller's job (see `PromptCatalogue.load` in HeartlineShell);
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

    /// The words a case changes in a placeholder's value, by case: German's `dative` turns "eine"
    /// into "einer" and "ein" into "einem" (cases.prompts: `dative = eine einer | ein einem`).
    public private(set) var cases: [String: [String: String]] = [:]

    /// The file of typed words in each language's folder.
    public static let wordsFile = "vocabulary.prompts"
    /// The file of the cases a language's placeholders may take, where it has any.
    public static let casesFile = "cases.prompts"

    public init(language: String = "en") {
        self.language = language
    }

    /// Adds the templates in `text`, read from `source` (a file name, for error messages).
    /// vocabulary.prompts holds typed words, not templates: its lines go to `vocabulary`.
    public mutating func add(_ text: String, source: String) throws {
        if source.hasSuffix(Self.wordsFile) { return try addWords(text, source: source) }
        if source.hasSuffix(Self.casesFile) { return try addCases(text, source: source) }
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

    /// Adds the cases in `text` (cases.prompts): `dative = eine einer | ein einem`, each pair a
    /// word as the other templates write it and the word the case takes instead.
    public mutating func addCases(_ text: String, source: String) throws {
        try Self.lines(text, source: source) { name, value, line in
            guard cases[name] == nil else { throw ParseError.duplicateKey(name, source: source, line: line) }
            var words: [String: String] = [:]
            for pair in value.split(separator: "|") {
                let both = pair.split(separator: " ", omittingEmptySubsequences: true)
                guard both.count == 2 else { throw ParseError.malformedLine(source: source, line: line) }
                words[String(both[0])] = String(both[1])
            }
            cases[name] = words
        }
    }

    /// Checks each template against English's as the catalogue loads: it may write only the
    /// placeholders English's template of the key writes (a misnamed `{ppm}` for `{bpm}` would be
    /// spoken with its braces and without its value), and inflect only a number (a count or an
    /// hour) by its gender or a placeholder by a case this language's cases.prompts defines. A
    /// template that fails is replaced by English's; answers why, a line a key, sorted, for the
    /// edge to log.
    public mutating func replaceBadTemplates(from english: PromptCatalogue) -> [String] {
        var replaced: [String] = []
        for key in templates.keys.sorted() {
            guard let template = templates[key], let original = english.templates[key] else { continue }
            let allowed = Self.placeholders(in: original)
            var why: [String] = []
            var strayBrace = false
            Self.walk(
                template, text: { if $0.contains(where: { $0 == "{" || $0 == "}" }) { strayBrace = true } },
                placeholder: { placeholder in
                    if !allowed.contains(placeholder.name) {
                        why.append("{\(placeholder.name)} is not one of English's")
                    } else if let inflection = placeholder.inflection {
                        let gender = NumberRules.Gender(rawValue: inflection) != nil && ["count", "hour"].contains(placeholder.name)
                        if !gender, cases[inflection] == nil {
                            why.append("{\(placeholder.name):\(inflection)} is no gender or case of \(language)")
                        }
                    }
                })
            if strayBrace { why.append("a brace closes no placeholder") }
            guard !why.isEmpty else { continue }
            templates[key] = original
            replaced.append("\(key): \(why.joined(separator: "; "))")
        }
        return replaced
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

    /// A placeholder as a template writes it: its name and how the value is inflected, if at
    /// all (`{count:feminine}`, `{minutes:dative}`).
    public struct Placeholder: Hashable, Sendable {
        public let name: String
        public let inflection: String?

        init(_ written: Substring) {
            guard let colon = written.firstIndex(of: ":") else {
                name = String(written)
                inflection = nil
                return
            }
            name = String(written[..<colon])
            inflection = String(written[written.index(after: colon)...])
        }
    }

    /// Calls `text` with each run of a template outside its placeholders and `placeholder`
    /// with each placeholder, in order.
    static func walk(_ template: String, text: (Substring) -> Void, placeholder: (Placeholder) -> Void) {
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text(rest[..<open])
            placeholder(Placeholder(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        text(rest)
    }

    /// The placeholders a template writes, with their inflections.
    public static func writtenPlaceholders(in template: String) -> [Placeholder] {
        var found: [Placeholder] = []
        walk(template, text: { _ in }, placeholder: { found.append($0) })
        return found
    }

    /// The placeholder names a template uses.
    public static func placeholders(in template: String) -> Set<String> {
        Set(writtenPlaceholders(in: template).map(\.name))
    }

    /// `template` with each placeholder, inflected or not, replaced by `filler`.
    public static func filled(_ template: String, with filler: String) -> String {
        var output = ""
        walk(template, text: { output += $0 }, placeholder: { _ in output += filler })
        return output
    }

    /// The inflection `prompt`'s template in this language gives `placeholder`, if any.
    public func inflection(of placeholder: String, in prompt: Prompt) -> String? {
        guard let template = templates[prompt.key], template.utf8.contains(UInt8(ascii: ":")) else { return nil }
        return Self.writtenPlaceholders(in: template).first { $0.name == placeholder && $0.inflection != nil }?.inflection
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
        Self.walk(
            template, text: { output += $0 },
            placeholder: { placeholder in
                guard let value = values[placeholder.name] else {
                    output += "{\(placeholder.name)}"
                    return
                }
                guard let inflection = placeholder.inflection, let words = cases[inflection] else {
                    output += value
                    return
                }
                output += Self.inflected(value, by: words)
            })
        return output
    }

    /// `value` with each of its words that `words` names replaced: "eine Stunde und eine
    /// Minute" in the dative is "einer Stunde und einer Minute". Words are told apart by spaces.
    static func inflected(_ value: String, by words: [String: String]) -> String {
        value.split(separator: " ", omittingEmptySubsequences: false).map { words[String($0)] ?? String($0) }.joined(separator: " ")
    }
}
