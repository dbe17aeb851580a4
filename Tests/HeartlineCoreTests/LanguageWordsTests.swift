import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// A language's catalogue from the source tree (Prompts/<code>), English filling in its gaps.
enum LanguageCatalogue {
    static func load(_ code: String) -> PromptCatalogue {
        let root = URL(fileURLWithPath: TestCatalogue.directory).deletingLastPathComponent().path
        var catalogue = PromptCatalogue(language: code)
        let folder = root + "/" + code
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasSuffix(".prompts") }.sorted() ?? []
        for file in files {
            try! catalogue.add(String(contentsOfFile: folder + "/" + file, encoding: .utf8), source: file)
        }
        _ = catalogue.fillIn(from: TestCatalogue.shared)
        return catalogue
    }

    static let spanish = Words(catalogue: load("es"), calendar: TestCatalogue.calendar)
    static let german = Words(catalogue: load("de"), calendar: TestCatalogue.calendar)

    static func words(_ code: String) -> Words {
        switch code {
        case "es": spanish
        case "de": german
        default: TestCatalogue.words
        }
    }
}

/// Numbers and their plural forms per language, from ICU's CLDR data: the form follows the
/// number as written ("1 Minute", "1,5 Minuten"), decimals take the language's comma.
@Suite(.timed) struct NumberRulesTests {
    @Test(arguments: [
        ("en", 0.0, 0, "0", NumberRules.Plural.other), ("en", 1, 0, "1", .one), ("en", 2, 0, "2", .other),
        ("en", 21, 0, "21", .other), ("en", 1.5, 1, "1.5", .other), ("en", 1000, 0, "1,000", .other),
        ("en", 1, 2, "1", .one), ("en", 3.25, 2, "3.25", .other),
        ("es", 0, 0, "0", .other), ("es", 1, 0, "1", .one), ("es", 2, 0, "2", .other), ("es", 5, 0, "5", .other),
        ("es", 21, 0, "21", .other), ("es", 1.5, 1, "1,5", .other), ("es", 5.2, 2, "5,2", .other),
        // Spanish groups thousands from five digits.
        ("es", 1000, 0, "1000", .other), ("es", 12345, 0, "12.345", .other),
        ("de", 0, 0, "0", .other), ("de", 1, 0, "1", .one), ("de", 2, 0, "2", .other), ("de", 5, 0, "5", .other),
        ("de", 21, 0, "21", .other), ("de", 1.5, 1, "1,5", .other), ("de", 5.2, 2, "5,2", .other),
        ("de", 1000, 0, "1.000", .other), ("de", 1.004, 2, "1", .one),
    ])
    func aNumberIsWrittenAndCountedAsItsLanguageDoes(locale: String, value: Double, decimals: Int, text: String, plural: NumberRules.Plural)
    {
        let formatted = NumberRules.of(locale).format(value, decimals: decimals)
        #expect(formatted == NumberRules.Formatted(text: text, plural: plural))
    }

    @Test func halvesStillRoundAwayFromZeroAsBefore() {
        #expect(NumberRules.of("en").format(2.5, decimals: 0).text == "3")
        #expect(NumberRules.of("de").format(0.125, decimals: 2).text == "0,13")
    }

    /// Numbers once written are kept: asked again, or at another number of decimals, each is
    /// as ICU wrote it the first time; a negative zero is zero, never "minus 0".
    @Test func aNumberWrittenAgainIsTheSame() {
        let rules = NumberRules(locale: "de")
        for _ in 0..<3 {
            #expect(rules.format(1, decimals: 0) == NumberRules.Formatted(text: "1", plural: .one))
            #expect(rules.format(1.5, decimals: 1) == NumberRules.Formatted(text: "1,5", plural: .other))
            #expect(rules.format(1.5, decimals: 0) == NumberRules.Formatted(text: "2", plural: .other))
            #expect(rules.format(-0.001, decimals: 2) == NumberRules.Formatted(text: "0", plural: .other))
            #expect(rules.format(-1.25, decimals: 1) == NumberRules.Formatted(text: "-1,3", plural: .other))
        }
    }

