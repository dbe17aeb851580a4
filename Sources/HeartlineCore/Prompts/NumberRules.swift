import Foundation
import _FoundationICU

/// Numbers as a language writes them for the ear, and the plural form each takes, from ICU.
///
/// ICU's CLDR data rather than hand-written tables: which form a count takes depends on the
/// language and on the number as written (German "1 Minute" but "1,5 Minuten", Spanish "1
/// minuto" but "1,5 minutos"), and ICU chooses it from the formatted number itself, so the
/// figure heard and its noun always agree. Foundation on Linux formats numbers per locale but
/// has no plural rules, hence ICU directly: the toolchain's own `_FoundationICU`, the ICU and
/// CLDR data Foundation itself formats with, so no system libicu is needed and numbers agree
/// with Foundation's dates. It names its entry points `swift_unumf_...`. Formatting reads only
/// ICU's own data: the core stays free of I/O.
public final class NumberRules: @unchecked Sendable {
    /// A CLDR plural category. Heartline's catalogue has a template for `one` and for `other`;
    /// every other category is said with `other`.
    public enum Plural: String, Sendable {
        case zero, one, two, few, many, other
    }

    /// A number as written for the ear and the plural category of that writing.
    public struct Formatted: Equatable, Sendable {
        public let text: String
        public let plural: Plural
        /// The number, when it is written whole (no decimals): the one a noun's gender may
        /// write as a word (`word(_:gender:)`).
        public let whole: Int?

        public init(text: String, plural: Plural, whole: Int? = nil) {
            self.text = text
            self.plural = plural
            self.whole = whole
        }

        /// The same writing and form; `whole` follows from the writing.
        public static func == (left: Formatted, right: Formatted) -> Bool {
            left.text == right.text && left.plural == right.plural
        }
    }

    /// The gender of the noun a number stands before, where a language's number words take one:
    /// ICU's spell-out rule sets of that name (`%spellout-cardinal-feminine`).
    public enum Gender: String, Sendable, CaseIterable {
        case masculine, feminine, neuter
    }

    /// The ICU locale the rules are of ("en", "es", "de").
    public let locale: String
    // UNumberFormatter and UPluralRules are immutable once opened and safe to share between
    // threads (ICU's thread-safety notes); they are opened on the first number formatted (a
    // language installed but not spoken costs no ICU data) and freed in deinit.
    private let opening = NSLock()
    private var opened: (formatters: [OpaquePointer?], rules: OpaquePointer?)?
    /// The numbers written so far: a workout says the same few hundred again and again (beats
    /// per minute, minutes, seconds), and each costs ICU a result object and two calls.
    private var written: [Written: Formatted] = [:]
    private struct Written: Hashable {
        let value: Double
        let places: Int
    }
    /// More than a long workout says; the cache starts again beyond it.
    static let cacheLimit = 2048

    /// How many numbers are kept, for the test of the bound.
    var keptCount: Int {
        opening.lock()
        defer { opening.unlock() }
        return written.count
    }

    /// The numbers written as words so far, by gender (nil where the digits stay).
    private var spelled: [Spelled: String?] = [:]
    private struct Spelled: Hashable {
        let value: Int
        let gender: Gender
    }
    /// ICU's spell-out formatters, opened on the first number written as a word: the counting
    /// words first, then one per gender (nil where the language has no such rule set).
    private var spellers: [Speller?]?
    private typealias Speller = UnsafeMutablePointer<UNumberFormat?>

    /// Whether English is written by the two rules of `english` rather than by ICU.
    let writesEnglishByHand: Bool

    /// The rules of `locale`; when ICU lacks it (or fails), digits as Swift writes them and
    /// English plurals, so that a missing locale never silences a sentence.
    ///
    /// English is written by hand (`english`): its two rules are CLDR's own (one for 1 and -1
    /// alone, thousands grouped by threes with a comma), a test holds them to ICU's writing,
    /// and an English workout then never touches ICU's data, which cost 1.3 MiB of resident
    /// pages (its locale and plural data, read on first use).
    public convenience init(locale: String) {
        self.init(locale: locale, englishByHand: true)
    }

    /// `englishByHand: false` writes English through ICU too, for the test that compares them.
    init(locale: String, englishByHand: Bool) {
        self.locale = locale
        writesEnglishByHand = englishByHand && locale == "en"
    }

