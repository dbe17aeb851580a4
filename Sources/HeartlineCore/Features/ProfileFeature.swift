import Foundation

/// Settings, Profile: each field typed on its own entry, checked against a range wide enough for
/// every athlete and narrow enough to catch typing slips, stored, and said back.
enum ProfileFeature: Feature {
    /// The profile as stored.
    typealias State = Profile

    enum Action: Sendable {
        /// A value typed on a field's entry.
        case enter(String, ProfileField)
    }

    /// Accepted ranges, wide enough for every athlete and narrow enough to catch typing slips.
    static let ageRange = 10...110
    static let weightRange = 20.0...350.0
    static let maximumRange = 100...230
    static let restingRange = 25...120
    static let ftpRange = 30...999

    /// A profile field's label, and the question its entry asks.
    private static func prompts(of field: ProfileField) -> (label: Prompt, question: Prompt) {
        switch field {
        case .age: (.profileAge, .askAge)
        case .sex: (.profileSex, .askSex)
        case .weight: (.profileWeight, .askWeight)
        case .maximumHeartRate: (.profileMaximum, .askMaximum)
        case .restingHeartRate: (.profileResting, .askResting)
        case .functionalThresholdPower: (.profileFtp, .askFtp)
        }
    }

    static func label(of field: ProfileField, _ words: Words) -> String { words(prompts(of: field).label) }

    static func value(of field: ProfileField, in profile: Profile, _ words: Words) -> String {
        switch field {
        case .age: return profile.age.map(words.years) ?? words(.valueNotSet)
        case .sex: return profile.sex.map { words($0 == .female ? .sexFemale : .sexMale) } ?? words(.valueNotSet)
        case .weight: return profile.weightKilograms.map { words.weight(kilograms: $0, unit: profile.weightUnit) } ?? words(.valueNotSet)
        case .maximumHeartRate:
            if let maximum = profile.maximumHeartRate { return words.beatsPerMinute(maximum) }
            if let age = profile.age { return words(.valueDefaultMaximum, ["bpm": words.beatsPerMinute(220 - age)]) }
            return words(.valueNotSet)
        case .restingHeartRate: return profile.restingHeartRate.map(words.beatsPerMinute) ?? words(.valueNotSet)
        case .functionalThresholdPower:
            return profile.functionalThresholdPower.map { words.target(.power(watts: $0)) } ?? words(.valueNotSet)
        }
    }

    static func question(for field: ProfileField) -> Prompt { prompts(of: field).question }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch action {
        case .enter(let text, let field): enter(text, for: field, &state, environment.words)
        }
    }

    /// A value typed on a field's entry: stored and said when it is one, refused with the
    /// question again when it is not.
    private static func enter(_ text: String, for field: ProfileField, _ state: inout State, _ words: Words) -> [FeatureStep] {
        var profile = state
        let name = label(of: field, words)
        func outOfRange(_ low: String, _ high: String) -> [FeatureStep] {
            [.refuse(.profileOutOfRange, ["field": name, "low": low, "high": high])]
        }
        func notUnderstood() -> [FeatureStep] {
            [.refuse(.profileNotUnderstood, ["input": String(text.prefix(40)), "question": words(question(for: field))])]
        }
        let clearing = words.isPhrase(text, .clear)
        switch field {
        case .age:
            guard let age = words.typedCount(text, unit: .years) else { return notUnderstood() }
            guard ageRange.contains(age) else { return outOfRange(words.years(ageRange.lowerBound), words.years(ageRange.upperBound)) }
            profile.age = age
        case .sex:
            if text == "1" || words.isPhrase(text, .female) {
                profile.sex = .female
            } else if text == "2" || words.isPhrase(text, .male) {
                profile.sex = .male
            } else {
                return notUnderstood()
            }
        case .weight:
            guard let (value, unit) = parseWeight(text, defaultUnit: profile.weightUnit) else { return notUnderstood() }
            let kilograms = unit == .kilograms ? value : value / WeightUnit.poundsPerKilogram
            guard weightRange.contains(kilograms) else {
                return outOfRange(
                    words.weight(kilograms: weightRange.lowerBound, unit: unit), words.weight(kilograms: weightRange.upperBound, unit: unit)
                )
            }
            profile.weightKilograms = kilograms
            profile.weightUnit = unit
        case .maximumHeartRate, .restingHeartRate:
            let range = field == .maximumHeartRate ? maximumRange : restingRange
            var bpm: Int?
            if !clearing {
                guard let typed = words.typedCount(text, unit: .beats) else { return notUnderstood() }
                guard range.contains(typed) else {
                    return outOfRange(words.beatsPerMinute(range.lowerBound), words.beatsPerMinute(range.upperBound))
                }
                bpm = typed
            }
            if field == .maximumHeartRate { profile.maximumHeartRate = bpm } else { profile.restingHeartRate = bpm }
        case .functionalThresholdPower:
            var watts: Int?
            if !clearing {
                guard let typed = words.typedCount(text, unit: .watts) else { return notUnderstood() }
                guard ftpRange.contains(typed) else {
                    return outOfRange(words.target(.power(watts: ftpRange.lowerBound)), words.target(.power(watts: ftpRange.upperBound)))
                }
                watts = typed
            }
            profile.functionalThresholdPower = watts
        }
        state = profile
        return [
            .emit(.store(.profile(profile))), .emit(.fillInHistory),
            .say(.answer, .profileChanged, ["field": name, "value": value(of: field, in: profile, words)]), .returnToPrevious,
        ]
    }

    /// "70", "70 kg", "70.5kg", "154 lb", "154 lbs", "154 pounds", "70 kilograms".
    static func parseWeight(_ text: String, defaultUnit: WeightUnit) -> (Double, WeightUnit)? {
        let number = text.prefix { $0.isNumber || $0 == "." || $0 == "," }
        guard let value = Double(number.replacingOccurrences(of: ",", with: ".")), value > 0 else { return nil }
        let unitText = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        switch unitText {
        case "": return (value, defaultUnit)
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": return (value, .kilograms)
        case "lb", "lbs", "pound", "pounds": return (value, .pounds)
        default: return nil
        }
    }
}
