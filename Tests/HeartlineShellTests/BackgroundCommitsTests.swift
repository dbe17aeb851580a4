import Dispatch
import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

@testable import HeartlineShell

/// A real store whose last-configuration write, or once `holdsUpdates` is set its summary
/// updates, wait until the test opens its gate: a disk whose fsync does not come back, without
/// timing anything.
private final class GatedStore: WorkoutStore, @unchecked Sendable {
    let store: SQLiteStore
    let gate = DispatchSemaphore(value: 0)
    let holdsConfiguration: Bool
    /// Set by the test, read on the storage thread: behind a lock.
    var holdsUpdates: Bool {
        get { lock.withLock { held } }
        set { lock.withLock { held = newValue } }
    }
    private let lock = NSLock()
    private var held = false

    init(_ store: SQLiteStore, holdsConfiguration: Bool) {
        self.store = store
        self.holdsConfiguration = holdsConfiguration
    }

    func saveLastConfiguration(_ configuration: WorkoutConfiguration) throws {
        if holdsConfiguration { gate.wait() }
        try store.saveLastConfiguration(configuration)
    }
    func updateSummary(_ summary: WorkoutSummary) throws {
        if holdsUpdates { gate.wait() }
        try store.updateSummary(summary)
    }

    func profile() throws -> Profile { try store.profile() }
    func saveProfile(_ profile: Profile) throws { try store.saveProfile(profile) }
    func settings() throws -> Settings { try store.settings() }
    func saveSettings(_ settings: Settings) throws { try store.saveSettings(settings) }
    func lastConfiguration() throws -> WorkoutConfiguration? { try store.lastConfiguration() }
    func beginWorkout(start: Date, configuration: WorkoutConfiguration) throws -> Int64 {
        try store.beginWorkout(start: start, configuration: configuration)
    }
    func append(_ samples: [Sample], to workout: Int64) throws {
        lock.withLock { handed.append("append \(samples.count)") }
        try store.append(samples, to: workout)
    }
    func appendBatch(_ samples: [Sample], to workout: Int64) throws {
        lock.withLock { handed.append("batch \(samples.count)") }
        try store.appendBatch(samples, to: workout)
    }
    /// How samples reached the store, in order: "batch 6", "append 1".
    var handedSamples: [String] { lock.withLock { handed } }
    private var handed: [String] = []
    func flush() throws { try store.flush() }
    func saveWorkout(_ summary: WorkoutSummary, owing upload: OwedUpload?) throws {
        if holdsUpdates { gate.wait() }
        try store.saveWorkout(summary, owing: upload)
    }
    func unwritten(_ workout: Int64) -> UnwrittenWork { store.unwritten(workout) }
    func unwrittenWorkouts() -> [Int64: UnwrittenWork] { store.unwrittenWorkouts() }
    var isWaitingForSpace: Bool { store.isWaitingForSpace }
    var hasReserve: Bool { store.hasReserve }
    var writeFailure: StorageError? { store.writeFailure }
    func beginWorkout(id: Int64, start: Date, configuration: WorkoutConfiguration) throws {
        if holdsUpdates { gate.wait() }
        try store.beginWorkout(id: id, start: start, configuration: configuration)
    }
    func highestWorkoutID() throws -> Int64 { try store.highestWorkoutID() }
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
}

