import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Dates that name no day say why: a year out of range, a 29 February that is not there.
@Suite(.timed) struct DateProblemTests {
    let calendar = TestCatalogue.calendar
    let now = goldenStart  // Sunday 29 November 2026

    func problem(_ text: String) -> DateWords.Problem? {
        if case .failure(let problem) = DateWords.parse(text, now: now, calendar: calendar) { return problem }
        return nil
    }

    @Test(arguments: [
        "0000-01-01", "-0001-01-01", "-5-11-28", "0001-01-01", "1899-12-31", "2101-01-01", "28 november 0", "28 november -5",
        "28 november 1066", "28 november 20260", "1 jan 2101",
    ])
    func yearsOutsideTheRangeAreRefused(text: String) {
        #expect(problem(text) == .yearOutOfRange)
        #expect(DateWords.day(from: text, now: now, calendar: calendar) == nil)
    }

    @Test(arguments: ["1900-01-01", "2100-12-31", "1 jan 1900", "31 december 2100"])
    func theEdgesOfTheRangeAreDays(text: String) {
        #expect(DateWords.day(from: text, now: now, calendar: calendar) != nil)
    }

    @Test(arguments: [
        ("29 february", 2026), ("february 29", 2026), ("29 feb 2025", 2025), ("2023-02-29", 2023), ("29 february 1900", 1900),
        ("29 february 2100", 2100),
    ])
    func twentyNinthFebruaryOfACommonYearIsExplained(text: String, year: Int) {
        #expect(problem(text) == .notLeapYear(year))
    }

    @Test(arguments: ["29 february 2024", "2000-02-29", "29 feb 2028"])
    func twentyNinthFebruaryOfALeapYearIsADay(text: String) {
        #expect(DateWords.day(from: text, now: now, calendar: calendar) != nil)
    }

    @Test func withNoYearLastYearsIsMeantWhenThisYearsIsToCome() {
        // 10 January 2029: 29 February 2028 is the last one, and it was a leap year.
        let january = calendar.date(from: DateComponents(year: 2029, month: 1, day: 10))!
        if case .success(let day) = DateWords.parse("29 february", now: january, calendar: calendar) {
            #expect(calendar.dateComponents([.year, .month, .day], from: day.start) == DateComponents(year: 2028, month: 2, day: 29))
        } else {
            Issue.record("29 february 2028 was not understood")
        }
        // 10 January 2030: this year's is to come and last year's (2029) did not exist; never 1 March.
        let later = calendar.date(from: DateComponents(year: 2030, month: 1, day: 10))!
        #expect(DateWords.day(from: "29 february", now: later, calendar: calendar) == nil)
        if case .failure(let problem) = DateWords.parse("29 february", now: later, calendar: calendar) {
            #expect(problem == .notLeapYear(2029))
        }
    }

    @Test(arguments: [
        ("31 april", 4, 30), ("april 31", 4, 30), ("31 november 2025", 11, 30), ("2026-06-31", 6, 30), ("30 february", 2, 29),
        ("31 feb 2024", 2, 29),
    ])
    func aDayTheMonthNeverHasIsExplained(text: String, month: Int, days: Int) {
        #expect(problem(text) == .dayNotInMonth(month: month, days: days))
    }

    @Test(arguments: ["someday", "2026-13-01", "1 2 3"])
    func otherMistakesAreNotUnderstood(text: String) {
        #expect(problem(text) == .notUnderstood)
    }

    @Test(arguments: [
        (DateWords.Problem.yearOutOfRange, "Heartline keeps dates from the year 1900 to 2100."),
        (.notLeapYear(2026), "2026 is not a leap year, so February has 28 days."),
    ])
    func theSentences(problem: DateWords.Problem, sentence: String) {
        let words = TestCatalogue.words
        switch problem {
        case .yearOutOfRange: #expect(words(.dateYearRange) == sentence)
        case .notLeapYear(let year): #expect(words(.dateNotLeap, ["year": String(year)]) == sentence)
        case .dayNotInMonth, .notUnderstood: break
        }
    }

    @Test func browseByDateSaysWhy() throws {
        let session = try GoldenSession(strapSeed: nil)
        _ = session.begin()
        _ = session.send(.command("review"))
        _ = session.send(.command("browse by date"))
        // Each refusal asks for a date again and says the way back: the field still waits.
        let again = [
            "answer: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.",
            "answer: Type back to leave without a change.",
        ]
        #expect(session.send(.command("29 february")) == ["answer: 2026 is not a leap year, so February has 28 days."] + again)
        #expect(session.send(.command("0000-01-01")) == ["answer: Heartline keeps dates from the year 1900 to 2100."] + again)
        #expect(session.send(.command("28 november -5")) == ["answer: Heartline keeps dates from the year 1900 to 2100."] + again)
    }
}
