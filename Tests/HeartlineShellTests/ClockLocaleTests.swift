import Foundation
import HeartlineCore
@testable import HeartlineShell
import HeartlineTestSupport
import Testing

/// Times of day on the clock of the locale the environment names: read at the edge, handed to
/// the core as a value.
@Suite(.timed) struct ClockLocaleTests {
    @Test(arguments: [
        (["LANG": "en_GB.UTF-8"], HourCycle.twentyFour), (["LANG": "de_DE.UTF-8"], .twentyFour), (["LANG": "en_US.UTF-8"], .twelve),
        (["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8"], .twentyFour), (["LANG": "en_GB.UTF-8", "LC_TIME": "en_US.UTF-8"], .twelve),
        (["LC_ALL": "de_DE@euro", "LC_TIME": "en_US.UTF-8"], .twentyFour), (["LANG": "C.UTF-8"], .twentyFour),
        (["LANG": "POSIX"], .twentyFour), ([:], .twentyFour), (["LC_ALL": "", "LANG": "en_US"], .twelve),
    ])
    func theLocaleForTimesDecidesTheClock(environment: [String: String], cycle: HourCycle) {
        #expect(ClockLocale.hourCycle(environment: environment) == cycle)
    }

    /// A workout saved and listed: its time of day on the 24-hour clock for en_GB and de_DE,
    /// with a.m. or p.m. for en_US.
    @Test(arguments: [("en_GB.UTF-8", false), ("de_DE.UTF-8", false), ("en_US.UTF-8", true)])
    func theBinarySaysTimesOnTheLocalesClock(locale: String, twelveHour: Bool) throws {
        let data = TemporaryDirectory()
        let script = """
            configure
            start workout
            :wait 2
            end
            yes
            save
            review
            browse all workouts
            """
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8),
            // English sentences (LC_MESSAGES) on the clock of LANG's locale.
            environment: ["LANG": locale, "LC_ALL": "", "LC_TIME": "", "LC_MESSAGES": "C.UTF-8"])
        #expect(result.status == 0)
        let listed = try #require(result.lines.first { $0.hasPrefix("menu: 1, today at ") }, "\(result.lines)")
        let marked = listed.contains("a.m.") || listed.contains("p.m.")
        #expect(marked == twelveHour, "\(listed)")
    }
}
