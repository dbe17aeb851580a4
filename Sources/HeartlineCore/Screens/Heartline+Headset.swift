import Foundation

/// The Bluetooth headset as far as the core knows, and what was held while it was away.
struct HeadsetStatus: Sendable {
    /// The headset being paired and connected from the list of those found.
    var joining: FoundHeadset?
    /// The remembered headset is connected.
    var connected = false
    /// The remembered headset was connected and went: events and notices are held, not
    /// spoken into the void, until it is back.
    var away = false
    /// What was held, oldest first, with when it happened; the latest `longestHeld` of it.
    static let longestHeld = Conversation.eventLogLength
    var held: [(at: Date, text: String)] = []
}

/// Settings, Headset: finding, pairing, connecting and forgetting the headset, and keeping
/// what is said while it is away.
extension Heartline {
    static let headsetSearchSeconds = 10.0

    func headsetItems() -> [MenuItem] {
        var items = [MenuItem(label: words(.headsetFind), action: .findHeadsets)]
        if settings.headset != nil { items.append(MenuItem(label: words(.headsetForget), action: .forgetHeadset)) }
        items.append(
            MenuItem(label: words(.headsetFallback), state: words.onOff(settings.headsetFallback), action: .toggleHeadsetFallback))
        return items
    }

    /// A found headset's signal in words; bluetoothd has none for a device it already knew.
    func headsetSignalWords(_ dBm: Int?) -> String {
        guard let dBm else { return words(.headsetSignalUnknown) }
        return signalWords(dBm)
    }

    mutating func presentHeadsetScreen() {
        say(.menu, .menuTitle, ["title": title(of: screen)])
        switch screen {
        case .headsetChoice(let found):
            for (index, headset) in found.enumerated() {
                say(
                    .menu, .headsetFound, ["number": String(index + 1), "name": headset.name, "signal": headsetSignalWords(headset.signal)])
            }
        default:
            if let remembered = settings.headset {
                say(.menu, headset.connected ? .headsetRememberedConnected : .headsetRemembered, ["name": remembered.name])
            } else {
                say(.menu, .headsetNoneRemembered)
            }
            speakItems()
        }
    }

    mutating func findHeadsets() {
        say(.answer, .headsetSearching, ["duration": words.duration(Int(Self.headsetSearchSeconds))])
        emit(.headset(.find(seconds: Self.headsetSearchSeconds)))
    }

    mutating func chooseHeadset(_ found: FoundHeadset) {
        headset.joining = found
        say(.answer, found.paired ? .headsetConnecting : .headsetPairing, ["name": found.name])
        emit(.headset(.pairAndConnect(address: found.address)))
    }

    mutating func forgetHeadset() {
        guard let remembered = settings.headset else { return }
        saveSettings { $0.headset = nil }
        emit(.headset(.keep(address: nil)))
        emit(.headset(.forget(address: remembered.address)))
        say(.answer, .headsetForgotten, ["name": remembered.name])
        // Nothing waits for a headset that is no longer kept: what was held is said now.
        let held = headset.held
        headset = HeadsetStatus()
        sayMissed(held)
        replace(with: .headset)
    }

    /// Speaking on the board's own output while the headset is away, or holding it all.
    mutating func toggleHeadsetFallback() {
        saveSettings { $0.headsetFallback.toggle() }
        say(.answer, settings.headsetFallback ? .headsetFallbackOn : .headsetFallbackOff)
        // Switched on while the headset is away: what was held is said now, on the board.
        if settings.headsetFallback, headset.away {
            let held = headset.held
            headset.held = []
            sayMissed(held)
        }
    }

    mutating func headsetEvent(_ event: HeadsetEvent) {
        switch event {
        case .found(let found):
            guard case .headset = screen else { return }
            if found.isEmpty { say(.answer, .headsetNoneFound) } else { push(.headsetChoice(found)) }
        case .paired(let address):
            if let joining = headset.joining, joining.address == address { say(.answer, .headsetPaired, ["name": joining.name]) }
        case .passkey(let passkey):
            // Six digits, said one by one.
            let digits = String(passkey)
            let padded = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
            say(.answer, .headsetPasskey, ["passkey": padded.map(String.init).joined(separator: " ")])
        case .connected(let address): headsetConnected(address)
        case .disconnected(let address):
            guard address == settings.headset?.address, headset.connected else { return }
            headset.connected = false
            headset.away = true
        case .failed(let problem): headsetFailed(problem)
        case .forgotten, .serviceGone, .serviceBack:
            // Forgetting was said when asked; bluetoothd's going shows as the headset's, and
            // its return as the headset connecting again.
            break
        }
    }

    private mutating func headsetConnected(_ address: String) {
        if let joining = headset.joining, joining.address == address {
            headset.joining = nil
            saveSettings { $0.headset = RememberedHeadset(address: address, name: joining.name) }
            emit(.headset(.keep(address: address)))
            let held = headset.held
            headset = HeadsetStatus(connected: true)
            say(.answer, .headsetConnected, ["name": joining.name])
            sayMissed(held)
            if case .headsetChoice = screen { returnToPrevious() }
            return
        }
        guard let remembered = settings.headset, remembered.address == address, !headset.connected else { return }
        headset.connected = true
        guard headset.away else { return }
        headset.away = false
        let held = headset.held
        headset.held = []
        say(.answer, .headsetBack, ["name": remembered.name])
        sayMissed(held)
    }

    private mutating func headsetFailed(_ problem: HeadsetProblem) {
        let name = headset.joining?.name ?? ""
        headset.joining = nil
        switch problem {
        case .noService: say(.answer, .headsetNoService)
        case .pairingFailed: say(.answer, .headsetPairingFailed, ["name": name])
        case .connectFailed: say(.answer, name.isEmpty ? .headsetFailed : .headsetConnectFailed, ["name": name])
        case .other: say(.answer, .headsetFailed)
        }
    }

    /// What was held while the headset was away, oldest first, each with how long ago.
    private mutating func sayMissed(_ held: [(at: Date, text: String)]) {
        guard !held.isEmpty else { return }
        say(.answer, .headsetMissed)
        for entry in held {
            say(.answer, .eventsItem, ["ago": words.duration(Int(now.timeIntervalSince(entry.at))), "sentence": entry.text])
        }
    }

    /// While the remembered headset is away, this response's events and notices are held for
    /// its return rather than spoken to nobody, unless the user chose to hear them on the
    /// board's own output meanwhile; the workout records on.
    mutating func holdWhileHeadsetAway() {
        guard headset.away, !settings.headsetFallback else { return }
        for utterance in conversation.takeKeptUntilSaid() { headset.held.append((now, utterance.text)) }
        // A long absence keeps its latest, as "events" does.
        if headset.held.count > HeadsetStatus.longestHeld { headset.held.removeFirst(headset.held.count - HeadsetStatus.longestHeld) }
    }
}
