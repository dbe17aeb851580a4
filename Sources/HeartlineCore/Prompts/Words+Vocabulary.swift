import Foundation

// Typed words in the catalogue's language. Each command's words come from vocabulary.prompts
// (`word.heart-rate = frecuencia cardíaca | pulso`); the English words of `Vocabulary` are
// accepted in every language, so completion, help and `key.X` lines written in English keep
// working. Accents are optional when typed: "si" is "sí".

extension VocabularyEntry {
    /// The entry's key in vocabulary.prompts: `word.` and its English name, spaces as hyphens.
    public var wordKey: String { "word." + name.replacingOccurrences(of: " ", with: "-") }
}

/// The typed words of one language, looked up by their folded form.
struct TypedWords: Sendable {
    /// Each command's words in the language, its name first; English's own table for English.
    let names: [Command: [String]]
    /// Every word, the language's and English's, folded, with the command it names.
    let commands: [String: Command]
    /// The words the language writes the number one as before a noun, folded: the first word
    /// of each one form that has no number ("un minuto", "una hora"); none in English.
    let ones: Set<String>
    /// The genders a unit's one form writes its count in (German `{count:feminine} Minute`),
    /// whose word for one (`NumberRules.word`) is a one too: "eine Minute".
    let oneGenders: Set<NumberRules.Gender>

    init(_ catalogue: PromptCatalogue) {
        var names: [Command: [String]] = [:]
        var commands: [String: Command] = [:]
        for entry in Vocabulary.entries {
            let own = catalogue.vocabulary[entry.wordKey] ?? entry.words
            names[entry.command] = own
            for word in own.map(CommandText.normalize) {
                let folded = Self.fold(word)
                if commands[folded] == nil { commands[folded] = entry.command }
            }
        }
        // English last: a word the language gives another command keeps the language's meaning.
        for entry in Vocabulary.entries {
            for word in entry.words {
                let folded = Self.fold(word)
                if commands[folded] == nil { commands[folded] = entry.command }
            }
        }
        self.names = names
        self.commands = commands
        var ones: Set<String> = []
        var oneGenders: Set<NumberRules.Gender> = []
        for (key, template) in catalogue.templates where key.hasSuffix(".one") && key.hasPrefix("unit.") {
            guard template.contains("{") else {
                if let first = template.split(separator: " ").first { ones.insert(Self.fold(String(first))) }
                continue
            }
            let count = PromptCatalogue.writtenPlaceholders(in: template).first { $0.name == "count" }
            if let gender = count?.inflection.flatMap(NumberRules.Gender.init(rawValue:)) { oneGenders.insert(gender) }
        }
        self.ones = ones
        self.oneGenders = oneGenders
    }

    /// Lower case without accents: "Frecuencia cardíaca" is "frecuencia cardiaca".
    static func fold(_ text: String) -> String {
        // ASCII has no accents, and Foundation's folding goes through NSString on Linux.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    }
}

/// Typed phrases that are no command of their own but a part of a typed line: a fitness
/// machine's "top speed 14" and "step 0.5", and a rower's split and stroke rate.
public enum TypedPhrase: String, CaseIterable, Sendable {
    case topSpeed = "word.top-speed"
    case step = "word.step"
    case split = "word.split"
    case strokeRate = "word.stroke-rate"
    /// Starting, stopping and pausing a fitness machine by typing.
    case startMachine = "word.start-machine"
    case stopMachine = "word.stop-machine"
    case pauseMachine = "word.pause-machine"
    /// A profile field's answers: clearing it, the sexes, and the units a number may carry.
    case clear = "word.clear"
    case female = "word.female"
    case male = "word.male"
    case years = "word.unit-years"
    case beats = "word.unit-beats"
    case watts = "word.unit-watts"