    /// English written by hand is English as ICU writes it, figure for figure and form for form.
    @Test func englishByHandIsICUsEnglish() {
        let icu = NumberRules(locale: "en", englishByHand: false)
        let values =
            Array(stride(from: -2_000.0, through: 20_000, by: 7)) + (-200...200).map { Double($0) / 8 }
            + [999.995, 1_000_000, 1_234_567.891, 0.004, -0.006, 1.0049, 99.95]
        var differences: [String] = []
        for value in values {
            for places in 0...2 {
                let hand = NumberRules.english(((value * [1, 10, 100][places]).rounded() / [1, 10, 100][places]) + 0, places: places)
                let written = icu.format(value, decimals: places)
                if hand != written { differences.append("\(value) at \(places): \(hand) by hand, \(written) by ICU") }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
        #expect(NumberRules.of("en").writesEnglishByHand && !NumberRules.of("de").writesEnglishByHand)
        #expect(NumberRules.english(1234.5, places: 1) == NumberRules.Formatted(text: "1,234.5", plural: .other))
    }

    /// A count said whole takes its form too: "1 more step is", "Una vuelta.", "2 laps.".
    @Test func aCountSaidWholeTakesItsForm() {
        #expect(
            FeatureStep.sayCount(.answer, 1, one: .lapsCountOne, other: .lapsCountOther, TestCatalogue.words)
                == .say(.answer, .lapsCountOne, ["count": "1"]))
        #expect(TestCatalogue.words(.coachMoreNotesOne, ["count": "1"]) == "1 more step is not as the file writes it.")
        #expect(LanguageCatalogue.spanish(.lapsCountOne, ["count": "1"]) == "Una vuelta.")
        #expect(LanguageCatalogue.german(.lapsCountOther, ["count": "3"]) == "Runden: 3.")
        #expect(
            FeatureStep.sayCount(.answer, 2, one: .lapsCountOne, other: .lapsCountOther, LanguageCatalogue.spanish)
                == .say(.answer, .lapsCountOther, ["count": "2"]))
    }

    /// However many numbers a run says, in English or through ICU, the kept ones stay bounded.
    @Test func theNumbersKeptAreBounded() {
        for locale in ["en", "de"] {
            let rules = NumberRules(locale: locale)
            for value in 0..<(NumberRules.cacheLimit + 500) { _ = rules.format(Double(value), decimals: 0) }
            #expect(rules.keptCount <= NumberRules.cacheLimit, "\(locale)")
            #expect(rules.format(7, decimals: 0).text == "7")
        }
    }

    @Test func aLocaleICUDoesNotKnowStillGivesDigits() {
        let formatted = NumberRules.of("zz").format(1.5, decimals: 1)
        #expect(formatted.text == "1.5" || formatted.text == "1,5")
    }

    /// A number before a noun in the noun's gender, by ICU's spell-out rules, and only where
    /// the word differs from the counting word; elsewhere the digits stay.
    @Test(
        arguments: [
            ("es", 1, NumberRules.Gender.masculine, "un"), ("es", 21, .masculine, "veintiún"), ("es", 21, .feminine, "veintiuna"),
            ("es", 31, .masculine, "treinta y un"), ("es", 101, .feminine, "ciento una"), ("es", 1001, .masculine, "mil un"),
            ("es", 22, .masculine, nil), ("es", 0, .feminine, nil), ("es", 11, .masculine, nil), ("es", 1000, .masculine, nil),
            ("es", -21, .masculine, nil), ("de", 1, .feminine, "eine"), ("de", 1, .masculine, "ein"), ("de", 1, .neuter, "ein"),
            ("de", 21, .feminine, nil), ("de", 2, .feminine, nil), ("en", 1, .feminine, nil), ("zz", 1, .feminine, nil),
        ] as [(String, Int, NumberRules.Gender, String?)])
    func aNumberBeforeANounTakesItsGender(language: String, value: Int, gender: NumberRules.Gender, word: String?) {
        #expect(NumberRules.of(language).word(value, gender: gender) == word)
    }

