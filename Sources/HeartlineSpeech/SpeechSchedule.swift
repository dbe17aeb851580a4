import HeartlineCore

/// The kind rules of PRODUCT.md ("Speech"), as a pure state machine shared by every engine.
///
/// At most one sentence is with the engine at a time, so the schedule alone decides what is
/// heard, in which order, and what is cut or dropped; engines only speak and report. Inputs are
/// mutating functions that return the actions the caller must carry out, in order. Time is an
/// input (`now`), never read here.
///
/// The rules, per arriving sentence:
/// - event: queued behind earlier events, ahead of notices; cuts whatever UI sentence or notice is
///   speaking (an answer, a menu or a notice is said again afterwards, a readout or an echo is
///   not); drops queued echo.
/// - notice: waits for the sentence speaking, whatever its kind, then goes before every UI
///   sentence queued (behind queued events); cuts nothing, drops nothing, and is never dropped:
///   not by silencing, and not for being late.
/// - answer: cuts a speaking menu, readout or echo and drops queued ones; waits for earlier
///   answers and events, and is said again if an event cuts it.
/// - menu: replaces older menus (speaking or queued), cuts readouts and echo; waits for answers.
/// - readout: waits behind events and notices, and is said after them while it is fresh: dropped
///   when it cannot start within `readoutDeadline` of being due, never said stale; once a readout
///   response has started, its other sentences follow.
/// - echo: dropped when anything else is speaking or queued; a newer echo cuts an older one.
struct SpeechSchedule {
    struct Item: Equatable {
        let id: Int
        let utterance: Utterance
        /// Sentences given in one `speak` call share a response number.
        let response: Int
        let requestedAt: ContinuousClock.Instant
        /// How many times it was handed to an engine.
        var attempts = 0
        /// A sentence about the engine itself: dropped rather than moved to another engine.
        var transient = false

        var kind: SpeechKind { utterance.kind }
    }

    enum Action: Equatable {
        /// Hand this sentence to the engine (nothing else is with it).
        case start(Item)
        /// Stop the sentence the engine is speaking.
        case stop(Item)
        /// Tell observers what became of a sentence.
        case report(Item, SpeechProgress.State)
    }

    /// How long a readout may wait for its turn before it is stale.
    var readoutDeadline: Duration
    /// How many times a sentence is handed to an engine before a further cut drops it.
    var maximumAttempts = 3
    /// While paused (no engine can speak) sentences queue and nothing starts.
    var paused = false

    private(set) var current: Item?
    private(set) var events: [Item] = []
    private(set) var ui: [Item] = []
    private var nextID = 0
    private var nextResponse = 0
    /// The response of the UI sentence started last: its later sentences are never stale.
    private var startedResponse: Int?

    /// A readout said later than this after its second says a value that is no longer true.
    static let freshness: Duration = .seconds(3)

    init(readoutDeadline: Duration = SpeechSchedule.freshness) {
        self.readoutDeadline = readoutDeadline
    }

    /// Everything waiting, speaking first.
    var pending: [Item] { (current.map { [$0] } ?? []) + events + ui }

    var isIdle: Bool { current == nil && events.isEmpty && ui.isEmpty }

    // MARK: Inputs

    /// One response from the core: its sentences in order.
    mutating func speak(_ utterances: [Utterance], now: ContinuousClock.Instant) -> [Action] {
        nextResponse += 1
        let response = nextResponse
        var actions: [Action] = []
        for utterance in utterances {
            nextID += 1
            let item = Item(id: nextID, utterance: utterance, response: response, requestedAt: now)
            actions += admit(item)
        }
        return actions + pump(now: now)
    }

    /// Says `utterance` as an event before anything queued, once the engine is free (failover
    /// announcements, made between sentences). It is dropped, not moved, if the engine is lost.
    mutating func announce(_ utterance: Utterance, now: ContinuousClock.Instant) -> [Action] {
        nextResponse += 1
        nextID += 1
        var item = Item(id: nextID, utterance: utterance, response: nextResponse, requestedAt: now)
        item.transient = true
        let actions = dropQueuedUI { $0.kind == .readout || $0.kind == .echo }
        events.insert(item, at: 0)
        return actions + pump(now: now)
    }

    /// Stops and forgets every UI sentence; events and notices go on.
    mutating func silenceUI(now: ContinuousClock.Instant) -> [Action] {
        var actions = ui.map { Action.report($0, .dropped) }
        ui.removeAll()
        if let speaking = current, !speaking.kind.isKeptUntilSaid {
            current = nil
            actions += [.stop(speaking), .report(speaking, .cut)]
        }
        return actions + pump(now: now)
    }

    /// The engine started speaking `id`.
    mutating func began(_ id: Int) -> [Action] {
        guard let speaking = current, speaking.id == id else { return [] }
        return [.report(speaking, .began)]
    }

    /// The engine finished `id`; the next sentence starts unless `startNext` is false (the
    /// caller switches engines first, then calls `resume`).
    mutating func ended(_ id: Int, now: ContinuousClock.Instant, startNext: Bool = true) -> [Action] {
        guard let speaking = current, speaking.id == id else { return [] }
        current = nil
        return [.report(speaking, .ended)] + (startNext ? pump(now: now) : [])
    }

