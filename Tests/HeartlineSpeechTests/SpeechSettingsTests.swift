@preconcurrency import CSpeechd
import Foundation
import HeartlineCore
@testable import HeartlineSpeech
import HeartlineTestSupport
import Testing

@Suite(.timed) struct SpeechSettingsTests {
    @Test func numbersOutsideTheirRangeAreClamped() {
        let settings = SpeechSettings(rate: 250, pitch: -300, volume: 101).clamped
        #expect(settings == SpeechSettings(rate: 100, pitch: -100, volume: 100))
    }

    @Test func settingsStoredByAnOlderVersionTakeDefaultsForMissingFields() throws {
        let data = Data(#"{"rate": 40}"#.utf8)
        let settings = try JSONDecoder().decode(SpeechSettings.self, from: data)
        #expect(settings == SpeechSettings(rate: 40))
    }

    @Test func settingsSurviveAnEncodingRoundTrip() throws {
        let settings = SpeechSettings(rate: -20, pitch: 10, volume: 50, language: "en-GB", voice: "en-gb", outputModule: "espeak-ng")
        let decoded = try JSONDecoder().decode(SpeechSettings.self, from: JSONEncoder().encode(settings))
        #expect(decoded == settings)
    }

    @Test(arguments: [(-100, 80), (-50, 125), (0, 170), (50, 309), (100, 449)])
    func espeakRateFollowsSpeechDispatchersMapping(rate: Int, wordsPerMinute: Int32) {
        #expect(EspeakLibrary.wordsPerMinute(rate: rate) == wordsPerMinute)
    }

    @Test(arguments: [(-100, 0), (0, 50), (100, 100)])
    func espeakPitchFollowsSpeechDispatchersMapping(pitch: Int, baseline: Int32) {
        #expect(EspeakLibrary.pitch(pitch) == baseline)
    }

    @Test func eachKindHasItsSpeechDispatcherPriority() {
        #expect(SpeechdEngine.priority(for: .event) == SPD_IMPORTANT)
        #expect(SpeechdEngine.priority(for: .answer) == SPD_MESSAGE)
        #expect(SpeechdEngine.priority(for: .menu) == SPD_TEXT)
        #expect(SpeechdEngine.priority(for: .readout) == SPD_NOTIFICATION)
        #expect(SpeechdEngine.priority(for: .echo) == SPD_NOTIFICATION)
    }
}

/// The prompts file and `Prompt.declaredInHeartlineSpeech` agree key by key and placeholder by placeholder.
@Suite(.timed) struct SpeechPromptsTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Prompts/en/speech.prompts").standardized.path

    static func catalogue() throws -> PromptCatalogue {
        var catalogue = PromptCatalogue()
        try catalogue.add(String(contentsOfFile: file, encoding: .utf8), source: "speech.prompts")
        return catalogue
    }

    @Test func everyKeyInTheFileIsDeclaredAndEveryDeclarationIsInTheFile() throws {
        let catalogue = try Self.catalogue()
        #expect(Set(catalogue.templates.keys) == Set(Prompt.declaredInHeartlineSpeech.map(\.key)))
        for prompt in Prompt.declaredInHeartlineSpeech {
            #expect(PromptCatalogue.placeholders(in: catalogue.templates[prompt.key] ?? "") == prompt.placeholders)
        }
    }

    @Test func theAnnouncementsAreSentences() throws {
        let catalogue = try Self.catalogue()
        for prompt in Prompt.declaredInHeartlineSpeech {
            #expect(catalogue.render(prompt).hasSuffix("."))
        }
    }
}
