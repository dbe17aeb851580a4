#if canImport(Glibc)
import Glibc
#endif
@preconcurrency import CSpeechd
import HeartlineCore
import HeartlineIO

/// speech-dispatcher through libspeechd: two connections, so that silencing UI speech
/// (spd_cancel on the UI connection) never touches an event.
///
/// Priorities (speech-dispatcher's are server-wide, so they also order Heartline against other
/// clients):
/// - event → IMPORTANT on the events connection: cuts any other client's speech at once.
/// - notice → MESSAGE on the events connection: waits like an answer, but silencing UI speech
///   (spd_cancel on the UI connection) never cancels it.
/// - answer → MESSAGE: waits only for IMPORTANT and earlier MESSAGEs, cuts TEXT and
///   NOTIFICATION.
/// - menu → TEXT: the reading of a screen; another client's newer TEXT or any MESSAGE may cut it.
/// - readout, echo → NOTIFICATION: the server drops them (with a CANCEL) rather than speaking
///   them late behind anything else, so they are never postponed the way TEXT and MESSAGE are.
/// Heartline's own ordering is the schedule's: one sentence at a time, so no postponed message
/// of ours is ever waiting in the server.
///
/// The server counts as lost when a socket hangs up, a call returns -1, no BEGIN arrives within
/// `beginDeadline` (longer for the first message on a new connection), or no END within a
/// deadline that grows with the sentence's length. It then probes with back-off: connect, and if
/// nothing answers, start the server (`SpeechdServer`).
final class SpeechdEngine: SpeechEngine {
    static let engineName = "speech-dispatcher"

    struct Timing {
        var beginDeadline = 1.0
        var firstBeginDeadline = 3.0
        /// END deadline after BEGIN: base plus so much per character (slowest rate ≈ 7 a second).
        var endDeadlineBase = 3.0
        var endDeadlinePerCharacter = 0.2
        var probeDelays: [Double] = [0.5, 1, 2, 4, 8, 15, 30]
    }

    let name = SpeechdEngine.engineName
    var report: ((EngineEvent) -> Void)?
    private let loop: EventLoop
    private let timing: Timing
    private let log: (String) -> Void
    private var settings: SpeechSettings
    private var events: SpeechdConnection?
    private var ui: SpeechdConnection?
    private let server = SpeechdServer()

    private struct Speaking {
        let item: SpeechSchedule.Item
        let connection: SpeechdConnection
        let messageID: Int
        var begun = false
    }
    private var speaking: Speaking?
    private var watchdog: EventLoop.Token?
    private var firstMessage = true
    /// A sentence began since the last connect: a later loss starts probing afresh, while a
    /// server that connects but never speaks keeps backing off.
    private var spokeSinceConnect = false
    private var probe: EventLoop.Token?
    private var probeStep = 0
    private var closed = false

