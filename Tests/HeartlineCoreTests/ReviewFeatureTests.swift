import Foundation
@testable import HeartlineCore
import Testing

/// Review as a feature on its own: each screen asks storage for what it shows, and the answer
/// enters the screen, turns the page, or brings the list on top up to date.
struct ReviewFeatureTests {
    typealias Store = FeatureStore<ReviewFeature>

    static let words = TestCatalogue.words

    static func workout(_ id: Int64, daysAgo: Double = 1, duration: Int = 1800) -> WorkoutSummary {
        WorkoutSummary(
            id: id, start: goldenStart.addingTimeInterval(-86_400 * daysAgo), state: .saved, configuration: WorkoutConfiguration(),
            duration: duration, averageHeartRate: 140)
    }

    static func load(_ query: StorageQuery, _ purpose: ReadPurpose) -> FeatureStep {
        .emit(.load(StorageRequest(query: query, purpose: purpose)))
    }

    static let onePage = ListPage(page: 0, total: 12, items: (1...10).map { workout($0) })

    // MARK: - Lists

    @Test func openingAListReadsItsFirstPage() {
        var store = Store(ReviewFeature.self, state: .review, screen: .review)
        let steps = store.send(.openList(.all))
        #expect(steps == [Self.load(.savedWorkouts(offset: 0, limit: 10), .openList(.all, page: 0))])
    }

    @Test func theFirstPageReadEntersTheList() {
        var store = Store(ReviewFeature.self, state: .review, screen: .review)
        let items = (1...10).map { Self.workout($0) }
        let steps = store.send(.loaded(.workouts(items, total: 12), for: .openList(.all, page: 0)))
        #expect(steps == [.push(.list(.all, ListPage(page: 0, total: 12, items: items)))])
    }

