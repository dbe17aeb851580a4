import Foundation
import HeartlineCore

/// The clock times of day are said on, from the locale the environment names for times.
///
/// The core is given the cycle as a value; only here is the environment read. POSIX's order
/// decides which variable names the locale: `LC_ALL`, then `LC_TIME`, then `LANG`.
enum ClockLocale {
    /// The locale identifier the environment gives times ("en_GB" from "en_GB.UTF-8@euro"), or
    /// nil for none or the POSIX locale.
    static func identifier(environment: [String: String]) -> String? {
        let named = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let named else { return nil }
        let identifier = String(named.prefix { $0 != "." && $0 != "@" })
        return identifier.isEmpty || identifier == "C" || identifier == "POSIX" ? nil : identifier
    }

    /// The 12-hour clock where the locale writes times with a.m. and p.m. (en_US), else the
    /// 24-hour clock (en_GB, de_DE, and the POSIX locale).
    static func hourCycle(environment: [String: String]) -> HourCycle {
        guard let identifier = identifier(environment: environment) else { return .twentyFour }
        return HourCycle.of(Locale(identifier: identifier))
    }

    /// The clock of `language`'s sentences: the environment's locale when it is of that
    /// language (en_US, es_MX), else the language's own default (es, de: 24-hour; en: the
    /// environment's, as before).
    static func hourCycle(environment: [String: String], language: String) -> HourCycle {
        if language == PromptFiles.english { return hourCycle(environment: environment) }
        if let identifier = identifier(environment: environment), LanguageChoice.code(of: identifier) == language {
            return HourCycle.of(Locale(identifier: identifier))
        }
        return HourCycle.of(Locale(identifier: language))
    }
}
