import Foundation
@testable import HeartlineCore
import Testing

/// A voice, language or module stored in Settings, Speech and since lost by the engine (a voice
/// uninstalled, a module removed) is found at start and given back to the engine's default.
struct StoredSpeechNamesTests {
    static func said(_ effects: [Effect]) -> [String] {
        effects.flatMap { effect -> [String] in
            if case .speak(let utterances) = effect { return utterances.map(\.text) }
            return []
        }
    }

    static func stored(voice: String?, module: String?) -> StoredState {
        var stored = StoredState()
        _ = stored.settings.setSpeech(.voice, to: voice)
        _ = stored.settings.setSpeech(.module, to: module)
        return stored
    }

    @Test func aStoredVoiceTheEngineLostIsForgottenAndSaid() {
        var core = Heartline(words: TestCatalogue.words)
        let start = core.start(at: goldenStart, stored: Self.stored(voice: "klingon", module: "espeak-ng"))
        #expect(start.contains(.listSpeechOffer))
        let effects = core.handle(.speechOffered(SpeechOffer(modules: ["espeak-ng"], voices: ["english", "german"])), at: goldenStart)
        #expect(effects.contains(.speechSettingChanged(.voice, nil)))
        #expect(!effects.contains(.speechSettingChanged(.module, nil)))
        let writes = effects.compactMap { effect -> Settings? in
            if case .store(.settings(let settings)) = effect { return settings }
            return nil
        }
        #expect(writes.last?.speech[.voice] == nil)
        #expect(writes.last?.speech[.module] == "espeak-ng")
        #expect(Self.said(effects) == ["The speech engine no longer has the voice klingon: back to its default."])
    }

    @Test func namesTheEngineOffersOrCannotListAreKept() {
        var core = Heartline(words: TestCatalogue.words)
        _ = core.start(at: goldenStart, stored: Self.stored(voice: "English", module: nil))
        // Matched without regard to case, as typed names are.
        var effects = core.handle(.speechOffered(SpeechOffer(voices: ["english"])), at: goldenStart)
        #expect(Self.said(effects) == [])
        // An engine that cannot list its voices (nil) takes any name.
        effects = core.handle(.speechOffered(SpeechOffer()), at: goldenStart)
        #expect(Self.said(effects) == [])
        #expect(core.settings.speech[.voice] == "English")
    }

    @Test func withNoStoredNameTheEngineIsNotAskedAtStart() {
        var core = Heartline(words: TestCatalogue.words)
        #expect(!core.start(at: goldenStart, stored: StoredState()).contains(.listSpeechOffer))
    }
}
