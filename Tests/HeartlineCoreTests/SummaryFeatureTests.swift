import Foundation
@testable import HeartlineCore
import Testing

/// The summary after a workout as a feature on its own: saving, saving to upload, a save's
/// answer, deleting, the items, the totals and how an upload went, each from a state.
struct SummaryFeatureTests {
    typealias Store = FeatureStore<SummaryFeature>

    static let words = TestCatalogue.words

    static func ended(_ id: Int64 = 7, sport: Sport = .other) -> WorkoutSummary {
        var configuration = WorkoutConfiguration()
        configuration.sport = sport
        return WorkoutSummary(
            id: id, start: goldenStart, state: .ended, configuration: configuration, duration: 1800, averageHeartRate: 140,
            maximumHeartRate: 171, calories: 300)
    }

    static func store(_ summary: WorkoutSummary = ended(), quitting: Bool = false, settings: Settings = Settings()) -> Store {
        Store(SummaryFeature.self, state: SummaryFeature.State(), settings: settings, screen: .summary(summary, quitting: quitting))
    }

    static let leaving: [FeatureStep] = [
        .emit(.store(.flush)), .emit(.load(StorageRequest(query: .unwritten, purpose: .leave([.home])))),
    ]

    // MARK: - Saving

    @Test func saveAsksStorageToSaveTheWorkoutAndSaysNothingYet() {
        var store = Self.store()
        var saved = Self.ended()
        saved.state = .saved
        #expect(store.send(.save) == [.emit(.store(.save(saved)))])
    }

    /// The upload is queued with the save, in one transaction: asked for, or upload on.
    @Test func saveAndUploadRemembersTheWorkoutToUploadThenSavesOwingTheUpload() {
        var store = Self.store()
        var saved = Self.ended()
        saved.state = .saved
        let steps = store.send(.saveAndUpload) { $0.uploadAfterSave = 7 }
        #expect(steps == [.emit(.store(.save(saved, upload: true)))])
        var settings = Settings()
        settings.upload = true
        var automatic = Self.store(settings: settings)
        #expect(automatic.send(.save) == [.emit(.store(.save(saved, upload: true)))])
    }

    @Test func aSaveThatWentThroughIsSaidAndGoesHome() {
        var store = Self.store()
        let steps = store.send(.saved(7, UnwrittenWork(), failure: nil))
        #expect(steps == [.say(.answer, .summarySaved), .goHome])
    }

    @Test func aSaveWhenQuittingLeavesAskingStorageWhatIsUnwritten() {
        var store = Self.store(quitting: true)
        let steps = store.send(.saved(7, UnwrittenWork(), failure: nil))
        #expect(steps == [.say(.answer, .summarySaved)] + Self.leaving)
    }

    @Test func aSavedWorkoutIsExportedAndUploadedAsTheSettingsSay() {
        var settings = Settings()
        settings.autoExport = [.fit]
        settings.upload = true
        var store = Self.store(settings: settings)
        let steps = store.send(.saved(7, UnwrittenWork(), failure: nil))
        #expect(steps == [.say(.answer, .summarySaved), .emit(.autoExport(7, [.fit])), .emit(.upload(7)), .goHome])
    }

    @Test func saveAndUploadUploadsOnceSavedAndForgetsTheWorkout() {
        var store = Self.store()
        store.send(.saveAndUpload) { $0.uploadAfterSave = 7 }
        let steps = store.send(.saved(7, UnwrittenWork(), failure: nil)) { $0.uploadAfterSave = nil }
        #expect(steps == [.say(.answer, .summarySaved), .emit(.upload(7)), .goHome])
    }

    @Test func aSaveHeldInMemoryIsSaidSoAndNotUploaded() {
        var store = Self.store()
        store.send(.saveAndUpload) { $0.uploadAfterSave = 7 }
        let held = UnwrittenWork(seconds: 3, summary: true)
        let steps = store.send(.saved(7, held, failure: .diskFull)) { $0.uploadAfterSave = nil }
        #expect(steps == [.troubleSaid(.diskFull), .say(.answer, .savePending), .goHome])
    }

