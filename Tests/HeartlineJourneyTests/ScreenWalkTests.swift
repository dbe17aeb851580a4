import Foundation
@testable import HeartlineCore
import Testing

/// A generated walk over the whole screen graph: seeded random keys and words from every screen
/// reached, with time passing and the strap beating. Every input must be answered with a
/// sentence (or a documented effect), "where" must name the screen and any pending question,
/// and "repeat" must say the last answer or the question again.
@Suite struct ScreenWalkTests {
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
                _ = session.wait(Int(random.next() % 20) + 1)
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
            let documented = effects.contains { effect in
                switch effect {
                case .scanForSensors, .runSelfCheck, .exportWorkout, .quit, .powerOff: true
                default: false
                }
            }
            #expect(!spoken.isEmpty || documented, "nothing said for \(steps.last!) after \(steps.suffix(6).dropLast())")
            if effects.contains(.quit) { break }

            // "where" names the screen, and a pending question with it.
            if random.next() % 5 == 0 {
                let said = session.send(.command("where"))
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
                if session.effects(of: .command(word)).contains(.quit) { break }
                _ = session.wait(1)
            }
        }
        #expect(reached.count >= 15, "reached \(reached.sorted())")
    }
}
