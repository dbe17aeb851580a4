import HeartlineCore

/// A deterministic bike with a speed and cadence sensor: same seed, same ride. Each call is one
/// notification of the CSC Measurement (0x2A5B) with wheel and crank revolution data.
///
/// The wheel turns at `speed` over `wheelCircumference`, the crank at `cadence`, each with a
/// seeded wander of a few percent. The 16-bit crank counter starts 1000 to 5000 revolutions
/// before it rolls over, so a ride of an hour crosses it; the event times roll over every 64 s.
/// A cadence of 0 is coasting: the crank data repeats.
public struct SimulatedBike: Sendable {
    /// Metres per second.
    public var speed: Double
    /// Crank revolutions per minute.
    public var cadence: Double
    public let wheelCircumference: Double
    private var wheel: RevolutionClock
    private var crank: RevolutionClock
    private var random: SplitMix64
    private var wander = 0.0

    /// - Parameters:
    ///   - speed: metres per second (8.33 is 30 km/h).
    ///   - cadence: crank revolutions per minute.
    ///   - wheelCircumference: metres, 2.105 for a 700x25C tyre.
    public init(seed: UInt64, speed: Double = 8.33, cadence: Double = 88, wheelCircumference: Double = 2.105) {
        random = SplitMix64(seed: seed)
        self.speed = speed
        self.cadence = cadence
        self.wheelCircumference = wheelCircumference
        wheel = RevolutionClock(ticksPerSecond: 1024, startingAt: UInt32(truncatingIfNeeded: random.next() % 1_000_000))
        crank = RevolutionClock(ticksPerSecond: 1024, startingAt: UInt32(65536 - 1000 - random.next() % 4000))
    }

    /// The measurement after `seconds` more of riding.
    public mutating func measurement(after seconds: Double = 1) -> CyclingSpeedCadenceMeasurement {
        wander = max(-0.03, min(0.03, wander + (random.nextUnit() - 0.5) * 0.01))
        wheel.turn(for: seconds, at: speed * (1 + wander) / wheelCircumference)
        crank.turn(for: seconds, at: cadence * (1 + wander) / 60)
        return CyclingSpeedCadenceMeasurement(wheel: wheel.data, crank: crank.data)
    }

    public mutating func notificationValue(after seconds: Double = 1) -> [UInt8] {
        measurement(after: seconds).encoded
    }
}
