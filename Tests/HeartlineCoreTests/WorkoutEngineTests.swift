import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

@Suite(.timed) struct WorkoutEngineTests {
    let start = goldenStart
    let model = CalorieModel(profile: Profile(age: 30, sex: .male, weightKilograms: 80))

    func engine(interval: ReadoutInterval = .none) -> WorkoutEngine {
        WorkoutEngine(start: start, configuration: WorkoutConfiguration(interval: interval), calories: model)
    }

    /// A treadmill's incline is each second's, to the tenth of a percent, and the summary names
    /// the machine once one gave a reading; a workout started with a configuration that names
    /// one (a copy of an old summary's) does not claim it, a resumed one keeps it.
    @Test func aMachinesInclineIsRecordedAndTheSummaryNamesTheMachine() {
        var configuration = WorkoutConfiguration(sport: .running)
        configuration.machine = .indoorBike
        var engine = WorkoutEngine(start: start, configuration: configuration, calories: model)
        _ = engine.advance(to: start.addingTimeInterval(2))
        #expect(engine.summary(id: 1, state: .recording).configuration.machine == nil)
        engine.receive(.machine(MachineReading(type: .treadmill, speed: 2.5, incline: 1.04)), at: start.addingTimeInterval(2.5))
        let samples = engine.advance(to: start.addingTimeInterval(4)).samples
        #expect(samples.map(\.motion.incline) == [1, 1])
        #expect(samples.map(\.motion.speed) == [2.5, 2.5])
        let summary = engine.summary(id: 1, state: .recording)
        #expect(summary.configuration.machine == .treadmill)
        let resumed = WorkoutEngine(resuming: summary, samples: samples, calories: model)
        #expect(resumed.summary(id: 1, state: .recording).configuration.machine == .treadmill)
        // A footpod alone gives no incline.
        var run = WorkoutEngine(start: start, configuration: WorkoutConfiguration(sport: .running), calories: model)
        run.receive(.running(RunningReading(speed: 3, cadence: 170, isRunning: true)), at: start.addingTimeInterval(0.5))
        #expect(run.advance(to: start.addingTimeInterval(1)).samples.allSatisfy { $0.motion.incline == nil })
    }

    /// Runs `seconds` seconds from `from`, one reading each second, and returns the seconds at which a readout was due.
    func run(_ engine: inout WorkoutEngine, seconds: Int, from: Int = 0, heartRate: Int? = 120) -> (readouts: [Int], samples: [Sample]) {
        var readouts: [Int] = []
        var samples: [Sample] = []
        for second in (from + 1)...(from + seconds) {
            let now = start.addingTimeInterval(Double(second))
            if let heartRate { engine.receive(HeartRateReading(beatsPerMinute: heartRate, contact: .detected), at: now) }
            let progress = engine.advance(to: now)
            samples += progress.samples
            if progress.readoutDue { readouts.append(second) }
        }
        return (readouts, samples)
    }

    @Test(arguments: ReadoutInterval.allCases.filter { $0 != .none })
    func everyIntervalFiresOnItsMultiples(interval: ReadoutInterval) {
        var engine = engine(interval: interval)
        let period = interval.seconds!
        let result = run(&engine, seconds: period * 3)
        #expect(result.readouts == [period, period * 2, period * 3])
    }

    @Test func noTimeNeverFires() {
        var engine = engine(interval: .none)
        #expect(run(&engine, seconds: 3 * 3600).readouts.isEmpty)
    }

    @Test func oneSamplePerActiveSecond() {
        var engine = engine()
        let result = run(&engine, seconds: 90)
        #expect(result.samples.map(\.elapsed) == Array(1...90))
        #expect(result.samples.allSatisfy { $0.heartRate == 120 })
        #expect(engine.averageHeartRate == 120)
        #expect(engine.maximumHeartRate == 120)
    }

    @Test func pausedTimeIsNotCounted() {
        var engine = engine(interval: .minutes1)
        _ = run(&engine, seconds: 30)
        engine.pause(at: start.addingTimeInterval(30))
        // Ten minutes pass while paused: no samples, no readouts.
        let paused = run(&engine, seconds: 600, from: 30)
        #expect(paused.samples.isEmpty)
        #expect(paused.readouts.isEmpty)
        #expect(engine.elapsed(at: start.addingTimeInterval(630)) == 30)
        engine.resume(at: start.addingTimeInterval(630))
        let after = run(&engine, seconds: 30, from: 630)
        #expect(after.readouts == [660])
        #expect(after.samples.first?.elapsed == 31)
        #expect(after.samples.first?.wallOffset == 631)
    }

    @Test func hoursOfCaloriesAreCounted() {
        var engine = engine()
        _ = run(&engine, seconds: 2 * 3600, heartRate: 150)
        let perMinute = model.kilocaloriesPerMinute(heartRate: 150)
        #expect(abs(engine.caloriesBurned! - perMinute * 120) < 0.01)
    }

