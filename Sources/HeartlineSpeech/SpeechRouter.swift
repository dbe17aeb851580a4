import HeartlineCore
import HeartlineIO

/// speech-dispatcher first, espeak-ng directly while the server is away.
///
/// A server that dies or stops answering mid-session (socket hang-up, a call returning -1 or
/// unanswered for a second, or no BEGIN/END within its deadline) is noticed within about two
/// seconds, and the loop never waits for it; the sentence it was speaking is said again through
/// espeak-ng if its kind says so (events, answers, menus), and the user hears once
/// `speech.server.lost`. The router probes the server with back-off (0.5 s, 1, 2, 4 ... 30 s),
/// starting it again if nothing answers, and moves back between two sentences, saying
/// `speech.server.back`. Starting without a server is silent: espeak-ng speaks until one appears.
public final class SpeechRouter: DrivenSpeaker {

    /// Connects to speech-dispatcher (starting it if needed, up to about 3 s) and initialises
    /// espeak-ng; throws only when neither can speak.
    public convenience init(
        loop: EventLoop, catalogue: PromptCatalogue, settings: SpeechSettings = SpeechSettings(), log: @escaping (String) -> Void = { _ in }
    ) throws(SpeechError) {
        try self.init(loop: loop, catalogue: catalogue, settings: settings, timing: SpeechdEngine.Timing(), log: log)
    }

    /// With speech-dispatcher's deadlines and probe delays chosen by the caller (tests).
    init(
        loop: EventLoop, catalogue: PromptCatalogue, settings: SpeechSettings, timing: SpeechdEngine.Timing, log: @escaping (String) -> Void
    ) throws(SpeechError) {
        let speechd = SpeechdEngine(loop: loop, settings: settings, timing: timing, log: log)
        var engines: [any SpeechEngine] = [speechd]
        var reasons: [String] = []
        do {
            engines.append(try EspeakEngine(loop: loop, settings: settings, log: log))
        } catch {
            reasons.append(error.description)
            log("speech: no espeak-ng fallback: \(error)")
        }
        guard engines.contains(where: \.isReady) else {
            speechd.close()
            throw SpeechError(
                engine: "speech", reason: (["speech-dispatcher: no server could be reached"] + reasons).joined(separator: "; "))
        }
        var announcements: SpeechDriver.Announcements?
        if catalogue.templates[Prompt.speechServerLost.key] != nil, catalogue.templates[Prompt.speechServerBack.key] != nil {
            announcements = SpeechDriver.Announcements(lost: catalogue.render(.speechServerLost), back: catalogue.render(.speechServerBack))
        } else {
            log("speech: the catalogue has no speech.server prompts; failovers will be silent")
        }
        super.init(driver: SpeechDriver(engines: engines, settings: settings, announcements: announcements, log: log))
    }

    /// Called on the loop's thread when the speaking engine changes (nil: none can speak).
    public var onEngineChange: ((String?) -> Void)? {
        get { driver.onEngineChange }
        set { driver.onEngineChange = newValue }
    }
}
