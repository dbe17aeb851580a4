// Compiled standalone into the fuzz targets with HeartlineCore's sensor types beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// Turns a cycling speed and cadence sensor's successive measurements into speed, cadence and
/// distance. Pure: `now` is when each notification arrived (see `RevolutionRate`).
public struct CyclingSpeedCadenceCalculator: Sendable {
    /// The default wheel: 700x25C road tyre, 2105 mm around.
    public static let standardWheelCircumference = 2.105
    /// Metres the wheel rolls in one revolution.
    public let wheelCircumference: Double
    private var wheel: RevolutionRate
    private var crank: RevolutionRate
    /// Wheel revolutions counted since the first measurement, when the sensor sends any.
    private var wheelRevolutions: Int?

    /// - Parameters:
    ///   - wheelCircumference: metres per wheel revolution.
    ///   - stopTimeout: seconds with no new revolution before speed or cadence is 0.
    ///   - maximumSpeed: metres per second above which a change is a sensor reset.
    ///   - maximumCadence: revolutions per minute above which a change is a sensor reset.
    public init(
        wheelCircumference: Double = standardWheelCircumference, stopTimeout: Double = 3, maximumSpeed: Double = 35,
        maximumCadence: Double = 250
    ) {
        let circumference = wheelCircumference > 0 ? wheelCircumference : Self.standardWheelCircumference
        self.wheelCircumference = circumference
        wheel = RevolutionRate(
            counterBits: 32, ticksPerSecond: 1024, maximumRate: maximumSpeed / circumference, stopTimeout: stopTimeout)
        crank = RevolutionRate(counterBits: 16, ticksPerSecond: 1024, maximumRate: maximumCadence / 60, stopTimeout: stopTimeout)
    }

    /// Takes one measurement; a field the sensor does not send stays nil in the reading.
    public mutating func update(_ measurement: CyclingSpeedCadenceMeasurement, now: Double) -> CyclingReading {
        var reading = CyclingReading()
        if let data = measurement.wheel {
            let step = wheel.update(data, now: now)
            wheelRevolutions = (wheelRevolutions ?? 0) + step.revolutions
            reading.speed = step.rate.map { $0 * wheelCircumference }
        }
        if let data = measurement.crank {
            reading.cadence = crank.update(data, now: now).rate.map { $0 * 60 }
        }
        reading.distance = wheelRevolutions.map { Double($0) * wheelCircumference }
        return reading
    }
}

/// Turns a power meter's successive measurements into readings: power and balance as sent,
/// cadence and speed from the revolution data when the meter sends it.
public struct CyclingPowerCalculator: Sendable {
    public let wheelCircumference: Double
    private var wheel: RevolutionRate
    private var crank: RevolutionRate

    public init(
        wheelCircumference: Double = CyclingSpeedCadenceCalculator.standardWheelCircumference, stopTimeout: Double = 3,
        maximumSpeed: Double = 35, maximumCadence: Double = 250
    ) {
        let circumference = wheelCircumference > 0 ? wheelCircumference : CyclingSpeedCadenceCalculator.standardWheelCircumference
        self.wheelCircumference = circumference
        // A power meter times wheel events in 1/2048 s, crank events in 1/1024 s.
        wheel = RevolutionRate(
            counterBits: 32, ticksPerSecond: 2048, maximumRate: maximumSpeed / circumference, stopTimeout: stopTimeout)
        crank = RevolutionRate(counterBits: 16, ticksPerSecond: 1024, maximumRate: maximumCadence / 60, stopTimeout: stopTimeout)
    }

    public mutating func update(_ measurement: CyclingPowerMeasurement, now: Double) -> PowerReading {
        var reading = PowerReading(power: Int(measurement.power))
        if let balance = measurement.pedalBalance {
            reading.balance = PedalBalance(percent: Double(balance) / 2, isLeft: measurement.pedalBalanceIsLeft)
        }
        if let data = measurement.crank {
            reading.cadence = crank.update(data, now: now).rate.map { $0 * 60 }
        }
        if let data = measurement.wheel {
            reading.speed = wheel.update(data, now: now).rate.map { $0 * wheelCircumference }
        }
        return reading
    }
}