    /// The words the four counted units take at 0, 1, 2, 5, 21, 1.5 and 1000.
    static func counts(_ words: Words) -> [String] {
        var said: [String] = []
        for value in [0, 1, 2, 5, 21, 1.5, 1000] {
            let formatted = words.numbers.format(value, decimals: 1)
            said.append(words.counted(formatted, one: .unitMinuteOne, other: .unitMinuteOther))
            said.append(words.distance(value * 1000, in: .kilometres))
            said.append(words.counted(formatted, one: .unitBpmOne, other: .unitBpmOther))
            said.append(words.counted(formatted, one: .unitKcalOne, other: .unitKcalOther))
        }
        return said
    }

    @Test func englishCounts() {
        #expect(
            Self.counts(TestCatalogue.words) == [
                "0 minutes", "0 kilometres", "0 beats per minute", "0 kilocalories",
                "1 minute", "1 kilometre", "1 beat per minute", "1 kilocalorie",
                "2 minutes", "2 kilometres", "2 beats per minute", "2 kilocalories",
                "5 minutes", "5 kilometres", "5 beats per minute", "5 kilocalories",
                "21 minutes", "21 kilometres", "21 beats per minute", "21 kilocalories",
                "1.5 minutes", "1.5 kilometres", "1.5 beats per minute", "1.5 kilocalories",
                "1,000 minutes", "1,000 kilometres", "1,000 beats per minute", "1,000 kilocalories",
            ])
    }

    @Test func spanishCounts() {
        #expect(
            Self.counts(LanguageCatalogue.spanish) == [
                "0 minutos", "0 kilómetros", "0 pulsaciones por minuto", "0 kilocalorías",
                // One is written as a word: espeak-ng reads "1 hora" as "uno hora".
                "un minuto", "un kilómetro", "una pulsación por minuto", "una kilocaloría",
                "2 minutos", "2 kilómetros", "2 pulsaciones por minuto", "2 kilocalorías",
                "5 minutos", "5 kilómetros", "5 pulsaciones por minuto", "5 kilocalorías",
                // So is a number ending in one: "21 minutos" is read "veintiuno minutos".
                "veintiún minutos", "veintiún kilómetros", "veintiuna pulsaciones por minuto", "veintiuna kilocalorías",
                "1,5 minutos", "1,5 kilómetros", "1,5 pulsaciones por minuto", "1,5 kilocalorías",
                "1000 minutos", "1000 kilómetros", "1000 pulsaciones por minuto", "1000 kilocalorías",
            ])
    }

    @Test func germanCounts() {
        #expect(
            Self.counts(LanguageCatalogue.german) == [
                "0 Minuten", "0 Kilometer", "0 Schläge pro Minute", "0 Kilokalorien",
                // One is written as a word: espeak-ng reads "1 Minute" as "eins Minute".
                "eine Minute", "ein Kilometer", "ein Schlag pro Minute", "eine Kilokalorie",
                "2 Minuten", "2 Kilometer", "2 Schläge pro Minute", "2 Kilokalorien",
                "5 Minuten", "5 Kilometer", "5 Schläge pro Minute", "5 Kilokalorien",
                "21 Minuten", "21 Kilometer", "21 Schläge pro Minute", "21 Kilokalorien",
                "1,5 Minuten", "1,5 Kilometer", "1,5 Schläge pro Minute", "1,5 Kilokalorien",
                "1.000 Minuten", "1.000 Kilometer", "1.000 Schläge pro Minute", "1.000 Kilokalorien",
            ])
    }

    @Test func decimalCommasInDistancesWeightsAndSpeeds() {
        #expect(LanguageCatalogue.spanish.distance(5200, in: .kilometres) == "5,2 kilómetros")
        #expect(LanguageCatalogue.german.distance(5200, in: .kilometres) == "5,2 Kilometer")
        #expect(LanguageCatalogue.german.weight(kilograms: 72.5, unit: .kilograms) == "72,5 Kilogramm")
        #expect(TestCatalogue.words.weight(kilograms: 72.5, unit: .kilograms) == "72.5 kilograms")
    }
}