    /// The formatters (zero, one and two decimals) and the plural rules, opened once.
    /// The caller holds `opening`.
    private var icuObjects: (formatters: [OpaquePointer?], rules: OpaquePointer?) {
        if let opened { return opened }
        // Zero, one and two decimals at most, trailing zeros dropped; the locale's own grouping
        // (Spanish groups from five digits: "1000", "10.000").
        let formatters: [OpaquePointer?] = ["precision-integer", ".#", ".##"].map { skeleton in
            let units = Array(skeleton.utf16)
            var status = U_ZERO_ERROR
            let formatter = swift_unumf_openForSkeletonAndLocale(units, Int32(units.count), locale, &status)
            return status.rawValue > U_ZERO_ERROR.rawValue ? nil : formatter
        }
        var status = U_ZERO_ERROR
        let rules = swift_uplrules_open(locale, &status)
        let objects = (formatters, status.rawValue > U_ZERO_ERROR.rawValue ? nil : rules)
        opened = objects
        return objects
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var opened: [String: NumberRules] = [:]

    /// The rules of `locale`, opened once per process.
    public static func of(_ locale: String) -> NumberRules {
        lock.lock()
        defer { lock.unlock() }
        if let rules = opened[locale] { return rules }
        let rules = NumberRules(locale: locale)
        opened[locale] = rules
        return rules
    }

    deinit {
        for speller in spellers ?? [] { swift_unum_close(speller) }
        guard let opened else { return }
        for formatter in opened.formatters { swift_unumf_close(formatter) }
        swift_uplrules_close(opened.rules)
    }

    /// `value` in words as it stands before a noun of `gender`, when the language's word there
    /// differs from its counting word, so that a synthesizer reading the digits would say the
    /// wrong one: Spanish "veintiún minutos" and "veintiuna horas" (espeak-ng reads "21
    /// minutos" as "veintiuno minutos"), German "eine Minute" ("1 Minute" is read "eins
    /// Minute"). Nil where the two words agree ("22 minutos"), the value is negative, or the
    /// language has no words for that gender (English): the digits are said.
    ///
    /// ICU's CLDR spell-out rules decide it, so no language's agreement is written here.
    public func word(_ value: Int, gender: Gender) -> String? {
        guard value >= 0, !writesEnglishByHand else { return nil }
        let key = Spelled(value: value, gender: gender)
        opening.lock()
        defer { opening.unlock() }
        if let known = spelled[key] { return known }
        let spellers = self.spellers ?? openSpellers()
        self.spellers = spellers
        var word: String?
        if let counting = spellers[0], let gendered = spellers[1 + Gender.allCases.firstIndex(of: gender)!],
            let said = Self.spell(Double(value), gendered), said != Self.spell(Double(value), counting)
        {
            word = said
        }
        if spelled.count >= Self.cacheLimit { spelled.removeAll(keepingCapacity: true) }
        spelled[key] = word
        return word
    }

    /// The numbers from 0 to `typedLimit` by their words in every form the language has
    /// (counting and each gender), folded by the reader's folding; built on first use.
    private var typed: [String: Int]?
    /// Typed plans count rounds, seconds, minutes, watts and percents below it.
    static let typedLimit = 999

    /// The whole number `words` (folded by `fold`) name in the language: "seis", "veintiún",
    /// "treinta y cinco", "einundzwanzig", "eine". Nil for any other words, and in English,
    /// whose typed numbers are digits. ICU's own words read back (0 to 999), so what Heartline
    /// says and what it reads agree.
    public func typedWhole(_ words: String, fold: (String) -> String) -> Int? {
        guard !writesEnglishByHand else { return nil }
        opening.lock()
        defer { opening.unlock() }
        if typed == nil {
            let spellers = self.spellers ?? openSpellers()
            self.spellers = spellers
            var table: [String: Int] = [:]
            for speller in spellers.compactMap({ $0 }) {
                for value in 0...Self.typedLimit {
                    if let said = Self.spell(Double(value), speller) { table[fold(said)] = value }
                }
            }
            typed = table
        }
        return typed?[words]
    }

    /// The counting formatter (`%spellout-numbering`) and one per gender. The caller holds `opening`.
    private func openSpellers() -> [Speller?] {
        (["numbering"] + Gender.allCases.map { "cardinal-\($0.rawValue)" }).map { name -> Speller? in
            var status = U_ZERO_ERROR
            guard let speller = swift_unum_open(UNUM_SPELLOUT, nil, 0, locale, nil, &status), status.rawValue <= U_ZERO_ERROR.rawValue
            else { return nil }
            let rules = Array("%spellout-\(name)".utf16)
            swift_unum_setTextAttribute(speller, UNUM_DEFAULT_RULESET, rules, Int32(rules.count), &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue else {
                swift_unum_close(speller)
                return nil
            }
            return speller
        }
    }

    /// `value` in `speller`'s words, without the soft hyphens ICU writes inside German compounds.
    private static func spell(_ value: Double, _ speller: Speller) -> String? {
        var status = U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: 128)
        let length = swift_unum_formatDouble(speller, value, &buffer, Int32(buffer.count), nil, &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, length < buffer.count else { return nil }
        return String(decoding: buffer[..<Int(length)].filter { $0 != 0xAD }, as: UTF16.self)
    }

    /// `value` with at most `decimals` digits after the separator (0 to 2), rounded half away
    /// from zero as before, with its plural category.
    public func format(_ value: Double, decimals: Int) -> Formatted {
        let places = min(max(decimals, 0), 2)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        // Adding zero makes a negative zero positive: nothing is said as "minus 0".
        let rounded = (value * scale).rounded() / scale + 0
        let key = Written(value: rounded, places: places)
        opening.lock()
        defer { opening.unlock() }
        if let known = written[key] { return known }
        let formatted: Formatted
        if writesEnglishByHand {
            formatted = Self.english(rounded, places: places)
        } else {
            let objects = icuObjects
            formatted =
                objects.formatters[places].flatMap { icu(rounded, $0, rules: objects.rules) } ?? Self.plain(rounded, places: places)
        }
        let whole = rounded == rounded.rounded() && abs(rounded) < 1e15 ? Int(rounded) : nil
        let kept = Formatted(text: formatted.text, plural: formatted.plural, whole: whole)
        if written.count >= Self.cacheLimit { written.removeAll(keepingCapacity: true) }
        written[key] = kept
        return kept
    }

    private func icu(_ value: Double, _ formatter: OpaquePointer, rules: OpaquePointer?) -> Formatted? {
        var status = U_ZERO_ERROR
        guard let result = swift_unumf_openResult(&status), status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        defer { swift_unumf_closeResult(result) }
        swift_unumf_formatDouble(formatter, value, result, &status)
        var buffer = [UChar](repeating: 0, count: 64)
        let length = swift_unumf_resultToString(result, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, length < buffer.count else { return nil }
        // ICU writes a minus sign (U+2212) in some locales; espeak-ng reads the ASCII one.
        let text = String(decoding: buffer[..<Int(length)].map { $0 == 0x2212 ? 0x2D : $0 }, as: UTF16.self)
        var plural = Plural.other
        if let rules {
            var keyword = [UChar](repeating: 0, count: 16)
            let count = swift_uplrules_selectFormatted(rules, result, &keyword, Int32(keyword.count), &status)
            if status.rawValue <= U_ZERO_ERROR.rawValue, count > 0, count < keyword.count {
                plural = Plural(rawValue: String(decoding: keyword[..<Int(count)], as: UTF16.self)) ?? .other
            }
        }
        return Formatted(text: text, plural: plural)
    }

    /// English as CLDR writes it: `plain`'s digits with the thousands grouped by threes.
    static func english(_ value: Double, places: Int) -> Formatted {
        let digits = plain(value, places: places)
        let negative = digits.text.hasPrefix("-")
        let unsigned = negative ? digits.text.dropFirst() : Substring(digits.text)
        let whole = unsigned.prefix { $0 != "." }
        var grouped = ""
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        let text = (negative ? "-" : "") + grouped + unsigned.dropFirst(whole.count)
        // One is 1 and -1 alone ("1.5" and "1.0" are other; no trailing zero is written).
        return Formatted(text: text, plural: unsigned == "1" ? .one : .other)
    }

    /// Without ICU: digits with a point, English's rule (one for exactly "1"). Written by
    /// `DecimalText` rather than `String(format:)`, whose Foundation code an English workout
    /// would otherwise page in for every number.
    static func plain(_ value: Double, places: Int) -> Formatted {
        let text = DecimalText.write(value, places: places)
        return Formatted(text: text, plural: text == "1" ? .one : .other)
    }
}
