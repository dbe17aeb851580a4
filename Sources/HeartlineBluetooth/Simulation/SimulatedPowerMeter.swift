import HeartlineCore

/// A deterministic crank power meter: same seed, same ride. Each call is one notification of
/// the Cycling Power Measurement (0x2A63) with power, the left pedal's balance and crank data.
///
/// Power wanders around `power` by about 5 % from second to second, as pedalling does; the
/// left pedal gives 48 to 52 percent.
public struct SimulatedPowerMeter: Sendable {
    /// Watts.
    public var power: Double
    /// Crank revolutions per minute.
    public var cadence: Double
    private var crank: RevolutionClock
    private var random: SplitMix64
    private var energy = 0.0

    public init(seed: UInt64, power: Double = 200, cadence: Double = 85) {
        random = SplitMix64(seed: seed)
        self.power = power
        self.cadence = cadence
        // Near the 16-bit rollover, as for the bike: an hour's ride crosses it.
        crank = RevolutionClock(ticksPerSecond: 1024, startingAt: UInt32(65536 - 1000 - random.next() % 4000))
    }

    /// The measurement after `seconds` more of riding.
    public mutating func measurement(after seconds: Double = 1) -> CyclingPowerMeasurement {
        let watts = cadence > 0 ? max(0, power * (1 + (random.nextUnit() - 0.5) * 0.1)) : 0
        energy += watts * seconds / 1000
        crank.turn(for: seconds, at: cadence / 60)
        let balance = 48 + random.nextUnit() * 4
        return CyclingPowerMeasurement(
            flags: 0x0002, power: Int16(min(32767, watts.rounded())), pedalBalance: UInt8((balance * 2).rounded()),
            crank: crank.data, accumulatedEnergy: UInt16(truncatingIfNeeded: Int(energy)))
    }

    public mutating func notificationValue(after seconds: Double = 1) -> [UInt8] {
        measurement(after: seconds).encoded
    }
}
