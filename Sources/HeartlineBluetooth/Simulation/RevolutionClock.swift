/// A wheel or crank turning at a given rate, kept as a bike sensor keeps it: a cumulative count
/// and the time of the last revolution in ticks, both rolling over at their field's width.
struct RevolutionClock: Sendable {
    let ticksPerSecond: Double
    /// How far the current revolution has turned, 0..<1.
    private var phase = 0.0
    /// Seconds since the sensor started.
    private var elapsed = 0.0
    private var revolutions: UInt32 = 0
    private var lastEvent = 0.0

    init(ticksPerSecond: Double, startingAt revolutions: UInt32 = 0) {
        self.ticksPerSecond = ticksPerSecond
        self.revolutions = revolutions
    }

    /// Turns for `seconds` at `rate` revolutions per second; a rate of 0 or less stands still.
    mutating func turn(for seconds: Double, at rate: Double) {
        defer { elapsed += seconds }
        guard rate > 0, seconds > 0 else { return }
        let end = phase + rate * seconds
        let whole = end.rounded(.down)
        if whole >= 1 {
            // The last revolution completed when the phase crossed its last whole number.
            lastEvent = elapsed + (whole - phase) / rate
            revolutions &+= UInt32(whole)
        }
        phase = end - whole
    }

    /// The count and last event time as the sensor would send them now.
    var data: RevolutionData {
        let ticks = UInt64((lastEvent * ticksPerSecond).rounded(.down))
        return RevolutionData(revolutions: revolutions, eventTime: UInt16(truncatingIfNeeded: ticks))
    }
}
