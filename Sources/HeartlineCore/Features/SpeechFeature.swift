import Foundation

/// Settings, Speech, Key echo and Captions: stored, handed to the speech and terminal adapters,
/// and confirmed in the new setting (the adapters apply a change before the confirmation is
/// spoken).
///
/// A speech setting protects itself: a number outside its audible range or a name the engine
/// does not offer is refused; any other change is applied, said, and asked about ("Keep this?
/// Yes or no."), and undone after `trialSeconds` without a yes.
enum SpeechFeature: Feature {
    /// How long a changed speech setting waits for its yes before it is undone.
    static let trialSeconds: TimeInterval = 10

    /// What the speech engine offers, as far as the core knows.
    struct State: Equatable, Sendable {
        /// The engine's modules, voices and languages, as the edge last said; nil until it has,
        /// and names typed meanwhile are asked again rather than taken unchecked.
        var offer: SpeechOffer?
        /// `Effect.listSpeechOffer` was emitted: it is asked once.
        var offerAsked = false
    }

    enum Action: Sendable {
        /// Settings, Speech is entered: the engine is asked what it offers, once.
        case entered
        /// A stored name is about to be checked against what the engine offers (at start).
        case checkStoredNames
        case offered(SpeechOffer)
        /// A value typed on a speech setting's entry.
        case enter(String, SpeechSetting)
        case answered(SpeechTrial, keep: Bool)
        case tick
        case cycleKeyEcho
        case toggleCaptions
    }

    static func label(of setting: SpeechSetting, _ words: Words) -> String {
        words(setting.name)
    }

    static func items(_ environment: FeatureEnvironment) -> [MenuItem] {
        SpeechSetting.allCases.map {
            MenuItem(
                label: label(of: $0, environment.words), state: environment.settings.speech[$0] ?? environment.words(.valueDefault),
                action: .open(.speechEntry($0)))
        }
    }

    /// What a speech setting's entry asks.
    static func question(for setting: SpeechSetting, _ words: Words) -> (Prompt, [String: String]) {
        let field = words.inSentence(label(of: setting, words))
        guard let range = setting.audibleRange else { return (.askSpeechText, ["field": field]) }
        return (.askSpeechNumber, ["field": field, "lowest": String(range.lowerBound), "highest": String(range.upperBound)])
    }

    /// The speech setting on trial, while its question is asked.
    static func trial(on screen: Screen) -> SpeechTrial? {
        if case .question(.keepSpeech(let trial)) = screen { return trial }
        return nil
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        switch action {
        case .entered:
            guard state.offer == nil else { return [] }
            fallthrough
        case .checkStoredNames:
            guard !state.offerAsked else { return [] }
            state.offerAsked = true
            return [.emit(.listSpeechOffer)]
        case .offered(let offer):
            state.offer = offer
            return forgetNamesNotOffered(offer, environment)
        case .enter(let text, let setting):
            return enter(text, for: setting, state, environment)
        case .answered(let trial, let keep):
            let name = label(of: trial.setting, words)
            guard !keep else {
                return [
                    environment.saving { $0.setSpeech(trial.setting, to: trial.value) },
                    .say(.answer, .speechKept, ["field": name, "value": trial.value ?? words(.valueDefault)]), .returnToPrevious,
                ]
            }
            return undo(trial, unanswered: false, words)
        case .tick:
            guard let trial = trial(on: environment.screen), environment.now >= trial.deadline else { return [] }
            return undo(trial, unanswered: true, words)
        case .cycleKeyEcho:
            let all = KeyEchoSetting.allCases
            let next = all[(all.firstIndex(of: environment.settings.keyEcho)! + 1) % all.count]
            return [
                environment.saving { $0.keyEcho = next }, .emit(.keyEchoChanged(next)),
                .say(.answer, .echoChanged, ["mode": words(next.name)]),
            ]
        case .toggleCaptions:
            let on = !environment.settings.captions
            return [
                environment.saving { $0.captions = on }, .emit(.captionsChanged(on)),
                .say(.answer, .captionsChanged, ["state": words.onOff(on)]),
            ]
        }
    }

    /// A value typed for a speech setting: a number within its audible range, or a name the
    /// engine offers, is applied and asked about ("Keep this?"), not stored until a yes.
    private static func enter(_ text: String, for setting: SpeechSetting, _ state: State, _ environment: FeatureEnvironment)
        -> [FeatureStep]
    {
        let words = environment.words
        let name = label(of: setting, words)
        // "default" in the language or in English ("standard", "por defecto") clears the setting.
        var value: String? = words.isPhrase(text, .clear) ? nil : text
        if let typed = value, !setting.isNumber {
            guard let offer = state.offer else { return [.say(.answer, .speechOfferPending)] }
            guard let spelled = offer.spelling(of: typed, for: setting) else {
                var steps: [FeatureStep] = [
                    .say(
                        .answer, .speechNotOffered,
                        ["field": words.inSentence(name), "value": String(typed.prefix(SpeechSetting.longestName))])
                ]
                if setting == .module, let modules = offer.modules, !modules.isEmpty {
                    steps.append(.say(.answer, .speechModulesOffered, ["modules": words.list(Array(modules.prefix(5)))]))
                }
                return steps
            }
            value = spelled
        }
        var changed = environment.settings
        guard changed.setSpeech(setting, to: value) else {
            let range = setting.audibleRange ?? SpeechSetting.range
            return [.refuse(.speechOutOfRange, ["field": name, "lowest": String(range.lowerBound), "highest": String(range.upperBound)])]
        }
        let trial = SpeechTrial(
            setting: setting, value: changed.speech[setting], previous: environment.settings.speech[setting],
            deadline: environment.now.addingTimeInterval(trialSeconds))
        // The question takes the entry's place: either answer goes back to Speech.
        return [
            .emit(.speechSettingChanged(setting, trial.value)),
            .say(.answer, .speechChanged, ["field": name, "value": trial.value ?? words(.valueDefault)]),
            .askInstead(.keepSpeech(trial)),
        ]
    }

    /// No, back, or no answer in time: the setting goes back to what it was, said in that
    /// setting; nothing was stored.
    private static func undo(_ trial: SpeechTrial, unanswered: Bool, _ words: Words) -> [FeatureStep] {
        let name = label(of: trial.setting, words)
        let values = ["field": unanswered ? words.inSentence(name) : name, "value": trial.previous ?? words(.valueDefault)]
        return [
            .emit(.speechSettingChanged(trial.setting, trial.previous)),
            .say(.answer, unanswered ? .speechUndoneUnanswered : .speechUndone, values), .returnToPrevious,
        ]
    }

    /// A stored module, voice or language the engine no longer offers (an uninstalled voice, a
    /// module removed) goes back to the engine's default, is said, and is stored so. A setting
    /// on trial is not stored, so it is left to its question.
    private static func forgetNamesNotOffered(_ offer: SpeechOffer, _ environment: FeatureEnvironment) -> [FeatureStep] {
        var settings = environment.settings
        var steps: [FeatureStep] = []
        for setting in SpeechSetting.names {
            guard let stored = settings.speech[setting], offer.spelling(of: stored, for: setting) == nil,
                trial(on: environment.screen)?.setting != setting
            else { continue }
            settings.setSpeech(setting, to: nil)
            steps += [
                .saveSettings(settings), .emit(.speechSettingChanged(setting, nil)),
                .say(
                    .notice, .speechStoredNotOffered,
                    [
                        "field": environment.words.inSentence(label(of: setting, environment.words)),
                        "value": String(stored.prefix(SpeechSetting.longestName)),
                    ]),
            ]
        }
        return steps
    }
}
