import Foundation
@testable import HeartlineCore
import HeartlineStorage
import Testing

/// A run on a treadmill that Heartline steers: the top speed asked before the first speed, each
/// change said before it is sent and confirmed after, the belt's pace, distance and incline in
/// answers and readouts, the pause and end keys pausing and stopping it, and the link lost said
/// with the way to stop it.
@Suite struct MachineGoldenTests {
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
            answer: Treadmill confirmed.
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
            answer: Treadmill confirmed.
            :key space
            answer: Workout resumed.
            answer: The treadmill stays paused; type start machine to start it.
            > start machine
            answer: Starting the treadmill.
            (steer start)
            answer: Treadmill confirmed.
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
            answer: Treadmill confirmed.
            """#)
    }
}
