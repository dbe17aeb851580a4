import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

@Suite(.timed) struct WordsTests {
    let words = TestCatalogue.words

    @Test(arguments: [
        (0, "0 seconds"),
        (1, "1 second"),
        (45, "45 seconds"),
        (60, "1 minute"),
        (61, "1 minute and 1 second"),
        (2731, "45 minutes and 31 seconds"),
        (3600, "1 hour"),
        (3660, "1 hour and 1 minute"),
        (3903, "1 hour, 5 minutes and 3 seconds"),
        (4500, "1 hour and 15 minutes"),
        (7201, "2 hours and 1 second"),
        (36_000, "10 hours"),
    ])
    func durationsAreSpokenAsProductSays(seconds: Int, spoken: String) {
        #expect(words.duration(seconds) == spoken)
    }

    /// Long totals and differences in the history, at the rule's boundaries: exact under an
    /// hour, hours and minutes from an hour, "about N hours" from ten hours.
    @Test(arguments: [
        (0, "0 seconds"),
        (53, "53 seconds"),
        (2731, "45 minutes and 31 seconds"),
        (3599, "59 minutes and 59 seconds"),
        (3600, "1 hour"),
        (3629, "1 hour"),
        (3630, "1 hour and 1 minute"),
        (3903, "1 hour and 5 minutes"),
        (7201, "2 hours"),
        (25_114, "6 hours and 59 minutes"),
        (35_969, "9 hours and 59 minutes"),
        (35_970, "about 10 hours"),
        (36_000, "10 hours"),
        (36_001, "about 10 hours"),
        (37_799, "about 10 hours"),
        (37_800, "about 11 hours"),
        (43_200, "12 hours"),
        (645_852, "about 179 hours"),
    ])
    func longTotalsAreRoundedTheWayPeopleSayThem(seconds: Int, spoken: String) {
        #expect(words.roundedDuration(seconds) == spoken)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (3650, "3,650"), (1_234_567, "1,234,567"), (1005, "1,005")])
    func numbersGroupThousands(value: Int, spoken: String) {
        #expect(words.number(value) == spoken)
    }

    @Test func unitsAreAlwaysNamed() {
        #expect(words.beatsPerMinute(142) == "142 beats per minute")
        #expect(words.kilocalories(1.4) == "1 kilocalorie")
        #expect(words.kilocalories(250.6) == "251 kilocalories")
        #expect(words.weight(kilograms: 70, unit: .kilograms) == "70 kilograms")
        #expect(words.weight(kilograms: 70, unit: .pounds) == "154.3 pounds")
        #expect(words.years(1) == "1 year")
    }

    @Test func listsJoinWithCommasAndAnd() {
        #expect(words.list(["a"]) == "a")
        #expect(words.list(["a", "b"]) == "a and b")
        #expect(words.list(["a", "b", "c"]) == "a, b and c")
        #expect(words.list(["a", "b", "c", "d"]) == "a, b, c and d")
    }

    @Test func datesAreWordsRelativeToNow() {
        let now = goldenStart
        #expect(words.day(now, now: now) == "today")
        #expect(words.day(now.addingTimeInterval(-86_400), now: now) == "yesterday")
        #expect(words.day(now.addingTimeInterval(-2 * 86_400), now: now) == "Friday 27 November")
        #expect(words.day(now.addingTimeInterval(-365 * 86_400), now: now) == "Saturday 29 November 2025")
        #expect(words.when(now, now: now) == "today at 7:30")
        #expect(words.when(now.addingTimeInterval(11 * 3600 + 5 * 60), now: now) == "today at 18:35")
    }

    /// (hour, minute, 24-hour clock, 12-hour clock): never a leading zero hour or a ":00".
    @Test(arguments: [
        (0, 0, "midnight", "12 a.m."), (0, 21, "21 past midnight", "12:21 a.m."), (7, 5, "7:05", "7:05 a.m."),
        (7, 30, "7:30", "7:30 a.m."), (12, 0, "12 hundred", "12 p.m."), (19, 0, "19 hundred", "7 p.m."),
        (23, 59, "23:59", "11:59 p.m."),
    ])
    func timesOfDayAreWrittenForTheEar(hour: Int, minute: Int, twentyFour: String, twelve: String) {
        let date = TestCatalogue.calendar.date(bySettingHour: hour, minute: minute, second: 0, of: goldenStart)!
        #expect(words.timeOfDay(date) == twentyFour)
        let twelveHour = Words(catalogue: TestCatalogue.shared, calendar: TestCatalogue.calendar, hourCycle: .twelve)
        #expect(twelveHour.timeOfDay(date) == twelve)
    }

    @Test func theLocaleDecidesTheClock() {
        #expect(HourCycle.of(Locale(identifier: "en_US")) == .twelve)
        #expect(HourCycle.of(Locale(identifier: "en_GB")) == .twentyFour)
        #expect(HourCycle.of(Locale(identifier: "de_DE")) == .twentyFour)
    }

    @Test func intervalsUseTheAppsLabels() {
        #expect(
            ReadoutInterval.allCases.map(words.interval) == [
                "No time", "30 seconds", "1 minute", "2 minutes", "5 minutes", "10 minutes", "15 minutes",
                "30 minutes", "1 hour", "2 hours",
            ])
    }
}

