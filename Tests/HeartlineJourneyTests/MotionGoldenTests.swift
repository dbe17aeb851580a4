import Foundation
@testable import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// Running with a footpod and cycling with a speed and cadence sensor and a power meter: the
/// sport's metrics on their keys, readouts by distance, each sensor on its own.
@Suite(.timed) struct MotionGoldenTests {
    /// A 5-kilometre run at known paces with readouts every kilometre: each split is said with
    /// the chosen metrics, each kilometre is a lap, and the summary has the distance and pace.
    @Test func aFiveKilometreRunWithReadoutsEveryKilometre() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(
                sport: .running, metrics: [.heartRate, .pace], distanceReadout: DistanceReadout(every: 1, unit: .kilometres)))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            # Paces a footpod's 1/256 m/s can hold exactly: 5:20, 4:16 and 4:10 a kilometre.
            :hr 150
            :run 5:20 170
            :wait 320
            readout: 1 kilometre, split 5 minutes and 20 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 5 minutes and 20 seconds per kilometre.
            :run 4:16 176
            :wait 256
            readout: 2 kilometres, split 4 minutes and 16 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 4 minutes and 16 seconds per kilometre.
            :run 5:20 168
            :wait 640
            readout: 3 kilometres, split 5 minutes and 20 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 5 minutes and 20 seconds per kilometre.
            readout: 4 kilometres, split 5 minutes and 20 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 5 minutes and 20 seconds per kilometre.
            :run 4:10 178
            :wait 250
            readout: 5 kilometres, split 4 minutes and 10 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 4 minutes and 10 seconds per kilometre.
            > distance
            answer: Distance, 5 kilometres.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 24 minutes and 26 seconds.
            menu: Average heart rate, 150 beats per minute.
            menu: Maximum heart rate, 150 beats per minute.
            menu: Calories burned, 295 kilocalories.
            menu: Distance, 5 kilometres.
            menu: Average pace, 4 minutes and 53 seconds per kilometre.
            menu: Average cadence, 172 steps per minute.
            menu: Training load, 48 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Laps.
            menu: 5, Calibrate the footpod with this distance.
            menu: 6, Upload and save workout.
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
            > distance
            menu: Distance by workout.
            menu: Items 1 to 1 of 1.
            menu: 1, today, Distance: 5 kilometres.
            > home
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
            > average cadence
            menu: Averages: Average cadence.
            menu: Average cadence, last week, 172 per minute, over 1 workout.
            menu: Average cadence, last month, 172 per minute, over 1 workout.
            menu: Average cadence, last year, 172 per minute, over 1 workout.
            menu: Average cadence, all time, 172 per minute, over 1 workout.
            """#)
        let saved = try #require(try session.store.savedWorkouts(offset: 0, limit: 1).first)
        #expect(saved.distance == 5000)
        #expect(saved.distanceLaps == [320, 576, 896, 1216, 1466])
        #expect(saved.lapSpans().map(\.duration) == [320, 256, 320, 320, 250])
    }

    /// A kilometre passed while "end workout?" waits, and another while a typed line is open:
    /// each split is said once the question is answered or the line is done, never lost.
    @Test func aSplitPassedWhileAQuestionOrATypedLineWaitsIsSaidAfterIt() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(sport: .running, metrics: [.heartRate], distanceReadout: DistanceReadout(every: 1, unit: .kilometres)))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 150
            :run 5:20 170
            :wait 310
            > end
            answer: Definitely end workout? Yes or no.
            :wait 20
            > no
            answer: Workout continues.
            :wait 1
            readout: 1 kilometre, split 5 minutes and 20 seconds.
            readout: Heart rate, 150 beats per minute.
            :wait 300
            :key :
            answer: Type a command, then press Enter. Escape cancels.
            :wait 30
            > heart rate
            answer: Heart rate, 150 beats per minute.
            :wait 1
            readout: 2 kilometres, split 5 minutes and 20 seconds.
            readout: Heart rate, 150 beats per minute.
            """#)
    }

    /// The sport's keys: running gives 3, 4 and 8 to pace, distance and cadence; describe mode and
    /// help say the same; a footpod dropping out alone is said and its pace is unknown until back.
    @Test func runningKeysAndAFootpodDroppingOut() throws {
        let session = try GoldenSession()
        session.startWorkout(WorkoutConfiguration(sport: .running, metrics: []))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :motion footpod back
            :run 5:33 172
            :wait 10
            :key 3
            answer: Pace, 5 minutes and 33 seconds per kilometre.
            :key 4
            answer: Distance, 0.03 kilometres.
            :key 8
            answer: Cadence, 172 steps per minute.
            :key s
            answer: Pace, 5 minutes and 33 seconds per kilometre.
            > cadence
            answer: Cadence, 172 steps per minute.
            > speed
            answer: Speed is not measured in a workout of this sport.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key 3
            answer: 3: pace.
            :key k
            answer: Press a key to hear what it does, or Escape to cancel.
            :key 8
            answer: 8: cadence.
            > help
            answer: Keys: t or 1, time; h or 2, heart rate; c, calories.
            answer: Keys: a, average heart rate; m or 5, all metrics; z or 6, zone.
            answer: Keys: i or 7, plan; v, announcements; e or 9, end.
            answer: Keys: p or 0 or space, pause or resume; r or star, repeat.
            answer: Keys: question mark or dot, help; b or minus, battery; x, heart rate variability.
            answer: Keys: l, lap; s or 3, pace; d or 4, distance.
            answer: Keys: n or 8, cadence; w or plus, where.
            answer: Stop pauses, as the headset's stop button does. End ends the workout.
            answer: Colon lets you type a command, then Enter. Escape cancels it.
            answer: k, then any key, says what that key does.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            :motion footpod lost
            event: Footpod disconnected.
            :wait 6
            :key 3
            answer: Pace unknown: no footpod is connected.
            :key 4
            answer: Distance, 0.03 kilometres.
            :motion footpod back
            event: Footpod connected.
            :wait 2
            :key 3
            answer: Pace, 5 minutes and 33 seconds per kilometre.
            :key m
            answer: Time elapsed, 18 seconds.
            answer: Heart rate, 68 beats per minute.
            answer: Calories burned, 0 kilocalories.
            answer: The calorie estimate improves with your age, sex and weight in Settings, Profile.
            answer: Average heart rate, 68 beats per minute.
            answer: Pace, 5 minutes and 33 seconds per kilometre.
            answer: Distance, 0.04 kilometres.
            answer: Cadence, 172 steps per minute.
            """#)
    }

    /// Cycling: speed, cadence and power from two sensors; the power meter dropping out alone.
    @Test func cyclingSpeedCadenceAndPower() throws {
        let session = try GoldenSession()
        session.startWorkout(WorkoutConfiguration(sport: .cycling, metrics: []))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :motion bike back
            :motion power back
            :ride 30 90 210
            :wait 10
            :key 3
            answer: Speed, 30 kilometres per hour.
            :key 8
            answer: Power, 210 watts.
            :key n
            answer: Cadence, 90 revolutions per minute.
            :key 4
            answer: Distance, 0.08 kilometres.
            > pace
            answer: Pace is not measured in a workout of this sport.
            :motion power lost
            event: Power meter disconnected.
            :wait 6
            :key 8
            answer: Power unknown: no power meter is connected.
            :key 3
            answer: Speed, 30 kilometres per hour.
            :motion power back
            event: Power meter connected.
            :wait 2
            :key o
            answer: Power, 210 watts.
            """#)
    }

    /// A plan's phase that asks for a cadence says it when it starts and ahead of it, and the
    /// cadence heard is said against it; a phase with none says the cadence alone.
    @Test func aPlansCadenceIsSaidAndTheCadenceHeardAgainstIt() throws {
        let session = try GoldenSession()
        let plan = TrainingPlan(blocks: [
            TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(60, target: .power(watts: 200), cadence: 90)),
            TrainingPlan.Block(rounds: 1, work: TrainingPlan.Step(60, target: .power(watts: 120))),
        ])
        session.startWorkout(WorkoutConfiguration(sport: .cycling, metrics: [], plan: plan))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            event: Work, 1 minute at 200 watts, cadence 90.
            """#)
        expectGolden(
            session,
            #"""
            :motion bike back
            :ride 30 84 200
            :wait 10
            :key n
            answer: Cadence 90, you are at 84.
            """#)
        expectGolden(
            session,
            #"""
            :wait 55
            event: Work at 120 watts in 5 seconds.
            event: Work, 1 minute at 120 watts.
            :key n
            answer: Cadence, 84 revolutions per minute.
            """#)
    }

    /// Miles in the profile; a run measured short is calibrated from its summary with the
    /// distance really covered, and the next run's footpod is multiplied by it.
    @Test func milesAndCalibrationFromAKnownDistance() throws {
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
            :key 7
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
            > sensors
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            > footpod calibration
            menu: Type the footpod's calibration in percent, such as 103.
            > 200
            answer: A calibration must be between 50 and 150 percent.
            answer: Type the footpod's calibration in percent, such as 103.
            answer: Type back to leave without a change.
            > 97
            answer: Footpod calibration: 97 percent.
            answer: You are on Sensors.
            > home
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
            > running
            answer: Sport: Running.
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: on.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: on.
            menu: 4, Pace: on.
            menu: 5, Distance: on.
            menu: 6, Cadence: off.
            menu: 7, Next.
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
            menu: Readouts by distance.
            menu: 1, No distance readouts, selected.
            menu: 2, Every 0.5 miles.
            menu: 3, Every 1 mile.
            menu: 4, Every 2 miles.
            menu: 5, Every 5 miles.
            menu: 6, Next.
            > every 1 mile
            answer: Readouts by distance: Every 1 mile.
            menu: Target heart rate zone.
            menu: 1, No target, selected.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range.
            menu: 8, Next.
            > start workout
            answer: Workout started.
            :run 5:20 160
            :wait 482
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 8 minutes and 2 seconds.
            menu: Average heart rate, 114 beats per minute.
            menu: Maximum heart rate, 139 beats per minute.
            menu: Calories burned, 60 kilocalories.
            menu: Distance, 0.91 miles.
            menu: Average pace, 8 minutes and 51 seconds per mile.
            menu: Average cadence, 160 steps per minute.
            menu: Training load, 7 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Calibrate the footpod with this distance.
            menu: 5, Upload and save workout.
            > calibrate the footpod with this distance
            menu: Type the distance you really covered, such as 5 km or 3.1 miles.
            > 5 furlongs
            answer: Type a distance such as 5 km, 400 m or 3.1 miles.
            answer: Type back to leave without a change.
            > 3 miles
            answer: A calibration must be between 50 and 150 percent.
            answer: Type the distance you really covered, such as 5 km or 3.1 miles.
            answer: Type back to leave without a change.
            > 1 mile
            answer: Footpod calibration: 106.8 percent, from the next workout on.
            answer: You are on Workout summary.
            > save
            answer: Workout saved.
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
            > running
            answer: Sport: Running.
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: on.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: on.
            menu: 4, Pace: on.
            menu: 5, Distance: on.
            menu: 6, Cadence: off.
            menu: 7, Next.
            > start workout
            answer: Workout started.
            :run 5:20 160
            :wait 1000
            # 1,000 seconds at 5:20 a kilometre are 1.94 miles; calibrated by 106.8 percent, 2.07.
            > distance
            answer: Distance, 2.07 miles.
            """#)
    }

    /// Settings, Sensors: footpods, bike sensors and power meters are found apart from straps,
    /// listed with their kinds, remembered one of each kind, and forgotten one by one.
    @Test func oneSensorOfEachKindIsFoundAndRemembered() throws {
        let session = try GoldenSession()
        session.open(.sensor, below: [.home, .settings])
        expectGolden(
            session,
            #"""
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            > find footpods, bike sensors, power meters and fitness machines
            (scan other)
            :scan starts
            answer: Looking for footpods, bike sensors, power meters and fitness machines for 8 seconds.
            :found
            answer: No footpod, bike sensor, power meter or fitness machine was found. Wake it, then try again.
            > find footpods, bike sensors, power meters and fitness machines
            (scan other)
            :scan starts
            answer: Looking for footpods, bike sensors, power meters and fitness machines for 8 seconds.
            :found Stryd@C1:22:33:44:55:66@-58@footpod; Speed 2@C1:22:33:44:55:77@-66@bike; Crank PM@C1:22:33:44:55:88@-80@power
            menu: Sensors found.
            menu: 1, Stryd, footpod, strong signal.
            menu: 2, Speed 2, speed and cadence sensor, strong signal.
            menu: 3, Crank PM, power meter, medium signal.
            > 2
            answer: Speed 2 remembered. Heartline connects to it now and at every start.
            answer: You are on Sensors.
            (use cyclingSpeedCadence C1:22:33:44:55:77)
            > find footpods, bike sensors, power meters and fitness machines
            (scan other)
            :scan starts
            answer: Looking for footpods, bike sensors, power meters and fitness machines for 8 seconds.
            :found Stryd@C1:22:33:44:55:66@-58@footpod
            menu: Sensors found.
            menu: 1, Stryd, footpod, strong signal.
            > 1
            answer: Stryd remembered. Heartline connects to it now and at every start.
            answer: You are on Sensors.
            (use footpod C1:22:33:44:55:66)
            > forget the speed and cadence sensor
            answer: Speed and cadence sensor forgotten.
            menu: Sensors.
            menu: No strap is remembered.
            menu: Remembered footpod: Stryd.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Forget the footpod.
            menu: 4, Footpod calibration: 100 percent.
            (use cyclingSpeedCadence none)
            """#)
        #expect(try session.store.settings().motionSensors[.footpod]?.address == "C1:22:33:44:55:66")
        #expect(try session.store.settings().motionSensors[.cyclingSpeedCadence] == nil)
    }
}
