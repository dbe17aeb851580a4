import Foundation
@testable import HeartlineCore
import Testing

/// The first start's set-up, driven from its steps alone: the language, the headset, the strap,
/// each with the next step and skipping the rest; done is stored, Back is not done.
@Suite(.timed) struct SetUpFeatureTests {
    static let words = TestCatalogue.words

    @Test func threeStepsWithASecondLanguageEachOpeningItsSettingsScreen() {
        var store = FeatureStore(SetUpFeature.self, state: NoState(), screen: .setUp(.language))
        store.languages = ["en": Self.words, "xx": SettingsFeatureTests.other]
        #expect(SetUpFeature.steps(store.environment) == [.language, .headset, .strap])
        #expect(SetUpFeature.title(.language, store.environment) == "Set-up, step 1 of 3: Language")
        let languages = SetUpFeature.items(.language, store.environment)
        // Each language is named in itself; the one spoken is selected.
        #expect(languages.map(\.label) == ["English", "Xx", "Next step", "Skip set-up"])
        #expect(languages.map(\.selected) == [true, false, false, false])
        #expect(SetUpFeature.items(.headset, store.environment).first?.action == .open(.headset))
        let strap = SetUpFeature.items(.strap, store.environment)
        #expect(strap.map(\.label) == ["Sensors", "Finish set-up", "Skip set-up"])
        #expect(strap.first?.action == .open(.sensor))
    }

    @Test func withOneLanguageTheHeadsetIsTheFirstOfTwoSteps() {
        let store = FeatureStore(SetUpFeature.self, state: NoState(), screen: .setUp(.headset))
        #expect(SetUpFeature.steps(store.environment) == [.headset, .strap])
        #expect(SetUpFeature.title(.headset, store.environment) == "Set-up, step 1 of 2: Headset")
    }

    @Test func aLanguageChosenIsSpokenFromThenOnAndTheHeadsetStepFollows() {
        var store = FeatureStore(
            SetUpFeature.self, state: NoState(), settings: SettingsFeatureTests.with { $0.setSpeech(.language, to: "en-GB") },
            screen: .setUp(.language))
        store.languages = ["en": Self.words, "xx": SettingsFeatureTests.other]
        let steps = store.send(.chooseLanguage("xx"))
        #expect(store.settings.language == "xx")
        #expect(store.settings.speech[.language] == nil)
        #expect(!store.settings.setUpDone)
        #expect(FeatureStore<SetUpFeature>.effects(steps) == [.languageChanged("xx")])
        #expect(steps.contains(.sayText(.answer, "Xx-language: Xx.")))
        #expect(steps.last == .replace(.setUp(.headset)))
    }

    @Test func nextGoesStepByStepAndTheLastFinishesStoredAsDone() {
        var store = FeatureStore(SetUpFeature.self, state: NoState(), screen: .setUp(.headset))
        #expect(store.send(.next) == [.replace(.setUp(.strap))])
        #expect(!store.settings.setUpDone)
        let steps = store.send(.next)
        #expect(store.settings.setUpDone)
        #expect(steps.contains(.say(.answer, .setUpDone, [:])))
        #expect(steps.last == .goHome)
    }

    @Test func skippingOnAnyStepIsStoredAsDoneAndSaid() {
        for step in SetUpStep.allCases {
            var store = FeatureStore(SetUpFeature.self, state: NoState(), screen: .setUp(step))
            store.languages = ["en": Self.words, "xx": SettingsFeatureTests.other]
            let steps = store.send(.skip)
            #expect(store.settings.setUpDone, "skipped on \(step)")
            #expect(steps.contains(.say(.answer, .setUpSkipped, [:])))
            #expect(steps.last == .goHome)
        }
    }

    /// Stored as done, it reads back as done; settings stored before there was a set-up read
    /// as not done.
    @Test func doneIsKeptInTheStoredSettings() throws {
        var settings = Settings()
        settings.setUpDone = true
        let stored = try JSONEncoder().encode(settings)
        #expect(try JSONDecoder().decode(Settings.self, from: stored).setUpDone)
        #expect(try !JSONDecoder().decode(Settings.self, from: Data("{\"autoPause\":false}".utf8)).setUpDone)
    }
}
