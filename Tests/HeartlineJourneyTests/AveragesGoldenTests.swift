import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Browse by averages: each period's average, then how it compares with the period before.
@Suite(.timed) struct AveragesGoldenTests {
    /// The home screen, said when a session begins.
    static let home = """
        menu: Heartline home.
        menu: 1, Configure a new workout.
        menu: 2, Use last workout configuration.
        menu: 3, Review previous workouts.
        menu: 4, Settings.
        menu: 5, Resting check.

        """

    /// From home to the choice of a metric's averages.
    static let toAverages = """
        > review
        menu: Review previous workouts.
        menu: 1, Browse all workouts.
        menu: 2, Browse by date.
        menu: 3, Browse by metric.
        menu: 4, Browse by averages.
        > browse by averages
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

    /// Fifteen recorded workouts, one a day, the one of n days ago lasting a minute and n seconds:
    /// last week's are 7 seconds shorter on average than the week before's, and there was no
    /// month before the last one.
    @Test func recordedWorkoutsCompareWithTheWeekBefore() throws {
        let session = try GoldenSession()
        try session.saveWorkouts(count: 15, minutes: 1)
        expectGolden(
            session,
            Self.toAverages + "\n" + #"""
                > time
                menu: Averages: Time elapsed.
                menu: Time elapsed, last week, 1 minute and 4 seconds, over 7 workouts.
                menu: That is 7 seconds shorter than the week before.
                menu: Time elapsed, last month, 1 minute and 8 seconds, over 15 workouts.
                menu: Time elapsed, last year, 1 minute and 8 seconds, over 15 workouts.
                menu: Time elapsed, all time, 1 minute and 8 seconds, over 15 workouts.
                """#)
    }

    /// Heart rate: lower, higher and no change, each rounded as it is spoken.
    @Test func heartRatesSayHigherLowerOrNoChange() throws {
        let session = try GoldenSession()
        // Last week 140, 142, 144; the week before 146 three times.
        for (day, rate) in [(1, 140), (2, 142), (3, 144), (8, 146), (9, 146), (10, 146)] {
            try session.saveWorkout(daysAgo: day, averageHeartRate: rate)
        }
        // The month before: 136. The last year: 142.9, said as 143; the year before: 143.
        try session.saveWorkout(daysAgo: 40, averageHeartRate: 136)
        try session.saveWorkout(daysAgo: 400, averageHeartRate: 142)
        try session.saveWorkout(daysAgo: 500, averageHeartRate: 143)
        try session.saveWorkout(daysAgo: 600, averageHeartRate: 144)
        expectGolden(
            session,
            Self.home + Self.toAverages + "\n" + #"""
                > average heart rate
                menu: Averages: Average heart rate.
                menu: Average heart rate, last week, 142 beats per minute, over 3 workouts.
                menu: That is 4 beats per minute lower than the week before.
                menu: Average heart rate, last month, 144 beats per minute, over 6 workouts.
                menu: That is 8 beats per minute higher than the month before.
                menu: Average heart rate, last year, 143 beats per minute, over 7 workouts.
                menu: That is no change from the year before.
                menu: Average heart rate, all time, 143 beats per minute, over 10 workouts.
                """#)
    }

    /// Duration and calories have their own words; a period before with the metric unknown in
    /// every workout is not compared.
    @Test func timeAndCaloriesSayLongerShorterMoreAndFewer() throws {
        let session = try GoldenSession()
        try session.saveWorkout(daysAgo: 2, duration: 3600, calories: 600)
        try session.saveWorkout(daysAgo: 9, duration: 2700, calories: 612.4)
        try session.saveWorkout(daysAgo: 45, duration: 3725, calories: nil)
        expectGolden(
            session,
            Self.home + Self.toAverages + "\n" + #"""
                > time
                menu: Averages: Time elapsed.
                menu: Time elapsed, last week, 1 hour, over 1 workout.
                menu: That is 15 minutes longer than the week before.
                menu: Time elapsed, last month, 52 minutes and 30 seconds, over 2 workouts.
                menu: That is 9 minutes and 35 seconds shorter than the month before.
                menu: Time elapsed, last year, 55 minutes and 42 seconds, over 3 workouts.
                menu: Time elapsed, all time, 55 minutes and 42 seconds, over 3 workouts.
                > back
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
                > calories burned
                menu: Averages: Calories burned.
                menu: Calories burned, last week, 600 kilocalories, over 1 workout.
                menu: That is 12 kilocalories fewer than the week before.
                menu: Calories burned, last month, 606 kilocalories, over 2 workouts.
                menu: Calories burned, last year, 606 kilocalories, over 2 workouts.
                menu: Calories burned, all time, 606 kilocalories, over 2 workouts.
                """#)
    }

    /// Nothing this period: no comparison, even when the period before had workouts.
    @Test func anEmptyPeriodIsNotCompared() throws {
        let session = try GoldenSession()
        try session.saveWorkout(daysAgo: 10, maximumHeartRate: 171)
        expectGolden(
            session,
            Self.home + Self.toAverages + "\n" + #"""
                > maximum heart rate
                menu: Averages: Maximum heart rate.
                menu: Maximum heart rate, last week: no workouts.
                menu: Maximum heart rate, last month, 171 beats per minute, over 1 workout.
                menu: Maximum heart rate, last year, 171 beats per minute, over 1 workout.
                menu: Maximum heart rate, all time, 171 beats per minute, over 1 workout.
                """#)
    }
}

extension GoldenSession {
    /// Stores a saved workout that started `daysAgo` days before the session's clock, with the
    /// given totals; nothing is said.
    func saveWorkout(
        daysAgo: Int, duration: Int = 1800, averageHeartRate: Int? = 130, maximumHeartRate: Int? = 160,
        calories: Double? = 300
    ) throws {
        let start = now.addingTimeInterval(Double(-daysAgo * 86_400))
        let id = try store.beginWorkout(start: start, configuration: WorkoutConfiguration())
        try store.updateSummary(
            WorkoutSummary(
                id: id, start: start, state: .saved, configuration: WorkoutConfiguration(), duration: duration,
                averageHeartRate: averageHeartRate, maximumHeartRate: maximumHeartRate, calories: calories))
    }
}
