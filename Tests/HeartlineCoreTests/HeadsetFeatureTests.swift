import Foundation
@testable import HeartlineCore
import Testing

/// Settings, Headset as a feature on its own: started from a state, each action's change of
/// state and each step asserted, with no root, no screen stack and no storage.
struct HeadsetFeatureTests {
    static let shokz = FoundHeadset(address: "AA:BB:CC:DD:EE:01", name: "SHOKZ OpenRun", signal: -55, paired: false)

    static func remembering(_ headset: FoundHeadset = shokz, fallback: Bool = false) -> Settings {
        var settings = Settings()
        settings.headset = RememberedHeadset(address: headset.address, name: headset.name)
        settings.headsetFallback = fallback
        return settings
    }

    /// The search is said once bluetoothd searches; one that cannot begin says only why.
    @Test func findingIsSaidOnceTheSearchBeganAndOnlyTheProblemWhenItCannot() {
        var store = FeatureStore(HeadsetFeature.self, state: .init(), screen: .headset)
        var steps = store.send(.find)
        #expect(FeatureStore<HeadsetFeature>.said(steps).isEmpty)
        #expect(FeatureStore<HeadsetFeature>.effects(steps) == [.headset(.find(seconds: HeadsetFeature.searchSeconds))])
        steps = store.send(.event(.searching))
        #expect(
            FeatureStore<HeadsetFeature>.said(steps) == ["Looking for Bluetooth headsets for 10 seconds. Put the headset in pairing mode."])
        steps = store.send(.find)
        steps = store.send(.event(.failed(.noService)))
        #expect(FeatureStore<HeadsetFeature>.said(steps) == ["Bluetooth is not running, so no headset can be found."])
    }

    @Test func choosingAFoundHeadsetPairsItAndConnectingRemembersIt() {
        var store = FeatureStore(HeadsetFeature.self, state: .init(), screen: .headsetChoice([Self.shokz]))
        var steps = store.send(.choose(Self.shokz)) { $0.joining = Self.shokz }
        #expect(FeatureStore<HeadsetFeature>.said(steps) == ["Pairing with SHOKZ OpenRun."])
        #expect(FeatureStore<HeadsetFeature>.effects(steps) == [.headset(.pairAndConnect(address: Self.shokz.address))])

        steps = store.send(.event(.paired(address: Self.shokz.address)))
        #expect(FeatureStore<HeadsetFeature>.said(steps).count == 1)
        steps = store.send(.event(.trusted(address: Self.shokz.address)))
        #expect(FeatureStore<HeadsetFeature>.said(steps) == ["SHOKZ OpenRun is trusted: it may connect by itself."])
        // Another device's trust is not this headset's news.
        #expect(store.send(.event(.trusted(address: "AA:BB:CC:DD:EE:99"))).isEmpty)

        steps = store.send(.event(.connected(address: Self.shokz.address))) {
            $0.joining = nil
            $0.connected = true
        }
        #expect(store.settings.headset == RememberedHeadset(address: Self.shokz.address, name: "SHOKZ OpenRun"))
        #expect(FeatureStore<HeadsetFeature>.effects(steps) == [.headset(.keep(address: Self.shokz.address))])
        #expect(steps.last == .returnToPrevious)
    }

    @Test func aHeadsetThatGoesHoldsWhatIsSaidUntilItIsBack() {
        var store = FeatureStore(HeadsetFeature.self, state: .init(connected: true), settings: Self.remembering())
        store.send(.event(.disconnected(address: Self.shokz.address))) {
            $0.connected = false
            $0.away = true
        }
        #expect(HeadsetFeature.holds(store.state, settings: store.settings))

        store.send(.hold(["Heart rate sensor disconnected."])) {
            $0.held = [.init(at: goldenStart, text: "Heart rate sensor disconnected.")]
        }
        store.now = goldenStart.addingTimeInterval(90)
        let steps = store.send(.event(.connected(address: Self.shokz.address))) {
            $0.connected = true
            $0.away = false
            $0.held = []
        }
        let said = FeatureStore<HeadsetFeature>.said(steps)
        #expect(said.first == "SHOKZ OpenRun is back.")
        #expect(said.last?.contains("Heart rate sensor disconnected.") == true)
        #expect(said.last?.contains("1 minute and 30 seconds") == true)
    }

    @Test func aLongAbsenceKeepsTheLatestOfWhatWasHeld() {
        var store = FeatureStore(HeadsetFeature.self, state: .init(away: true), settings: Self.remembering())
        let sentences = (1...(HeadsetFeature.longestHeld + 5)).map { "Event \($0)." }
        store.send(.hold(sentences)) { state in
            state.held = sentences.suffix(HeadsetFeature.longestHeld).map { .init(at: goldenStart, text: $0) }
        }
    }

    @Test func withTheFallbackOnNothingIsHeldAndWhatWasHeldIsSaidAtOnce() {
        var store = FeatureStore(
            HeadsetFeature.self, state: .init(away: true, held: [.init(at: goldenStart, text: "Workout paused.")]),
            settings: Self.remembering())
        let steps = store.send(.toggleFallback) { $0.held = [] }
        #expect(store.settings.headsetFallback)
        #expect(!HeadsetFeature.holds(store.state, settings: store.settings))
        #expect(FeatureStore<HeadsetFeature>.said(steps).contains { $0.contains("Workout paused.") })
    }

    @Test func forgettingDropsTheHeadsetAndWhatWasHeldForIt() {
        var store = FeatureStore(
            HeadsetFeature.self, state: .init(away: true, held: [.init(at: goldenStart, text: "Lap 2.")]),
            settings: Self.remembering(), screen: .headset)
        let steps = store.send(.forget) { $0 = .init() }
        #expect(store.settings.headset == nil)
        #expect(
            FeatureStore<HeadsetFeature>.effects(steps) == [.headset(.keep(address: nil)), .headset(.forget(address: Self.shokz.address))])
        #expect(steps.last == .replace(.headset))
    }

    @Test func aFailedPairingIsSaidByNameAndNothingIsJoiningAfterIt() {
        var store = FeatureStore(HeadsetFeature.self, state: .init(joining: Self.shokz))
        let steps = store.send(.event(.failed(.pairingFailed))) { $0.joining = nil }
        #expect(FeatureStore<HeadsetFeature>.said(steps).first?.contains("SHOKZ OpenRun") == true)
    }

    @Test func aSearchsResultIsTakenOnlyOnTheHeadsetScreen() {
        var store = FeatureStore(HeadsetFeature.self, state: .init(), screen: .workout)
        #expect(store.send(.event(.found([Self.shokz]))).isEmpty)
        store.screen = .headset
        #expect(store.send(.event(.found([Self.shokz]))) == [.push(.headsetChoice([Self.shokz]))])
    }

    /// A bus that reports every device there is (1,733 from a hostile one) gets the strongest
    /// twenty listed, in the order they came (strongest first), not a list no one can hear through.
    @Test func aSearchListsTheStrongestTwentyAtMost() {
        var store = FeatureStore(HeadsetFeature.self, state: .init(), screen: .headset)
        let found = (0..<1733).map {
            FoundHeadset(address: "AA:BB:CC:DD:\($0 / 256):\($0 % 256)", name: "Headset \($0)", signal: -40 - $0, paired: false)
        }
        #expect(store.send(.event(.found(found))) == [.push(.headsetChoice(Array(found.prefix(20))))])
    }
}

/// Every name from outside is cut by one rule: at most 40 characters, at a word.
@Suite struct OutsideNameTests {
    @Test(arguments: [
        ("SHOKZ OpenRun", "SHOKZ OpenRun"),
        ("  Jabra \n Elite\t85t ", "Jabra Elite 85t"),
        ("Bose QuietComfort 45 headphones of the living room upstairs", "Bose QuietComfort 45 headphones of the"),
        (String(repeating: "x", count: 50), String(repeating: "x", count: 40)),
        ("\u{1B}[31mRed\u{1B}[0m buds", "Red buds"),
        ("\u{1B}[31m", ""),
    ])
    func aNameIsCleanedAndCutAtAWord(name: String, said: String) {
        #expect(SafeText.name(name) == said)
        #expect(SafeText.name(name).count <= SafeText.nameLength)
    }
}
