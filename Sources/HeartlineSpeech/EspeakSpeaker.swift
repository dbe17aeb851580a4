import HeartlineCore
import HeartlineIO

/// Speaks through libespeak-ng directly, with the same kind rules as speech-dispatcher.
///
/// The library is process-wide: keep one espeak-ng speaker (or router) at a time.
public final class EspeakSpeaker: SpeechOutput {
    private let driver: SpeechDriver

    /// Initialises espeak-ng and starts warming up its audio stream; throws when the library
    /// cannot start (no voice data).
    public init(loop: EventLoop, settings: SpeechSettings = SpeechSettings(), log: @escaping (String) -> Void = { _ in }) throws(SpeechError) {
        let engine = try EspeakEngine(loop: loop, settings: settings)
        driver = SpeechDriver(engines: [engine], settings: settings, announcements: nil, log: log)
    }

    deinit {
        driver.close()
    }

    /// Called on the loop's thread for every sentence's progress.
    public var onProgress: ((SpeechProgress) -> Void)? {
        get { driver.onProgress }
        set { driver.onProgress = newValue }
    }

    public var engineName: String? { driver.activeEngine?.name }

    public func speak(_ utterances: [Utterance]) { driver.speak(utterances) }
    public func silenceUI() { driver.silenceUI() }
    public func apply(_ settings: SpeechSettings) { driver.apply(settings) }
    public func close() { driver.close() }
}