    @Test func caloriesAreUnknownWithoutHeartRate() {
        var engine = engine()
        _ = run(&engine, seconds: 60, heartRate: nil)
        #expect(engine.caloriesBurned == nil)
        #expect(engine.averageHeartRate == nil)
    }

    @Test func aQuietStrapIsNotCountedAfterFiveSeconds() {
        var engine = engine()
        _ = run(&engine, seconds: 10, heartRate: 100)
        // The strap stops sending: five more seconds count, then nothing.
        let quiet = run(&engine, seconds: 20, from: 10, heartRate: nil)
        #expect(quiet.samples.prefix(5).allSatisfy { $0.heartRate == 100 })
        #expect(quiet.samples.dropFirst(5).allSatisfy { $0.heartRate == nil })
        #expect(engine.currentHeartRate(at: start.addingTimeInterval(30)) == .stale(seconds: 20))
    }

    @Test func lostContactIsNoHeartRate() {
        var engine = engine()
        engine.receive(HeartRateReading(beatsPerMinute: 0, contact: .lost), at: start.addingTimeInterval(1))
        #expect(engine.currentHeartRate(at: start.addingTimeInterval(1)) == .noContact)
        #expect(engine.advance(to: start.addingTimeInterval(1)).samples.first?.heartRate == nil)
    }

    @Test func sensorLostForgetsTheLastValue() {
        var engine = engine()
        _ = run(&engine, seconds: 10, heartRate: 100)
        engine.sensorLost()
        let after = run(&engine, seconds: 10, from: 10, heartRate: nil)
        #expect(after.samples.allSatisfy { $0.heartRate == nil })
        #expect(engine.heartRateSeconds == 10)
    }

    @Test func aStalledLoopGivesOneReadoutNotSeveral() {
        var engine = engine(interval: .seconds30)
        let progress = engine.advance(to: start.addingTimeInterval(95))
        #expect(progress.samples.count == 95)
        #expect(progress.readoutDue)
        #expect(!engine.advance(to: start.addingTimeInterval(110)).readoutDue)
        #expect(engine.advance(to: start.addingTimeInterval(120)).readoutDue)
    }

    @Test func rrIntervalsLandInTheirSecond() {
        var engine = engine()
        engine.receive(HeartRateReading(beatsPerMinute: 60, contact: .detected, rrIntervals: [1024]), at: start.addingTimeInterval(0.5))
        let first = engine.advance(to: start.addingTimeInterval(1))
        engine.receive(
            HeartRateReading(beatsPerMinute: 60, contact: .detected, rrIntervals: [1000, 1048]), at: start.addingTimeInterval(1.5))
        let second = engine.advance(to: start.addingTimeInterval(2))
        #expect(first.samples.map(\.rrIntervals) == [[1024]])
        #expect(second.samples.map(\.rrIntervals) == [[1000, 1048]])
    }
}

@Suite(.timed) struct SimulatedStrapTests {
    @Test func sameSeedSameWorkout() {
        var a = SimulatedStrap(seed: 42)
        var b = SimulatedStrap(seed: 42)
        for second in 1...600 {
            #expect(a.reading(atSecond: second) == b.reading(atSecond: second))
        }
    }

    @Test func warmsUpThenHoldsAndIntervals() {
        var strap = SimulatedStrap(seed: 3)
        let readings = (1...1200).map { strap.reading(atSecond: $0) }
        #expect(readings[0].beatsPerMinute < 80)
        let steady = readings[400].beatsPerMinute
        #expect((128...150).contains(steady))
        // A hard minute after the first steady stretch (seconds 480 to 540).
        #expect(readings[520].beatsPerMinute > 155)
        #expect(readings.allSatisfy { $0.contact == .detected })
    }

    @Test func rrIntervalsAddUpToElapsedTime() {
        var strap = SimulatedStrap(seed: 9)
        let rr = (1...600).flatMap { strap.reading(atSecond: $0).rrIntervals }
        let seconds = Double(rr.reduce(0, +)) / 1024
        #expect(abs(seconds - 600) < 3)
    }
}

@Suite(.timed) struct CommandTextTests {
    @Test(arguments: [("hart rate", "heart rate"), ("pase", "pause"), ("hepl", "help"), ("calroies", "calories")])
    func nearMissesGetASuggestion(typed: String, suggestion: String) {
        let vocabulary = ["heart rate", "pause", "help", "calories", "time", "end"]
        #expect(CommandText.suggestion(for: typed, among: vocabulary) == suggestion)
    }

    @Test func farMissesGetNone() {
        #expect(CommandText.suggestion(for: "xyzzy", among: ["heart rate", "pause"]) == nil)
    }
}
