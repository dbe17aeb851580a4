import Foundation

/// A write the core asks of storage, carried out at the edge in the order given.
///
/// Its failure never throws into the core: the edge answers with `Input.storage` when the
/// disk's state changes (full, failing, writing again).
public enum StorageWrite: Equatable, Sendable {
    case profile(Profile)
    /// Every setting, stored as a whole.
    case settings(Settings)
    case lastConfiguration(WorkoutConfiguration)
    /// A workout starts recording under `id`, one above every id the store gave before.
    case begin(id: Int64, start: Date, configuration: WorkoutConfiguration)
    case append([Sample], workout: Int64)
    /// A workout's totals and state (recording, paused, ended).
    case summary(WorkoutSummary)
    /// A workout's heart-rate recovery, measured after its end (whatever its state is by then).
    case recovery(workout: Int64, drops: [Int?])
    /// Everything written so far made durable.
    case flush
    case delete(Int64)
    case restingCheck(RestingCheck)
    /// A workout saved (its totals, then a flush); answered with `Input.saved`, so that "saved"
    /// is only said once it is. With `upload`, its upload is queued in the same transaction, so
    /// a saved workout that is to be uploaded is owed even if Heartline dies the next moment.
    case save(WorkoutSummary, upload: Bool = false)
}

/// A question for storage, answered with `Input.loaded`.
public enum StorageQuery: Equatable, Sendable {
    /// Saved workouts, newest first: at most `limit` from `offset`, with how many there are.
    case savedWorkouts(offset: Int, limit: Int)
    /// Saved workouts that started in `interval`, newest first.
    case savedWorkoutsStarting(DateInterval)
    /// The mean of `metric` over the saved workouts that started in each interval.
    case averages(HistoryMetric, [DateInterval])
    /// Every sample of a workout, in order.
    case samples(Int64)
    /// The resting checks that started in `interval`, oldest first.
    case restingChecks(DateInterval)
    /// What of each workout waits in memory, once everything written before is through.
    case unwritten
    /// The Zwift and FIT workout files of the plans folder in its order (`PlanFolderOrder`):
    /// at most `limit` from `offset` of those whose file or plan name has every word of
    /// `matching` (all of them when it is empty), with how many there are.
    case planFiles(offset: Int, limit: Int, matching: String)
}

/// Storage's answer to a `StorageQuery`, case for case.
public enum StorageAnswer: Equatable, Sendable {
    case workouts([WorkoutSummary], total: Int)
    /// Each interval's mean (nil when no workout counted) and how many workouts counted; where
    /// none did, how many saved workouts started in the interval all the same, without the metric.
    case averages(values: [Double?], counts: [Int])
    case samples([Sample])
    case restingChecks([RestingCheck])
    case unwritten([Int64: UnwrittenWork])
    case planFiles([PlanFile], total: Int)
}

/// A read the core asked for, with what the answer is for. The edge looks at `query` only and
/// hands the request back with its answer.
public struct StorageRequest: Equatable, Sendable {
    public let query: StorageQuery
    let purpose: ReadPurpose
}

/// What a read's answer is for: the core's own business.
enum ReadPurpose: Equatable, Sendable {
    case openList(ListKind, page: Int)
    case turnPage(ListKind, page: Int)
    /// The list is shown again after a return; `present` says it whole, else where the user is.
    case refreshList(ListKind, page: Int, present: Bool)
    case openDay(DateInterval)
    case details(number: Int, ListKind, ListPage)
    case averages(HistoryMetric, [AveragePeriod])
    case timeInZones
    case laps(WorkoutSummary)
    case restingResult(RestingCheck, HeartRateVariability)
    case leave([Screen])
    /// A page of the plans folder (`matching` its words), entered as `arrival` says.
    case planFiles(page: Int, matching: String, PlanPageArrival)
}

/// How a page of the plans folder comes on screen.
enum PlanPageArrival: Equatable, Sendable {
    /// From the plan step: above it.
    case open
    /// Next or previous, or a search: in the place of the page shown.
    case replace
}

/// What the store held when Heartline started: read once, before the first input.
public struct StoredState: Equatable, Sendable {
    public var settings = Settings()
    public var profile = Profile()
    public var lastConfiguration: WorkoutConfiguration?
    /// The id the next workout gets: one above every id the store has given.
    public var nextWorkoutID: Int64 = 1
    /// Workouts left recording or ended by a crash or a killed process, newest first, each with
    /// its samples.
    public private(set) var unfinished: [UnfinishedWorkout] = []

    /// An empty store's: the defaults, no workouts.
    public init() {}

    /// Adds a workout a crash left behind, as stored, with its samples (newest first).
    public mutating func addUnfinished(_ summary: WorkoutSummary, samples: [Sample]) {
        unfinished.append(UnfinishedWorkout(summary: summary, samples: samples))
    }
}

/// A workout a crash left behind, as stored, with its samples.
public struct UnfinishedWorkout: Equatable, Sendable {
    public var summary: WorkoutSummary
    public var samples: [Sample]
}

extension ReadPurpose {
    /// The same purpose for another page of its list.
    func onPage(_ page: Int) -> ReadPurpose {
        switch self {
        case .openList(let kind, _): .openList(kind, page: page)
        case .turnPage(let kind, _): .turnPage(kind, page: page)
        case .refreshList(let kind, _, let present): .refreshList(kind, page: page, present: present)
        case .planFiles(_, let matching, let arrival): .planFiles(page: page, matching: matching, arrival)
        case .openDay, .details, .averages, .timeInZones, .laps, .restingResult, .leave: self
        }
    }
}
