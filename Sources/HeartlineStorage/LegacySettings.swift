import HeartlineCore

/// The settings as schema versions 1 to 8 kept them: one text row per named setting, absent
/// when never set. Read once, by the migration to version 9; never written.
enum LegacySettings {
    /// `rows` (key to value) as typed settings: a key that is missing, unknown or unreadable
    /// leaves its field at the default.
    static func settings(from rows: [String: String]) -> Settings {
        var settings = Settings()
        settings.autoPause = rows["workout.auto-pause"] != "off"
        var formats: [ExportFormat] = []
        for format in (rows["export.auto"] ?? "").split(separator: ",").compactMap({ ExportFormat(rawValue: String($0)) })
        where !formats.contains(format) {
            formats.append(format)
        }
        settings.autoExport = formats
        if let minutes = rows["check.minutes"].flatMap({ Int($0) }) { settings.setRestingCheckMinutes(minutes) }
        if let echo = rows["input.echo"].flatMap(KeyEchoSetting.init) { settings.keyEcho = echo }
        settings.captions = rows["display.captions"] == "on"
        if let units = rows["units"].flatMap(DistanceUnit.init) { settings.units = units }
        if let factor = rows["footpod.calibration"].flatMap({ Double($0) }) { settings.setFootpodCalibration(factor) }
        for (kind, prefix) in [
            (SensorKind.heartRateStrap, "sensor"), (.footpod, "sensor.footpod"), (.cyclingSpeedCadence, "sensor.bike"),
            (.powerMeter, "sensor.power"),
        ] {
            guard let address = rows["\(prefix).address"] else { continue }
            let strap = kind == .heartRateStrap
            settings.remember(
                RememberedSensor(
                    address: address, name: rows["\(prefix).name"] ?? address,
                    manufacturer: strap ? rows["sensor.manufacturer"] : nil, model: strap ? rows["sensor.model"] : nil),
                as: kind)
        }
        for setting in SpeechSetting.allCases {
            if let value = rows["speech.\(setting.rawValue)"] { settings.setSpeech(setting, to: value) }
        }
        return settings
    }
}
