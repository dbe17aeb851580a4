import Foundation

/// Renders values as spoken words from the catalogue: durations, units, dates, lists.
///
/// PRODUCT.md's rules live here: whole seconds under a minute, "45 minutes and 31 seconds"
/// above, "1 hour, 5 minutes and 3 seconds" past an hour; units always named.
public struct Words: Sendable {
    public let catalogue: PromptCatalogue
    public let calendar: Calendar
    /// Whether times of day are said on the 12-hour or the 24-hour clock.
    public var hourCycle: HourCycle { clock.hourCycle }
    private let clock: Clock
    /// How the catalogue's language writes numbers and which plural form each takes.
    public let numbers: NumberRules
    /// The commands' typed words in the catalogue's language.
    let typedWords: TypedWords

    public init(catalogue: PromptCatalogue, calendar: Calendar, hourCycle: HourCycle = .twentyFour) {
        self.init(catalogue: catalogue, calendar: calendar, clock: Clock { hourCycle })
    }

    /// - Parameter hourCycle: the clock, read the first time a time of day is said: a locale's
    ///   date patterns are ICU data that a language installed but not spoken need not load.
    public init(catalogue: PromptCatalogue, calendar: Calendar, hourCycle: @escaping @Sendable () -> HourCycle) {
        self.init(catalogue: catalogue, calendar: calendar, clock: Clock(hourCycle))
    }

    private init(catalogue: PromptCatalogue, calendar: Calendar, clock: Clock) {
        self.catalogue = catalogue
        self.calendar = calendar
        self.clock = clock
        numbers = NumberRules.of(catalogue.language)
        typedWords = TypedWords(catalogue)
    }

    /// The clock of the sentences, found once, when first asked.
    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var find: (@Sendable () -> HourCycle)?
        private var found: HourCycle?

        init(_ find: @escaping @Sendable () -> HourCycle) { self.find = find }

