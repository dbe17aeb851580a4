import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineStorage

/// The store `StorageEdge` carries the core's effects out on, with the writes of a recording
/// workout handed to a storage thread, so that a slow disk never holds the loop.
///
/// `append` commits every five seconds, with an fsync or two, and pause and end flush: on a worn
/// SD card or a busy disk each took a second, during which no key, readout or strap notification
/// was handled. Here samples, a recording or ended workout's totals and flushes return at once;
/// the storage thread carries them out in order. Samples are gathered on the loop's thread and
/// handed over as one batch when the store's five seconds are up, committed as they arrive: the
/// storage thread wakes once a batch, not once a second, and a power cut loses no more. A failure (a full disk) is thrown by the next
/// of those calls: the store keeps unsaved samples buffered either way, so the edge hears of it
/// one call later (and tells the core with `Input.storage`) and nothing is lost. Everything else (creating a workout, saving it, reads)
/// waits for the writes before it, so it sees every sample; the last configuration, saved as a
/// workout starts, is written just after the workout is begun.
final class BackgroundCommits: WorkoutStore {
    /// The store, confined to `queue`, and the last append's failure, not yet thrown.
    private final class Confined: @unchecked Sendable {
        let store: any WorkoutStore
        let failure = Locked<(any Error)?>(nil)
        /// The store's disk state after the last operation on the storage thread, for the loop
        /// to read without waiting (one call late, as failures are).
        let waitingForSpace: Locked<Bool>
        let writeFailure: Locked<StorageError?>
        let reserve: Locked<Bool>
        init(_ store: any WorkoutStore) {
            self.store = store
            waitingForSpace = Locked(store.isWaitingForSpace)
            writeFailure = Locked(store.writeFailure)
            reserve = Locked(store.hasReserve)
        }

        /// Called on the storage thread after each operation.
        func noteDiskState() {
            let waiting = store.isWaitingForSpace
            let failure = store.writeFailure
            let reserved = store.hasReserve
            waitingForSpace.withLock { $0 = waiting }
            writeFailure.withLock { $0 = failure }
            reserve.withLock { $0 = reserved }
        }
    }

    private let confined: Confined
    private let queue = Worker("heartline.storage")
    /// The configuration of the workout being started, not yet handed over (loop thread only).
    private var unsavedConfiguration: WorkoutConfiguration?
    /// The workouts whose save went through here (loop thread only).
    private var saved: Set<Int64> = []
    /// Samples gathered since the last hand-over, and when the first came (loop thread only).
    private var batch: (workout: Int64, samples: [Sample], since: ContinuousClock.Instant)?
    private let batchInterval = Duration.seconds(SQLiteStore.batchInterval)

    /// The loop's clock, for the batches' five seconds.
    private let clock: () -> ContinuousClock.Instant

    init(_ store: any WorkoutStore, clock: @escaping () -> ContinuousClock.Instant = { .now }) {
        confined = Confined(store)
        self.clock = clock
    }

    func append(_ samples: [Sample], to workout: Int64) throws {
        if let batch, batch.workout != workout { moveBatch() }
        let now = clock()
        batch = (workout, (batch?.samples ?? []) + samples, batch?.since ?? now)
        guard now - batch!.since >= batchInterval else {
            if let earlier = takeFailure() { throw earlier }
            return
        }
        let due = batch!
        batch = nil
        try handOver { try $0.appendBatch(due.samples, to: due.workout) }
    }

    /// Hands the gathered samples over to be buffered by the store, before whatever comes next,
    /// which may commit them (a summary, a flush) or read them.
    private func moveBatch() {
        guard let gathered = batch else { return }
        batch = nil
        enqueue { try $0.append(gathered.samples, to: gathered.workout) }
    }

    private func takeFailure() -> (any Error)? {
        confined.failure.withLock { error -> (any Error)? in
            defer { error = nil }
            return error
        }
    }

    /// A recording or ended workout's totals (pause, contact lost, end) go over like samples; a
    /// save waits, so that "Workout saved." is only said once it is. A workout saved through
    /// here that changes again (its heart-rate recovery, measured 1 and 2 minutes after the
    /// end) goes over like samples too: nothing is said about that write.
    func updateSummary(_ summary: WorkoutSummary) throws {
        guard summary.state != .saved || saved.contains(summary.id) else {
            try waiting { try $0.updateSummary(summary) }
            saved.insert(summary.id)
            return
        }
        try handOver { try $0.updateSummary(summary) }
    }

    func flush() throws {
        try handOver { try $0.flush() }
    }

    /// Waits, as a save does.
    func saveWorkout(_ summary: WorkoutSummary, owing upload: OwedUpload?) throws {
        try waiting { try $0.saveWorkout(summary, owing: upload) }
        saved.insert(summary.id)
    }

    /// Waits for everything handed over: call before the process exits.
    func finish() {
        handOverConfiguration()
        moveBatch()
        queue.sync {}
    }

    /// Runs `body` on the storage thread later; throws the failure of an earlier hand-over, if
    /// one failed since the last call.
    private func handOver(_ body: @escaping @Sendable (any WorkoutStore) throws -> Void) throws {
        handOverConfiguration()
        moveBatch()
        let earlier = takeFailure()
        enqueue(body)
        if let earlier { throw earlier }
    }

