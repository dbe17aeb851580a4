import HeartlineCore
import HeartlineIO

/// Speaks through speech-dispatcher only (libspeechd, threaded mode, two connections).
///
/// If the server goes away, events wait (they are never dropped) and UI speech is dropped until
/// the engine has reconnected; `SpeechRouter` speaks through espeak-ng meanwhile instead.
public final class SpeechDispatcherSpeaker: DrivenSpeaker {

    /// Connects to speech-dispatcher, starting the server if needed (up to about 3 s, before the
    /// loop runs); throws when it cannot be reached.
    public init(loop: EventLoop, settings: SpeechSettings = SpeechSettings(), log: @escaping (String) -> Void = { _ in })
        throws(SpeechError)
    {
        let engine = SpeechdEngine(loop: loop, settings: settings, log: log)
        guard engine.isReady else {
            engine.close()
            throw SpeechError(engine: SpeechdEngine.engineName, reason: "no server could be reached")
        }
        super.init(driver: SpeechDriver(engines: [engine], settings: settings, announcements: nil, log: log))
    }

}
