import Foundation

/// One speech setting the user can change in Settings, Speech.
public enum SpeechSetting: String, CaseIterable, Sendable {
    case rate, pitch, volume, voice, language, module

    /// The stored setting's name.
    public var key: String { "speech.\(rawValue)" }

    /// Rate, pitch and volume are numbers from -100 to 100; the rest are names.
    public var isNumber: Bool { self == .rate || self == .pitch || self == .volume }

    public static let range = -100...100
}

/// How much of the typing is said back.
public enum KeyEchoSetting: String, CaseIterable, Sendable {
    case none, characters, words, both

    public static let settingKey = "input.echo"
}

/// Settings, Speech and Key echo: stored, handed to the speech and terminal adapters, and
/// confirmed in the new setting (the adapters apply a change before the confirmation is spoken).
extension Heartline {
    func label(of setting: SpeechSetting) -> String {
        words(Prompt.speechSettingNames[SpeechSetting.allCases.firstIndex(of: setting)!])
    }

    func storedValue(of setting: SpeechSetting) -> String? {
        settings[setting.key]
    }

    func spokenValue(of setting: SpeechSetting) -> String {
        storedValue(of: setting) ?? words(.valueDefault)
    }

    var keyEcho: KeyEchoSetting {
        settings[KeyEchoSetting.settingKey].flatMap(KeyEchoSetting.init) ?? .characters
    }

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
        var value: String?
        if ["default", "clear", "none"].contains(text) {
            value = nil
        } else if setting.isNumber {
            guard let number = Int(text), SpeechSetting.range.contains(number) else {
                say(.answer, .speechOutOfRange, ["field": name])
                return
            }
            value = String(number)
        } else {
            // Voice, language and module names as the engines spell them.
            value = String(text.prefix(40))
        }
        guard saveSettings([(setting.key, value)]) else { return }
        emit(.speechSettingChanged(setting, value))
        say(.answer, .speechChanged, ["field": name, "value": value ?? words(.valueDefault)])
        returnToPrevious()
    }

    mutating func cycleKeyEcho() {
        let all = KeyEchoSetting.allCases
        let next = all[(all.firstIndex(of: keyEcho)! + 1) % all.count]
        guard saveSettings([(KeyEchoSetting.settingKey, next.rawValue)]) else { return }
        emit(.keyEchoChanged(next))
        say(.answer, .echoChanged, ["mode": words(for: next)])
    }

    public static let captionsSetting = "display.captions"

    /// Whether every sentence is also printed as text; nil when never set here.
    var captionsOn: Bool { settings[Self.captionsSetting] == "on" }

    mutating func toggleCaptions() {
        let on = !captionsOn
        guard saveSettings([(Self.captionsSetting, on ? "on" : "off")]) else { return }
        emit(.captionsChanged(on))
        say(.answer, .captionsChanged, ["state": words.onOff(on)])
    }
}
