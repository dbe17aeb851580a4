import Foundation
@testable import HeartlineCore
import Testing

/// Home and the USB stick as a feature on its own: home's items, the stick's choices asked of
/// the edge, and each thing the edge says of the stick, from the stick's state.
struct StickFeatureTests {
    typealias Store = FeatureStore<StickFeature>

    static let words = TestCatalogue.words

    static let both = StickCommand.transfer(workouts: [.fit], plans: true)
    static let copy = StickCommand.transfer(workouts: [.fit], plans: false)
    static let read = StickCommand.transfer(workouts: [], plans: true)

    static func store(_ state: StickStatus = StickStatus(present: true), screen: Screen = .stick) -> Store {
        Store(StickFeature.self, state: state, screen: screen)
    }

    static func busy(_ command: StickCommand) -> StickStatus {
        StickStatus(present: true, busy: true, asked: command)
    }

    // MARK: - Home and the stick's items

    @Test func homeOffersTheStickOnlyWhileOneIsIn() {
        let store = Self.store(StickStatus())
        let without = StickFeature.homeItems(StickStatus(), store.environment)
        #expect(without.map(\.action) == [.configureNew, .openLast, .open(.review), .open(.settings), .open(.restingCheck)])
        #expect(StickFeature.homeItems(StickStatus(present: true), store.environment).last?.action == .open(.stick))
    }

    @Test func theStickCopiesInTheAutomaticExportsFormatsElseFIT() {
        var store = Self.store()
        #expect(StickFeature.items(store.environment).map(\.action) == [Self.both, Self.copy, Self.read, .eject].map(MenuAction.stick))
        #expect(StickFeature.items(store.environment)[1].state == "FIT")
        store.settings.autoExport = [.tcx, .csv]
        let items = StickFeature.items(store.environment)
        #expect(items[0].action == .stick(.transfer(workouts: [.tcx, .csv], plans: true)))
        #expect(items[1].state == Self.words.list(["TCX", "CSV"]))
    }

    // MARK: - Choices

    @Test func aTransferIsSaidAndAskedOfTheEdgeAndMakesTheStickBusy() {
        var store = Self.store()
        let steps = store.send(.command(Self.both)) { $0 = Self.busy(Self.both) }
        #expect(steps == [.say(.answer, .stickWorking), .emit(.stick(Self.both))])
    }

    @Test func anUnmountIsAskedInSilence() {
        var store = Self.store()
        #expect(store.send(.command(.eject)) { $0 = Self.busy(.eject) } == [.emit(.stick(.eject))])
    }

    @Test func aStickGoneOrBusyRefusesTheChoice() {
        var gone = Self.store(StickStatus())
        #expect(gone.send(.command(Self.both)) == [.say(.answer, .stickOut)])
        var busy = Self.store(Self.busy(Self.read))
        #expect(busy.send(.command(.eject)) == [.say(.answer, .stickBusy)])
    }

    // MARK: - The edge's news

    @Test func aStickPutInIsSaidAndItsScreenOpens() {
        var store = Self.store(StickStatus(), screen: .home)
        let steps = store.send(.event(.inserted)) { $0 = StickStatus(present: true) }
        #expect(steps == [.say(.answer, .stickIn), .push(.stick)])
        #expect(store.send(.event(.inserted)) == [.say(.answer, .stickIn), .replace(.stick)])
    }

    @Test func aStickPutInDuringAWorkoutIsOnlyANotice() {
        var store = Self.store(StickStatus(), screen: .workout)
        store.recording = true
        #expect(store.send(.event(.inserted)) { $0 = StickStatus(present: true) } == [.say(.notice, .stickInWorkout)])
    }

    @Test func aTransferDoneSaysWhatWasCopiedAndRead() {
        let workouts = { (count: Int) in Self.words.counted(count, one: .unitWorkoutOne, other: .unitWorkoutOther) }
        let files = { (count: Int) in Self.words.counted(count, one: .stickPlanFileOne, other: .stickPlanFileOther) }
        var store = Self.store(Self.busy(Self.both))
        var steps = store.send(.event(.finished(copied: 3, plans: 2, problem: nil))) { $0.asked = nil }
        #expect(steps == [.say(.answer, .stickCopied, ["count": workouts(3)]), .say(.answer, .stickPlans, ["count": files(2)])])
        store.state = Self.busy(Self.copy)
        steps = store.send(.event(.finished(copied: 0, plans: 4, problem: nil))) { $0.asked = nil }
        #expect(steps == [.say(.answer, .stickCopiedNone)])
        store.state = Self.busy(Self.read)
        steps = store.send(.event(.finished(copied: 5, plans: 0, problem: nil))) { $0.asked = nil }
        #expect(steps == [.say(.answer, .stickPlansNone)])
    }