/// Durations, dates and times of day in each language: its own words and clock.
@Suite(.timed) struct LanguageDateTests {
    static let monday = Date(timeIntervalSince1970: 1_795_851_000 - 86_400 * 5)

    @Test func durationsInEachLanguage() {
        #expect(LanguageCatalogue.spanish.duration(3903) == "una hora, 5 minutos y 3 segundos")
        #expect(LanguageCatalogue.german.duration(3903) == "eine Stunde, 5 Minuten und 3 Sekunden")
        #expect(LanguageCatalogue.spanish.duration(61) == "un minuto y un segundo")
    }

    @Test func daysInEachLanguage() {
        let day = TestCatalogue.calendar.date(from: DateComponents(year: 2026, month: 11, day: 23, hour: 18, minute: 30))!
        #expect(LanguageCatalogue.spanish.day(day, now: goldenStart) == "lunes 23 de noviembre")
        #expect(LanguageCatalogue.german.day(day, now: goldenStart) == "Montag, 23. November")
        #expect(LanguageCatalogue.spanish.day(goldenStart, now: goldenStart) == "hoy")
        #expect(LanguageCatalogue.german.day(goldenStart.addingTimeInterval(-86_400), now: goldenStart) == "gestern")
        #expect(LanguageCatalogue.spanish.timeOfDay(day) == "las 18 y 30")
        #expect(LanguageCatalogue.german.timeOfDay(day) == "18 Uhr 30")
    }

    /// A time of day as each language says it: Spanish "la una" but "las dos" and "las
    /// veintiuna", German "ein Uhr" (espeak-ng reads "1:05" as "uno cero cinco", "eins null fünf").
    @Test(arguments: [
        ("es", 1, 5, "hoy, a la una y 5"), ("es", 13, 5, "hoy, a las 13 y 5"), ("es", 21, 0, "hoy, a las veintiuna en punto"),
        ("es", 1, 0, "hoy, a la una en punto"), ("es", 0, 0, "hoy, a las doce de la noche"),
        ("es", 0, 7, "hoy, a las doce y 7 de la noche"), ("de", 1, 5, "heute um ein Uhr 5"), ("de", 19, 5, "heute um 19 Uhr 5"),
        ("de", 21, 0, "heute um 21 Uhr"), ("de", 0, 7, "heute um null Uhr 7"), ("en", 1, 5, "today at 1:05"),
        ("en", 21, 0, "today at 21 hundred"),
    ])
    func timesOfDayInEachLanguage(language: String, hour: Int, minute: Int, said: String) {
        let words = LanguageCatalogue.words(language)
        let date = TestCatalogue.calendar.date(bySettingHour: hour, minute: minute, second: 0, of: goldenStart)!
        #expect(words.when(date, now: goldenStart) == said)
    }

    /// On the 12-hour clock of a Spanish locale that keeps one (es_MX), the article stays.
    @Test func spanishOnTheTwelveHourClock() {
        let words = Words(catalogue: LanguageCatalogue.spanish.catalogue, calendar: TestCatalogue.calendar, hourCycle: .twelve)
        let date = { (hour: Int, minute: Int) in
            words.timeOfDay(TestCatalogue.calendar.date(bySettingHour: hour, minute: minute, second: 0, of: goldenStart)!)
        }
        #expect(date(13, 5) == "la una y 5 de la tarde")
        #expect(date(7, 0) == "las 7 de la mañana")
        #expect(date(21, 30) == "las 9 y 30 de la tarde")
    }

