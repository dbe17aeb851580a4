import Foundation

/// Understands the dates a user types to browse by date.
public enum DateWords {
    /// The years a date may name: a workout history has nothing before or after them, and a
    /// calendar has no year 0 for "0000-01-01" to mean.
    public static let years = 1900...2100

    /// Why a typed date names no day.
    public enum Problem: Error, Equatable, Sendable {
        /// Not a date at all.
        case notUnderstood
        /// A year outside `years` (0, a negative one, 20260).
        case yearOutOfRange
        /// 29 February of a year that has none.
        case notLeapYear(Int)
        /// A day the month never has ("31 april", "30 february"): the month (1 to 12) and its
        /// most days.
        case dayNotInMonth(month: Int, days: Int)
    }

    /// The day `text` names, as `day(from:now:calendar:)`, or why it names none.
    public static func parse(_ text: String, now: Date, calendar: Calendar) -> Result<DateInterval, Problem> {
        if let day = day(from: text, now: now, calendar: calendar) { return .success(day) }
        return .failure(problem(with: text, now: now, calendar: calendar))
    }

    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// The day `text` names, as the interval from its midnight to the next, in `calendar`'s time zone.
    ///
    /// Accepts "today", "yesterday", a weekday (the most recent one, today included), "28 november"
    /// or "november 28" (this year, or last year when that date is still to come), "28 november 2025",
    /// and "2026-11-28".
    public static func day(from text: String, now: Date, calendar: Calendar) -> DateInterval? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let today = calendar.startOfDay(for: now)
        var day: Date?
        switch words.count {
        case 1:
            let word = words[0]
            if word == "today" {
                day = today
            } else if word == "yesterday" {
                day = calendar.date(byAdding: .day, value: -1, to: today)
            } else if let weekday = match(word, in: weekdays) {
                let current = calendar.component(.weekday, from: today) - 1
                let back = (current - weekday + 7) % 7
                day = calendar.date(byAdding: .day, value: -back, to: today)
            } else {
                day = isoDay(word, calendar: calendar)
            }
        case 2, 3:
            var dayNumber: Int?
            var month: Int?
            var year: Int?
            for word in words {
                if let number = Int(word) {
                    if number > 31 || number < 1 {
                        guard Self.years.contains(number) else { return nil }
                        year = number
                    } else if dayNumber == nil {
                        dayNumber = number
                    } else {
                        return nil
                    }
                } else if let found = match(word, in: months) {
                    month = found + 1
                } else {
                    return nil
                }
            }
            guard let dayNumber, let month else { return nil }
            let thisYear = calendar.component(.year, from: today)
            if let year {
                day = existing(year: year, month: month, day: dayNumber, calendar: calendar)
            } else if let date = existing(year: thisYear, month: month, day: dayNumber, calendar: calendar), date <= today {
                day = date
            } else {
                // Still to come this year, or not there this year (29 February): last year's.
                day = existing(year: thisYear - 1, month: month, day: dayNumber, calendar: calendar)
            }
        default:
            return nil
        }
        guard let start = day, let end = calendar.date(byAdding: .day, value: 1, to: start) else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// The date, if the month has the day that year: 29 February 2026 is not 1 March.
    private static func existing(year: Int, month: Int, day: Int, calendar: Calendar) -> Date? {
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month
        else { return nil }
        return date
    }

    /// Index of the name `word` spells or starts (at least three letters: "mon", "nov").
    private static func match(_ word: String, in names: [String]) -> Int? {
        guard word.count >= 3 else { return nil }
        return names.firstIndex { $0 == word || $0.hasPrefix(word) }
    }

    /// Why `text`, which `day(from:)` did not understand, names no day.
    private static func problem(with text: String, now: Date, calendar: Calendar) -> Problem {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var numbers: [Int] = []
        var month: Int?
        if words.count == 1 {
            // "2026-11-28", or a year of any length or sign in that form: "-0001-01-01", "5-11-28".
            let negative = words[0].hasPrefix("-")
            let fields = words[0].dropFirst(negative ? 1 : 0).split(separator: "-", omittingEmptySubsequences: false)
            guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                let year = Int(fields[0]), let monthNumber = Int(fields[1]), let dayNumber = Int(fields[2])
            else { return .notUnderstood }
            if negative || !years.contains(year) { return .yearOutOfRange }
            numbers = [dayNumber, year]
            month = monthNumber
        } else if (2...3).contains(words.count) {
            for word in words {
                if let number = Int(word) {
                    numbers.append(number)
                } else if let found = match(word, in: months) {
                    month = found + 1
                } else {
                    return .notUnderstood
                }
            }
        }
        let named = numbers.filter { $0 > 31 || $0 < 1 }
        if let year = named.first, !years.contains(year) { return .yearOutOfRange }
        // A day of 1 to 31 that the month never has: said with the month's length.
        if let month, (1...12).contains(month), let day = numbers.first(where: { (1...31).contains($0) }) {
            let most = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            if day > most { return .dayNotInMonth(month: month, days: most) }
        }
        guard month == 2, numbers.contains(29) else { return .notUnderstood }
        let today = calendar.startOfDay(for: now)
        let thisYear = calendar.component(.year, from: today)
        // With no year, the date is this year's, or last year's when this year's is still to come.
        var year = named.first ?? thisYear
        if named.isEmpty, let march = calendar.date(from: DateComponents(year: thisYear, month: 3, day: 1)), march > today {
            year -= 1
        }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return isLeap ? .notUnderstood : .notLeapYear(year)
    }

    /// Year, month and day of "2026-11-28": four digits, a month and a day, nothing else.
    private static func isoParts(_ word: String) -> (year: Int, month: Int, day: Int)? {
        let fields = word.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            fields[0].count == 4, let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2])
        else { return nil }
        return (year, month, day)
    }

    private static func isoDay(_ word: String, calendar: Calendar) -> Date? {
        guard let iso = isoParts(word), years.contains(iso.year) else { return nil }
        let parts = [iso.year, iso.month, iso.day]
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == parts[2],
            calendar.component(.month, from: date) == parts[1]
        else { return nil }
        return date
    }
}
