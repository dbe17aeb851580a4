import HeartlineCore

/// Runs the schedule against a list of engines in order of preference, on the loop's thread.
///
/// The first ready engine speaks. When it is lost, the sentence it was speaking goes back in the
/// queue (by the kind rules), the next ready engine takes over, and the lost one tries to come
/// back; when a more preferred engine is available again, the driver moves back to it between
/// two sentences. With `announcements`, the user hears once that the preferred engine was lost
/// (only if it had spoken since it became active) and once that it is back.
final class SpeechDriver {
    /// The two sentences a failover says, already rendered from the catalogue.
    struct Announcements {
        let lost: String
        let back: String
    }

    private let engines: [any SpeechEngine]
    private let announcements: Announcements?
    private let log: (String) -> Void
    private var schedule: SpeechSchedule
    private var settings: SpeechSettings
    private(set) var activeIndex: Int?
    /// The active engine has begun a sentence since it became active.
    private var activeHasSpoken = false
    /// The loss was announced and the return has not been yet.
    private var lossAnnounced = false
    /// A more preferred engine came back while a sentence was speaking.
    private var pendingSwitch: Int?
    private var closed = false

    var onProgress: ((SpeechProgress) -> Void)?
    var onEngineChange: ((String?) -> Void)?

    init(engines: [any SpeechEngine], settings: SpeechSettings, announcements: Announcements?, log: @escaping (String) -> Void) {
        self.engines = engines
        self.announcements = announcements
        self.log = log
        self.settings = settings.clamped
        schedule = SpeechSchedule()
        for (index, engine) in engines.enumerated() {
            engine.report = { [weak self] event in self?.handle(event, from: index) }
        }
        activeIndex = engines.firstIndex { $0.isReady }
        schedule.paused = activeIndex == nil
        for engine in engines where !engine.isReady {
            engine.recover()
        }
    }

    var activeEngine: (any SpeechEngine)? { activeIndex.map { engines[$0] } }

    // MARK: What the speaker is asked

    func speak(_ utterances: [Utterance]) {
        guard !closed else { return }
        let now = ContinuousClock.now
        guard activeIndex != nil else {
            // No engine: events and notices wait for one, UI speech would be stale by then.
            for utterance in utterances where !utterance.kind.isKeptUntilSaid {
                onProgress?(SpeechProgress(utterance: utterance, state: .dropped, engine: nil, time: now))
            }
            let events = utterances.filter { $0.kind.isKeptUntilSaid }
            if !events.isEmpty { perform(schedule.speak(events, now: now)) }
            return
        }
        perform(schedule.speak(utterances, now: now))
    }

    func silenceUI() {
        guard !closed else { return }
        perform(schedule.silenceUI(now: .now))
    }

    func apply(_ settings: SpeechSettings) {
        self.settings = settings.clamped
        for engine in engines {
            engine.apply(self.settings)
        }
    }

    /// What the engines offer together (`SpeechOffer.merged`), once each has answered.
    func offer(_ answer: @escaping (SpeechOffer) -> Void) {
        var left = engines.count
        var offer = SpeechOffer()
        guard left > 0 else { return answer(offer) }
        for engine in engines {
            engine.offer { engineOffer in
                offer = offer.merged(with: engineOffer)
                left -= 1
                if left == 0 { answer(offer) }
            }
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        for engine in engines {
            engine.report = nil
            engine.close()
        }
    }

    // MARK: What the engines report

    private func handle(_ event: EngineEvent, from index: Int) {
        guard !closed else { return }
        switch event {
        case .began(let id) where index == activeIndex:
            activeHasSpoken = true
            perform(schedule.began(id))
        case .ended(let id) where index == activeIndex:
            if pendingSwitch != nil {
                perform(schedule.ended(id, now: .now, startNext: false))
                switchToPending()
            } else {
                perform(schedule.ended(id, now: .now))
            }
        case .interrupted(let id) where index == activeIndex:
            perform(schedule.interrupted(id, now: .now))
        case .lost(let reason):
            if index == activeIndex {
                lose(index, reason: reason)
            } else {
                log("speech: \(engines[index].name) unavailable: \(reason)")
            }
        case .available:
            log("speech: \(engines[index].name) is available again")
            if activeIndex.map({ index < $0 }) ?? true {
                pendingSwitch = index
                if schedule.current == nil { switchToPending() }
            }
        default:
            break
        }
    }

    private func lose(_ index: Int, reason: String) {
        let lost = engines[index]
        log("speech: \(lost.name) lost: \(reason)")
        perform(schedule.engineLost())
        let announce = activeHasSpoken && !lossAnnounced
        let next = engines.indices.first { $0 != index && engines[$0].isReady }
        if pendingSwitch == index { pendingSwitch = nil }
        activate(next)
        lost.recover()
        guard next != nil else {
            log("speech: no engine can speak; events wait for one")
            perform(schedule.dropUI())
            return
        }
        if announce, let announcements, let next, next > index {
            lossAnnounced = true
            perform(schedule.announce(Utterance(.event, announcements.lost), now: .now))
        } else {
            perform(schedule.resume(now: .now))
        }
    }

    private func switchToPending() {
        guard let target = pendingSwitch else { return }
        pendingSwitch = nil
        activate(target)
        if lossAnnounced, let announcements {
            lossAnnounced = false
            perform(schedule.announce(Utterance(.event, announcements.back), now: .now))
        } else {
            perform(schedule.resume(now: .now))
        }
    }

    private func activate(_ index: Int?) {
        activeIndex = index
        activeHasSpoken = false
        schedule.paused = index == nil
        if let index {
            engines[index].apply(settings)
            log("speech: speaking through \(engines[index].name)")
        }
        onEngineChange?(index.map { engines[$0].name })
    }

    // MARK: Carrying out the schedule's actions

    private func perform(_ actions: [SpeechSchedule.Action]) {
        for action in actions {
            switch action {
            case .start(let item):
                guard let index = activeIndex else { continue }
                if engines[index].speak(item) {
                    progress(item, .requested)
                } else {
                    lose(index, reason: "the request failed")
                }
            case .stop(let item):
                activeEngine?.stop(item)
            case .report(let item, let state):
                progress(item, state)
            }
        }
    }

    private func progress(_ item: SpeechSchedule.Item, _ state: SpeechProgress.State) {
        let engine = state == .dropped ? nil : activeEngine?.name
        onProgress?(SpeechProgress(utterance: item.utterance, state: state, engine: engine, time: .now))
    }
}
