/// What one phase of a training plan asks for besides its time: a power, a speed, an incline or
/// a resistance level. Heartline says it when the phase starts; a fitness machine may be set to it.
public enum PhaseTarget: Equatable, Hashable, Codable, Sendable {
    case power(watts: Int)
    case speed(centiKilometresPerHour: Int)
    case incline(tenthsOfPercent: Int)
    case resistance(level: Int)
    /// A power as a coach's file writes it, a share of the athlete's FTP, kept so while the
    /// profile has no FTP: said as it is, and no machine is set to it.
    case shareOfFTP(percent: Int)
    /// A heart rate to hold, from a coach's file: said with the phase; no machine is set to it.
    case heartRate(low: Int, high: Int)

    /// The quantity a target sets, which a bare number after it in the same block keeps.
    public enum Kind: Equatable, Hashable, Sendable, CaseIterable {
        case power, speed, incline, resistance, heartRate
    }

    public var kind: Kind {
        switch self {
        case .power, .shareOfFTP: .power
        case .speed: .speed
        case .incline: .incline
        case .resistance: .resistance
        case .heartRate: .heartRate
        }
    }

    /// The value in the unit people write it in: watts, kilometres per hour, per cent, level.
    public var value: Double {
        switch self {
        case .power(let watts): Double(watts)
        case .speed(let centi): Double(centi) / 100
        case .incline(let tenths): Double(tenths) / 10
        case .resistance(let level): Double(level)
        case .shareOfFTP(let percent): Double(percent)
        case .heartRate(let low, let high): Double(low + high) / 2
        }
    }

    /// A target of `kind` at `value` in the written unit, or nil outside what a plan may ask:
    /// up to 3,000 watts, 0.5 to 100 kilometres per hour, -30 to 40 per cent, level 1 to 100.
    public init?(_ kind: Kind, _ value: Double) {
        // A typed number may have any count of digits: nothing near Int's bounds is converted.
        guard value.isFinite, abs(value) < 1_000_000 else { return nil }
        switch kind {
        case .power:
            let watts = Int(value.rounded())
            guard (1...3000).contains(watts) else { return nil }
            self = .power(watts: watts)
        case .speed:
            let centi = Int((value * 100).rounded())
            guard (50...10_000).contains(centi) else { return nil }
            self = .speed(centiKilometresPerHour: centi)
        case .incline:
            let tenths = Int((value * 10).rounded())
            guard (-300...400).contains(tenths) else { return nil }
            self = .incline(tenthsOfPercent: tenths)
        case .resistance:
            let level = Int(value.rounded())
            guard (1...100).contains(level) else { return nil }
            self = .resistance(level: level)
        case .heartRate:
            // A heart rate is a range, never one typed number.
            return nil
        }
    }

    /// The heart rates of `range` as a target, or nil outside 30 to 250 beats per minute.
    public init?(heartRate range: HeartRateRange) {
        guard range.low >= 30, range.high <= 250 else { return nil }
        self = .heartRate(low: range.low, high: range.high)
    }
}
