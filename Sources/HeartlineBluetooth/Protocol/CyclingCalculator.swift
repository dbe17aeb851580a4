// Compiled standalone into the fuzz targets with HeartlineCore's sensor types beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// A cycling sensor's wheel and crank: their revolution rates and the wheel they roll. The one
/// place both calculators set their limits from.
struct WheelAndCrank: Sendable {
    /// Metres the wheel rolls in one revolution.
    let wheelCircumference: Double
    private var wheel: RevolutionRate
    private var crank: RevolutionRate

    /// - Parameters:
    ///   - wheelCircumference: metres per wheel revolution; the standard wheel when not positive.
    ///   - wheelTicksPerSecond: the wheel's event time resolution (1024, or 2048 on a power meter);
    ///     crank events are always timed in 1/1024 s.
    ///   - stopTimeout: seconds with no new revolution before speed or cadence is 0.
    ///   - maximumSpeed: metres per second above which a change is a sensor reset.
    ///   - maximumCadence: revolutions per minute above which a change is a sensor reset.
    init(wheelCircumference: Double, wheelTicksPerSecond: Double, stopTimeout: Double, maximumSpeed: Double, maximumCadence: Double) {
        let circumference = wheelCircumference > 0 ? wheelCircumference : CyclingSpeedCadenceCalculator.standardWheelCircumference
        self.wheelCircumference = circumference
        wheel = RevolutionRate(
            counterBits: 32, ticksPerSecond: wheelTicksPerSecond, maximumRate: maximumSpeed / circumference, stopTimeout: stopTimeout)
        crank = RevolutionRate(counterBits: 16, ticksPerSecond: 1024, maximumRate: maximumCadence / 60, stopTimeout: stopTimeout)
    }

    /// Metres per second, and the wheel revolutions ridden since the last measurement.
    mutating func wheel(_ data: RevolutionData, now: Double) -> (speed: Double?, revolutions: Int) {
        let step = wheel.update(data, now: now)
        return (step.rate.map { $0 * wheelCircumference }, step.revolutions)
    }

    /// Revolutions per minute.
    mutating func cadence(_ data: RevolutionData, now: Double) -> Double? {
        crank.update(data, now: now).rate.map { $0 * 60 }
    }
}

/// Turns a cycling speed and cadence sensor's successive measurements into speed, cadence and
/// distance. Pure: `now` is when each notification arrived (see `RevolutionRate`).
public struct CyclingSpeedCadenceCalculator: Sendable {
    /// The default wheel: 700x25C road tyre, 2105 mm around.
    public static let standardWheelCircumference = 2.105
    /// Metres the wheel rolls in one revolution.
    public var wheelCircumference: Double { revolutions.wheelCircumference }
    private var revolutions: WheelAndCrank
    /// Wheel revolutions counted since the first measurement, when the sensor sends any.
    private var wheelRevolutions: Int?

    /// - Parameters: as `WheelAndCrank`'s; the sensor times its wheel in 1/1024 s.
    public init(
        wheelCircumference: Double = standardWheelCircumference, stopTimeout: Double = 3, maximumSpeed: Double = 35,
        maximumCadence: Double = 250
    ) {
        revolutions = WheelAndCrank(
            wheelCircumference: wheelCircumference, wheelTicksPerSecond: 1024, stopTimeout: stopTimeout,
            maximumSpeed: maximumSpeed, maximumCadence: maximumCadence)
    }

    /// Takes one measurement; a field the sensor does not send stays nil in the reading.
    public mutating func update(_ measurement: CyclingSpeedCadenceMeasurement, now: Double) -> CyclingReading {
        var reading = CyclingReading()
        if let data = measurement.wheel {
            let step = revolutions.wheel(data, now: now)
            wheelRevolutions = (wheelRevolutions ?? 0) + step.revolutions
            reading.speed = step.speed
        }
        if let data = measurement.crank { reading.cadence = revolutions.cadence(data, now: now) }
        reading.distance = wheelRevolutions.map { Double($0) * wheelCircumference }
        return reading
    }
}

/// Turns a power meter's successive measurements into readings: power and balance as sent,
/// cadence and speed from the revolution data when the meter sends it.
public struct CyclingPowerCalculator: Sendable {
    public var wheelCircumference: Double { revolutions.wheelCircumference }
    private var revolutions: WheelAndCrank

    /// - Parameters: as `WheelAndCrank`'s; a power meter times its wheel in 1/2048 s.
    public init(
        wheelCircumference: Double = CyclingSpeedCadenceCalculator.standardWheelCircumference, stopTimeout: Double = 3,
        maximumSpeed: Double = 35, maximumCadence: Double = 250
    ) {
        revolutions = WheelAndCrank(
            wheelCircumference: wheelCircumference, wheelTicksPerSecond: 2048, stopTimeout: stopTimeout,
            maximumSpeed: maximumSpeed, maximumCadence: maximumCadence)
    }

    public mutating func update(_ measurement: CyclingPowerMeasurement, now: Double) -> PowerReading {
        var reading = PowerReading(power: Int(measurement.power))
        if let balance = measurement.pedalBalance {
            reading.balance = PedalBalance(percent: Double(balance) / 2, isLeft: measurement.pedalBalanceIsLeft)
        }
        if let data = measurement.crank { reading.cadence = revolutions.cadence(data, now: now) }
        if let data = measurement.wheel { reading.speed = revolutions.wheel(data, now: now).speed }
        return reading
    }
}
