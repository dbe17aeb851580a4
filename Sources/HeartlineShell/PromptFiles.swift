import Foundation
import HeartlineCore

/// Finds and loads the Prompts catalogue from disk.
public enum PromptFiles {
    public struct NotFound: Error, CustomStringConvertible {
        public let searched: [String]
        public var description: String {
            "no Prompts catalogue found; looked in " + searched.joined(separator: ", ")
        }
    }

    /// Where to look, first match wins: `--prompts`, `$HEARTLINE_PROMPTS`, the install prefix
    /// beside the executable (`../share/heartline/prompts`), then the source tree it was built from.
    public static func candidates(explicit: String?, environment: [String: String], executable: String) -> [String] {
        var list: [String] = []
        if let explicit { list.append(explicit) }
        if let variable = environment["HEARTLINE_PROMPTS"] { list.append(variable) }
        let binDirectory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        list.append(binDirectory.appendingPathComponent("../share/heartline/prompts").standardized.path)
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Prompts")
        list.append(sourceRoot.standardized.path)
        return list
    }

    /// Loads every `*.prompts` file of `language` under the first directory that has them.
    public static func load(language: String = "en", from directories: [String]) throws -> PromptCatalogue {
        for directory in directories {
            let folder = directory + "/" + language
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            let files = names.filter { $0.hasSuffix(".prompts") }.sorted()
            guard !files.isEmpty else { continue }
            var catalogue = PromptCatalogue()
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                try catalogue.add(text, source: file)
            }
            return catalogue
        }
        throw NotFound(searched: directories)
    }
}
