import Foundation
@testable import HeartlineCore
import Testing

/// Configure as a feature on its own: each step's choice kept in the draft, said, and the next
/// step shown with the same draft; typed ranges and plans taken or refused with the typed line
/// open again; a coach's file taken on the plan step below the list.
struct ConfigureFeatureTests {
    typealias Store = FeatureStore<ConfigureFeature>

    static func store(_ step: ConfigureStep, _ draft: Draft = Draft()) -> Store {
        Store(ConfigureFeature.self, state: ConfigureFeature.State(step: step, draft: draft), screen: .configure(step, draft))
    }

    static let tempo = PlanFile(
        name: "tempo.zwo",
        bytes: Array(
            """
            <workout_file><name>Tempo</name><sportType>bike</sportType><workout>
            <Warmup Duration="600" PowerLow="0.6" PowerHigh="0.8"/><SteadyState Duration="1200" Power="0.9"/>
            </workout></workout_file>
            """.utf8))

    @Test func aSportChosenIsKeptSaidAndTheNextStepShownWithTheDraft() {
        var store = Self.store(.sport)
        let steps = store.send(.chooseSport(.cycling)) { $0.draft.configuration.choose(.cycling) }
        #expect(Store.said(steps).count == 1)
        #expect(steps.last == .replace(.configure(.metrics, store.state.draft)))
    }

    @Test func aMetricToggledStaysOnTheStepAndSaysItsState() {
        var store = Self.store(.metrics)
        let metric = Metric.offered(for: store.state.draft.configuration.sport)[0]
        let on = store.state.draft.configuration.isOn(metric)
        let steps = store.send(.toggle(metric)) { $0.draft.configuration.toggle(metric) }
        #expect(store.state.draft.configuration.isOn(metric) == !on)
        #expect(steps.count == 1)
        guard case .say(.answer, .metricsChanged, let values) = steps.first else {
            Issue.record("\(steps)")
            return
        }
        #expect(values["state"] == TestCatalogue.words.onOff(!on))
    }

    @Test func anIntervalADistanceReadoutAndAZoneEachMoveOn() {
        var store = Self.store(.interval)
        let interval = ReadoutInterval.allCases.last!
        var steps = store.send(.chooseInterval(interval)) { $0.draft.configuration.interval = interval }
        #expect(
            steps.last == ConfigureStep.interval.after(store.state.draft.configuration).map { .replace(.configure($0, store.state.draft)) })

        store.state.step = .distance
        let readout = DistanceReadout(every: DistanceReadout.steps[0], unit: .kilometres)
        steps = store.send(.chooseDistanceReadout(readout)) { $0.draft.configuration.distanceReadout = readout }
        guard case .replace(.configure(let following, _)) = steps.last else {
            Issue.record("\(steps)")
            return
        }
        #expect(following == ConfigureStep.distance.after(store.state.draft.configuration))