    /// Something outside the schedule cut `id` (another client, a server-side cancel).
    mutating func interrupted(_ id: Int, now: ContinuousClock.Instant) -> [Action] {
        guard let speaking = current, speaking.id == id else { return [] }
        current = nil
        return requeueOrCut(speaking, report: .cut) + pump(now: now)
    }

    /// The engine is gone: the speaking sentence goes back in the queue by the interruption
    /// rules, and nothing starts until `resume` (the caller picks another engine first).
    mutating func engineLost() -> [Action] {
        var actions: [Action] = []
        if let speaking = current {
            current = nil
            actions += requeueOrCut(speaking, report: .cut)
        }
        let transients = events.filter(\.transient)
        events.removeAll(where: \.transient)
        return actions + transients.map { .report($0, .dropped) }
    }

    /// Drops every queued UI sentence (no engine can speak them); events stay queued.
    mutating func dropUI() -> [Action] {
        defer { ui.removeAll() }
        return ui.map { .report($0, .dropped) }
    }

    /// Starts the next sentence if the engine is free.
    mutating func resume(now: ContinuousClock.Instant) -> [Action] {
        pump(now: now)
    }

    // MARK: Rules

    private mutating func admit(_ item: Item) -> [Action] {
        switch item.kind {
        case .event:
            // Queued readouts wait behind it and are said after it if still fresh.
            var actions = dropQueuedUI { $0.kind == .echo }
            events.insert(item, at: firstNoticeIndex)
            if let speaking = current, speaking.kind != .event {
                actions += interrupt(speaking)
            }
            return actions

        case .notice:
            events.append(item)
            return []

        case .answer:
            let yields: (Item) -> Bool = { $0.kind == .menu || $0.kind == .readout || $0.kind == .echo }
            let actions = dropQueuedUI(where: yields) + cutCurrent(if: yields)
            ui.append(item)
            return actions

        case .menu:
            let yields: (Item) -> Bool = {
                ($0.kind == .menu && $0.response != item.response) || $0.kind == .readout || $0.kind == .echo
            }
            let actions = dropQueuedUI(where: yields) + cutCurrent(if: yields)
            ui.append(item)
            return actions

        case .readout:
            let yields: (Item) -> Bool = {
                ($0.kind == .readout && $0.response != item.response) || $0.kind == .echo
            }
            let actions = dropQueuedUI(where: yields) + cutCurrent(if: yields)
            ui.append(item)
            return actions

        case .echo:
            let busy =
                !events.isEmpty
                || ui.contains { $0.kind != .echo }
                || (current.map { $0.kind != .echo } ?? false)
            if busy {
                return [.report(item, .dropped)]
            }
            let older: (Item) -> Bool = { $0.kind == .echo && $0.response != item.response }
            let actions = dropQueuedUI(where: older) + cutCurrent(if: older)
            ui.append(item)
            return actions
        }
    }

    /// An event pre-empts the speaking UI sentence (or something outside cut it).
    private mutating func interrupt(_ speaking: Item) -> [Action] {
        current = nil
        return [.stop(speaking)] + requeueOrCut(speaking, report: .cut)
    }

    /// Answers, menus and events are said again from their start; readouts and echo are not.
    private mutating func requeueOrCut(_ item: Item, report: SpeechProgress.State) -> [Action] {
        let again = item.attempts < maximumAttempts && !item.transient
        switch item.kind {
        case .event where again:
            events.insert(item, at: 0)
            return []
        case .notice:
            // Never dropped: said again, after the events that cut it, however often it is cut.
            events.insert(item, at: firstNoticeIndex)
            return []
        case .answer where again, .menu where again:
            ui.insert(item, at: 0)
            return []
        case .readout:
            // The rest of a cut readout would be late too.
            let rest = ui.filter { $0.kind == .readout && $0.response == item.response }
            ui.removeAll { $0.kind == .readout && $0.response == item.response }
            return [.report(item, report)] + rest.map { .report($0, .dropped) }
        default:
            return [.report(item, report)]
        }
    }

    /// Where the queued notices start: events go before them.
    private var firstNoticeIndex: Int { events.firstIndex { $0.kind == .notice } ?? events.endIndex }

    private mutating func cutCurrent(if matches: (Item) -> Bool) -> [Action] {
        guard let speaking = current, !speaking.kind.isKeptUntilSaid, matches(speaking) else { return [] }
        current = nil
        return [.stop(speaking), .report(speaking, .cut)]
    }

    private mutating func dropQueuedUI(where matches: (Item) -> Bool) -> [Action] {
        let dropped = ui.filter(matches)
        ui.removeAll(where: matches)
        return dropped.map { .report($0, .dropped) }
    }

    private mutating func pump(now: ContinuousClock.Instant) -> [Action] {
        guard current == nil, !paused else { return [] }
        if !events.isEmpty {
            return start(events.removeFirst())
        }
        var actions: [Action] = []
        while !ui.isEmpty {
            let next = ui.removeFirst()
            if next.kind == .readout, next.response != startedResponse,
                next.requestedAt.duration(to: now) > readoutDeadline
            {
                let stale = ui.filter { $0.response == next.response }
                ui.removeAll { $0.response == next.response }
                actions += ([next] + stale).map { .report($0, .dropped) }
                continue
            }
            startedResponse = next.response
            return actions + start(next)
        }
        return actions
    }

    private mutating func start(_ item: Item) -> [Action] {
        var started = item
        started.attempts += 1
        current = started
        return [.start(started)]
    }
}
