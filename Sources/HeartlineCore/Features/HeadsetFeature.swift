import Foundation

/// Settings, Headset: finding, pairing, connecting and forgetting the headset, and keeping what
/// is said while it is away.
enum HeadsetFeature: Feature {
    static let searchSeconds = 10.0
    /// The most headsets listed from one search: the strongest, as bluetoothd's list comes.
    /// A bus can report any number of devices (1,733 from a hostile one); two pages are more
    /// than any room holds.
    static let listedAtMost = 20
    /// How much is held while the headset is away: the latest, as many as "events" keeps.
    static let longestHeld = Conversation.eventLogLength

    /// The Bluetooth headset as far as the core knows, and what was held while it was away.
    struct State: Equatable, Sendable {
        /// The headset being paired and connected from the list of those found.
        var joining: FoundHeadset?
        /// The remembered headset is connected.
        var connected = false
        /// The remembered headset was connected and went: events and notices are held, not
        /// spoken into the void, until it is back.
        var away = false
        /// What was held, oldest first.
        var held: [HeldSentence] = []
    }

    /// A sentence said while the headset was away, and when.
    struct HeldSentence: Equatable, Sendable {
        var at: Date
        var text: String
    }

    enum Action: Sendable {
        /// The headset screen or the list of those found is entered or said again.
        case present
        case find
        case choose(FoundHeadset)
        case forget
        case toggleFallback
        case event(HeadsetEvent)
        /// This response's events and notices, taken out of it while the headset is away.
        case hold([String])
    }

    /// Whether this response's events and notices are to be held: the remembered headset is
    /// away and the user did not choose to hear them on the board's own output meanwhile.
    static func holds(_ state: State, settings: Settings) -> Bool {
        state.away && !settings.headsetFallback
    }

    static func items(_ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        var items = [MenuItem(label: words(.headsetFind), action: .findHeadsets)]
        if environment.settings.headset != nil { items.append(MenuItem(label: words(.headsetForget), action: .forgetHeadset)) }
        items.append(
            MenuItem(
                label: words(.headsetFallback), state: words.onOff(environment.settings.headsetFallback), action: .toggleHeadsetFallback))
        return items
    }

    static func choiceItems(_ found: [FoundHeadset], _ environment: FeatureEnvironment) -> [MenuItem] {
        found.map { MenuItem(label: $0.name, state: signal($0.signal, environment.words), action: .chooseHeadset($0)) }
    }

    /// A found headset's signal in words; bluetoothd has none for a device it already knew.
    static func signal(_ dBm: Int?, _ words: Words) -> String {
        guard let dBm else { return words(.headsetSignalUnknown) }
        return words.signal(dBm)
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let settings = environment.settings
        switch action {
        case .present:
            return present(state, environment)
        case .find:
            // Said once bluetoothd is searching (`.searching`); a problem instead when it cannot.
            return [.emit(.headset(.find(seconds: searchSeconds)))]
        case .choose(let found):
            state.joining = found
            return [
                .say(.answer, found.paired ? .headsetConnecting : .headsetPairing, ["name": found.name]),
                .emit(.headset(.pairAndConnect(address: found.address))),
            ]
        case .forget:
            guard let remembered = settings.headset else { return [] }
            // Nothing waits for a headset that is no longer kept: what was held is said now.
            let held = state.held
            state = State()
            return [
                environment.saving { $0.headset = nil },
                .emit(.headset(.keep(address: nil))),
                .emit(.headset(.forget(address: remembered.address))),
                .say(.answer, .headsetForgotten, ["name": remembered.name]),
            ] + missed(held, environment) + [.replace(.headset)]
        case .toggleFallback:
            let fallback = !settings.headsetFallback
            var steps: [FeatureStep] = [
                environment.saving { $0.headsetFallback = fallback }, .say(.answer, fallback ? .headsetFallbackOn : .headsetFallbackOff),
            ]
            // Switched on while the headset is away: what was held is said now, on the board.
            if fallback, state.away {
                steps += missed(state.held, environment)
                state.held = []
            }
            return steps
        case .event(let event):
            return handle(event, &state, environment)
        case .hold(let sentences):
            state.held += sentences.map { HeldSentence(at: environment.now, text: $0) }
            // A long absence keeps its latest, as "events" does.
            if state.held.count > longestHeld { state.held.removeFirst(state.held.count - longestHeld) }
            return []
        }
    }

