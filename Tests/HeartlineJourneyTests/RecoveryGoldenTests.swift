import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// A workout cut off by a crash is offered at the next start: resume, save or discard.
@Suite(.timed) struct RecoveryGoldenTests {
    /// The unfinished workout is offered with its date and length; discarding asks first;
    /// resuming goes on from where it stopped; one left on the summary screen can be saved.
    @Test func anUnfinishedWorkoutIsOfferedAtTheNextStart() throws {
        let session = try GoldenSession()
        expectGolden(
            session,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 1
            menu: Sport.
            menu: 1, Running.
            menu: 2, Cycling.
            menu: 3, Rowing.
            menu: 4, Other, selected.
            menu: 5, Next.
            > next
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: on.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: on.
            menu: 4, Next.
            > next
            menu: Time interval for audio feedback.
            menu: 1, No time, selected.
            menu: 2, 30 seconds.
            menu: 3, 1 minute.
            menu: 4, 2 minutes.
            menu: 5, 5 minutes.
            menu: 6, 10 minutes.
            menu: 7, 15 minutes.
            menu: 8, 30 minutes.
            menu: 9, 1 hour.
            menu: 10, 2 hours.
            menu: Press 0 for the tenth, 2 hours.
            > next
            menu: Target heart rate zone.
            menu: 1, No target, selected.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range.
            menu: 8, Next.
            > next
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > next
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            :wait 95
            :restart
            menu: You have an unfinished workout from today at 7:30, 1 minute and 35 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > 5
            answer: There is no item 5. Choose 1 to 3.
            > where
            answer: You are on Unfinished workout.
            > help
            answer: Resume the workout where it stopped, save it as it is, or delete it.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > 3
            answer: Definitely delete the unfinished workout? Yes or no.
            > no
            menu: You have an unfinished workout from today at 7:30, 1 minute and 35 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > 1
            answer: Workout resumed.
            :wait 30
            > t
            answer: Time elapsed, 2 minutes and 5 seconds.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 2 minutes and 5 seconds.
            menu: Average heart rate, 77 beats per minute.
            menu: Maximum heart rate, 94 beats per minute.
            menu: Calories burned, 6 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            :restart
            menu: You have an unfinished workout from today at 7:30, 2 minutes and 5 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > 2
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :restart
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > review
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > 1
            menu: All workouts.
            menu: Items 1 to 1 of 1.
            menu: 1, today at 7:30, 2 minutes and 5 seconds.
            """#)
        // The training load covers the seconds before the crash as well as those after the resume.
        let saved = try #require(try session.store.savedWorkouts(offset: 0, limit: 1).first)
        let load = try #require(saved.trainingLoad)
        #expect(abs(load - TrainingLoad.trimp(try session.store.samples(of: saved.id), profile: Profile())) < 1e-6)
    }
}
