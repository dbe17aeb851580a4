import Foundation

/// A resting check under way: a few minutes sitting still with the strap on.
struct RestingMeasurement: Equatable, Sendable {
    var start: Date
    var end: Date
    var heartRates: [Int] = []
    /// RR intervals in milliseconds, oldest first.
    var intervals: [Double] = []
}

/// The resting check from Home: a few minutes sitting still with the strap on, then the resting
/// heart rate and the heart-rate variability (RMSSD), stored and compared with the user's own
/// baseline of the 7 days before.
enum RestingCheckFeature: Feature {
    static let baselineDays = 7

    /// The check under way, if one is.
    typealias State = RestingMeasurement?

    enum Action: Sendable {
        /// The screen is entered or said again.
        case present
        case start
        /// Leaving the screen stops a check under way, said.
        case stop
        case cycleLength
        /// "where": the time left of a check under way.
        case whereAmI
        case reading(HeartRateReading)
        /// Time passes: the check ends when its time is up.
        case tick
        /// The checks of the week before, read for the baseline (none when they could not be read).
        case answered(RestingCheck, HeartRateVariability, earlier: [RestingCheck])
    }

    static func items(_ words: Words) -> [MenuItem] {
        [MenuItem(label: words(.restingStart), action: .startRestingCheck), MenuItem(label: words(.itemBack), action: .back)]
    }

    /// The check's length in words, as Settings and the screen say it.
    static func length(_ environment: FeatureEnvironment) -> String {
        environment.words.duration(environment.settings.restingCheckMinutes * 60)
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let now = environment.now
        switch action {
        case .present:
            return [.say(.menu, .restingIntro, ["duration": length(environment)]), .sayItems]
        case .cycleLength:
            var settings = environment.settings
            settings.cycleRestingCheckLength()
            return [
                .saveSettings(settings),
                .say(.answer, .restingLengthChanged, ["duration": environment.words.duration(settings.restingCheckMinutes * 60)]),
            ]
        case .start:
            guard case .connected = environment.strap else { return [.say(.answer, .restingNeedsStrap)] }
            let length = TimeInterval(environment.settings.restingCheckMinutes * 60)
            state = RestingMeasurement(start: now, end: now.addingTimeInterval(length))
            return [.say(.answer, .restingStarted, ["duration": environment.words.duration(Int(length))]), .emit(.sensorWanted(true))]
        case .stop:
            guard state != nil else { return [] }
            state = nil
            return [.say(.answer, .restingStopped), .releaseStrap]
        case .whereAmI:
            guard let measurement = state else { return [] }
            let left = max(0, Int(measurement.end.timeIntervalSince(now).rounded(.up)))
            return [.say(.answer, .whereResting, ["duration": environment.words.duration(left)])]
        case .reading(let reading):
            guard var measurement = state, let heartRate = reading.plausibleHeartRate else { return [] }
            measurement.heartRates.append(heartRate)
            measurement.intervals += reading.rrIntervals.map { Double($0) * 1000 / 1024 }.filter {
                ReadingCheck.rrMilliseconds.contains(Int($0.rounded()))
            }
            state = measurement
            return []
        case .tick:
            guard let measurement = state, now >= measurement.end else { return [] }
            state = nil
            guard let hrv = HeartRateVariability.measure(measurement.intervals), !measurement.heartRates.isEmpty else {
                return [.releaseStrap, .say(.notice, .restingTooFew)]
            }
            let heartRate = Int((Double(measurement.heartRates.reduce(0, +)) / Double(measurement.heartRates.count)).rounded())
            let check = RestingCheck(
                start: measurement.start, heartRate: heartRate, rmssd: hrv.rmssd, artefacts: hrv.artefacts, intervals: hrv.kept)
            let week = DateInterval(start: measurement.start.addingTimeInterval(-Double(baselineDays) * 86_400), end: measurement.start)
            return [.releaseStrap, .emit(.load(StorageRequest(query: .restingChecks(week), purpose: .restingResult(check, hrv))))]
        case .answered(let check, let hrv, let earlier):
            return result(check, hrv, earlier: earlier, environment.words)
        }
    }

    /// The check's results, stored, with the baseline of the checks of the week before it.
    private static func result(_ check: RestingCheck, _ hrv: HeartRateVariability, earlier: [RestingCheck], _ words: Words) -> [FeatureStep]
    {
        var steps: [FeatureStep] = [
            .emit(.store(.restingCheck(check))), .say(.notice, .restingDone),
            .say(.notice, .restingHeartRate, ["bpm": words.beatsPerMinute(check.heartRate)]),
        ]
        steps += FeatureStep.variability(hrv, .notice, reliable: .answerHrvResting, words)
        guard !earlier.isEmpty else { return steps + [.say(.notice, .restingBaselineNone)] }
        let baseline = Int((earlier.map(\.rmssd).reduce(0, +) / Double(earlier.count)).rounded())
        let difference = Int(hrv.rmssd.rounded()) - baseline
        let values = ["baseline": words.number(baseline), "difference": words.number(abs(difference))]
        return steps + [
            .say(.notice, difference > 0 ? .restingBaselineAbove : difference < 0 ? .restingBaselineBelow : .restingBaselineSame, values)
        ]
    }
}
