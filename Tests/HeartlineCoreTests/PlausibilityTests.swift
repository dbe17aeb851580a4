import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Only what a heart can produce is counted, spoken or stored; a frozen program's seconds are
/// missing, never copies.
@Suite(.timed) struct PlausibilityTests {
    let start = goldenStart
    let model = CalorieModel(profile: Profile(age: 30, sex: .male, weightKilograms: 80))

    func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    func engine() -> WorkoutEngine {
        WorkoutEngine(start: start, configuration: WorkoutConfiguration(), calories: model)
    }

    /// One reading a second, `make` choosing it, from second `from + 1` to `from + seconds`.
    func run(
        _ engine: inout WorkoutEngine, seconds: Int, from: Int = 0, _ make: (Int) -> HeartRateReading?
    ) -> (samples: [Sample], notices: [SensorNotice]) {
        var samples: [Sample] = []
        var notices: [SensorNotice] = []
        for second in (from + 1)...(from + seconds) {
            if let reading = make(second) { notices += engine.receive(reading, at: at(Double(second))) }
            samples += engine.advance(to: at(Double(second))).samples
        }
        return (samples, notices)
    }

    func steady(_ second: Int) -> HeartRateReading {
        HeartRateReading(beatsPerMinute: 120, contact: .detected, rrIntervals: [512])
    }

    @Test(arguments: [65535, 251, 24, 1, -3])
    func anImpossibleHeartRateIsDroppedCountedAndSaidOnce(beats: Int) {
        var engine = engine()
        let result = run(&engine, seconds: 60) { second in
            second % 2 == 0 ? HeartRateReading(beatsPerMinute: beats, contact: .detected) : steady(second)
        }
        #expect(result.notices == [.implausible])
        #expect(result.samples.compactMap(\.heartRate).allSatisfy { $0 == 120 })
        #expect(engine.maximumHeartRate == 120)
        #expect(engine.averageHeartRate == 120)
        #expect(abs(engine.caloriesBurned! - model.kilocaloriesPerMinute(heartRate: 120)) < 0.01)
        #expect(engine.check.dropped == 30)
    }

    @Test(arguments: [25, 250])
    func theLimitsThemselvesArePossible(beats: Int) {
        var engine = engine()
        let result = run(&engine, seconds: 10) { _ in HeartRateReading(beatsPerMinute: beats, contact: .detected) }
        #expect(result.notices == [])
        #expect(result.samples.allSatisfy { $0.heartRate == beats })
    }

    @Test func noContactIsNotImplausible() {
        var engine = engine()
        let result = run(&engine, seconds: 10) { _ in HeartRateReading(beatsPerMinute: 0, contact: .lost) }
        #expect(result.notices == [])
        #expect(engine.check.dropped == 0)
    }

    @Test func impossibleIntervalsAreDroppedAndIrregularOnesKept() {
        var engine = engine()
        // 250 ms is 256/1024 s, 2500 ms is 2560/1024 s; 200 ms and 3000 ms cannot be beats.
        let result = run(&engine, seconds: 3) { second in
            switch second {
            case 1: HeartRateReading(beatsPerMinute: 90, contact: .detected, rrIntervals: [256, 205, 2560])
            case 2: HeartRateReading(beatsPerMinute: 90, contact: .detected, rrIntervals: [3072, 300, 1800])
            default: HeartRateReading(beatsPerMinute: 90, contact: .detected, rrIntervals: [65535, 0])
            }
        }
        #expect(result.samples.map(\.rrIntervals) == [[256, 2560], [300, 1800], []])
        #expect(result.notices == [.implausible])
        #expect(engine.check.dropped == 4)
    }

    @Test func aFloodOfIntervalsKeepsNoneOfThem() {
        var engine = engine()
        let result = run(&engine, seconds: 60) { _ in
            HeartRateReading(beatsPerMinute: 120, contact: .detected, rrIntervals: Array(repeating: 512, count: 120))
        }
        #expect(result.samples.allSatisfy { $0.rrIntervals.isEmpty && $0.heartRate == 120 })
        #expect(result.notices == [.implausible])
        #expect(engine.check.dropped == 60 * 120)
    }