    /// English's words, which work in every language.
    public var english: [String] {
        switch self {
        case .clear: ["clear", "none", "default", "unset"]
        case .female: ["female", "f", "woman"]
        case .male: ["male", "m", "man"]
        case .years: ["years old", "years", "year", "yrs", "y"]
        case .beats: ["beats per minute", "beats", "bpm"]
        case .watts: ["watts", "watt", "w"]
        case .topSpeed: ["top speed"]
        case .step: ["step"]
        case .split: ["split", "500 metre split", "500 meter split"]
        case .strokeRate: ["stroke rate", "strokes"]
        case .startMachine: ["start machine", "start treadmill", "start trainer"]
        case .stopMachine: ["stop machine", "stop treadmill", "stop trainer"]
        case .pauseMachine: ["pause machine", "pause treadmill", "pause trainer"]
        }
    }
}

/// The words of a typed training plan ("6 times 3 minutes hard, 2 minutes easy"), by their
/// key in vocabulary.prompts: each language's words for one of them are read as its English
/// word, which the plan grammar (`TrainingPlanText`) reads.
public enum PlanWord: String, CaseIterable, Sendable {
    case times = "word.plan-times"
    case seconds = "word.plan-seconds"
    case minutes = "word.plan-minutes"
    case hours = "word.plan-hours"
    case work = "word.plan-work"
    case rest = "word.plan-rest"
    case warmUp = "word.plan-warm-up"
    case coolDown = "word.plan-cool-down"
    case then = "word.plan-then"
    case at = "word.plan-at"
    case and = "word.plan-and"
    case watts = "word.plan-watts"
    case percent = "word.plan-percent"
    case incline = "word.plan-incline"
    case speed = "word.plan-speed"
    case level = "word.plan-level"
    case resistance = "word.plan-resistance"
    case power = "word.plan-power"

    /// English's words, as the grammar reads them; the first is the one a language's word becomes.
    public var english: [String] {
        switch self {
        case .times: ["times", "x", "rounds", "reps", "sets"]
        case .seconds: ["seconds", "second", "sec", "s"]
        case .minutes: ["minutes", "minute", "min"]
        case .hours: ["hours", "hour", "h"]
        case .work: ["work", "hard", "on", "fast"]
        case .rest: ["rest", "easy", "off", "recovery"]
        case .warmUp: ["warmup", "warm-up"]
        case .coolDown: ["cooldown", "cool-down"]
        case .then: ["then", "next"]
        case .at: ["at"]
        case .and: ["and", "with", "of"]
        case .watts: ["watts", "w"]
        case .percent: ["percent", "%"]
        case .incline: ["incline", "grade"]
        case .speed: ["speed"]
        case .level: ["level"]
        case .resistance: ["resistance"]
        case .power: ["power"]
        }
    }
}

extension Words {
    /// A typed plan with this language's plan words in English, for `TrainingPlanText`: the
    /// longest run of words (up to four) that is a plan word of the language becomes that
    /// word's English one, or that is a number in the language's words its digits; figures,
    /// punctuation and other words stay as typed.
    public func englishPlan(_ text: String) -> String {
        guard language != "en" else { return text }
        var table: [String: String] = [:]
        for word in PlanWord.allCases {
            for own in catalogue.vocabulary[word.rawValue] ?? [] { table[TypedWords.fold(own)] = word.english[0] }
        }
        guard !table.isEmpty else { return text }
        var spaced = ""
        for character in text {
            spaced += ",;".contains(character) ? " \(character) " : String(character)
        }
        let parts = spaced.split(whereSeparator: \.isWhitespace).map(String.init)
        var result: [String] = []
        var index = 0
        while index < parts.count {
            var matched = false
            for length in stride(from: min(4, parts.count - index), through: 1, by: -1) {
                let phrase = TypedWords.fold(parts[index..<index + length].joined(separator: " "))
                // A number in words is its digits ("seis veces", "treinta y cinco segundos").
                if let english = table[phrase] ?? numbers.typedWhole(phrase, fold: TypedWords.fold).map(String.init) {
                    result.append(english)
                    index += length
                    matched = true
                    break
                }
            }
            if !matched {
                result.append(parts[index])
                index += 1
            }
        }
        return result.joined(separator: " ")
    }

    /// Whether the normalized typed `text` is one of `word`'s words in this language or in English
    /// ("velocidad", "Steigung", "speed").
    public func isPlanWord(_ text: String, _ word: PlanWord) -> Bool { isTyped(text, key: word.rawValue, english: word.english) }

