import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Whether `value` is within `tolerance` of `expected`; false for nil.
func isClose(_ value: Double?, _ expected: Double, within tolerance: Double = 1e-9) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance
}

@Suite(.timed) struct CyclingCalculatorTests {
    static func wheel(_ revolutions: UInt32, _ time: UInt16) -> CyclingSpeedCadenceMeasurement {
        CyclingSpeedCadenceMeasurement(wheel: RevolutionData(revolutions: revolutions, eventTime: time))
    }

    static func crank(_ revolutions: UInt32, _ time: UInt16) -> CyclingSpeedCadenceMeasurement {
        CyclingSpeedCadenceMeasurement(crank: RevolutionData(revolutions: revolutions, eventTime: time))
    }

    @Test("two revolutions of a 2105 mm wheel in one second are 15.156 km/h")
    func knownSpeed() {
        var calculator = CyclingSpeedCadenceCalculator()
        let first = calculator.update(Self.wheel(0, 0), now: 0)
        #expect(first.speed == nil)
        #expect(first.distance == 0)
        let second = calculator.update(Self.wheel(2, 1024), now: 1)
        #expect(isClose(second.speed, 4.21))
        #expect(isClose(second.speed.map { $0 * 3.6 }, 15.156))
        #expect(isClose(second.distance, 4.21))
        #expect(second.cadence == nil)
    }

    @Test("the wheel circumference is a setting")
    func circumferenceSetting() {
        var calculator = CyclingSpeedCadenceCalculator(wheelCircumference: 2.0)
        _ = calculator.update(Self.wheel(10, 0), now: 0)
        // Three revolutions in 1.5 s of a 2 m wheel: 4 m/s.
        #expect(isClose(calculator.update(Self.wheel(13, 1536), now: 1.5).speed, 4))
    }

    @Test("three crank revolutions in two seconds are 90 per minute")
    func knownCadence() {
        var calculator = CyclingSpeedCadenceCalculator()
        #expect(calculator.update(Self.crank(7, 100), now: 0).cadence == nil)
        let reading = calculator.update(Self.crank(10, 2148), now: 2)
        #expect(isClose(reading.cadence, 90))
        #expect(reading.speed == nil)
        #expect(reading.distance == nil)
    }

