import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Golden sessions for the events that interrupt: sensor drop-outs, strap contact, the target zone
/// and interval plans. Same script form as GoldenSessionTests; `:hr`, `:contact` and `:sensor`
/// lines script the strap.
@Suite(.timed) struct EventGoldenTests {
    /// Zone 3 of a 40-year-old (127 to 144): the warm-up below it is not news, reaching it is; five minutes hovering at the upper edge say nothing; announcements are 30 seconds apart at least.
    @Test func aTargetZoneIsAnnouncedWithHysteresisAndNeverChattersAtTheEdge() throws {
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
            > 40
            answer: Age: 40 years.
            answer: You are on Profile.
            > home
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
            menu: 2, Zone 1, 90 to 108 beats per minute.
            menu: 3, Zone 2, 109 to 126 beats per minute.
            menu: 4, Zone 3, 127 to 144 beats per minute.
            menu: 5, Zone 4, 145 to 162 beats per minute.
            menu: 6, Zone 5, 163 to 180 beats per minute.
            menu: 7, Type a range.
            menu: 8, Next.
            > 4
            answer: Target heart rate zone: Zone 3, 127 to 144 beats per minute.
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
            menu: Target heart rate zone: Zone 3, 127 to 144 beats per minute.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            :hr 110
            :wait 40
            > z
            answer: Below the target zone of 127 to 144 beats per minute.
            :hr 135
            :wait 15
            event: In target zone, 130 beats per minute.
            > z
            answer: Inside the target zone of 127 to 144 beats per minute.
            :hr 170
            :wait 20
            :hr 135
            :wait 5
            event: Above target zone, 160 beats per minute.
            :wait 30
            event: In target zone, 135 beats per minute.
            # Hovering at the upper edge for five minutes says nothing.
            :hr 144~4
            :wait 300
            > z
            answer: Inside the target zone of 127 to 144 beats per minute.
            :hr 150~2
            :wait 60
            event: Above target zone, 148 beats per minute.
            > v
            answer: 4 recent announcements, newest first.
            answer: 53 seconds ago. Above target zone, 148 beats per minute.
            answer: 6 minutes and 2 seconds ago. In target zone, 135 beats per minute.
            answer: 6 minutes and 32 seconds ago. Above target zone, 160 beats per minute.
            answer: 7 minutes and 2 seconds ago. In target zone, 130 beats per minute.
            """#)
    }

    /// Three seconds without skin contact pause the clock, two seconds of contact resume it; a pause the user made stays; the setting switches it off.
    @Test func strapContactLostPausesAndContactBackResumes() throws {
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
            :hr 120
            :wait 20
            :contact off
            :wait 2
            > h
            answer: No current heart rate: the strap has no skin contact.
            :wait 1
            :wait 1
            event: Strap contact lost. Workout paused.
            > t
            answer: Time elapsed, 24 seconds.
            answer: Paused just now.
            :wait 60
            > t
            answer: Time elapsed, 24 seconds.
            answer: Paused for 1 minute.
            :contact on
            :wait 2
            :wait 1
            event: Strap contact back. Workout resumed.
            > t
            answer: Time elapsed, 24 seconds.
            # A pause the user makes is not undone by contact coming back.
            > p
            answer: Workout paused.
            :contact off
            :wait 10
            event: Strap contact lost.
            :contact on
            :wait 10
            event: Strap contact back.
            > t
            answer: Time elapsed, 24 seconds.
            answer: Paused for 20 seconds.
            > resume
            answer: Workout resumed.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 24 seconds.
            menu: Average heart rate, 120 beats per minute.
            menu: Maximum heart rate, 120 beats per minute.
            menu: Calories burned, 3 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > 2
            answer: Definitely delete workout? Yes or no.
            > yes
            answer: Workout deleted.
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
            > auto-pause
            answer: Auto-pause when the strap loses contact: off.
            > back
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
            :contact off
            :wait 10
            event: Strap contact lost.
            > t
            answer: Time elapsed, 10 seconds.
            """#)
    }

