import Foundation
import HeartlineCore

/// Persistent storage for the profile, the last configuration and the workouts.
///
/// `SQLiteStore` implements it; the shell's adapters wrap it (`BackgroundCommits` hands writes
/// to a storage thread). Only `StorageEdge` and the shell's own tools call it, never the core;
/// tests use SQLite on a temporary directory, never a mock.
public protocol WorkoutStore: AnyObject {
    func profile() throws -> Profile
    func saveProfile(_ profile: Profile) throws

    /// Everything set in Settings; the defaults when nothing was.
    func settings() throws -> Settings
    /// Stores the settings as a whole, in one transaction.
    func saveSettings(_ settings: Settings) throws

    func lastConfiguration() throws -> WorkoutConfiguration?
    func saveLastConfiguration(_ configuration: WorkoutConfiguration) throws

    /// Creates a workout in the `recording` state and returns its id.
    ///
    /// A full disk does not refuse it: the workout is held in memory under that id and written
    /// with the first commit that finds space; `unwritten(_:)` and `isWaitingForSpace` say so.
    func beginWorkout(start: Date, configuration: WorkoutConfiguration) throws -> Int64
    /// The same under an id the caller chose, one above every id `highestWorkoutID` gave: for a
    /// caller that hands the write to another thread and needs the id at once.
    func beginWorkout(id: Int64, start: Date, configuration: WorkoutConfiguration) throws
    /// The highest id a workout has, or is held in memory under; 0 when there is none.
    func highestWorkoutID() throws -> Int64
    /// Adds samples to a recording workout. They may be buffered; a power cut loses at most
    /// the last five seconds. On `StorageError.diskFull` the samples stay buffered and are
    /// written by a later call.
    func append(_ samples: [Sample], to workout: Int64) throws
    /// The same for a caller that gathers samples itself and hands them over once a batch is
    /// due: commits now (unless a failed commit waits for its retry), so that gathering does not
    /// add a second wait to the five seconds a power cut may lose.
    func appendBatch(_ samples: [Sample], to workout: Int64) throws
    /// Replaces a workout's totals and state (pause, end, save). A state other than `recording`
    /// spends the reserve on a full disk, as `flush` does.
    func updateSummary(_ summary: WorkoutSummary) throws
    /// Makes everything appended so far durable. On a full disk it spends the reserve (see
    /// `hasReserve`): the end of a workout, and leaving, can still be written once.
    func flush() throws
    /// Saves a workout (its totals, state `saved`) and, with `upload`, queues its upload in the
    /// same transaction; durable when it returns, as `updateSummary` then `flush` are.
    func saveWorkout(_ summary: WorkoutSummary, owing upload: OwedUpload?) throws
    /// What of `workout` is only in memory now. Empty after a write that succeeded.
    func unwritten(_ workout: Int64) -> UnwrittenWork
    /// Every workout with something only in memory, and what: what leaving now would lose.
    func unwrittenWorkouts() -> [Int64: UnwrittenWork]
    /// Whether the last write attempt found the disk full; until one succeeds, whatever
    /// `unwritten(_:)` counts is in memory only and is lost if the program stops.
    var isWaitingForSpace: Bool { get }
    /// Why the last write attempt failed (`.diskFull` or `.deviceFailing`), nil once one
    /// succeeds: until then, whatever `unwritten(_:)` counts is in memory only.
    var writeFailure: StorageError? { get }
    /// Whether space is still set aside for writing the end of a workout on a full disk.
    var hasReserve: Bool { get }
    func deleteWorkout(_ id: Int64) throws

    /// The number of saved workouts.
    func savedWorkoutCount() throws -> Int
    /// Saved workouts, newest first.
    func savedWorkouts(offset: Int, limit: Int) throws -> [WorkoutSummary]
    /// Saved workouts that started in `interval`, newest first.
    func savedWorkouts(startingIn interval: DateInterval) throws -> [WorkoutSummary]
    /// How many saved workouts started in `interval`.
    func savedWorkoutCount(startingIn interval: DateInterval) throws -> Int
    func workout(_ id: Int64) throws -> WorkoutSummary?
    /// Every sample of a workout, in order.
    func samples(of workout: Int64) throws -> [Sample]
    /// The mean of `metric` over saved workouts that started in `interval` (workouts where the
    /// metric is unknown are left out), with how many workouts counted; nil when none did.
    func average(of metric: HistoryMetric, startingIn interval: DateInterval) throws -> (value: Double, count: Int)?
    /// Workouts left `recording` or `ended` by a crash or a killed process, newest first.
    func unfinishedWorkouts() throws -> [WorkoutSummary]

    /// Stores a resting check.
    func saveRestingCheck(_ check: RestingCheck) throws
    /// The resting checks that started in `interval`, oldest first.
    func restingChecks(startingIn interval: DateInterval) throws -> [RestingCheck]
}

extension WorkoutStore {
    public func appendBatch(_ samples: [Sample], to workout: Int64) throws {
        try append(samples, to: workout)
    }
}