    /// Connects to speech-dispatcher, starting it if it is not running and waiting up to
    /// `startupWait` seconds for it (the only time this engine blocks).
    init(loop: EventLoop, settings: SpeechSettings, timing: Timing = Timing(), startupWait: Double = 3, log: @escaping (String) -> Void) {
        self.loop = loop
        self.timing = timing
        self.settings = settings.clamped
        self.log = log
        // A write to a dead server's socket must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        do {
            try connect()
        } catch {
            guard server.spawn() else {
                log("speech: cannot start speech-dispatcher: \(error)")
                return
            }
            server.waitForSpawn(upTo: startupWait)
            do {
                try connect()
            } catch {
                log("speech: \(error)")
            }
        }
    }

    deinit {
        close()
    }

    var isReady: Bool { events != nil && ui != nil }

    /// speech-dispatcher's priority for each kind (see the type's documentation).
    static func priority(for kind: SpeechKind) -> SPDPriority {
        switch kind {
        case .event: SPD_IMPORTANT
        case .notice, .answer: SPD_MESSAGE
        case .menu: SPD_TEXT
        case .readout, .echo: SPD_NOTIFICATION
        }
    }

    // MARK: SpeechEngine

    func speak(_ item: SpeechSchedule.Item) -> Bool {
        guard let events, let ui else { return false }
        let connection = item.kind.isKeptUntilSaid ? events : ui
        if item.utterance.text.allSatisfy(\.isWhitespace) {
            // Nothing to say: the server would never report it.
            let id = item.id
            loop.after(0) { [weak self] in self?.report?(.ended(id)) }
            return true
        }
        guard let messageID = connection.say(item.utterance.text, priority: Self.priority(for: item.kind)) else {
            disconnect()
            return false
        }
        speaking = Speaking(item: item, connection: connection, messageID: messageID)
        arm(firstMessage ? timing.firstBeginDeadline : timing.beginDeadline, waitingFor: "BEGIN")
        return true
    }

    func stop(_ item: SpeechSchedule.Item) {
        guard let current = speaking, current.item.id == item.id else { return }
        speaking = nil
        disarm()
        if !current.connection.cancel() {
            // Report on the next turn: the driver is in the middle of its own work.
            loop.after(0) { [weak self] in self?.lose("spd_cancel failed") }
        }
    }

    func apply(_ settings: SpeechSettings) {
        self.settings = settings.clamped
        for connection in [events, ui].compactMap({ $0 }) where !connection.apply(self.settings) {
            log("speech: speech-dispatcher refused part of the settings \(self.settings)")
        }
    }

    func recover() {
        guard !closed, probe == nil, !isReady else { return }
        if spokeSinceConnect {
            probeStep = 0
        }
        scheduleProbe()
    }

    func close() {
        closed = true
        if let probe { loop.cancel(probe) }
        probe = nil
        disconnect()
        server.reap()
    }

    // MARK: Notifications (on the loop, posted by SpeechdRoutes)

    func notified(_ notification: SpeechdRoutes.Notification, messageID: Int, clientID: Int) {
        guard var current = speaking, current.messageID == messageID, current.connection.clientID == clientID else { return }
        switch notification {
        case .begin:
            current.begun = true
            speaking = current
            firstMessage = false
            spokeSinceConnect = true
            let characters = Double(current.item.utterance.text.count)
            arm(timing.endDeadlineBase + timing.endDeadlinePerCharacter * characters, waitingFor: "END")
            report?(.began(current.item.id))
        case .end:
            speaking = nil
            disarm()
            report?(.ended(current.item.id))
        case .cancel:
            speaking = nil
            disarm()
            report?(.interrupted(current.item.id))
        }
    }

    // MARK: Connection

    private func connect() throws(SpeechError) {
        let reference = LoopReference(self)
        let hangup: () -> Void = { [weak self] in self?.lose("the server closed the connection") }
        let events = try SpeechdConnection(name: "events", loop: loop, engine: reference, onHangup: hangup)
        let ui: SpeechdConnection
        do {
            ui = try SpeechdConnection(name: "ui", loop: loop, engine: reference, onHangup: hangup)
        } catch {
            events.close()
            throw error
        }
        self.events = events
        self.ui = ui
        firstMessage = true
        spokeSinceConnect = false
        apply(settings)
    }

    private func disconnect() {
        disarm()
        speaking = nil
        events?.close()
        ui?.close()
        events = nil
        ui = nil
    }

    /// The server is gone (or stuck): close, tell the driver, and let it call `recover`.
    private func lose(_ reason: String) {
        guard isReady else { return }
        disconnect()
        report?(.lost(reason))
    }

    private func arm(_ seconds: Double, waitingFor what: String) {
        disarm()
        watchdog = loop.after(seconds) { [weak self] in
            self?.watchdog = nil
            self?.lose("no \(what) within \(seconds) seconds")
        }
    }

    private func disarm() {
        if let watchdog { loop.cancel(watchdog) }
        watchdog = nil
    }

    private func scheduleProbe() {
        let delay = timing.probeDelays[min(probeStep, timing.probeDelays.count - 1)]
        probeStep += 1
        probe = loop.after(delay) { [weak self] in
            self?.probe = nil
            self?.probeNow()
        }
    }

    private func probeNow() {
        guard !closed, !isReady else { return }
        server.reap()
        do {
            try connect()
            report?(.available)
        } catch {
            if !server.isStarting, !server.spawn() {
                log("speech: cannot start speech-dispatcher")
            }
            scheduleProbe()
        }
    }
}
