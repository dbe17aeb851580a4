import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

/// The simulated footpod, bike and power meter send valid notifications with realistic values.
@Suite(.timed) struct SimulatedSensorTests {
    @Test("the same seed gives the same bytes; another seed other bytes")
    func seeded() {
        var first = SimulatedFootpod(seed: 5)
        var second = SimulatedFootpod(seed: 5)
        var other = SimulatedFootpod(seed: 6)
        let a = (0..<30).map { _ in first.notificationValue() }
        #expect(a == (0..<30).map { _ in second.notificationValue() })
        #expect(a != (0..<30).map { _ in other.notificationValue() })
        var bike = SimulatedBike(seed: 5)
        var bikeAgain = SimulatedBike(seed: 5)
        #expect((0..<30).map { _ in bike.notificationValue() } == (0..<30).map { _ in bikeAgain.notificationValue() })
        var meter = SimulatedPowerMeter(seed: 5)
        var meterAgain = SimulatedPowerMeter(seed: 5)
        #expect((0..<30).map { _ in meter.notificationValue() } == (0..<30).map { _ in meterAgain.notificationValue() })
    }

    @Test("a footpod at 5:00 per kilometre runs at that pace with a runner's cadence and stride")
    func footpodPace() throws {
        var pod = SimulatedFootpod(seed: 11, pace: 300)
        var readings: [RunningReading] = []
        for _ in 0..<600 { readings.append(try RunningSpeedCadenceMeasurement.decode(pod.notificationValue()).reading) }
        let meanSpeed = readings.map(\.speed).reduce(0, +) / Double(readings.count)
        #expect(abs(meanSpeed - 1000.0 / 300) < 0.1)
        #expect(readings.allSatisfy { (160...185).contains($0.cadence) && $0.isRunning })
        for reading in readings {
            // Stride × cadence is the speed, to the rounding of the fields.
            let strideSpeed = (reading.strideLength ?? 0) * Double(reading.cadence) / 60
            #expect(abs(strideSpeed - reading.speed) < 0.05)
        }
        // Ten minutes at 5:00 per kilometre: two kilometres, within the wander.
        #expect(isClose(readings.last?.totalDistance, 2000, within: 60))
        let distances = readings.compactMap(\.totalDistance)
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("a footpod at walking pace says walking")
    func footpodWalking() throws {
        var pod = SimulatedFootpod(seed: 2, pace: 720)
        let reading = try RunningSpeedCadenceMeasurement.decode(pod.notificationValue()).reading
        #expect(!reading.isRunning)
        #expect((100...130).contains(reading.cadence))
    }

    @Test("a simulated bike at 30 km/h and 88 per minute reads so through the calculator")
    func bikeRide() throws {
        var bike = SimulatedBike(seed: 9, speed: 30 / 3.6, cadence: 88)
        var calculator = CyclingSpeedCadenceCalculator()
        var last = CyclingReading()
        var speeds: [Double] = []
        for second in 0..<300 {
            last = calculator.update(try CyclingSpeedCadenceMeasurement.decode(bike.notificationValue()), now: Double(second))
            if second > 5, let speed = last.speed {
                speeds.append(speed)
                #expect(abs(speed - 30 / 3.6) < 1, "second \(second)")
                #expect(isClose(last.cadence, 88, within: 8), "second \(second)")
            }
        }
        #expect(speeds.count == 294)
        // Five minutes at 30 km/h: 2.5 km, within the wander.
        #expect(isClose(last.distance, 2500, within: 80))
    }

    @Test("an hour on the simulated bike crosses the crank counter's rollover with the cadence right")
    func crankRolloverInAnHour() throws {
        var bike = SimulatedBike(seed: 21, speed: 8, cadence: 80)
        var calculator = CyclingSpeedCadenceCalculator()
        var previousCrank: UInt32?
        var rollovers = 0
        for second in 0..<3600 {
            let measurement = try CyclingSpeedCadenceMeasurement.decode(bike.notificationValue())
            if let crank = measurement.crank?.revolutions, let previousCrank, crank < previousCrank { rollovers += 1 }
            previousCrank = measurement.crank?.revolutions
            let reading = calculator.update(measurement, now: Double(second))
            if second > 5 { #expect(isClose(reading.cadence, 80, within: 8), "second \(second)") }
        }
        #expect(rollovers == 1)
    }

    @Test("a simulated bike that stops pedalling coasts: cadence 0 within the timeout")
    func bikeCoasting() throws {
        var bike = SimulatedBike(seed: 4)
        var calculator = CyclingSpeedCadenceCalculator()
        for second in 0..<10 {
            _ = calculator.update(try CyclingSpeedCadenceMeasurement.decode(bike.notificationValue()), now: Double(second))
        }
        bike.cadence = 0
        var cadences: [Double?] = []
        for second in 10..<15 {
            cadences.append(
                calculator.update(try CyclingSpeedCadenceMeasurement.decode(bike.notificationValue()), now: Double(second)).cadence)
        }
        #expect(cadences.last == 0)
        #expect(cadences.first != 0)
    }

    @Test("a simulated power meter's power, balance and cadence are what it was set to")
    func powerMeter() throws {
        var meter = SimulatedPowerMeter(seed: 12, power: 200, cadence: 85)
        var calculator = CyclingPowerCalculator()
        var powers: [Int] = []
        for second in 0..<120 {
            let measurement = try CyclingPowerMeasurement.decode(meter.notificationValue())
            let reading = calculator.update(measurement, now: Double(second))
            powers.append(reading.power)
            #expect((190...210).contains(reading.power))
            #expect(reading.balance.map { $0.isLeft && (48...52).contains($0.percent) } == true)
            if second > 2 { #expect(isClose(reading.cadence, 85, within: 6), "second \(second)") }
        }
        #expect(abs(Double(powers.reduce(0, +)) / 120 - 200) < 5)
    }
}