        var hourCycle: HourCycle {
            lock.lock()
            defer { lock.unlock() }
            if let found { return found }
            let cycle = find?() ?? .twentyFour
            found = cycle
            find = nil
            return cycle
        }
    }

    /// The language the sentences are in ("en", "es", "de").
    public var language: String { catalogue.language }

    public func callAsFunction(_ prompt: Prompt, _ values: [String: String] = [:]) -> String {
        catalogue.render(prompt, values)
    }

    /// A whole number with thousands grouped as the language writes them ("3,650", "3.650").
    public func number(_ value: Int) -> String { numbers.format(Double(value), decimals: 0).text }

    func counted(_ value: Int, one: Prompt, other: Prompt) -> String {
        counted(numbers.format(Double(value), decimals: 0), one: one, other: other)
    }

    /// A number already written, with the form of its noun its language's plural rule takes
    /// for it: German "1 Minute" but "1,5 Minuten".
    func counted(_ formatted: NumberRules.Formatted, one: Prompt, other: Prompt) -> String {
        let (prompt, values) = countForm(formatted, one: one, other: other)
        return self(prompt, values)
    }

    /// The form, `one` or `other`, that the plural rule takes for `formatted`, with the number
    /// written for its `placeholder` (the count, unless named).
    func countForm(
        _ formatted: NumberRules.Formatted, as placeholder: String = "count", one: Prompt, other: Prompt
    ) -> (Prompt, [String: String]) {
        let prompt = formatted.plural == .one ? one : other
        return (prompt, [placeholder: written(formatted, as: placeholder, in: prompt)])
    }

    /// `formatted` as `prompt`'s `placeholder` takes it: in words where the template gives it
    /// the gender of its noun and the language's word there is not its counting word
    /// (`{count:masculine} minutos`: "veintiún minutos", "22 minutos"), else in figures.
    func written(_ formatted: NumberRules.Formatted, as placeholder: String, in prompt: Prompt) -> String {
        guard let whole = formatted.whole, let inflection = catalogue.inflection(of: placeholder, in: prompt),
            let gender = NumberRules.Gender(rawValue: inflection), let word = numbers.word(whole, gender: gender)
        else { return formatted.text }
        return word
    }

    /// The form of `one` or `other` that `value`'s plural rule takes, with `value` written for
    /// `placeholder` and the other `values`.
    private func counted(_ value: Int, as placeholder: String, one: Prompt, other: Prompt, _ values: [String: String]) -> String {
        let (prompt, number) = countForm(numbers.format(Double(value), decimals: 0), as: placeholder, one: one, other: other)
        return self(prompt, values.merging(number) { $1 })
    }

    /// A duration in words; zero parts are left out, and seconds are dropped past an hour only when zero.
    public func duration(_ totalSeconds: Int) -> String {
        let seconds = max(0, totalSeconds)
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append(counted(hours, one: .unitHourOne, other: .unitHourOther)) }
        if minutes > 0 { parts.append(counted(minutes, one: .unitMinuteOne, other: .unitMinuteOther)) }
        if rest > 0 || parts.isEmpty { parts.append(counted(rest, one: .unitSecondOne, other: .unitSecondOther)) }
        return list(parts)
    }

    /// A long total or a difference in the history, said the way people say it, never to the
    /// second past an hour:
    /// - under an hour, exact: "59 minutes and 59 seconds";
    /// - from an hour, to the nearest minute: "6 hours and 59 minutes", "1 hour";
    /// - from ten hours (once rounded to the minute), to the nearest hour with "about":
    ///   "about 179 hours"; a whole number of hours is said without it: "12 hours".
    ///
    /// Halves round up. Figures during a workout stay exact (`duration`).
    public func roundedDuration(_ totalSeconds: Int) -> String {
        let seconds = max(0, totalSeconds)
        guard seconds >= 3600 else { return duration(seconds) }
        let minutes = (seconds + 30) / 60
        guard minutes >= 600 else { return duration(minutes * 60) }
        let hours = counted((seconds + 1800) / 3600, one: .unitHourOne, other: .unitHourOther)
        return seconds % 3600 == 0 ? hours : self(.unitAbout, ["amount": hours])
    }

    public func beatsPerMinute(_ value: Int) -> String { counted(value, one: .unitBpmOne, other: .unitBpmOther) }

    /// Kilocalories, rounded to whole ones for speech.
    public func kilocalories(_ value: Double) -> String {
        counted(Int(value.rounded()), one: .unitKcalOne, other: .unitKcalOther)
    }

    public func years(_ value: Int) -> String { counted(value, one: .unitYearOne, other: .unitYearOther) }

    public func workouts(_ value: Int) -> String { counted(value, one: .unitWorkoutOne, other: .unitWorkoutOther) }

    /// A distance in `unit`: "1 kilometre", "3.25 kilometres", "0.5 miles"; two decimals at most,
    /// one past 10, none past 100.
    public func distance(_ metres: Double, in unit: DistanceUnit) -> String {
        let value = metres / unit.metres
        let decimals = value < 10 ? 2 : value < 100 ? 1 : 0
        return units(numbers.format(value, decimals: decimals), of: unit)
    }

    /// "1 kilometre", "3.25 kilometres", "0.5 miles": a number already written, with its unit.
    private func units(_ formatted: NumberRules.Formatted, of unit: DistanceUnit) -> String {
        switch unit {
        case .kilometres: counted(formatted, one: .unitKilometreOne, other: .unitKilometreOther)
        case .miles: counted(formatted, one: .unitMileOne, other: .unitMileOther)
        }
    }

    public func sport(_ sport: Sport) -> String {
        switch sport {
        case .running: self(.sportRunning)
        case .cycling: self(.sportCycling)
        case .rowing: self(.sportRowing)
        case .other: self(.sportOther)
        }
    }

    /// "Kilometres" or "Miles", the setting's value.
    public func unitsName(_ unit: DistanceUnit) -> String {
        self(unit == .kilometres ? .unitsKilometres : .unitsMiles)
    }

    /// "kilometre" or "mile", as in "per kilometre".
    public func unitName(_ unit: DistanceUnit) -> String {
        self(unit == .kilometres ? .unitKilometreName : .unitMileName)
    }

    /// Kilometres or miles per hour, one decimal: "28.4 kilometres" (the prompt says "per hour").
    public func speed(_ metresPerSecond: Double, in unit: DistanceUnit) -> String {
        units(numbers.format(metresPerSecond * 3600 / unit.metres, decimals: 1), of: unit)
    }

    /// Time per unit at `metresPerSecond`, to the second: "5 minutes and 33 seconds".
    public func pace(_ metresPerSecond: Double, in unit: DistanceUnit) -> String {
        duration(Int((unit.metres / metresPerSecond).rounded()))
    }

    /// A number with at most `decimals` digits after the separator and no trailing zeros, as
    /// the language writes it ("5.2", "5,2").
    public func decimal(_ value: Double, decimals: Int) -> String { numbers.format(value, decimals: decimals).text }

    /// A weight in the user's unit, to one decimal when it has one.
    public func weight(kilograms: Double, unit: WeightUnit) -> String {
        let value = unit == .kilograms ? kilograms : kilograms * WeightUnit.poundsPerKilogram
        return self(unit == .kilograms ? .unitKg : .unitLb, ["count": decimal(value, decimals: 1)])
    }

    /// "a", "a and b", "a, b and c".
    public func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        case 2: self(.listPair, ["first": items[0], "second": items[1]])
        default: self(.listSeries, ["first": items[0], "rest": list(Array(items.dropFirst()))])
        }
    }

    /// A day in words relative to `now`: "today", "yesterday", "Friday 27 November",
    /// with the year only when it is not this year.
    public func day(_ date: Date, now: Date) -> String {
        if calendar.isDate(date, inSameDayAs: now) { return self(.dateToday) }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) {
            return self(.dateYesterday)
        }
        let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: date)
        var values = [
            "weekday": self(Prompt.weekdays[parts.weekday! - 1]),
            "day": String(parts.day!),
            "month": self(Prompt.months[parts.month! - 1]),
        ]
        if parts.year == calendar.component(.year, from: now) {
            return self(.dateThisYear, values)
        }
        values["year"] = String(parts.year!)
        return self(.dateOtherYear, values)
    }

    /// The time of day as it is said, never as digits a synthesizer reads one by one: on the
    /// 24-hour clock "7:05", "18:30", "19 hundred", "21 past midnight"; on the 12-hour clock
    /// "7:05 a.m.", "6:30 p.m.", "7 p.m.", "12:21 a.m.". The hour takes its plural form, since
    /// Spanish says "la una" but "las dos", and its gender where the template gives one ("las
    /// veintiuna", German "ein Uhr").
    public func timeOfDay(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour!
        let minute = parts.minute!
        // espeak-ng reads "7:05" as "seven oh five" in English; Spanish and German write the
        // time in words ("las 7 y 5", "7 Uhr 5"), where a padded minute would be "cero cinco",
        // "null fünf": the minute is padded in English only.
        let minutes = ["minute": minute < 10 && language == "en" ? "0\(minute)" : String(minute)]
        switch hourCycle {
        case .twentyFour:
            if hour == 0 { return minute == 0 ? self(.timeMidnight) : self(.timePastMidnight, ["minute": String(minute)]) }
            if minute == 0 { return counted(hour, as: "hour", one: .timeHundredOne, other: .timeHundredOther, [:]) }
            return counted(hour, as: "hour", one: .timeOfDayOne, other: .timeOfDayOther, minutes)
        case .twelve:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            let time =
                minute == 0
                ? counted(twelve, as: "hour", one: .timeHourOne, other: .timeHourOther, [:])
                : counted(twelve, as: "hour", one: .timeOfDayOne, other: .timeOfDayOther, minutes)
            return self(hour < 12 ? .timeAm : .timePm, ["time": time])
        }
    }

    /// "today at 7:30", "Friday 27 November at 18:05".
    public func when(_ date: Date, now: Date) -> String {
        self(.dateAt, ["date": day(date, now: now), "time": timeOfDay(date)])
    }

    /// The app's label for an interval choice ("No time", "30 seconds", "2 hours").
    public func interval(_ interval: ReadoutInterval) -> String {
        guard let seconds = interval.seconds else { return self(.intervalNone) }
        return duration(seconds)
    }

    /// A metric's name in `sport`: on a rower the pace is its split and the cadence its stroke
    /// rate, as the answers and readouts say them.
    public func metric(_ metric: Metric, in sport: Sport) -> String {
        switch (metric, sport) {
        case (.pace, .rowing): self(.metricSplit)
        case (.cadence, .rowing): self(.metricStrokeRate)
        default: self.metric(metric)
        }
    }

    public func metric(_ metric: Metric) -> String {
        switch metric {
        case .time: self(.metricTime)
        case .heartRate: self(.metricHeartRate)
        case .calories: self(.metricCalories)
        case .pace: self(.metricPace)
        case .speed: self(.metricSpeed)
        case .distance: self(.metricDistance)
        case .cadence: self(.metricCadence)
        case .power: self(.metricPower)
        }
    }

    public func historyMetric(_ metric: HistoryMetric) -> String {
        switch metric {
        case .duration: self(.historyDuration)
        case .averageHeartRate: self(.historyAverageHeartRate)
        case .maximumHeartRate: self(.historyMaximumHeartRate)
        case .calories: self(.historyCalories)
        case .recovery: self(.historyRecovery)
        case .trainingLoad: self(.historyTrainingLoad)
        case .zone1, .zone2, .zone3, .zone4, .zone5: self(.historyZone, ["zone": String(metric.zone!)])
        case .distance: self(.metricDistance)
        case .averageCadence: self(.historyAverageCadence)
        case .averagePower: self(.historyAveragePower)
        }
    }

    /// A history metric's value with its unit; `rounded` says times the way a long total is
    /// said (`roundedDuration`), as the averages do, rather than to the second.
    public func historyValue(
        _ value: Double?, of metric: HistoryMetric, unit: DistanceUnit = .kilometres, rounded: Bool = false
    ) -> String {
        guard let value else { return self(.valueUnknown) }
        switch metric {
        case .duration, .zone1, .zone2, .zone3, .zone4, .zone5:
            let seconds = Int(value.rounded())
            return rounded ? roundedDuration(seconds) : duration(seconds)
        case .averageHeartRate, .maximumHeartRate: return beatsPerMinute(Int(value.rounded()))
        case .calories: return kilocalories(value)
        case .recovery: return beatsPerMinute(Int(value.rounded()))
        case .trainingLoad: return loadPoints(Int(value.rounded()))
        case .distance: return distance(value, in: unit)
        case .averageCadence: return self(.historyCadenceValue, ["cadence": number(Int(value.rounded()))])
        case .averagePower: return self(.historyPowerValue, ["power": number(Int(value.rounded()))])
        }
    }

    /// Training load in TRIMP points: "1 point", "84 points".
    public func loadPoints(_ value: Int) -> String { counted(value, one: .unitPointOne, other: .unitPointOther) }

    public func onOff(_ on: Bool) -> String { self(on ? .stateOn : .stateOff) }
}

/// The clock times of day are said on.
public enum HourCycle: Sendable {
    case twelve, twentyFour

    /// The cycle `locale` writes times with (its "j" skeleton has an a.m./p.m. marker or not).
    public static func of(_ locale: Locale) -> HourCycle {
        let format = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "H"
        return format.contains("a") ? .twelve : .twentyFour
    }
}