    @Test func aPagePastTheLastIsReadAgainAsTheLast() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage), screen: .list(.all, Self.onePage))
        let steps = store.send(.loaded(.workouts([], total: 12), for: .turnPage(.all, page: 3)))
        #expect(steps == [Self.load(.savedWorkouts(offset: 10, limit: 10), .turnPage(.all, page: 1))])
    }

    @Test func aListComeBackToIsBroughtUpToDateAndSaysWhereTheUserIs() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage), screen: .list(.all, Self.onePage))
        let fewer = Array(Self.onePage.items.dropFirst())
        let steps = store.send(.loaded(.workouts(fewer, total: 11), for: .refreshList(.all, page: 0, present: false))) {
            $0 = .list(.all, ListPage(page: 0, total: 11, items: fewer))
        }
        #expect(steps == [.say(.answer, .whereYouAre, ["title": Self.words(.titleAll)])])
    }

    @Test func aListComeBackToWholeIsSaidAgain() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage), screen: .list(.all, Self.onePage))
        let steps = store.send(.loaded(.workouts([Self.workout(1)], total: 1), for: .refreshList(.all, page: 0, present: true)))
        #expect(steps == [.replace(.list(.all, ListPage(page: 0, total: 1, items: [Self.workout(1)])))])
    }

    @Test func showingAListAgainReadsItsPageAnew() {
        let second = ListPage(page: 1, total: 12, items: [Self.workout(11), Self.workout(12)])
        var store = Store(ReviewFeature.self, state: .list(.metric(.calories), second))
        let steps = store.send(.showAgain(whole: true))
        #expect(steps == [Self.load(.savedWorkouts(offset: 10, limit: 10), .refreshList(.metric(.calories), page: 1, present: true))])
        // Off a list there is nothing to read again.
        var off = Store(ReviewFeature.self, state: .review)
        #expect(off.send(.showAgain(whole: true)).isEmpty)
    }

    @Test func pagesStopAtBothEnds() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage))
        #expect(store.send(.turnPage(by: -1)) == [.say(.answer, .listStart)])
        #expect(store.send(.turnPage(by: 1)) == [Self.load(.savedWorkouts(offset: 10, limit: 10), .turnPage(.all, page: 1))])
        store.state = .list(.all, ListPage(page: 1, total: 12, items: [Self.workout(11), Self.workout(12)]))
        #expect(store.send(.turnPage(by: 1)) == [.say(.answer, .listEnd)])
    }

    @Test func theTurnedPageReplacesTheList() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage))
        let rest = [Self.workout(11), Self.workout(12)]
        let steps = store.send(.loaded(.workouts(rest, total: 12), for: .turnPage(.all, page: 1)))
        #expect(steps == [.replace(.list(.all, ListPage(page: 1, total: 12, items: rest)))])
    }

    @Test func aListIsSaidWithItsRangeAndMore() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage))
        let said = Store.said(store.send(.present))
        #expect(said.first == Self.words(.menuTitle, ["title": Self.words(.titleAll)]))
        #expect(said[1] == Self.words(.listPage, ["first": "1", "last": "10", "total": "12"]))
        #expect(said.count == 2 + 10 + 1)
        #expect(said.last == Self.words(.listMore))
    }

    @Test func anEmptyListSaysSo() {
        var store = Store(ReviewFeature.self, state: .list(.all, ListPage(page: 0, total: 0, items: [])))
        #expect(Store.said(store.send(.present)) == [Self.words(.menuTitle, ["title": Self.words(.titleAll)]), Self.words(.listEmpty)])
    }

    @Test func aNumberOutsideTheListIsRefusedWithTheNumbersThereAre() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage))
        #expect(store.send(.choose(13)) == [.say(.answer, .itemNone, ["number": "13", "count": "12"])])
        #expect(store.send(.choose(0)) == [.say(.answer, .itemNone, ["number": "0", "count": "12"])])
        store.state = .list(.all, ListPage(page: 0, total: 1, items: [Self.workout(1)]))
        #expect(store.send(.choose(2)) == [.say(.answer, .itemNoneOne, ["number": "2"])])
    }

    @Test func choosingAWorkoutReadsItForItsDetails() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage))
        #expect(store.send(.choose(12)) == [Self.load(.savedWorkouts(offset: 11, limit: 1), .details(number: 12, .all, Self.onePage))])
    }

    @Test func theDetailsAnswerEntersTheWorkoutOrSaysItIsGone() {
        let day = DateInterval(start: goldenStart.addingTimeInterval(-86_400), duration: 86_400)
        let page = ListPage(page: 0, total: 2, items: [Self.workout(1), Self.workout(2)])
        var store = Store(ReviewFeature.self, state: .list(.day(day), page))
        let steps = store.send(.loaded(.workouts([Self.workout(1), Self.workout(2)], total: 2), for: .details(number: 2, .day(day), page)))
        #expect(steps == [.push(.details(Self.workout(2)))])
        // Deleted meanwhile: no such item, with the numbers the list said.
        let gone = store.send(.loaded(.workouts([], total: 0), for: .details(number: 2, .all, page)))
        #expect(gone == [.say(.answer, .itemNone, ["number": "2", "count": "2"])])
    }

    // MARK: - A day

    @Test func aDateNotInItsMonthIsRefused() {
        var store = Store(ReviewFeature.self, state: .dateEntry, screen: .dateEntry)
        let steps = store.send(.enterDate("31 april"))
        #expect(steps == [.refuse(.dateNotInMonth, ["month": Self.words(Prompt.months[3]), "days": "30"])])
    }

    @Test func aDateNotUnderstoodIsRefusedWithWhatWasTyped() {
        var store = Store(ReviewFeature.self, state: .dateEntry, screen: .dateEntry)
        #expect(store.send(.enterDate("someday")) == [.refuse(.dateNotUnderstood, ["input": "someday"])])
    }

    @Test func aDateReadsItsDay() throws {
        var store = Store(ReviewFeature.self, state: .dateEntry, screen: .dateEntry)
        let steps = store.send(.enterDate("yesterday"))
        guard case .emit(.load(let request)) = try #require(steps.first), case .openDay(let day) = request.purpose else {
            Issue.record("no day read: \(steps)")
            return
        }
        #expect(request.query == .savedWorkoutsStarting(day))
        #expect(day.contains(goldenStart.addingTimeInterval(-86_400)))
        #expect(steps.count == 1)
    }

    @Test func aDayWithoutWorkoutsIsSaidAndNotEntered() {
        let day = DateInterval(start: goldenStart.addingTimeInterval(-86_400), duration: 86_400)
        var store = Store(ReviewFeature.self, state: .dateEntry, screen: .dateEntry)
        let steps = store.send(.loaded(.workouts([], total: 0), for: .openDay(day)))
        #expect(steps == [.say(.answer, .dateNone, ["date": Self.words.day(day.start, now: goldenStart)])])
        let found = store.send(.loaded(.workouts([Self.workout(4)], total: 1), for: .openDay(day)))
        #expect(found == [.push(.list(.day(day), ListPage(page: 0, total: 1, items: [Self.workout(4)])))])
    }

    @Test func theDateEntryAsksForADate() {
        var store = Store(ReviewFeature.self, state: .dateEntry)
        #expect(store.send(.present) == [.say(.menu, .menuTitle, ["title": Self.words(.titleDate)]), .say(.menu, .dateAsk)])
    }

    // MARK: - Averages

    @Test func averagesReadEachPeriodAndThePeriodBefore() throws {
        var store = Store(ReviewFeature.self, state: .averagesChoice)
        let steps = store.send(.openAverages(.calories))
        guard case .emit(.load(let request)) = try #require(steps.first), case .averages(.calories, let intervals) = request.query,
            case .averages(.calories, let periods) = request.purpose
        else {
            Issue.record("no averages read: \(steps)")
            return
        }
        #expect(periods.map(\.name) == [.periodWeek, .periodMonth, .periodYear, .periodAll])
        #expect(intervals.count == 7)
        #expect(periods[0].interval.start == goldenStart.addingTimeInterval(-7 * 86_400))
        #expect(periods[0].before?.interval.end == periods[0].interval.start)
    }

    @Test func totalsAddUpAndAveragesDoNot() {
        let periods = ReviewFeature.averagePeriods(FeatureStore(ReviewFeature.self, state: .home).environment)
        let values: [Double?] = [10, 5, nil, nil, nil, nil, 20]
        let counts = [3, 2, 0, 0, 0, 0, 4]
        let load = ReviewFeature.averages(.trainingLoad, periods: periods, values: values, counts: counts)
        #expect(load[0].value == 30 && load[0].previous == 10 && load[0].count == 3)
        #expect(load[3].value == 80 && load[3].previous == nil)
        let heart = ReviewFeature.averages(.averageHeartRate, periods: periods, values: values, counts: counts)
        #expect(heart[0].value == 10 && heart[0].previous == 5)
        #expect(heart[1].value == nil && heart[1].count == 0)
    }

    @Test func theAveragesAnswerEntersTheirScreen() {
        let periods = ReviewFeature.averagePeriods(FeatureStore(ReviewFeature.self, state: .home).environment)
        var store = Store(ReviewFeature.self, state: .averagesChoice)
        let steps = store.send(
            .loaded(
                .averages(values: [150, 140, nil, nil, nil, nil, 145], counts: [1, 1, 0, 0, 0, 0, 2]),
                for: .averages(.averageHeartRate, periods)))
        let expected = ReviewFeature.averages(
            .averageHeartRate, periods: periods, values: [150, 140, nil, nil, nil, nil, 145], counts: [1, 1, 0, 0, 0, 0, 2])
        #expect(steps == [.push(.averagesList(.averageHeartRate, expected))])
    }

    @Test func averagesAreSaidWithHowTheyCompare() {
        let periods = [
            PeriodAverage(name: .periodWeek, before: .historyBeforeWeek, value: 150.4, count: 2, previous: 146),
            PeriodAverage(name: .periodMonth, before: .historyBeforeMonth, value: 150.4, count: 2, previous: 149.6),
            PeriodAverage(name: .periodYear, before: .historyBeforeYear, value: nil, count: 1, previous: nil),
            PeriodAverage(name: .periodAll, before: nil, value: nil, count: 0, previous: nil),
        ]
        var store = Store(ReviewFeature.self, state: .averagesList(.averageHeartRate, periods))
        let steps = store.send(.present)
        let prompts = steps.compactMap { step -> Prompt? in
            guard case .say(_, let prompt, _) = step else { return nil }
            return prompt
        }
        // 150 against 146: higher; 150 against 150 (as both are said): no change.
        #expect(
            prompts == [
                .menuTitle, .averagesItem, .historyChangeHigher, .averagesItem, .historyChangeNone, .averagesUnrecorded, .averagesNone,
            ])
        #expect(
            steps[2]
                == .say(
                    .menu, .historyChangeHigher, ["before": Self.words(.historyBeforeWeek), "difference": Self.words.beatsPerMinute(4)]))
    }

    @Test func theZoneChoiceOffersTheProfilesZones() {
        var store = Store(ReviewFeature.self, state: .averagesChoice)
        store.profile.age = 40
        let steps = store.send(.openZoneChoice(forAverages: true))
        #expect(steps == [.push(.zoneChoice(forAverages: true, zones: HeartRateZones(profile: store.profile)))])
        #expect(HeartRateZones(profile: store.profile) != HeartRateZones(profile: Profile()))
    }

    // MARK: - One workout

    @Test func timeInZonesReadsTheWorkoutsSeconds() {
        var store = Store(ReviewFeature.self, state: .details(Self.workout(5)))
        #expect(store.send(.timeInZones(5)) == [Self.load(.samples(5), .timeInZones)])
    }

    @Test func timeInZonesWithoutAHeartRateIsUnknown() {
        var store = Store(ReviewFeature.self, state: .details(Self.workout(5)))
        let samples = (1...60).map { Sample(elapsed: $0, wallOffset: $0, heartRate: nil) }
        #expect(store.send(.loaded(.samples(samples), for: .timeInZones)) == [.say(.answer, .zonesUnknown)])
    }

    @Test func timeInZonesSaysEachZoneWithTime() {
        var store = Store(ReviewFeature.self, state: .details(Self.workout(5)))
        let zones = HeartRateZones(profile: Profile())
        let one = zones.range(ofZone: 1)
        let three = zones.range(ofZone: 3)
        let samples = (1...150).map { Sample(elapsed: $0, wallOffset: $0, heartRate: $0 <= 60 ? 60 : $0 <= 90 ? one.low : three.low) }
        let steps = store.send(.loaded(.samples(samples), for: .timeInZones))
        #expect(
            steps == [
                .say(.answer, .zonesBelow, ["duration": Self.words.duration(60), "low": String(one.low)]),
                .say(
                    .answer, .zonesTime,
                    ["duration": Self.words.duration(30), "zone": "1", "low": String(one.low), "high": String(one.high)]),
                .say(
                    .answer, .zonesTime,
                    ["duration": Self.words.duration(60), "zone": "3", "low": String(three.low), "high": String(three.high)]),
            ])
    }

    @Test func lapsSayTheirCountThenEachLap() {
        var workout = Self.workout(6, duration: 120)
        workout.laps = [60]
        var store = Store(ReviewFeature.self, state: .details(workout))
        #expect(store.send(.laps(workout)) == [Self.load(.samples(6), .laps(workout))])
        let samples = (1...120).map { Sample(elapsed: $0, wallOffset: $0, heartRate: $0 <= 60 ? 100 : nil) }
        let steps = store.send(.loaded(.samples(samples), for: .laps(workout)))
        #expect(
            steps == [
                .say(.answer, .lapsCountOther, ["count": "2"]),
                .say(.answer, .answerLapTime, ["lap": "1", "duration": Self.words.duration(60)]),
                .say(.answer, .answerLapAverage, ["lap": "1", "bpm": Self.words.beatsPerMinute(100)]),
                .say(.answer, .answerLapTime, ["lap": "2", "duration": Self.words.duration(60)]),
                .say(.answer, .answerLapAverageUnknown, ["lap": "2"]),
            ])
    }

    @Test func theLapsItemIsOfferedOnlyWithMoreThanOneLap() {
        let environment = FeatureStore(ReviewFeature.self, state: .home).environment
        var workout = Self.workout(6, duration: 120)
        #expect(!ReviewFeature.detailsItems(workout, environment).contains { $0.action == .laps(workout) })
        workout.laps = [60]
        #expect(ReviewFeature.detailsItems(workout, environment).contains { $0.action == .laps(workout) })
    }

    @Test func deletingASavedWorkoutLeavesItsDetailsForTheListReadAnew() {
        let workout = Self.workout(9)
        var store = Store(ReviewFeature.self, state: .question(.deleteSaved(workout)))
        let steps = store.send(.deleteAnswered(workout, yes: true))
        #expect(steps == [.emit(.store(.delete(9))), .say(.answer, .summaryDeleted), .leave(screens: 2, showing: true)])
    }

    @Test func keepingASavedWorkoutGoesBackToItsDetails() {
        let workout = Self.workout(9)
        var store = Store(ReviewFeature.self, state: .question(.deleteSaved(workout)))
        let steps = store.send(.deleteAnswered(workout, yes: false))
        #expect(steps == [.leave(screens: 1, showing: false), .say(.answer, .summaryKept)])
    }

    @Test func anAnswerOfAnotherKindIsIgnored() {
        var store = Store(ReviewFeature.self, state: .list(.all, Self.onePage))
        #expect(store.send(.loaded(.samples([]), for: .turnPage(.all, page: 1))).isEmpty)
    }

    @Test func theReviewMenuOpensItsScreens() {
        let environment = FeatureStore(ReviewFeature.self, state: .home).environment
        #expect(
            ReviewFeature.items(environment).map(\.action) == [
                .openList(.all), .open(.dateEntry), .open(.metricChoice), .open(.averagesChoice),
            ])
        #expect(ReviewFeature.metricChoiceItems(environment).last?.action == .openZoneChoice(forAverages: false))
        #expect(ReviewFeature.averagesChoiceItems(environment).last?.action == .openZoneChoice(forAverages: true))
    }
}
