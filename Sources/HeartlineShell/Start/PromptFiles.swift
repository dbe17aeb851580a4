import Foundation
import HeartlineCore

/// Finds and loads the Prompts catalogues from disk: one folder per language, English the
/// fallback key by key.
public enum PromptFiles {
    public struct NotFound: Error, CustomStringConvertible {
        public let searched: [String]
        public var description: String {
            "no Prompts catalogue found; looked in " + searched.joined(separator: ", ")
        }
    }

    /// The fallback language: every other catalogue is filled in from it.
    public static let english = "en"

    /// Where to look, first match wins: `--prompts`, `$HEARTLINE_PROMPTS`, the install prefix
    /// beside the executable (`../share/heartline/prompts`), then the source tree it was built from.
    public static func candidates(explicit: String?, environment: [String: String], executable: String) -> [String] {
        var list: [String] = []
        if let explicit { list.append(explicit) }
        if let variable = environment["HEARTLINE_PROMPTS"] { list.append(variable) }
        let binDirectory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        list.append(binDirectory.appendingPathComponent("../share/heartline/prompts").standardized.path)
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Prompts")
        list.append(sourceRoot.standardized.path)
        return list
    }

    /// Loads every `*.prompts` file of `language` under the first directory that has English,
    /// with English's templates for the keys it lacks.
    public static func load(language: String = english, from directories: [String]) throws -> PromptCatalogue {
        let installed = try loadInstalled(from: directories)
        return installed.catalogues[language] ?? installed.catalogues[english]!
    }

    /// Every installed language's catalogue, by code, and the keys each took from English.
    public struct Installed: Sendable {
        public var catalogues: [String: PromptCatalogue]
        /// The keys each language lacks and speaks in English, sorted; logged once at start.
        public var missing: [String: [String]]
        /// Languages whose files could not be read, with why; they are not offered.
        public var broken: [String: String]
        /// The templates of each language replaced by English's because their placeholders are
        /// not English's, with why; logged once at start.
        public var replaced: [String: [String]] = [:]

        /// The installed codes, sorted.
        public var languages: [String] { catalogues.keys.sorted() }
    }

    /// Loads English from the first directory that has it, then every other language folder
    /// beside it. English that cannot be read is an error; another language is left out.
    public static func loadInstalled(from directories: [String]) throws -> Installed {
        for directory in directories {
            guard let english = try read(language: english, in: directory) else { continue }
            var result = Installed(catalogues: [Self.english: english], missing: [:], broken: [:])
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for code in folders.sorted() where code != Self.english && Settings.isLanguageCode(code) {
                do {
                    guard var catalogue = try read(language: code, in: directory) else { continue }
                    let replaced = catalogue.replaceBadTemplates(from: english)
                    if !replaced.isEmpty { result.replaced[code] = replaced }
                    let taken = catalogue.fillIn(from: english)
                    if !taken.isEmpty { result.missing[code] = taken }
                    result.catalogues[code] = catalogue
                } catch {
                    result.broken[code] = "\(error)"
                }
            }
            return result
        }
        throw NotFound(searched: directories)
    }

    /// The catalogue in `directory/language`, or nil when that folder has no `*.prompts` file.
    private static func read(language: String, in directory: String) throws -> PromptCatalogue? {
        let folder = directory + "/" + language
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let files = names.filter { $0.hasSuffix(".prompts") }.sorted()
        guard !files.isEmpty else { return nil }
        var catalogue = PromptCatalogue(language: language)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            try catalogue.add(text, source: language + "/" + file)
        }
        return catalogue
    }
}

/// Which installed language Heartline speaks at start, before Settings is read.
///
/// In order: `--language`, the configuration file (`language = es`), then the locale's
/// `LC_ALL`, `LC_MESSAGES` and `LANG`; English when none names an installed language. The
/// command line wins over the file, as with every option. The Settings item, chosen by ear, is
/// above them all and applied by the core.
public enum LanguageChoice {
    /// The language code a locale name or code gives: "es_ES.UTF-8" is "es", "de" is "de";
    /// "C" and "POSIX" are English.
    public static func code(of name: String) -> String? {
        let locale = name.prefix { $0 != "." && $0 != "@" }
        if locale == "C" || locale == "POSIX" { return PromptFiles.english }
        let language = String(locale.prefix { $0 != "_" && $0 != "-" }).lowercased()
        return Settings.isLanguageCode(language) ? language : nil
    }

    public static func start(
        configured: String?, commandLine: String?, environment: [String: String], installed: [String]
    ) -> String {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] }.filter { !$0.isEmpty }
        for name in [commandLine, configured].compactMap({ $0 }) + locale {
            if let code = code(of: name), installed.contains(code) { return code }
        }
        return PromptFiles.english
    }
}
