import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// A generated walk over the whole screen graph: seeded random keys and words from every screen
/// reached, with time passing and the strap beating. Every input must be answered with a
/// sentence (or a documented effect), "where" must name the screen and any pending question,
/// and "repeat" must say the last answer or the question again.
@Suite(.timed) struct ScreenWalkTests {
    /// Single keys a user might press by mistake or on purpose.
    static let keys: [Character] = Array("abcdefghijklmnopqrstuvwxyzZ0123456789 :;.,?*+-/=")
    /// Words that would leave the walk (quitting, powering off) are left out.
    static let leaving: Set<String> = ["quit", "exit", "bye"]

    /// The words the current screen accepts, and a few it does not.
    static func words(on core: Heartline) -> [String] {
        core.completions().filter { !leaving.contains($0) && $0 != "power off" }
            + [
                "help", "where", "repeat", "back", "events", "nonsense", "140 to 160", "35", "today",
                "3 times 1 minute work, 1 minute rest",
            ]
    }

    struct Step: CustomStringConvertible {
        var input: String
        var screen: String
        var description: String { "\(input) on \(screen)" }
    }

    @Test(arguments: 0..<40)
    func everyInputOnEveryReachedScreenIsAnswered(seed: Int) throws {
        let session = try GoldenSession()
        _ = session.begin()
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
        var screens: Set<String> = []
        var steps: [Step] = []
        for _ in 0..<300 {
            let screen = "\(session.core.screen)".prefix(60)
            screens.insert(String("\(session.core.screen)".prefix { $0 != "(" }))
            let roll = random.next() % 10
            let effects: [Effect]
            let input: String
            if roll < 2 {
                for line in session.wait(Int(random.next() % 20) + 1) {
                    #expect(Self.longSentences(in: Self.sentence(of: line)) == [], "said while waiting on \(screen)")
                }
                continue
            } else if roll < 6 {
                let key = Self.keys[Int(random.next() % UInt64(Self.keys.count))]
                if session.core.takesKey(key) {
                    input = "key \(key)"
                    if key == "y", session.core.screen.question == .powerOff { continue }
                    effects = session.effects(of: .key(key))
                } else {
                    input = "line \(key)"
                    effects = session.effects(of: .command(String(key)))
                }
            } else {
                let words = Self.words(on: session.core)
                let word = words[Int(random.next() % UInt64(words.count))]
                if word == "yes", session.core.screen.question == .powerOff { continue }
                input = "line \(word)"
                effects = session.effects(of: .command(word))
            }
            steps.append(Step(input: input, screen: String(screen)))
            let spoken = effects.flatMap { effect -> [Utterance] in
                if case .speak(let utterances) = effect { return utterances }
                return []
            }
            // Answered by the edge: a search says it began, or why it cannot (SensorGoldenTests,
            // HeadsetGoldenTests); the check, an export and power-off say how they went.
            let documented = effects.contains { effect in
                switch effect {
                case .scanForSensors, .scanForMotionSensors, .headset(.find), .runSelfCheck, .exportWorkout, .quit, .powerOff: true
                default: false
                }
            }
            #expect(!spoken.isEmpty || documented, "nothing said for \(steps.last!) after \(steps.suffix(6).dropLast())")
            for utterance in spoken {
                #expect(Self.longSentences(in: utterance.text) == [], "said for \(steps.last!)")
            }
            if effects.contains(.quit) { break }

            // "where" names the screen, and a pending question with it.
            if random.next() % 5 == 0 {
                let said = session.send(.command("where"))
                for line in said { #expect(Self.longSentences(in: Self.sentence(of: line)) == [], "where after \(steps.last!)") }
                #expect(said.first == "answer: You are on \(session.core.title(of: session.core.screen)).", "where after \(steps.last!)")
                // "repeat" says what "where" just said; on a question, the question.
                if case .question = session.core.screen {
                    #expect(said.count >= 2 && said[1].contains("? Yes or no."), "the question after where, after \(steps.last!)")
                    #expect(session.send(.command("repeat")) == Array(said.dropFirst()), "repeat on a question after \(steps.last!)")
                } else {
                    #expect(session.send(.command("repeat")) == said, "repeat after \(steps.last!)")
                }
            }
        }
        #expect(screens.count >= 3, "the walk reached \(screens)")
    }

    /// Over every seed together, the walk reaches most kinds of screen.
    @Test func theWalksTogetherReachMostScreens() throws {
        var reached: Set<String> = []
        for seed in 0..<40 {
            let session = try GoldenSession()
            _ = session.begin()
            var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
            for _ in 0..<300 {
                reached.insert(String("\(session.core.screen)".prefix { $0 != "(" }))
                let words = ScreenWalkTests.words(on: session.core)
                let word = words[Int(random.next() % UInt64(words.count))]
                if word == "yes", session.core.screen.question == .powerOff { continue }
                let effects = session.effects(of: .command(word))
                for case .speak(let utterances) in effects {
                    for utterance in utterances { #expect(Self.longSentences(in: utterance.text) == [], "said for \(word)") }
                }
                if effects.contains(.quit) { break }
                for line in session.wait(1) { #expect(Self.longSentences(in: Self.sentence(of: line)) == [], "said while waiting") }
            }
        }
        #expect(reached.count >= 15, "reached \(reached.sorted())")
    }

    /// On every kind of screen the walks reach, help first says what that screen is for: no two
    /// kinds begin their help with the same sentence, and a menu's own help is at most three
    /// sentences before the commands that work everywhere.
    @Test func helpDiffersFromScreenToScreen() throws {
        var firstSentences: [String: Set<String>] = [:]
        for seed in 0..<40 {
            let session = try GoldenSession()
            _ = session.begin()
            var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
            for _ in 0..<300 {
                let kind = Self.kind(of: session.core.screen)
                let help = session.send(.command("help")).map(Self.sentence(of:))
                #expect(help.allSatisfy { Self.longSentences(in: $0) == [] }, "help on \(kind): \(help)")
                if let first = help.first { firstSentences[kind, default: []].insert(first) }
                if kind != "workout", kind != "question" {
                    #expect(help.count >= 2 && help.count <= 4, "help on \(kind): \(help)")
                    #expect(help.last == "Everywhere: back, home, where, repeat, help, check and quit.", "help on \(kind)")
                }
                if random.next() % 10 < 4 {
                    let key = Self.keys[Int(random.next() % UInt64(Self.keys.count))]
                    guard session.core.takesKey(key) else { continue }
                    if key == "y", session.core.screen.question == .powerOff { continue }
                    _ = session.send(.key(key))
                } else {
                    let words = Self.words(on: session.core)
                    let word = words[Int(random.next() % UInt64(words.count))]
                    if word == "yes", session.core.screen.question == .powerOff { continue }
                    if session.effects(of: .command(word)).contains(.quit) { break }
                }
                _ = session.wait(Int(random.next() % 3))
            }
        }
        let kinds = firstSentences.keys.sorted()
        for (index, kind) in kinds.enumerated() {
            for other in kinds[(index + 1)...] {
                let shared = firstSentences[kind]!.intersection(firstSentences[other]!)
                #expect(shared.isEmpty, "help on \(kind) and on \(other) begins alike: \(shared.sorted())")
            }
        }
        // The menus whose help once was one sentence for all of them.
        let menus = ["last", "review", "metricChoice", "averagesChoice", "zoneChoice", "settings", "profile", "sensor", "speech"]
        #expect(menus.filter { !kinds.contains($0) } == [], "the walks reached \(kinds)")
        #expect(kinds.count >= 20, "the walks reached \(kinds)")
    }

    /// A screen's kind: its case, and a configuration's step.
    static func kind(of screen: Screen) -> String {
        if case .configure(let step, _) = screen { return "configure \(step)" }
        return String("\(screen)".prefix { $0 != "(" })
    }

    /// A transcript line's sentence, without its kind ("answer: ").
    static func sentence(of line: String) -> String {
        guard let colon = line.range(of: ": ") else { return line }
        return String(line[colon.upperBound...])
    }

    /// The sentences of `text` (or of a transcript line) longer than 15 words: a sentence ends at
    /// a full stop, question mark or exclamation mark before a space or the end.
    static func longSentences(in text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        for (index, character) in zip(text.indices, text) {
            current.append(character)
            let next = text.index(after: index)
            if ".?!".contains(character), next == text.endIndex || text[next] == " " {
                sentences.append(current)
                current = ""
            }
        }
        sentences.append(current)
        return sentences.filter { $0.split(separator: " ").count > 15 }
    }
}
