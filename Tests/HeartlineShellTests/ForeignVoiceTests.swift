import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineTestSupport
import Testing

/// Every template of each language as espeak-ng's voice of that language reads it
/// (`espeak-ng -v es -q -x`): no English word left in it, and no figure read wrong (a minute as
/// "cero cinco", digits as a long number).
@Suite(.timed) struct ForeignVoiceTests {
    static let installed = LanguageCatalogueTests.installed
    static let foreign = LanguageCatalogueTests.foreign

    /// Names said as they are in every language: the program, file formats, services, tools.
    static let names: Set<String> = [
        "heartline", "fit", "tcx", "csv", "zwo", "bluetooth", "intervals", "icu", "usb", "readme", "rfkill", "setcap", "espeak",
        "ng", "speech-dispatcher", "dispatcher", "pulseaudio", "pipewire", "erg", "hrv", "rmssd", "trimp", "zwift", "ok", "enter",
        "escape", "tab", "heartline's", "api", "id", "bpm", "km", "kcal", "ftp", "hr", "kg", "lb", "https", "espeak-ng",
        // Commands, packages and the system group a sentence tells the user to type or install.
        "unblock", "systemd", "libpam-systemd", "dbus-user-session", "input", "gigabytes", "megabytes", "kilobytes",
        // The configuration file's keys a sentence tells the user to check (upload.url).
        "upload", "url",
    ]

    /// Words each language writes as English does, used where English uses them.
    static let shared: [String: Set<String>] = [
        "es": ["sensor", "tilde", "grave"],
        "de": [
            "minute", "april", "august", "september", "november", "start", "position", "finger", "hand", "signal", "adapter",
            "system", "problem", "export", "stick", "rest", "dollar", "tilde", "link",
        ],
    ]

