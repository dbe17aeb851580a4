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
        guard let opened else { return }
        for formatter in opened.formatters { swift_unumf_close(formatter) }
        swift_uplrules_close(opened.rules)
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
        if written.count >= Self.cacheLimit { written.removeAll(keepingCapacity: true) }
        written[key] = formatted
        return formatted
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