    /// German takes the dative after "nach", "seit", "in", "aus": "nach einer Minute", "in
    /// einem Training", also inside a list ("einer Stunde und einer Minute").
    @Test func germanSaysOneInTheCaseOfItsSentence() {
        let german = LanguageCatalogue.german
        #expect(
            german(.recoveryUnknown, ["minutes": german.duration(60)])
                == "Erholung der Herzfrequenz nach einer Minute: unbekannt, der Gurt war still.")
        #expect(
            german(.eventPlanUpcoming, ["phase": "Pause", "duration": german.duration(3660)]) == "Pause in einer Stunde und einer Minute.")
        #expect(german(.stickFull, ["count": german.workouts(1)]).hasPrefix("Der Stick ist nach einem Training voll"))
        #expect(german(.recoveryUnknown, ["minutes": german.duration(120)]).hasPrefix("Erholung der Herzfrequenz nach 2 Minuten:"))
        // In the nominative the number stays as the unit writes it.
        #expect(german(.answerCalories, ["calories": german.kilocalories(1)]) == "Kalorienverbrauch, eine Kilokalorie.")
        #expect(german.years(1) == "ein Jahr")
        #expect(german.workouts(1) == "ein Training")
    }

    @Test(arguments: [
        ("es", "hoy", "today"), ("es", "ayer", "yesterday"), ("es", "lunes", "monday"), ("es", "28 de noviembre", "28 november"),
        ("es", "miercoles", "wednesday"), ("de", "heute", "today"), ("de", "Montag", "monday"), ("de", "28. November", "28 november"),
        ("de", "28. november 2025", "28 november 2025"), ("en", "28 november", "28 november"),
    ])
    func typedDatesAreReadInTheLanguage(language: String, typed: String, english: String) {
        #expect(LanguageCatalogue.words(language).englishDate(typed) == english)
    }
}

/// Typed words in each language, accents optional, with English's still understood.
@Suite(.timed) struct LanguageVocabularyTests {
    @Test(arguments: [
        ("es", "si", Command.yes), ("es", "sí", .yes), ("es", "no", .no), ("es", "yes", .yes), ("es", "heart rate", .workout(.heartRate)),
        ("de", "ja", .yes), ("de", "nein", .no), ("de", "puls", .workout(.heartRate)), ("de", "pause", .workout(.pause)),
        ("de", "help", .help),
    ])
    func aTypedWordNamesItsCommand(language: String, typed: String, command: Command) {
        #expect(LanguageCatalogue.words(language).command(words: typed) == command)
    }

    @Test func theNameOfACommandIsTheLanguagesFirstWord() {
        #expect(LanguageCatalogue.spanish.name(of: .yes) == "sí")
        #expect(LanguageCatalogue.german.name(of: .no) == "nein")
        #expect(TestCatalogue.words.name(of: .workout(.heartRate)) == "heart rate")
    }

    /// A typed number is a whole word: "1 minute" names "1 minute", never "10 minutes" listed
    /// before it; in Spanish 1 is also "un" and "una", as one is written before a noun.
    @Test func aTypedNumberNamesItsOwnItem() {
        #expect(!CommandText.matches("1 minute", label: "10 minutes"))
        #expect(!CommandText.matches("1", label: "10 minutes"))
        #expect(CommandText.matches("10 min", label: "10 minutes"))
        #expect(CommandText.matches("1 minute", label: "1 minute"))
        let ones = LanguageCatalogue.spanish.ones
        #expect(ones == ["un", "una"])
        #expect(LanguageCatalogue.german.ones == ["ein", "eine"])
        #expect(TestCatalogue.words.ones.isEmpty)
        #expect(CommandText.names("1 Minute", label: "eine Minute", ones: LanguageCatalogue.german.ones))
        #expect(CommandText.matches("1 kilo", label: "ein Kilometer", ones: LanguageCatalogue.german.ones))
        #expect(!CommandText.matches("1 minuto", label: "10 minutos", ones: ones))
        #expect(CommandText.names("1 minuto", label: "un minuto", ones: ones))
        #expect(CommandText.names("1 hora", label: "una hora", ones: ones))
        #expect(!CommandText.names("1 hora", label: "una hora"))
        #expect(CommandText.matches("1 min", label: "un minuto", ones: ones))
    }

