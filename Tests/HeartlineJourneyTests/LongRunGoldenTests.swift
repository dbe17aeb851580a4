import Foundation
@testable import HeartlineCore
@testable import HeartlineStorage
import HeartlineTestSupport
import Testing

/// Golden sessions for what a stray press must never do on a long run alone: lose a workout.
@Suite(.timed) struct LongRunGoldenTests {
    /// On the summary, "previous" is leaving as "back" and "home" are: the workout's fate is asked
    /// for first, and nothing is dropped; "next" has nothing to go to.
    @Test func previousOnTheSummaryKeepsTheWorkout() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 3
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 3 seconds.
            menu: Average heart rate, 68 beats per minute.
            menu: Maximum heart rate, 68 beats per minute.
            menu: Calories burned, 0 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > previous
            answer: Save or delete the workout first.
            > next
            answer: There is no next screen here.
            > back
            answer: Save or delete the workout first.
            > 1
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            """#)
    }
}
