import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Golden sessions: the real core on real SQLite, every sentence and its kind, in order.
///
/// `> words` is typed, `:wait N` lets N seconds pass on the simulated strap, and every other
/// line is what Heartline must say, as `kind: sentence`.
@Suite(.timed) struct GoldenSessionTests {
    /// Metrics time and heart rate, a one-minute interval, a heart-rate query, end, save, then the new workout in the history.
    @Test func theScriptedWorkoutOfTheIssueHasReadoutsAtOneAndTwoMinutesOnly() throws {
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
            > configure
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
            > 3
            answer: Calories burned: off.
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
            > 3
            answer: Interval: 1 minute.
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
            menu: Audio metrics on: time elapsed and heart rate.
            menu: Interval: 1 minute.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            :wait 59
            :wait 1
            readout: Time elapsed, 1 minute.
            readout: Heart rate, 75 beats per minute.
            :wait 59
            :wait 1
            readout: Time elapsed, 2 minutes.
            readout: Heart rate, 92 beats per minute.
            :wait 5
            > heart rate
            answer: Heart rate, 94 beats per minute.
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
            > save
            answer: Workout saved.
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
            > browse by metric
            menu: Browse by metric.
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
            > average heart rate
            menu: Average heart rate by workout.
            menu: Items 1 to 1 of 1.
            menu: 1, today, Average heart rate: 77 beats per minute.
            > back
            menu: Browse by metric.
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
            > back
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > 1
            menu: All workouts.
            menu: Items 1 to 1 of 1.
            menu: 1, today at 7:30, 2 minutes and 5 seconds.
            > 1
            menu: Workout of today at 7:30.
            menu: Time elapsed, 2 minutes and 5 seconds.
            menu: Average heart rate, 77 beats per minute.
            menu: Maximum heart rate, 94 beats per minute.
            menu: Calories burned, 6 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            """#)
    }

    /// A paused workout stays paused after "no"; the summary cannot be left unsaved; quitting during a workout ends it first.
    @Test func endAndDeleteConfirmationsTakeBothAnswers() throws {
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
            > 4
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
            :wait 10
            > p
            answer: Workout paused.
            :wait 20
            > e
            answer: Definitely end workout? Yes or no.
            > n
            answer: Workout continues, still paused.
            > time
            answer: Time elapsed, 10 seconds.
            answer: Paused for 20 seconds.
            > r
            answer: Time elapsed, 10 seconds.
            answer: Paused for 20 seconds.
            > resume
            answer: Workout resumed.
            > e
            answer: Definitely end workout? Yes or no.
            > maybe
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            > y
            menu: Workout summary.
            menu: Time elapsed, 10 seconds.
            menu: Average heart rate, 68 beats per minute.
            menu: Maximum heart rate, 69 beats per minute.
            menu: Calories burned, 0 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > back
            answer: Save or delete the workout first.
            > home
            answer: Save or delete the workout first.
            > quit
            answer: Save or delete the workout first.
            > 2
            answer: Definitely delete workout? Yes or no.
            > no
            answer: Workout kept.
            > delete
            answer: Definitely delete workout? Yes or no.
            > yes
            answer: Workout deleted.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 2
            menu: Last workout configuration.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: 1, Start workout.
            menu: 2, Edit configuration.
            menu: 3, Back.
            > 1
            answer: Workout started.
            :wait 3
            > quit
            answer: A workout is in progress. Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 3 seconds.
            menu: Average heart rate, 69 beats per minute.
            menu: Maximum heart rate, 70 beats per minute.
            menu: Calories burned, 0 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > save
            answer: Workout saved.
            answer: Goodbye.
            """#)
    }

