import HeartlineCore
import HeartlineStorage
import HeartlineSpeech

extension SpeechSettings {
    /// Sets one setting as Settings, Speech stores it; nil goes back to `defaults`' value.
    mutating func set(_ setting: SpeechSetting, _ value: String?, defaults: SpeechSettings) {
        switch setting {
        case .rate: rate = value.flatMap { Int($0) } ?? defaults.rate
        case .pitch: pitch = value.flatMap { Int($0) } ?? defaults.pitch
        case .volume: volume = value.flatMap { Int($0) } ?? defaults.volume
        case .voice: voice = value ?? defaults.voice
        case .language: language = value ?? defaults.language
        case .module: outputModule = value ?? defaults.outputModule
        }
        self = clamped
    }

    /// The same settings with rate, pitch and volume brought into the ranges Settings, Speech
    /// takes (`SpeechSetting.audibleRange`), so that no configuration silences speech.
    var audible: SpeechSettings {
        var copy = clamped
        func within(_ value: Int, _ setting: SpeechSetting) -> Int {
            guard let range = setting.audibleRange else { return value }
            return min(max(value, range.lowerBound), range.upperBound)
        }
        copy.rate = within(rate, .rate)
        copy.pitch = within(pitch, .pitch)
        copy.volume = within(volume, .volume)
        return copy
    }

    /// These settings with what the user changed in Settings, Speech on top.
    func overridden(by stored: [SpeechSetting: String]) -> SpeechSettings {
        var settings = self
        for setting in SpeechSetting.allCases {
            if let value = stored[setting] { settings.set(setting, value, defaults: self) }
        }
        return settings
    }
}
