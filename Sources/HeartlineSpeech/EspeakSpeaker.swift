import HeartlineCore
import HeartlineIO

/// Speaks through libespeak-ng directly, with the same kind rules as speech-dispatcher.
///
/// The library is process-wide: keep one espeak-ng speaker (or router) at a time.
public final class EspeakSpeaker: DrivenSpeaker {

    /// Initialises espeak-ng and starts warming up its audio stream; throws when the library
    /// cannot start (no voice data).
    public init(loop: EventLoop, settings: SpeechSettings = SpeechSettings(), log: @escaping (String) -> Void = { _ in })
        throws(SpeechError)
    {
        let engine = try EspeakEngine(loop: loop, settings: settings, log: log)
        super.init(driver: SpeechDriver(engines: [engine], settings: settings, announcements: nil, log: log))
    }

}
