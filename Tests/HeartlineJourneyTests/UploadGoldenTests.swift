import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Upload by ear: the Settings item, the summary's "Upload and save workout", the details'
/// "Upload to intervals.icu", and each result said in one sentence.
@Suite(.timed) struct UploadGoldenTests {
    @Test func uploadIsOffUntilSetAndThenEverySavedWorkoutGoes() throws {
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
            > upload every
            answer: Upload every saved workout to intervals.icu: on.
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
            (upload 1)
            notice: Uploaded to intervals.icu.
            """#)
    }

    @Test func uploadOnTheSummaryAndTheDetailsSaysEachResult() throws {
        let session = try GoldenSession()
        session.uploadAnswers = [.noAnswer, .keyRefused, .serverFailed, .noConnection, .fileRefused, .notSetUp, .keyFileOpen]
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
            > upload
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            (upload 1)
            notice: Upload failed: the server did not answer. Heartline will try again.
            > review
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > browse all
            menu: All workouts.
            menu: Items 1 to 1 of 1.
            menu: 1, today at 7:30, 10 seconds.
            > 1
            menu: Workout of today at 7:30.
            menu: Time elapsed, 10 seconds.
            menu: Average heart rate, 68 beats per minute.
            menu: Maximum heart rate, 69 beats per minute.
            menu: Calories burned, 0 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Upload to intervals.icu.
            > upload
            (upload 1)
            notice: intervals.icu refused the key.
            > upload
            (upload 1)
            notice: Upload failed: the server had a problem. Heartline will try again.
            > upload
            (upload 1)
            notice: Upload failed: no connection to the server. Heartline will try again.
            > upload
            (upload 1)
            notice: intervals.icu refused the workout file.
            > upload
            (upload 1)
            notice: Upload is not set up: there is no key file.
            > upload
            (upload 1)
            notice: Upload is off: only you may read the key file. Make it mode 0600.
            """#)
        // A retry of one that waited is said only once it is done.
        #expect(session.send(.uploaded(.noAnswer, waited: true)) == [])
        #expect(session.send(.uploaded(.uploaded, waited: true)) == ["notice: A workout that waited was uploaded to intervals.icu."])
    }
}
