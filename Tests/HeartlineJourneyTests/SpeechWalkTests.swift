import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// A generated walk over Settings, Speech: seeded values, answers and pauses, right and wrong.
/// Whatever the walk did, speech ends audible: every setting the adapters were given stays within
/// its audible range or among the names the engine offers, and once no change waits for its yes,
/// what the adapters have is what is stored.
@Suite(.timed) struct SpeechWalkTests {
    static let offer = SpeechSafetyGoldenTests.offer
    static let inputs = [
        "1", "2", "3", "4", "5", "6", "-100", "-51", "-50", "-20", "0", "35", "80", "81", "150", "loud", "default", "yes", "no",
        "y", "n", "-", "x", "back", "speech", "where", "repeat", "klingon", "english (great britain)", "en-gb", "espeak-ng",
        "dummy", "festival",
    ]

    @Test(arguments: 0..<30)
    func aWalkThatChangesSpeechSettingsEndsWithSpeechAudible(seed: Int) throws {
        let session = try GoldenSession(strapSeed: nil)
        session.speechOffer = Self.offer
        session.open(.speech, below: [.home, .settings])
        var random = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 3)
        // What the speech adapters were last given, setting by setting (nil: the default).
        var applied: [SpeechSetting: String?] = [:]
        func note(_ lines: [String]) {
            for line in lines where line.hasPrefix("(speech ") {
                let parts = line.dropFirst(8).dropLast().split(separator: " ", maxSplits: 1).map(String.init)
                let setting = try! #require(SpeechSetting(rawValue: parts[0]))
                applied[setting] = parts[1] == "default" ? String?.none : parts[1]
            }
        }
        var steps: [String] = []
        for _ in 0..<200 {
            if random.next() % 6 == 0 {
                let seconds = Int(random.next() % 12) + 1
                steps.append(":wait \(seconds)")
                note(session.wait(seconds))
            } else {
                let input = Self.inputs[Int(random.next() % UInt64(Self.inputs.count))]
                steps.append(input)
                note(
                    input.count == 1 && session.core.takesKey(Character(input))
                        ? session.send(.key(Character(input))) : session.send(.command(input)))
            }
            for (setting, value) in applied {
                guard let value else { continue }
                if let range = setting.audibleRange {
                    #expect(Int(value).map(range.contains) == true, "\(setting) \(value) after \(steps.suffix(8))")
                } else {
                    #expect(Self.offer.names(for: setting)?.contains(value) == true, "\(setting) \(value) after \(steps.suffix(8))")
                }
            }
        }
        // Past any deadline: nothing waits, and the adapters have what is stored.
        note(session.wait(11))
        #expect(SpeechFeature.trial(on: session.core.screen) == nil)
        for setting in SpeechSetting.allCases {
            #expect((applied[setting] ?? nil) == session.core.settings.speech[setting], "\(setting) after \(steps.suffix(12))")
        }
        let stored = try session.store.settings().speech
        #expect(stored == session.core.settings.speech)
    }
}