    /// A plan whose name the board has is kept beside it, and that is said: by name for one,
    /// counted for several.
    @Test func aPlanKeptUnderANewNameIsSaid() {
        let files = { (count: Int) in Self.words.counted(count, one: .stickPlanFileOne, other: .stickPlanFileOther) }
        var store = Self.store(Self.busy(Self.read))
        let one = [PlanKept(name: "mine.zwo", kept: "mine-2.zwo")]
        var steps = store.send(.event(.finished(copied: 0, plans: 1, problem: nil, kept: one))) { $0.asked = nil }
        #expect(
            steps == [
                .say(.answer, .stickPlans, ["count": files(1)]), .say(.answer, .stickPlanKept, ["name": "mine.zwo", "kept": "mine-2.zwo"]),
            ])
        store.state = Self.busy(Self.read)
        let two = one + [PlanKept(name: "hills.fit", kept: "hills-2.fit")]
        steps = store.send(.event(.finished(copied: 0, plans: 3, problem: nil, kept: two))) { $0.asked = nil }
        #expect(steps.last == .say(.answer, .stickPlansKept, ["count": files(2)]))
    }

    @Test func aTransferCutShortSaysWhyAndOnlyThenWhatWasRead() {
        let workouts = Self.words.counted(1, one: .unitWorkoutOne, other: .unitWorkoutOther)
        let cases: [(StickProblem, FeatureStep)] = [
            (.readOnly, .say(.answer, .stickReadOnly)), (.full, .say(.answer, .stickFull, ["count": workouts])),
            (.failed, .say(.answer, .stickFailed, ["count": workouts])),
        ]
        for (problem, said) in cases {
            var store = Self.store(Self.busy(Self.both))
            let steps = store.send(.event(.finished(copied: 1, plans: 0, problem: problem))) { $0.asked = nil }
            #expect(steps == [said, .say(.answer, .stickPlansNone)])
        }
    }

    @Test func aStickPulledOutEarlyUnmountableOrDamagedIsForgottenAndItsScreenLeft() {
        let cases = [(StickProblem.removed, Prompt.stickPulledEarly), (.unmountable, .stickUnmountable), (.damaged, .stickDamaged)]
        for (problem, said) in cases {
            var store = Self.store(Self.busy(Self.both))
            let steps = store.send(.event(.finished(copied: 1, plans: 1, problem: problem))) { $0 = StickStatus() }
            #expect(steps == [.say(.answer, said), .returnToPrevious])
        }
        var elsewhere = Self.store(Self.busy(Self.both), screen: .home)
        let steps = elsewhere.send(.event(.finished(copied: 0, plans: 0, problem: .removed))) { $0 = StickStatus() }
        #expect(steps == [.say(.answer, .stickPulledEarly)])
    }

    @Test func aStickMendedBeforeItsCopyIsSaidAndStaysBusy() {
        var store = Self.store(Self.busy(Self.both))
        #expect(store.send(.event(.mended)) == [.say(.answer, .stickMended)])
    }

    @Test func aTransferEndNotAskedForIsIgnored() {
        var store = Self.store(Self.busy(.eject))
        #expect(store.send(.event(.finished(copied: 1, plans: 1, problem: nil))).isEmpty)
    }

    @Test func anUnmountSaysToPullItOutAndLeavesItsScreen() {
        var store = Self.store(Self.busy(.eject))
        #expect(store.send(.event(.ejected)) { $0 = StickStatus() } == [.say(.answer, .stickPullOut), .returnToPrevious])
    }

    @Test func anUnmountThatFailedFreesTheStick() {
        var store = Self.store(Self.busy(.eject))
        #expect(store.send(.event(.ejectFailed)) { $0.busy = false } == [.say(.answer, .stickEjectFailed)])
    }

    @Test func aStickPulledOutIsSaidOnceOnly() {
        var store = Self.store(StickStatus(present: true), screen: .stick)
        #expect(store.send(.event(.removed)) { $0 = StickStatus() } == [.say(.answer, .stickOut), .returnToPrevious])
        #expect(store.send(.event(.removed)).isEmpty)
    }
}
