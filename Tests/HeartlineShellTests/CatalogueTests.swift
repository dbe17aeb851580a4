import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineTestSupport
import Testing

/// The Prompts catalogue and the code agree: every template is declared with exactly the
/// placeholders it uses, every declared prompt has a template, and every prompt is used.
@Suite(.timed) struct CatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let catalogue = try! PromptFiles.load(from: [root.appendingPathComponent("Prompts").path])
    static let declared: [Prompt] = Prompt.all

    @Test func everyTemplateIsDeclaredAndEveryDeclarationHasATemplate() {
        let keys = Set(Self.catalogue.templates.keys)
        let declaredKeys = Set(Self.declared.map(\.key))
        #expect(keys.subtracting(declaredKeys).sorted() == [], "templates no code declares")
        #expect(declaredKeys.subtracting(keys).sorted() == [], "prompts with no template")
        #expect(Self.declared.count == declaredKeys.count, "a key declared twice")
    }

    @Test(arguments: Prompt.all)
    func everyTemplateRendersWithExactlyItsPlaceholders(prompt: Prompt) throws {
        let template = try #require(Self.catalogue.templates[prompt.key])
        #expect(PromptCatalogue.placeholders(in: template) == prompt.placeholders)
        var values: [String: String] = [:]
        for name in prompt.placeholders { values[name] = "<\(name)>" }
        let text = Self.catalogue.render(prompt, values)
        #expect(!text.contains("{") && !text.contains("}"))
        #expect(!text.isEmpty)
        for name in prompt.placeholders { #expect(text.contains("<\(name)>")) }
    }

    /// Every prompt constant is used somewhere in the sources. The constants are declared from
    /// the catalogue at build time, `unit.second.one` as `unitSecondOne`.
    @Test func everyDeclaredPromptIsUsedInTheCode() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        var code = ""
        let enumerator = FileManager.default.enumerator(atPath: sources.path)!
        while let file = enumerator.nextObject() as? String {
            guard file.hasSuffix(".swift"), !file.hasPrefix("prompt-declarations/") else { continue }
            code += try String(contentsOfFile: sources.appendingPathComponent(file).path, encoding: .utf8)
        }
        let names = Self.declared.map { Self.constantName(of: $0.key) }
        #expect(names.count > 600)
        // Weekday and month names are used through the arrays that list them.
        let throughArrays = Set((1...7).map { "weekday\($0)" } + (1...12).map { "month\($0)" })
        let unused = names.filter { !throughArrays.contains($0) && !code.contains(".\($0)") }
        #expect(unused == [], "prompts declared but never spoken")
    }

    static func constantName(of key: String) -> String {
        let parts = key.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" })
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// Every sentence of the catalogue is short enough to hear whole: at most 15 words, a placeholder
/// counted as one word (a template may hold several sentences, each counted alone).
@Suite(.timed) struct SentenceLengthTests {
    static let longest = 15

    static func sentences(of template: String) -> [String] {
        let text = PromptCatalogue.filled(template, with: "x")
        // A sentence ends at a full stop, question mark or exclamation mark followed by a space.
        var result: [String] = []
        var current = ""
        for (index, character) in zip(text.indices, text) {
            current.append(character)
            let next = text.index(after: index)
            if ".?!".contains(character), next == text.endIndex || text[next] == " " {
                result.append(current)
                current = ""
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { result.append(current) }
        return result
    }

    @Test func everySentenceIsAtMostFifteenWords() {
        var long: [String] = []
        for (key, template) in CatalogueTests.catalogue.templates.sorted(by: { $0.key < $1.key }) {
            for sentence in Self.sentences(of: template) where sentence.split(whereSeparator: \.isWhitespace).count > Self.longest {
                long.append("\(key): \(sentence)")
            }
        }
        #expect(long == [], "sentences over \(Self.longest) words")
    }

    @Test func theCounterSplitsSentencesAndCountsPlaceholdersAsWords() {
        #expect(Self.sentences(of: "I don't know {input}. Type help.") == ["I don't know x.", " Type help."])
        #expect(Self.sentences(of: "Version 1.5 is {name}") == ["Version 1.5 is x"])
    }
}

/// Times of day as espeak-ng says them: its phoneme output (`espeak-ng -q -x`) must not start a
/// time with "zero" nor read a minute as "zero zero".
@Suite(.timed) struct SpokenTimeTests {
    static func phonemes(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-q", "-x", text]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: [(0, 21), (0, 0), (19, 0), (7, 5), (12, 0)])
    func timesOfDayAreNeverReadAsZero(hour: Int, minute: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: 2026, month: 11, day: 29, hour: hour, minute: minute))!
        for cycle in [HourCycle.twentyFour, .twelve] {
            let words = Words(catalogue: CatalogueTests.catalogue, calendar: calendar, hourCycle: cycle)
            let time = words.timeOfDay(date)
            let said = try Self.phonemes("at " + time)
            #expect(!said.contains("at z'i@roU"), "\(time) is read as \(said)")
            #expect(!said.contains("z'i@roU z'i@roU"), "\(time) is read as \(said)")
        }
    }
}

/// Export file names as espeak-ng says them: the time is a time, not four digits.
@Suite(.timed) struct SpokenFileNameTests {
    @Test func theStartTimeOfAnExportIsSaidAsATime() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let words = Words(catalogue: CatalogueTests.catalogue, calendar: calendar)
        #expect(words.spokenFileName("heartline-2026-11-29-0730.fit") == "heartline-2026-11-29 7:30 dot fit")
        #expect(words.spokenFileName("heartline-2026-11-29-0730-2.tcx") == "heartline-2026-11-29 7:30 2 dot tcx")
        #expect(words.spokenFileName("notes.txt") == "notes dot txt")
        let said = try SpokenTimeTests.phonemes(words.spokenFileName("heartline-2026-11-29-0730.fit"))
        #expect(!said.contains("z'i@roUs'Ev@n"), "read as \(said)")
        #expect(said.contains("s'Ev@n T'3:ti"), "read as \(said)")
    }
}
