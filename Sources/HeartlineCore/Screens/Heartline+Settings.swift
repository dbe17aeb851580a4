import Foundation

extension Heartline {
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

    func label(of field: ProfileField) -> String { words(Self.prompts(of: field).label) }

    func value(of field: ProfileField, in profile: Profile) -> String {
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

    func question(for field: ProfileField) -> Prompt { Self.prompts(of: field).question }

    mutating func enterProfileValue(_ text: String, for field: ProfileField) {
        var profile = records.profile
        let name = label(of: field)
        func outOfRange(_ low: String, _ high: String) {
            refuseValue(.profileOutOfRange, ["field": name, "low": low, "high": high])
        }
        let clearing = ["clear", "none", "default", "unset"].contains(text)
        switch field {
        case .age:
            guard let age = Int(Self.withoutUnit(text, ["years old", "years", "year", "yrs", "y"])) else {
                return notUnderstood(text, field)
            }
            guard Self.ageRange.contains(age) else {
                return outOfRange(words.years(Self.ageRange.lowerBound), words.years(Self.ageRange.upperBound))
            }
            profile.age = age
        case .sex:
            switch text {
            case "female", "f", "woman", "1": profile.sex = .female
            case "male", "m", "man", "2": profile.sex = .male
            default: return notUnderstood(text, field)
            }
        case .weight:
            guard let (value, unit) = Self.parseWeight(text, defaultUnit: profile.weightUnit) else {
                return notUnderstood(text, field)
            }
            let kilograms = unit == .kilograms ? value : value / WeightUnit.poundsPerKilogram
            guard Self.weightRange.contains(kilograms) else {
                return outOfRange(
                    words.weight(kilograms: Self.weightRange.lowerBound, unit: unit),
                    words.weight(kilograms: Self.weightRange.upperBound, unit: unit))
            }
            profile.weightKilograms = kilograms
            profile.weightUnit = unit
        case .maximumHeartRate, .restingHeartRate:
            let range = field == .maximumHeartRate ? Self.maximumRange : Self.restingRange
            var bpm: Int?
            if !clearing {
                guard let typed = Int(Self.withoutUnit(text, ["beats per minute", "beats", "bpm"])) else {
                    return notUnderstood(text, field)
                }
                guard range.contains(typed) else {
                    return outOfRange(words.beatsPerMinute(range.lowerBound), words.beatsPerMinute(range.upperBound))
                }
                bpm = typed
            }
            if field == .maximumHeartRate { profile.maximumHeartRate = bpm } else { profile.restingHeartRate = bpm }
        case .functionalThresholdPower:
            var watts: Int?
            if !clearing {
                guard let typed = Int(Self.withoutUnit(text, ["watts", "watt", "w"])) else { return notUnderstood(text, field) }
                guard Self.ftpRange.contains(typed) else {
                    return outOfRange(
                        words.target(.power(watts: Self.ftpRange.lowerBound)), words.target(.power(watts: Self.ftpRange.upperBound)))
                }
                watts = typed
            }
            profile.functionalThresholdPower = watts
        }
        write(.profile(profile))
        records.profile = profile
        emit(.fillInHistory)
        say(.answer, .profileChanged, ["field": name, "value": value(of: field, in: profile)])
        returnToPrevious()
    }

    private mutating func notUnderstood(_ text: String, _ field: ProfileField) {
        refuseValue(.profileNotUnderstood, ["input": String(text.prefix(40)), "question": words(question(for: field))])
    }

    /// A typed number with its unit dropped: "35 years", "180 bpm", "180bpm".
    static func withoutUnit(_ text: String, _ units: [String]) -> String {
        for unit in units where text.hasSuffix(unit) {
            return String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
        }
        return text
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
