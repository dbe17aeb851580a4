import Foundation
@testable import HeartlineCore
import Testing

/// A feature driven from a state alone, with no root: each action's change to the state is
/// asserted whole, as TCA's TestStore does (the change the test expects, applied to the state
/// before, must give the state after), and its steps come back to be asserted.
///
/// The store plays the root's part for what a feature reads: a settings step becomes the
/// settings the next action reads, and a move between screens the screen on top.
struct FeatureStore<F: Feature> {
    var state: F.State
    var settings: Settings
    var screen: Screen
    var now: Date
    var strap: SensorStatus
    var profile = Profile()
    var below: Screen?
    var writeFailure: StorageError?
    var storageTrouble: StorageTrouble?
    var footpodHeard = false
    var recording = false
    var sensors = Sensors()
    var typingLine = false
    var events: [(at: Date, text: String)] = []
    var nextWorkoutID: Int64 = 1
    /// The installed languages' words by code; the settings' language picks the words read.
    var languages: [String: Words] = [:]

    init(
        _: F.Type, state: F.State, settings: Settings = Settings(), screen: Screen = .home, now: Date = goldenStart,
        strap: SensorStatus = .absent
    ) {
        self.state = state
        self.settings = settings
        self.screen = screen
        self.now = now
        self.strap = strap
    }

    var environment: FeatureEnvironment {
        FeatureEnvironment(
            words: settings.language.flatMap { languages[$0] } ?? TestCatalogue.words, now: now, settings: settings, screen: screen,
            strap: strap, profile: profile, below: below, writeFailure: writeFailure, storageTrouble: storageTrouble,
            footpodHeard: footpodHeard, recording: recording, sensors: sensors, typingLine: typingLine, events: events,
            nextWorkoutID: nextWorkoutID, languages: languages)
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
            case .saveSettings(let changed): settings = changed
            case .push(let next), .replace(let next): screen = next
            case .askInstead(let question), .ask(let question): screen = .question(question)
            case .goHome: screen = .home
            case .startOver(let next, _): screen = next
            case .resumeWorkout: screen = .workout
            case .troubleSaid(let trouble): storageTrouble = trouble
            case .began(let id, _): nextWorkoutID = id + 1
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
