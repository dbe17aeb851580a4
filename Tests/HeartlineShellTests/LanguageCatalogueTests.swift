import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineTestSupport
import Testing

/// Every language's catalogue against English's: the same keys, the same placeholders, both
/// plural forms wherever English has them, the same typed-word keys, sentences of at most 15
/// words. A language that breaks one is still spoken (English fills in), but this test fails.
@Suite(.timed) struct LanguageCatalogueTests {
    static let prompts = CatalogueTests.root.appendingPathComponent("Prompts").path
    static let installed = try! PromptFiles.loadInstalled(from: [prompts])
    static let foreign = installed.languages.filter { $0 != PromptFiles.english }

    /// What is wrong with `catalogue` (as loaded, English filling its gaps) against `english`,
    /// given the keys it took from English.
    static func problems(of catalogue: PromptCatalogue, missing: [String], english: PromptCatalogue) -> [String] {
        var found = missing.map { "\(catalogue.language): \($0) is missing" }
        for key in catalogue.templates.keys.sorted() {
            guard let template = catalogue.templates[key] else { continue }
            guard let original = english.templates[key] else {
                found.append("\(catalogue.language): \(key) is no key of English")
                continue
            }
            let own = PromptCatalogue.placeholders(in: template)
            var expected = PromptCatalogue.placeholders(in: original)
            // A language whose one form is the number 1 alone may write it as a word ("una
            // hora": espeak-ng reads "1 hora" as "uno hora").
            if key.hasSuffix(".one"), !own.contains("count"), oneIsOnlyOne(catalogue.language) { expected.remove("count") }
            if own != expected { found.append("\(catalogue.language): \(key) has {\(own.sorted())}, English {\(expected.sorted())}") }
            // An inflection is a number's gender (a count or an hour, which Words writes) or a
            // case the language's cases.prompts defines.
            for placeholder in PromptCatalogue.writtenPlaceholders(in: template) {
                guard let inflection = placeholder.inflection else { continue }
                let gender = NumberRules.Gender(rawValue: inflection) != nil && ["count", "hour"].contains(placeholder.name)
                if !gender, catalogue.cases[inflection] == nil {
                    found.append("\(catalogue.language): \(key) gives {\(placeholder.name)} \(inflection), no gender or case")
                }
            }
            for sentence in SentenceLengthTests.sentences(of: template)
            where sentence.split(whereSeparator: \.isWhitespace).count > SentenceLengthTests.longest {
                found.append("\(catalogue.language): \(key) is over \(SentenceLengthTests.longest) words: \(sentence)")
            }
        }
        for key in catalogue.templates.keys.sorted() {
            for (form, partner) in [(".one", ".other"), (".other", ".one")] where key.hasSuffix(form) {
                let other = String(key.dropLast(form.count)) + partner
                if english.templates[other] != nil, catalogue.templates[other] == nil {
                    found.append("\(catalogue.language): \(key) has no \(partner) partner")
                }
            }
        }
        for key in catalogue.vocabulary.keys.sorted() where english.vocabulary[key] == nil {
            found.append("\(catalogue.language): \(key) names no command")
        }
        return found
    }

    /// Whether the language's CLDR one form takes no number but 1.
    static func oneIsOnlyOne(_ language: String) -> Bool {
        let rules = NumberRules.of(language)
        let others = [0, 2, 11, 21, 31, 101, 1001, 0.5, 1.5, 21.5].map { rules.format($0, decimals: 1).plural }
        return rules.format(1, decimals: 0).plural == .one && !others.contains(.one)
    }

    /// Spanish, German and English take the one form for 1 alone; French takes it for 0 too,
    /// Russian for 21.
    @Test func theOneFormIsTheNumberOneAlone() {
        #expect(["en", "es", "de"].allSatisfy(Self.oneIsOnlyOne))
        #expect(!Self.oneIsOnlyOne("fr"))
        #expect(!Self.oneIsOnlyOne("ru"))
    }

    @Test(arguments: foreign)
    func aLanguageHasEveryKeyWithEnglishsPlaceholdersAndShortSentences(language: String) throws {
        let catalogue = try #require(Self.installed.catalogues[language])
        let english = Self.installed.catalogues[PromptFiles.english]!
        let problems = Self.problems(of: catalogue, missing: Self.installed.missing[language] ?? [], english: english)
        #expect(problems == [], "\(problems.count) problems")
    }

    @Test func everyInstalledLanguageIsReadable() {
        #expect(Self.installed.broken == [:])
        #expect(Self.installed.replaced == [:])
        #expect(Self.installed.languages.contains(PromptFiles.english))
    }

