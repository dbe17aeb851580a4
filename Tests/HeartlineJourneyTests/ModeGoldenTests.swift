import Foundation
@testable import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// No mode silences a workout: the key-describe mode takes one key and holds back no readout,
/// strap contact is said with auto-pause off, Escape is answered everywhere, a refused value
/// asks again with the way back, and the key that asked a question never answers it.
@Suite(.timed) struct ModeGoldenTests {
    /// A run with readouts every minute and every kilometre: the describe mode, asked for with
    /// a typed line as a pipe gives it and with the key, describes the next key only, and the
    /// readouts due while it waits are said on time.
    @Test func theDescribeModeDescribesOneKeyAndHoldsBackNoReadout() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(
                sport: .running, metrics: [.time], interval: .minutes1, distanceReadout: DistanceReadout(every: 1, unit: .kilometres)))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 150
            :run 5:20 170
            > k
            answer: Press a key to hear what it does, or Escape to cancel.
            :wait 60
            readout: Time elapsed, 1 minute.
            > h
            answer: h: heart rate.
            > h
            answer: Heart rate, 150 beats per minute.
            > k
            answer: Press a key to hear what it does, or Escape to cancel.
            >
            answer: Enter: where.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :wait 60
            readout: Time elapsed, 2 minutes.
            :key 9
            answer: 9: end.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :wait 200
            readout: Time elapsed, 3 minutes.
            readout: Time elapsed, 4 minutes.
            readout: Time elapsed, 5 minutes.
            readout: 1 kilometre, split 5 minutes and 20 seconds.
            readout: Time elapsed, 5 minutes and 20 seconds.
            :key k
            answer: k: keys.
            :key t
            answer: Time elapsed, 5 minutes and 20 seconds.
            """#)
    }

    /// With auto-pause off the strap's contact is still said, lost and back, nothing pauses,
    /// and where names a contact that is lost.
    @Test func contactIsSaidWithAutoPauseOffAndWhereNamesIt() throws {
        let session = try GoldenSession()
        var settings = Settings()
        settings.autoPause = false
        try session.store.saveSettings(settings)
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 120
            :wait 20
            :contact off
            :wait 4
            event: Strap contact lost.
            > where
            answer: You are on Workout in progress.
            answer: The strap has no skin contact.
            :wait 30
            > t
            answer: Time elapsed, 54 seconds.
            > where
            answer: You are on Workout in progress.
            answer: The strap has no skin contact.
            :contact on
            :wait 3
            event: Strap contact back.
            > where
            answer: You are on Workout in progress.
            > events
            answer: 2 recent announcements, newest first.
            answer: 0 seconds ago. Strap contact back.
            answer: 33 seconds ago. Strap contact lost.
            """#)
    }

    /// Escape is answered on a menu, and the key after it acts; repeat still says what was said
    /// before the Escape.
    @Test func escapeIsAnsweredOnAMenuAndSwallowsNoKey() throws {
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
            :key escape
            answer: Nothing to cancel.
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
            :key escape
            answer: Nothing to cancel.
            > repeat
            answer: Settings.
            answer: 1, Profile.
            answer: 2, Recording and saving.
            answer: 3, Sensors.
            answer: 4, Speech.
            answer: 5, Key echo: characters.
            answer: 6, Captions on the screen: off.
            answer: 7, Headset.
            answer: 8, Power off.
            > back
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            """#)
    }

    /// Escape is answered on the workout screen and on a question, which it asks again. The
    /// key that asked (9) only asks again; Enter, the keypad's yes, answers.
    @Test func escapeIsAnsweredDuringAWorkoutAndTheEndKeyNeverAnswersItsQuestion() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 3
            :key escape
            answer: Nothing to cancel.
            :key t
            answer: Time elapsed, 3 seconds.
            :key 9
            answer: Definitely end workout? Yes or no.
            :key escape
            answer: Nothing to cancel.
            answer: Definitely end workout? Yes or no.
            :key 9
            answer: Definitely end workout? Yes or no.
            answer: Yes ends the workout and reads its summary.
            answer: Press y or Enter for yes, n or minus for no.
            >
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
            """#)
    }

    /// A value out of range in a typed field says why, asks the question again and says the
    /// way back: the field still takes the next line (a menu digit is taken as the value), and
    /// back leaves it unchanged.
    @Test func aRefusedValueAsksAgainAndSaysTheWayBack() throws {
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
            > weight
            menu: Type your weight with its unit, for example 70 kg or 154 lb.
            > 500 kg
            answer: Weight must be from 20 kilograms to 350 kilograms.
            answer: Type your weight with its unit, for example 70 kg or 154 lb.
            answer: Type back to leave without a change.
            > 3
            answer: Weight must be from 20 kilograms to 350 kilograms.
            answer: Type your weight with its unit, for example 70 kg or 154 lb.
            answer: Type back to leave without a change.
            > back
            menu: Profile.
            menu: 1, Age: not set.
            menu: 2, Sex: not set.
            menu: 3, Weight: not set.
            menu: 4, Maximum heart rate: not set.
            menu: 5, Resting heart rate: not set.
            menu: 6, FTP: not set.
            menu: 7, Units: Kilometres.
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
            > speech
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > rate
            menu: Type a number from -60 to 80 for rate, or default.
            > 150
            answer: Rate must be from -60 to 80.
            answer: Type a number from -60 to 80 for rate, or default.
            answer: Type back to leave without a change.
            > back
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            """#)
    }
}