    private static func present(_ state: State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        if case .headsetChoice(let found) = environment.screen {
            return found.enumerated().map { index, headset in
                .say(
                    .menu, .headsetFound,
                    ["number": String(index + 1), "name": headset.name, "signal": signal(headset.signal, environment.words)])
            }
        }
        guard let remembered = environment.settings.headset else { return [.say(.menu, .headsetNoneRemembered), .sayItems] }
        return [.say(.menu, state.connected ? .headsetRememberedConnected : .headsetRemembered, ["name": remembered.name]), .sayItems]
    }

    private static func handle(_ event: HeadsetEvent, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch event {
        case .searching:
            return [.say(.answer, .headsetSearching, ["duration": environment.words.duration(Int(searchSeconds))])]
        case .found(let found):
            guard case .headset = environment.screen else { return [] }
            return [found.isEmpty ? .say(.answer, .headsetNoneFound) : .push(.headsetChoice(Array(found.prefix(listedAtMost))))]
        case .paired(let address):
            guard let joining = state.joining, joining.address == address else { return [] }
            return [.say(.answer, .headsetPaired, ["name": joining.name])]
        case .trusted(let address):
            guard let joining = state.joining, joining.address == address else { return [] }
            return [.say(.answer, .headsetTrusted, ["name": joining.name])]
        case .passkey(let passkey):
            // Six digits, said one by one.
            let digits = String(passkey)
            let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
            return [.say(.answer, .headsetPasskey, ["passkey": padded.map(String.init).joined(separator: " ")])]
        case .connected(let address):
            return connected(address, &state, environment)
        case .disconnected(let address):
            guard address == environment.settings.headset?.address, state.connected else { return [] }
            state.connected = false
            state.away = true
            return []
        case .failed(let problem):
            let name = state.joining?.name ?? ""
            state.joining = nil
            switch problem {
            case .noService: return [.say(.answer, .headsetNoService)]
            case .pairingFailed: return [.say(.answer, .headsetPairingFailed, ["name": name])]
            case .connectFailed: return [.say(.answer, name.isEmpty ? .headsetFailed : .headsetConnectFailed, ["name": name])]
            case .other: return [.say(.answer, .headsetFailed)]
            }
        case .forgotten, .serviceGone, .serviceBack:
            // Forgetting was said when asked; bluetoothd's going shows as the headset's, and
            // its return as the headset connecting again.
            return []
        }
    }

    private static func connected(_ address: String, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        if let joining = state.joining, joining.address == address {
            let held = state.held
            state = State(connected: true)
            var steps: [FeatureStep] = [
                environment.saving { $0.headset = RememberedHeadset(address: address, name: joining.name) },
                .emit(.headset(.keep(address: address))),
                .say(.answer, .headsetConnected, ["name": joining.name]),
            ]
            steps += missed(held, environment)
            if case .headsetChoice = environment.screen { steps.append(.returnToPrevious) }
            return steps
        }
        guard let remembered = environment.settings.headset, remembered.address == address, !state.connected else { return [] }
        state.connected = true
        guard state.away else { return [] }
        state.away = false
        let held = state.held
        state.held = []
        return [.say(.answer, .headsetBack, ["name": remembered.name])] + missed(held, environment)
    }

    /// What was held while the headset was away, oldest first, each with how long ago.
    private static func missed(_ held: [HeldSentence], _ environment: FeatureEnvironment) -> [FeatureStep] {
        guard !held.isEmpty else { return [] }
        return [.say(.answer, .headsetMissed)]
            + held.map { entry in
                .say(
                    .answer, .eventsItem,
                    ["ago": environment.words.duration(Int(environment.now.timeIntervalSince(entry.at))), "sentence": entry.text])
            }
    }
}
