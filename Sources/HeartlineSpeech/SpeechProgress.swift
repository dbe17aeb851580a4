import HeartlineCore

/// What happened to one sentence: handed to the engine, heard, finished, cut or dropped.
///
/// Speakers report progress on the loop's thread through their `onProgress` property; the shell
/// may ignore it, tests and the benchmark read it.
public struct SpeechProgress: Equatable, Sendable, CustomStringConvertible {
    public enum State: String, Sendable {
        /// The engine accepted the request (spd_say returned, or espeak-ng was handed the text).
        case requested
        /// The engine started speaking it (speech-dispatcher's BEGIN, espeak-ng's first event).
        case began
        /// It was spoken to the end.
        case ended
        /// It was interrupted while speaking and will not be said again.
        case cut
        /// It was never spoken (stale readout, echo while busy, silenced, replaced menu).
        case dropped
    }

    public let utterance: Utterance
    public let state: State
    /// The engine that spoke it ("speech-dispatcher", "espeak-ng"), or nil when none did.
    public let engine: String?
    public let time: ContinuousClock.Instant

    public init(utterance: Utterance, state: State, engine: String?, time: ContinuousClock.Instant) {
        self.utterance = utterance
        self.state = state
        self.engine = engine
        self.time = time
    }

    public var description: String {
        "\(state.rawValue) [\(engine ?? "none")] \(utterance)"
    }
}
