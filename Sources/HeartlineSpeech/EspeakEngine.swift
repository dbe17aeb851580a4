import HeartlineCore
import HeartlineIO

/// espeak-ng directly, one sentence at a time; the schedule gives it speech-dispatcher's kind
/// rules (events first, stale readouts dropped, ...), since the library has no priorities of
/// its own and espeak_Cancel stops everything.
final class EspeakEngine: SpeechEngine {
    static let engineName = "espeak-ng"

    let name = EspeakEngine.engineName
    var report: ((EngineEvent) -> Void)?
    private let loop: EventLoop
    private let library: EspeakLibrary
    private var settings: SpeechSettings
    private var speaking: (item: SpeechSchedule.Item, token: Int, begun: Bool)?
    private var closed = false

    /// Initialises libespeak-ng (once per process, a few milliseconds) and starts its warm-up.
    init(loop: EventLoop, settings: SpeechSettings) throws(SpeechError) {
        self.loop = loop
        self.settings = settings.clamped
        library = try EspeakLibrary.shared.get()
        library.prepare(self.settings)
    }

    deinit {
        close()
    }

    var isReady: Bool { !closed }

    func speak(_ item: SpeechSchedule.Item) -> Bool {
        guard !closed else { return false }
        let token = EspeakRoutes.nextToken()
        let reference = LoopBoundReference(self)
        EspeakRoutes.routes.add(token, CallbackRoutes.Route(inbox: loop.inbox, engine: reference))
        speaking = (item, token, false)
        let inbox = loop.inbox
        library.speak(item.utterance.text, token: token, settings: settings) {
            inbox.post { reference.object?.notified(.failed, token: token) }
        }
        return true
    }

    func stop(_ item: SpeechSchedule.Item) {
        guard let current = speaking, current.item.id == item.id else { return }
        speaking = nil
        EspeakRoutes.routes.remove(current.token)
        library.cancel()
    }

    func apply(_ settings: SpeechSettings) {
        self.settings = settings.clamped
        library.prepare(self.settings)
    }

    /// espeak-ng's voices and languages; it has no output modules (nil: not known, so a module
    /// is left to speech-dispatcher).
    func offer(_ answer: @escaping (SpeechOffer) -> Void) {
        let bound = LoopBound(answer)
        let inbox = loop.inbox
        library.offer { voices, languages in
            inbox.post { bound.value(SpeechOffer(voices: voices, languages: languages)) }
        }
    }

    /// espeak-ng is in the process: there is no server to come back.
    func recover() {}

    func close() {
        guard !closed else { return }
        closed = true
        if let current = speaking {
            speaking = nil
            EspeakRoutes.routes.remove(current.token)
            library.cancel()
        }
    }

    func notified(_ notification: EspeakRoutes.Notification, token: Int) {
        guard let current = speaking, current.token == token else { return }
        switch notification {
        case .began:
            guard !current.begun else { return }
            speaking?.begun = true
            report?(.began(current.item.id))
        case .ended:
            speaking = nil
            if !current.begun { report?(.began(current.item.id)) }
            report?(.ended(current.item.id))
        case .failed:
            speaking = nil
            EspeakRoutes.routes.remove(token)
            report?(.lost("espeak_Synth failed"))
        }
    }
}
