import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Figures said for the ear: long totals in the history rounded the way people say them, zone
/// lines with their unit, a period without the metric not called empty, no pause of 0 seconds.
@Suite(.timed) struct FiguresGoldenTests {
    /// The averages choice, as it is said when the session opens on it.
    static let averagesChoice = """
        menu: Browse by averages.
        menu: 1, Time elapsed.
        menu: 2, Average heart rate.
        menu: 3, Maximum heart rate.
        menu: 4, Calories burned.
        menu: 5, Heart rate recovery at 1 minute.
        menu: 6, Training load.
        menu: 7, Distance.
        menu: 8, Average cadence.
        menu: 9, Average power.
        menu: 10, Time in a zone.
        menu: Press 0 for the tenth, Time in a zone.
        """

    /// 179 hours, 24 minutes and 12 seconds in zone 2 over the last year, 6 hours, 58 minutes and
    /// 34 seconds more than the year before: "about 179 hours", and the difference to the minute.
    /// Workouts over an hour average to hours and minutes; under an hour they stay exact.
    @Test func longTotalsAndDifferencesAreRounded() throws {
        let session = try GoldenSession()
        try session.saveTotals(daysAgo: 20, duration: 3903, zone2: 645_852 - 300_000)
        try session.saveTotals(daysAgo: 100, duration: 3903, zone2: 300_000)
        try session.saveTotals(daysAgo: 400, duration: 2731, zone2: 645_852 - 25_114)
        session.open(.averagesChoice, below: [.home, .review])
        expectGolden(
            session,
            Self.averagesChoice + "\n" + #"""
                > 0
                menu: Time in a zone.
                menu: 1, Zone 1, 93 to 111 beats per minute.
                menu: 2, Zone 2, 112 to 130 beats per minute.
                menu: 3, Zone 3, 131 to 148 beats per minute.
                menu: 4, Zone 4, 149 to 167 beats per minute.
                menu: 5, Zone 5, 168 to 185 beats per minute.
                > 2
                menu: Averages: Time in zone 2.
                menu: Time in zone 2, last week: no workouts.
                menu: Time in zone 2, last month, about 96 hours in all, over 1 workout.
                menu: Time in zone 2, last year, about 179 hours in all, over 2 workouts.
                menu: That is 6 hours and 59 minutes longer than the year before.
                menu: Time in zone 2, all time, about 352 hours in all, over 3 workouts.
                > back
                menu: Time in a zone.
                menu: 1, Zone 1, 93 to 111 beats per minute.
                menu: 2, Zone 2, 112 to 130 beats per minute.
                menu: 3, Zone 3, 131 to 148 beats per minute.
                menu: 4, Zone 4, 149 to 167 beats per minute.
                menu: 5, Zone 5, 168 to 185 beats per minute.
                > back
                """# + "\n" + Self.averagesChoice + "\n" + #"""
                    > time
                    menu: Averages: Time elapsed.
                    menu: Time elapsed, last week: no workouts.
                    menu: Time elapsed, last month, 1 hour and 5 minutes, over 1 workout.
                    menu: Time elapsed, last year, 1 hour and 5 minutes, over 2 workouts.
                    menu: That is 19 minutes and 32 seconds longer than the year before.
                    menu: Time elapsed, all time, 58 minutes and 32 seconds, over 3 workouts.
                    """#)
    }

    /// Seven workouts last week without a distance: not "no workouts", but none recorded.
    @Test func aPeriodWithoutTheMetricSaysNoneWasRecorded() throws {
        let session = try GoldenSession()
        for day in 0..<7 { try session.saveTotals(daysAgo: day) }
        try session.saveTotals(daysAgo: 10, distance: 5000)
        session.open(.averagesChoice, below: [.home, .review])
        expectGolden(
            session,
            Self.averagesChoice + "\n" + #"""
                > distance
                menu: Averages: Distance.
                menu: Distance, last week: none recorded in 7 workouts.
                menu: Distance, last month, 5 kilometres in all, over 1 workout.
                menu: Distance, last year, 5 kilometres in all, over 1 workout.
                menu: Distance, all time, 5 kilometres in all, over 1 workout.
                """#)
    }

    /// Training load adds up: each period says its total as a total, compared with the total
    /// before it, and the averages' help says which metrics are totals.
    @Test func trainingLoadIsSaidAsTheTotalItIs() throws {
        let session = try GoldenSession()
        for day in [1, 3] { try session.saveTotals(daysAgo: day) }
        try session.saveTotals(daysAgo: 9)
        session.open(.averagesChoice, below: [.home, .review])
        expectGolden(
            session,
            Self.averagesChoice + "\n" + #"""
                > help
                answer: Choose a metric to hear its average last week, month, year and overall.
                answer: Training load, distance and time in a zone are said as totals, not averages.
                answer: Everywhere: back, home, where, repeat, help, check and quit.
                > training load
                menu: Averages: Training load.
                menu: Training load, last week, 80 points in all, over 2 workouts.
                menu: That is 40 points more than the week before.
                menu: Training load, last month, 120 points in all, over 3 workouts.
                menu: Training load, last year, 120 points in all, over 3 workouts.
                menu: Training load, all time, 120 points in all, over 3 workouts.
                """#)
    }

    /// Time in zones from the summary names the unit of every range, and the bound below zone 1.
    @Test func zoneLinesSayTheirUnit() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 80
            :wait 7
            :hr 100
            :wait 53
            :hr 140
            :wait 60
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 2 minutes.
            menu: Average heart rate, 119 beats per minute.
            menu: Maximum heart rate, 140 beats per minute.
            menu: Calories burned, 16 kilocalories.
            menu: Training load, 2 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > time in zones
            answer: Below zone 1, under 93 beats per minute: 7 seconds.
            answer: Zone 1, 93 to 111 beats per minute: 53 seconds.
            answer: Zone 3, 131 to 148 beats per minute: 1 minute.
            """#)
    }

    /// Asked the time in the second the workout paused: "just now", never "for 0 seconds";
    /// a second later, for how long.
    @Test func aPauseOfUnderASecondIsJustNow() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 120
            :wait 20
            > p
            answer: Workout paused.
            > t
            answer: Time elapsed, 20 seconds.
            answer: Paused just now.
            :wait 1
            > t
            answer: Time elapsed, 20 seconds.
            answer: Paused for 1 second.
            """#)
    }
}

extension GoldenSession {
    /// Stores a saved workout that started `daysAgo` days before the session's clock, with a
    /// distance and seconds in zone 2 when given; nothing is said.
    func saveTotals(daysAgo: Int, duration: Int = 1800, distance: Double? = nil, zone2: Int? = nil) throws {
        let start = now.addingTimeInterval(Double(-daysAgo * 86_400))
        let id = try store.beginWorkout(start: start, configuration: WorkoutConfiguration())
        var summary = WorkoutSummary(
            id: id, start: start, state: .saved, configuration: WorkoutConfiguration(), duration: duration,
            averageHeartRate: 130, maximumHeartRate: 160, calories: 300)
        summary.trainingLoad = 40
        summary.distance = distance
        if let zone2 { summary.timeInZones = TimeInZones(seconds: [0, 0, zone2, 0, 0, 0], maximum: 185) }
        try store.updateSummary(summary)
    }
}
