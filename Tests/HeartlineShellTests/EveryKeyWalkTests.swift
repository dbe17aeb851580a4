#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
@preconcurrency import CReadline
import Foundation
@testable import HeartlineCore
@testable import HeartlineShell
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The ear's rules, walked over the whole app (issue 38): in each language, with key echo as
/// stored by default, every kind of screen there is is reached (the test checks the kinds
/// visited against `Screen.Kind.allCases`), and on each every key of a full keyboard and keypad
/// is pressed, as the raw bytes xterm and the Linux console (TERM=linux) send for it.
///
/// Each key goes through the shell's own path: the production `Terminal` (its `KeyReader`,
/// `KeyRouter.route`, its mapping of the router's action to the core's `Input`, key echo, Tab
/// completion and GNU readline in callback mode on a pseudo-terminal of this process), asking
/// the core what `Session` asks it (`Terminal.consult`), and into the real core on real SQLite
/// files through the production `StorageEdge`. Time is virtual: the clock stands still, and
/// the short wait that makes a lone Escape a key is run at once. What the edge would answer (a
/// scan begun, an export written) is answered as GoldenSession answers it. Readline's own
/// editing of a typed line (moving in it, deleting, recalling) is not walked here: the
/// pseudo-terminal tests cover it (EchoTests, KeypadTests, CompletionTests). Only each key on a
/// fresh screen with an empty line is.
///
/// Before each key the screen is put back as it was reached (the core's value, the store's
/// files when the last key wrote to them, an empty line). Then:
/// - every key gets a sentence, but a printable character typed into the line (typed, and
///   echoed as typed) and the keypad's slash during a workout, which stops speech;
/// - no sentence is over 15 words, in any language;
/// - help says on each screen something of its items and keys that no other screen's does, not
///   only its title;
/// - in Spanish and German no word is English's and not the language's own, checked against
///   the catalogues with the words every language shares (Tests/Fixtures/walk-shared-words.txt),
///   but in the answer to the key that chose another language, said in that language;
/// - every measured value is said with its unit; counts and ordinals need none.
///
/// The counts (screens, keys, sentences, per language) are printed, for the testing guide.
@Suite(.timed, .inProcessTerminal) struct EveryKeyWalkTests {
    static let languages = ["en", "es", "de"]