    @Test("the 16-bit event time rolls over")
    func eventTimeRollover() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.wheel(100, 65000), now: 10)
        // 65000 + 1024 wraps to 488.
        #expect(isClose(calculator.update(Self.wheel(102, 488), now: 11).speed, 4.21))
        var cadence = CyclingSpeedCadenceCalculator()
        _ = cadence.update(Self.crank(50, 65535), now: 10)
        #expect(isClose(cadence.update(Self.crank(51, 511), now: 10.5).cadence, 120))
    }

    @Test("the 32-bit wheel counter rolls over")
    func wheelCounterRollover() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.wheel(0xFFFF_FFFF, 1000), now: 0)
        let reading = calculator.update(Self.wheel(1, 2024), now: 1)
        #expect(isClose(reading.speed, 4.21))
        #expect(isClose(reading.distance, 4.21))
    }

    @Test("the 16-bit crank counter rolls over")
    func crankCounterRollover() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.crank(0xFFFF, 3000), now: 0)
        #expect(isClose(calculator.update(Self.crank(1, 4024), now: 1).cadence, 120))
        // The sensor's counter is 16 bits even when it is handed over wider.
        var wide = CyclingSpeedCadenceCalculator()
        _ = wide.update(Self.crank(0x1_FFFF, 3000), now: 0)
        #expect(isClose(wide.update(Self.crank(0x2_0001, 4024), now: 1).cadence, 120))
    }

    @Test("repeated measurements keep the rate until 3 s without a new revolution, then 0")
    func coastingToZero() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.crank(0, 0), now: 0)
        #expect(isClose(calculator.update(Self.crank(1, 683), now: 1).cadence, 60 * 1024 / 683))
        #expect(isClose(calculator.update(Self.crank(1, 683), now: 2).cadence, 60 * 1024 / 683))
        #expect(isClose(calculator.update(Self.crank(1, 683), now: 3.9).cadence, 60 * 1024 / 683))
        #expect(calculator.update(Self.crank(1, 683), now: 4).cadence == 0)
        #expect(calculator.update(Self.crank(1, 683), now: 9).cadence == 0)
    }

    @Test("a stopped wheel reads 0, and the first revolution after the stop does not count as a pace")
    func startingAgain() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.wheel(0, 0), now: 0)
        _ = calculator.update(Self.wheel(2, 1024), now: 1)
        #expect(calculator.update(Self.wheel(2, 1024), now: 4).speed == 0)
        // One revolution 5 s after the last: it measures the stop.
        let restart = calculator.update(Self.wheel(3, 6144), now: 6)
        #expect(restart.speed == 0)
        #expect(isClose(restart.distance, 3 * 2.105))
        #expect(isClose(calculator.update(Self.wheel(5, 7168), now: 7).speed, 4.21))
    }

    @Test("a sensor reset (counter back to near zero) is not a ride: nothing counted, the rate kept")
    func sensorReset() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.wheel(5000, 30000), now: 10)
        #expect(isClose(calculator.update(Self.wheel(5002, 31024), now: 11).speed, 4.21))
        let reset = calculator.update(Self.wheel(3, 1000), now: 12)
        #expect(isClose(reset.speed, 4.21))
        #expect(isClose(reset.distance, 2 * 2.105))
        // From the new reference on, rates are right again.
        let after = calculator.update(Self.wheel(5, 2024), now: 13)
        #expect(isClose(after.speed, 4.21))
        #expect(isClose(after.distance, 4 * 2.105))
    }

    @Test("a crank reset with its clock is not a cadence of hundreds")
    func crankReset() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.crank(500, 20000), now: 0)
        #expect(isClose(calculator.update(Self.crank(501, 20683), now: 1).cadence, 60 * 1024 / 683))
        // Count and clock back to zero: 65536 - 500 revolutions in ~44 s is implausible.
        #expect(isClose(calculator.update(Self.crank(1, 700), now: 2).cadence, 60 * 1024 / 683))
        #expect(isClose(calculator.update(Self.crank(2, 1383), now: 3).cadence, 60 * 1024 / 683))
    }

    @Test("revolutions with no time passing, or a sensor clock far ahead of arrivals, are ignored")
    func implausibleTiming() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.wheel(0, 0), now: 0)
        _ = calculator.update(Self.wheel(2, 1024), now: 1)
        let frozen = calculator.update(Self.wheel(4, 1024), now: 2)
        #expect(isClose(frozen.speed, 4.21))
        #expect(isClose(frozen.distance, 2 * 2.105))
        // Ten seconds of sensor time within one second of arrivals.
        let ahead = calculator.update(Self.wheel(6, 1024 + 10240), now: 3)
        #expect(isClose(ahead.speed, 4.21))
        #expect(isClose(ahead.distance, 2 * 2.105))
    }

    @Test("a pause longer than the event time can span restarts from rest, keeping the distance")
    func longPause() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(Self.wheel(0, 0), now: 0)
        _ = calculator.update(Self.wheel(2, 1024), now: 1)
        // 70 s later the time has wrapped past its start: 70 s of ticks look like 6 s.
        let back = calculator.update(Self.wheel(3, UInt16(truncatingIfNeeded: 1024 + 70 * 1024)), now: 71)
        #expect(back.speed == 0)
        #expect(isClose(back.distance, 3 * 2.105))
        #expect(isClose(calculator.update(Self.wheel(5, UInt16(truncatingIfNeeded: 1024 + 71 * 1024)), now: 72).speed, 4.21))
    }

    @Test("wheel and crank are worked out apart in one measurement")
    func wheelAndCrank() {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = calculator.update(
            CyclingSpeedCadenceMeasurement(
                wheel: RevolutionData(revolutions: 0, eventTime: 0), crank: RevolutionData(revolutions: 0, eventTime: 0)),
            now: 0)
        let reading = calculator.update(
            CyclingSpeedCadenceMeasurement(
                wheel: RevolutionData(revolutions: 4, eventTime: 2048), crank: RevolutionData(revolutions: 3, eventTime: 2048)),
            now: 2)
        #expect(isClose(reading.speed, 4.21))
        #expect(isClose(reading.cadence, 90))
        #expect(isClose(reading.distance, 4 * 2.105))
    }

    @Test("a power meter's wheel ticks are 1/2048 s, its crank ticks 1/1024 s")
    func powerMeterRates() {
        var calculator = CyclingPowerCalculator()
        let first = calculator.update(
            CyclingPowerMeasurement(
                flags: 0x0003, power: 180, pedalBalance: 98, wheel: RevolutionData(revolutions: 10, eventTime: 0),
                crank: RevolutionData(revolutions: 4, eventTime: 0)),
            now: 0)
        #expect(first == PowerReading(power: 180, balance: PedalBalance(percent: 49, isLeft: true)))
        let second = calculator.update(
            CyclingPowerMeasurement(
                power: -20, wheel: RevolutionData(revolutions: 12, eventTime: 2048), crank: RevolutionData(revolutions: 5, eventTime: 683)),
            now: 1)
        #expect(second.power == -20)
        #expect(second.balance == nil)
        #expect(isClose(second.speed, 4.21))
        #expect(isClose(second.cadence, 60 * 1024 / 683))
    }

    @Test("a power meter's crank data goes to zero cadence when coasting")
    func powerMeterCoasting() {
        var calculator = CyclingPowerCalculator()
        _ = calculator.update(CyclingPowerMeasurement(power: 200, crank: RevolutionData(revolutions: 0, eventTime: 0)), now: 0)
        #expect(
            isClose(
                calculator.update(CyclingPowerMeasurement(power: 200, crank: RevolutionData(revolutions: 1, eventTime: 640)), now: 1)
                    .cadence, 96))
        let coasting = calculator.update(CyclingPowerMeasurement(power: 0, crank: RevolutionData(revolutions: 1, eventTime: 640)), now: 4.5)
        #expect(coasting == PowerReading(power: 0, cadence: 0))
    }
}
