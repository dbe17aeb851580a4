import Foundation

/// The resting check from Home: a few minutes sitting still with the strap on, then the resting
/// heart rate and the heart-rate variability (RMSSD), stored and compared with the user's own
/// baseline of the 7 days before.
struct RestingMeasurement: Sendable {
    var start: Date
    var end: Date
    var heartRates: [Int] = []
    /// RR intervals in milliseconds, oldest first.
    var intervals: [Double] = []
}

extension Heartline {
    static let baselineDays = 7

    /// The check's length in minutes, 3 unless set.
    var restingCheckMinutes: Int { settings.restingCheckMinutes }

    func restingCheckItems() -> [MenuItem] {
        [
            MenuItem(label: words(.restingStart), action: .startRestingCheck),
            MenuItem(label: words(.itemBack), action: .back),
        ]
    }

    mutating func cycleRestingCheckLength() {
        saveSettings { $0.cycleRestingCheckLength() }
        say(.answer, .restingLengthChanged, ["duration": words.duration(restingCheckMinutes * 60)])
    }

    mutating func startRestingCheck() {
        guard case .connected = sensors.strap else {
            say(.answer, .restingNeedsStrap)
            return
        }
        let length = TimeInterval(restingCheckMinutes * 60)
        training.resting = RestingMeasurement(start: now, end: now.addingTimeInterval(length))
        say(.answer, .restingStarted, ["duration": words.duration(Int(length))])
        emit(.sensorWanted(true))
    }

    /// Leaving the screen stops a check under way, said.
    mutating func stopRestingCheck() {
        guard training.resting != nil else { return }
        training.resting = nil
        say(.answer, .restingStopped)
        if training.workout == nil, training.recovery == nil { emit(.sensorWanted(false)) }
    }

    mutating func restingReading(_ reading: HeartRateReading) {
        guard var measurement = training.resting, let heartRate = reading.plausibleHeartRate else { return }
        measurement.heartRates.append(heartRate)
        measurement.intervals += reading.rrIntervals.map { Double($0) * 1000 / 1024 }.filter {
            ReadingCheck.rrMilliseconds.contains(Int($0.rounded()))
        }
        training.resting = measurement
    }

    /// Ends the check when its time is up: the results, one sentence each, and the baseline.
    mutating func watchRestingCheck() {
        guard let measurement = training.resting, now >= measurement.end else { return }
        training.resting = nil
        if training.workout == nil, training.recovery == nil { emit(.sensorWanted(false)) }
        guard let hrv = HeartRateVariability.measure(measurement.intervals), !measurement.heartRates.isEmpty else {
            say(.notice, .restingTooFew)
            return
        }
        let heartRate = Int((Double(measurement.heartRates.reduce(0, +)) / Double(measurement.heartRates.count)).rounded())
        let check = RestingCheck(
            start: measurement.start, heartRate: heartRate, rmssd: hrv.rmssd, artefacts: hrv.artefacts, intervals: hrv.kept)
        let week = DateInterval(start: measurement.start.addingTimeInterval(-Double(Self.baselineDays) * 86_400), end: measurement.start)
        read(.restingChecks(week), for: .restingResult(check, hrv))
    }

    /// The check's results, with the baseline of the checks of the week before it.
    mutating func sayRestingResult(_ check: RestingCheck, _ hrv: HeartRateVariability, earlier: [RestingCheck]) {
        let heartRate = check.heartRate
        write(.restingCheck(check))
        say(.notice, .restingDone)
        say(.notice, .restingHeartRate, ["bpm": words.beatsPerMinute(heartRate)])
        say(hrv, .notice, reliable: .answerHrvResting)
        guard !earlier.isEmpty else {
            say(.notice, .restingBaselineNone)
            return
        }
        let baseline = Int((earlier.map(\.rmssd).reduce(0, +) / Double(earlier.count)).rounded())
        let difference = Int(hrv.rmssd.rounded()) - baseline
        let values = ["baseline": words.number(baseline), "difference": words.number(abs(difference))]
        say(.notice, difference > 0 ? .restingBaselineAbove : difference < 0 ? .restingBaselineBelow : .restingBaselineSame, values)
    }
}
