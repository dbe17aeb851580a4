import Foundation

/// Understands the dates a user types to browse by date.
public enum DateWords {
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
            var dayNumber: Int?, month: Int?, year: Int?
            for word in words {
                if let number = Int(word) {
                    if number > 31 { year = number } else if dayNumber == nil { dayNumber = number } else { return nil }
                } else if let found = match(word, in: months) {
                    month = found + 1
                } else {
                    return nil
                }
            }
            guard let dayNumber, let month else { return nil }
            let thisYear = calendar.component(.year, from: today)
            var components = DateComponents(year: year ?? thisYear, month: month, day: dayNumber)
            guard var date = calendar.date(from: components),
                calendar.component(.day, from: date) == dayNumber
            else { return nil }
            if year == nil, date > today {
                components.year = thisYear - 1
                date = calendar.date(from: components) ?? date
            }
            day = date
        default:
            return nil
        }
        guard let start = day, let end = calendar.date(byAdding: .day, value: 1, to: start) else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// Index of the name `word` spells or starts (at least three letters: "mon", "nov").
    private static func match(_ word: String, in names: [String]) -> Int? {
        guard word.count >= 3 else { return nil }
        return names.firstIndex { $0 == word || $0.hasPrefix(word) }
    }

    private static func isoDay(_ word: String, calendar: Calendar) -> Date? {
        let parts = word.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, word.split(separator: "-").count == 3 else { return nil }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == parts[2],
            calendar.component(.month, from: date) == parts[1]
        else { return nil }
        return date
    }
}