    /// One key, as a terminal sends it.
    struct Key: CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var description: String { name }
    }

    /// Every key of a full keyboard and keypad as `terminal` (xterm or linux) sends it.
    static func keys(for terminal: String) -> [Key] {
        var keys: [Key] = []
        func add(_ name: String, _ sequence: String) { keys.append(Key(name: name, bytes: [0x1B] + Array(sequence.utf8))) }
        for character in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ " {
            keys.append(Key(name: character == " " ? "Space" : String(character), bytes: Array(String(character).utf8)))
        }
        // The keypad with Num Lock on sends the characters printed on it.
        for character in "+-*/." { keys.append(Key(name: "keypad \(character)", bytes: Array(String(character).utf8))) }
        let linux = terminal == "linux"
        let functions =
            linux
            ? ["[[A", "[[B", "[[C", "[[D", "[[E"] : ["OP", "OQ", "OR", "OS", "[15~"]
        for (index, sequence) in (functions + ["[17~", "[18~", "[19~", "[20~", "[21~", "[23~", "[24~"]).enumerated() {
            add("F\(index + 1)", sequence)
        }
        add("Home", linux ? "[1~" : "[H")
        add("End", linux ? "[4~" : "[F")
        add("Insert", "[2~")
        add("Delete", "[3~")
        add("Page Up", "[5~")
        add("Page Down", "[6~")
        add("Up", "[A")
        add("Down", "[B")
        add("Right", "[C")
        add("Left", "[D")
        // The keypad with Num Lock off: its cursor keys are the ones above; its 5 is its own.
        add("keypad 5 (Num Lock off)", linux ? "[G" : "[E")
        // The application keypad: its digits, point and Enter, and its operators.
        for digit in 0...9 { add("application keypad \(digit)", "O" + String(UnicodeScalar(UInt8(ascii: "p") + UInt8(digit)))) }
        add("application keypad .", "On")
        add("application keypad Enter", "OM")
        let operators =
            linux ? [("+", "Ol"), ("-", "OS"), ("*", "OR"), ("/", "OQ")] : [("+", "Ok"), ("-", "Om"), ("*", "Oj"), ("/", "Oo")]
        for (name, sequence) in operators { add("application keypad \(name)", sequence) }
        keys.append(Key(name: "Escape", bytes: [0x1B]))
        keys.append(Key(name: "Tab", bytes: [0x09]))
        keys.append(Key(name: "Backspace", bytes: [0x7F]))
        keys.append(Key(name: "Control-R", bytes: [0x12]))
        keys.append(Key(name: "Enter", bytes: [0x0D]))
        return keys
    }

    /// What one language's walk found.
    struct Tally {
        var screens: Set<Screen.Kind> = []
        var keys = 0
        var sentences = 0
        var silent: [String] = []
        var long: [String] = []
        var english: [String] = []
        var unitless: [String] = []
        var help: [Screen.Kind: [String]] = [:]
    }

    @Test(arguments: languages)
    func everyKeyOnEveryScreenIsAnsweredShortlyInTheLanguage(language: String) throws {
        var tally = Tally()
        for terminal in ["xterm", "linux"] {
            try walk(language: language, terminal: terminal, into: &tally)
        }
        let all = Set(Screen.Kind.allCases)
        #expect(tally.screens == all, "not visited: \(all.subtracting(tally.screens).map(\.rawValue).sorted())")
        #expect(tally.silent == [], "\(tally.silent.count) silent inputs in \(language)")
        #expect(tally.long == [], "\(tally.long.count) sentences over 15 words in \(language)")
        #expect(tally.english == [], "\(tally.english.count) English words in \(language)")
        #expect(tally.unitless == [], "\(tally.unitless.count) values without their unit in \(language)")
        for problem in Self.helpProblems(tally.help) { Issue.record("\(language): \(problem)") }
        print(
            "EveryKeyWalk \(language): \(tally.screens.count) screens, \(tally.keys) keys, \(tally.sentences) sentences, "
                + "\(tally.silent.count) silent inputs, \(tally.long.count) sentences over 15 words")
    }

    /// One terminal's walk in one language: every screen kind reached, every key pressed.
    func walk(language: String, terminal: String, into tally: inout Tally) throws {
        let words = Self.words(language)
        let shared = try Self.sharedWords()
        // The main store holds one saved workout; a second one is left by a "crash", for the
        // screen that offers it at the next start.
        for crashed in [false, true] {
            let harness = try WalkHarness(words: words, others: Self.languages.filter { $0 != language }.map(Self.words), crashed: crashed)
            defer { harness.close() }
            let reached = harness.reachScreens(onlyUnfinished: crashed)
            try harness.openTerminal(name: terminal)
            for kind in Screen.Kind.allCases {
                guard let state = reached[kind] else { continue }
                tally.screens.insert(kind)
                if terminal == "xterm" { tally.help[kind] = harness.help(on: state) }
                // Tab says the first few of these; what was typed before it, the others.
                if terminal == "xterm", language != PromptFiles.english {
                    for completion in state.completions() {
                        for word in Self.englishWords(in: completion, language: language, shared: shared) {
                            tally.english.append("Tab on \(kind.rawValue): \(word) in \(completion)")
                        }
                    }
                }
                for key in Self.keys(for: terminal) {
                    let answer = harness.press(key.bytes, on: state)
                    tally.keys += 1
                    let place = "\(key) on \(kind.rawValue) (\(terminal))"
                    if answer.sentences.isEmpty, !answer.typed, !answer.stoppedSpeech { tally.silent.append(place) }
                    for sentence in answer.sentences.flatMap(Self.sentences(in:)) {
                        tally.sentences += 1
                        if sentence.split(separator: " ").count > 15 { tally.long.append("\(place): \(sentence)") }
                        if language != PromptFiles.english, !answer.languageChanged {
                            for word in Self.englishWords(in: sentence, language: language, shared: shared) {
                                tally.english.append("\(place): \(word) in \(sentence)")
                            }
                        }
                        // Spelling says characters, digits among them, not values.
                        // A sentence of one word is a key's name, echoed as typed.
                        let spelled = key.name == "F6" || !sentence.contains(" ")
                        // A language just chosen says its sentences in that language's words.
                        // Flagged is what none of the languages it may be in accepts.
                        var values = spelled ? [] : Self.valuesWithoutUnit(in: sentence, language: language)
                        if answer.languageChanged {
                            for other in Self.languages {
                                let flagged = Self.valuesWithoutUnit(in: sentence, language: other)
                                values = values.filter(flagged.contains)
                            }
                        }
                        for value in values {
                            tally.unitless.append("\(place): \(value) in \(sentence)")
                        }
                    }
                }
            }
        }
    }

    // MARK: - The rules

    /// The sentences of an utterance: a sentence ends at a full stop, question mark or
    /// exclamation mark before a space or the end.
    static func sentences(in text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        for (index, character) in zip(text.indices, text) {
            current.append(character)
            let next = text.index(after: index)
            // "28. November" is a day in German, not a sentence's end.
            let day = character == "." && current.dropLast().split(separator: " ").last.map { $0.allSatisfy(\.isNumber) } == true
            let month = text[next...].dropFirst().prefix { $0.isLetter }.lowercased()
            if ".?!".contains(character), next == text.endIndex || text[next] == " ", !(day && months.contains(month)) {
                sentences.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }

    /// Help that says nothing of a screen another screen's does not say too: each screen's
    /// help, its title taken out and the sentences every screen's help shares left aside.
    static func helpProblems(_ help: [Screen.Kind: [String]]) -> [String] {
        var common: Set<String>?
        for sentences in help.values { common = common.map { $0.intersection(sentences) } ?? Set(sentences) }
        let everywhere = common ?? []
        var own: [Screen.Kind: Set<String>] = [:]
        for (kind, sentences) in help { own[kind] = Set(sentences).subtracting(everywhere) }
        var problems: [String] = []
        let kinds = own.keys.sorted { $0.rawValue < $1.rawValue }
        for kind in kinds where own[kind]!.isEmpty { problems.append("help on \(kind.rawValue) says only what every help says") }
        for (index, kind) in kinds.enumerated() {
            for other in kinds[(index + 1)...] where own[kind] == own[other] && !own[kind]!.isEmpty {
                problems.append("help on \(kind.rawValue) and on \(other.rawValue) say the same: \(own[kind]!.sorted())")
            }
        }
        return problems
    }

    /// The catalogue of `language`, English filling its gaps, as the shell loads it.
    static func words(_ language: String) -> Words {
        Words(catalogue: LanguageCatalogueTests.installed.catalogues[language]!, calendar: ForeignVoiceTests.utc)
    }

    /// The words of every English template and typed word, and of the language's own.
    static let catalogueWords: [String: Set<String>] = {
        var result: [String: Set<String>] = [:]
        for (language, catalogue) in LanguageCatalogueTests.installed.catalogues {
            let missing = Set(LanguageCatalogueTests.installed.missing[language] ?? [])
            var words: Set<String> = []
            for (key, template) in catalogue.templates where language == PromptFiles.english || !missing.contains(key) {
                words.formUnion(ForeignVoiceTests.words(template))
            }
            for (key, typed) in catalogue.vocabulary where language == PromptFiles.english || !missing.contains(key) {
                for word in typed { words.formUnion(ForeignVoiceTests.words(word)) }
            }
            result[language] = words
        }
        return result
    }()

    /// The words every language may say as English does: names, units, file formats.
    static func sharedWords() throws -> Set<String> {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/walk-shared-words.txt")
            .standardized.path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Set(
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter {
                !$0.isEmpty && !$0.hasPrefix("#")
            })
    }

    /// The words of `sentence` that are English's and not `language`'s.
    static func englishWords(in sentence: String, language: String, shared: Set<String>) -> [String] {
        let english = catalogueWords[PromptFiles.english]!
        let own = catalogueWords[language]!
        // A single letter is a letter's name (key echo, spelling), not a word.
        return ForeignVoiceTests.words(sentence).filter {
            $0.count > 1 && english.contains($0) && !own.contains($0) && !shared.contains($0)
        }
    }

    /// The figures of `sentence` said without their unit: a figure is said with a unit after it
    /// ("135 beats per minute", "2 points"), or it is a count or an ordinal: a number after a
    /// counting word ("item 3", "Zone 2", "at 7:20"), before a counted noun ("3 workouts"), an
    /// item's number before its label ("1, Settings."), or the other end of a range one of those
    /// starts or a unit ends ("Choose 1 to 4", "131 to 149 beats per minute").
    static func valuesWithoutUnit(in sentence: String, language: String) -> [String] {
        let tokens = sentence.split(separator: " ").map(String.init)
        let bare = tokens.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ",.;:?!()«»\"")) }
        let figure = { (index: Int) -> Bool in
            index >= 0 && index < bare.count && bare[index].drop { $0 == "-" }.first?.isNumber == true
                && bare[index].dropFirst().allSatisfy { $0.isNumber || ".,:%".contains($0) }
        }
        let word = { (index: Int) -> String in index >= 0 && index < bare.count ? bare[index] : "" }
        let rules = unitRules[language] ?? unitRules[PromptFiles.english]!
        var fine = [Bool](repeating: false, count: tokens.count)
        for index in tokens.indices where figure(index) {
            let next = index + 1 < bare.count ? bare[index + 1] : ""
            let previous = index > 0 ? bare[index - 1] : ""
            fine[index] =
                bare[index].hasSuffix("%") || rules.units.contains(next) || rules.counted.contains(next)
                || rules.counting.contains(previous) || (index == 0 && tokens[index].hasSuffix(","))
                // A key named in a list of keys: "t or 1", "p or 0 or space".
                || (rules.ranges.contains(previous) && word(index - 2).count == 1 && !figure(index - 2))
                || (rules.ranges.contains(next) && word(index + 2).count == 1 && !figure(index + 2))
                // A day of a month: "28 november", "28 de noviembre".
                || months.contains(next) || (["de", "of"].contains(next) && months.contains(word(index + 2)))
                // A scale with no unit: "a number from -60 to 80".
                || (rules.scale.contains(word(index - 2)) && rules.ranges.contains(previous))
                // An example of what to type in a sentence that names its unit: "in percent, such as 103".
                || (rules.example.contains(previous) && bare.contains { rules.units.contains($0) })
        }
        // A range: the ends stand or fall together.
        for _ in 0..<2 {
            for index in tokens.indices where figure(index) && !fine[index] {
                let after = index + 2 < bare.count && rules.ranges.contains(bare[index + 1]) && figure(index + 2) && fine[index + 2]
                let before = index >= 2 && rules.ranges.contains(bare[index - 1]) && figure(index - 2) && fine[index - 2]
                fine[index] = after || before
            }
        }
        return tokens.indices.filter { figure($0) && !fine[$0] }.map { tokens[$0] }
    }

    /// The months, in each language: a figure before one is a day of the month.
    static let months: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
        "januar", "februar", "märz", "mai", "juni", "juli", "oktober", "dezember",
    ]

    /// Per language: the units a figure is said with, the nouns a count counts, the words
    /// before an ordinal or a count, and the words that join a range's two ends.
    static let unitRules:
        [String: (
            units: Set<String>, counted: Set<String>, counting: Set<String>, ranges: Set<String>, scale: Set<String>, example: Set<String>
        )] = [
            "en": (
                units: [
                    "second", "seconds", "minute", "minutes", "hour", "hours", "beats", "bpm", "kilocalories", "kcal", "point", "points",
                    "percent", "km", "kilometre", "kilometres", "kilometer", "kilometers", "metre", "metres", "meter", "meters", "mile",
                    "miles", "watt", "watts", "kg", "kilograms", "lb", "pounds", "year", "years", "milliseconds", "km/h", "mph", "rpm",
                    "days", "day", "weeks", "o'clock", "per", "minus",
                ],
                counted: [
                    "workout", "workouts", "match", "matches", "item", "items", "times", "laps", "zones", "files", "plan", "plans", "steps",
                ],
                counting: ["item", "items", "zone", "lap", "page", "step", "round", "choose", "press", "of", "at", "number", "key"],
                ranges: ["to", "and", "or", "of", "from"], scale: ["number"], example: ["as"]
            ),
            "es": (
                units: [
                    "segundo", "segundos", "minuto", "minutos", "hora", "horas", "pulsaciones", "kilocalorías", "kcal", "punto", "puntos",
                    "por", "km", "kilómetro", "kilómetros", "metro", "metros", "milla", "millas", "vatio", "vatios", "kg", "kilogramos",
                    "libras", "lb", "año", "años", "milisegundos", "km/h", "días", "día", "semanas", "kilos", "menos", "porcentaje",
                ],
                counted: [
                    "entrenamiento", "entrenamientos", "coincidencia", "coincidencias", "elemento", "elementos", "veces", "vueltas",
                    "zonas",
                    "archivos", "planes", "pasos",
                ],
                counting: [
                    "elemento", "elementos", "zona", "vuelta", "página", "paso", "ronda", "elige", "pulsa", "de", "del", "el", "las", "la",
                    "número", "tecla",
                ],
                ranges: ["al", "a", "y", "o", "de", "el"], scale: ["número"], example: ["como", "ejemplo"]
            ),
            "de": (
                units: [
                    "sekunde", "sekunden", "minute", "minuten", "stunde", "stunden", "schläge", "kilokalorien", "kcal", "punkt", "punkte",
                    "prozent", "km", "kilometer", "meter", "meile", "meilen", "watt", "kg", "kilogramm", "pfund", "jahr", "jahre", "jahren",
                    "millisekunden", "km/h", "uhr", "tage", "tag", "wochen", "minus", "lb",
                ],
                counted: [
                    "training", "trainings", "treffer", "eintrag", "einträge", "mal", "runden", "zonen", "dateien", "pläne", "schritte",
                ],
                counting: [
                    "eintrag", "einträge", "zone", "runde", "seite", "schritt", "wähle", "drück", "von", "um", "uhr", "nummer", "taste",
                ],
                ranges: ["bis", "und", "oder", "von"], scale: ["zahl"], example: ["etwa", "beispiel"]
            ),
        ]
}

