import Foundation

/// One workout's clock, samples and totals, with time as an input.
///
/// The engine counts active time only (pauses stop the clock), turns heart-rate readings into
/// one sample per active second, integrates calories per second over the seconds that had a
/// fresh heart rate, and says when an interval readout is due.
public struct WorkoutEngine: Sendable {
    /// A reading older than this is not a current heart rate (a strap that went quiet).
    public static let freshness: TimeInterval = 5

    public let start: Date
    public let configuration: WorkoutConfiguration
    public let calories: CalorieModel

    public private(set) var isPaused = false
    /// Active time accumulated before the current running stretch.
    private var banked: TimeInterval = 0
    /// When the current running stretch began (nil while paused).
    private var runningSince: Date?
    /// Samples produced so far (one per active second).
    public private(set) var recordedSeconds = 0
    private var heartRateSum = 0
    public private(set) var heartRateSeconds = 0
    public private(set) var maximumHeartRate: Int?
    public private(set) var kilocalories = 0.0
    private var lastReading: (reading: HeartRateReading, at: Date)?
    private var pendingRR: [Int] = []
    /// The next multiple of the readout interval, in active seconds.
    private var nextReadout: Int?

    public init(start: Date, configuration: WorkoutConfiguration, calories: CalorieModel) {
        self.start = start
        self.configuration = configuration
        self.calories = calories
        runningSince = start
        nextReadout = configuration.interval.seconds
    }

    /// Restores an engine for a workout recorded before (an unfinished workout resumed).
    public init(resuming summary: WorkoutSummary, calories: CalorieModel) {
        self.init(start: summary.start, configuration: summary.configuration, calories: calories)
        banked = TimeInterval(summary.duration)
        recordedSeconds = summary.duration
        runningSince = nil
        isPaused = true
        maximumHeartRate = summary.maximumHeartRate
        kilocalories = summary.calories ?? 0
        if let average = summary.averageHeartRate {
            // The per-second count is not kept in the summary; weight the old average by its duration.
            heartRateSeconds = summary.duration
            heartRateSum = average * summary.duration
        }
        if let interval = configuration.interval.seconds {
            nextReadout = (summary.duration / interval + 1) * interval
        }
    }

    /// Active seconds at `now`, fractional.
    public func elapsed(at now: Date) -> TimeInterval {
        banked + (runningSince.map { max(0, now.timeIntervalSince($0)) } ?? 0)
    }

    public var averageHeartRate: Int? {
        heartRateSeconds == 0 ? nil : Int((Double(heartRateSum) / Double(heartRateSeconds)).rounded())
    }

    /// Calories so far, or nil while no second has had a heart rate.
    public var caloriesBurned: Double? { heartRateSeconds == 0 ? nil : kilocalories }

    /// Why there is or is not a current heart rate.
    public enum CurrentHeartRate: Equatable, Sendable {
        case beats(Int)
        case noContact
        case stale(seconds: Int)
        case none
    }

    /// The heart rate to speak or record at `now`.
    public func currentHeartRate(at now: Date) -> CurrentHeartRate {
        Self.current(lastReading, at: now)
    }

    static func current(_ last: (reading: HeartRateReading, at: Date)?, at now: Date) -> CurrentHeartRate {
        guard let last else { return .none }
        let age = now.timeIntervalSince(last.at)
        if age > freshness { return .stale(seconds: Int(age.rounded(.down))) }
        if last.reading.contact == .lost { return .noContact }
        if last.reading.beatsPerMinute <= 0 { return .noContact }
        return .beats(last.reading.beatsPerMinute)
    }

    /// Whether the strap has skin contact at `now`: nil when it does not say, or has said
    /// nothing fresh.
    public func contact(at now: Date) -> Bool? {
        guard let last = lastReading, now.timeIntervalSince(last.at) <= Self.freshness else { return nil }
        switch last.reading.contact {
        case .unsupported: return nil
        case .detected: return true
        case .lost: return false
        }
    }

    /// Takes a reading from the strap. RR intervals are kept for the second they arrive in.
    public mutating func receive(_ reading: HeartRateReading, at now: Date) {
        lastReading = (reading, now)
        if !isPaused { pendingRR += reading.rrIntervals }
    }

    /// Forgets the last reading (the sensor dropped out): nothing stale is counted.
    public mutating func sensorLost() {
        lastReading = nil
        pendingRR.removeAll()
    }

    /// What a tick produced: the samples of the seconds that ended, and whether a readout is due.
    public struct Progress: Equatable, Sendable {
        public var samples: [Sample] = []
        public var readoutDue = false
    }

    /// Lets time pass to `now`: one sample for each active second that ended.
    ///
    /// When several readout boundaries pass in one tick (the loop was stalled), one readout is
    /// due, not several: a late readout is worth less than silence.
    public mutating func advance(to now: Date) -> Progress {
        var progress = Progress()
        let elapsedNow = elapsed(at: now)
        while Double(recordedSeconds + 1) <= elapsedNow + 1e-9 {
            recordedSeconds += 1
            // The wall-clock moment this second ended, for the freshness of the reading.
            let secondEnd = now.addingTimeInterval(Double(recordedSeconds) - elapsedNow)
            var heartRate: Int?
            if case .beats(let beats) = Self.current(lastReading, at: secondEnd) {
                heartRate = beats
                heartRateSum += beats
                heartRateSeconds += 1
                maximumHeartRate = max(maximumHeartRate ?? 0, beats)
                kilocalories += calories.kilocaloriesPerMinute(heartRate: beats) / 60
            }
            let wallOffset = Int(secondEnd.timeIntervalSince(start).rounded())
            progress.samples.append(Sample(elapsed: recordedSeconds, wallOffset: wallOffset, heartRate: heartRate, rrIntervals: pendingRR))
            pendingRR.removeAll()
        }
        if let interval = configuration.interval.seconds, var due = nextReadout, recordedSeconds >= due {
            while due <= recordedSeconds { due += interval }
            nextReadout = due
            progress.readoutDue = true
        }
        return progress
    }

    /// Stops the clock. Call `advance(to:)` first so the seconds before the pause are recorded.
    public mutating func pause(at now: Date) {
        guard !isPaused else { return }
        banked = elapsed(at: now)
        runningSince = nil
        isPaused = true
        pendingRR.removeAll()
    }

    public mutating func resume(at now: Date) {
        guard isPaused else { return }
        runningSince = now
        isPaused = false
    }

    /// The totals as stored.
    public func summary(id: Int64, state: WorkoutState) -> WorkoutSummary {
        WorkoutSummary(
            id: id, start: start, state: state, configuration: configuration, duration: recordedSeconds,
            averageHeartRate: averageHeartRate, maximumHeartRate: maximumHeartRate, calories: caloriesBurned)
    }
}