    @Test func aSaveHeldOnAFailingDeviceSaysTheDeviceFails() {
        var store = Self.store()
        let steps = store.send(.saved(7, UnwrittenWork(seconds: 3), failure: .deviceFailing("EIO")))
        #expect(steps == [.troubleSaid(.deviceFailing), .say(.answer, .savePendingFailing), .goHome])
    }

    @Test func aSaveWithAFailureNotYetSaidNotesTheTroubleAndSaysSaved() {
        var store = Self.store()
        let steps = store.send(.saved(7, UnwrittenWork(), failure: .diskFull))
        #expect(steps == [.troubleSaid(.diskFull), .say(.answer, .summarySaved), .goHome])
    }

    @Test func aSaveOfAnotherWorkoutThanTheOneOnScreenIsIgnored() {
        var store = Self.store()
        store.send(.saveAndUpload) { $0.uploadAfterSave = 7 }
        #expect(store.send(.saved(8, UnwrittenWork(), failure: nil)).isEmpty)
        store.screen = .home
        #expect(store.send(.saved(7, UnwrittenWork(), failure: nil)).isEmpty)
        #expect(store.send(.save).isEmpty)
        #expect(store.send(.saveAndUpload).isEmpty)
    }

    // MARK: - Deleting

    @Test func deletingAnsweredYesDeletesAndGoesHomeOrLeaves() {
        var store = Self.store()
        var steps = store.send(.deleteAnswered(Self.ended(), quitting: false, yes: true))
        #expect(steps == [.emit(.store(.delete(7))), .say(.answer, .summaryDeleted), .goHome])
        steps = store.send(.deleteAnswered(Self.ended(), quitting: true, yes: true))
        #expect(steps == [.emit(.store(.delete(7))), .say(.answer, .summaryDeleted)] + Self.leaving)
    }

    @Test func deletingAnsweredNoKeepsTheSummary() {
        var store = Self.store()
        let steps = store.send(.deleteAnswered(Self.ended(), quitting: true, yes: false))
        #expect(steps == [.leave(screens: 1, showing: false), .say(.answer, .summaryKept)])
    }

    // MARK: - Leaving

    @Test func backOrHomeSaysToSaveOrDeleteFirst() {
        var store = Self.store()
        #expect(store.send(.leave) == [.say(.answer, .summaryFirst)])
    }

    @Test func quitIsRefusedUntilSavedUnlessTheDiskRefusesWrites() {
        var store = Self.store()
        #expect(store.send(.quit) == [.say(.answer, .summaryFirst)])
        store.writeFailure = .diskFull
        #expect(store.send(.quit) == [.leaveHeartline])
    }

    // MARK: - Uploads

    @Test func eachUploadResultIsSaidAsANotice() {
        var store = Self.store()
        let results: [(UploadResult, Prompt)] = [
            (.uploaded, .uploadDone), (.noAnswer, .uploadNoAnswer), (.serverFailed, .uploadServerFailed),
            (.noConnection, .uploadNoConnection), (.keyRefused, .uploadKeyRefused), (.fileRefused, .uploadFileRefused),
            (.notSetUp, .uploadNotSetUp), (.keyFileOpen, .uploadKeyOpen), (.unreadable, .uploadUnreadable),
        ]
        for (result, prompt) in results {
            #expect(store.send(.uploaded(result, waited: false)) == [.say(.notice, prompt)])
        }
    }

    @Test func anUploadThatWaitedIsSaidOnlyOnceDone() {
        var store = Self.store()
        #expect(store.send(.uploaded(.uploaded, waited: true)) == [.say(.notice, .uploadWaitingDone)])
        #expect(store.send(.uploaded(.noConnection, waited: true)).isEmpty)
    }

    // MARK: - What it shows