    /// A plan typed in words, run whole: each phase, the position on request, a pause that freezes the plan, and readouts dropped when an event is due at the same second.
    @Test func anIntervalPlanAnnouncesEveryPhaseAndFreezesWhilePaused() throws {
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
            > plan please
            answer: I did not understand 'plan'.
            answer: Type the plan again, or press Escape to choose from the list.
            > 2 times 1 minute work, 30 seconds rest, warm-up 30 seconds, cool-down 20 seconds
            answer: Training plan, 3 minutes and 20 seconds in all.
            answer: Warm-up 30 seconds.
            answer: 2 times 1 minute work, 30 seconds rest.
            answer: Cool-down 20 seconds.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: 30 seconds.
            menu: Training plan, 3 minutes and 20 seconds in all.
            menu: Warm-up 30 seconds.
            menu: 2 times 1 minute work, 30 seconds rest.
            menu: Cool-down 20 seconds.
            menu: 1, Start workout.
            > back
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan.
            menu: 2, Type a plan: 3 minutes and 20 seconds in all.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > 3
            answer: Countdown before each change: off.
            > start workout
            answer: Workout started.
            event: Warm-up, 30 seconds.
            :wait 20
            > i
            answer: Warm-up, 10 seconds left.
            :wait 7
            :wait 3
            event: Work, round 1 of 2, 1 minute.
            readout: Time elapsed, 30 seconds.
            readout: Heart rate, 68 beats per minute.
            readout: Calories burned, 1 kilocalorie.
            :wait 57
            readout: Time elapsed, 1 minute.
            readout: Heart rate, 75 beats per minute.
            readout: Calories burned, 2 kilocalories.
            :wait 3
            event: Rest, 30 seconds.
            readout: Time elapsed, 1 minute and 30 seconds.
            readout: Heart rate, 83 beats per minute.
            readout: Calories burned, 3 kilocalories.
            > i
            answer: Rest after round 1 of 2, 30 seconds left.
            :wait 30
            event: Work, round 2 of 2, 1 minute.
            readout: Time elapsed, 2 minutes.
            readout: Heart rate, 92 beats per minute.
            readout: Calories burned, 5 kilocalories.
            :wait 30
            readout: Time elapsed, 2 minutes and 30 seconds.
            readout: Heart rate, 103 beats per minute.
            readout: Calories burned, 8 kilocalories.
            > p
            answer: Workout paused.
            :wait 30
            > resume
            answer: Workout resumed.
            > i
            answer: Work, round 2 of 2, 30 seconds left.
            :wait 30
            event: Cool-down, 20 seconds.
            readout: Time elapsed, 3 minutes.
            readout: Heart rate, 119 beats per minute.
            readout: Calories burned, 12 kilocalories.
            :wait 20
            event: Training plan finished.
            :wait 10
            readout: Time elapsed, 3 minutes and 30 seconds.
            readout: Heart rate, 127 beats per minute.
            readout: Calories burned, 16 kilocalories.
            > i
            answer: The training plan is finished.
            > end
            answer: Definitely end workout? Yes or no.
            > y
            menu: Workout summary.
            menu: Time elapsed, 3 minutes and 30 seconds.
            menu: Average heart rate, 92 beats per minute.
            menu: Maximum heart rate, 127 beats per minute.
            menu: Calories burned, 16 kilocalories.
            menu: Training load, 1 point.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Laps.
            menu: 5, Upload and save workout.
            > save
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 2
            menu: Last workout configuration.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: 30 seconds.
            menu: Training plan, 3 minutes and 20 seconds in all.
            menu: Warm-up 30 seconds.
            menu: 2 times 1 minute work, 30 seconds rest.
            menu: Cool-down 20 seconds.
            menu: No countdown.
            menu: 1, Start workout.
            menu: 2, Edit configuration.
            menu: 3, Back.
            """#)
    }

    /// A minute at 100, a minute lost, a minute at 100: the average stays 100 and the lost minute adds no calories.
    @Test func aDropOutIsLeftOutOfAveragesAndCalories() throws {
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
            :hr 100
            :wait 60
            :sensor lost
            event: Heart rate strap disconnected.
            > h
            answer: Heart rate strap is not connected.
            > c
            answer: Calories burned, 6 kilocalories.
            answer: The calorie estimate improves with your age, sex and weight in Settings, Profile.
            :wait 60
            > a
            answer: Average heart rate, 100 beats per minute.
            > c
            answer: Calories burned, 6 kilocalories.
            :sensor back
            event: Heart rate strap connected.
            :hr 100
            :wait 60
            > a
            answer: Average heart rate, 100 beats per minute.
            > c
            answer: Calories burned, 11 kilocalories.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 3 minutes.
            menu: Average heart rate, 100 beats per minute.
            menu: Maximum heart rate, 100 beats per minute.
            menu: Calories burned, 11 kilocalories.
            menu: Training load, 1 point.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            """#)
    }

    /// A countdown before the plan ends; "events" lists what is worth hearing again.
    @Test func theCountdownCountsTheLastThreeSecondsAndIsNotKeptInEvents() throws {
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
            > 1 x 20 s work
            answer: Training plan, 20 seconds in all.
            answer: Once, 20 seconds work.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 20 seconds in all.
            menu: Once, 20 seconds work.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            event: Work, 20 seconds.
            :wait 16
            :wait 1
            :wait 1
            :wait 1
            :wait 1
            event: Training plan finished.
            :wait 5
            > v
            answer: 2 recent announcements, newest first.
            answer: 5 seconds ago. Training plan finished.
            answer: 25 seconds ago. Work, 20 seconds.
            """#)
    }
}
