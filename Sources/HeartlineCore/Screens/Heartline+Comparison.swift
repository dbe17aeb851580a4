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

extension Heartline {
    /// Last week, month and year, each with the same length before it, then all time. A period
    /// runs up to now inclusive; the one before it ends where it starts.
    func averagePeriods() -> [AveragePeriod] {
        let calendar = words.calendar
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

    /// Says how `value`, the average of `metric` over `period`, compares with the period before:
    /// "Last month: 4 beats per minute lower than the month before." Nothing when the period
    /// before had no workouts with this metric.
    ///
    /// Both averages are rounded as they are spoken (whole seconds, beats and kilocalories)
    /// before they are compared, so the difference never contradicts what the user heard, and
    /// "no change" means the two would sound the same. A difference in time is said as a long
    /// total is (`Words.roundedDuration`).
    mutating func sayChange(of metric: HistoryMetric, from value: Double, over period: PeriodAverage) {
        guard let before = period.before, let previous = period.previous else { return }
        // Distances are said to 10 metres (two decimals of a kilometre); other values to a unit.
        let step = metric == .distance ? 10.0 : 1.0
        let difference = Int((value / step).rounded() * step) - Int((previous / step).rounded() * step)
        let names = ["before": words(before)]
        guard difference != 0 else {
            say(.menu, .historyChangeNone, names)
            return
        }
        let size = abs(difference)
        let (up, down, amount): (Prompt, Prompt, String) =
            switch metric {
            case .duration, .zone1, .zone2, .zone3, .zone4, .zone5:
                (.historyChangeLonger, .historyChangeShorter, words.roundedDuration(size))
            case .averageHeartRate, .maximumHeartRate, .recovery: (.historyChangeHigher, .historyChangeLower, words.beatsPerMinute(size))
            case .trainingLoad: (.historyChangeMore, .historyChangeFewer, words.loadPoints(size))
            case .calories: (.historyChangeMore, .historyChangeFewer, words.kilocalories(Double(size)))
            case .distance: (.historyChangeMore, .historyChangeFewer, words.distance(Double(size), in: distanceUnit))
            case .averageCadence: (.historyChangeHigher, .historyChangeLower, words(.historyCadenceValue, ["cadence": words.number(size)]))
            case .averagePower: (.historyChangeHigher, .historyChangeLower, words(.historyPowerValue, ["power": words.number(size)]))
            }
        say(.menu, difference > 0 ? up : down, names.merging(["difference": amount]) { $1 })
    }
}
