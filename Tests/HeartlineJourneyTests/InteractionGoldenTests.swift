import Foundation
@testable import HeartlineCore
@testable import HeartlineStorage
import HeartlineTestSupport
import Testing

/// Golden sessions for every state being audible and every key answered, each starting on the
/// screen concerned (`open`, `startWorkout`). `:key X` presses one key on an empty line
/// (`space`, `escape`), `:act NAME` is a shell key or a media button naming a command.
@Suite(.timed) struct InteractionGoldenTests {
    /// Keys that are no workout keys are answered in one sentence; the colon opens a typed line,
    /// which Escape cancels, said; the next key acts again.
    @Test func everyKeyOnTheWorkoutScreenActsOrIsAnswered() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 3
            :key q
            answer: q does nothing here. Press question mark for help.
            :key t
            answer: Time elapsed, 3 seconds.
            :key Q
            answer: capital q does nothing here. Press question mark for help.
            :key ;
            answer: semicolon does nothing here. Press question mark for help.
            :key h
            answer: Heart rate, 68 beats per minute.
            :key :
            answer: Type a command, then press Enter. Escape cancels.
            :key escape
            answer: Command cancelled.
            :key :
            answer: Type a command, then press Enter. Escape cancels.
            > heart rate
            answer: Heart rate, 68 beats per minute.
            :key 1
            answer: Time elapsed, 3 seconds.
            :key space
            answer: Workout paused.
            :key space
            answer: Workout resumed.
            > x
            answer: Heart rate variability unknown: too few beat intervals in the last minute.
            > hart rate
            answer: I don't know hart rate. Did you mean heart rate?
            """#)
    }

    /// A question is asked again, with what yes does, on repeat, where, help and any other key;
    /// plus (where, on the keypad) never answers it, nor the end key pressed again (a bounce or
    /// a double tap); Enter on an empty line, the keypad's Enter, is yes.
    @Test func aQuestionCanAlwaysBeHeardAgainAndNeedsAnExplicitYes() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 5
            :key e
            answer: Definitely end workout? Yes or no.
            :key +
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            :key 1
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            > repeat
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            > where
            answer: You are on Confirm end of workout.
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            > help
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            > maybe
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            :key n
            answer: Workout continues.
            :key 9
            answer: Definitely end workout? Yes or no.
            :key -
            answer: Workout continues.
            :key 9
            answer: Definitely end workout? Yes or no.
            :key 9
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            >
            menu: Workout summary.
            menu: Time elapsed, 5 seconds.
            menu: Average heart rate, 68 beats per minute.
            menu: Maximum heart rate, 68 beats per minute.
            menu: Calories burned, 0 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            """#)
    }

    /// A paused workout says so in where, time and every metric, with how long; pause and resume
    /// are kept in the recent announcements.
    @Test func aPausedWorkoutSaysItIsPausedAndSinceWhen() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 10
            :key p
            answer: Workout paused.
            :wait 65
            > where
            answer: You are on Workout in progress.
            answer: You paused it.
            answer: Paused for 1 minute and 5 seconds.
            :key t
            answer: Time elapsed, 10 seconds.
            answer: Paused for 1 minute and 5 seconds.
            :key m
            answer: Time elapsed, 10 seconds.
            answer: Heart rate, 78 beats per minute.
            answer: Calories burned, 0 kilocalories.
            answer: The calorie estimate improves with your age, sex and weight in Settings, Profile.
            answer: Average heart rate, 68 beats per minute.
            answer: Paused for 1 minute and 5 seconds.
            :key space
            answer: Workout resumed.
            > events
            answer: 2 recent announcements, newest first.
            answer: 0 seconds ago. Workout resumed.
            answer: 1 minute and 5 seconds ago. Workout paused.
            """#)
    }

    /// Editing the last configuration starts from it on every step, and the last step reads it back.
    @Test func editingTheLastConfigurationStartsFromIt() throws {
        let session = try GoldenSession()
        let saved = WorkoutConfiguration(
            metrics: [.heartRate], interval: .minutes5, target: TargetZone(zone: nil, range: HeartRateRange(low: 140, high: 160)),
            plan: TrainingPlan(warmUp: nil, rounds: 4, work: 120, rest: 60, coolDown: nil, countdown: true))
        try session.store.saveLastConfiguration(saved)
        session.open(.last(saved))
        expectGolden(
            session,
            #"""
            menu: Last workout configuration.
            menu: Audio metrics on: heart rate.
            menu: Interval: 5 minutes.
            menu: Target heart rate zone: 140 to 160 beats per minute.
            menu: Training plan, 11 minutes in all.
            menu: 4 times 2 minutes work, 1 minute rest.
            menu: 1, Start workout.
            menu: 2, Edit configuration.
            menu: 3, Back.
            :key 2
            menu: Sport.
            menu: 1, Running.
            menu: 2, Cycling.
            menu: 3, Rowing.
            menu: 4, Other, selected.
            menu: 5, Next.
            > next
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: off.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: off.
            menu: 4, Next.
            > next
            menu: Time interval for audio feedback.
            menu: 1, No time.
            menu: 2, 30 seconds.
            menu: 3, 1 minute.
            menu: 4, 2 minutes.
            menu: 5, 5 minutes, selected.
            menu: 6, 10 minutes.
            menu: 7, 15 minutes.
            menu: 8, 30 minutes.
            menu: 9, 1 hour.
            menu: 10, 2 hours.
            menu: Press 0 for the tenth, 2 hours.
            > next
            menu: Target heart rate zone.
            menu: 1, No target.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range: 140 to 160 beats per minute.
            menu: 8, Next.
            > next
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan.
            menu: 2, Type a plan: 11 minutes in all.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > next
            menu: Ready to start.
            menu: Audio metrics on: heart rate.
            menu: Interval: 5 minutes.
            menu: Target heart rate zone: 140 to 160 beats per minute.
            menu: Training plan, 11 minutes in all.
            menu: 4 times 2 minutes work, 1 minute rest.
            menu: 1, Start workout.
            > next
            answer: This is the last step. Choose Start workout to begin.
            > back
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan.
            menu: 2, Type a plan: 11 minutes in all.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > back
            menu: Target heart rate zone.
            menu: 1, No target.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range: 140 to 160 beats per minute.
            menu: 8, Next.
            """#)
    }

    /// The configuration is linear: each choice is said with where the user now is, 0 is the
    /// tenth interval, a range and a plan are typed after choosing to type them, "next" never
    /// starts a workout, and back keeps what was chosen.
    @Test func configuringIsLinearAndEveryChoiceSaysWhereYouAre() throws {
        let session = try GoldenSession()
        session.open(.configure(.metrics, Draft()))
        expectGolden(
            session,
            #"""
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: on.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: on.
            menu: 4, Next.
            :key 3
            answer: Calories burned: off.
            :key 4
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
            :key 0
            answer: There is no item 10. Choose 1 to 8.
            :key 7
            answer: Type a range such as 140 to 160, then press Enter.
            > 140 to 160
            answer: Target heart rate zone: 140 to 160 beats per minute.
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > back
            menu: Target heart rate zone.
            menu: 1, No target.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range: 140 to 160 beats per minute.
            menu: 8, Next.
            :key 2
            answer: Target heart rate zone: Zone 1, 93 to 111 beats per minute.
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > 5 times 1 minute work, 30 seconds rest
            answer: Training plan, 7 minutes in all.
            answer: 5 times 1 minute work, 30 seconds rest.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed and heart rate.
            menu: Interval: No time.
            menu: Target heart rate zone: Zone 1, 93 to 111 beats per minute.
            menu: Training plan, 7 minutes in all.
            menu: 5 times 1 minute work, 30 seconds rest.
            menu: 1, Start workout.
            > next
            answer: This is the last step. Choose Start workout to begin.
            > start workout
            answer: Workout started.
            event: Work, round 1 of 5, 1 minute.
            """#)
    }

    /// One-minute plan phases with one-minute readouts: every readout is said after the phase's
    /// announcement, and each change is announced once, five seconds ahead.
    @Test func aPlanKeepsItsReadoutsAndWarnsOnceBeforeEachChange() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(
                metrics: [.time], interval: .minutes1,
                plan: TrainingPlan(warmUp: nil, rounds: 3, work: 60, rest: 60, coolDown: nil, countdown: true)))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            event: Work, round 1 of 3, 1 minute.
            :wait 60
            event: Rest in 5 seconds.
            event: Rest, 1 minute.
            readout: Time elapsed, 1 minute.
            :wait 60
            event: Work in 5 seconds.
            event: Work, round 2 of 3, 1 minute.
            readout: Time elapsed, 2 minutes.
            :wait 60
            event: Rest in 5 seconds.
            event: Rest, 1 minute.
            readout: Time elapsed, 3 minutes.
            """#)
    }

    /// A workout started with no strap says so once; the strap connecting later is announced.
    @Test func aStrapThatConnectsAfterTheStartIsAnnounced() throws {
        let session = try GoldenSession(strapSeed: nil)
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            answer: No heart rate strap is connected yet.
            :key h
            answer: Heart rate strap is not connected.
            :sensor back
            event: Heart rate strap connected.
            :wait 2
            :key h
            answer: Heart rate strap connected, waiting for the first heart rate.
            """#)
    }

    /// "keys", then a key: what it does, without doing it; the key after it acts again. Escape
    /// leaves the mode before a key.
    @Test func theKeyDescribeModeSaysWhatAKeyDoes() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            > keys
            answer: Press a key to hear what it does, or Escape to cancel.
            :key t
            answer: t: time.
            :key t
            answer: Time elapsed, 0 seconds.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key 9
            answer: 9: end.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key q
            answer: q does nothing here. Press question mark for help.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key k
            answer: k: keys.
            > keys
            answer: Press a key to hear what it does, or Escape to cancel.
            :key escape
            answer: Key descriptions off.
            :key t
            answer: Time elapsed, 0 seconds.
            """#)
    }

    /// Values are understood with their units, accepted values say where the user is, and
    /// repeat and spell say the last answer from the core's one memory.
    @Test func acceptedValuesSayWhereYouAreAndRepeatIsOneMemory() throws {
        let session = try GoldenSession()
        session.open(.profile(Profile()), below: [.home, .settings])
        expectGolden(
            session,
            #"""
            menu: Profile.
            menu: 1, Age: not set.
            menu: 2, Sex: not set.
            menu: 3, Weight: not set.
            menu: 4, Maximum heart rate: not set.
            menu: 5, Resting heart rate: not set.
            menu: 6, FTP: not set.
            menu: 7, Units: Kilometres.
            :key 1
            menu: Type your age in years.
            > 35 years
            answer: Age: 35 years.
            answer: You are on Profile.
            :act repeat
            answer: Age: 35 years.
            answer: You are on Profile.
            :key 4
            menu: Type your maximum heart rate, or clear to use 220 minus your age.
            > 180 bpm
            answer: Maximum heart rate: 180 beats per minute.
            answer: You are on Profile.
            :act spell
            answer: capital y, o, u
            answer: a, r, e
            answer: o, n
            answer: capital p, r, o, f, i, l, e, dot
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
            """#)
    }

    /// Power off asks first; yes flushes and asks the system; a refusal is one sentence.
    @Test func powerOffAsksAndSaysWhenTheSystemRefuses() throws {
        let session = try GoldenSession()
        session.open(.settings)
        expectGolden(
            session,
            #"""
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            :key 8
            answer: Definitely power off this computer? Yes or no.
            :key q
            answer: Definitely power off this computer? Yes or no.
            answer: Yes shuts this computer down safely.
            answer: Press y or Enter for yes, n or minus for no.
            :key y
            answer: Powering off.
            (power off)
            """#)
        #expect(session.send(.powerOffRefused) == ["answer: This computer does not let Heartline power it off."])
    }

    /// Workout commands outside a workout, yes with no question, and media buttons on a menu.
    @Test func commandsOnTheWrongScreenSayWhereTheyWork() throws {
        let session = try GoldenSession()
        session.open(.review)
        expectGolden(
            session,
            #"""
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > heart rate
            answer: That works during a workout.
            > yes
            answer: There is no question to answer.
            :act battery
            answer: That works during a workout.
            :act where
            answer: You are on Review previous workouts.
            :key 9
            answer: There is no item 9. Choose 1 to 4.
            """#)
    }

    @Test func tabOnAQuestionOffersOnlyItsAnswers() throws {
        let session = try GoldenSession()
        session.startWorkout()
        _ = session.send(.key("e"))
        #expect(session.core.completions() == ["yes", "no"])
    }

    @Test func oneBeatPerMinuteIsSingular() {
        #expect(TestCatalogue.words.beatsPerMinute(1) == "1 beat per minute")
        #expect(TestCatalogue.words.beatsPerMinute(2) == "2 beats per minute")
    }

    /// RMSSD of a known series over the last minute, a missed beat making it unreliable, and laps
    /// with their time and average, one sentence each.
    @Test func heartRateVariabilityAndLapsAreOneKeyAway() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :key x
            answer: Heart rate variability unknown: too few beat intervals in the last minute.
            :rr 800 810 790 820 800 805 795 810 800 790 800 810
            :wait 60
            :key x
            answer: Heart rate variability, last minute, 15 milliseconds.
            :rr 800 810 790 820 800 805 1600 795 810 800 790 800 810
            :wait 60
            > hrv
            answer: Heart rate variability, 16 milliseconds, unreliable: 8 percent artefacts.
            :key l
            answer: Lap 1, 2 minutes.
            answer: Lap 1 average heart rate, 73 beats per minute.
            :hr 150
            :wait 30
            :key l
            answer: Lap 2, 30 seconds.
            answer: Lap 2 average heart rate, 150 beats per minute.
            """#)
    }

    /// After the end the strap is still heard for two minutes: from 160 beats per minute at the
    /// end to 130 at 1 minute and 110 at 2 minutes, each drop said once as it is measured, then
    /// kept with the workout and read in its details. A quiet strap gives unknown, never a number.
    @Test func heartRateRecoveryIsMeasuredAfterTheEnd() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 160
            :wait 30
            :key e
            answer: Definitely end workout? Yes or no.
            :key y
            menu: Workout summary.
            menu: Time elapsed, 30 seconds.
            menu: Average heart rate, 160 beats per minute.
            menu: Maximum heart rate, 160 beats per minute.
            menu: Calories burned, 7 kilocalories.
            menu: Training load, 1 point.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            :hr 130
            :wait 60
            notice: Heart rate recovery, 1 minute: down 30 beats per minute.
            :hr 110
            :wait 60
            notice: Heart rate recovery, 2 minutes: down 50 beats per minute.
            > time in zones
            answer: Zone 4, 149 to 167 beats per minute: 30 seconds.
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
            > 1
            menu: All workouts.
            menu: Items 1 to 1 of 1.
            menu: 1, today at 7:30, 30 seconds.
            > 1
            menu: Workout of today at 7:30.
            menu: Time elapsed, 30 seconds.
            menu: Average heart rate, 160 beats per minute.
            menu: Maximum heart rate, 160 beats per minute.
            menu: Calories burned, 7 kilocalories.
            menu: Heart rate recovery, 1 minute, down 30 beats per minute.
            menu: Heart rate recovery, 2 minutes, down 50 beats per minute.
            menu: Training load, 1 point.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            """#)
        let saved = try #require(try session.store.savedWorkouts(offset: 0, limit: 1).first)
        #expect(saved.recovery == [30, 50])
        #expect(saved.trainingLoad != nil)
    }

    @Test func aQuietStrapGivesAnUnknownRecovery() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 150
            :wait 20
            :key e
            answer: Definitely end workout? Yes or no.
            :key y
            menu: Workout summary.
            menu: Time elapsed, 20 seconds.
            menu: Average heart rate, 150 beats per minute.
            menu: Maximum heart rate, 150 beats per minute.
            menu: Calories burned, 4 kilocalories.
            menu: Training load, 1 point.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            :strap off
            :wait 120
            notice: Heart rate recovery, 1 minute: unknown, the strap was quiet.
            notice: Heart rate recovery, 2 minutes: unknown, the strap was quiet.
            """#)
    }

    /// Automatic export steps through off, FIT, TCX, and FIT and TCX; a saved workout is then
    /// written in silence, and a folder that cannot take it is said once a run.
    @Test func everySavedWorkoutIsExportedWhenAutoExportIsOn() throws {
        let session = try GoldenSession()
        session.open(.settings)
        expectGolden(
            session,
            #"""
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            :key 2
            menu: Recording and saving.
            menu: 1, Auto-pause when the strap loses contact: on.
            menu: 2, Resting check length: 3 minutes.
            menu: 3, Export every saved workout: off.
            menu: 4, Upload every saved workout to intervals.icu: off.
            :key 3
            answer: Export every saved workout: FIT.
            :key 3
            answer: Export every saved workout: TCX.
            :key 3
            answer: Export every saved workout: FIT and TCX.
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
            :key 6
            answer: Captions on the screen: on.
            (captions on)
            :key 6
            answer: Captions on the screen: off.
            (captions off)
            > home
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            """#)
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 10
            :key e
            answer: Definitely end workout? Yes or no.
            :key y
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
            > save
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            (auto export 1 fit,tcx)
            """#)
        #expect(
            session.send(.autoExportFailed(diskFull: false, folder: "usb")) == [
                "notice: Saved workouts could not be exported to the folder usb."
            ])
        #expect(session.send(.autoExportFailed(diskFull: false, folder: "usb")) == [])
    }

    /// A resting check from Home: three minutes of a known RR series, its resting heart rate and
    /// RMSSD, stored; a second check a day later is compared with the baseline; back stops one.
    @Test func aRestingCheckMeasuresStoresAndComparesWithTheBaseline() throws {
        let session = try GoldenSession()
        session.open(.restingCheck)
        expectGolden(
            session,
            #"""
            menu: Resting check.
            menu: Sit still and breathe normally for 3 minutes, with the strap on.
            menu: 1, Start the check.
            menu: 2, Back.
            :rr 1000 1020 990 1030 1000 1010 980 1020 1000 990 1000 1020
            :key 1
            answer: Resting check started: sit still for 3 minutes. The end is said.
            :wait 180
            notice: Resting check done.
            notice: Resting heart rate, 59 beats per minute.
            notice: Heart rate variability, 25 milliseconds.
            notice: No check in the 7 days before: later checks are compared with this one.
            """#)
        session.now = session.now.addingTimeInterval(86_400)
        session.clockNow(session.now)
        expectGolden(
            session,
            #"""
            :rr 1000 1040 980 1050 1000 1030 970 1040 1000 980 1000 1040
            :key 1
            answer: Resting check started: sit still for 3 minutes. The end is said.
            :wait 180
            notice: Resting check done.
            notice: Resting heart rate, 59 beats per minute.
            notice: Heart rate variability, 48 milliseconds.
            notice: That is 23 milliseconds above your 7-day baseline of 25.
            :key 1
            answer: Resting check started: sit still for 3 minutes. The end is said.
            :wait 30
            > back
            answer: Resting check stopped.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            """#)
        let checks = try session.store.restingChecks(startingIn: DateInterval(start: .distantPast, end: .distantFuture))
        #expect(checks.count == 2)
        #expect(checks.allSatisfy { $0.heartRate == 59 && $0.artefacts == 0 })
    }

    /// A list that cannot be read is said as a failure, never as "no workouts saved yet", and
    /// the screen is not entered.
    @Test func aFailedReadIsSaidAsAFailure() throws {
        let session = try GoldenSession()
        try session.saveWorkouts(count: 2)
        session.open(.review)
        // Another connection takes the workouts table away under the store.
        let other = try Database(path: session.store.databasePath)
        try other.executeScript("DROP TABLE workouts")
        expectGolden(
            session,
            #"""
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            :key 1
            answer: The saved workouts could not be read. Try again in a moment.
            > where
            answer: You are on Review previous workouts.
            """#)
    }
}
