import Foundation

/// Review: the saved workouts by page, by day and by metric, their averages over last week,
/// month and year, and one workout's details, its time in zones and its laps.
///
/// Each screen carries what it shows, read from storage as it was entered: a read is asked as
/// an effect and its answer comes back as `loaded`, which enters the screen (or, for a list
/// shown again, brings the screen on top up to date). The state is that screen on top.
enum ReviewFeature: Feature {
    /// The screen on top: a review screen as its keys and answers arrive.
    typealias State = Screen

    enum Action: Sendable {
        case openList(ListKind)
        case openAverages(HistoryMetric)
        case openZoneChoice(forAverages: Bool)
        /// Says the list, the date entry, the averages or the details on top.
        case present
        /// Next or previous page of the list on top.
        case turnPage(by: Int)
        /// The workout numbered this (from 1, across pages) in the list on top.
        case choose(Int)
        case enterDate(String)
        /// The list on top, come back to: read again, then said whole or where the user is.
        case showAgain(whole: Bool)
        case timeInZones(Int64)
        case laps(WorkoutSummary)
        /// The answer to "Delete this workout?" on its details.
        case deleteAnswered(WorkoutSummary, yes: Bool)
        /// Storage's answer to a read this feature asked for.
        case loaded(StorageAnswer, for: ReadPurpose)
    }

