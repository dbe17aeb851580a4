import HeartlineCore
import HeartlineIO

/// espeak-ng directly, one sentence at a time; the schedule gives it speech-dispatcher's kind
/// rules (events first, stale readouts dropped, ...), since the library has no priorities of
/// its own and espeak_Cancel stops everything.
///
/// Its audio output is watched as speech-dispatcher is: a sentence espeak-ng ends without having
/// played a word of it (its audio output refused to open), one whose first word does not come
/// within its deadline of the request (the output blocks before it plays anything), or one that
/// does not end within its deadline after its first word (the output hangs), loses the engine.
/// `recover` then ends the library and starts it again, which opens the output afresh, and the
/// sentence is said again.
final class EspeakEngine: SpeechEngine {
    static let engineName = "espeak-ng"

    struct Timing {
        /// A sentence's first word within this of its request. Opening the output before a
        /// sentence took 10 to 35 seconds on an emulated machine under load; an output that
        /// blocks before it plays anything (a sound server that stopped taking the stream) would
        /// otherwise leave every later sentence waiting behind it, unheard, for good.
        var beginDeadline = 60.0
        /// A sentence's end deadline after its first word: base plus so much per character (the
        /// slowest rate says about 7 a second).
        var endDeadlineBase = 5.0
        var endDeadlinePerCharacter = 0.2
        /// The waits before a restart that failed is tried again, the last one repeated.
        var restartDelays: [Double] = [1, 2, 4, 8, 15, 30]
    }

    let name = EspeakEngine.engineName
    var report: ((EngineEvent) -> Void)?
    private let loop: EventLoop
    private let library: EspeakLibrary
    private let timing: Timing
    private let log: (String) -> Void
    private var settings: SpeechSettings
    private var speaking: (item: SpeechSchedule.Item, token: Int, begun: Bool)?
    private var deadline: EventLoop.Token?
    private var closed = false
    /// Lost, and not yet started again.
    private var lost = false
    private var restarting = false
    private var restarts: ReconnectBackoff
    private var restartTimer: EventLoop.Token?

    /// Initialises libespeak-ng (once per process, a few milliseconds) and starts its warm-up.
    convenience init(loop: EventLoop, settings: SpeechSettings, log: @escaping (String) -> Void = { _ in }) throws(SpeechError) {
        self.init(loop: loop, settings: settings, library: try EspeakLibrary.shared.get(), timing: Timing(), log: log)
    }

    /// With the library and deadlines chosen by the caller (tests).
    init(loop: EventLoop, settings: SpeechSettings, library: EspeakLibrary, timing: Timing, log: @escaping (String) -> Void) {
        self.loop = loop
        self.settings = settings.clamped
        self.library = library
        self.timing = timing
        self.log = log
        restarts = ReconnectBackoff(delays: timing.restartDelays)
        library.prepare(self.settings)
    }

    deinit {
        close()
    }

    var isReady: Bool { !closed && !lost }

    func speak(_ item: SpeechSchedule.Item) -> Bool {
        guard isReady else { return false }
        let token = EspeakRoutes.nextToken()
        let reference = LoopBoundReference(self)
        EspeakRoutes.routes.add(token, CallbackRoutes.Route(inbox: loop.inbox, engine: reference))
        speaking = (item, token, false)
        let seconds = timing.beginDeadline
        deadline = loop.after(seconds) { [weak self] in
            guard let self, let current = self.speaking, current.token == token, !current.begun else { return }
            self.deadline = nil
            self.lose("no first word within \(plainSeconds(seconds)) of its request")
        }
        let inbox = loop.inbox
        library.speak(item.utterance.text, token: token, settings: settings) {
            inbox.post { reference.object?.notified(.failed, token: token) }
        }
        return true
    }

    func stop(_ item: SpeechSchedule.Item) {
        guard let current = speaking, current.item.id == item.id else { return }
        finish(current.token)
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

    /// espeak-ng is in the process: there is no server to come back, but its audio output can
    /// be opened afresh by ending the library and starting it again.
    func recover() {
        guard lost, !closed, !restarting, restartTimer == nil else { return }
        restarting = true
        let reference = LoopBoundReference(self)
        let inbox = loop.inbox
        library.restart { started in
            inbox.post { reference.object?.restarted(started) }
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        if let restartTimer { loop.cancel(restartTimer) }
        restartTimer = nil
        if let current = speaking {
            finish(current.token)
            library.cancel()
        }
    }

    func notified(_ notification: EspeakRoutes.Notification, token: Int) {
        guard let current = speaking, current.token == token else { return }
        switch notification {
        case .began:
            guard !current.begun else { return }
            speaking?.begun = true
            // From its first word, not from the request: opening the output before the first
            // sentence can take ten seconds and more on a slow, loaded machine.
            if let deadline { loop.cancel(deadline) }
            let seconds = timing.endDeadlineBase + timing.endDeadlinePerCharacter * Double(current.item.utterance.text.count)
            deadline = loop.after(seconds) { [weak self] in
                guard let self, self.speaking?.token == token else { return }
                self.deadline = nil
                self.lose("no end within \(plainSeconds(seconds)) of its first word")
            }
            report?(.began(current.item.id))
        case .ended:
            // espeak-ng ends a sentence it could not play at once, with none of its words: its
            // audio output failed to open.
            guard current.begun || !Self.hasWords(current.item.utterance.text) else {
                return lose("espeak-ng ended a sentence without playing a word of it; its audio output failed")
            }
            finish(token)
            if !current.begun { report?(.began(current.item.id)) }
            report?(.ended(current.item.id))
        case .failed:
            lose("espeak_Synth failed")
        }
    }

    // MARK: Loss and restart

    private func lose(_ reason: String) {
        guard !lost, !closed else { return }
        if let current = speaking { finish(current.token) }
        lost = true
        report?(.lost(reason))
    }

    private func finish(_ token: Int) {
        speaking = nil
        EspeakRoutes.routes.remove(token)
        if let deadline { loop.cancel(deadline) }
        deadline = nil
    }

    private func restarted(_ started: Bool) {
        restarting = false
        guard !closed else { return }
        if started {
            log("speech: espeak-ng started again")
            restarts.reset()
            lost = false
            report?(.available)
        } else {
            let delay = restarts.nextDelay()
            log("speech: espeak-ng did not start again; trying again in \(plainSeconds(delay))")
            restartTimer = loop.after(delay) { [weak self] in
                self?.restartTimer = nil
                self?.recover()
            }
        }
    }

    /// Whether `text` has anything espeak-ng says as a word (a letter or a digit).
    static func hasWords(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