    /// Twelve saved workouts: pages of ten, details, an export, a confirmed delete, dates in words.
    @Test func reviewBrowsesAllByDateAndByMetricWithPagesAndDeletes() throws {
        let session = try GoldenSession()
        try session.saveWorkouts(count: 12)
        expectGolden(
            session,
            #"""
            > review
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > 1
            menu: All workouts.
            menu: Items 1 to 10 of 12.
            menu: 1, yesterday at 7:30, 20 minutes and 1 second.
            menu: 2, Friday 27 November at 7:30, 20 minutes and 2 seconds.
            menu: 3, Thursday 26 November at 7:30, 20 minutes and 3 seconds.
            menu: 4, Wednesday 25 November at 7:30, 20 minutes and 4 seconds.
            menu: 5, Tuesday 24 November at 7:30, 20 minutes and 5 seconds.
            menu: 6, Monday 23 November at 7:30, 20 minutes and 6 seconds.
            menu: 7, Sunday 22 November at 7:30, 20 minutes and 7 seconds.
            menu: 8, Saturday 21 November at 7:30, 20 minutes and 8 seconds.
            menu: 9, Friday 20 November at 7:30, 20 minutes and 9 seconds.
            menu: 10, Thursday 19 November at 7:30, 20 minutes and 10 seconds.
            menu: Type next for more.
            > next
            menu: All workouts.
            menu: Items 11 to 12 of 12.
            menu: 11, Wednesday 18 November at 7:30, 20 minutes and 11 seconds.
            menu: 12, Tuesday 17 November at 7:30, 20 minutes and 12 seconds.
            > next
            answer: End of list.
            > previous
            menu: All workouts.
            menu: Items 1 to 10 of 12.
            menu: 1, yesterday at 7:30, 20 minutes and 1 second.
            menu: 2, Friday 27 November at 7:30, 20 minutes and 2 seconds.
            menu: 3, Thursday 26 November at 7:30, 20 minutes and 3 seconds.
            menu: 4, Wednesday 25 November at 7:30, 20 minutes and 4 seconds.
            menu: 5, Tuesday 24 November at 7:30, 20 minutes and 5 seconds.
            menu: 6, Monday 23 November at 7:30, 20 minutes and 6 seconds.
            menu: 7, Sunday 22 November at 7:30, 20 minutes and 7 seconds.
            menu: 8, Saturday 21 November at 7:30, 20 minutes and 8 seconds.
            menu: 9, Friday 20 November at 7:30, 20 minutes and 9 seconds.
            menu: 10, Thursday 19 November at 7:30, 20 minutes and 10 seconds.
            menu: Type next for more.
            > previous
            answer: This is the first page.
            > 12
            menu: Workout of Tuesday 17 November at 7:30.
            menu: Time elapsed, 20 minutes and 12 seconds.
            menu: Average heart rate, 132 beats per minute.
            menu: Maximum heart rate, 169 beats per minute.
            menu: Calories burned, 198 kilocalories.
            menu: Training load, 28 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            > 7
            answer: There is no item 7. Choose 1 to 6.
            > 5
            answer: Below zone 1, under 93 beats per minute: 2 minutes and 2 seconds.
            answer: Zone 1, 93 to 111 beats per minute: 1 minute and 1 second.
            answer: Zone 2, 112 to 130 beats per minute: 1 minute and 15 seconds.
            answer: Zone 3, 131 to 148 beats per minute: 12 minutes and 6 seconds.
            answer: Zone 4, 149 to 167 beats per minute: 3 minutes and 32 seconds.
            answer: Zone 5, 168 to 185 beats per minute: 16 seconds.
            > 2
            (export 1 csv)
            answer: Exported as CSV: heartline-golden-1 dot csv, in the folder heartline-exports.
            > no
            answer: There is no question to answer.
            > 4
            answer: Definitely delete workout? Yes or no.
            > yes
            answer: Workout deleted.
            menu: All workouts.
            menu: Items 1 to 10 of 11.
            menu: 1, yesterday at 7:30, 20 minutes and 1 second.
            menu: 2, Friday 27 November at 7:30, 20 minutes and 2 seconds.
            menu: 3, Thursday 26 November at 7:30, 20 minutes and 3 seconds.
            menu: 4, Wednesday 25 November at 7:30, 20 minutes and 4 seconds.
            menu: 5, Tuesday 24 November at 7:30, 20 minutes and 5 seconds.
            menu: 6, Monday 23 November at 7:30, 20 minutes and 6 seconds.
            menu: 7, Sunday 22 November at 7:30, 20 minutes and 7 seconds.
            menu: 8, Saturday 21 November at 7:30, 20 minutes and 8 seconds.
            menu: 9, Friday 20 November at 7:30, 20 minutes and 9 seconds.
            menu: 10, Thursday 19 November at 7:30, 20 minutes and 10 seconds.
            menu: Type next for more.
            > 1
            menu: Workout of yesterday at 7:30.
            menu: Time elapsed, 20 minutes and 1 second.
            menu: Average heart rate, 147 beats per minute.
            menu: Maximum heart rate, 172 beats per minute.
            menu: Calories burned, 233 kilocalories.
            menu: Training load, 38 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            > back
            menu: All workouts.
            menu: Items 1 to 10 of 11.
            menu: 1, yesterday at 7:30, 20 minutes and 1 second.
            menu: 2, Friday 27 November at 7:30, 20 minutes and 2 seconds.
            menu: 3, Thursday 26 November at 7:30, 20 minutes and 3 seconds.
            menu: 4, Wednesday 25 November at 7:30, 20 minutes and 4 seconds.
            menu: 5, Tuesday 24 November at 7:30, 20 minutes and 5 seconds.
            menu: 6, Monday 23 November at 7:30, 20 minutes and 6 seconds.
            menu: 7, Sunday 22 November at 7:30, 20 minutes and 7 seconds.
            menu: 8, Saturday 21 November at 7:30, 20 minutes and 8 seconds.
            menu: 9, Friday 20 November at 7:30, 20 minutes and 9 seconds.
            menu: 10, Thursday 19 November at 7:30, 20 minutes and 10 seconds.
            menu: Type next for more.
            > back
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > 2
            menu: Browse by date.
            menu: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            > someday
            answer: I did not understand the date someday. Try today, yesterday or 28 november.
            answer: Type back to leave without a change.
            > today
            answer: No workouts for today.
            > yesterday
            menu: Workouts for yesterday.
            menu: Items 1 to 1 of 1.
            menu: 1, yesterday at 7:30, 20 minutes and 1 second.
            > 1
            menu: Workout of yesterday at 7:30.
            menu: Time elapsed, 20 minutes and 1 second.
            menu: Average heart rate, 147 beats per minute.
            menu: Maximum heart rate, 172 beats per minute.
            menu: Calories burned, 233 kilocalories.
            menu: Training load, 38 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            > back
            menu: Workouts for yesterday.
            menu: Items 1 to 1 of 1.
            menu: 1, yesterday at 7:30, 20 minutes and 1 second.
            > back
            menu: Browse by date.
            menu: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            > 2 november
            answer: No workouts for Monday 2 November.
            > back
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > 3
            menu: Browse by metric.
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
            > 4
            menu: Calories burned by workout.
            menu: Items 1 to 10 of 11.
            menu: 1, yesterday, Calories burned: 233 kilocalories.
            menu: 2, Friday 27 November, Calories burned: 236 kilocalories.
            menu: 3, Thursday 26 November, Calories burned: 230 kilocalories.
            menu: 4, Wednesday 25 November, Calories burned: 233 kilocalories.
            menu: 5, Tuesday 24 November, Calories burned: 232 kilocalories.
            menu: 6, Monday 23 November, Calories burned: 234 kilocalories.
            menu: 7, Sunday 22 November, Calories burned: 234 kilocalories.
            menu: 8, Saturday 21 November, Calories burned: 234 kilocalories.
            menu: 9, Friday 20 November, Calories burned: 236 kilocalories.
            menu: 10, Thursday 19 November, Calories burned: 235 kilocalories.
            menu: Type next for more.
            > back
            menu: Browse by metric.
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
            > 4
            menu: Calories burned by workout.
            menu: Items 1 to 10 of 11.
            menu: 1, yesterday, Calories burned: 233 kilocalories.
            menu: 2, Friday 27 November, Calories burned: 236 kilocalories.
            menu: 3, Thursday 26 November, Calories burned: 230 kilocalories.
            menu: 4, Wednesday 25 November, Calories burned: 233 kilocalories.
            menu: 5, Tuesday 24 November, Calories burned: 232 kilocalories.
            menu: 6, Monday 23 November, Calories burned: 234 kilocalories.
            menu: 7, Sunday 22 November, Calories burned: 234 kilocalories.
            menu: 8, Saturday 21 November, Calories burned: 234 kilocalories.
            menu: 9, Friday 20 November, Calories burned: 236 kilocalories.
            menu: 10, Thursday 19 November, Calories burned: 235 kilocalories.
            menu: Type next for more.
            > 2
            menu: Workout of Friday 27 November at 7:30.
            menu: Time elapsed, 20 minutes and 2 seconds.
            menu: Average heart rate, 148 beats per minute.
            menu: Maximum heart rate, 172 beats per minute.
            menu: Calories burned, 236 kilocalories.
            menu: Training load, 38 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            > back
            menu: Calories burned by workout.
            menu: Items 1 to 10 of 11.
            menu: 1, yesterday, Calories burned: 233 kilocalories.
            menu: 2, Friday 27 November, Calories burned: 236 kilocalories.
            menu: 3, Thursday 26 November, Calories burned: 230 kilocalories.
            menu: 4, Wednesday 25 November, Calories burned: 233 kilocalories.
            menu: 5, Tuesday 24 November, Calories burned: 232 kilocalories.
            menu: 6, Monday 23 November, Calories burned: 234 kilocalories.
            menu: 7, Sunday 22 November, Calories burned: 234 kilocalories.
            menu: 8, Saturday 21 November, Calories burned: 234 kilocalories.
            menu: 9, Friday 20 November, Calories burned: 236 kilocalories.
            menu: 10, Thursday 19 November, Calories burned: 235 kilocalories.
            menu: Type next for more.
            > 1
            menu: Workout of yesterday at 7:30.
            menu: Time elapsed, 20 minutes and 1 second.
            menu: Average heart rate, 147 beats per minute.
            menu: Maximum heart rate, 172 beats per minute.
            menu: Calories burned, 233 kilocalories.
            menu: Training load, 38 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            """#)
    }

    /// The strap drops out and comes back; its silence is never counted as heart rate.
    @Test func aDroppedSensorIsSaidAndNotCounted() throws {
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
            > 4
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
            > 2
            answer: Interval: 30 seconds.
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
            menu: Interval: 30 seconds.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            :wait 30
            readout: Time elapsed, 30 seconds.
            readout: Heart rate, 68 beats per minute.
            readout: Calories burned, 1 kilocalorie.
            :sensor lost
            event: Heart rate strap disconnected.
            > heart rate
            answer: Heart rate strap is not connected.
            :wait 30
            readout: Time elapsed, 1 minute.
            readout: Heart rate strap is not connected.
            readout: Calories burned, 1 kilocalorie.
            > average heart rate
            answer: Average heart rate, 68 beats per minute.
            :sensor back
            event: Heart rate strap connected.
            :wait 2
            > h
            answer: Heart rate, 69 beats per minute.
            :strap off
            :wait 4
            > h
            answer: Heart rate, 69 beats per minute.
            :wait 3
            > h
            answer: No current heart rate: the strap has sent nothing for 7 seconds.
            > end
            answer: Definitely end workout? Yes or no.
            > y
            menu: Workout summary.
            menu: Time elapsed, 1 minute and 9 seconds.
            menu: Average heart rate, 68 beats per minute.
            menu: Maximum heart rate, 69 beats per minute.
            menu: Calories burned, 1 kilocalorie.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > 2
            answer: Definitely delete workout? Yes or no.
            > y
            answer: Workout deleted.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            """#)
    }

    /// Averages over week, month, year and all time say when there is nothing to average.
    @Test func averagesWithNoWorkoutsSaySo() throws {
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
            > average heart rate
            menu: Averages: Average heart rate.
            menu: Average heart rate, last week: no workouts.
            menu: Average heart rate, last month: no workouts.
            menu: Average heart rate, last year: no workouts.
            menu: Average heart rate, all time: no workouts.
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
            > time
            menu: Averages: Time elapsed.
            menu: Time elapsed, last week: no workouts.
            menu: Time elapsed, last month: no workouts.
            menu: Time elapsed, last year: no workouts.
            menu: Time elapsed, all time: no workouts.
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
            > back
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > 2
            menu: Browse by date.
            menu: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            > 1
            answer: I did not understand the date 1. Try today, yesterday or 28 november.
            answer: Type back to leave without a change.
            > 1
            answer: I did not understand the date 1. Try today, yesterday or 28 november.
            answer: Type back to leave without a change.
            """#)
    }

    /// Unknown words, slips, out-of-range and over-long numbers, empty lines; help and where on every screen.
    @Test func badInputGetsOneShortSentenceAndTheShellGoesOn() throws {
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
            > bogus
            answer: I don't know bogus. Type help for what you can do here.
            > hepl
            answer: I don't know hepl. Did you mean help?
            > setings
            answer: I don't know setings. Did you mean settings?
            > 0
            answer: There is no item 0. Choose 1 to 5.
            > -3
            answer: There is no item -3. Choose 1 to 5.
            > 99999999999999999999
            answer: There is no item 99999999999999999999. Choose 1 to 5.
            >
            answer: You are on Heartline home.
            > where
            answer: You are on Heartline home.
            > repeat
            answer: You are on Heartline home.
            > next
            answer: There is no next screen here.
            > back
            answer: This is the home screen.
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
            > 1
            answer: Time elapsed: off.
            > 2
            answer: Heart rate: off.
            > 3
            answer: Calories burned: off.
            > 5
            answer: There is no item 5. Choose 1 to 4.
            > help
            answer: Choose a metric by its number to switch it on or off, then Next.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > 4
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
            > 3
            answer: Interval: 1 minute.
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
            menu: No audio metrics on.
            menu: Interval: 1 minute.
            menu: 1, Start workout.
            > start
            answer: Workout started.
            > hart rate
            answer: I don't know hart rate. Did you mean heart rate?
            > xyz
            answer: I don't know xyz. Type help for what you can do here.
            > ?
            answer: Keys: t or 1, time; h or 2, heart rate; c or 3, calories.
            answer: Keys: a or 4, average heart rate; m or 5, all metrics.
            answer: Keys: z or 6, zone; i or 7, plan; v or 8, announcements.
            answer: Keys: e or 9, end; p or 0 or space, pause or resume.
            answer: Keys: r or star, repeat; question mark or dot, help; b or minus, battery.
            answer: Keys: x, heart rate variability; l, lap; w or plus, where.
            answer: Stop pauses, as the headset's stop button does. End ends the workout.
            answer: Colon lets you type a command, then Enter. Escape cancels it.
            answer: k, then any key, says what that key does.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > quit
            answer: A workout is in progress. Definitely end workout? Yes or no.
            > no
            answer: Workout continues.
            > help
            answer: Keys: t or 1, time; h or 2, heart rate; c or 3, calories.
            answer: Keys: a or 4, average heart rate; m or 5, all metrics.
            answer: Keys: z or 6, zone; i or 7, plan; v or 8, announcements.
            answer: Keys: e or 9, end; p or 0 or space, pause or resume.
            answer: Keys: r or star, repeat; question mark or dot, help; b or minus, battery.
            answer: Keys: x, heart rate variability; l, lap; w or plus, where.
            answer: Stop pauses, as the headset's stop button does. End ends the workout.
            answer: Colon lets you type a command, then Enter. Escape cancels it.
            answer: k, then any key, says what that key does.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > where
            answer: You are on Workout in progress.
            > w
            answer: You are on Workout in progress.
            """#)
    }

    /// Every profile field, with bad and out-of-range values, then a two-hour workout with a two-hour interval.
    @Test func profileValuesAreCheckedAndUsedForCalories() throws {
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
            > 4
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            > 1
            menu: Profile.
            menu: 1, Age: not set.
            menu: 2, Sex: not set.
            menu: 3, Weight: not set.
            menu: 4, Maximum heart rate: not set.
            menu: 5, Resting heart rate: not set.
            menu: 6, FTP: not set.
            menu: 7, Units: Kilometres.
            > 1
            menu: Type your age in years.
            > 200
            answer: Age must be from 10 years to 110 years.
            answer: Type your age in years.
            answer: Type back to leave without a change.
            > 42
            answer: Age: 42 years.
            answer: You are on Profile.
            > 2
            menu: Type female or male.
            > x
            answer: I did not understand x. Type female or male.
            answer: Type back to leave without a change.
            > m
            answer: Sex: male.
            answer: You are on Profile.
            > 3
            menu: Type your weight with its unit, for example 70 kg or 154 lb.
            > 154 lb
            answer: Weight: 154 pounds.
            answer: You are on Profile.
            > 3
            menu: Type your weight with its unit, for example 70 kg or 154 lb.
            > 70 stone
            answer: I did not understand 70 stone. Type your weight with its unit, for example 70 kg or 154 lb.
            answer: Type back to leave without a change.
            > 3
            answer: Weight must be from 44.1 pounds to 771.6 pounds.
            answer: Type your weight with its unit, for example 70 kg or 154 lb.
            answer: Type back to leave without a change.
            > 10 kg
            answer: Weight must be from 20 kilograms to 350 kilograms.
            answer: Type your weight with its unit, for example 70 kg or 154 lb.
            answer: Type back to leave without a change.
            > 3
            answer: Weight must be from 44.1 pounds to 771.6 pounds.
            answer: Type your weight with its unit, for example 70 kg or 154 lb.
            answer: Type back to leave without a change.
            > 72.5
            answer: Weight: 72.5 pounds.
            answer: You are on Profile.
            > 4
            menu: Type your maximum heart rate, or clear to use 220 minus your age.
            > 300
            answer: Maximum heart rate must be from 100 beats per minute to 230 beats per minute.
            answer: Type your maximum heart rate, or clear to use 220 minus your age.
            answer: Type back to leave without a change.
            > clear
            answer: Maximum heart rate: 178 beats per minute, from your age.
            answer: You are on Profile.
            > 5
            menu: Type your resting heart rate in beats per minute.
            > 52
            answer: Resting heart rate: 52 beats per minute.
            answer: You are on Profile.
            > back
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            > back
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 2
            menu: Last workout configuration.
            menu: No workout configuration is saved yet.
            menu: 1, Configure a new workout.
            menu: 2, Back.
            > 2
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
            > 1
            answer: Time elapsed: off.
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
            > 10
            answer: Interval: 2 hours.
            menu: Target heart rate zone.
            menu: 1, No target, selected.
            menu: 2, Zone 1, 89 to 107 beats per minute.
            menu: 3, Zone 2, 108 to 125 beats per minute.
            menu: 4, Zone 3, 126 to 142 beats per minute.
            menu: 5, Zone 4, 143 to 160 beats per minute.
            menu: 6, Zone 5, 161 to 178 beats per minute.
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
            menu: Audio metrics on: heart rate and calories burned.
            menu: Interval: 2 hours.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            :wait 7200
            readout: Heart rate, 137 beats per minute.
            readout: Calories burned, 1,459 kilocalories.
            > c
            answer: Calories burned, 1,459 kilocalories.
            > end
            answer: Definitely end workout? Yes or no.
            > y
            menu: Workout summary.
            menu: Time elapsed, 2 hours.
            menu: Average heart rate, 144 beats per minute.
            menu: Maximum heart rate, 172 beats per minute.
            menu: Calories burned, 1,459 kilocalories.
            menu: Training load, 244 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > 1
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 2
            menu: Last workout configuration.
            menu: Audio metrics on: heart rate and calories burned.
            menu: Interval: 2 hours.
            menu: 1, Start workout.
            menu: 2, Edit configuration.
            menu: 3, Back.
            """#)
    }

    /// On a day's list, out-of-range numbers are measured against that day's workouts, not all.
    @Test func aDaysListCountsItsOwnWorkouts() throws {
        let session = try GoldenSession()
        try session.saveWorkouts(count: 3)
        expectGolden(
            session,
            #"""
            > review
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > browse by date
            menu: Browse by date.
            menu: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            > yesterday
            menu: Workouts for yesterday.
            menu: Items 1 to 1 of 1.
            menu: 1, yesterday at 7:30, 20 minutes and 1 second.
            > 2
            answer: There is no item 2. Item 1 is the only one.
            > 99999999999999999999
            answer: There is no item 99999999999999999999. Item 1 is the only one.
            > next
            answer: End of list.
            """#)
    }
}
