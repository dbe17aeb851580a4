/// A band of heart rates, inclusive, in beats per minute.
public struct HeartRateRange: Equatable, Hashable, Codable, Sendable {
    public var low: Int
    public var high: Int

    public init(low: Int, high: Int) {
        self.low = min(low, high)
        self.high = max(low, high)
    }

    public func contains(_ heartRate: Int) -> Bool { (low...high).contains(heartRate) }
}

/// The five training zones, as shares of the maximum heart rate (50–60 %, …, 90–100 %).
public struct HeartRateZones: Equatable, Sendable {
    public static let count = 5
    public let maximum: Int

    /// The maximum heart rate from the profile, else 220 minus the age, else 220 minus the
    /// calorie model's stand-in age.
    public init(profile: Profile) {
        maximum = profile.maximumHeartRate ?? (220 - (profile.age ?? Int(CalorieModel.defaultAge)))
    }

    public init(maximum: Int) {
        self.maximum = maximum
    }

    /// Zone `number` (1 to 5) in beats per minute; neighbouring zones do not overlap.
    public func range(ofZone number: Int) -> HeartRateRange {
        let lowShare = Double(number + 4) / 10
        let low = Int((Double(maximum) * lowShare).rounded()) + (number == 1 ? 0 : 1)
        let high = Int((Double(maximum) * (lowShare + 0.1)).rounded())
        return HeartRateRange(low: low, high: high)
    }
}

/// The heart rate to hold during a workout: one of the five zones, or a range of the user's own.
public struct TargetZone: Equatable, Codable, Sendable {
    /// 1 to 5 when chosen as a zone; nil for a range typed by the user.
    public var zone: Int?
    public var range: HeartRateRange

    public init(zone: Int?, range: HeartRateRange) {
        self.zone = zone
        self.range = range
    }
}
