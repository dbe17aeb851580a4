/// Biological sex, as the Keytel calorie equations distinguish it.
public enum Sex: String, CaseIterable, Codable, Sendable {
    case female
    case male
}

/// The unit the user gives and hears weight in; storage is always kilograms.
public enum WeightUnit: String, CaseIterable, Codable, Sendable {
    case kilograms = "kg"
    case pounds = "lb"

    public static let poundsPerKilogram = 2.204_622_62
}

/// What the user told Heartline about themselves. Every field is optional until set.
public struct Profile: Equatable, Codable, Sendable {
    public var age: Int?
    public var sex: Sex?
    public var weightKilograms: Double?
    public var weightUnit: WeightUnit
    public var maximumHeartRate: Int?
    public var restingHeartRate: Int?
    /// Functional threshold power in watts: a coach's plan file gives power as a share of it.
    /// A profile stored before it has none.
    public var functionalThresholdPower: Int?

    public init(
        age: Int? = nil, sex: Sex? = nil, weightKilograms: Double? = nil, weightUnit: WeightUnit = .kilograms,
        maximumHeartRate: Int? = nil, restingHeartRate: Int? = nil, functionalThresholdPower: Int? = nil
    ) {
        self.age = age
        self.sex = sex
        self.weightKilograms = weightKilograms
        self.weightUnit = weightUnit
        self.maximumHeartRate = maximumHeartRate
        self.restingHeartRate = restingHeartRate
        self.functionalThresholdPower = functionalThresholdPower
    }

    /// Whether the calorie equations can use this profile rather than population means.
    public var isCompleteForCalories: Bool { age != nil && sex != nil && weightKilograms != nil }
}
