import Foundation
@testable import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// A run on a treadmill that Heartline steers: the top speed asked before the first speed, each
/// change said before it is sent and confirmed after, the belt's pace, distance and incline in
/// answers and readouts, the pause and end keys pausing and stopping it, and the link lost said
/// with the way to stop it.
@Suite(.timed) struct MachineGoldenTests {
    /// A plan with speeds sets the treadmill at each phase that has one, the phase's sentence
    /// saying the speed; a speed above the user's top speed is refused and said, never sent.
    @Test func aPlanSetsTheTreadmillAtEachPhase() throws {
        let session = try GoldenSession()
        let plan = try TrainingPlanText.read(
            "warm up 10 seconds, 2 times 20 seconds at 10 kilometres per hour, 10 seconds at 6, then 10 seconds at 14 kilometres per hour, cool down 10 seconds"
        )
        session.startWorkout(WorkoutConfiguration(sport: .running, metrics: [], interval: .none, plan: plan))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            event: Warm-up, 10 seconds.
            :hr 140
            :treadmill 5 0
            > top speed 12
            answer: Top treadmill speed, 12 kilometres per hour.
            :wait 100
            event: Work at 10 kilometres per hour in 5 seconds.
            event: Work, round 1 of 2, 20 seconds at 10 kilometres per hour.
            (steer speed 10.0)
            answer: Treadmill confirmed.
            event: Rest at 6 kilometres per hour in 5 seconds.
            event: Rest, 10 seconds at 6 kilometres per hour.
            (steer speed 6.0)
            answer: Treadmill confirmed.
            event: Work at 10 kilometres per hour in 5 seconds.
            event: Work, round 2 of 2, 20 seconds at 10 kilometres per hour.
            (steer speed 10.0)
            answer: Treadmill confirmed.
            event: Rest at 6 kilometres per hour in 5 seconds.
            event: Rest, 10 seconds at 6 kilometres per hour.
            (steer speed 6.0)
            answer: Treadmill confirmed.
            event: Work at 14 kilometres per hour in 5 seconds.
            event: Work, 10 seconds at 14 kilometres per hour.
            answer: 14 kilometres per hour is above your top speed of 12 kilometres per hour.
            event: Cool-down in 5 seconds.
            event: Cool-down, 10 seconds.
            event: Training plan finished.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            answer: Stopping the treadmill.
            menu: Workout summary.
            menu: Time elapsed, 1 minute and 40 seconds.
            menu: Average heart rate, 140 beats per minute.
            menu: Maximum heart rate, 140 beats per minute.
            menu: Calories burned, 18 kilocalories.
            menu: Distance, 0.21 kilometres.
            menu: Average pace, 8 minutes per kilometre.
            menu: Training load, 3 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Laps.
            menu: 5, Upload and save workout.
            (steer stop)
            answer: Treadmill stopped.
            """#)
    }

    /// Settings, Sensors, once a machine is connected: the top speed and the steps typed as values
    /// in the units setting's unit, refused out of range, and the top speed then used by a run.
    @Test func theTopSpeedAndStepsAreSetInSettings() throws {
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
            :treadmill 8 0
            > 3
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            menu: 4, Top treadmill speed: not set.
            menu: 5, Treadmill step for faster and slower: 0.5 kilometres per hour.
            menu: 6, Trainer step for faster and slower: 10 watts.
            > 4
            menu: Type your top treadmill speed, from 1 to 30 kilometres per hour.
            > 40
            answer: That number is outside the range.
            answer: Type your top treadmill speed, from 1 to 30 kilometres per hour.
            answer: Type back to leave without a change.
            > 13.5
            answer: Top treadmill speed, 13.5 kilometres per hour.
            answer: You are on Sensors.
            > 5
            menu: Type the treadmill's step, from 0.1 to 5 kilometres per hour.
            > 1 km/h
            answer: Step for faster and slower, 1 kilometre per hour.
            answer: You are on Sensors.
            > 6
            menu: Type the trainer's step, from 1 to 100 watts.
            > 20 watts
            answer: Step for faster and slower, 20 watts.
            answer: You are on Sensors.
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
            > 1
            menu: Profile.
            menu: 1, Age: not set.
            menu: 2, Sex: not set.
            menu: 3, Weight: not set.
            menu: 4, Maximum heart rate: not set.
            menu: 5, Resting heart rate: not set.
            menu: 6, FTP: not set.
            menu: 7, Units: Kilometres.
            > 7
            answer: Units: Miles.
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
            > 3
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            menu: 4, Top treadmill speed: 8.4 miles per hour.
            menu: 5, Treadmill step for faster and slower: 0.6 miles per hour.
            menu: 6, Trainer step for faster and slower: 20 watts.
            > 4
            menu: Type your top treadmill speed, from 0.7 to 18.6 miles per hour.
            > fast
            answer: That is not a number.
            answer: Type your top treadmill speed, from 0.7 to 18.6 miles per hour.
            answer: Type back to leave without a change.
            > 9 mph
            answer: Top treadmill speed, 9 miles per hour.
            answer: You are on Sensors.
            """#)
        session.startWorkout(WorkoutConfiguration(sport: .running, metrics: [], interval: .none))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            > speed 10
            answer: 10 miles per hour is above your top speed of 9 miles per hour.
            > speed 8.5
            answer: Setting speed to 8.5 miles per hour.
            (steer speed 13.679424000000001)
            answer: Treadmill confirmed.
            """#)
    }

    /// On a rower the metrics are named as the answers say them: the pace is the split and the
    /// cadence the stroke rate, in the metrics menu and its answers; asked before the rower says
    /// them, each is named in its unknown answer.
    @Test func aRowersMetricsAreNamedAsItSaysThem() throws {
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
            > 3
            answer: Sport: Rowing.
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: on.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: on.
            menu: 4, Split: on.
            menu: 5, Distance: on.
            menu: 6, Stroke rate: off.
            menu: 7, Power: off.
            menu: 8, Next.
            > 4
            answer: Split: off.
            > 6
            answer: Stroke rate: on.
            > start workout
            answer: Workout started.
            > split
            answer: Split unknown: no rower says it.
            > stroke rate
            answer: Stroke rate unknown: no rower says it.
            """#)
    }