    /// The last configuration, kept by `saveLastConfiguration`, goes to the storage thread
    /// before whatever comes next, so every later call sees it; its failure is thrown by the
    /// next hand-over, as an append's is.
    private func handOverConfiguration() {
        guard let configuration = unsavedConfiguration else { return }
        unsavedConfiguration = nil
        enqueue { try $0.saveLastConfiguration(configuration) }
    }

    private func enqueue(_ body: @escaping @Sendable (any WorkoutStore) throws -> Void) {
        queue.async { [confined] in
            do {
                try body(confined.store)
            } catch {
                confined.failure.withLock { $0 = error }
            }
            confined.noteDiskState()
        }
    }

    /// Runs `body` on the storage thread after every append handed over before it.
    private func waiting<T>(_ body: (any WorkoutStore) throws -> T) throws -> T {
        handOverConfiguration()
        moveBatch()
        return try queue.sync {
            defer { confined.noteDiskState() }
            return try body(confined.store)
        }
    }

    // What is only in memory waits for every write handed over before it: a sentence about
    // storage is said after them. Whether the disk is full is read without waiting.
    func unwritten(_ workout: Int64) -> UnwrittenWork {
        moveBatch()
        return queue.sync { confined.store.unwritten(workout) }
    }
    func unwrittenWorkouts() -> [Int64: UnwrittenWork] {
        moveBatch()
        return queue.sync { confined.store.unwrittenWorkouts() }
    }
    var isWaitingForSpace: Bool { confined.waitingForSpace.withLock { $0 } }
    var writeFailure: StorageError? { confined.writeFailure.withLock { $0 } }
    var hasReserve: Bool { confined.reserve.withLock { $0 } }

    func profile() throws -> Profile { try waiting { try $0.profile() } }
    func saveProfile(_ profile: Profile) throws { try waiting { try $0.saveProfile(profile) } }
    func settings() throws -> Settings { try waiting { try $0.settings() } }
    func saveSettings(_ settings: Settings) throws { try waiting { try $0.saveSettings(settings) } }
    func lastConfiguration() throws -> WorkoutConfiguration? { try waiting { try $0.lastConfiguration() } }
    /// Kept until the next call: starting a workout saves its configuration and then begins
    /// it, and the configuration goes to the storage thread after the begin.
    func saveLastConfiguration(_ configuration: WorkoutConfiguration) throws {
        handOverConfiguration()
        unsavedConfiguration = configuration
    }
    /// The core gives each workout its id (`beginWorkout(id:start:configuration:)`); a caller
    /// that asks the store for one waits for the writes before it.
    func beginWorkout(start: Date, configuration: WorkoutConfiguration) throws -> Int64 {
        let id = try highestWorkoutID() + 1
        try beginWorkout(id: id, start: start, configuration: configuration)
        return id
    }
    /// Goes to the storage thread like the samples after it, the configuration saved just
    /// before following it: a slow card never holds the start.
    func beginWorkout(id: Int64, start: Date, configuration: WorkoutConfiguration) throws {
        let later = unsavedConfiguration
        unsavedConfiguration = nil
        enqueue { try $0.beginWorkout(id: id, start: start, configuration: configuration) }
        if let later { enqueue { try $0.saveLastConfiguration(later) } }
        saved.remove(id)
    }
    func highestWorkoutID() throws -> Int64 { try waiting { try $0.highestWorkoutID() } }
    /// The id of a deleted workout can be given again to the next one, whose save must wait.
    func deleteWorkout(_ id: Int64) throws {
        saved.remove(id)
        try waiting { try $0.deleteWorkout(id) }
    }
    func savedWorkoutCount() throws -> Int { try waiting { try $0.savedWorkoutCount() } }
    func savedWorkouts(offset: Int, limit: Int) throws -> [WorkoutSummary] {
        try waiting { try $0.savedWorkouts(offset: offset, limit: limit) }
    }
    func savedWorkouts(startingIn interval: DateInterval) throws -> [WorkoutSummary] {
        try waiting { try $0.savedWorkouts(startingIn: interval) }
    }
    func savedWorkoutCount(startingIn interval: DateInterval) throws -> Int {
        try waiting { try $0.savedWorkoutCount(startingIn: interval) }
    }
    func workout(_ id: Int64) throws -> WorkoutSummary? { try waiting { try $0.workout(id) } }
    func samples(of workout: Int64) throws -> [Sample] { try waiting { try $0.samples(of: workout) } }
    func average(of metric: HistoryMetric, startingIn interval: DateInterval) throws -> (value: Double, count: Int)? {
        try waiting { try $0.average(of: metric, startingIn: interval) }
    }
    func unfinishedWorkouts() throws -> [WorkoutSummary] { try waiting { try $0.unfinishedWorkouts() } }
    func saveRestingCheck(_ check: RestingCheck) throws { try waiting { try $0.saveRestingCheck(check) } }
    func restingChecks(startingIn interval: DateInterval) throws -> [RestingCheck] {
        try waiting { try $0.restingChecks(startingIn: interval) }
    }
}