    @Test func theSummaryIsSaidWithItsTotalsThenItsItems() {
        var store = Self.store()
        let steps = store.send(.present)
        #expect(
            steps == [
                .say(.menu, .menuTitle, ["title": Self.words(.titleSummary)]),
                .say(.menu, .summaryTotalTime, ["duration": Self.words.duration(1800)]),
                .say(.menu, .answerAverage, ["bpm": Self.words.beatsPerMinute(140)]),
                .say(.menu, .answerMaximum, ["bpm": Self.words.beatsPerMinute(171)]),
                .say(.menu, .answerCalories, ["calories": Self.words.kilocalories(300)]),
                .sayItems,
            ])
    }

    @Test func theTotalsSayWhatIsUnknownTheRecoveryTheMovementAndTheLoad() {
        var run = WorkoutSummary(id: 1, start: goldenStart, state: .saved, configuration: WorkoutConfiguration(), duration: 1000)
        run.configuration.sport = .running
        run.distance = 3000
        run.averageCadence = 170
        run.recovery = [25, -3]
        run.trainingLoad = 41.6
        let store = Self.store()
        let steps = SummaryFeature.totals(of: run, .answer, store.environment)
        let unit = Settings().units
        #expect(
            steps == [
                .say(.answer, .summaryTotalTime, ["duration": Self.words.duration(1000)]),
                .say(.answer, .answerAverageUnknown),
                .say(.answer, .answerMaximumUnknown),
                .say(.answer, .answerCaloriesUnknown),
                .say(
                    .answer, .summaryRecovery,
                    ["minutes": Self.words.duration(60), "bpm": Self.words(.historyRecoveryDown, ["bpm": Self.words.beatsPerMinute(25)])]),
                .say(
                    .answer, .summaryRecovery,
                    ["minutes": Self.words.duration(120), "bpm": Self.words(.historyRecoveryUp, ["bpm": Self.words.beatsPerMinute(3)])]),
                .say(.answer, .summaryDistance, ["distance": Self.words.distance(3000, in: unit)]),
                .say(.answer, .summaryAveragePace, ["pace": Self.words.pace(3, in: unit), "unit": Self.words.unitName(unit)]),
                .say(.answer, .summaryAverageCadenceRunning, ["cadence": Self.words.number(170)]),
                .say(.answer, .summaryTrainingLoad, ["points": Self.words.loadPoints(42)]),
            ])
    }

    @Test func aRowersTotalsSayTheSplitAndTheStrokeRate() {
        var row = Self.ended(sport: .rowing)
        row.duration = 1000
        row.distance = 4000
        row.averageCadence = 24
        row.averagePower = 180
        let steps = SummaryFeature.motionTotals(of: row, .menu, Self.store().environment)
        let unit = Settings().units
        #expect(
            steps == [
                .say(.menu, .summaryDistance, ["distance": Self.words.distance(4000, in: unit)]),
                .say(.menu, .summaryAverageSplit, ["duration": Self.words.duration(125)]),
                .say(.menu, .summaryAverageStrokeRate, ["rate": Self.words.number(24)]),
                .say(.menu, .summaryAveragePower, ["power": Self.words.number(180)]),
            ])
        #expect(SummaryFeature.motionTotals(of: Self.ended(), .menu, Self.store().environment).isEmpty)
    }

    @Test func theItemsOfferCalibrationOnlyForARunWithAFootpodHeard() {
        var run = Self.ended(sport: .running)
        run.distance = 5000
        var store = Self.store(run)
        let without = SummaryFeature.items(run, quitting: false, store.environment)
        #expect(without.map(\.action) == [.saveWorkout, .ask(.deleteEnded(run, quitting: false)), .timeInZones(7), .saveAndUpload])
        store.footpodHeard = true
        let with = SummaryFeature.items(run, quitting: true, store.environment)
        #expect(with.map(\.action).contains(.open(.calibrationEntry(run))))
        #expect(with[1].action == .ask(.deleteEnded(run, quitting: true)))
        #expect(SummaryFeature.items(Self.ended(), quitting: false, store.environment).count == 4)
    }
}
