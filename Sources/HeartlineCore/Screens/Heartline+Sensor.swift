import Foundation

/// The root's side of Settings, Sensors and of Settings' own values: their actions handed to
/// `SensorsFeature`, whose state is the sensors in `sensors`, and to `SettingsFeature`.
extension Heartline {
    mutating func sensorSettings(_ action: SensorsFeature.Action) {
        carryOut(SensorsFeature.reduce(&sensors, action, environment))
    }

    mutating func settingsMenu(_ action: SettingsFeature.Action) {
        var none = NoState()
        carryOut(SettingsFeature.reduce(&none, action, environment))
    }

    func label(of setting: MachineSetting) -> String { SensorsFeature.label(of: setting, words) }

    func question(for setting: MachineSetting) -> (Prompt, [String: String]) { SensorsFeature.question(for: setting, settings, words) }

    /// "Made by Garmin, model HRM-Pro.", or the half that is known; nil when neither is.
    public static func identitySentence(words: Words, manufacturer: String?, model: String?) -> String? {
        SensorsFeature.identity(manufacturer: manufacturer, model: model).map { words($0.0, $0.1) }
    }
}

extension Words {
    /// Signal strength in words: within a couple of metres a strap or a headset is above -70 dBm.
    func signal(_ dBm: Int) -> String {
        self(dBm >= -70 ? .sensorSignalStrong : dBm >= -85 ? .sensorSignalMedium : .sensorSignalWeak)
    }
}
