import HeartlineCore

/// A deterministic running footpod: same seed, same run. Each call is one notification of the
/// RSC Measurement (0x2A53), as valid bytes a fake peer can send.
///
/// The runner holds `pace` with a seeded wander of a few percent; cadence rises with speed as
/// runners' does (about 165 steps a minute at 3 m/s, 180 at 5 m/s); below 2 m/s the pod says
/// walking. Stride length is the distance of one counted step (speed × 60 / cadence), and total
/// distance grows with the speed sent.
public struct SimulatedFootpod: Sendable {
    /// Seconds per kilometre.
    public var pace: Double
    /// Metres run so far, as the pod counts them.
    public private(set) var distance = 0.0
    private var random: SplitMix64
    private var wander = 0.0

    /// - Parameter pace: seconds per kilometre (330 is 5:30 per kilometre).
    public init(seed: UInt64, pace: Double = 330) {
        random = SplitMix64(seed: seed)
        self.pace = pace
    }

    /// The measurement after `seconds` more of running.
    public mutating func measurement(after seconds: Double = 1) -> RunningSpeedCadenceMeasurement {
        wander = max(-0.04, min(0.04, wander + (random.nextUnit() - 0.5) * 0.01))
        let speed = pace > 0 ? max(0, 1000 / pace * (1 + wander)) : 0
        distance += speed * seconds
        let running = speed >= 2
        let steps = running ? 140 + 8 * speed : 90 + 18 * speed
        let cadence = speed > 0 ? max(1, min(255, (steps + (random.nextUnit() - 0.5) * 4).rounded())) : 0
        let stride = cadence > 0 ? speed * 60 / cadence : 0
        return RunningSpeedCadenceMeasurement(
            speed: UInt16(min(65535, (speed * 256).rounded())), cadence: UInt8(cadence),
            strideLength: UInt16(min(65535, (stride * 100).rounded())),
            totalDistance: UInt32(truncatingIfNeeded: UInt64((distance * 10).rounded(.down))), isRunning: running)
    }

    /// The next notification's value, `seconds` after the last.
    public mutating func notificationValue(after seconds: Double = 1) -> [UInt8] {
        measurement(after: seconds).encoded
    }
}
