import Foundation

extension Heartline {
    /// What to read for one page of a list.
    func listQuery(_ kind: ListKind, page: Int) -> StorageQuery {
        switch kind {
        case .all, .metric: .savedWorkouts(offset: page * Self.pageSize, limit: Self.pageSize)
        case .day(let day): .savedWorkoutsStarting(day)
        }
    }

    /// The page read for `purpose`, all of it counted; a page past the last (a workout was
    /// deleted) is read again as the last one, and nil is given meanwhile.
    mutating func listPage(_ kind: ListKind, page: Int, items: [WorkoutSummary], total: Int, for purpose: ReadPurpose) -> ListPage? {
        let last = max(0, (total - 1) / Self.pageSize)
        switch kind {
        case .all, .metric:
            guard page <= last else {
                read(listQuery(kind, page: last), for: purpose.onPage(last))
                return nil
            }
            return ListPage(page: page, total: total, items: items)
        case .day:
            let page = min(page, last)
            return ListPage(page: page, total: total, items: Array(items.dropFirst(page * Self.pageSize).prefix(Self.pageSize)))
        }
    }

    mutating func openList(_ kind: ListKind) {
        read(listQuery(kind, page: 0), for: .openList(kind, page: 0))
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
        read(listQuery(kind, page: page), for: .turnPage(kind, page: page))
    }

    /// The workout numbered `number` (from 1, across pages) in the current list, read from
    /// storage as its details screen is entered.
    mutating func chooseListItem(_ number: Int) {
        guard case .list(let kind, let page) = screen else { return }
        guard page.total > 0, (1...page.total).contains(number) else {
            sayNoItem(words.number(number), count: page.total)
            return
        }
        let query: StorageQuery =
            switch kind {
            case .all, .metric: .savedWorkouts(offset: number - 1, limit: 1)
            case .day(let day): .savedWorkoutsStarting(day)
            }
        read(query, for: .details(number: number, kind, page))
    }

    mutating func showDetails(number: Int, kind: ListKind, page: ListPage, items: [WorkoutSummary]) {
        let found: WorkoutSummary? =
            switch kind {
            case .all, .metric: items.first
            case .day: items.indices.contains(number - 1) ? items[number - 1] : nil
            }
        guard let workout = found else {
            sayNoItem(words.number(number), count: page.total)
            return
        }
        push(.details(workout))
    }

    mutating func enterDate(_ text: String) {
        let day: DateInterval
        switch DateWords.parse(text, now: now, calendar: words.calendar) {
        case .success(let named): day = named
        case .failure(.yearOutOfRange):
            return refuseValue(.dateYearRange)
        case .failure(.notLeapYear(let year)):
            return refuseValue(.dateNotLeap, ["year": String(year)])
        case .failure(.dayNotInMonth(let month, let days)):
            return refuseValue(.dateNotInMonth, ["month": words(Prompt.months[month - 1]), "days": words.number(days)])
        case .failure(.notUnderstood):
            return refuseValue(.dateNotUnderstood, ["input": String(text.prefix(40))])
        }
        read(listQuery(.day(day), page: 0), for: .openDay(day))
    }

    mutating func openDay(_ day: DateInterval, _ page: ListPage) {
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
        let intervals = periods.flatMap { [$0.interval] + ($0.before.map { [$0.interval] } ?? []) }
        read(.averages(metric, intervals), for: .averages(metric, periods))
    }

    mutating func showAverages(_ metric: HistoryMetric, periods: [AveragePeriod], values: [Double?], counts: [Int]) {
        // Training load and time in a zone add up: a period's value is its total, compared
        // with the total before. The answers come in the order asked: each period, then the
        // period before it where there is one.
        var index = 0
        func next() -> (value: Double?, count: Int) {
            defer { index += 1 }
            guard values.indices.contains(index) else { return (nil, 0) }
            return (values[index].map { metric.addsUp ? $0 * Double(counts[index]) : $0 }, counts[index])
        }
        let loaded = periods.map { period -> PeriodAverage in
            let current = next()
            let previous = period.before == nil ? nil : next().value
            return PeriodAverage(
                name: period.name, before: period.before?.name, value: current.value, count: current.count, previous: previous)
        }
        push(.averagesList(metric, loaded))
    }

    /// Last week, month, year and all time, one sentence each naming the metric, each but all
    /// time followed by how it compares with the period before it (see `sayChange`).
    mutating func speakAverages(of metric: HistoryMetric, _ periods: [PeriodAverage]) {
        for period in periods {
            guard let value = period.value else {
                // Workouts without the metric are not "no workouts".
                let names = ["metric": words.historyMetric(metric), "period": words(period.name)]
                if period.count > 0 {
                    say(.menu, .averagesUnrecorded, names.merging(["workouts": words.workouts(period.count)]) { $1 })
                } else {
                    say(.menu, .averagesNone, names)
                }
                continue
            }
            say(
                .menu, .averagesItem,
                [
                    "metric": words.historyMetric(metric), "period": words(period.name),
                    "value": words.historyValue(value, of: metric, unit: distanceUnit, rounded: true),
                    "workouts": words.workouts(period.count),
                ])
            sayChange(of: metric, from: value, over: period)
        }
    }

    mutating func deleteSavedWorkout(_ id: Int64) {
        write(.delete(id))
        say(.answer, .summaryDeleted)
        // Leave the confirmation and the deleted workout's details; show the list again, read anew.
        stack.removeLast(2)
        showAgain(present: true)
    }

    mutating func keepSavedWorkout() {
        stack.removeLast()
        say(.answer, .summaryKept)
    }

    /// A workout's time below zone 1 and in each zone, one sentence each, zones from the profile.
    mutating func speakTimeInZones(_ id: Int64) {
        read(.samples(id), for: .timeInZones)
    }

    mutating func speakTimeInZones(_ samples: [Sample]) {
        let zones = HeartRateZones(profile: records.profile)
        let time = TimeInZones(samples, zones: zones)
        guard time.seconds.contains(where: { $0 > 0 }) else {
            say(.answer, .zonesUnknown)
            return
        }
        for (zone, seconds) in time.seconds.enumerated() where seconds > 0 {
            let duration = ["duration": words.duration(seconds)]
            if zone == 0 {
                say(.answer, .zonesBelow, duration.merging(["low": String(zones.range(ofZone: 1).low)]) { $1 })
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
        read(.samples(workout.id), for: .laps(workout))
    }

    mutating func speakLaps(of workout: WorkoutSummary, samples: [Sample]) {
        let duration = max(workout.duration, samples.last?.elapsed ?? 0)
        let spans = workout.lapSpans(duration: duration)
        say(.answer, .lapsCount, ["count": String(spans.count)])
        for (index, (lap, lapSamples)) in zip(spans, TCXWriter.group(samples, into: spans)).enumerated() {
            sayLap(index + 1, seconds: lap.duration, heartRates: lapSamples.compactMap(\.heartRate))
        }
    }
}
