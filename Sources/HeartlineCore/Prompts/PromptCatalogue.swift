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

    public init() {}

    /// Adds the templates in `text`, read from `source` (a file name, for error messages).
    public mutating func add(_ text: String, source: String) throws {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ParseError.malformedLine(source: source, line: index + 1)
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let template = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw ParseError.malformedLine(source: source, line: index + 1) }
            guard templates[key] == nil else { throw ParseError.duplicateKey(key, source: source, line: index + 1) }
            templates[key] = template
        }
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
