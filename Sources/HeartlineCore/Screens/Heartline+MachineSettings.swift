import Foundation

/// A fitness machine's limit the user sets in Settings, Sensors: typed as a value, a speed in the
/// units setting's unit (kilometres or miles per hour), a trainer's step in watts.
enum MachineSetting: CaseIterable, Equatable, Sendable {
    /// The fastest a treadmill is ever set to.
    case topSpeed
    /// How far a treadmill's faster and slower keys change its speed.
    case speedStep
    /// How far a trainer's faster and slower keys change its watts.
    case powerStep
}

extension Heartline {
    /// The items of Settings, Sensors for the machine's limits, once a fitness machine is
    /// remembered or connected.
    var machineSettingItems: [MenuItem] {
        guard settings.motionSensors[.fitnessMachine] != nil || sensors.motion[.fitnessMachine] != nil else { return [] }
        return MachineSetting.allCases.map { MenuItem(label: label(of: $0), state: value(of: $0), action: .open(.machineEntry($0))) }
    }

    func label(of setting: MachineSetting) -> String {
        switch setting {
        case .topSpeed: words(.settingsMachineTopSpeed)
        case .speedStep: words(.settingsMachineSpeedStep)
        case .powerStep: words(.settingsMachinePowerStep)
        }
    }

    /// The setting's value as its item says it: "12 kilometres per hour", "not set", "10 watts".
    func value(of setting: MachineSetting) -> String {
        switch setting {
        case .topSpeed: settings.treadmillTopSpeed.map(speedWords) ?? words(.valueNotSet)
        case .speedStep: speedWords(settings.machineSpeedStep)
        case .powerStep: words(.machinePowerValue, ["watts": words.decimal(settings.machinePowerStep, decimals: 0)])
        }
    }

    /// A speed in km/h, said in the user's unit with "per hour".
    private func speedWords(_ kilometresPerHour: Double) -> String {
        words(.machineSpeedValue, ["speed": words.speed(kilometresPerHour / 3.6, in: distanceUnit)])
    }

    /// What the entry asks, with the range in the user's unit.
    func question(for setting: MachineSetting) -> (Prompt, [String: String]) {
        // The range in the user's unit, to the tenth within it: every number said is taken.
        func speeds(_ range: ClosedRange<Double>) -> [String: String] {
            let perUnit = 1000 / distanceUnit.metres
            let lowest = (range.lowerBound * perUnit * 10).rounded(.up) / 10
            let highest = (range.upperBound * perUnit * 10).rounded(.down) / 10
            return ["minimum": words.decimal(lowest, decimals: 1), "maximum": words.speed(highest / perUnit / 3.6, in: distanceUnit)]
        }
        switch setting {
        case .topSpeed: return (.machineTopSpeedEntry, speeds(Settings.topSpeedRange))
        case .speedStep: return (.machineSpeedStepEntry, speeds(Settings.speedStepRange))
        case .powerStep:
            let range = Settings.powerStepRange
            return (
                .machinePowerStepEntry,
                ["minimum": words.decimal(range.lowerBound, decimals: 0), "maximum": words.decimal(range.upperBound, decimals: 0)]
            )
        }
    }

    /// A typed limit: a number, its unit words allowed ("12", "12 km/h", "7.5 mph", "20 watts");
    /// a speed without a unit is in the user's. Out of range or not a number: refused, and asked again.
    mutating func enterMachineValue(_ text: String, for setting: MachineSetting) {
        let typed = text.lowercased()
        let kilometres = ["kilometres per hour", "kilometers per hour", "km/h", "kmh", "kph"]
        let miles = ["miles per hour", "mph"]
        let unit: DistanceUnit =
            kilometres.contains(where: typed.hasSuffix) ? .kilometres : miles.contains(where: typed.hasSuffix) ? .miles : distanceUnit
        guard let number = Double(CommandText.withoutUnit(typed, kilometres + miles + ["watts", "watt", "w"])), number.isFinite else {
            return refuseValue(.machineEntryNotANumber)
        }
        var changed = settings
        let kilometresPerHour = number * unit.metres / 1000
        let fits =
            switch setting {
            case .topSpeed: changed.setTreadmillTopSpeed(kilometresPerHour)
            case .speedStep: changed.setMachineSpeedStep(kilometresPerHour)
            case .powerStep: changed.setMachinePowerStep(number)
            }
        guard fits else { return refuseValue(.machineEntryInvalid) }
        saveSettings(changed)
        switch setting {
        case .topSpeed: say(.answer, .machineTopSpeedSet, ["speed": words.speed(settings.treadmillTopSpeed! / 3.6, in: distanceUnit)])
        case .speedStep, .powerStep: say(.answer, .machineStepSet, ["step": value(of: setting)])
        }
        returnToPrevious()
    }
}
