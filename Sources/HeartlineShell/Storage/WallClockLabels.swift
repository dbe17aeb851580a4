import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineIO

/// The store the core's effects are written to, with each workout's start label corrected when
/// the wall clock stepped.
///
/// The core's time is the wall clock at launch plus monotonic time (`ShellClock`), so a workout's
/// length never depends on the wall clock. Its start label does: when a workout ends or is
/// saved, the start is moved by however far the wall clock has stepped since launch, so the
/// history says when the workout really began by the corrected wall clock. Steps under
/// `tolerance` (NTP slewing, rounding) are left alone.
final class WallClockLabels: WorkoutStore {
    private let store: any WorkoutStore
    private let offset: () -> TimeInterval
    private let log: (String) -> Void
    let tolerance: TimeInterval = 2
    /// Workouts whose correction was logged: one line each, not one per summary update.
    private var logged: Set<Int64> = []

    init(_ store: any WorkoutStore, offset: @escaping () -> TimeInterval, log: @escaping (String) -> Void) {
        self.store = store
        self.offset = offset
        self.log = log
    }

    func updateSummary(_ summary: WorkoutSummary) throws {
        try store.updateSummary(corrected(summary))
    }

    /// The upload owed is named after the corrected start, as the history says it.
    func saveWorkout(_ summary: WorkoutSummary, owing upload: OwedUpload?) throws {
        let summary = corrected(summary)
        try store.saveWorkout(summary, owing: upload.map { OwedUpload(service: $0.service, workout: summary.id, start: summary.start) })
    }

    private func corrected(_ summary: WorkoutSummary) -> WorkoutSummary {
        var summary = summary
        let step = offset()
        if summary.state != .recording, abs(step) >= tolerance {
            summary.start = summary.start.addingTimeInterval(step)
            if logged.insert(summary.id).inserted {
                log(
                    "clock: the wall clock moved \(plainNumber(step, decimals: 0)) seconds since launch; workout \(summary.id)'s start label corrected, its length kept"
                )
            }
        }
        return summary
    }

    // Everything else is the store's own.
    func profile() throws -> Profile { try store.profile() }
    func saveProfile(_ profile: Profile) throws { try store.saveProfile(profile) }
    func settings() throws -> Settings { try store.settings() }
    func saveSettings(_ settings: Settings) throws { try store.saveSettings(settings) }
    func lastConfiguration() throws -> WorkoutConfiguration? { try store.lastConfiguration() }
    func saveLastConfiguration(_ configuration: WorkoutConfiguration) throws { try store.saveLastConfiguration(configuration) }
    func beginWorkout(start: Date, configuration: WorkoutConfiguration) throws -> Int64 {
        try store.beginWorkout(start: start, configuration: configuration)
    }
    func beginWorkout(id: Int64, start: Date, configuration: WorkoutConfiguration) throws {
        try store.beginWorkout(id: id, start: start, configuration: configuration)
    }
    func highestWorkoutID() throws -> Int64 { try store.highestWorkoutID() }
    func append(_ samples: [Sample], to workout: Int64) throws { try store.append(samples, to: workout) }
    func flush() throws { try store.flush() }
    func deleteWorkout(_ id: Int64) throws { try store.deleteWorkout(id) }
    func savedWorkoutCount() throws -> Int { try store.savedWorkoutCount() }
    func savedWorkouts(offset: Int, limit: Int) throws -> [WorkoutSummary] { try store.savedWorkouts(offset: offset, limit: limit) }
    func savedWorkouts(startingIn interval: DateInterval) throws -> [WorkoutSummary] { try store.savedWorkouts(startingIn: interval) }
    func savedWorkoutCount(startingIn interval: DateInterval) throws -> Int { try store.savedWorkoutCount(startingIn: interval) }
    func workout(_ id: Int64) throws -> WorkoutSummary? { try store.workout(id) }
    func samples(of workout: Int64) throws -> [Sample] { try store.samples(of: workout) }
    func average(of metric: HistoryMetric, startingIn interval: DateInterval) throws -> (value: Double, count: Int)? {
        try store.average(of: metric, startingIn: interval)
    }
    func unfinishedWorkouts() throws -> [WorkoutSummary] { try store.unfinishedWorkouts() }
    func saveRestingCheck(_ check: RestingCheck) throws { try store.saveRestingCheck(check) }
    func restingChecks(startingIn interval: DateInterval) throws -> [RestingCheck] { try store.restingChecks(startingIn: interval) }
    func unwritten(_ workout: Int64) -> UnwrittenWork { store.unwritten(workout) }
    func unwrittenWorkouts() -> [Int64: UnwrittenWork] { store.unwrittenWorkouts() }
    var isWaitingForSpace: Bool { store.isWaitingForSpace }
    var writeFailure: StorageError? { store.writeFailure }
    var hasReserve: Bool { store.hasReserve }
}
