import Foundation

/// What the user hears, shared by every screen: the sentences and effects one input produces,
/// what "repeat" says again, the recent announcements "events" reads, and the storage trouble
/// already said.
struct Conversation: Sendable {
    static let eventLogLength = 20

    /// The time of the input being handled.
    var now = Date(timeIntervalSince1970: 0)
    /// This input's sentences and effects, handed out by `flush()`.
    private(set) var speech: [Utterance] = []
    private(set) var effects: [Effect] = []
    /// What "repeat", F5 and a headset's repeat say again: the last response that was not echo.
    private(set) var lastResponse: [Utterance] = []
    /// This response (spelling) leaves `lastResponse` as it was.
    var keepLastResponse = false
    /// Recent announcements, newest first, for "events".
    private(set) var eventLog: [(at: Date, text: String)] = []
    /// The storage trouble the user was told of, until a write succeeds again.
    var storageTrouble: StorageTrouble?
    /// Whether a failed automatic export was said this run.
    var saidAutoExportFailure = false
    /// How typed lines and single keys are taken.
    var keyboard = Keyboard()
    /// What the speech engine offers, as the edge last said, and whether it was asked.
    var speechEngine = SpeechFeature.State()
    /// The summary's own: the workout "Upload and save workout" is saving.
    var ended = SummaryFeature.State()

    /// Adds a sentence to this response; `logged` keeps it for "events" too.
    mutating func say(_ utterance: Utterance, logged: Bool) {
        speech.append(utterance)
        guard logged else { return }
        eventLog.insert((now, utterance.text), at: 0)
        if eventLog.count > Self.eventLogLength { eventLog.removeLast() }
    }

    mutating func emit(_ effect: Effect) {
        effects.append(effect)
    }

    /// Takes this response's events and notices out of it, to be said later; the event log
    /// keeps them as it is.
    mutating func takeKeptUntilSaid() -> [Utterance] {
        let kept = speech.filter(\.kind.isKeptUntilSaid)
        speech.removeAll(where: \.kind.isKeptUntilSaid)
        return kept
    }

    /// This input's effects, the sentences first as one `.speak`; remembered for "repeat".
    mutating func flush() -> [Effect] {
        var result = effects
        if !speech.isEmpty {
            result.insert(.speak(speech), at: 0)
            if !keepLastResponse, !speech.allSatisfy({ $0.kind == .echo }) { lastResponse = speech.filter { $0.kind != .echo } }
        }
        keepLastResponse = false
        speech.removeAll()
        effects.removeAll()
        return result
    }
}

/// How typed lines and single keys are taken: the shell's line editor asks before each key.
struct Keyboard: Sendable {
    /// The colon key opened a typed line on the workout screen: keys go to the line until Enter.
    var typingLine = false
    /// The next key press is described, not done.
    var describingKeys = false
    /// Keys bound in the configuration (`key.X = action`), before the workout screen's own.
    var bindings: [Character: Command] = [:]
}