    /// The check itself finds each kind of fault, in a language written wrong on purpose.
    @Test func theCheckFindsAMissingKeyAWrongPlaceholderALonePluralAndALongSentence() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heartline-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for language in ["en", "xx"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(language), withIntermediateDirectories: true)
        }
        try """
        # module: HeartlineCore
        unit.minute.one = {count} minute
        unit.minute.other = {count} minutes
        unit.hour.one = {count} hour
        unit.hour.other = {count} hours
        answer.time = Time: {duration}.
        title.home = Home
        """.write(to: folder.appendingPathComponent("en/core.prompts"), atomically: true, encoding: .utf8)
        try "word.yes = yes | y\n".write(to: folder.appendingPathComponent("en/vocabulary.prompts"), atomically: true, encoding: .utf8)
        try """
        # module: HeartlineCore
        unit.minute.one = {count} minuto
        unit.hour.one = una hora
        unit.hour.other = {count:plural} horas
        answer.time = Tiempo: {time}.
        title.home = uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis
        """.write(to: folder.appendingPathComponent("xx/core.prompts"), atomically: true, encoding: .utf8)
        try "word.yes = sí | s\nword.nope = no\n".write(
            to: folder.appendingPathComponent("xx/vocabulary.prompts"), atomically: true, encoding: .utf8)
        let installed = try PromptFiles.loadInstalled(from: [folder.path])
        let xx = try #require(installed.catalogues["xx"])
        #expect(installed.missing["xx"] == ["unit.minute.other"])
        // The missing sentence is said in English.
        #expect(xx.templates["unit.minute.other"] == "{count} minutes")
        #expect(xx.vocabulary["word.yes"] == ["sí", "s"])
        let problems = Self.problems(of: xx, missing: installed.missing["xx"]!, english: installed.catalogues["en"]!)
        #expect(problems.contains("xx: unit.minute.other is missing"))
        // A one form written as a word, in a language whose one form is not the number 1 alone
        // (xx has no plural rules: 1 is no one form).
        #expect(problems.contains { $0.hasPrefix("xx: unit.hour.one has") })
        #expect(problems.contains { $0.hasPrefix("xx: title.home is over 15 words") })
        #expect(problems.contains("xx: word.nope names no command"))
        // A misnamed placeholder and an inflection xx does not define are found as it loads, and
        // English's template is spoken instead.
        #expect(
            installed.replaced["xx"] == [
                "answer.time: {time} is not one of English's", "unit.hour.other: {count:plural} is no gender or case of xx",
            ])
        #expect(xx.templates["answer.time"] == "Time: {duration}.")
        #expect(xx.templates["unit.hour.other"] == "{count} hours")
        // A plural form with no partner at all in the language's own file.
        var lone = PromptCatalogue(language: "yy")
        try lone.add("unit.minute.one = {count} minuto\n", source: "core.prompts")
        #expect(
            Self.problems(of: lone, missing: [], english: installed.catalogues["en"]!).contains("yy: unit.minute.one has no .other partner")
        )
    }

    /// A hostile catalogue: a misnamed placeholder, an inflection on a value that has none, and
    /// an unclosed brace beside good templates. Each bad one is replaced by English's as it
    /// loads, so nothing is spoken with braces; the good ones and the cases stay.
    @Test func aTemplateWithPlaceholdersNotEnglishsIsReplacedByEnglishsAsItLoads() throws {
        let folder = TemporaryDirectory()
        for language in ["en", "xx"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + language, withIntermediateDirectories: true)
        }
        try """
        answer.heart-rate = Heart rate, {bpm}.
        answer.average = Average heart rate, {bpm}.
        answer.time = Time elapsed, {duration}.
        answer.laps = {count} laps since {minutes}.
        """.write(toFile: folder.path + "/en/core.prompts", atomically: true, encoding: .utf8)
        try """
        answer.heart-rate = Pulso, {ppm}.
        answer.average = Pulso medio, {bpm:feminine}.
        answer.time = Tiempo, {duration.
        answer.laps = {count:feminine} vueltas desde {minutes:dative}.
        """.write(toFile: folder.path + "/xx/core.prompts", atomically: true, encoding: .utf8)
        try "dative = una una\n".write(toFile: folder.path + "/xx/cases.prompts", atomically: true, encoding: .utf8)
        let installed = try PromptFiles.loadInstalled(from: [folder.path])
        let xx = try #require(installed.catalogues["xx"])
        #expect(xx.templates["answer.heart-rate"] == "Heart rate, {bpm}.")
        #expect(xx.templates["answer.average"] == "Average heart rate, {bpm}.")
        #expect(xx.templates["answer.laps"] == "{count:feminine} vueltas desde {minutes:dative}.")
        #expect(xx.templates["answer.time"] == "Time elapsed, {duration}.")
        #expect(
            installed.replaced["xx"] == [
                "answer.average: {bpm:feminine} is no gender or case of xx", "answer.heart-rate: {ppm} is not one of English's",
                "answer.time: a brace closes no placeholder",
            ])
    }

    /// English's typed words are the vocabulary's own, key by key.
    @Test func englishTypedWordsAreTheVocabularysWords() {
        let english = Self.installed.catalogues[PromptFiles.english]!
        for entry in Vocabulary.entries {
            #expect(english.vocabulary[entry.wordKey] == entry.words, "\(entry.wordKey)")
        }
        for phrase in TypedPhrase.allCases {
            #expect(english.vocabulary[phrase.rawValue] == phrase.english, "\(phrase.rawValue)")
        }
        for word in PlanWord.allCases {
            #expect(english.vocabulary[word.rawValue] == word.english, "\(word.rawValue)")
        }
        #expect(english.vocabulary.count == Vocabulary.entries.count + TypedPhrase.allCases.count + PlanWord.allCases.count)
        #expect(english.templates.keys.filter { $0.hasPrefix("word.") } == [])
    }

    /// A language's typed words all name their command in it, accents optional.
    @Test(arguments: foreign)
    func aLanguagesTypedWordsNameTheirCommands(language: String) throws {
        let catalogue = try #require(Self.installed.catalogues[language])
        let words = Words(catalogue: catalogue, calendar: Calendar(identifier: .gregorian))
        for entry in Vocabulary.entries {
            for word in catalogue.vocabulary[entry.wordKey] ?? [] {
                let typed = word.lowercased().folding(options: .diacriticInsensitive, locale: nil)
                let named = words.command(words: typed)
                // A word two commands share names the first in the table, as in English.
                #expect(named != nil, "\(language): \(word)")
            }
        }
    }
}
