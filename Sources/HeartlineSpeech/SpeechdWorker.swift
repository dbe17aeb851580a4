#if canImport(Glibc)
    import Glibc
#endif
@preconcurrency import CSpeechd
import HeartlineCore
import HeartlineIO
import Synchronization

/// The thread that makes every libspeechd call for one pair of connections (one "generation").
///
/// The engine on the loop hands it work and gets each answer back through the loop's inbox; it
/// never waits for one. A server that stops answering (SIGSTOP, swapped out, wedged) leaves this
/// thread stuck inside libspeechd, not the loop: the engine sees its own deadline pass, gives the
/// worker up (`abandon`), and speaks through espeak-ng. The stuck call returns when the server
/// answers again; the worker then cancels what it had queued, closes its connections and says it
/// has finished, which is the engine's cue to connect afresh.
///
/// Jobs run in order on one serial queue: libspeechd shares static buffers between calls of a
/// connection, and the order of say, cancel and apply must be kept.
final class SpeechdWorker: @unchecked Sendable {
    /// What a successful connect gives the engine: the two client ids and their hang-up
    /// descriptors, which the engine owns from then on.
    struct Link: Sendable {
        let eventsClient: Int
        let uiClient: Int
        let hangupFDs: [Int32]
    }

    let generation: Int
    private let queue: Worker
    private let inbox: Inbox
    private let abandoned = Atomic<Bool>(false)
    // Only touched on `queue`.
    private var events: SpeechdConnection?
    private var ui: SpeechdConnection?

    init(generation: Int, inbox: Inbox) {
        self.generation = generation
        self.inbox = inbox
        queue = Worker("heartline.speechd.\(generation)")
    }

    var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }

    /// Opens both connections and applies `settings`; `done` runs on the loop, and `direct`
    /// (for a caller waiting at start-up, before the loop runs) on the worker's thread.
    func connect(
        settings: SpeechSettings, route: SpeechdRoutes.Route, direct: (@Sendable (Result<Link, SpeechError>) -> Void)? = nil,
        done: @escaping @Sendable (Result<Link, SpeechError>) -> Void
    ) {
        run(done, direct: direct) { [self] () -> Result<Link, SpeechError> in
            do throws(SpeechError) {
                let events = try SpeechdConnection(name: "events", route: route)
                let ui: SpeechdConnection
                do throws(SpeechError) {
                    ui = try SpeechdConnection(name: "ui", route: route)
                } catch {
                    events.close()
                    if events.hangupFD >= 0 { close(events.hangupFD) }
                    throw error
                }
                self.events = events
                self.ui = ui
                _ = events.apply(settings)
                _ = ui.apply(settings)
                return .success(Link(eventsClient: events.clientID, uiClient: ui.clientID, hangupFDs: [events.hangupFD, ui.hangupFD]))
            } catch {
                return .failure(error)
            }
        }
    }

    /// spd_say on the events connection for events, the UI connection for the rest; `done` gets
    /// the message id, or nil when the call failed.
    func say(_ text: String, kind: SpeechKind, done: @escaping @Sendable (Int?) -> Void) {
        run(done) { [self] in
            // Events and notices are never cut by the UI: they have a connection of their own.
            let connection = kind.isKeptUntilSaid ? events : ui
            return connection?.say(text, priority: SpeechdEngine.priority(for: kind))
        }
    }

    /// spd_cancel on the connection `kind` speaks on; `done` gets whether it worked.
    func cancel(kind: SpeechKind, done: @escaping @Sendable (Bool) -> Void) {
        run(done) { [self] in
            (kind.isKeptUntilSaid ? events : ui)?.cancel() ?? false
        }
    }

    /// Asks the server a question that changes nothing (the volume), to see that it answers.
    func ping(done: @escaping @Sendable () -> Void) {
        run(done) { [self] in
            events?.ping()
        }
    }

    /// Applies `settings` to both connections; `done` gets whether the server took all of them.
    func apply(_ settings: SpeechSettings, done: @escaping @Sendable (Bool) -> Void) {
        run(done) { [self] in
            [events, ui].compactMap { $0 }.allSatisfy { $0.apply(settings) }
        }
    }

    /// Gives the worker up: jobs not yet started are skipped, the answers of running ones are
    /// dropped, and once the call it may be stuck in returns, it cancels whatever it queued in
    /// the server, closes both connections and runs `finished` on the loop.
    func abandon(finished: @escaping @Sendable () -> Void) {
        abandoned.store(true, ordering: .relaxed)
        queue.async { [self] in
            for connection in [events, ui].compactMap({ $0 }) {
                _ = connection.cancel()
                connection.close()
            }
            events = nil
            ui = nil
            inbox.post(finished)
        }
    }

    private func run<Answer: Sendable>(
        _ done: @escaping @Sendable (Answer) -> Void, direct: (@Sendable (Answer) -> Void)? = nil, _ work: @escaping @Sendable () -> Answer
    ) {
        queue.async { [self] in
            guard !isAbandoned else { return }
            let answer = work()
            guard !isAbandoned else { return }
            direct?(answer)
            inbox.post { done(answer) }
        }
    }
}
