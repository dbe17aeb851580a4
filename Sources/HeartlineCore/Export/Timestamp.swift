import Foundation

/// How far a wall clock is from UTC at a moment: UTC itself, or a zone's offset there.
///
/// A function rather than a number because a workout can cross a daylight-saving change.
public struct TimeZoneOffset: Sendable {
    let secondsFromUTC: @Sendable (_ unixSeconds: Int) -> Int
    let isUTC: Bool

    /// Coordinated Universal Time, written with a "Z".
    public static let utc = TimeZoneOffset(secondsFromUTC: { _ in 0 }, isUTC: true)

    /// The offsets of `zone`, written as "+01:00".
    public static func zone(_ zone: TimeZone) -> TimeZoneOffset {
        TimeZoneOffset(
            secondsFromUTC: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }, isUTC: false)
    }
}

/// ISO 8601 date-times from Unix seconds, written by hand: an export formats one per sample
/// (3,600 an hour), and arithmetic is a hundred times cheaper than a date formatter.
enum Timestamp {
    /// "2026-11-29T07:30:01Z", or "2026-11-29T08:30:01+01:00" in a zone.
    static func iso8601(_ unixSeconds: Int, in offset: TimeZoneOffset = .utc) -> String {
        let shift = offset.secondsFromUTC(unixSeconds)
        let local = unixSeconds + shift
        let days = floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        var text = ""
        text.reserveCapacity(25)
        text += padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
        text +=
            "T" + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay % 3600 / 60, 2) + ":"
            + padded(secondOfDay % 60, 2)
        if offset.isUTC {
            text += "Z"
        } else {
            let minutes = abs(shift) / 60
            text += (shift < 0 ? "-" : "+") + padded(minutes / 60, 2) + ":" + padded(minutes % 60, 2)
        }
        return text
    }

    /// Whole seconds since 1970, rounded down (a start at 07:30:00.6 is 07:30:00).
    static func unixSeconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down))
    }

    /// Year, month and day of a day number (0 is 1970-01-01) in the proleptic Gregorian calendar
    /// (Howard Hinnant's days_from_civil, inverted).
    static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
