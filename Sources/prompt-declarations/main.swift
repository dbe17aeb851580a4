// Writes one module's `Prompt` constants from the English catalogue, so that each sentence is
// declared once, where it is written: a key `summary.total-time = Total time: {duration}.` in a
// file whose header says `# module: HeartlineCore` becomes
// `Prompt.summaryTotalTime = Prompt("summary.total-time", ["duration"])` in HeartlineCore.
//
// Usage: prompt-declarations MODULE OUTPUT FILE...
// The files are every catalogue file; only those whose header names MODULE are read.

import Foundation

struct Declaration {
    let name: String
    let key: String
    let template: String
    let placeholders: [String]
}

enum GenerationError: Error, CustomStringConvertible {
    case usage
    case malformed(file: String, line: Int)
    case duplicate(key: String, file: String, line: Int)
    case clash(name: String, key: String, file: String)

    var description: String {
        switch self {
        case .usage: "usage: prompt-declarations MODULE OUTPUT FILE..."
        case .malformed(let file, let line): "\(file):\(line): not a `key = template` line"
        case .duplicate(let key, let file, let line): "\(file):\(line): \(key) is already declared"
        case .clash(let name, let key, let file): "\(file): \(key) would be named \(name), as another key is"
        }
    }
}

/// `summary.total-time` is `summaryTotalTime`: the key's parts, joined in lower camel case.
func constantName(of key: String) -> String {
    let parts = key.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" })
    guard let first = parts.first else { return key }
    return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}

/// The placeholders of a template, in order of first use, as PromptCatalogue reads them: a
/// name without the inflection after a colon (`{count:feminine}` is `count`).
func placeholders(in template: String) -> [String] {
    var names: [String] = []
    var current: String?
    for character in template {
        if character == "{" {
            current = ""
        } else if character == "}", let written = current {
            let name = String(written.prefix { $0 != ":" })
            if !names.contains(name) { names.append(name) }
            current = nil
        } else if current != nil {
            current!.append(character)
        }
    }
    return names
}

func declarations(module: String, files: [String]) throws -> [Declaration] {
    var result: [Declaration] = []
    var names: [String: String] = [:]
    for file in files.sorted() {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.first { $0.hasPrefix("# module:") }
        guard header?.dropFirst("# module:".count).trimmingCharacters(in: .whitespaces) == module else { continue }
        let name = URL(fileURLWithPath: file).lastPathComponent
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw GenerationError.malformed(file: name, line: index + 1)
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let template = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw GenerationError.malformed(file: name, line: index + 1) }
            let constant = constantName(of: key)
            if let earlier = names[constant] {
                if earlier == key { throw GenerationError.duplicate(key: key, file: name, line: index + 1) }
                throw GenerationError.clash(name: constant, key: key, file: name)
            }
            names[constant] = key
            result.append(Declaration(name: constant, key: key, template: template, placeholders: placeholders(in: template)))
        }
    }
    return result
}

func literal(_ text: String) -> String {
    var escaped = ""
    for character in text {
        switch character {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        default: escaped.append(character)
        }
    }
    return "\"\(escaped)\""
}

func source(module: String, declarations: [Declaration]) -> String {
    var out = "// Written by prompt-declarations from Prompts/en/*.prompts at build time.\n\n"
    if module != "HeartlineCore" { out += "import HeartlineCore\n\n" }
    out += "extension Prompt {\n"
    for item in declarations {
        let documentation = item.template.replacingOccurrences(of: "*/", with: "* /")
        out += "    /// \(documentation)\n"
        let list = item.placeholders.sorted().map(literal).joined(separator: ", ")
        let arguments = list.isEmpty ? literal(item.key) : "\(literal(item.key)), [\(list)]"
        out += "    public static let \(item.name) = Prompt(\(arguments))\n"
    }
    out += "\n    /// Every prompt \(module) declares, in catalogue order.\n"
    out += "    public static let declaredIn\(module): [Prompt] = [\n"
    for item in declarations { out += "        .\(item.name),\n" }
    out += "    ]\n}\n"
    return out
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("\(GenerationError.usage)\n".utf8))
    exit(2)
}
let module = arguments[arguments.startIndex]
let output = arguments[arguments.startIndex + 1]
do {
    let found = try declarations(module: module, files: Array(arguments.dropFirst(2)))
    let text = source(module: module, declarations: found)
    if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
        try text.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("prompt-declarations: \(error)\n".utf8))
    exit(1)
}