@Suite(.timed) struct CaloriesTests {
    @Test func maleEquationMatchesKeytel() {
        let model = CalorieModel(profile: Profile(age: 30, sex: .male, weightKilograms: 80))
        // (-55.0969 + 0.6309*150 + 0.1988*80 + 0.2017*30) / 4.184
        let expected = (-55.0969 + 0.6309 * 150 + 0.1988 * 80 + 0.2017 * 30) / 4.184
        #expect(abs(model.kilocaloriesPerMinute(heartRate: 150) - expected) < 1e-9)
        #expect(model.usesProfile)
    }

    @Test func femaleEquationMatchesKeytel() {
        let model = CalorieModel(profile: Profile(age: 40, sex: .female, weightKilograms: 60))
        let expected = (-20.4022 + 0.4472 * 140 - 0.1263 * 60 + 0.074 * 40) / 4.184
        #expect(abs(model.kilocaloriesPerMinute(heartRate: 140) - expected) < 1e-9)
    }

    @Test func noProfileUsesTheMeanOfBothEquations() {
        let model = CalorieModel(profile: Profile())
        let male = -55.0969 + 0.6309 * 130 + 0.1988 * 70 + 0.2017 * 35
        let female = -20.4022 + 0.4472 * 130 - 0.1263 * 70 + 0.074 * 35
        #expect(abs(model.kilocaloriesPerMinute(heartRate: 130) - (male + female) / 2 / 4.184) < 1e-9)
        #expect(!model.usesProfile)
    }

    @Test(arguments: [0, 30, 50, 60])
    func neverNegative(heartRate: Int) {
        let model = CalorieModel(profile: Profile(age: 20, sex: .male, weightKilograms: 50))
        #expect(model.kilocaloriesPerMinute(heartRate: heartRate) >= 0)
    }
}

@Suite(.timed) struct DateWordsTests {
    let calendar = TestCatalogue.calendar
    let now = goldenStart  // Sunday 29 November 2026

    func start(_ text: String) -> String? {
        guard let day = DateWords.day(from: text, now: now, calendar: calendar) else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: day.start)
        return "\(parts.year!)-\(parts.month!)-\(parts.day!)"
    }

    @Test(arguments: [
        ("today", "2026-11-29"), ("yesterday", "2026-11-28"), ("sunday", "2026-11-29"), ("monday", "2026-11-23"),
        ("saturday", "2026-11-28"), ("fri", "2026-11-27"), ("28 november", "2026-11-28"), ("november 28", "2026-11-28"),
        ("2 dec", "2025-12-2"), ("28 nov 2024", "2024-11-28"), ("2026-11-28", "2026-11-28"), ("2024-02-29", "2024-2-29"),
    ])
    func understoodDates(text: String, day: String) {
        #expect(start(text) == day)
    }

    @Test(arguments: ["", "someday", "31 november", "2026-02-30", "2026-13-01", "november", "1 2 3", "mo"])
    func notUnderstoodDates(text: String) {
        #expect(start(text) == nil)
    }
}