        store.state.step = .zone
        let target = TargetZone(zone: 2, range: store.state.draft.zones.range(ofZone: 2))
        steps = store.send(.chooseTarget(target)) { $0.draft.configuration.target = target }
        #expect(steps.last == .replace(.configure(.plan, store.state.draft)))
    }

    @Test func typingAValueOpensTheTypedLineWithTheStepsQuestion() {
        var zone = Self.store(.zone)
        #expect(zone.send(.typeValue) == [.typeLine, .say(.answer, .targetAsk)])
        var plan = Self.store(.plan)
        #expect(plan.send(.typeValue) == [.typeLine, .say(.answer, .planAsk)])
    }

    @Test func aTypedRangeIsTakenAsATargetWithoutAZone() {
        var store = Self.store(.zone)
        let target = TargetZone(zone: nil, range: HeartRateRange(low: 140, high: 160))
        let steps = store.send(.enterTarget("140 to 160")) { $0.draft.configuration.target = target }
        #expect(steps.first == .say(.answer, .targetChosen, ["target": ConfigureFeature.describe(target, TestCatalogue.words)]))
        #expect(steps.last == .replace(.configure(.plan, store.state.draft)))
    }

    @Test func aRangeNotUnderstoodOrOutOfBoundsIsAskedAgainAndNothingKept() {
        var store = Self.store(.zone)
        #expect(
            store.send(.enterTarget("140")) == [
                .say(.answer, .targetNotUnderstood, ["input": "140"]), .typeLine, .say(.answer, .targetAgain),
            ])
        #expect(
            store.send(.enterTarget("30 to 60")) == [
                .say(.answer, .targetOutOfRange, ["low": "40", "high": "230"]), .typeLine, .say(.answer, .targetAgain),
            ])
        // Four beats apart at least.
        #expect(store.send(.enterTarget("150 152")).contains(.say(.answer, .targetAgain)))
    }

    @Test func aTypedPlanIsTakenWithTheCountdownAsSet() throws {
        var draft = Draft()
        draft.countdown = false
        var store = Self.store(.plan, draft)
        var plan = try TrainingPlanText.read("2 times 20 seconds at 250 watts, 10 seconds at 120")
        plan.countdown = false
        let steps = store.send(.enterPlan("2 times 20 seconds at 250 watts, 10 seconds at 120")) { $0.draft.configuration.plan = plan }
        #expect(steps.contains { if case .sayText(.answer, _) = $0 { true } else { false } })
        #expect(steps.last == .replace(.configure(.ready, store.state.draft)))
    }

    @Test func aPlanNotUnderstoodIsRefusedWithTheTypedLineOpen() {
        var store = Self.store(.plan)
        let steps = store.send(.enterPlan("fly to the moon"))
        #expect(steps.count == 3)
        guard case .sayText(.answer, _) = steps.first else {
            Issue.record("\(steps)")
            return
        }
        #expect(Array(steps.dropFirst()) == [.typeLine, .say(.answer, .planAgain)])
    }

    @Test func noPlanIsSaidAsNoneAndMovesOn() {
        var draft = Draft()
        draft.configuration.plan = try? TrainingPlanText.read("2 times 20 seconds at 250 watts, 10 seconds at 120")
        var store = Self.store(.plan, draft)
        let steps = store.send(.choosePlan(nil)) { $0.draft.configuration.plan = nil }
        #expect(steps.first == .say(.answer, .planChosen, ["plan": TestCatalogue.words(.valueNone)]))
        #expect(steps.count == 2)
    }

    @Test func theCountdownTogglesInTheDraftAndInItsPlan() throws {
        var draft = Draft()
        draft.configuration.plan = try TrainingPlanText.read("2 times 20 seconds at 250 watts, 10 seconds at 120")
        var store = Self.store(.plan, draft)
        let steps = store.send(.toggleCountdown) { state in
            state.draft.countdown = false
            state.draft.configuration.plan?.countdown = false
        }
        #expect(steps == [.say(.answer, .planCountdownChanged, ["state": TestCatalogue.words.onOff(false)])])
    }

    @Test func theReadyStepHasNoStepAfterIt() {
        var store = Self.store(.ready)
        let steps = store.send(.chooseInterval(.allCases[0])) { $0.draft.configuration.interval = .allCases[0] }
        #expect(steps.count == 1)
    }

    /// One page of the plans folder, as the screen shows it.
    static func shown(_ files: [PlanFile], page: Int = 0, total: Int? = nil, matching: String = "") -> PlanFilePage {
        PlanFilePage(
            page: page, total: total ?? files.count, matching: matching, entries: files.map { PlanFileEntry($0, profile: Profile()) })
    }

    @Test func anEmptyPlansFolderIsSaidAndAnotherScreenIgnoresTheAnswer() {
        var store = Self.store(.plan)
        #expect(store.send(.showPlanFiles([], total: 0, page: 0, matching: "", .open)) == [.say(.answer, .coachNone)])
        store.screen = .home
        #expect(store.send(.showPlanFiles([Self.tempo], total: 1, page: 0, matching: "", .open)).isEmpty)
        // A page that comes after the list was left is not shown either.
        #expect(store.send(.showPlanFiles([Self.tempo], total: 1, page: 0, matching: "", .replace)).isEmpty)
    }

    @Test func thePlansFolderIsListedAboveThePlanStep() {
        var store = Self.store(.plan)
        #expect(
            store.send(.openPlanFiles) == [
                .emit(
                    .load(
                        StorageRequest(
                            query: .planFiles(offset: 0, limit: 10, matching: ""), purpose: .planFiles(page: 0, matching: "", .open))))
            ])
        let steps = store.send(.showPlanFiles([Self.tempo], total: 1, page: 0, matching: "", .open))
        #expect(steps == [.push(.planFiles(Self.shown([Self.tempo])))])
        #expect(ConfigureFeature.planFileItems([PlanFileEntry(Self.tempo, profile: Profile())], store.environment).count == 1)
    }

    /// Next and previous read the folder's other pages in the place of the one shown, up to
    /// its ends; a search reads its first page there.
    @Test func thePlansFolderIsTurnedByPagesAndSearchedInPlace() {
        var store = Self.store(.plan)
        store.screen = .planFiles(Self.shown([Self.tempo], page: 1, total: 25))
        func read(_ page: Int, _ matching: String = "") -> [FeatureStep] {
            [
                .emit(
                    .load(
                        StorageRequest(
                            query: .planFiles(offset: page * 10, limit: 10, matching: matching),
                            purpose: .planFiles(page: page, matching: matching, .replace))))
            ]
        }
        #expect(store.send(.turnPlanPage(by: 1)) == read(2))
        #expect(store.send(.turnPlanPage(by: -1)) == read(0))
        store.screen = .planFiles(Self.shown([Self.tempo], page: 2, total: 25))
        #expect(store.send(.turnPlanPage(by: 1)) == [.say(.answer, .listEnd)])
        store.screen = .planFiles(Self.shown([Self.tempo], page: 0, total: 25))
        #expect(store.send(.turnPlanPage(by: -1)) == [.say(.answer, .listStart)])
        #expect(store.send(.searchPlanFiles("tempo")) == read(0, "tempo"))
        // A search's pages keep its words.
        store.screen = .planFiles(Self.shown([Self.tempo], page: 0, total: 12, matching: "tempo"))
        #expect(store.send(.turnPlanPage(by: 1)) == read(1, "tempo"))
        let found = store.send(.showPlanFiles([Self.tempo], total: 12, page: 1, matching: "tempo", .replace))
        #expect(found == [.replace(.planFiles(Self.shown([Self.tempo], page: 1, total: 12, matching: "tempo")))])
        // Words no plan has are said; the page shown stays.
        #expect(
            store.send(.showPlanFiles([], total: 0, page: 0, matching: "xyz", .replace)) == [.say(.answer, .coachNoMatch, ["words": "xyz"])]
        )
        // A folder that shrank under a page past its end is read again at its last page.
        #expect(store.send(.showPlanFiles([], total: 5, page: 2, matching: "", .replace)) == read(0))
    }

    /// A plan's name from its file, or the file's own, is cut as every outside name is: at most
    /// 40 characters, at a word.
    @Test func aPlansLongNameIsCutAtAWord() {
        let long = "Threshold builder with over-unders for the second block of the winter"
        let named = PlanFile(
            name: "x.zwo",
            bytes: Array(
                String(decoding: Self.tempo.bytes!, as: UTF8.self).replacingOccurrences(
                    of: "<name>Tempo</name>", with: "<name>\(long)</name>"
                ).utf8))
        #expect(PlanFileEntry(named, profile: Profile()).name == "Threshold builder with over-unders for")
        let unnamed = PlanFile(name: long + ".zwo", bytes: nil)
        #expect(PlanFileEntry(unnamed, profile: Profile()).name == "Threshold builder with over-unders for")
    }

    @Test func aFileChosenLeavesTheListAndTakesItsPlanOnThePlanStepBelow() throws {
        var store = Self.store(.plan)
        let entry = PlanFileEntry(Self.tempo, profile: Profile())
        store.screen = .planFiles(Self.shown([Self.tempo]))
        guard case .success(let reading) = entry.reading, var plan = reading.plan else {
            Issue.record("unreadable")
            return
        }
        plan.countdown = store.state.draft.countdown
        let steps = store.send(.choosePlanFile(0)) { $0.draft.configuration.plan = plan }
        #expect(Array(steps.prefix(2)) == [.leave(screens: 1, showing: false), .say(.answer, .coachChosen, ["name": entry.name])])
        #expect(steps.last == .replace(.configure(.ready, store.state.draft)))
    }

    @Test func aFileNotListedIsIgnored() {
        var store = Self.store(.plan)
        store.screen = .planFiles(Self.shown([Self.tempo]))
        #expect(store.send(.choosePlanFile(3)).isEmpty)
        store.screen = .planFiles(Self.shown([PlanFile(name: "bad.zwo", bytes: nil)]))
        #expect(store.send(.choosePlanFile(0)).isEmpty)
    }

    @Test func theLastConfigurationOffersStartAndEditOrToMakeOne() {
        let environment = Self.store(.sport).environment
        let last = WorkoutConfiguration()
        #expect(ConfigureFeature.lastItems(last, environment).map(\.action) == [.startWorkout(last), .edit(last), .back])
        #expect(ConfigureFeature.lastItems(nil, environment).map(\.action) == [.configureNew, .back])
    }

    @Test func theReadyStepsOneItemStartsTheDraft() {
        var draft = Draft()
        draft.configuration.choose(.cycling)
        let items = ConfigureFeature.items(.ready, draft, Self.store(.ready, draft).environment)
        #expect(items.map(\.action) == [.startWorkout(draft.configuration)])
    }

    // MARK: - Back

    @Test func backIsTheStepBeforeWithTheDraftAsItIs() {
        var draft = Draft()
        draft.configuration.choose(.running)
        draft.configuration.interval = .minutes10
        var store = Self.store(.distance, draft)
        store.below = .home
        #expect(store.send(.back) == [.replace(.configure(.interval, draft))])
    }

    @Test func backSkipsTheDistanceStepOfASportWithoutDistance() {
        var store = Self.store(.zone)
        store.below = .home
        #expect(store.send(.back) == [.replace(.configure(.interval, Draft()))])
    }

    @Test func backFromTheFirstStepShowsTheScreenBelow() {
        var store = Self.store(.sport)
        store.below = .last(nil)
        #expect(store.send(.back) == [.leave(screens: 1, showing: true)])
    }

    @Test func backFromTheFirstStepOntoAStepBelowTakesTheDraftWithTheUser() {
        var draft = Draft()
        draft.configuration.choose(.cycling)
        var store = Self.store(.sport, draft)
        store.below = .configure(.ready, Draft())
        #expect(store.send(.back) == [.leave(screens: 1, showing: false), .replace(.configure(.ready, draft))])
    }

    @Test func backWithNothingBelowSaysHomeIsTheStart() {
        var store = Self.store(.sport)
        #expect(store.send(.back) == [.say(.answer, .backHome)])
    }
}