    /// The lower-case words of `text`, placeholders left out: runs of letters, apostrophes and
    /// hyphens inside a word.
    static func words(_ text: String) -> [String] {
        let text = PromptCatalogue.filled(text, with: " ")
        var result: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || (!current.isEmpty && (character == "'" || character == "-")) {
                current.append(character)
            } else if !current.isEmpty {
                result.append(current.trimmingCharacters(in: CharacterSet(charactersIn: "'-")))
                current = ""
            }
        }
        if !current.isEmpty { result.append(current.trimmingCharacters(in: CharacterSet(charactersIn: "'-"))) }
        return result.filter { !$0.isEmpty }
    }

    /// English words a language's templates copy from English's at the same key: a word of
    /// English's template that is also in the language's and that the language uses nowhere
    /// else on its own (so not "no" in Spanish, "in" in German), names aside. A key the language
    /// lacks is said in English whole.
    static func englishWords(in language: String) -> [String] {
        let english = installed.catalogues[PromptFiles.english]!
        let catalogue = installed.catalogues[language]!
        let missing = Set(installed.missing[language] ?? [])
        let own = catalogue.templates.keys.filter { !missing.contains($0) }.sorted()
        var native: Set<String> = []
        for key in own {
            native.formUnion(Set(words(catalogue.templates[key]!)).subtracting(words(english.templates[key] ?? "")))
        }
        for key in catalogue.vocabulary.keys where !missing.contains(key) {
            for word in catalogue.vocabulary[key]! { native.formUnion(words(word)) }
        }
        var found = missing.filter { !$0.hasPrefix("word.") }.sorted().map { "\($0) is said in English" }
        for key in own {
            let copied = Set(words(catalogue.templates[key]!)).intersection(words(english.templates[key] ?? ""))
            let allowed = names.union(shared[language] ?? [])
            for word in copied.sorted() where !native.contains(word) && !allowed.contains(word) && word.count > 1 {
                found.append("\(key): \(word)")
            }
        }
        return found
    }

    /// The Gregorian calendar in UTC, which the sample dates are written in.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Sample values for a template's placeholders, as the program fills them in `words`' language.
    static func samples(for prompt: Prompt, _ words: Words) -> [String: String] {
        let calendar = Self.utc
        let now = calendar.date(from: DateComponents(year: 2026, month: 11, day: 29, hour: 19, minute: 5))!
        let monday = calendar.date(from: DateComponents(year: 2026, month: 11, day: 23, hour: 7, minute: 30))!
        let dated = Words(catalogue: words.catalogue, calendar: calendar, hourCycle: .twentyFour)
        var values: [String: String] = [:]
        for name in prompt.placeholders {
            switch name {
            case "duration", "before", "difference", "work", "rest", "pace", "ago", "period", "length":
                values[name] = dated.duration(125)
            case "date": values[name] = dated.day(monday, now: now)
            case "when": values[name] = dated.when(monday, now: now)
            case "time": values[name] = dated.timeOfDay(now)
            case "distance": values[name] = dated.distance(5200, in: .kilometres)
            case "speed": values[name] = dated.speed(2.5, in: .kilometres)
            case "bpm": values[name] = dated.beatsPerMinute(142)
            case "hour": values[name] = "19"
            case "minute": values[name] = "5"
            case "year": values[name] = "2025"
            case "count", "number", "percent", "zone", "round", "rounds", "lap", "first", "last", "total", "lowest", "highest",
                "minimum", "maximum", "low", "high", "cadence", "power", "watts", "rate", "step", "found", "free", "workouts",
                "minutes", "second", "day", "value", "seconds", "thousands", "baseline", "factor":
                values[name] = dated.number(21)
            default: values[name] = dated(.sportRunning)
            }
        }
        return values
    }

    static func phonemes(_ text: String, voice: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-v", voice, "-q", "-x", text]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// How espeak-ng writes a zero and the word for a thousand, per voice, and the zero's word.
    static let zero = ["es": "T'e**o", "de": "n'Ul"]
    static let zeroWord = ["es": "cero", "de": "null"]
    static let thousand = ["es": "m'il", "de": "t'aUz@nt"]

    /// Whether espeak-ng's phonemes `said` hold the word for a thousand (Spanish "mil" as a
    /// word of its own, not "millas"; German "tausend" inside a compound too).
    static func saysThousand(_ said: String, voice: String) -> Bool {
        guard let thousand = thousand[voice] else { return false }
        if voice == "de" { return said.contains(thousand) }
        return said.split(whereSeparator: { $0.isWhitespace || $0 == "_" || $0 == "!" || $0 == "|" }).contains { $0 == thousand }
    }

    @Test(arguments: foreign)
    func noEnglishWordIsLeftInALanguagesTemplates(language: String) {
        let found = Self.englishWords(in: language)
        #expect(found == [], "\(found.count) English words in \(language)")
    }

    /// The check finds a word copied from English, and lets a name and a native word pass.
    @Test func theEnglishWordCheckFindsACopiedWord() throws {
        let english = Self.words("Workout saved in Heartline. No strap.")
        let copied = Set(Self.words("Entrenamiento saved en Heartline. No hay banda.")).intersection(english)
        #expect(copied == ["saved", "heartline", "no"])
        #expect(copied.subtracting(Self.names).subtracting(["no"]) == ["saved"])
    }

    @Test(arguments: foreign)
    func everyTemplateIsReadWithItsFiguresAsFigures(language: String) throws {
        let catalogue = try #require(Self.installed.catalogues[language])
        let words = Words(catalogue: catalogue, calendar: Calendar(identifier: .gregorian))
        let voice = language
        var problems: [String] = []
        for prompt in Prompt.all {
            let text = words(prompt, Self.samples(for: prompt, words))
            guard text.contains(where: \.isNumber) else { continue }
            let said = try Self.phonemes(text, voice: voice)
            // No sample is zero: a zero heard is a padded figure ("19:05").
            let zeroWritten = text.contains("0") || Self.words(text).contains(Self.zeroWord[voice] ?? "")
            if let zero = Self.zero[voice], said.contains(zero), !zeroWritten {
                problems.append("\(prompt.key): \(text) is read \(said)")
            }
            // No sample reaches a thousand: a thousand heard is digits run together, unless the
            // template writes a year or a date itself.
            let written = text.split(whereSeparator: { !$0.isNumber }).contains { $0.count >= 4 }
            if Self.saysThousand(said, voice: voice), !written {
                problems.append("\(prompt.key): \(text) is read \(said)")
            }
        }
        #expect(problems == [], "\(problems.count) templates read wrong in \(language)")
    }

    /// The figures Words writes, read by each voice: times without a spoken zero, decimals with
    /// the language's comma, thousands as one number.
    @Test(arguments: foreign)
    func figuresAreReadAsTheLanguageSaysThem(language: String) throws {
        let catalogue = try #require(Self.installed.catalogues[language])
        let calendar = Self.utc
        let words = Words(catalogue: catalogue, calendar: calendar)
        let time = calendar.date(from: DateComponents(year: 2026, month: 11, day: 29, hour: 19, minute: 5))!
        let said = try Self.phonemes(words.timeOfDay(time), voice: language)
        #expect(!said.contains(Self.zero[language]!), "\(words.timeOfDay(time)) is read \(said)")
        let decimal = try Self.phonemes(words.distance(5200, in: .kilometres), voice: language)
        #expect(decimal.contains(language == "es" ? "oma" : "kOmA"), "\(words.distance(5200, in: .kilometres)) is read \(decimal)")
        let thousands = try Self.phonemes(words.number(12_345), voice: language)
        #expect(Self.saysThousand(thousands, voice: language), "\(words.number(12_345)) is read \(thousands)")
    }

    /// A number ending in one before a noun, as each voice reads it: never the counting word
    /// ("uno minuto", "veintiuno horas", "eins Minute", "eins Uhr"), but the noun's own
    /// ("un minuto", "veintiuna horas", "eine Minute", "nach einer Minute", "ein Uhr").
    @Test(arguments: foreign)
    func aNumberEndingInOneIsReadInItsNounsGender(language: String) throws {
        let catalogue = try #require(Self.installed.catalogues[language])
        let calendar = Self.utc
        let words = Words(catalogue: catalogue, calendar: calendar)
        let now = calendar.date(from: DateComponents(year: 2026, month: 11, day: 29, hour: 22, minute: 5))!
        let at = { (hour: Int, minute: Int) in words.when(calendar.date(bySettingHour: hour, minute: minute, second: 0, of: now)!, now: now)
        }
        var texts = [
            words.duration(60), words.duration(21 * 60), words.duration(3660), words.duration(31 * 3600 + 61),
            words.distance(21_000, in: .kilometres), words.distance(1000, in: .miles), words.beatsPerMinute(121),
            words.beatsPerMinute(1), words.kilocalories(31), words.workouts(1), words.workouts(21), words.years(1),
            at(1, 5), at(21, 0), at(1, 0), words(.recoveryUnknown, ["minutes": words.duration(60)]),
            words(.eventPlanUpcoming, ["phase": words(.planPhaseRest, ["round": "2", "rounds": "3"]), "duration": words.duration(61)]),
        ]
        // German's one form is 1 alone: "101 Punkte" is "hunderteins Punkte", as German says it.
        if language == "es" { texts.append(words.loadPoints(101)) }
        let counting = ["es": "'uno", "de": "'aIns"][language]!
        var problems: [String] = []
        for text in texts {
            let said = try Self.phonemes(text, voice: language)
            if said.contains(counting) { problems.append("\(text) is read \(said)") }
        }
        #expect(problems == [], "\(problems.count) numbers read as counting in \(language)")
    }
}