/// The real core on real SQLite files, fed by the production `Terminal` on a pseudo-terminal.
final class WalkHarness {
    let directory: String
    let snapshot: String
    let plans: String
    /// The edge on the store; none while the store's files are put back.
    var edge: StorageEdge!
    var core: Heartline
    let now = Date(timeIntervalSince1970: 1_795_937_400)
    let words: Words
    let others: [Words]
    private var terminal: Terminal?
    private var master: Int32 = -1
    private var slave: Int32 = -1
    /// What was said since the last key: the core's sentences and the terminal's own.
    private var said: [String] = []
    private var later: [() -> Void] = []
    private var wrote = false
    private var stoppedSpeech = false
    private var languageChanged = false

    init(words: Words, others: [Words], crashed: Bool) throws {
        self.words = words
        self.others = others
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("heartline-walk-\(UUID().uuidString)").path
        directory = base + "/data"
        snapshot = base + "/snapshot"
        let now = self.now
        do {
            // A workout saved in English the day before, or one left by a crash.
            let edge = StorageEdge(try SQLiteStore(directory: directory, now: { now }))
            var english = Heartline(words: EveryKeyWalkTests.words(PromptFiles.english))
            let start = now.addingTimeInterval(-86_400)
            _ = edge.settle(english.start(at: start, stored: edge.storedState()), with: &english, at: start)
            Self.record(&english, edge: edge, from: start, seconds: 1_200)
            if !crashed {
                let end = start.addingTimeInterval(1_201)
                for input in [Input.act(.workout(.end)), .act(.yes)] {
                    _ = edge.settle(english.handle(input, at: end), with: &english, at: end)
                }
                if let save = english.menuItems().firstIndex(where: { $0.action == .saveWorkout }) {
                    _ = edge.settle(english.handle(.key(Character("\(save + 1)")), at: end), with: &english, at: end)
                }
            }
        }
        // The plans folder holds one plan, for the screen that lists it.
        plans = base + "/plans"
        try FileManager.default.createDirectory(atPath: plans, withIntermediateDirectories: true)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/coach").standardized
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("ramps.zwo").path, toPath: plans + "/ramps.zwo")
        let edge = StorageEdge(try SQLiteStore(directory: directory, now: { now }))
        edge.plansDirectory = plans
        self.edge = edge
        core = Heartline(words: words, languages: others)
        let ranges: [MachineTarget: MachineRange?] = [
            .speed: MachineRange(minimum: 0.5, maximum: 18, step: 0.1), .incline: MachineRange(minimum: -3, maximum: 15, step: 0.5),
        ]
        let inputs: [Input] = [
            .speechOffered(SpeechOffer()), .sensor(.connected(name: "Polar H10")),
            // A treadmill is connected: its limits have screens of their own.
            .motionSensor(.fitnessMachine, .machine(.described(MachineDescription(type: .treadmill, targets: ranges, steerable: true)))),
            .motionSensor(.fitnessMachine, .connected(name: "Technogym")),
        ]
        _ = edge.settle(core.start(at: now, stored: edge.storedState()), with: &core, at: now)
        for input in inputs { _ = edge.settle(core.handle(input, at: now), with: &core, at: now) }
    }

    /// A workout recorded for `seconds` from `start`, the strap at 140 beats a minute.
    static func record(_ core: inout Heartline, edge: StorageEdge, from start: Date, seconds: Int) {
        _ = edge.settle(core.handle(.sensor(.connected(name: "Polar H10")), at: start), with: &core, at: start)
        core.startWorkout(WorkoutConfiguration())
        for second in 1...seconds {
            let time = start.addingTimeInterval(Double(second))
            let reading = HeartRateReading(beatsPerMinute: 140, contact: .detected, rrIntervals: [439])
            _ = edge.settle(core.handle(.sensor(.reading(reading)), at: time), with: &core, at: time)
            _ = edge.settle(core.handle(.tick, at: time), with: &core, at: time)
        }
    }

    func close() {
        terminal?.close()
        terminal = nil
        if slave >= 0 { Glibc.close(slave) }
        if master >= 0 { Glibc.close(master) }
        edge = nil
        try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent)
    }

    // MARK: - Reaching the screens

    /// Every kind of screen this store lets the app reach, each by a real state: from home by
    /// its menus' digits, a workout started, ended and its question answered, searches answered.
    func reachScreens(onlyUnfinished: Bool) -> [Screen.Kind: Heartline] {
        var reached: [Screen.Kind: Heartline] = [:]
        if onlyUnfinished {
            if core.screen.kind == .unfinished { reached[.unfinished] = core }
            return reached
        }
        var queue: [(Heartline, Int)] = []
        // A screen is gone through once for each kind, and each step of configuring.
        var seen: Set<String> = []
        func note(_ state: Heartline, depth: Int) {
            if reached[state.screen.kind] == nil { reached[state.screen.kind] = state }
            var place = state.screen.kind.rawValue
            if case .configure(let step, _) = state.screen { place += " \(step)" }
            guard seen.insert(place).inserted else { return }
            queue.append((state, depth))
        }
        note(core, depth: 0)
        // A board's first start (`--set-up`): the set-up's first step. Started before the
        // workout below, which leaves itself in the store as unfinished, offered first.
        var setUp = Heartline(words: words, languages: others)
        _ = edge.settle(setUp.start(at: now, stored: edge.storedState(), setUp: true), with: &setUp, at: now)
        note(setUp, depth: 1)
        // A workout: its screen, its end's question, its summary.
        var workout = core
        workout.startWorkout(WorkoutConfiguration())
        for second in 1...90 {
            let time = now.addingTimeInterval(Double(second))
            _ = settle(&workout, .sensor(.reading(HeartRateReading(beatsPerMinute: 135, contact: .detected, rrIntervals: [455]))), at: time)
            _ = settle(&workout, .tick, at: time)
        }
        note(workout, depth: 3)
        var question = workout
        _ = settle(&question, .act(.workout(.end)))
        note(question, depth: 3)
        var summary = question
        _ = settle(&summary, .act(.yes))
        note(summary, depth: 1)
        // A stick put in.
        var stick = core
        _ = settle(&stick, .stick(.inserted))
        note(stick, depth: 1)
        var index = 0
        while index < queue.count {
            let (state, depth) = queue[index]
            index += 1
            guard depth < 10, state.screen.kind != .workout, state.screen.kind != .question else { continue }
            // A menu's items by their digits (0 the tenth); a list's first workout or plan.
            let items = state.menuItems().prefix(10).map(\.action)
            let keys = items.isEmpty ? [1] : Array(1...items.count)
            for number in keys {
                if number <= items.count {
                    switch items[number - 1] {
                    case .cycleLanguage, .cycleKeyEcho, .ask(.powerOff), .startWorkout: continue
                    default: break
                    }
                }
                var next = state
                let effects = settle(&next, .key(Character("\(number % 10)")))
                // A search is answered: something found.
                if effects.contains(where: { if case .scanForSensors = $0 { true } else { false } }) {
                    _ = settle(&next, .sensorScanStarted)
                    _ = settle(
                        &next,
                        .sensorsFound([
                            FoundSensor(name: "Polar H10", address: "A0:9E:1A:00:00:01", signal: -60, kind: .heartRateStrap),
                            FoundSensor(name: "Stryd", address: "A0:9E:1A:00:00:02", signal: -70, kind: .footpod),
                        ]))
                }
                if effects.contains(where: { if case .headset(.find) = $0 { true } else { false } }) {
                    _ = settle(&next, .headset(.searching))
                    _ = settle(
                        &next,
                        .headset(.found([FoundHeadset(address: "00:1B:66:00:00:01", name: "Aftershokz", signal: -50, paired: false)])))
                }
                if next.screen != state.screen { note(next, depth: depth + 1) }
            }
        }
        return reached
    }

    /// The effects of `input` on `state`, storage's settled.
    @discardableResult
    func settle(_ state: inout Heartline, _ input: Input, at time: Date? = nil) -> [Effect] {
        edge.settle(state.handle(input, at: time ?? now), with: &state, at: time ?? now)
    }

    /// What help says on `state`'s screen, as the core says it, the title written as "<title>".
    func help(on state: Heartline) -> [String] {
        var core = state
        let title = core.title(of: core.screen)
        let effects = settle(&core, .act(.help))
        return effects.flatMap { effect -> [String] in
            guard case .speak(let utterances) = effect else { return [] }
            return utterances.flatMap { EveryKeyWalkTests.sentences(in: $0.text.replacingOccurrences(of: title, with: "<title>")) }
        }
    }

    // MARK: - The terminal

    func openTerminal(name: String) throws {
        setenv("INPUTRC", "/dev/null", 1)
        var path = [CChar](repeating: 0, count: 128)
        master = heartline_openpt(&path, path.count)
        guard master >= 0 else { throw POSIXError(.ENXIO) }
        slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw POSIXError(.EIO) }
        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let echo = KeyEchoMode(rawValue: edge.storedState().settings.keyEcho.rawValue) ?? .characters
        let terminal = Terminal(words: words, echo: echo, terminal: name, input: slave, output: slave)
        terminal.consult { [weak self] in self?.core }
        terminal.onInput = { [weak self] input in self?.send(input) }
        terminal.after = { [weak self] (_: Double, body: @escaping () -> Void) in self?.later.append(body) }
        terminal.speak = { [weak self] (utterances: [Utterance]) in self?.said += utterances.map(\.text) }
        terminal.onStopSpeech = { [weak self] in self?.stoppedSpeech = true }
        terminal.onLine = { [weak self] (line: String?) in
            if let line { self?.send(.command(line)) }
        }
        self.terminal = terminal
        saveStore()
    }

    /// The core's answer to `input`, as the session carries it out; the edge's answers to a
    /// search, a self-check, an export or an upload as GoldenSession gives them.
    private func send(_ input: Input) {
        let effects = core.handle(input, at: now)
        if effects.contains(where: { if case .store = $0 { true } else { false } }) { wrote = true }
        for effect in edge.settle(effects, with: &core, at: now) {
            switch effect {
            case .speak(let utterances): said += utterances.map(\.text)
            case .scanForSensors, .scanForMotionSensors: send(.sensorScanStarted)
            case .headset(.find): send(.headset(.searching))
            case .exportWorkout(let id, let format):
                send(.exported(format, file: "heartline-\(id).\(format.rawValue)", folder: "heartline-exports"))
            case .upload: send(.uploaded(.uploaded, waited: false))
            case .listSpeechOffer: send(.speechOffered(SpeechOffer()))
            case .languageChanged: languageChanged = true
            case .stick(.eject): send(.stick(.ejected))
            case .stick(.transfer): send(.stick(.finished(copied: 1, plans: 0, problem: nil)))
            default: break
            }
        }
    }

    /// What was said when `key` was pressed on `state`'s screen, on an empty line.
    struct Answer {
        var sentences: [String]
        /// The key typed a character into the line.
        var typed: Bool
        var stoppedSpeech: Bool
        /// The key chose another language, which its answer is said in.
        var languageChanged = false
    }

    func press(_ key: [UInt8], on state: Heartline) -> Answer {
        guard let terminal else { return Answer(sentences: [], typed: false, stoppedSpeech: false) }
        // An empty line: what was typed is dropped as Escape drops it.
        while rl_end > 0 {
            terminal.feed(KeyRouter.escape)
            runLater()
        }
        if wrote { restoreStore() }
        core = state
        said = []
        wrote = false
        stoppedSpeech = false
        languageChanged = false
        terminal.feed(key)
        runLater()
        drain()
        let typed = rl_end > 0 && String(validating: key, as: UTF8.self)?.count == 1
        return Answer(sentences: said, typed: typed, stoppedSpeech: stoppedSpeech, languageChanged: languageChanged)
    }

    /// The waits the terminal asked for, over at once: time is virtual.
    private func runLater() {
        while !later.isEmpty { later.removeFirst()() }
    }

    /// What readline drew, read and dropped, so that the pseudo-terminal never fills.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(master, $0.baseAddress, $0.count) }) > 0 {}
    }

    // MARK: - The store's files

    /// Keeps the store's files as the screens were reached, to put back after a key that writes.
    private func saveStore() {
        edge = nil
        try? FileManager.default.removeItem(atPath: snapshot)
        try? FileManager.default.copyItem(atPath: directory, toPath: snapshot)
        reopen()
    }

    private func restoreStore() {
        edge = nil
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.copyItem(atPath: snapshot, toPath: directory)
        reopen()
    }

    private func reopen() {
        let now = self.now
        edge = StorageEdge(try! SQLiteStore(directory: directory, now: { now }, checkAtOpen: false))
        edge.plansDirectory = plans
    }
}
