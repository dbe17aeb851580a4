import HeartlineCore

/// A `Speaker` the shell can configure while it runs.
///
/// Every implementation is used from the event loop's thread only, and needs that loop running
/// (`EventLoop.run()`, or `turn` in tests): progress from the engines reaches it through the loop.
public protocol SpeechOutput: Speaker {
    /// The engine speaking now ("speech-dispatcher", "espeak-ng", "transcript"), or nil while
    /// none can.
    var engineName: String? { get }
    /// Called on the loop's thread with each sentence's progress (requested, began, ended, cut,
    /// dropped); nil to ignore it.
    var onProgress: ((SpeechProgress) -> Void)? { get set }
    /// Uses `settings` from the next sentence on; a sentence already speaking is not restarted.
    func apply(_ settings: SpeechSettings)
    /// Asks the engines what they offer (output modules, voices, languages), for Settings,
    /// Speech to check names against; `answer` runs on the loop's thread.
    func offer(_ answer: @escaping (SpeechOffer) -> Void)
    /// Stops speaking and releases connections; the speaker says nothing afterwards.
    func close()
}

/// Why a speech engine could not start.
public struct SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    public let engine: String
    public let reason: String

    public init(engine: String, reason: String) {
        self.engine = engine
        self.reason = reason
    }

    public var description: String { "\(engine): \(reason)" }
}
