/// A deterministic heart-rate strap for demos and tests: same seed, same workout.
///
/// The curve is a warm-up from resting to a steady effort over five minutes, then a steady
/// stretch with a one-minute hard interval every four minutes, with seeded noise. Each second
/// yields one reading with the beat-to-beat (RR) intervals that fit in it and the contact flag.
public struct SimulatedStrap: Sendable {
    public var restingHeartRate = 68.0
    public var steadyHeartRate = 138.0
    public var intervalHeartRate = 168.0
    public var warmUpSeconds = 300.0
    private var random: SplitMix64
    private var phase = 0.0
    private var wander = 0.0

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The target heart rate `second` seconds after the strap was put on, before noise.
    public func targetHeartRate(atSecond second: Int) -> Double {
        let t = Double(second)
        if t < warmUpSeconds {
            let progress = t / warmUpSeconds
            return restingHeartRate + (steadyHeartRate - restingHeartRate) * progress * progress * (3 - 2 * progress)
        }
        let intoCycle = (t - warmUpSeconds).truncatingRemainder(dividingBy: 240)
        if intoCycle >= 180 {
            // A hard minute: a fast rise, then a plateau.
            let rise = min(1, (intoCycle - 180) / 20)
            return steadyHeartRate + (intervalHeartRate - steadyHeartRate) * rise
        }
        if intoCycle < 40, t >= warmUpSeconds + 240 {
            // Recovery after a hard minute.
            let fall = intoCycle / 40
            return intervalHeartRate + (steadyHeartRate - intervalHeartRate) * fall
        }
        return steadyHeartRate
    }

    /// The reading for `second`: heart rate with noise, contact detected, and RR intervals.
    public mutating func reading(atSecond second: Int) -> HeartRateReading {
        wander = max(-4, min(4, wander + (random.nextUnit() - 0.5) * 1.2))
        let heartRate = max(40, min(210, targetHeartRate(atSecond: second) + wander))
        let beatSeconds = 60 / heartRate
        var rr: [Int] = []
        // Beats that fall in this second: carry the phase so RR sums match elapsed time.
        phase += 1
        while phase >= beatSeconds {
            phase -= beatSeconds
            let jitter = (random.nextUnit() - 0.5) * 0.04 * beatSeconds
            rr.append(Int(((beatSeconds + jitter) * 1024).rounded()))
        }
        return HeartRateReading(beatsPerMinute: Int(heartRate.rounded()), contact: .detected, rrIntervals: rr)
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1.
    public mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