    /// Whether the normalized typed `text` is `phrase` in this language or in English.
    public func isPhrase(_ text: String, _ phrase: TypedPhrase) -> Bool { isTyped(text, key: phrase.rawValue, english: phrase.english) }

    /// Whether `text`, folded, is one of the vocabulary's words at `key` or of `english`.
    private func isTyped(_ text: String, key: String, english: [String]) -> Bool {
        let typed = TypedWords.fold(text)
        return ((catalogue.vocabulary[key] ?? []) + english).contains { TypedWords.fold($0) == typed }
    }

    /// `phrase`'s words in this language, then English's, folded: longest first, as units
    /// are dropped from the end of a typed number.
    public func phraseWords(_ phrase: TypedPhrase) -> [String] {
        let all = ((catalogue.vocabulary[phrase.rawValue] ?? []) + phrase.english).map(TypedWords.fold)
        return all.sorted { $0.count > $1.count }
    }

    /// A typed number with `unit`'s words dropped from its end: "35 años", "180 ppm".
    public func typedCount(_ text: String, unit: TypedPhrase) -> Int? {
        Int(CommandText.withoutUnit(TypedWords.fold(text), phraseWords(unit)))
    }

    /// A number typed with the language's decimal separator or a point: "12,5" or "12.5".
    public func typedNumber(_ text: String) -> Double? {
        Double(text) ?? Double(text.replacingOccurrences(of: ",", with: "."))
    }

    /// The command these normalized typed words name, in this language or in English.
    public func command(words text: String) -> Command? { typedWords.commands[TypedWords.fold(text)] }

    /// The words the language writes the number one as before a noun ("un", "una"; "eine", "ein").
    var ones: Set<String> {
        typedWords.ones.union(typedWords.oneGenders.compactMap { numbers.word(1, gender: $0).map(TypedWords.fold) })
    }

    /// The name of `command` in this language, as completion and help say it.
    public func name(of command: Command) -> String { typedWords.names[command]?.first ?? Vocabulary.entry(command).name }

    /// Every word naming `command`, this language's first, then English's, for suggestions.
    public func names(of command: Command) -> [String] {
        let own = ownNames(of: command)
        return own + Vocabulary.entry(command).words.filter { !own.contains($0) }
    }

    /// `command`'s words in this language alone, its name first: what a sentence may offer
    /// ("¿Querías decir siguiente?"), where the English words also taken would be a foreign word.
    public func ownNames(of command: Command) -> [String] { typedWords.names[command] ?? [] }

    /// A name from a label as it is said inside a sentence ("heart rate" for "Heart rate"):
    /// lower case, except in German, whose nouns keep their capital. Written here by hand:
    /// CLDR and ICU give no rule for a noun's capital inside a sentence.
    public func inSentence(_ label: String) -> String { language == "de" ? label : label.lowercased() }

    /// A language's name in that language, as Settings says it: "English", "Español", "Deutsch"
    /// (CLDR's names, through Foundation).
    public func languageName(_ code: String) -> String {
        let name = Locale(identifier: code).localizedString(forLanguageCode: code) ?? code
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A typed date in this language with its words in English, for `DateWords`: the
    /// catalogue's weekdays, months, today and yesterday become English ones, and the words a
    /// date is said with ("28 de noviembre", "28. November") drop their "de" and ordinal dot.
    public func englishDate(_ text: String) -> String {
        guard language != "en" else { return text }
        var table: [String: String] = [
            TypedWords.fold(self(.dateToday)): "today", TypedWords.fold(self(.dateYesterday)): "yesterday",
        ]
        for (index, prompt) in Prompt.weekdays.enumerated() { table[TypedWords.fold(self(prompt))] = DateWords.weekdays[index] }
        for (index, prompt) in Prompt.months.enumerated() { table[TypedWords.fold(self(prompt))] = DateWords.months[index] }
        let fillers: Set<String> = ["de", "del", "den", "am"]
        let parts = TypedWords.fold(text).split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let whole = table[parts.joined(separator: " ")]
        if let whole { return whole }
        return parts.compactMap { part -> String? in
            if fillers.contains(part) { return nil }
            if part.hasSuffix("."), Int(part.dropLast()) != nil { return String(part.dropLast()) }
            return table[part] ?? part
        }.joined(separator: " ")
    }
}
