import Foundation

/// A screen feature: its own state, the actions it takes, and a reducer that changes that state
/// and answers with steps for the root to carry out.
///
/// A feature reads the whole through `FeatureEnvironment` and changes nothing outside its own
/// state: what it says, the effects it asks of the edge, a settings change and a move between
/// screens come back as `FeatureStep`s, so a test drives it from a state, with no root at all.
protocol Feature {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Sendable

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep]
}

/// What a feature may read of the whole while it handles an action.
///
/// A value built for each action: a feature may change its copy, never the whole it was read from.
struct FeatureEnvironment: Sendable {
    var words: Words
    /// The time of the input being handled.
    var now: Date
    /// The stored settings as they stand.
    var settings: Settings
    /// The screen on top of the stack.
    var screen: Screen
    /// The profile as stored (the heart-rate zones come from it).
    var profile = Profile()
    /// The screen under the one on top, if there is one.
    var below: Screen?
    /// Why writing fails, as the edge last said; nil while it works.
    var writeFailure: StorageError?
    /// The storage trouble the user was told of, until a write succeeds again.
    var storageTrouble: StorageTrouble?
    /// Whether a footpod was heard this run.
    var footpodHeard = false
    /// Whether a workout records, its recovery is measured, or a resting check runs.
    var recording = false
    /// The sensors as they stand: the strap, the other kinds, the fitness machine, the battery.
    var sensors = Sensors()
    /// Whether a typed line is open: a readout waits until it is done.
    var typingLine = false
    /// The announcements kept for "events", newest first.
    var events: [(at: Date, text: String)] = []
    /// The id the next workout started takes.
    var nextWorkoutID: Int64 = 1
    /// The words of every installed language, by code.
    var languages: [String: Words] = [:]

    /// How the heart-rate strap stands.
    var strap: SensorStatus { sensors.strap }
}

/// What a feature asks of the root, in order.
enum FeatureStep: Equatable, Sendable {
    /// Whether the step says something.
    var speaks: Bool {
        switch self {
        case .say, .sayText, .sayItems: true
        default: false
        }
    }

    case say(SpeechKind, Prompt, [String: String] = [:])
    /// Says a sentence the words made whole (a plan's parts, why a file cannot be read).
    case sayText(SpeechKind, String)
    /// Says the current screen's items, numbered, as a menu does.
    case sayItems
    case emit(Effect)
    /// Stores these settings whole and keeps them for every screen.
    case saveSettings(Settings)
    case push(Screen)
    /// Replaces the current screen, saying it again.
    case replace(Screen)
    /// Leaves the current screen for the one below, saying where the user is.
    case returnToPrevious
    /// Leaves this many screens; `showing`: the one below is said whole as the user comes back
    /// to it (a list read anew), else nothing is said of it.
    case leave(screens: Int, showing: Bool)
    /// The next keys are a typed line (a range, a plan), Escape cancels.
    case typeLine
    /// The feature no longer listens to the strap: it is let go unless a workout, its recovery
    /// or a resting check still does.
    case releaseStrap
    /// Says a typed value is refused, with the entry's question again.
    case refuse(Prompt, [String: String])
    /// Asks this question in the current screen's place: either answer goes back below it.
    case askInstead(Question)
    /// Hands the answer to a question to what the question is about.
    case answer(Question, yes: Bool)
    /// Leaves every screen for home, said whole.
    case goHome
    /// Records again the workout a crash left behind, from its totals and samples, on the
    /// workout screen.
    case resumeWorkout(WorkoutSummary, samples: [Sample])
    /// The user was told of this storage trouble: it is not said again until writing works.
    case troubleSaid(StorageTrouble)
    /// Leaves Heartline from the screens as they stand; with workout seconds held in memory for
    /// disk space, asks first.
    case leaveHeartline
    /// Asks this question over the current screen: no goes back to it.
    case ask(Question)
    /// A workout began with this id and configuration: the next takes the id after, and the
    /// configuration is kept as the last.
    case began(id: Int64, WorkoutConfiguration)
    /// Home and this screen become the whole way back; `present`: the screen is said whole.
    case startOver(Screen, present: Bool)
    /// The recovery measured after workout `workout` ended: its summary, where shown, has it.
    case recovered(workout: Int64, drops: [Int?])
}

