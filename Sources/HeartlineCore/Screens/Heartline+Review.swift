import Foundation

extension Heartline {
    /// Reads one page of a list (clamped to its last page), all of it counted.
    func loadPage(_ kind: ListKind, page: Int) throws -> ListPage {
        switch kind {
        case .all, .metric:
            let total = try store.savedWorkoutCount()
            let page = max(0, min(page, (total - 1) / Self.pageSize))
            return ListPage(page: page, total: total, items: try store.savedWorkouts(offset: page * Self.pageSize, limit: Self.pageSize))
        case .day(let day):
            let all = try store.savedWorkouts(startingIn: day)
            let page = max(0, min(page, (all.count - 1) / Self.pageSize))
            return ListPage(page: page, total: all.count, items: Array(all.dropFirst(page * Self.pageSize).prefix(Self.pageSize)))
        }
    }

    mutating func openList(_ kind: ListKind) {
        guard let page = reading({ try $0.loadPage(kind, page: 0) }) else { return }
        push(.list(kind, page))
    }

    mutating func presentList() {
        guard case .list(let kind, let page) = screen else { return }
        say(.menu, .menuTitle, ["title": title(of: screen)])
        guard page.total > 0 else {
            say(.menu, .listEmpty)
            return
        }
        let first = page.page * Self.pageSize + 1
        say(
            .menu, .listPage,
            ["first": words.number(first), "last": words.number(first + page.items.count - 1), "total": words.number(page.total)])
        for (offset, workout) in page.items.enumerated() {
            let number = words.number(first + offset)
            if case .metric(let metric) = kind {
                say(
                    .menu, .listMetric,
                    [
                        "number": number, "date": words.day(workout.start, now: now), "metric": words.historyMetric(metric),
                        "value": words.historyValue(metric.value(of: workout), of: metric, unit: distanceUnit),
                    ])
            } else {
                say(
                    .menu, .listWorkout,
                    [
                        "number": number, "when": words.when(workout.start, now: now), "duration": words.duration(workout.duration),
                    ])
            }
        }
        if first + page.items.count - 1 < page.total { say(.menu, .listMore) }
    }

    mutating func turnPage(by step: Int) {
        guard case .list(let kind, let current) = screen else { return }
        let page = current.page + step
        guard page >= 0 else {
            say(.answer, .listStart)
            return
        }
        guard page * Self.pageSize < current.total else {
            say(.answer, .listEnd)
            return
        }
        guard let loaded = reading({ try $0.loadPage(kind, page: page) }) else { return }
        replace(with: .list(kind, loaded))
    }

    /// The workout numbered `number` (from 1, across pages) in the current list, read from
    /// storage as its details screen is entered.
    mutating func chooseListItem(_ number: Int) {
        guard case .list(let kind, let page) = screen else { return }
        guard page.total > 0, (1...page.total).contains(number) else {
            say(.answer, .itemNone, ["number": words.number(number), "count": words.number(page.total)])
            return
        }
        let found = reading { core -> WorkoutSummary? in
            switch kind {
            case .all, .metric: return try core.store.savedWorkouts(offset: number - 1, limit: 1).first
            case .day(let day):
                let all = try core.store.savedWorkouts(startingIn: day)
                return all.indices.contains(number - 1) ? all[number - 1] : nil
            }
        }
        guard let found else { return }
        guard let workout = found else {
            say(.answer, .itemNone, ["number": words.number(number), "count": words.number(page.total)])
            return
        }
        push(.details(workout))
    }

    mutating func enterDate(_ text: String) {
        let day: DateInterval
        switch DateWords.parse(text, now: now, calendar: words.calendar) {
        case .success(let named): day = named
        case .failure(.yearOutOfRange):
            say(.answer, .dateYearRange)
            return
        case .failure(.notLeapYear(let year)):
            say(.answer, .dateNotLeap, ["year": String(year)])
            return
        case .failure(.notUnderstood):
            say(.answer, .dateNotUnderstood, ["input": String(text.prefix(40))])
            return
        }
        guard let page = reading({ try $0.loadPage(.day(day), page: 0) }) else { return }
        if page.total == 0 {
            say(.answer, .dateNone, ["date": words.day(day.start, now: now)])
        } else {
            push(.list(.day(day), page))
        }
    }

