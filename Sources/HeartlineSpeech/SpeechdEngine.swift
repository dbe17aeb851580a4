#if canImport(Glibc)
    import Glibc
#endif
@preconcurrency import CSpeechd
import Dispatch
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
/// Every libspeechd call runs on a `SpeechdWorker`, never on the loop: the loop hands the call
/// over and goes on. The server counts as lost when a socket hangs up, a call fails, a call is
/// not answered within `callDeadline` (1 second; 3 before the first BEGIN on a new connection),
/// no BEGIN arrives within `beginDeadline` (longer for the first message on a new connection),
/// or no END within a deadline that grows with the sentence's length. The lost worker is given
/// up; the engine probes with back-off on a fresh one (connect, and if nothing answers, start the
/// server with `SpeechdServer`), and at once when a given-up worker's stuck call returns, since
/// the server has then answered.
final class SpeechdEngine: SpeechEngine {
    static let engineName = "speech-dispatcher"

    struct Timing {
        /// How long any libspeechd call may go unanswered before the server counts as lost.
        var callDeadline = 1.0
        /// The same for calls before the first BEGIN on a new connection: the server loads its
        /// output module then, and on a loaded machine the first settings took over a second.
        var firstCallDeadline = 3.0
        /// How long a connect (two connections, notifications, settings) may take on a probe.
        var connectDeadline = 2.0
        var beginDeadline = 1.0
        var firstBeginDeadline = 3.0
        /// END deadline after BEGIN: base plus so much per character (slowest rate ≈ 7 a second).
        var endDeadlineBase = 3.0
        var endDeadlinePerCharacter = 0.2
        var probeDelays: [Double] = [0.5, 1, 2, 4, 8, 15, 30]
        /// While a sentence speaks, how often the server is asked something, so that one
        /// stopped mid-sentence counts as lost within about two seconds, not after the END
        /// deadline, which a long sentence at a slow rate makes long.
        var heartbeat = 1.0
        /// Given-up workers still stuck in a call beyond which no new probe starts (each probe
        /// to a stopped server leaves one more thread waiting); one returning starts a probe.
        var maximumStuckWorkers = 2
    }

    let name = SpeechdEngine.engineName
    var report: ((EngineEvent) -> Void)?
    private let loop: EventLoop
    private let timing: Timing
    private let log: (String) -> Void
    private var settings: SpeechSettings
    private let server = SpeechdServer()

    /// The worker in use (connected, or connecting when `link` is nil).
    private var worker: SpeechdWorker?
    private var link: SpeechdWorker.Link?
    private var hangupWatches: [EventLoop.Token] = []
    private var connectDeadline: EventLoop.Token?
    private var generations = 0
    /// Given-up workers whose last call has not returned yet, each with whether it was given
    /// up because the server did not answer (its return then means the server is back).
    private var stuck: [Int: Bool] = [:]
    /// A probe was held back because too many workers wait on a silent server.
    private var probeHeldBack = false

    private struct Speaking {
        let item: SpeechSchedule.Item
        let clientID: Int
        /// Nil until spd_say has returned on the worker.
        var messageID: Int?
        var begun = false
    }
    private var speaking: Speaking?
    /// Notifications that arrived before spd_say's answer reached the loop.
    private var early: [(notification: SpeechdRoutes.Notification, messageID: Int, clientID: Int)] = []
    private var watchdog: EventLoop.Token?
    private var heartbeat: EventLoop.Token?
    /// Deadlines of calls handed to the worker and not answered yet.
    private var calls: [Int: EventLoop.Token] = [:]
    private var nextCall = 0
    private var firstMessage = true
    /// A sentence began since the last connect: a later loss starts probing afresh, while a
    /// server that connects but never speaks keeps backing off.
    private var spokeSinceConnect = false
    private var probe: EventLoop.Token?
    private var probeStep = 0
    private var closed = false
    /// Within `init`: a failed connect is the caller's to handle, a successful one no news.
    private var startingUp = true