    static var pageSize: Int { Heartline.pageSize }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        switch action {
        case .openList(let kind): return [read(listQuery(kind, page: 0), for: .openList(kind, page: 0))]
        case .openAverages(let metric):
            let periods = averagePeriods(environment)
            let intervals = periods.flatMap { [$0.interval] + ($0.before.map { [$0.interval] } ?? []) }
            return [read(.averages(metric, intervals), for: .averages(metric, periods))]
        case .openZoneChoice(let forAverages):
            return [.push(.zoneChoice(forAverages: forAverages, zones: HeartRateZones(profile: environment.profile)))]
        case .present: return present(state, environment)
        case .turnPage(let step): return turnPage(by: step, state)
        case .choose(let number): return choose(number, state, words)
        case .enterDate(let text): return enterDate(text, environment)
        case .showAgain(let whole):
            guard case .list(let kind, let page) = state else { return [] }
            return [read(listQuery(kind, page: page.page), for: .refreshList(kind, page: page.page, present: whole))]
        case .timeInZones(let id): return [read(.samples(id), for: .timeInZones)]
        case .laps(let workout): return [read(.samples(workout.id), for: .laps(workout))]
        case .deleteAnswered(let workout, let yes):
            // Leave the confirmation and the deleted workout's details; show the list again, read anew.
            return yes
                ? [.emit(.store(.delete(workout.id))), .say(.answer, .summaryDeleted), .leave(screens: 2, showing: true)]
                : [.leave(screens: 1, showing: false), .say(.answer, .summaryKept)]
        case .loaded(let answer, let purpose): return loaded(answer, for: purpose, &state, environment)
        }
    }

    private static func read(_ query: StorageQuery, for purpose: ReadPurpose) -> FeatureStep {
        .emit(.load(StorageRequest(query: query, purpose: purpose)))
    }

    /// What to read for one page of a list.
    static func listQuery(_ kind: ListKind, page: Int) -> StorageQuery {
        switch kind {
        case .all, .metric: .savedWorkouts(offset: page * pageSize, limit: pageSize)
        case .day(let day): .savedWorkoutsStarting(day)
        }
    }

    /// The page read for `purpose`, all of it counted; a page past the last (a workout was
    /// deleted) is read again as the last one, and nil is given meanwhile.
    static func listPage(_ kind: ListKind, page: Int, items: [WorkoutSummary], total: Int) -> ListPage? {
        let last = max(0, (total - 1) / pageSize)
        switch kind {
        case .all, .metric:
            return page <= last ? ListPage(page: page, total: total, items: items) : nil
        case .day:
            let page = min(page, last)
            return ListPage(page: page, total: total, items: Array(items.dropFirst(page * pageSize).prefix(pageSize)))
        }
    }

    private static func loaded(_ answer: StorageAnswer, for purpose: ReadPurpose, _ state: inout State, _ environment: FeatureEnvironment)
        -> [FeatureStep]
    {
        let words = environment.words
        switch (purpose, answer) {
        case (.openList(let kind, let page), .workouts(let items, let total)),
            (.turnPage(let kind, let page), .workouts(let items, let total)),
            (.refreshList(let kind, let page, _), .workouts(let items, let total)):
            guard let loaded = listPage(kind, page: page, items: items, total: total) else {
                let last = max(0, (total - 1) / pageSize)
                return [read(listQuery(kind, page: last), for: purpose.onPage(last))]
            }
            switch purpose {
            case .openList: return [.push(.list(kind, loaded))]
            case .refreshList(_, _, present: false):
                state = .list(kind, loaded)
                return [.say(.answer, .whereYouAre, ["title": listTitle(kind, environment)])]
            default: return [.replace(.list(kind, loaded))]
            }
        case (.openDay(let day), .workouts(let items, let total)):
            guard let loaded = listPage(.day(day), page: 0, items: items, total: total), loaded.total > 0 else {
                return [.say(.answer, .dateNone, ["date": words.day(day.start, now: environment.now)])]
            }
            return [.push(.list(.day(day), loaded))]
        case (.details(let number, let kind, let page), .workouts(let items, _)):
            let found: WorkoutSummary? =
                switch kind {
                case .all, .metric: items.first
                case .day: items.indices.contains(number - 1) ? items[number - 1] : nil
                }
            guard let workout = found else { return FeatureStep.noItem(words.number(number), count: page.total, words) }
            return [.push(.details(workout))]
        case (.averages(let metric, let periods), .averages(let values, let counts)):
            return [.push(.averagesList(metric, averages(metric, periods: periods, values: values, counts: counts)))]
        case (.timeInZones, .samples(let samples)): return timeInZones(samples, environment)
        case (.laps(let workout), .samples(let samples)): return laps(of: workout, samples: samples, words)
        default:
            // An answer of another kind than asked: the edge answers each query in kind.
            return []
        }
    }

    // MARK: - Lists

    static func listTitle(_ kind: ListKind, _ environment: FeatureEnvironment) -> String {
        let words = environment.words
        return switch kind {
        case .all: words(.titleAll)
        case .day(let day): words(.titleDateList, ["date": words.day(day.start, now: environment.now)])
        case .metric(let metric): words(.titleMetricList, ["metric": words.historyMetric(metric)])
        }
    }

    private static func present(_ state: State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch state {
        case .list(let kind, let page): return presentList(kind, page, environment)
        case .dateEntry: return [.say(.menu, .menuTitle, ["title": environment.words(.titleDate)]), .say(.menu, .dateAsk)]
        case .averagesList(let metric, let periods):
            let title = environment.words(.titleAveragesList, ["metric": environment.words.historyMetric(metric)])
            return [.say(.menu, .menuTitle, ["title": title])] + speakAverages(of: metric, periods, environment)
        case .details(let workout):
            let title = environment.words(.titleDetails, ["when": environment.words.when(workout.start, now: environment.now)])
            return [.say(.menu, .menuTitle, ["title": title])] + SummaryFeature.totals(of: workout, .menu, environment) + [.sayItems]
        default: return []
        }
    }

    private static func presentList(_ kind: ListKind, _ page: ListPage, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        var steps: [FeatureStep] = [.say(.menu, .menuTitle, ["title": listTitle(kind, environment)])]
        guard page.total > 0 else { return steps + [.say(.menu, .listEmpty)] }
        let first = page.page * pageSize + 1
        steps.append(
            .say(
                .menu, .listPage,
                ["first": words.number(first), "last": words.number(first + page.items.count - 1), "total": words.number(page.total)]))
        for (offset, workout) in page.items.enumerated() {
            let number = words.number(first + offset)
            if case .metric(let metric) = kind {
                steps.append(
                    .say(
                        .menu, .listMetric,
                        [
                            "number": number, "date": words.day(workout.start, now: environment.now), "metric": words.historyMetric(metric),
                            "value": words.historyValue(metric.value(of: workout), of: metric, unit: environment.settings.units),
                        ]))
            } else {
                steps.append(
                    .say(
                        .menu, .listWorkout,
                        [
                            "number": number, "when": words.when(workout.start, now: environment.now),
                            "duration": words.duration(workout.duration),
                        ]))
            }
        }
        if first + page.items.count - 1 < page.total { steps.append(.say(.menu, .listMore)) }
        return steps
    }

    private static func turnPage(by step: Int, _ state: State) -> [FeatureStep] {
        guard case .list(let kind, let current) = state else { return [] }
        let page = current.page + step
        guard page >= 0 else { return [.say(.answer, .listStart)] }
        guard page * pageSize < current.total else { return [.say(.answer, .listEnd)] }
        return [read(listQuery(kind, page: page), for: .turnPage(kind, page: page))]
    }

    /// The workout numbered `number` (from 1, across pages) in the list, read from storage as its
    /// details screen is entered.
    private static func choose(_ number: Int, _ state: State, _ words: Words) -> [FeatureStep] {
        guard case .list(let kind, let page) = state else { return [] }
        guard page.total > 0, (1...page.total).contains(number) else {
            return FeatureStep.noItem(words.number(number), count: page.total, words)
        }
        let query: StorageQuery =
            switch kind {
            case .all, .metric: .savedWorkouts(offset: number - 1, limit: 1)
            case .day(let day): .savedWorkoutsStarting(day)
            }
        return [read(query, for: .details(number: number, kind, page))]
    }

    private static func enterDate(_ text: String, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        switch DateWords.parse(words.englishDate(text), now: environment.now, calendar: words.calendar) {
        case .success(let day): return [read(listQuery(.day(day), page: 0), for: .openDay(day))]
        case .failure(.yearOutOfRange): return [.refuse(.dateYearRange, [:])]
        case .failure(.notLeapYear(let year)): return [.refuse(.dateNotLeap, ["year": String(year)])]
        case .failure(.dayNotInMonth(let month, let days)):
            return [.refuse(.dateNotInMonth, ["month": words(Prompt.months[month - 1]), "days": words.number(days)])]
        case .failure(.notUnderstood): return [.refuse(.dateNotUnderstood, ["input": String(text.prefix(40))])]
        }
    }

    // MARK: - One workout

    /// A workout's time below zone 1 and in each zone, one sentence each, zones from the profile.
    private static func timeInZones(_ samples: [Sample], _ environment: FeatureEnvironment) -> [FeatureStep] {
        let zones = HeartRateZones(profile: environment.profile)
        let time = TimeInZones(samples, zones: zones)
        guard time.seconds.contains(where: { $0 > 0 }) else { return [.say(.answer, .zonesUnknown)] }
        return time.seconds.enumerated().filter { $0.element > 0 }.map { zone, seconds in
            let duration = ["duration": environment.words.duration(seconds)]
            guard zone > 0 else { return .say(.answer, .zonesBelow, duration.merging(["low": String(zones.range(ofZone: 1).low)]) { $1 }) }
            let range = zones.range(ofZone: zone)
            return .say(
                .answer, .zonesTime, duration.merging(["zone": String(zone), "low": String(range.low), "high": String(range.high)]) { $1 })
        }
    }

    /// How many laps, then each lap's time and average heart rate, one sentence each, as the
    /// lap key says them during the workout.
    private static func laps(of workout: WorkoutSummary, samples: [Sample], _ words: Words) -> [FeatureStep] {
        let duration = max(workout.duration, samples.last?.elapsed ?? 0)
        let spans = workout.lapSpans(duration: duration)
        var steps: [FeatureStep] = [.sayCount(.answer, spans.count, one: .lapsCountOne, other: .lapsCountOther, words)]
        for (index, (lap, lapSamples)) in zip(spans, TCXWriter.group(samples, into: spans)).enumerated() {
            steps += FeatureStep.lap(index + 1, seconds: lap.duration, heartRates: lapSamples.compactMap(\.heartRate), words)
        }
        return steps
    }

    // MARK: - Items

    static func items(_ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        return [
            MenuItem(label: words(.reviewAll), action: .openList(.all)),
            MenuItem(label: words(.reviewDate), action: .open(.dateEntry)),
            MenuItem(label: words(.reviewMetric), action: .open(.metricChoice)),
            MenuItem(label: words(.reviewAverages), action: .open(.averagesChoice)),
        ]
    }

    static func metricChoiceItems(_ environment: FeatureEnvironment) -> [MenuItem] {
        HistoryMetric.named.map {
            MenuItem(label: environment.words.historyMetric($0), action: .openList(.metric($0)))
        } + [MenuItem(label: environment.words(.reviewZoneChoice), action: .openZoneChoice(forAverages: false))]
    }

    static func averagesChoiceItems(_ environment: FeatureEnvironment) -> [MenuItem] {
        HistoryMetric.named.map {
            MenuItem(label: environment.words.historyMetric($0), action: .openAverages($0))
        } + [MenuItem(label: environment.words(.reviewZoneChoice), action: .openZoneChoice(forAverages: true))]
    }

    static func zoneChoiceItems(forAverages: Bool, zones: HeartRateZones, _ environment: FeatureEnvironment) -> [MenuItem] {
        HistoryMetric.zones.map { metric in
            let range = zones.range(ofZone: metric.zone!)
            let label = environment.words(
                .zonesChoiceItem, ["zone": String(metric.zone!), "low": String(range.low), "high": String(range.high)])
            return MenuItem(label: label, action: forAverages ? .openAverages(metric) : .openList(.metric(metric)))
        }
    }

    static func detailsItems(_ workout: WorkoutSummary, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        return [
            MenuItem(label: words(.detailsExportTcx), action: .export(workout.id, .tcx)),
            MenuItem(label: words(.detailsExportCsv), action: .export(workout.id, .csv)),
            MenuItem(label: words(.detailsExportFit), action: .export(workout.id, .fit)),
            MenuItem(label: words(.detailsDelete), action: .ask(.deleteSaved(workout))),
            MenuItem(label: words(.itemTimeInZones), action: .timeInZones(workout.id)),
        ] + lapsItem(workout, words) + [MenuItem(label: words(.detailsUpload), action: .upload(workout.id))]
    }

    /// The Laps item, on a workout that has more than one lap.
    static func lapsItem(_ workout: WorkoutSummary, _ words: Words) -> [MenuItem] {
        workout.hasSeveralLaps ? [MenuItem(label: words(.itemLaps), action: .laps(workout))] : []
    }
}

extension FeatureStep {
    /// "There is no item 12.", with the numbers there are: "Choose 1 to 5.", or with one item
    /// "Item 1 is the only one." (never "Choose 1 to 1.").
    static func noItem(_ number: String, count: Int, _ words: Words) -> [FeatureStep] {
        count == 1
            ? [.say(.answer, .itemNoneOne, ["number": number])]
            : [.say(.answer, .itemNone, ["number": number, "count": words.number(count)])]
    }

    /// A lap's time, then its average heart rate (or that it is not known).
    static func lap(_ number: Int, seconds: Int, heartRates: [Int], _ words: Words) -> [FeatureStep] {
        let lap = ["lap": String(number)]
        let time = FeatureStep.say(.answer, .answerLapTime, lap.merging(["duration": words.duration(seconds)]) { $1 })
        guard !heartRates.isEmpty else { return [time, .say(.answer, .answerLapAverageUnknown, lap)] }
        let average = Int((Double(heartRates.reduce(0, +)) / Double(heartRates.count)).rounded())
        return [time, .say(.answer, .answerLapAverage, lap.merging(["bpm": words.beatsPerMinute(average)]) { $1 })]
    }
}