    /// Rowing as a sport: its split as the pace, its stroke rate as the cadence, by key and in
    /// readouts, and the summary's average split and stroke rate.
    @Test func aRowingWorkout() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(sport: .rowing, metrics: [.heartRate, .pace, .distance, .cadence, .power], interval: .minutes1))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 150
            :rower 125 28 180
            :wait 5
            :key 3
            answer: Split, 2 minutes and 5 seconds per 500 metres.
            :key n
            answer: Stroke rate, 28 strokes per minute.
            :key 8
            answer: Power, 180 watts.
            :key 4
            answer: Distance, 0.02 kilometres.
            > split
            answer: Split, 2 minutes and 5 seconds per 500 metres.
            > stroke rate
            answer: Stroke rate, 28 strokes per minute.
            :wait 55
            readout: Heart rate, 150 beats per minute.
            readout: Split, 2 minutes and 5 seconds per 500 metres.
            readout: Distance, 0.24 kilometres.
            readout: Stroke rate, 28 strokes per minute.
            readout: Power, 180 watts.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 1 minute.
            menu: Average heart rate, 150 beats per minute.
            menu: Maximum heart rate, 150 beats per minute.
            menu: Calories burned, 12 kilocalories.
            menu: Distance, 0.24 kilometres.
            menu: Average split, 2 minutes and 5 seconds per 500 metres.
            menu: Average stroke rate, 28 strokes per minute.
            menu: Average power, 180 watts.
            menu: Training load, 2 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            """#)
    }

    /// A treadmill Heartline paused with the workout and left paused after it resumed: each
    /// readout says how to start it until its belt moves again; the stop at the end is
    /// confirmed as a stop, after the summary.
    @Test func aMachineLeftPausedIsRemindedUntilItMoves() throws {
        let session = try GoldenSession()
        session.startWorkout(WorkoutConfiguration(sport: .running, metrics: [.heartRate], interval: .minutes1))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 140
            :treadmill 8 0
            > top speed 12
            answer: Top treadmill speed, 12 kilometres per hour.
            > speed 8
            answer: Setting speed to 8 kilometres per hour.
            (steer speed 8.0)
            answer: Treadmill confirmed.
            :wait 5
            :key space
            answer: Workout paused.
            answer: Pausing the treadmill.
            (steer pause)
            answer: Treadmill paused.
            :treadmill 0 0
            :key space
            answer: Workout resumed.
            answer: The treadmill stays paused; type start machine to start it.
            :wait 120
            readout: Heart rate, 140 beats per minute.
            readout: Incline, 0 percent.
            readout: The treadmill stays paused; type start machine to start it.
            readout: Heart rate, 140 beats per minute.
            readout: Incline, 0 percent.
            readout: The treadmill stays paused; type start machine to start it.
            :treadmill 8 0
            :wait 60
            readout: Heart rate, 140 beats per minute.
            readout: Incline, 0 percent.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            answer: Stopping the treadmill.
            menu: Workout summary.
            menu: Time elapsed, 3 minutes and 5 seconds.
            menu: Average heart rate, 140 beats per minute.
            menu: Maximum heart rate, 140 beats per minute.
            menu: Calories burned, 33 kilocalories.
            menu: Distance, 0.14 kilometres.
            menu: Average pace, 21 minutes and 21 seconds per kilometre.
            menu: Training load, 5 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            (steer stop)
            answer: Treadmill stopped.
            """#)
    }

    @Test func aSteeredTreadmillRun() throws {
        let session = try GoldenSession()
        session.startWorkout(WorkoutConfiguration(sport: .running, metrics: [.heartRate, .pace, .distance], interval: .minutes1))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 140
            :treadmill 8 1
            :wait 5
            > pace
            answer: Pace, 7 minutes and 30 seconds per kilometre.
            :key g
            answer: Incline, 1 percent.
            > speed 10
            answer: First set your top treadmill speed: type top speed, then a number.
            > top speed 12
            answer: Top treadmill speed, 12 kilometres per hour.
            > speed 13
            answer: 13 kilometres per hour is above your top speed of 12 kilometres per hour.
            > speed 10
            answer: Setting speed to 10 kilometres per hour.
            (steer speed 10.0)
            answer: Treadmill confirmed.
            > incline 20
            answer: The treadmill takes -3 to 15 percent.
            > incline 2
            answer: Setting incline to 2 percent.
            (steer incline 2.0)
            answer: Treadmill confirmed.
            :wait 55
            readout: Heart rate, 140 beats per minute.
            readout: Pace, 6 minutes per kilometre.
            readout: Distance, 0.16 kilometres.
            readout: Incline, 2 percent.
            :key u
            answer: Setting speed to 10.5 kilometres per hour.
            (steer speed 10.5)
            answer: Treadmill confirmed.
            :key space
            answer: Workout paused.
            answer: Pausing the treadmill.
            (steer pause)
            answer: Treadmill paused.
            :key space
            answer: Workout resumed.
            answer: The treadmill stays paused; type start machine to start it.
            > start machine
            answer: Starting the treadmill.
            (steer start)
            answer: Treadmill started.
            :wait 10
            > distance
            answer: Distance, 0.19 kilometres.
            :treadmill lost
            event: The treadmill is disconnected; use its own stop key.
            > speed 9
            answer: No fitness machine is connected.
            :treadmill 10 2
            event: Treadmill connected.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            answer: Stopping the treadmill.
            menu: Workout summary.
            menu: Time elapsed, 1 minute and 10 seconds.
            menu: Average heart rate, 140 beats per minute.
            menu: Maximum heart rate, 140 beats per minute.
            menu: Calories burned, 13 kilocalories.
            menu: Distance, 0.19 kilometres.
            menu: Average pace, 6 minutes and 3 seconds per kilometre.
            menu: Training load, 2 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            (steer stop)
            answer: Treadmill stopped.
            """#)
    }
}
