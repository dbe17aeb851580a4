import Foundation

/// Settings, Speech and Key echo: stored, handed to the speech and terminal adapters, and
/// confirmed in the new setting (the adapters apply a change before the confirmation is spoken).
extension Heartline {
    func label(of setting: SpeechSetting) -> String {
        words(Prompt.speechSettingNames[SpeechSetting.allCases.firstIndex(of: setting)!])
    }

    func storedValue(of setting: SpeechSetting) -> String? {
        settings.speech[setting]
    }

    func spokenValue(of setting: SpeechSetting) -> String {
        storedValue(of: setting) ?? words(.valueDefault)
    }

    var keyEcho: KeyEchoSetting { settings.keyEcho }

    func words(for echo: KeyEchoSetting) -> String {
        words(Prompt.keyEchoNames[KeyEchoSetting.allCases.firstIndex(of: echo)!])
    }

    func speechItems() -> [MenuItem] {
        SpeechSetting.allCases.map {
            MenuItem(label: label(of: $0), state: spokenValue(of: $0), action: .open(.speechEntry($0)))
        }
    }

    func question(for setting: SpeechSetting) -> (Prompt, [String: String]) {
        (setting.isNumber ? .askSpeechNumber : .askSpeechText, ["field": label(of: setting).lowercased()])
    }

    mutating func enterSpeechValue(_ text: String, for setting: SpeechSetting) {
        let name = label(of: setting)
        var changed = settings
        guard changed.setSpeech(setting, to: ["default", "clear", "none"].contains(text) ? nil : text) else {
            return refuseValue(.speechOutOfRange, ["field": name])
        }
        let value = changed.speech[setting]
        saveSettings(changed)
        emit(.speechSettingChanged(setting, value))
        say(.answer, .speechChanged, ["field": name, "value": value ?? words(.valueDefault)])
        returnToPrevious()
    }

    mutating func cycleKeyEcho() {
        let all = KeyEchoSetting.allCases
        let next = all[(all.firstIndex(of: keyEcho)! + 1) % all.count]
        saveSettings { $0.keyEcho = next }
        emit(.keyEchoChanged(next))
        say(.answer, .echoChanged, ["mode": words(for: next)])
    }

    /// Whether every sentence is also printed as text.
    var captionsOn: Bool { settings.captions }

    mutating func toggleCaptions() {
        let on = !captionsOn
        saveSettings { $0.captions = on }
        emit(.captionsChanged(on))
        say(.answer, .captionsChanged, ["state": words.onOff(on)])
    }
}
