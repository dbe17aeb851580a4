/// Turns successive cumulative revolution counts with event times into revolutions per second.
///
/// Bike sensors send a counter and the time of the last revolution, again and again, whether or
/// not the wheel or crank moved. A rate comes from two measurements with different counts:
/// revolutions over the time between their events. Both fields roll over, and are subtracted
/// modulo their width. Time is an input: `now` is when the notification arrived, in seconds on
/// any monotonic clock; it tells a stop (no new revolution for `stopTimeout`) and a pause longer
/// than the event time can span (65536 ticks) apart.
///
/// A change that cannot be a ride (more than `maximumRate`, revolutions with no time passing,
/// a sensor clock that ran ahead of the arrival clock) is a sensor reset: the measurement becomes
/// the new reference and its revolutions are not counted.
public struct RevolutionRate: Sendable {
    /// What one measurement changed.
    public struct Step: Equatable, Sendable {
        /// Revolutions per second; nil until two events have been seen.
        public var rate: Double?
        /// Revolutions since the previous measurement that count as ridden; 0 after a reset.
        public var revolutions: Int
    }

    /// The width of the revolution counter: 32 for wheels, 16 for cranks.
    public let counterBits: Int
    /// Ticks of the event time per second: 1024, or 2048 for a power meter's wheel.
    public let ticksPerSecond: Double
    /// Above this many revolutions per second a change is a sensor reset.
    public let maximumRate: Double
    /// Seconds without a new revolution after which the rate is 0 (stopped, or coasting).
    public let stopTimeout: Double
    /// How far the sensor's time may run ahead of the arrival times: an event can happen up to
    /// one notification interval before it is sent.
    public let clockTolerance = 2.0

    /// The rate last worked out, revolutions per second.
    public private(set) var rate: Double?
    private var last: RevolutionData?
    /// When the last new revolution (or the first measurement) arrived.
    private var lastEventAt = 0.0

    public init(counterBits: Int, ticksPerSecond: Double, maximumRate: Double, stopTimeout: Double = 3) {
        self.counterBits = max(1, min(32, counterBits))
        self.ticksPerSecond = ticksPerSecond
        self.maximumRate = maximumRate
        self.stopTimeout = stopTimeout
    }

    /// Takes one measurement.
    public mutating func update(_ data: RevolutionData, now: Double) -> Step {
        let mask: UInt32 = counterBits == 32 ? .max : (1 << UInt32(counterBits)) - 1
        let current = RevolutionData(revolutions: data.revolutions & mask, eventTime: data.eventTime)
        guard let previous = last else {
            last = current
            lastEventAt = now
            return Step(rate: rate, revolutions: 0)
        }
        last = current
        let revolutions = Int((current.revolutions &- previous.revolutions) & mask)
        let seconds = Double(current.eventTime &- previous.eventTime) / ticksPerSecond
        let sinceEvent = max(0, now - lastEventAt)
        guard revolutions > 0 else {
            // The same measurement again: nothing turned. (A time that moved with no
            // revolution breaks the specification; it is taken as the new reference.)
            if sinceEvent >= stopTimeout { rate = 0 }
            return Step(rate: rate, revolutions: 0)
        }
        lastEventAt = now
        let span = 65536 / ticksPerSecond
        if sinceEvent >= span - clockTolerance {
            // The event time may have rolled over more than once: the interval is unknown,
            // but the counter is not, and it had stopped long before.
            rate = 0
            let plausible = Double(revolutions) <= maximumRate * sinceEvent
            return Step(rate: rate, revolutions: plausible ? revolutions : 0)
        }
        if seconds == 0 || seconds > sinceEvent + clockTolerance || Double(revolutions) / seconds > maximumRate {
            return Step(rate: rate, revolutions: 0)
        }
        // The first revolution after a stop measures the stop, not the pace.
        rate = seconds > stopTimeout ? 0 : Double(revolutions) / seconds
        return Step(rate: rate, revolutions: revolutions)
    }
}