extension FeatureStep {
    /// Says `value` with the form of `one` or `other` its language's plural rule takes for it.
    static func sayCount(_ kind: SpeechKind, _ value: Int, one: Prompt, other: Prompt, _ words: Words) -> FeatureStep {
        let (prompt, values) = words.countForm(words.numbers.format(Double(value), decimals: 0), one: one, other: other)
        return .say(kind, prompt, values)
    }

    /// RMSSD in one sentence; with too many artefacts, said as unreliable with their share.
    static func variability(_ hrv: HeartRateVariability, _ kind: SpeechKind, reliable prompt: Prompt, _ words: Words) -> [FeatureStep] {
        let milliseconds = ["value": words.number(Int(hrv.rmssd.rounded()))]
        guard !hrv.isReliable else { return [.say(kind, prompt, milliseconds)] }
        let share = Int((Double(hrv.artefacts) * 100 / Double(hrv.kept + hrv.artefacts)).rounded())
        return [.say(kind, .answerHrvUnreliable, milliseconds.merging(["percent": String(share)]) { $1 })]
    }
}

extension FeatureEnvironment {
    /// `settings` as `change` leaves them, as the step that stores them.
    func saving(_ change: (inout Settings) -> Void) -> FeatureStep {
        var changed = settings
        change(&changed)
        return .saveSettings(changed)
    }
}

extension Heartline {
    /// What the features read: the words, the time, the settings and the screen on top.
    var environment: FeatureEnvironment {
        FeatureEnvironment(
            words: words, now: now, settings: settings, screen: screen, profile: records.profile,
            below: stack.count > 1 ? stack[stack.count - 2] : nil, writeFailure: records.writeFailure,
            storageTrouble: conversation.storageTrouble, footpodHeard: sensors.motion[.footpod] != nil, recording: training.isRecording,
            sensors: sensors, typingLine: conversation.keyboard.typingLine, events: conversation.eventLog,
            nextWorkoutID: records.nextWorkoutID,
            languages: languages.all)
    }

    /// Carries out the steps a feature answered with, in order. A feature runs as
    /// `carryOut(F.reduce(&state, action, environment))`, its state a stored path of the root:
    /// a key path would cost the runtime's key-path machinery on every action.
    mutating func carryOut(_ steps: [FeatureStep]) {
        for step in steps {
            switch step {
            case .say(let kind, let prompt, let values): say(kind, prompt, values)
            case .sayText(let kind, let text): say(kind, text: text)
            case .sayItems: speakItems()
            case .emit(let effect): emit(effect)
            case .saveSettings(let changed): saveSettings(changed)
            case .push(let next): push(next)
            case .replace(let next): replace(with: next)
            case .returnToPrevious: returnToPrevious()
            case .leave(let screens, let showing):
                stack.removeLast(screens)
                if showing { showAgain(present: true) }
            case .typeLine: conversation.keyboard.typingLine = true
            case .releaseStrap: if !training.isRecording { emit(.sensorWanted(false)) }
            case .refuse(let reason, let values): refuseValue(reason, values)
            case .askInstead(let question):
                stack[stack.count - 1] = .question(question)
                ask(question, again: false)
            case .answer(let question, let yes): answer(question, yes: yes)
            case .goHome: goHome()
            case .resumeWorkout(let summary, let samples):
                training.workout = UnfinishedFeature.resumed(summary, samples: samples, environment)
                stack = [.home, .workout]
            case .troubleSaid(let trouble): conversation.storageTrouble = trouble
            case .leaveHeartline: leave(from: stack)
            case .ask(let question):
                stack.append(.question(question))
                ask(question, again: false)
            case .began(let id, let configuration):
                write(.lastConfiguration(configuration))
                records.lastConfiguration = configuration
                records.nextWorkoutID = id + 1
            case .startOver(let next, let present):
                stack = [.home, next]
                if present { presentScreen() }
            case .recovered(let id, let drops):
                for index in stack.indices {
                    if case .summary(var summary, let quitting) = stack[index], summary.id == id, summary.recovery != drops {
                        summary.recovery = drops
                        stack[index] = .summary(summary, quitting: quitting)
                    }
                }
            }
        }
    }
}