    @Test func suggestionsIgnoreAccentsAndAllowTwoSlips() {
        let candidates = Vocabulary.workout.flatMap(LanguageCatalogue.spanish.names(of:))
        let heartRate = LanguageCatalogue.spanish.name(of: .workout(.heartRate))
        #expect(CommandText.suggestion(for: TypedWords.fold(heartRate) + "x", among: candidates) == heartRate)
        #expect(CommandText.suggestion(for: "calroies", among: Vocabulary.workout.flatMap(TestCatalogue.words.names(of:))) == "calories")
    }
}

/// A plan typed in a language's words is the plan its English words make.
@Suite(.timed) struct LanguagePlanTests {
    static let words: Words = {
        var catalogue = PromptCatalogue(language: "xx")
        try! catalogue.add(
            """
            word.plan-times = veces | vez
            word.plan-minutes = minutos | minuto
            word.plan-work = trabajo | fuerte
            word.plan-rest = descanso | suave
            word.plan-warm-up = calentamiento
            word.plan-cool-down = vuelta a la calma
            word.plan-then = luego
            word.plan-and = de | y
            word.plan-watts = vatios
            word.plan-at = a
            """, source: "vocabulary.prompts")
        _ = catalogue.fillIn(from: TestCatalogue.shared)
        return Words(catalogue: catalogue, calendar: TestCatalogue.calendar)
    }()

    @Test func aPlanInTheLanguagesWordsIsReadAsInEnglish() throws {
        let typed = "calentamiento 5 minutos, 6 veces 3 minutos de trabajo a 250 vatios, 1 minuto de descanso, vuelta a la calma 5 minutos"
        let english = "warmup 5 minutes, 6 times 3 minutes work at 250 watts, 1 minute rest, cooldown 5 minutes"
        #expect(try TrainingPlanText.read(Self.words.englishPlan(typed)) == TrainingPlanText.read(english))
        // Accents are optional, and English's own words still work.
        #expect(Self.words.englishPlan("4 VECES 1 minuto fuerte") == "4 times 1 minutes work")
        #expect(TestCatalogue.words.englishPlan(english) == english)
    }

    /// Numbers in the language's words are read as their digits, in every gender; the words
    /// that name a machine's target too.
    @Test(arguments: [
        (
            "es", "seis veces tres minutos de trabajo, un minuto de descanso, veintiún segundos suave",
            "6 times 3 minutes work, 1 minute rest, 21 seconds easy"
        ),
        ("es", "treinta y cinco segundos a 200 vatios, una hora a 150 vatios", "35 seconds at 200 watts, 1 hour at 150 watts"),
        ("es", "ocho veces un minuto a nivel doce, un minuto a nivel cuatro", "8 times 1 minute at level 12, 1 minute at level 4"),
        ("de", "sechs mal drei Minuten Belastung, eine Minute Pause", "6 times 3 minutes work, 1 minute rest"),
        ("de", "einundzwanzig Sekunden bei Stufe zwölf, zwei Minuten bei Stufe 4", "21 seconds at level 12, 2 minutes at level 4"),
    ])
    func aPlanMayCountInTheLanguagesWords(language: String, typed: String, english: String) throws {
        let words = LanguageCatalogue.words(language)
        #expect(try TrainingPlanText.read(words.englishPlan(typed)) == TrainingPlanText.read(english))
    }