    /// Reads the averages of `metric` over each period and the period before it, as the
    /// averages screen is entered.
    mutating func openAverages(_ metric: HistoryMetric) {
        let periods = averagePeriods()
        let loaded = reading { core in
            try periods.map { period -> PeriodAverage in
                // Training load and time in a zone add up: a period's value is its total,
                // compared with the total before.
                func value(_ found: (value: Double, count: Int)?) -> Double? {
                    found.map { metric.addsUp ? $0.value * Double($0.count) : $0.value }
                }
                let result = try core.store.average(of: metric, startingIn: period.interval)
                let previous = try period.before.flatMap { try core.store.average(of: metric, startingIn: $0.interval) }
                return PeriodAverage(
                    name: period.name, before: period.before?.name, value: value(result), count: result?.count ?? 0,
                    previous: value(previous))
            }
        }
        guard let loaded else { return }
        push(.averagesList(metric, loaded))
    }

    /// Last week, month, year and all time, one sentence each naming the metric, each but all
    /// time followed by how it compares with the period before it (see `sayChange`).
    mutating func speakAverages(of metric: HistoryMetric, _ periods: [PeriodAverage]) {
        for period in periods {
            guard let value = period.value else {
                say(.menu, .averagesNone, ["metric": words.historyMetric(metric), "period": words(period.name)])
                continue
            }
            say(
                .menu, .averagesItem,
                [
                    "metric": words.historyMetric(metric), "period": words(period.name),
                    "value": words.historyValue(value, of: metric, unit: distanceUnit), "workouts": words.workouts(period.count),
                ])
            sayChange(of: metric, from: value, over: period)
        }
    }

    mutating func deleteSavedWorkout(_ id: Int64) {
        storing { store in try store.deleteWorkout(id) }
        say(.answer, .summaryDeleted)
        // Leave the confirmation and the deleted workout's details; show the list again, read anew.
        stack.removeLast(2)
        stack[stack.count - 1] = refreshed(screen)
        presentScreen()
    }

    mutating func keepSavedWorkout() {
        stack.removeLast()
        say(.answer, .summaryKept)
    }

    /// A workout's time below zone 1 and in each zone, one sentence each, zones from the profile.
    mutating func speakTimeInZones(_ id: Int64) {
        guard let samples = reading({ try $0.store.samples(of: id) }) else { return }
        let zones = HeartRateZones(profile: storedProfile())
        let time = TimeInZones(samples, zones: zones)
        guard time.seconds.contains(where: { $0 > 0 }) else {
            say(.answer, .zonesUnknown)
            return
        }
        for (zone, seconds) in time.seconds.enumerated() where seconds > 0 {
            let duration = ["duration": words.duration(seconds)]
            if zone == 0 {
                say(.answer, .zonesBelow, duration)
            } else {
                let range = zones.range(ofZone: zone)
                say(
                    .answer, .zonesTime,
                    duration.merging(["zone": String(zone), "low": String(range.low), "high": String(range.high)]) { $1 })
            }
        }
    }

    /// The Laps item, on a workout that has more than one lap.
    func lapsItem(_ workout: WorkoutSummary) -> [MenuItem] {
        let count = workout.lapSpans().count
        return count > 1 ? [MenuItem(label: words(.itemLaps), action: .laps(workout))] : []
    }

    /// How many laps, then each lap's time and average heart rate, one sentence each, as the
    /// lap key says them during the workout.
    mutating func speakLaps(of workout: WorkoutSummary) {
        guard let samples = reading({ try $0.store.samples(of: workout.id) }) else { return }
        let duration = max(workout.duration, samples.last?.elapsed ?? 0)
        let spans = workout.lapSpans(duration: duration)
        say(.answer, .lapsCount, ["count": String(spans.count)])
        for (index, (lap, lapSamples)) in zip(spans, TCXWriter.group(samples, into: spans)).enumerated() {
            sayLap(index + 1, seconds: lap.duration, heartRates: lapSamples.compactMap(\.heartRate))
        }
    }
}
