import Foundation
@testable import HeartlineCore
import Testing

/// Settings, Speech as a feature on its own: a value typed on an entry is tried, asked about,
/// kept or undone; names are checked against what the engine offers; the offer is asked once.
struct SpeechFeatureTests {
    typealias Store = FeatureStore<SpeechFeature>
    static let offer = SpeechOffer(modules: ["espeak-ng", "rhvoice"], voices: ["male1", "female1"], languages: ["en", "de"])

    @Test func theOfferIsAskedOnceWhateverAsksForIt() {
        var store = Store(SpeechFeature.self, state: .init())
        #expect(Store.effects(store.send(.entered) { $0.offerAsked = true }) == [.listSpeechOffer])
        #expect(store.send(.entered).isEmpty)
        #expect(store.send(.checkStoredNames).isEmpty)
        store.send(.offered(Self.offer)) { $0.offer = Self.offer }
        #expect(store.send(.entered).isEmpty)
    }

    @Test func aNumberIsTriedThenKeptOnYes() {
        var store = Store(SpeechFeature.self, state: .init(), screen: .speechEntry(.rate))
        var steps = store.send(.enter("40", .rate))
        guard case .askInstead(.keepSpeech(let trial)) = steps.last else {
            Issue.record("no question asked: \(steps)")
            return
        }
        #expect(trial == SpeechTrial(setting: .rate, value: "40", previous: nil, deadline: goldenStart.addingTimeInterval(10)))
        #expect(Store.effects(steps) == [.speechSettingChanged(.rate, "40")])
        // Nothing is stored before the yes.
        #expect(store.settings.speech[.rate] == nil)

        steps = store.send(.answered(trial, keep: true))
        #expect(store.settings.speech[.rate] == "40")
        #expect(Store.said(steps) == ["Rate kept at 40."])
        #expect(steps.last == .returnToPrevious)
    }

    @Test func noAnswerInTimeUndoesTheTrialAndStoresNothing() {
        let trial = SpeechTrial(setting: .pitch, value: "-30", previous: "10", deadline: goldenStart.addingTimeInterval(10))
        var store = Store(SpeechFeature.self, state: .init(), screen: .question(.keepSpeech(trial)))
        store.now = goldenStart.addingTimeInterval(9)
        #expect(store.send(.tick).isEmpty)
        store.now = goldenStart.addingTimeInterval(10)
        let steps = store.send(.tick)
        #expect(Store.effects(steps) == [.speechSettingChanged(.pitch, "10")])
        #expect(Store.said(steps) == ["No answer, so pitch is back to 10."])
        #expect(store.settings.speech[.pitch] == nil)
    }

    @Test func aNameIsTakenOnlyWhenTheEngineOffersIt() {
        var store = Store(SpeechFeature.self, state: .init(), screen: .speechEntry(.module))
        #expect(
            Store.said(store.send(.enter("rhvoice", .module))) == ["Speech is still listing what it offers. Type the name again shortly."])
        store.state.offer = Self.offer
        let refused = Store.said(store.send(.enter("festival", .module)))
        #expect(refused.first == "The speech engine has no output module called festival.")
        #expect(refused.count == 2)
        let steps = store.send(.enter("RHVoice", .module))
        #expect(Store.effects(steps) == [.speechSettingChanged(.module, "rhvoice")])
    }

    /// "default", as the entry's question says it in the language ("oder standard", "o por
    /// defecto"), clears the setting rather than being taken as a voice's name.
    @Test(arguments: [("de", "standard"), ("es", "por defecto"), ("de", "default"), ("en", "default")])
    func theLanguagesDefaultClearsTheSetting(language: String, typed: String) {
        var settings = Settings()
        settings.language = language
        settings.setSpeech(.voice, to: "female1")
        var store = Store(SpeechFeature.self, state: .init(), settings: settings, screen: .speechEntry(.voice))
        store.languages = ["en": TestCatalogue.words, "es": LanguageCatalogue.spanish, "de": LanguageCatalogue.german]
        store.state.offer = Self.offer
        let steps = store.send(.enter(typed, .voice))
        #expect(Store.effects(steps) == [.speechSettingChanged(.voice, nil)])
    }

    @Test func aNumberOutsideItsAudibleRangeIsRefusedWithTheQuestionAgain() {
        var store = Store(SpeechFeature.self, state: .init(), screen: .speechEntry(.volume))
        let steps = store.send(.enter("-100", .volume))
        guard case .refuse(.speechOutOfRange, _) = steps.first else {
            Issue.record("not refused: \(steps)")
            return
        }
        #expect(steps.count == 1)
    }

    @Test func aStoredVoiceTheEngineLostGoesBackToTheDefaultButOneOnTrialWaits() {
        var settings = Settings()
        settings.setSpeech(.voice, to: "gone")
        settings.setSpeech(.language, to: "xx")
        let trial = SpeechTrial(setting: .language, value: "xx", previous: nil, deadline: goldenStart.addingTimeInterval(10))
        var store = Store(SpeechFeature.self, state: .init(offerAsked: true), settings: settings, screen: .question(.keepSpeech(trial)))
        let steps = store.send(.offered(Self.offer)) { $0.offer = Self.offer }
        #expect(Store.effects(steps) == [.speechSettingChanged(.voice, nil)])
        #expect(store.settings.speech[.voice] == nil)
        #expect(store.settings.speech[.language] == "xx")
    }

    @Test func captionsAndKeyEchoAreStoredAndHandedToTheEdge() {
        var store = Store(SpeechFeature.self, state: .init())
        #expect(Store.effects(store.send(.toggleCaptions)) == [.captionsChanged(true)])
        #expect(store.settings.captions)
        let before = store.settings.keyEcho
        let steps = store.send(.cycleKeyEcho)
        #expect(store.settings.keyEcho != before)
        #expect(Store.effects(steps) == [.keyEchoChanged(store.settings.keyEcho)])
    }
}
