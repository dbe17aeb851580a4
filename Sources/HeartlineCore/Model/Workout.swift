import Foundation

/// One second of an active workout.
public struct Sample: Equatable, Sendable {
    /// Active seconds since the start when this second ended (1, 2, 3, ...): paused time is not counted.
    public var elapsed: Int
    /// Wall-clock seconds since the workout's start when this second ended (pauses included).
    public var wallOffset: Int
    /// The current heart rate, or nil when none was fresh (sensor lost, no contact, none yet).
    public var heartRate: Int?
    /// Beat-to-beat intervals that arrived during this second, in 1/1024 s, oldest first.
    public var rrIntervals: [Int]
    /// Speed, cadence and power in this second, when a sensor gave them.
    public var motion: Motion
    /// Metres covered from the start to the end of this second, when the workout has a source of
    /// distance (nil for heart rate only).
    public var distance: Double?

    public init(
        elapsed: Int, wallOffset: Int, heartRate: Int?, rrIntervals: [Int] = [], motion: Motion = Motion(), distance: Double? = nil
    ) {
        self.elapsed = elapsed
        self.wallOffset = wallOffset
        self.heartRate = heartRate
        self.rrIntervals = rrIntervals
        self.motion = motion
        self.distance = distance
    }
}

/// Where a stored workout is in its life.
public enum WorkoutState: String, Codable, Sendable {
    /// Being recorded now, or cut off by a crash before it ended (an unfinished workout).
    case recording
    /// Ended by the user, not yet saved or deleted (the summary screen).
    case ended
    /// Saved: part of the history.
    case saved
}

/// A workout's totals: what lists, details and averages speak.
public struct WorkoutSummary: Equatable, Sendable {
    public var id: Int64
    public var start: Date
    public var state: WorkoutState
    public var configuration: WorkoutConfiguration
    /// Active seconds (paused time excluded).
    public var duration: Int
    public var averageHeartRate: Int?
    public var maximumHeartRate: Int?
    /// Kilocalories, or nil when no heart rate was ever received.
    public var calories: Double?
    /// How far the heart rate fell 1 and 2 minutes after the end, in beats per minute; nil when
    /// not measured (a quiet strap, a quit before the mark, a workout from before recovery).
    public var recovery: [Int?] = [nil, nil]
    /// Banister's TRIMP, or nil when not computed.
    public var trainingLoad: Double?
    /// The active seconds at which the user began a new lap (the lap key), in order.
    public var laps: [Int] = []
    /// Seconds below zone 1 and in each zone, or nil when not yet counted.
    public var timeInZones: TimeInZones?
    /// Metres covered, or nil without a source of distance.
    public var distance: Double?
    /// The mean cadence of the seconds that had one (steps or revolutions per minute).
    public var averageCadence: Int?
    /// The mean power of the seconds that had one, in watts.
    public var averagePower: Int?
    public var maximumPower: Int?
    /// The active seconds at which a lap by distance ended (see `Laps`).
    public var distanceLaps: [Int] = []

    public init(
        id: Int64, start: Date, state: WorkoutState, configuration: WorkoutConfiguration, duration: Int,
        averageHeartRate: Int? = nil, maximumHeartRate: Int? = nil, calories: Double? = nil
    ) {
        self.id = id
        self.start = start
        self.state = state
        self.configuration = configuration
        self.duration = duration
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.calories = calories
    }
}

/// A per-workout value that history can list and average.
public enum HistoryMetric: String, CaseIterable, Codable, Sendable {
    case duration
    case averageHeartRate = "average-heart-rate"
    case maximumHeartRate = "maximum-heart-rate"
    case calories
    /// The heart rate's fall 1 minute after the end.
    case recovery
    /// Banister's TRIMP; its averages are totals per period (the load of the week).
    case trainingLoad = "training-load"
    /// Time in each heart-rate zone; like training load, totals per period.
    case zone1 = "zone-1"
    case zone2 = "zone-2"
    case zone3 = "zone-3"
    case zone4 = "zone-4"
    case zone5 = "zone-5"
    /// Metres; like training load, totals per period.
    case distance
    case averageCadence = "average-cadence"
    case averagePower = "average-power"

    /// The metrics the history menus list by name; the zones come after a choice of their own.
    public static let named: [HistoryMetric] = [
        .duration, .averageHeartRate, .maximumHeartRate, .calories, .recovery, .trainingLoad, .distance, .averageCadence,
        .averagePower,
    ]

    /// The zone metrics, zone 1 first.
    public static let zones: [HistoryMetric] = [.zone1, .zone2, .zone3, .zone4, .zone5]

    /// 1 to 5 for a zone metric.
    public var zone: Int? { Self.zones.firstIndex(of: self).map { $0 + 1 } }

    /// Whether a period's value is its total (load, time in a zone) rather than its mean.
    public var addsUp: Bool { self == .trainingLoad || self == .distance || zone != nil }

    /// This metric's value for one workout, or nil when unknown.
    public func value(of workout: WorkoutSummary) -> Double? {
        switch self {
        case .duration: Double(workout.duration)
        case .averageHeartRate: workout.averageHeartRate.map(Double.init)
        case .maximumHeartRate: workout.maximumHeartRate.map(Double.init)
        case .calories: workout.calories
        case .recovery: workout.recovery[0].map(Double.init)
        case .trainingLoad: workout.trainingLoad
        case .zone1, .zone2, .zone3, .zone4, .zone5: workout.timeInZones.map { Double($0.seconds[zone!]) }
        case .distance: workout.distance
        case .averageCadence: workout.averageCadence.map(Double.init)
        case .averagePower: workout.averagePower.map(Double.init)
        }
    }
}
