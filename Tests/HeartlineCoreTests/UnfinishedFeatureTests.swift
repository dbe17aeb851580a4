import Foundation
@testable import HeartlineCore
import Testing

/// The workouts a crash left behind as a feature on its own: offered newest first with their
/// totals rebuilt, resumed, saved and discarded, from the workouts left.
struct UnfinishedFeatureTests {
    typealias Store = FeatureStore<UnfinishedFeature>

    static let words = TestCatalogue.words

    static func left(_ id: Int64, seconds: Int = 0, storedDuration: Int = 0) -> UnfinishedWorkout {
        let summary = WorkoutSummary(
            id: id, start: goldenStart.addingTimeInterval(-3600), state: .recording, configuration: WorkoutConfiguration(),
            duration: storedDuration)
        let samples = (0..<seconds).map { Sample(elapsed: $0 + 1, wallOffset: $0 + 1, heartRate: 120) }
        return UnfinishedWorkout(summary: summary, samples: samples)
    }

    static func store(_ left: [UnfinishedWorkout]) -> Store {
        var store = Store(UnfinishedFeature.self, state: left)
        if !left.isEmpty { store.screen = .unfinished(UnfinishedFeature.next(left, store.environment)!) }
        return store
    }

    @Test func theNewestIsOfferedWithItsTotalsRebuiltFromItsSamples() throws {
        let store = Self.store([Self.left(2, seconds: 30, storedDuration: 10), Self.left(1)])
        let next = try #require(UnfinishedFeature.next(store.state, store.environment))
        #expect(next.id == 2)
        #expect(next.duration == 30)
        #expect(next.averageHeartRate == 120)
        #expect(next.timeInZones != nil)
        #expect(next.trainingLoad != nil)
        #expect(UnfinishedFeature.next([], store.environment) == nil)
    }

    @Test func theOfferSaysWhenAndHowLongThenTheItems() {
        let store = Self.store([Self.left(2, seconds: 30)])
        let summary = UnfinishedFeature.next(store.state, store.environment)!
        let when = Self.words.when(summary.start, now: goldenStart)
        #expect(
            UnfinishedFeature.offer(summary, store.environment) == [
                .say(.menu, .unfinishedOffer, ["when": when, "duration": Self.words.duration(30)]), .sayItems,
            ])
        #expect(
            UnfinishedFeature.items(summary, store.environment).map(\.action) == [
                .resumeUnfinished(summary), .saveUnfinished(summary), .ask(.discardUnfinished(summary)),
            ])
    }

    @Test func resumingTakesItOutOfTheListAndRecordsAgainWithItsSamples() {
        let left = [Self.left(2, seconds: 5), Self.left(1)]
        var store = Self.store(left)
        let summary = UnfinishedFeature.next(left, store.environment)!
        var recording = summary
        recording.state = .recording
        let steps = store.send(.resume(summary)) { $0 = [Self.left(1)] }
        #expect(
            steps == [
                .resumeWorkout(summary, samples: left[0].samples), .emit(.store(.summary(recording))), .say(.answer, .workoutResumed),
                .emit(.sensorWanted(true)),
            ])
    }

    @Test func savingTakesItOutOfTheListAndAsksStorageToSaveIt() {
        var store = Self.store([Self.left(2, seconds: 5)])
        let summary = UnfinishedFeature.next(store.state, store.environment)!
        var saved = summary
        saved.state = .saved
        #expect(store.send(.save(summary)) { $0 = [] } == [.emit(.store(.save(saved)))])
    }

    @Test func aSaveThatWentThroughOffersTheNextOrGoesHome() {
        var store = Self.store([Self.left(2, seconds: 5), Self.left(1, seconds: 3)])
        let first = UnfinishedFeature.next(store.state, store.environment)!
        store.send(.save(first)) { $0.removeFirst() }
        let next = UnfinishedFeature.next(store.state, store.environment)!
        #expect(store.send(.saved(2)) == [.say(.answer, .summarySaved), .startOver(.unfinished(next), present: true)])
        store.send(.save(next)) { $0 = [] }
        #expect(store.send(.saved(1)) == [.say(.answer, .summarySaved), .goHome])
    }

    @Test func aSaveOfAnotherWorkoutThanTheOneOfferedIsIgnored() {
        var store = Self.store([Self.left(2, seconds: 5)])
        #expect(store.send(.saved(9)).isEmpty)
        store.screen = .home
        #expect(store.send(.saved(2)).isEmpty)
    }

    @Test func discardingAnsweredYesDeletesItAndOffersTheNext() {
        var store = Self.store([Self.left(2), Self.left(1)])
        let first = UnfinishedFeature.next(store.state, store.environment)!
        let steps = store.send(.discardAnswered(first, yes: true)) { $0 = [Self.left(1)] }
        let next = UnfinishedFeature.next(store.state, store.environment)!
        #expect(steps == [.emit(.store(.delete(2))), .say(.answer, .unfinishedDiscarded), .startOver(.unfinished(next), present: true)])
        #expect(store.send(.discardAnswered(next, yes: true)) { $0 = [] }.last == .goHome)
    }

    @Test func discardingAnsweredNoKeepsItAndGoesBackToTheOffer() {
        var store = Self.store([Self.left(2)])
        let first = UnfinishedFeature.next(store.state, store.environment)!
        #expect(store.send(.discardAnswered(first, yes: false)) == [.leave(screens: 1, showing: true)])
    }

    @Test func aResumedWorkoutCarriesOnItsLoadItsLapsAndTheLapRunning() {
        var summary = Self.left(2, seconds: 50).summary
        summary.duration = 50
        summary.laps = [30]
        summary.trainingLoad = 12
        var settings = Settings()
        settings.setFootpodCalibration(1.03)
        var store = Self.store([Self.left(2, seconds: 50)])
        store.settings = settings
        let samples = Self.left(2, seconds: 50).samples
        let active = UnfinishedFeature.resumed(summary, samples: samples, store.environment)
        #expect(active.id == 2)
        #expect(active.trainingLoad == 12)
        #expect(active.lapMarks == [30])
        #expect(active.lap.number == 2 && active.lap.start == 30 && active.lap.heartRates.count == 20)
        #expect(active.engine.footpodCalibration == 1.03)
        #expect(!active.engine.isPaused)
    }
}
