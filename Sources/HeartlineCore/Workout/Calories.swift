/// Heart-rate based energy expenditure, Keytel et al. 2005 (J Sports Sci 23:289–297).
public struct CalorieModel: Equatable, Sendable {
    /// Stand-ins when the profile lacks a value: an adult of typical weight.
    public static let defaultAge = 35.0
    public static let defaultWeightKilograms = 70.0
    public static let kilojoulesPerKilocalorie = 4.184

    public var sex: Sex?
    public var age: Double
    public var weightKilograms: Double
    /// Whether every input came from the user's profile rather than a stand-in.
    public var usesProfile: Bool

    public init(profile: Profile) {
        sex = profile.sex
        age = profile.age.map(Double.init) ?? Self.defaultAge
        weightKilograms = profile.weightKilograms ?? Self.defaultWeightKilograms
        usesProfile = profile.isCompleteForCalories
    }

    /// Kilocalories per minute at `heartRate`; never negative (the equations go below zero at
    /// resting heart rates). With no sex in the profile, the mean of both equations.
    public func kilocaloriesPerMinute(heartRate: Int) -> Double {
        let hr = Double(heartRate)
        let male = -55.0969 + 0.6309 * hr + 0.1988 * weightKilograms + 0.2017 * age
        let female = -20.4022 + 0.4472 * hr - 0.1263 * weightKilograms + 0.074 * age
        let kilojoules: Double
        switch sex {
        case .male: kilojoules = male
        case .female: kilojoules = female
        case nil: kilojoules = (male + female) / 2
        }
        return max(0, kilojoules / Self.kilojoulesPerKilocalorie)
    }
}
