import Foundation

/// The set-up of a board's first start, by ear and keypad: the language, then the headset, then
/// the strap, one step a screen. Each step opens the screen that Settings has for it (Headset,
/// Sensors), goes on to the next, or skips the rest; finished or skipped, it is stored as done
/// and not offered again. The language step is there only with more than one language installed.
enum SetUpFeature: Feature {
    /// The set-up keeps nothing of its own: the step is the screen's, what it changes is stored.
    typealias State = NoState

    enum Action: Equatable, Sendable {
        /// Speak this installed language from now on, and go on to the next step.
        case chooseLanguage(String)
        /// The next step, or the end of the set-up after the last.
        case next
        /// The rest of the set-up is skipped; Settings has each of its steps.
        case skip
    }

    /// The steps this installation has, in order.
    static func steps(_ environment: FeatureEnvironment) -> [SetUpStep] {
        (environment.languages.count > 1 ? [.language] : []) + [.headset, .strap]
    }

    /// "Set-up, step 2 of 3: Headset".
    static func title(_ step: SetUpStep, _ environment: FeatureEnvironment) -> String {
        let words = environment.words
        let steps = steps(environment)
        let number = (steps.firstIndex(of: step) ?? 0) + 1
        return words(
            .setUpTitle, ["number": words.number(number), "count": words.number(steps.count), "step": name(of: step, words)])
    }

    static func name(of step: SetUpStep, _ words: Words) -> String {
        switch step {
        case .language: words(.speechLanguage)
        case .headset: words(.settingsHeadset)
        case .strap: words(.settingsSensor)
        }
    }

    /// The step's own items, then the next step (or the end) and skipping the rest. A language
    /// is named in itself, so that whoever speaks it knows it in any language.
    static func items(_ step: SetUpStep, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        let own: [MenuItem]
        switch step {
        case .language:
            own = environment.languages.keys.sorted().map { code in
                MenuItem(
                    label: environment.languages[code]!.languageName(code), selected: code == words.language,
                    action: .setUp(.chooseLanguage(code)))
            }
        case .headset: own = [MenuItem(label: words(.settingsHeadset), action: .open(.headset))]
        case .strap: own = [MenuItem(label: words(.settingsSensor), action: .open(.sensor))]
        }
        let last = steps(environment).last == step
        return own + [
            MenuItem(label: words(last ? .setUpFinish : .setUpNext), action: .setUp(.next)),
            MenuItem(label: words(.setUpSkip), action: .setUp(.skip)),
        ]
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        guard case .setUp(let step) = environment.screen else { return [] }
        let steps = steps(environment)
        let following = steps.firstIndex(of: step).flatMap { $0 + 1 < steps.count ? steps[$0 + 1] : nil }
        switch action {
        case .chooseLanguage(let code):
            // As Settings' Language item does it; done with it when it was the last step.
            let chosen = SettingsFeature.choose(language: code, environment) { $0.setUpDone = following == nil }
            guard !chosen.isEmpty else { return [] }
            return chosen + (following.map { [.replace(.setUp($0))] } ?? [.say(.answer, .setUpDone), .goHome])
        case .next:
            return following.map { [.replace(.setUp($0))] } ?? done(.setUpDone, environment)
        case .skip:
            return done(.setUpSkipped, environment)
        }
    }

    /// Stores the set-up as done, says so, and goes home.
    private static func done(_ said: Prompt, _ environment: FeatureEnvironment) -> [FeatureStep] {
        [environment.saving { $0.setUpDone = true }, .say(.answer, said), .goHome]
    }
}

/// The steps of the first start's set-up, in order.
enum SetUpStep: Equatable, Sendable, CaseIterable {
    case language, headset, strap
}
