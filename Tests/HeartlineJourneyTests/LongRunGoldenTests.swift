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

    /// A zone change held back by the quiet half minute is not said once the strap is gone:
    /// the readings it rests on are the strap's last, not the athlete's heart now.
    @Test func noZoneIsSaidFromTheReadingsOfAStrapThatIsGone() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(metrics: [], interval: .none, target: TargetZone(zone: nil, range: HeartRateRange(low: 140, high: 160))))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 150
            :wait 15
            event: In target zone, 150 beats per minute.
            :hr 175
            :wait 17
            :sensor lost
            event: Heart rate strap disconnected.
            :wait 10
            :sensor back
            event: Heart rate strap connected.
            :wait 10
            event: Above target zone, 175 beats per minute.
            """#)
    }

    /// On the second page of a list a key chooses among the items read there: 1 the eleventh,
    /// 0 the twentieth (none here, and said so); a typed number is any item's.
    @Test func aKeyOnAListsPageChoosesAnItemOfThatPage() throws {
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
            :key 1
            menu: Workout of Wednesday 18 November at 7:30.
            menu: Time elapsed, 20 minutes and 11 seconds.
            menu: Average heart rate, 146 beats per minute.
            menu: Maximum heart rate, 172 beats per minute.
            menu: Calories burned, 234 kilocalories.
            menu: Training load, 37 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            > back
            menu: All workouts.
            menu: Items 11 to 12 of 12.
            menu: 11, Wednesday 18 November at 7:30, 20 minutes and 11 seconds.
            menu: 12, Tuesday 17 November at 7:30, 20 minutes and 12 seconds.
            :key 0
            answer: There is no item 20. Choose 1 to 12.
            > 3
            menu: Workout of Thursday 26 November at 7:30.
            menu: Time elapsed, 20 minutes and 3 seconds.
            menu: Average heart rate, 145 beats per minute.
            menu: Maximum heart rate, 170 beats per minute.
            menu: Calories burned, 230 kilocalories.
            menu: Training load, 36 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            """#)
    }

    /// A typed range above the maximum heart rate (185 here) is refused, typed the wrong way round
    /// too, and the line stays open for the next try.
    @Test func aTargetAboveTheMaximumHeartRateIsRefused() throws {
        let session = try GoldenSession()
        session.open(.configure(.zone, Draft()), below: [.home])
        expectGolden(
            session,
            #"""
            menu: Target heart rate zone.
            menu: 1, No target, selected.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range.
            menu: 8, Next.
            > type a range
            answer: Type a range such as 140 to 160, then press Enter.
            > 200 to 100
            answer: 200 is above your maximum heart rate of 185 beats per minute.
            answer: Type the range again, or press Escape to choose a zone.
            > 170 to 185
            answer: Target heart rate zone: 170 to 185 beats per minute.
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            """#)
    }

    /// The lap key pressed twice in one second, and in the second a plan's phase began: the lap
    /// just ended is read again, never a lap of 0 seconds that is not stored.
    @Test func theLapKeyInTheSecondALapBeganReadsTheEndedLapAgain() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 100
            :wait 60
            :key l
            answer: Lap 1, 1 minute.
            answer: Lap 1 average heart rate, 100 beats per minute.
            :key l
            answer: Lap 1, 1 minute.
            answer: Lap 1 average heart rate, 100 beats per minute.
            :wait 30
            :key l
            answer: Lap 2, 30 seconds.
            answer: Lap 2 average heart rate, 100 beats per minute.
            """#)
        let planned = try GoldenSession()
        let plan = try TrainingPlanText.read("warm up 20 seconds, 2 times 30 seconds hard, 20 seconds easy")
        planned.startWorkout(WorkoutConfiguration(metrics: [], interval: .none, plan: plan))
        expectGolden(
            planned,
            #"""
            answer: Workout started.
            event: Warm-up, 20 seconds.
            :hr 100
            :wait 20
            event: Work in 5 seconds.
            event: Work, round 1 of 2, 30 seconds.
            :key l
            answer: Lap 1, 20 seconds.
            answer: Lap 1 average heart rate, 100 beats per minute.
            """#)
    }

    /// Keys that print nothing are answered on every kind of screen: they do nothing here, or,
    /// on a question, the question is asked again. Repeat still says the answer before them.
    @Test func keysThatPrintNothingSayTheyDoNothingHere() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :key F2
            answer: F2 does nothing here. Press question mark for help.
            :key F3
            answer: F3 does nothing here. Press question mark for help.
            :key F4
            answer: F4 does nothing here. Press question mark for help.
            :key F9
            answer: F9 does nothing here. Press question mark for help.
            :key 9
            answer: Definitely end workout? Yes or no.
            :key F7
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            :key n
            answer: Workout continues.
            """#)
        let menus = try GoldenSession()
        expectGolden(
            menus,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :key insert
            answer: Insert does nothing here. Press question mark for help.
            :key pageup
            answer: Page Up does nothing here. Press question mark for help.
            :key pagedown
            answer: Page Down does nothing here. Press question mark for help.
            :key F12
            answer: F12 does nothing here. Press question mark for help.
            > repeat
            answer: Heartline home.
            answer: 1, Configure a new workout.
            answer: 2, Use last workout configuration.
            answer: 3, Review previous workouts.
            answer: 4, Settings.
            answer: 5, Resting check.
            """#)
    }

    /// The key-describe mode describes the key after k, whatever it is, and then ends: the
    /// keypad's slash stops speech, Tab completes, and a digit past a menu's last item chooses
    /// nothing.
    @Test func theKeyDescribeModeDescribesEveryKey() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key /
            answer: slash: stop speech.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key tab
            answer: tab: complete a command.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key F8
            answer: F8 does nothing here. Press question mark for help.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key F5
            answer: F5: repeat.
            :key 1
            answer: Time elapsed, 0 seconds.
            """#)
        let home = try GoldenSession()
        expectGolden(
            home,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > keys
            answer: Press a key to hear what it does, or Escape to cancel.
            :key 9
            answer: 9 chooses nothing here: this menu has 5 items.
            > keys
            answer: Press a key to hear what it does, or Escape to cancel.
            :key 4
            answer: 4: Settings.
            > keys
            answer: Press a key to hear what it does, or Escape to cancel.
            :key left
            answer: Left arrow: edit the line being typed.
            > keys
            answer: Press a key to hear what it does, or Escape to cancel.
            :key up
            answer: Up arrow: recall an earlier command.
            :key 9
            answer: There is no item 9. Choose 1 to 5.
            """#)
    }

    /// With a second language installed, Settings keeps to nine items: every one is a digit
    /// away, Language the ninth, and Recording and saving groups what records and keeps a
    /// workout (upload was the eleventh item, out of a digit's reach).
    @Test func everySettingIsADigitAway() throws {
        let session = try GoldenSession(languages: [TestCatalogue.spanish, TestCatalogue.german])
        expectGolden(
            session,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :key 4
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            menu: 9, Language: English.
            :key 2
            menu: Recording and saving.
            menu: 1, Auto-pause when the strap loses contact: on.
            menu: 2, Resting check length: 3 minutes.
            menu: 3, Export every saved workout: off.
            menu: 4, Upload every saved workout to intervals.icu: off.
            :key 4
            answer: Upload every saved workout to intervals.icu: on.
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
            menu: 9, Language: English.
            :key 9
            answer: Idioma: Español.
            (language es)
            """#)
    }

    /// Every measured value is said with its unit: a rest's target as the work's is, in the
    /// block's sentence or in its own ("Then ...").
    @Test func aPlansRestIsSaidWithItsUnit() throws {
        let session = try GoldenSession()
        session.open(.configure(.plan, Draft()), below: [.home])
        expectGolden(
            session,
            #"""
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > type a plan
            answer: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            > 5 times 2 minutes at 250 watts, 1 minute at 100 watts
            answer: Training plan, 14 minutes in all.
            answer: 5 times 2 minutes work at 250 watts, 1 minute rest at 100 watts.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 14 minutes in all.
            menu: 5 times 2 minutes work at 250 watts, 1 minute rest at 100 watts.
            menu: 1, Start workout.
            """#)
    }

    /// Leaving the unfinished-workout offer with back or home says what becomes of the workout:
    /// it is kept, and offered again at the next start.
    @Test func leavingTheUnfinishedOfferSaysTheWorkoutIsKept() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 30
            :restart
            menu: You have an unfinished workout from today at 7:30, 30 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > back
            answer: The unfinished workout is kept and offered again at the next start.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :restart
            menu: You have an unfinished workout from today at 7:30, 30 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > home
            answer: The unfinished workout is kept and offered again at the next start.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :restart
            menu: You have an unfinished workout from today at 7:30, 30 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > where
            answer: You are on Unfinished workout.
            """#)
    }

    /// A plan's phase that begins while "Definitely end workout?" waits is said, and the
    /// question is asked again after it; answered no, the readout the question held back is
    /// said, and yes still ends the workout.
    @Test func aPlanEventDuringTheEndQuestionAsksItAgain() throws {
        let session = try GoldenSession()
        let plan = try TrainingPlanText.read("2 times 20 seconds work, 10 seconds rest")
        session.startWorkout(WorkoutConfiguration(metrics: [.heartRate], interval: .seconds30, plan: plan))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            event: Work, round 1 of 2, 20 seconds.
            :hr 140
            :wait 17
            event: Rest in 5 seconds.
            > end
            answer: Definitely end workout? Yes or no.
            :wait 14
            event: Rest, 10 seconds.
            answer: Definitely end workout? Yes or no.
            event: Work in 5 seconds.
            answer: Definitely end workout? Yes or no.
            event: Work, round 2 of 2, 20 seconds.
            answer: Definitely end workout? Yes or no.
            > no
            answer: Workout continues.
            :wait 2
            readout: Heart rate, 140 beats per minute.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 33 seconds.
            menu: Average heart rate, 140 beats per minute.
            menu: Maximum heart rate, 140 beats per minute.
            menu: Calories burned, 6 kilocalories.
            menu: Training load, 1 point.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Laps.
            menu: 5, Upload and save workout.
            """#)
    }

}