/// The shell's storage thread: what the loop waits for when a workout starts.
@Suite(.timed, .tags(.threads)) struct BackgroundCommitsTests {
    /// A sample a second reaches the storage thread once every five seconds, as one batch the
    /// store commits at once (its own clock, stopped here, would have held them); what is
    /// gathered when something else comes is handed over before it, so a read sees every second.
    @Test func samplesGoOverInBatchesCommittedAsTheyArrive() throws {
        let directory = TemporaryDirectory()
        let wall = Date(timeIntervalSince1970: 1_780_000_000)
        let store = try SQLiteStore(directory: directory.path + "/data", now: { wall }, checkAtOpen: false)
        let gated = GatedStore(store, holdsConfiguration: false)
        let start = ContinuousClock.now
        nonisolated(unsafe) var elapsed = Duration.zero
        let commits = BackgroundCommits(gated, clock: { start + elapsed })
        let id = try commits.beginWorkout(start: wall, configuration: WorkoutConfiguration(sport: .running, interval: .minutes5))
        for second in 0..<13 {
            elapsed = .seconds(second)
            try commits.append([Sample(elapsed: second + 1, wallOffset: second + 1, heartRate: 120)], to: id)
            if second == 5 {
                commits.finish()
                #expect(gated.handedSamples == ["batch 6"])
                #expect(store.unwritten(id).seconds == 0, "a batch waited for the store's own five seconds")
            }
        }
        #expect(try commits.samples(of: id).count == 13)
        #expect(gated.handedSamples == ["batch 6", "batch 6", "append 1"])
        commits.finish()
    }

    /// The core saves the configuration, then begins the workout; only the begin's id is needed
    /// at once, so the loop must not wait for the configuration's commit. Later calls see it.
    @Test func startingAWorkoutWaitsForTheBeginOnly() throws {
        let directory = TemporaryDirectory()
        let gated = GatedStore(try SQLiteStore(directory: directory.path + "/data", checkAtOpen: false), holdsConfiguration: true)
        nonisolated(unsafe) let commits = BackgroundCommits(gated)
        let configuration = WorkoutConfiguration(sport: .running, interval: .minutes5)
        let begun = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var id: Int64?
        nonisolated(unsafe) var failure: (any Error)?
        // The loop's calls, on a thread of their own so that a wait cannot hang the test.
        // The core reads the next id once, at start.
        let next = try commits.highestWorkoutID() + 1
        let loop = Thread {
            do {
                try commits.saveLastConfiguration(configuration)
                try commits.beginWorkout(id: next, start: Date(), configuration: configuration)
                id = next
            } catch {
                failure = error
            }
            begun.signal()
        }
        loop.start()
        let returned = begun.wait(timeout: .now() + 10) == .success
        gated.gate.signal()
        if !returned { _ = begun.wait(timeout: .now() + 10) }
        #expect(returned, "the start waited for the configuration's commit")
        #expect(failure == nil)
        let workout = try #require(id)
        // Written after the begin, and before anything asked later.
        #expect(try commits.lastConfiguration() == configuration)
        #expect(try commits.unfinishedWorkouts().map(\.id) == [workout])
        commits.finish()
    }

    /// "Workout saved." waits for the save; the heart-rate recovery written into the saved
    /// workout 1 and 2 minutes later does not hold the loop, and is read back after it.
    @Test func aSavedWorkoutsRecoveryIsWrittenWithoutWaiting() throws {
        let directory = TemporaryDirectory()
        let gated = GatedStore(try SQLiteStore(directory: directory.path + "/data", checkAtOpen: false), holdsConfiguration: false)
        nonisolated(unsafe) let commits = BackgroundCommits(gated)
        let id = try commits.beginWorkout(start: Date(), configuration: WorkoutConfiguration())
        var summary = try #require(try commits.workout(id))
        summary.state = .saved
        try commits.updateSummary(summary)
        gated.holdsUpdates = true
        summary.recovery = [28, nil]
        let written = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        let recovery = summary
        let loop = Thread {
            do { try commits.updateSummary(recovery) } catch { failure = error }
            written.signal()
        }
        loop.start()
        let returned = written.wait(timeout: .now() + 10) == .success
        gated.gate.signal()
        if !returned { _ = written.wait(timeout: .now() + 10) }
        #expect(returned, "the recovery's write held the loop")
        #expect(failure == nil)
        gated.holdsUpdates = false
        #expect(try commits.workout(id)?.recovery == [28, nil])
        #expect(try commits.workout(id)?.state == .saved)
        commits.finish()
    }

    /// The begin's commit (an fsync; on the first workout, the log's creation) is the storage
    /// thread's: the start, under the id the core gives it, returns while the write is held, and
    /// the workout is there for every later call.
    @Test func startingAWorkoutDoesNotWaitForItsOwnCommit() throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(directory: directory.path + "/data", checkAtOpen: false)
        let earlier = try store.beginWorkout(start: Date(), configuration: WorkoutConfiguration())
        let gated = GatedStore(store, holdsConfiguration: false)
        nonisolated(unsafe) let commits = BackgroundCommits(gated)
        gated.holdsUpdates = true
        let begun = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var id: Int64?
        let loop = Thread {
            if (try? commits.beginWorkout(id: earlier + 1, start: Date(), configuration: WorkoutConfiguration())) != nil {
                id = earlier + 1
            }
            begun.signal()
        }
        loop.start()
        let returned = begun.wait(timeout: .now() + 10) == .success
        gated.gate.signal()
        if !returned { _ = begun.wait(timeout: .now() + 10) }
        #expect(returned, "the start waited for its own commit")
        #expect(id == earlier + 1)
        gated.holdsUpdates = false
        #expect(try commits.unfinishedWorkouts().map(\.id).sorted() == [earlier, earlier + 1])
        #expect(try commits.beginWorkout(start: Date(), configuration: WorkoutConfiguration()) == earlier + 2)
        commits.finish()
    }
}