    /// A machine's target typed in the language's words: "velocidad 12,5", "Steigung 2".
    @Test(arguments: [
        ("es", "velocidad 12,5", MachineTyped.set(.speed, 12.5)), ("es", "inclinacion 2", .set(.incline, 2)),
        ("es", "potencia 200", .set(.power, 200)), ("es", "nivel 5", .set(.resistance, 5)), ("es", "speed 9", .set(.speed, 9)),
        ("de", "geschwindigkeit 10", .set(.speed, 10)), ("de", "steigung 1,5", .set(.incline, 1.5)),
        ("de", "widerstand 4", .set(.resistance, 4)), ("de", "leistung 180", .set(.power, 180)), ("de", "watt 150", .set(.power, 150)),
        // Every command the machine's sentences tell the user to type, in their words.
        ("es", "vatios 200", .set(.power, 200)), ("es", "resistencia 3", .set(.resistance, 3)),
        ("es", "arrancar máquina", .start), ("es", "parar cinta", .stop), ("es", "pausar rodillo", .pause),
        ("es", "velocidad máxima 14", .topSpeed(14)), ("es", "paso 0,5", .step(0.5)), ("de", "gerät starten", .start),
        ("de", "laufband stoppen", .stop), ("de", "maschine pausieren", .pause), ("de", "höchstgeschwindigkeit 14", .topSpeed(14)),
        ("de", "schrittweite 0,5", .step(0.5)), ("en", "start treadmill", .start), ("es", "start machine", .start),
    ])
    func aMachineTargetIsTypedInTheLanguage(language: String, typed: String, command: MachineTyped) {
        #expect(WorkoutFeature.typed(typed, onWorkout: true, LanguageCatalogue.words(language)) == command)
        #expect(WorkoutFeature.typed("tempo 10", onWorkout: true, TestCatalogue.words) == nil)
    }

    @Test func numberWordsAreReadBackFromICUsOwn() {
        let fold = TypedWords.fold
        let spanish = NumberRules.of("es")
        #expect(spanish.typedWhole("veintiun", fold: fold) == 21 && spanish.typedWhole("veintiuna", fold: fold) == 21)
        #expect(spanish.typedWhole("ciento veinte", fold: fold) == 120)
        #expect(spanish.typedWhole("de", fold: fold) == nil && spanish.typedWhole("mil", fold: fold) == nil)
        #expect(NumberRules.of("de").typedWhole("zwolf", fold: fold) == 12)
        #expect(NumberRules.of("en").typedWhole("six", fold: fold) == nil)
    }
}

/// The plans each language's own sentences give as examples are read.
@Suite(.timed) struct LanguageCataloguePlanTests {
    @Test(arguments: [
        ("es", "6 veces 3 minutos de trabajo, 1 minuto de descanso", "6 times 3 minutes work, 1 minute rest"),
        (
            "es", "calentamiento 5 minutos, 4 veces 3 minutos fuerte a 250 vatios, 2 minutos suave, vuelta a la calma 5 minutos",
            "warmup 5 minutes, 4 times 3 minutes hard at 250 watts, 2 minutes easy, cooldown 5 minutes"
        ),
        ("de", "6 mal 3 Minuten Belastung, 1 Minute Pause", "6 times 3 minutes work, 1 minute rest"),
        (
            "de", "Aufwärmen 5 Minuten, 4 mal 3 Minuten hart bei 250 Watt, 2 Minuten locker, Abkühlen 5 Minuten",
            "warmup 5 minutes, 4 times 3 minutes hard at 250 watts, 2 minutes easy, cooldown 5 minutes"
        ),
    ])
    func anExamplePlanIsReadInItsLanguage(language: String, typed: String, english: String) throws {
        let words = LanguageCatalogue.words(language)
        #expect(try TrainingPlanText.read(words.englishPlan(typed)) == TrainingPlanText.read(english))
    }
}

