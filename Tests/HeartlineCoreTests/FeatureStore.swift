import Foundation
@testable import HeartlineCore
import Testing

/// A feature driven from a state alone, with no root: each action's change to the state is
/// asserted whole, as TCA's TestStore does (the change the test expects, applied to the state
/// before, must give the state after), and its steps come back to be asserted.
///
/// The store plays the root's part for what a feature reads: a settings step becomes the
/// settings the next action reads, and a move between screens the screen on top. What the
/// feature reads is set through the store as on the environment itself (`store.settings`,
/// `store.sensors.strap`); the words follow the settings' language among `languages`.
@dynamicMemberLookup
struct FeatureStore<F: Feature> {
    var state: F.State
    private var read: FeatureEnvironment

    init(
        _: F.Type, state: F.State, settings: Settings = Settings(), screen: Screen = .home, now: Date = goldenStart,
        strap: SensorStatus = .absent
    ) {
        self.state = state
        read = FeatureEnvironment(words: TestCatalogue.words, now: now, settings: settings, screen: screen)
        read.sensors.strap = strap
    }

    subscript<Value>(dynamicMember path: WritableKeyPath<FeatureEnvironment, Value>) -> Value {
        get { read[keyPath: path] }
        set { read[keyPath: path] = newValue }
    }

    subscript<Value>(dynamicMember path: KeyPath<FeatureEnvironment, Value>) -> Value { read[keyPath: path] }

    var environment: FeatureEnvironment {
        var environment = read
        environment.words = read.settings.language.flatMap { read.languages[$0] } ?? TestCatalogue.words
        return environment
    }

    /// Sends `action` and checks that the state changed exactly as `expected` says (nothing, by
    /// default); returns the steps the feature answered with.
    @discardableResult
    mutating func send(
        _ action: F.Action, sourceLocation: SourceLocation = #_sourceLocation, _ expected: (inout F.State) -> Void = { _ in }
    ) -> [FeatureStep] {
        var wanted = state
        expected(&wanted)
        let steps = F.reduce(&state, action, environment)
        #expect(state == wanted, "the state after the action is not the one expected", sourceLocation: sourceLocation)
        for step in steps {
            switch step {
            case .saveSettings(let changed): read.settings = changed
            case .push(let next), .replace(let next): read.screen = next
            case .askInstead(let question), .ask(let question): read.screen = .question(question)
            case .goHome: read.screen = .home
            case .startOver(let next, _): read.screen = next
            case .resumeWorkout: read.screen = .workout
            case .troubleSaid(let trouble): read.storageTrouble = trouble
            case .began(let id, _): read.nextWorkoutID = id + 1
            case .say, .sayText, .sayItems, .emit, .returnToPrevious, .leave, .typeLine, .releaseStrap, .refuse, .answer, .leaveHeartline,
                .recovered:
                break
            }
        }
        return steps
    }

    /// The sentences of `steps`, rendered as the user hears them.
    static func said(_ steps: [FeatureStep]) -> [String] {
        steps.compactMap { step in
            guard case .say(_, let prompt, let values) = step else { return nil }
            return TestCatalogue.words(prompt, values)
        }
    }

    /// The effects `steps` ask of the edge.
    static func effects(_ steps: [FeatureStep]) -> [Effect] {
        steps.compactMap { step in
            guard case .emit(let effect) = step else { return nil }
            return effect
        }
    }
}
