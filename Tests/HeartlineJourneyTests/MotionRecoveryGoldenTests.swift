import Foundation
@testable import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// A ride cut off by a crash keeps its distance, its cadence and power and its laps by distance,
/// saved from the unfinished offer or resumed: they are counted again from the samples by the
/// rules the engine counted them with.
@Suite(.timed) struct MotionRecoveryGoldenTests {
    /// 36 km/h is 10 m/s: a readout and a lap every 50 seconds with readouts every 0.5 km.
    static let ride = WorkoutConfiguration(
        sport: .cycling, metrics: [.speed], distanceReadout: DistanceReadout(every: 0.5, unit: .kilometres))

    @Test func aCrashedRideSavedFromTheOfferKeepsItsDistanceAndLaps() throws {
        let session = try GoldenSession()
        session.startWorkout(Self.ride)
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :ride 36 90 210
            :wait 125
            readout: 0.5 kilometres, split 50 seconds.
            readout: Speed, 36 kilometres per hour.
            readout: 1 kilometre, split 50 seconds.
            readout: Speed, 36 kilometres per hour.
            :restart
            menu: You have an unfinished workout from today at 7:30, 2 minutes and 5 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > 2
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            """#)
        let saved = try #require(try session.store.savedWorkouts(offset: 0, limit: 1).first)
        let samples = try session.store.samples(of: saved.id)
        #expect(saved.duration == 125)
        #expect(saved.distance == 1250)
        #expect(saved.distance == samples.last?.distance)
        #expect(saved.distanceLaps == [50, 100])
        #expect(saved.lapSpans().map(\.duration) == [50, 50, 25])
        #expect(saved.averageCadence == 90)
        #expect(saved.averagePower == 210)
        #expect(saved.maximumPower == 210)
    }

    @Test func aResumedRideGoesOnFromItsDistanceLapsAndNextReadout() throws {
        let session = try GoldenSession()
        session.startWorkout(Self.ride)
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :ride 36 90 210
            :wait 125
            readout: 0.5 kilometres, split 50 seconds.
            readout: Speed, 36 kilometres per hour.
            readout: 1 kilometre, split 50 seconds.
            readout: Speed, 36 kilometres per hour.
            :restart
            menu: You have an unfinished workout from today at 7:30, 2 minutes and 5 seconds long. Resume, save or delete?
            menu: 1, Resume.
            menu: 2, Save.
            menu: 3, Delete.
            > 1
            answer: Workout resumed.
            > distance
            answer: Distance, 1.25 kilometres.
            :wait 75
            readout: 1.5 kilometres, split 50 seconds.
            readout: Speed, 36 kilometres per hour.
            readout: 2 kilometres, split 50 seconds.
            readout: Speed, 36 kilometres per hour.
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 3 minutes and 20 seconds.
            menu: Average heart rate, 88 beats per minute.
            menu: Maximum heart rate, 116 beats per minute.
            menu: Calories burned, 13 kilocalories.
            menu: Distance, 2 kilometres.
            menu: Average speed, 36 kilometres per hour.
            menu: Average cadence, 90 revolutions per minute.
            menu: Average power, 210 watts.
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
        let samples = try session.store.samples(of: saved.id)
        #expect(saved.duration == 200)
        #expect(saved.distance == 2000)
        // Every second's distance goes on from the one before: no jump back at the resume.
        #expect(samples.map(\.distance) == (1...200).map { Double($0 * 10) })
        #expect(saved.distanceLaps == [50, 100, 150, 200])
        #expect(saved.lapSpans().map(\.duration) == [50, 50, 50, 50])
        #expect(saved.averagePower == 210)
    }

    /// The summary recounted from samples agrees with the engine that recorded them, field by
    /// field, however the ride went: stops, a sensor dropping out, readouts by miles.
    @Test func recountingTheSamplesGivesTheEnginesTotals() throws {
        let configuration = WorkoutConfiguration(
            sport: .cycling, metrics: [], distanceReadout: DistanceReadout(every: 0.5, unit: .miles))
        let model = CalorieModel(profile: Profile())
        var engine = WorkoutEngine(start: goldenStart, configuration: configuration, calories: model)
        var samples: [Sample] = []
        var random = SplitMix64(seed: 5)
        for second in 1...1800 {
            let now = goldenStart.addingTimeInterval(Double(second))
            let speed = Double(random.next() % 4000) / 256
            if second % 300 < 280 {
                engine.receive(.cycling(CyclingReading(speed: speed, cadence: Double(60 + random.next() % 40))), at: now)
            }
            if second % 7 != 0 { engine.receive(.power(PowerReading(power: Int(random.next() % 400))), at: now) }
            engine.receive(HeartRateReading(beatsPerMinute: 100 + Int(random.next() % 60), contact: .detected), at: now)
            samples += engine.advance(to: now).samples
        }
        let live = engine.summary(id: 1, state: .recording)
        var stale = WorkoutSummary(id: 1, start: goldenStart, state: .recording, configuration: configuration, duration: 0)
        stale.distance = nil
        let recounted = stale.recomputed(from: samples, calories: model)
        #expect(recounted == live)
        #expect(!live.distanceLaps.isEmpty)

        // Resumed from its samples, the engine has the same totals as the one that recorded them.
        let resumed = WorkoutEngine(resuming: recounted, samples: samples, calories: model)
        #expect(resumed.totals == engine.totals)
    }
}