/// A profile's answers typed in a language's words, English's still understood.
@Suite(.timed) struct LanguageProfileWordsTests {
    static let words: Words = {
        var catalogue = PromptCatalogue(language: "xx")
        try! catalogue.add(
            "word.unit-years = años | año\nword.female = mujer\nword.clear = borrar\nword.unit-beats = ppm\n", source: "vocabulary.prompts")
        _ = catalogue.fillIn(from: TestCatalogue.shared)
        return Words(catalogue: catalogue, calendar: TestCatalogue.calendar)
    }()

    @Test func typedAnswersInTheLanguage() {
        #expect(Self.words.typedCount("35 años", unit: .years) == 35)
        #expect(Self.words.typedCount("35 anos", unit: .years) == 35)
        #expect(Self.words.typedCount("35 years", unit: .years) == 35)
        #expect(Self.words.typedCount("180 ppm", unit: .beats) == 180)
        #expect(Self.words.isPhrase("mujer", .female) && Self.words.isPhrase("female", .female))
        #expect(Self.words.isPhrase("borrar", .clear) && !Self.words.isPhrase("mujer", .male))
    }

    @Test func theProfileTakesThem() {
        var profile = Profile()
        let environment = FeatureEnvironment(words: Self.words, now: goldenStart, settings: Settings(), screen: .home)
        _ = ProfileFeature.reduce(&profile, .enter("42 años", .age), environment)
        _ = ProfileFeature.reduce(&profile, .enter("mujer", .sex), environment)
        #expect(profile.age == 42 && profile.sex == .female)
    }
}

/// A placeholder's case (`{minutes:dative}`), by the words a language's cases.prompts names.
@Suite(.timed) struct PlaceholderCaseTests {
    static func catalogue() throws -> PromptCatalogue {
        var catalogue = PromptCatalogue(language: "de")
        try catalogue.add("dative = eine einer | ein einem\n", source: "de/cases.prompts")
        try catalogue.add("recovery.unknown = Nach {minutes:dative}: unbekannt; eine Zahl fehlt.\n", source: "de/interaction.prompts")
        try catalogue.add("answer.calories = Kalorien, {calories}.\n", source: "de/core.prompts")
        return catalogue
    }

    @Test func aCaseChangesOnlyTheWordsItNamesInItsPlaceholder() throws {
        let catalogue = try Self.catalogue()
        // The template's own "eine" and the value's other words stay; each word of the case changes.
        #expect(
            catalogue.render(.recoveryUnknown, ["minutes": "eine Stunde und ein Wort, keine Einheit"])
                == "Nach einer Stunde und einem Wort, keine Einheit: unbekannt; eine Zahl fehlt.")
        #expect(catalogue.render(.answerCalories, ["calories": "eine Kilokalorie"]) == "Kalorien, eine Kilokalorie.")
        #expect(catalogue.inflection(of: "minutes", in: .recoveryUnknown) == "dative")
        #expect(catalogue.inflection(of: "calories", in: .answerCalories) == nil)
        #expect(PromptCatalogue.placeholders(in: "Nach {minutes:dative}, {bpm}.") == ["minutes", "bpm"])
        #expect(PromptCatalogue.filled("Nach {minutes:dative}, {bpm}.", with: "x") == "Nach x, x.")
    }

    @Test func aCaseLineThatIsNoListOfPairsIsRefused() {
        var catalogue = PromptCatalogue(language: "de")
        #expect(throws: PromptCatalogue.ParseError.malformedLine(source: "cases.prompts", line: 1)) {
            try catalogue.add("dative = eine einer | ein\n", source: "cases.prompts")
        }
        #expect(throws: PromptCatalogue.ParseError.duplicateKey("dative", source: "cases.prompts", line: 2)) {
            try catalogue.add("dative = eine einer\ndative = ein einem\n", source: "cases.prompts")
        }
    }
}