    @Test func moreThanFiveIntervalsInOneSecondOverSeveralNotificationsAreDropped() {
        var engine = engine()
        for index in 0..<4 {
            engine.receive(
                HeartRateReading(beatsPerMinute: 200, contact: .detected, rrIntervals: [300, 300]), at: at(0.1 + 0.2 * Double(index)))
        }
        let first = engine.advance(to: at(1)).samples
        engine.receive(HeartRateReading(beatsPerMinute: 200, contact: .detected, rrIntervals: [300, 300]), at: at(1.5))
        let second = engine.advance(to: at(2)).samples
        #expect(first.map(\.rrIntervals) == [[]])
        #expect(second.map(\.rrIntervals) == [[300, 300]])
        #expect(engine.check.dropped == 8)
    }

    @Test func aStrapRepeatingOneValueWithoutBeatsForAMinuteIsSaidOnce() {
        var engine = engine()
        let before = run(&engine, seconds: 30) { steady($0) }
        let stuck = run(&engine, seconds: 150, from: 30) { _ in HeartRateReading(beatsPerMinute: 131, contact: .detected) }
        #expect(before.notices == [])
        #expect(stuck.notices == [.possiblyStuck])
        // Said after a minute of the same value, not before.
        var again = self.engine()
        _ = run(&again, seconds: 30) { steady($0) }
        #expect(run(&again, seconds: 60, from: 30) { _ in HeartRateReading(beatsPerMinute: 131, contact: .detected) }.notices == [])
    }

    @Test func aStrapThatNeverSendsIntervalsIsNotStuck() {
        var engine = engine()
        let result = run(&engine, seconds: 300) { _ in HeartRateReading(beatsPerMinute: 131) }
        #expect(result.notices == [])
    }

    @Test func aSteadyValueWithBeatsIsNotStuck() {
        var engine = engine()
        let result = run(&engine, seconds: 300) { steady($0) }
        #expect(result.notices == [])
    }

    /// The process is stopped (SIGSTOP) for 35 seconds while the strap goes on sending; when it
    /// runs again the queued notifications arrive together, then the tick comes.
    @Test(arguments: [true, false])
    func secondsOfAFrozenProgramAreMissingNotCopies(backlogFirst: Bool) {
        var engine = engine()
        let before = run(&engine, seconds: 10) { steady($0) }
        var frozen: [Sample] = []
        var notices: [SensorNotice] = []
        if !backlogFirst { frozen += engine.advance(to: at(45.2)).samples }
        for index in 0..<35 {
            notices += engine.receive(steady(index), at: at(45.2 + 0.001 * Double(index)))
        }
        frozen += engine.advance(to: at(45.3)).samples
        let after = run(&engine, seconds: 20, from: 45) { steady($0) }

        #expect(before.samples.allSatisfy { $0.heartRate == 120 })
        #expect(frozen.map(\.elapsed) == Array(11...45))
        // The second the program last ran in, at most, and the one it ran again in.
        let counted = frozen.filter { $0.heartRate != nil }.map(\.elapsed)
        #expect(counted.allSatisfy { $0 == 11 || $0 == 45 })
        #expect(frozen.filter { (13...44).contains($0.elapsed) }.allSatisfy { $0.heartRate == nil && $0.rrIntervals.isEmpty })
        #expect(after.samples.allSatisfy { $0.heartRate == 120 })
        #expect(notices == [])
        #expect(engine.heartRateSeconds == 10 + counted.count + 20)
    }

    @Test func aReadingCountsOnlyFromTheSecondBeforeItsArrival() {
        var engine = engine()
        _ = engine.advance(to: at(1))
        // A late tick (under the stall limit) after a reading: the second that ended more than a
        // second before the reading arrived gets nothing from it.
        engine.receive(HeartRateReading(beatsPerMinute: 110, contact: .detected), at: at(3.9))
        let samples = engine.advance(to: at(3.95)).samples
        #expect(samples.map(\.elapsed) == [2, 3])
        #expect(samples.map(\.heartRate) == [nil, 110])
    }

    @Test func aPausedEngineSeesNoStall() {
        var engine = engine()
        _ = run(&engine, seconds: 10) { steady($0) }
        engine.pause(at: at(10))
        engine.resume(at: at(600))
        let after = run(&engine, seconds: 10, from: 600) { steady($0) }
        #expect(after.samples.allSatisfy { $0.heartRate == 120 })
    }
}
