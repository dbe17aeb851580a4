import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Only what a human can do is counted, spoken or stored of a footpod's, a bike sensor's and a
/// power meter's readings; and each sport's own sensor gives its speed and cadence.
@Suite(.timed) struct MotionPlausibilityTests {
    let start = goldenStart
    let model = CalorieModel(profile: Profile(age: 30, sex: .male, weightKilograms: 80))

    func at(_ seconds: Int) -> Date { start.addingTimeInterval(Double(seconds)) }

    func engine(_ sport: Sport) -> WorkoutEngine {
        WorkoutEngine(start: start, configuration: WorkoutConfiguration(sport: sport, metrics: []), calories: model)
    }

    /// One reading a second from `make` (none when it gives nil), for `seconds` seconds.
    func run(_ engine: inout WorkoutEngine, seconds: Int, _ make: (Int) -> [SensorReading]) -> (samples: [Sample], notices: [SensorNotice])
    {
        var samples: [Sample] = []
        var notices: [SensorNotice] = []
        for second in 1...seconds {
            for reading in make(second) { notices += engine.receive(reading, at: at(second)) }
            samples += engine.advance(to: at(second)).samples
        }
        return (samples, notices)
    }

    static let stride = RunningReading(speed: 3, cadence: 170)

    @Test(arguments: [100.0, 256.0, 12.6, 220.5, .infinity])
    func anImpossibleRunningSpeedIsDroppedCountedAndSaidOnce(speed: Double) {
        var engine = engine(.running)
        // Every tenth second for a minute: the possible reading in between stays fresh.
        let result = run(&engine, seconds: 60) { second in
            [.running(second % 10 == 5 ? RunningReading(speed: speed, cadence: 170) : Self.stride)]
        }
        #expect(result.notices == [.implausibleMotion(.footpod)])
        #expect(engine.motionCheck.dropped == [.footpod: 6])
        #expect(result.samples.allSatisfy { $0.motion.speed == 3 })
        #expect(engine.distance == 180)
    }

    @Test func aFootpodThatOnlySendsTheImpossibleGivesNoDistance() {
        var engine = engine(.running)
        // 100 m/s would be "Pace, 10 seconds per kilometre." and 2.1 km in 21 seconds.
        let result = run(&engine, seconds: 21) { _ in [.running(RunningReading(speed: 100, cadence: 180))] }
        #expect(result.notices == [.implausibleMotion(.footpod)])
        #expect(engine.distance == nil)
        #expect(engine.averageCadence == nil)
        #expect(result.samples.allSatisfy { $0.motion.isEmpty && $0.distance == nil })
        #expect(engine.motionCheck.dropped[.footpod] == 21)
    }

    @Test(arguments: [(301, false), (300, true), (0, true)])
    func runningCadenceAboveThreeHundredStepsIsDropped(cadence: Int, possible: Bool) {
        var engine = engine(.running)
        let result = run(&engine, seconds: 10) { _ in [.running(RunningReading(speed: 4, cadence: cadence))] }
        #expect(result.notices == (possible ? [] : [.implausibleMotion(.footpod)]))
        #expect(engine.averageCadence == (possible ? cadence : nil))
    }

    @Test(arguments: [32767, 6200, 2501, -1, -32768])
    func anImpossiblePowerIsDroppedCountedAndSaidOnce(watts: Int) {
        var engine = engine(.cycling)
        let result = run(&engine, seconds: 60) { second in
            [.power(PowerReading(power: second % 2 == 0 ? watts : 200, cadence: 90))]
        }
        #expect(result.notices == [.implausibleMotion(.powerMeter)])
        #expect(engine.motionCheck.dropped == [.powerMeter: 30])
        #expect(result.samples.allSatisfy { $0.motion.power == 200 })
        #expect(engine.averagePower == 200)
        #expect(engine.maximumPower == 200)
    }

    @Test(arguments: [2500, 0])
    func thePowerLimitsThemselvesArePossible(watts: Int) {
        var engine = engine(.cycling)
        let result = run(&engine, seconds: 10) { _ in [.power(PowerReading(power: watts))] }
        #expect(result.notices == [])
        #expect(engine.maximumPower == watts)
    }

    @Test(arguments: [
        CyclingReading(speed: 41, cadence: 90), CyclingReading(speed: 10, cadence: 251), CyclingReading(speed: -1, cadence: 90),
        CyclingReading(speed: .nan, cadence: 90),
    ])
    func anImpossibleRideIsDroppedAndSaidOnce(reading: CyclingReading) {
        var engine = engine(.cycling)
        let result = run(&engine, seconds: 20) { second in
            [.cycling(second % 2 == 0 ? reading : CyclingReading(speed: 10, cadence: 90))]
        }
        #expect(result.notices == [.implausibleMotion(.cyclingSpeedCadence)])
        #expect(result.samples.allSatisfy { $0.motion.speed == 10 && $0.motion.cadence == 90 })
        #expect(engine.distance == 200)
    }

    @Test func aPowerMetersImpossibleWheelSpeedDropsItsReading() {
        var engine = engine(.cycling)
        let result = run(&engine, seconds: 10) { _ in [.power(PowerReading(power: 250, cadence: 90, speed: 220))] }
        #expect(result.notices == [.implausibleMotion(.powerMeter)])
        #expect(engine.distance == nil)
        #expect(engine.averagePower == nil)
    }

    @Test func eachSensorIsSaidOnceOnItsOwn() {
        var engine = engine(.cycling)
        let result = run(&engine, seconds: 30) { _ in
            [.running(RunningReading(speed: 256, cadence: 100)), .power(PowerReading(power: 32767))]
        }
        #expect(result.notices == [.implausibleMotion(.footpod), .implausibleMotion(.powerMeter)])
        #expect(engine.motionCheck.dropped == [.footpod: 30, .powerMeter: 30])
    }

    /// A footpod and a bike sensor both connected: a ride's speed and cadence are the bike's, a
    /// run's the footpod's.
    @Test(arguments: [(Sport.cycling, 8.0, 85), (Sport.running, 3.0, 170)])
    func theSportsOwnSensorGivesSpeedAndCadence(sport: Sport, speed: Double, cadence: Int) {
        var engine = engine(sport)
        let result = run(&engine, seconds: 10) { _ in
            [.running(Self.stride), .cycling(CyclingReading(speed: 8, cadence: 85))]
        }
        #expect(result.samples.allSatisfy { $0.motion.speed == speed && $0.motion.cadence == cadence })
        #expect(engine.distance == speed * 10)
        #expect(engine.averageCadence == cadence)
    }

    /// With only the other sport's sensor, it still gives what it measures.
    @Test func aRideWithOnlyAFootpodUsesTheFootpod() {
        var engine = engine(.cycling)
        let result = run(&engine, seconds: 5) { _ in [.running(Self.stride)] }
        #expect(result.samples.allSatisfy { $0.motion.speed == 3 })
    }
}
