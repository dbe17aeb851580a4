import Foundation

/// A period of the averages screen, and the period of the same length just before it.
struct AveragePeriod: Equatable, Sendable {
    struct Before: Equatable, Sendable {
        /// "the week before", "the month before", "the year before".
        var name: Prompt
        var interval: DateInterval
    }

    /// "Last week", "Last month", "Last year", "All time".
    var name: Prompt
    var interval: DateInterval
    /// Nil for all time, which has nothing before it.
    var before: Before?
}

extension ReviewFeature {
    /// Last week, month and year, each with the same length before it, then all time. A period
    /// runs up to now inclusive; the one before it ends where it starts.
    static func averagePeriods(_ environment: FeatureEnvironment) -> [AveragePeriod] {
        let calendar = environment.words.calendar
        let now = environment.now
        let end = now.addingTimeInterval(1)
        func back(_ component: Calendar.Component, _ value: Int) -> Date {
            calendar.date(byAdding: component, value: -value, to: now)!
        }
        func period(_ name: Prompt, _ before: Prompt, _ component: Calendar.Component, _ value: Int) -> AveragePeriod {
            let start = back(component, value)
            return AveragePeriod(
                name: name, interval: DateInterval(start: start, end: end),
                before: AveragePeriod.Before(name: before, interval: DateInterval(start: back(component, 2 * value), end: start)))
        }
        return [
            period(.periodWeek, .historyBeforeWeek, .day, 7),
            period(.periodMonth, .historyBeforeMonth, .month, 1),
            period(.periodYear, .historyBeforeYear, .year, 1),
            AveragePeriod(name: .periodAll, interval: DateInterval(start: .distantPast, end: end), before: nil),
        ]
    }

    /// The periods as storage answered for them. Training load and time in a zone add up: a
    /// period's value is its total, compared with the total before. The answers come in the
    /// order asked: each period, then the period before it where there is one.
    static func averages(_ metric: HistoryMetric, periods: [AveragePeriod], values: [Double?], counts: [Int]) -> [PeriodAverage] {
        var index = 0
        func next() -> (value: Double?, count: Int) {
            defer { index += 1 }
            guard values.indices.contains(index) else { return (nil, 0) }
            return (values[index].map { metric.addsUp ? $0 * Double(counts[index]) : $0 }, counts[index])
        }
        return periods.map { period -> PeriodAverage in
            let current = next()
            let previous = period.before == nil ? nil : next().value
            return PeriodAverage(
                name: period.name, before: period.before?.name, value: current.value, count: current.count, previous: previous)
        }
    }

    /// Last week, month, year and all time, one sentence each naming the metric, each but all
    /// time followed by how it compares with the period before it (see `change`). A metric that
    /// adds up (training load, distance, time in a zone) is said as the total it is.
    static func speakAverages(of metric: HistoryMetric, _ periods: [PeriodAverage], _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        var steps: [FeatureStep] = []
        for period in periods {
            guard let value = period.value else {
                // Workouts without the metric are not "no workouts".
                let names = ["metric": words.historyMetric(metric), "period": words(period.name)]
                if period.count > 0 {
                    steps.append(.say(.menu, .averagesUnrecorded, names.merging(["workouts": words.workouts(period.count)]) { $1 }))
                } else {
                    steps.append(.say(.menu, .averagesNone, names))
                }
                continue
            }
            steps.append(
                .say(
                    .menu, metric.addsUp ? .averagesTotal : .averagesItem,
                    [
                        "metric": words.historyMetric(metric), "period": words(period.name),
                        "value": words.historyValue(value, of: metric, unit: environment.settings.units, rounded: true),
                        "workouts": words.workouts(period.count),
                    ]))
            steps += change(of: metric, from: value, over: period, environment)
        }
        return steps
    }

    /// How `value`, the average of `metric` over `period`, compares with the period before:
    /// "Last month: 4 beats per minute lower than the month before." Nothing when the period
    /// before had no workouts with this metric.
    ///
    /// Both averages are rounded as they are spoken (whole seconds, beats and kilocalories)
    /// before they are compared, so the difference never contradicts what the user heard, and
    /// "no change" means the two would sound the same. A difference in time is said as a long
    /// total is (`Words.roundedDuration`).
    static func change(of metric: HistoryMetric, from value: Double, over period: PeriodAverage, _ environment: FeatureEnvironment)
        -> [FeatureStep]
    {
        let words = environment.words
        guard let before = period.before, let previous = period.previous else { return [] }
        // Distances are said to 10 metres (two decimals of a kilometre); other values to a unit.
        let step = metric == .distance ? 10.0 : 1.0
        let difference = Int((value / step).rounded() * step) - Int((previous / step).rounded() * step)
        let names = ["before": words(before)]
        guard difference != 0 else { return [.say(.menu, .historyChangeNone, names)] }
        let size = abs(difference)
        let (up, down, amount): (Prompt, Prompt, String) =
            switch metric {
            case .duration, .zone1, .zone2, .zone3, .zone4, .zone5:
                (.historyChangeLonger, .historyChangeShorter, words.roundedDuration(size))
            case .averageHeartRate, .maximumHeartRate, .recovery: (.historyChangeHigher, .historyChangeLower, words.beatsPerMinute(size))
            case .trainingLoad: (.historyChangeMore, .historyChangeFewer, words.loadPoints(size))
            case .calories: (.historyChangeMore, .historyChangeFewer, words.kilocalories(Double(size)))
            case .distance: (.historyChangeMore, .historyChangeFewer, words.distance(Double(size), in: environment.settings.units))
            case .averageCadence: (.historyChangeHigher, .historyChangeLower, words(.historyCadenceValue, ["cadence": words.number(size)]))
            case .averagePower: (.historyChangeHigher, .historyChangeLower, words(.historyPowerValue, ["power": words.number(size)]))
            }
        return [.say(.menu, difference > 0 ? up : down, names.merging(["difference": amount]) { $1 })]
    }
}
