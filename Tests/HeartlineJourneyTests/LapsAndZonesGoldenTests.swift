import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The user's laps kept with the workout (through a crash too) and said again from its summary
/// and details; the time in each zone browsed and totalled per period.
@Suite(.timed) struct LapsAndZonesGoldenTests {
    static let configuration = WorkoutConfiguration(metrics: [], interval: .none)

    /// Three laps by the key at known heart rates: the summary and the details offer them, each
    /// said as the lap key says it; they are stored with the workout.
    @Test func lapsAreKeptAndSaidFromTheSummaryAndDetails() throws {
        let session = try GoldenSession()
        session.startWorkout(Self.configuration)
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 100
            :wait 60
            :key l
            answer: Lap 1, 1 minute.
            answer: Lap 1 average heart rate, 100 beats per minute.
            :hr 150
            :wait 90
            :key l
            answer: Lap 2, 1 minute and 30 seconds.
            answer: Lap 2 average heart rate, 150 beats per minute.
            :hr 170
            :wait 30
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 3 minutes.
            menu: Average heart rate, 137 beats per minute.
            menu: Maximum heart rate, 170 beats per minute.
            menu: Calories burned, 31 kilocalories.
            menu: Training load, 5 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Laps.
            menu: 5, Upload and save workout.
            > laps
            answer: 3 laps.
            answer: Lap 1, 1 minute.
            answer: Lap 1 average heart rate, 100 beats per minute.
            answer: Lap 2, 1 minute and 30 seconds.
            answer: Lap 2 average heart rate, 150 beats per minute.
            answer: Lap 3, 30 seconds.
            answer: Lap 3 average heart rate, 170 beats per minute.
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
            > browse all workouts
            menu: All workouts.
            menu: Items 1 to 1 of 1.
            menu: 1, today at 7:30, 3 minutes.
            > 1
            menu: Workout of today at 7:30.
            menu: Time elapsed, 3 minutes.
            menu: Average heart rate, 137 beats per minute.
            menu: Maximum heart rate, 170 beats per minute.
            menu: Calories burned, 31 kilocalories.
            menu: Training load, 5 points.
            menu: 1, Export to TCX.
            menu: 2, Export to CSV.
            menu: 3, Export to FIT.
            menu: 4, Delete workout.
            menu: 5, Time in zones.
            menu: 6, Laps.
            menu: 7, Upload to intervals.icu.
            > laps
            answer: 3 laps.
            answer: Lap 1, 1 minute.
            answer: Lap 1 average heart rate, 100 beats per minute.
            answer: Lap 2, 1 minute and 30 seconds.
            answer: Lap 2 average heart rate, 150 beats per minute.
            answer: Lap 3, 30 seconds.
            answer: Lap 3 average heart rate, 170 beats per minute.
            """#)
        let saved = try #require(try session.store.savedWorkouts(offset: 0, limit: 1).first)
        #expect(saved.laps == [60, 150])
    }

    /// A lap pressed before a crash is still a lap after the workout is resumed, and the lap
    /// running goes on from it.
    @Test func aLapSurvivesACrash() throws {
        let session = try GoldenSession()
        session.startWorkout(Self.configuration)
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 120
            :wait 20
            :key l
            answer: Lap 1, 20 seconds.
            answer: Lap 1 average heart rate, 120 beats per minute.
            :wait 10
            :restart
            menu: You have an unfinished workout from today at 7:30, 30 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > 1
            answer: Workout resumed.
            :wait 20
            :key l
            answer: Lap 2, 30 seconds.
            answer: Lap 2 average heart rate, 120 beats per minute.
            :wait 5
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 55 seconds.
            menu: Average heart rate, 120 beats per minute.
            menu: Maximum heart rate, 120 beats per minute.
            menu: Calories burned, 8 kilocalories.
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
            """#)
        let saved = try #require(try session.store.savedWorkouts(offset: 0, limit: 1).first)
        #expect(saved.laps == [20, 50])
    }

    /// History by zone: the zones with their ranges, then the workouts by their time in one, and
    /// the time in a zone totalled over each period.
    @Test func historyByZoneListsWorkoutsAndTotalsPeriods() throws {
        let session = try GoldenSession()
        session.startWorkout(Self.configuration)
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 100
            :wait 60
            :hr 140
            :wait 120
            :hr 160
            :wait 60
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 4 minutes.
            menu: Average heart rate, 135 beats per minute.
            menu: Maximum heart rate, 160 beats per minute.
            menu: Calories burned, 41 kilocalories.
            menu: Training load, 6 points.
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
            > time in a zone
            menu: Time in a zone.
            menu: 1, Zone 1, 93 to 111 beats per minute.
            menu: 2, Zone 2, 112 to 130 beats per minute.
            menu: 3, Zone 3, 131 to 148 beats per minute.
            menu: 4, Zone 4, 149 to 167 beats per minute.
            menu: 5, Zone 5, 168 to 185 beats per minute.
            > 3
            menu: Time in zone 3 by workout.
            menu: Items 1 to 1 of 1.
            menu: 1, today, Time in zone 3: 2 minutes.
            > back
            menu: Time in a zone.
            menu: 1, Zone 1, 93 to 111 beats per minute.
            menu: 2, Zone 2, 112 to 130 beats per minute.
            menu: 3, Zone 3, 131 to 148 beats per minute.
            menu: 4, Zone 4, 149 to 167 beats per minute.
            menu: 5, Zone 5, 168 to 185 beats per minute.
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
            > 0
            menu: Time in a zone.
            menu: 1, Zone 1, 93 to 111 beats per minute.
            menu: 2, Zone 2, 112 to 130 beats per minute.
            menu: 3, Zone 3, 131 to 148 beats per minute.
            menu: 4, Zone 4, 149 to 167 beats per minute.
            menu: 5, Zone 5, 168 to 185 beats per minute.
            > 4
            menu: Averages: Time in zone 4.
            menu: Time in zone 4, last week, 1 minute in all, over 1 workout.
            menu: Time in zone 4, last month, 1 minute in all, over 1 workout.
            menu: Time in zone 4, last year, 1 minute in all, over 1 workout.
            menu: Time in zone 4, all time, 1 minute in all, over 1 workout.
            """#)
    }
}
