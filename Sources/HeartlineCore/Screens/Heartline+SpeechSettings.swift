import Foundation

/// Settings, Speech and Key echo: stored, handed to the speech and terminal adapters, and
/// confirmed in the new setting (the adapters apply a change before the confirmation is spoken).
///
/// A speech setting protects itself: a number outside its audible range or a name the engine
/// does not offer is refused; any other change is applied, said, and asked about ("Keep this?
/// Yes or no."), and undone after `speechTrialSeconds` without a yes.
extension Heartline {
    func label(of setting: SpeechSetting) -> String {
        words(setting.name)
    }

    func storedValue(of setting: SpeechSetting) -> String? {
        settings.speech[setting]
    }

    func spokenValue(of setting: SpeechSetting) -> String {
        storedValue(of: setting) ?? words(.valueDefault)
    }

    var keyEcho: KeyEchoSetting { settings.keyEcho }

    func words(for echo: KeyEchoSetting) -> String {
        words(echo.name)
    }

    func speechItems() -> [MenuItem] {
        SpeechSetting.allCases.map {
            MenuItem(label: label(of: $0), state: spokenValue(of: $0), action: .open(.speechEntry($0)))
        }
    }

    func question(for setting: SpeechSetting) -> (Prompt, [String: String]) {
        let field = label(of: setting).lowercased()
        guard let range = setting.audibleRange else { return (.askSpeechText, ["field": field]) }
        return (.askSpeechNumber, ["field": field, "lowest": String(range.lowerBound), "highest": String(range.upperBound)])
    }

    /// How long a changed speech setting waits for its yes before it is undone.
    static let speechTrialSeconds: TimeInterval = 10

    /// A value typed for a speech setting: a number within its audible range, or a name the
    /// engine offers, is applied and asked about ("Keep this?"), not stored until a yes.
    mutating func enterSpeechValue(_ text: String, for setting: SpeechSetting) {
        let name = label(of: setting)
        var value: String? = ["default", "clear", "none"].contains(text) ? nil : text
        if let typed = value, !setting.isNumber {
            guard let offer = conversation.speechOffer else {
                say(.answer, .speechOfferPending)
                return
            }
            guard let spelled = offer.spelling(of: typed, for: setting) else {
                refuseSpeechName(typed, for: setting)
                return
            }
            value = spelled
        }
        var changed = settings
        guard changed.setSpeech(setting, to: value) else {
            let range = setting.audibleRange ?? SpeechSetting.range
            return refuseValue(.speechOutOfRange, ["field": name, "lowest": String(range.lowerBound), "highest": String(range.upperBound)])
        }
        let trial = SpeechTrial(
            setting: setting, value: changed.speech[setting], previous: settings.speech[setting],
            deadline: now.addingTimeInterval(Self.speechTrialSeconds))
        emit(.speechSettingChanged(setting, trial.value))
        say(.answer, .speechChanged, ["field": name, "value": trial.value ?? words(.valueDefault)])
        // The question takes the entry's place: either answer goes back to Speech.
        stack[stack.count - 1] = .question(.keepSpeech(trial))
        ask(.keepSpeech(trial), again: false)
    }

    private mutating func refuseSpeechName(_ typed: String, for setting: SpeechSetting) {
        say(
            .answer, .speechNotOffered,
            ["field": label(of: setting).lowercased(), "value": String(typed.prefix(SpeechSetting.longestName))])
        if setting == .module, let modules = conversation.speechOffer?.modules, !modules.isEmpty {
            say(.answer, .speechModulesOffered, ["modules": words.list(Array(modules.prefix(5)))])
        }
    }

    /// A stored module, voice or language the engine no longer offers (an uninstalled voice, a
    /// module removed) goes back to the engine's default, is said, and is stored so. A setting
    /// on trial is not stored, so it is left to its question.
    mutating func forgetSpeechNamesNotOffered(_ offer: SpeechOffer) {
        for setting in SpeechSetting.names {
            guard let stored = settings.speech[setting], offer.spelling(of: stored, for: setting) == nil,
                speechTrial?.setting != setting
            else { continue }
            saveSettings { $0.setSpeech(setting, to: nil) }
            emit(.speechSettingChanged(setting, nil))
            say(
                .notice, .speechStoredNotOffered,
                ["field": label(of: setting).lowercased(), "value": String(stored.prefix(SpeechSetting.longestName))])
        }
    }

    /// The speech setting on trial, while its question is asked.
    var speechTrial: SpeechTrial? {
        if case .question(.keepSpeech(let trial)) = screen { return trial }
        return nil
    }

    /// Yes: the setting is stored, and kept over restarts.
    mutating func keepSpeech(_ trial: SpeechTrial) {
        saveSettings { $0.setSpeech(trial.setting, to: trial.value) }
        say(.answer, .speechKept, ["field": label(of: trial.setting), "value": trial.value ?? words(.valueDefault)])
        returnToPrevious()
    }

    /// No, back, or no answer in time: the setting goes back to what it was, said in that
    /// setting; nothing was stored.
    mutating func undoSpeech(_ trial: SpeechTrial, unanswered: Bool) {
        emit(.speechSettingChanged(trial.setting, trial.previous))
        let name = label(of: trial.setting)
        let values = ["field": unanswered ? name.lowercased() : name, "value": trial.previous ?? words(.valueDefault)]
        say(.answer, unanswered ? .speechUndoneUnanswered : .speechUndone, values)
        returnToPrevious()
    }

    /// Time passed: a trial past its deadline is undone.
    mutating func speechTrialTick() {
        guard let trial = speechTrial, now >= trial.deadline else { return }
        undoSpeech(trial, unanswered: true)
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