    /// Connects to speech-dispatcher, starting it if it is not running. Waits up to
    /// `startupWait` seconds in all (before the loop runs, the only time this engine waits);
    /// a connect still unanswered then completes later, on the loop, as a recovery would.
    init(loop: EventLoop, settings: SpeechSettings, timing: Timing = Timing(), startupWait: Double = 3, log: @escaping (String) -> Void) {
        self.loop = loop
        self.timing = timing
        self.settings = settings.clamped
        self.log = log
        // A write to a dead server's socket must fail with EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        defer { startingUp = false }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(startupWait * 1000)))
        switch connectWaiting(until: deadline) {
        case .connected, .unanswered:
            return
        case .refused(let error):
            guard server.spawn() else {
                log("speech: cannot start speech-dispatcher: \(error)")
                return
            }
            let remaining = Double(ContinuousClock.now.duration(to: deadline).components.seconds)
            server.waitForSpawn(upTo: max(0.5, remaining))
            if case .refused(let error) = connectWaiting(until: deadline.advanced(by: .seconds(1))) {
                log("speech: \(error)")
            }
        }
    }

    deinit {
        close()
    }

    var isReady: Bool { link != nil }

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
        guard let worker, let link else { return false }
        if item.utterance.text.allSatisfy(\.isWhitespace) {
            // Nothing to say: the server would never report it.
            let id = item.id
            loop.after(0) { [weak self] in self?.report?(.ended(id)) }
            return true
        }
        let clientID = item.kind.isKeptUntilSaid ? link.eventsClient : link.uiClient
        speaking = Speaking(item: item, clientID: clientID)
        early.removeAll()
        let itemID = item.id
        let call = startCall("spd_say")
        let reference = LoopBoundReference(self)
        worker.say(item.utterance.text, kind: item.kind) { messageID in
            reference.object?.said(messageID, item: itemID, call: call)
        }
        return true
    }

    func stop(_ item: SpeechSchedule.Item) {
        guard let current = speaking, current.item.id == item.id, let worker else { return }
        speaking = nil
        early.removeAll()
        disarm()
        let call = startCall("spd_cancel")
        let reference = LoopBoundReference(self)
        worker.cancel(kind: item.kind) { cancelled in
            guard let engine = reference.object, engine.finishCall(call) else { return }
            if !cancelled { engine.lose("spd_cancel failed") }
        }
    }

    func apply(_ settings: SpeechSettings) {
        self.settings = settings.clamped
        guard let worker, isReady else { return }
        let call = startCall("the settings")
        let reference = LoopBoundReference(self)
        let applied = self.settings
        worker.apply(applied) { ok in
            guard let engine = reference.object, engine.finishCall(call) else { return }
            if !ok { engine.log("speech: speech-dispatcher refused part of the settings \(applied)") }
        }
    }

    /// Asked on a thread and a connection of its own (`SpeechdConnection.offer`), never on the
    /// worker: the listing takes seconds, and no sentence or deadline waits for it.
    func offer(_ answer: @escaping (SpeechOffer) -> Void) {
        guard isReady else { return answer(SpeechOffer()) }
        let module = settings.outputModule
        loop.inBackground("heartline.speechd.offer", { SpeechdConnection.offer(module: module) ?? SpeechOffer() }, then: answer)
    }

    func recover() {
        guard !closed, probe == nil, !isReady, connectDeadline == nil else { return }
        if spokeSinceConnect {
            probeStep = 0
        }
        scheduleProbe()
    }

    func close() {
        guard !closed else { return }
        closed = true
        if let probe { loop.cancel(probe) }
        probe = nil
        disconnect()
        server.reap()
    }

    // MARK: Answers from the worker and notifications (on the loop)

    private func said(_ messageID: Int?, item: Int, call: Int) {
        guard finishCall(call), var current = speaking, current.item.id == item, current.messageID == nil else { return }
        guard let messageID else {
            lose("spd_say failed")
            return
        }
        current.messageID = messageID
        speaking = current
        arm(firstMessage ? timing.firstBeginDeadline : timing.beginDeadline, waitingFor: "BEGIN")
        let arrived = early.filter { $0.messageID == messageID && $0.clientID == current.clientID }
        early.removeAll()
        for notification in arrived {
            notified(notification.notification, messageID: messageID, clientID: current.clientID)
        }
    }

    func notified(_ notification: SpeechdRoutes.Notification, messageID: Int, clientID: Int) {
        guard var current = speaking, current.clientID == clientID else { return }
        guard current.messageID != nil else {
            early.append((notification, messageID, clientID))
            return
        }
        guard current.messageID == messageID else { return }
        switch notification {
        case .begin:
            current.begun = true
            speaking = current
            firstMessage = false
            spokeSinceConnect = true
            let characters = Double(current.item.utterance.text.count)
            arm(timing.endDeadlineBase + timing.endDeadlinePerCharacter * characters, waitingFor: "END")
            beat()
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

    // MARK: Calls and their deadlines

    private func startCall(_ what: String) -> Int {
        nextCall += 1
        let call = nextCall
        let seconds = firstMessage ? timing.firstCallDeadline : timing.callDeadline
        calls[call] = loop.after(seconds) { [weak self] in
            guard let self else { return }
            self.calls[call] = nil
            self.lose("speech-dispatcher did not answer \(what) within \(plainSeconds(seconds))", unanswered: true)
        }
        return call
    }

    /// Clears a call's deadline; false when the call no longer counts (the worker was given up).
    private func finishCall(_ call: Int) -> Bool {
        guard let token = calls.removeValue(forKey: call) else { return false }
        loop.cancel(token)
        return true
    }

    // MARK: Connection

    private enum StartupConnect {
        case connected
        case refused(SpeechError)
        case unanswered
    }

    /// A connect at start-up, waited for on this thread until `deadline`.
    private func connectWaiting(until deadline: ContinuousClock.Instant) -> StartupConnect {
        let answered = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<SpeechdWorker.Link, SpeechError>?>(nil)
        let worker = startConnect { result in
            outcome.withLock { $0 = result }
            answered.signal()
        }
        let seconds = max(0, ContinuousClock.now.duration(to: deadline) / .milliseconds(1)) / 1000
        guard answered.wait(timeout: .now() + seconds) == .success, let result = outcome.withLock({ $0 }) else {
            log("speech: speech-dispatcher did not answer within \(plainSeconds(seconds)) at start-up")
            self.worker = nil
            giveUp(worker, unanswered: true)
            return .unanswered
        }
        // The same answer also reaches the loop later; `connected` takes it only once.
        connected(result, generation: worker.generation)
        if case .failure(let error) = result { return .refused(error) }
        return .connected
    }

    /// Starts a connect on a fresh worker; `alsoTell` hears the answer on the worker's thread.
    @discardableResult
    private func startConnect(alsoTell: (@Sendable (Result<SpeechdWorker.Link, SpeechError>) -> Void)? = nil) -> SpeechdWorker {
        generations += 1
        let worker = SpeechdWorker(generation: generations, inbox: loop.inbox)
        self.worker = worker
        let reference = LoopBoundReference(self)
        let generation = worker.generation
        let route = SpeechdRoutes.Route(inbox: loop.inbox, engine: reference)
        worker.connect(settings: settings, route: route, direct: alsoTell) { result in
            reference.object?.connected(result, generation: generation)
        }
        return worker
    }

    private func connected(_ result: Result<SpeechdWorker.Link, SpeechError>, generation: Int) {
        guard let worker, worker.generation == generation, link == nil, !closed else { return }
        if let connectDeadline { loop.cancel(connectDeadline) }
        connectDeadline = nil
        switch result {
        case .failure(let error):
            self.worker = nil
            worker.abandon {}
            if !startingUp {
                // A probe: start the server if nothing answered, and try again later.
                if !server.isStarting, !server.spawn() {
                    log("speech: cannot start speech-dispatcher: \(error)")
                }
                scheduleProbe()
            }
        case .success(let link):
            self.link = link
            firstMessage = true
            spokeSinceConnect = false
            hangupWatches = link.hangupFDs.filter { $0 >= 0 }.map { fd in
                // POLLRDHUP: the peer closed; POLLHUP and POLLERR are always reported. Not
                // POLLIN: libspeechd's thread reads the socket.
                loop.watch(fd, events: 0x2000) { [weak self] in
                    self?.lose("the server closed the connection")
                }
            }
            if !startingUp {
                log("speech: speech-dispatcher answers again")
                report?(.available)
            }
        }
    }

    private func disconnect(unanswered: Bool = false) {
        disarm()
        speaking = nil
        early.removeAll()
        for token in calls.values { loop.cancel(token) }
        calls.removeAll()
        if let connectDeadline { loop.cancel(connectDeadline) }
        connectDeadline = nil
        for token in hangupWatches { loop.cancel(token) }
        hangupWatches = []
        for fd in link?.hangupFDs ?? [] where fd >= 0 { Glibc.close(fd) }
        link = nil
        guard let worker else { return }
        self.worker = nil
        giveUp(worker, unanswered: unanswered)
    }

    /// Lets `worker` finish on its own; when its last call returns, the server has answered.
    private func giveUp(_ worker: SpeechdWorker, unanswered: Bool) {
        let generation = worker.generation
        stuck[generation] = unanswered
        let reference = LoopBoundReference(self)
        worker.abandon {
            reference.object?.workerFinished(generation)
        }
    }

    private func workerFinished(_ generation: Int) {
        guard let unanswered = stuck.removeValue(forKey: generation), !closed, !isReady, self.worker == nil else { return }
        // A server that did not answer has now: try at once, not after the back-off.
        guard unanswered || probeHeldBack else { return }
        if let probe { loop.cancel(probe) }
        probe = nil
        probeNow()
    }

    /// The server is gone (or stuck): give the worker up, tell the driver, and let it call
    /// `recover`.
    private func lose(_ reason: String, unanswered: Bool = false) {
        guard isReady else { return }
        disconnect(unanswered: unanswered)
        report?(.lost(reason))
    }

    private func arm(_ seconds: Double, waitingFor what: String) {
        disarm()
        watchdog = loop.after(seconds) { [weak self] in
            self?.watchdog = nil
            self?.lose("no \(what) within \(plainSeconds(seconds))", unanswered: true)
        }
    }

    private func disarm() {
        if let watchdog { loop.cancel(watchdog) }
        watchdog = nil
        if let heartbeat { loop.cancel(heartbeat) }
        heartbeat = nil
    }

    /// Asks the server something every `timing.heartbeat` seconds while a sentence speaks; an
    /// unanswered question is a lost server, by the call deadline.
    private func beat() {
        heartbeat = loop.after(timing.heartbeat) { [weak self] in
            guard let self, let worker = self.worker, self.speaking?.begun == true else { return }
            self.heartbeat = nil
            let call = self.startCall("a question")
            let reference = LoopBoundReference(self)
            worker.ping {
                guard let engine = reference.object, engine.finishCall(call), engine.speaking?.begun == true else { return }
                engine.beat()
            }
        }
    }

    private func scheduleProbe() {
        guard probe == nil else { return }
        let delay = timing.probeDelays[min(probeStep, timing.probeDelays.count - 1)]
        probeStep += 1
        probe = loop.after(delay) { [weak self] in
            self?.probe = nil
            self?.probeNow()
        }
    }

    private func probeNow() {
        guard !closed, !isReady, worker == nil else { return }
        server.reap()
        probeHeldBack = stuck.count >= timing.maximumStuckWorkers
        guard !probeHeldBack else {
            // The server has not answered the calls already waiting; one returning probes again.
            return
        }
        let worker = startConnect()
        let seconds = timing.connectDeadline
        connectDeadline = loop.after(seconds) { [weak self] in
            guard let self, self.worker === worker, self.link == nil else { return }
            self.connectDeadline = nil
            self.worker = nil
            self.giveUp(worker, unanswered: true)
            self.log("speech: speech-dispatcher did not answer a connect within \(plainSeconds(seconds))")
            self.scheduleProbe()
        }
    }
}
