import Foundation

/// What records in time: the workout, the recovery measured after it ends, a resting check.
/// The workout's part is `WorkoutFeature`'s state; the resting check is `RestingCheckFeature`'s.
struct Training: Equatable, Sendable {
    var workout: ActiveWorkout?
    /// The recovery after the last end is being measured: the strap is still listened to.
    var recovery: RecoveryWatch?
    /// A resting check under way.
    var resting: RestingMeasurement?
    /// What the workout asked of the fitness machine, and what it said of it.
    var machine = MachineSteering()
    /// A readout that came due while an announcement was said: said after it while fresh.
    var pendingReadout: Date?
    /// An interval readout that came due a few seconds before a distance readout: held so that
    /// both are said once, the split first.
    var heldReadout: Date?
    /// A distance readout passed while a question or a typed line waited: said when it is done.
    var unsaidSplit: Split?
    /// When the last distance readout was said: an interval readout due soon after is said in it.
    var lastDistanceReadout: Date?
    /// Whether "no strap connected" was said for this workout.
    var saidNoStrap = false

    /// A distance readout: its number and the seconds its distance took.
    struct Split: Equatable, Sendable {
        var number: Int
        var split: Int
    }

    /// Whether the user heard this workout start without a strap: its arrival is news.
    var awaitsStrap: Bool { workout != nil && saidNoStrap }

    /// Whether time and the strap are needed.
    var isRecording: Bool { workout != nil || recovery != nil || resting != nil }
}

/// What the workout asked of the fitness machine this run, and what it said of it.
struct MachineSteering: Equatable, Sendable {
    /// Whether the user heard that the heart rate comes from the machine (once per connection).
    var saidHeartRate = false
    /// The last target asked of each, in its unit, for the up and down keys.
    var targets: [MachineTarget: Double] = [:]
    /// Whether the machine Heartline paused with the workout is still paused after the workout
    /// resumed: each readout reminds the user how to start it, until it is started or moves.
    var leftPaused = false
}

/// The workout being recorded.
struct ActiveWorkout: Sendable {
    var id: Int64
    var engine: WorkoutEngine
    var zone: ZoneCoach?
    var plan: PlanCoach?
    var contact: ContactWatch
    /// Whether the "improves with a profile" sentence was said this workout.
    var saidProfileHint = false
    /// When the workout was paused, by the user or by the strap's contact.
    var pausedAt: Date?
    /// The last minute of samples, for heart-rate variability.
    var recent: [Sample] = []
    /// The lap running: its number, the active second it began at, and its heart rates.
    var lap = Lap()

    struct Lap: Equatable, Sendable {
        var number = 1
        var start = 0
        var heartRates: [Int] = []
    }
    /// The lap that ended last, by the lap key or a plan's phase, and the seconds it lasted: read
    /// again when the lap key comes in the second the next one began.
    var endedLap: (lap: Lap, seconds: Int)?

    static let recentSeconds = 60

    /// Banister's TRIMP so far, with the profile read when the workout started.
    var trainingLoad = 0.0
    var loadProfile = Profile() {
        didSet { timeInZones = TimeInZones(zones: HeartRateZones(profile: loadProfile)) }
    }
    /// Seconds in each zone so far, with the zones of the profile read when it started.
    var timeInZones = TimeInZones(zones: HeartRateZones(profile: Profile()))
    /// The active seconds at which the user began a new lap.
    var lapMarks: [Int] = []

    /// The engine's totals with the training load, the time in zones and the laps.
    func summary(_ state: WorkoutState) -> WorkoutSummary {
        var summary = engine.summary(id: id, state: state)
        summary.trainingLoad = trainingLoad
        summary.timeInZones = timeInZones
        summary.laps = lapMarks
        return summary
    }

    /// Counts a recorded second into the lap running; a plan phase that begins after it begins a
    /// new lap, as the exports cut them.
    mutating func countLap(_ sample: Sample) {
        if let heartRate = sample.heartRate { lap.heartRates.append(heartRate) }
        let byPlan = plan?.isBoundary(sample.elapsed) ?? false
        if byPlan || (engine.configuration.plan == nil && engine.distanceLaps.contains(sample.elapsed)) {
            endedLap = (lap, sample.elapsed - lap.start)
            lap = Lap(number: lap.number + 1, start: sample.elapsed)
        }
    }
}

extension ActiveWorkout: Equatable {
    /// Two workouts are alike when what they recorded and said is: the engine is compared by its
    /// totals, its recorded seconds and whether it is paused, the coaches by where they stand.
    static func == (lhs: ActiveWorkout, rhs: ActiveWorkout) -> Bool {
        lhs.id == rhs.id && lhs.engine.totals == rhs.engine.totals && lhs.engine.recordedSeconds == rhs.engine.recordedSeconds
            && lhs.engine.isPaused == rhs.engine.isPaused && lhs.zone?.position == rhs.zone?.position
            && lhs.plan?.plan == rhs.plan?.plan && lhs.contact.pausedByContact == rhs.contact.pausedByContact
            && lhs.contact.isLost == rhs.contact.isLost && lhs.saidProfileHint == rhs.saidProfileHint && lhs.pausedAt == rhs.pausedAt
            && lhs.recent == rhs.recent && lhs.lap == rhs.lap && lhs.trainingLoad == rhs.trainingLoad
            && lhs.timeInZones == rhs.timeInZones && lhs.lapMarks == rhs.lapMarks
            && lhs.endedLap?.lap == rhs.endedLap?.lap && lhs.endedLap?.seconds == rhs.endedLap?.seconds
    }
}

/// The two minutes after an end: the strap is still heard, and the heart rate's fall is measured
/// at 1 and 2 minutes from the mean of the last 10 seconds before the end.
struct RecoveryWatch: Equatable, Sendable {
    var id: Int64
    var endedAt: Date
    var recovery: HeartRateRecovery
    /// The last plausible heart rate and when it came.
    var lastReading: Reading?
    /// The marks (indexes into `HeartRateRecovery.marks`) already measured.
    var measured = 0

    struct Reading: Equatable, Sendable {
        var heartRate: Int
        var at: Date
    }
}
