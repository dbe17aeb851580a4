import Foundation

/// Why storage failed, in terms the core can say in one sentence.
public enum StorageError: Error, Equatable, Sendable {
    /// The disk is full; unsaved samples are kept in memory and written when space returns.
    case diskFull
    /// Another Heartline holds the data directory.
    case locked
    /// The database could not be read; it was moved aside to `movedTo` and a fresh one started.
    case corrupt(movedTo: String)
    /// Any other failure, with SQLite's or the system's own words for the log.
    case failed(String)
}

/// Persistent storage for the profile, the last configuration and the workouts.
///
/// The core calls it synchronously on the loop's thread. HeartlineStorage implements it on SQLite;
/// tests use that implementation on a temporary directory, never a mock.
public protocol WorkoutStore: AnyObject {
    func profile() throws -> Profile
    func saveProfile(_ profile: Profile) throws

    /// A named setting (speech rate, sensor address, ...), or nil when never set.
    func setting(_ key: String) throws -> String?
    /// Stores a named setting; nil removes it.
    func setSetting(_ key: String, to value: String?) throws

    func lastConfiguration() throws -> WorkoutConfiguration?
    func saveLastConfiguration(_ configuration: WorkoutConfiguration) throws

    /// Creates a workout in the `recording` state and returns its id.
    func beginWorkout(start: Date, configuration: WorkoutConfiguration) throws -> Int64
    /// Adds samples to a recording workout. They may be buffered; a power cut loses at most
    /// the last five seconds. On `StorageError.diskFull` the samples stay buffered and are
    /// written by a later call.
    func append(_ samples: [Sample], to workout: Int64) throws
    /// Replaces a workout's totals and state (pause, end, save).
    func updateSummary(_ summary: WorkoutSummary) throws
    /// Makes everything appended so far durable.
    func flush() throws
    func deleteWorkout(_ id: Int64) throws

    /// The number of saved workouts.
    func savedWorkoutCount() throws -> Int
    /// Saved workouts, newest first.
    func savedWorkouts(offset: Int, limit: Int) throws -> [WorkoutSummary]
    /// Saved workouts that started in `interval`, newest first.
    func savedWorkouts(startingIn interval: DateInterval) throws -> [WorkoutSummary]
    func workout(_ id: Int64) throws -> WorkoutSummary?
    /// Every sample of a workout, in order.
    func samples(of workout: Int64) throws -> [Sample]
    /// The mean of `metric` over saved workouts that started in `interval` (workouts where the
    /// metric is unknown are left out), with how many workouts counted; nil when none did.
    func average(of metric: HistoryMetric, startingIn interval: DateInterval) throws -> (value: Double, count: Int)?
    /// Workouts left `recording` or `ended` by a crash or a killed process, newest first.
    func unfinishedWorkouts() throws -> [WorkoutSummary]
}
