import Foundation
import HeartlineCore
import HeartlineIO

/// Carries out the core's storage effects on a store, and turns what happened into inputs.
///
/// The one place the core's writes and reads meet a `WorkoutStore`: the shell's session and the
/// golden journeys both go through it, so what the core asks and hears is the same in both.
/// Writes never throw back: a failure is kept and, when the disk's state differs from what the
/// core last heard, `stateChange()` gives it as `Input.storage`. Use it from one thread (the
/// loop's); the store behind it may hand work to its own.
public final class StorageEdge {
    public let store: any WorkoutStore
    /// Where a coach's plan files are read from; nil reads none.
    public var plansDirectory: String? {
        didSet { planFolder = plansDirectory.map(PlanFolder.init(directory:)) }
    }
    /// The plans folder's pages and the plan names its searches read.
    private var planFolder: PlanFolder?
    /// Reads files from outside (the plans folder's pages) away from the caller's thread: it is
    /// given the read as work, runs it elsewhere, and hands the work's answer to the core later,
    /// as an input. Nil reads them in the turn, as every other read (script mode, the golden
    /// journeys): a page of large plans is seconds of parsing that keys must not wait behind.
    public var offLoop: ((@escaping @Sendable () -> Input) -> Void)?
    /// The service a save's upload is owed to.
    public var uploadService = OwedUpload.defaultService
    /// The disk's state the core last heard of.
    private var reported: StorageError?
    /// A write's failure since the last `stateChange()`.
    private var thrown: StorageError?

    public init(_ store: any WorkoutStore) {
        self.store = store
    }

    /// What the store holds, read once for `Heartline.start(at:stored:)`. A part that cannot be
    /// read is left at its default: the store says so again at the first write.
    public func storedState() -> StoredState {
        var state = StoredState()
        state.settings = (try? store.settings()) ?? Settings()
        state.profile = (try? store.profile()) ?? Profile()
        state.lastConfiguration = (try? store.lastConfiguration()) ?? nil
        state.nextWorkoutID = ((try? store.highestWorkoutID()) ?? 0) + 1
        // The list carries each workout's stored summary: nothing waits in memory at start.
        for unfinished in (try? store.unfinishedWorkouts()) ?? [] {
            state.addUnfinished(unfinished, samples: (try? store.samples(of: unfinished.id)) ?? [])
        }
        return state
    }

    /// Carries out the storage effects of one response and hands `core` their answers at once,
    /// in the same turn; gives back every other effect, in order, with the sentences of the
    /// response and of its answers as one `.speak` first (said as one response).
    public func settle(_ effects: [Effect], with core: inout Heartline, at now: Date) -> [Effect] {
        // Most inputs (a strap's reading, a key) touch no storage: they go through as they are.
        guard effects.contains(where: Self.isStorage) else { return effects }
        var pending = effects[...]
        var utterances: [Utterance] = []
        var others: [Effect] = []
        var wrote = false
        while !pending.isEmpty || wrote {
            guard let effect = pending.popFirst() else {
                wrote = false
                if let change = stateChange() { pending += core.handle(change, at: now) }
                continue
            }
            switch effect {
            case .speak(let said): utterances += said
            case .store(let write):
                wrote = true
                if let answer = perform(write) { pending += core.handle(answer, at: now) }
            case .load(let request):
                if case .planFiles(let offset, let limit, let matching) = request.query, let offLoop, let folder = planFolder {
                    offLoop { Self.planFiles(request, folder.page(offset: offset, limit: limit, matching: matching)) }
                } else {
                    pending += core.handle(answer(request), at: now)
                }
            case .sensorWanted, .requestBattery, .scanForSensors, .useSensor, .scanForMotionSensors, .useMotionSensor,
                .steerMachine, .listSpeechOffer, .speechSettingChanged, .languageChanged, .keyEchoChanged, .captionsChanged,
                .runSelfCheck, .exportWorkout, .powerOff, .autoExport, .upload, .fillInHistory, .headset, .stick, .quit:
                others.append(effect)
            }
        }
        return utterances.isEmpty ? others : [.speak(utterances)] + others
    }

    /// Carries out a write; a save is answered at once with `Input.saved`.
    public func perform(_ write: StorageWrite) -> Input? {
        do {
            switch write {
            case .profile(let profile): try store.saveProfile(profile)
            case .settings(let settings): try store.saveSettings(settings)
            case .lastConfiguration(let configuration): try store.saveLastConfiguration(configuration)
            case .begin(let id, let start, let configuration): try store.beginWorkout(id: id, start: start, configuration: configuration)
            case .append(let samples, let workout): try store.append(samples, to: workout)
            case .summary(let summary): try store.updateSummary(summary)
            case .recovery(let id, let drops):
                guard var stored = try store.workout(id), stored.recovery != drops else { return nil }
                stored.recovery = drops
                try store.updateSummary(stored)
            case .flush: try store.flush()
            case .delete(let id): try store.deleteWorkout(id)
            case .restingCheck(let check): try store.saveRestingCheck(check)
            case .save(let summary, let upload):
                var failure: StorageError?
                do {
                    let owed = upload ? OwedUpload(service: uploadService, workout: summary.id, start: summary.start) : nil
                    try store.saveWorkout(summary, owing: owed)
                    try store.flush()
                } catch {
                    failure = store.writeFailure ?? Self.storageError(error)
                }
                return .saved(summary.id, store.unwritten(summary.id), failure: failure)
            }
        } catch {
            thrown = store.writeFailure ?? Self.storageError(error)
        }
        return nil
    }

    /// Answers a read.
    public func answer(_ request: StorageRequest) -> Input {
        do {
            let answer: StorageAnswer
            switch request.query {
            case .savedWorkouts(let offset, let limit):
                answer = .workouts(try store.savedWorkouts(offset: offset, limit: limit), total: try store.savedWorkoutCount())
            case .savedWorkoutsStarting(let interval):
                let found = try store.savedWorkouts(startingIn: interval)
                answer = .workouts(found, total: found.count)
            case .averages(let metric, let intervals):
                // Where no workout has the metric, the count says how many there were all the same.
                let found = try intervals.map { interval -> (value: Double?, count: Int) in
                    if let average = try store.average(of: metric, startingIn: interval) { return (average.value, average.count) }
                    return (nil, try store.savedWorkoutCount(startingIn: interval))
                }
                answer = .averages(values: found.map(\.value), counts: found.map(\.count))
            case .samples(let id): answer = .samples(try store.samples(of: id))
            case .restingChecks(let interval): answer = .restingChecks(try store.restingChecks(startingIn: interval))
            case .unwritten: answer = .unwritten(store.unwrittenWorkouts())
            case .planFiles(let offset, let limit, let matching):
                return Self.planFiles(request, planFolder?.page(offset: offset, limit: limit, matching: matching) ?? (files: [], total: 0))
            }
            return .loaded(request, .success(answer))
        } catch {
            return .loaded(request, .failure(Self.storageError(error)))
        }
    }

    /// A page of the plans folder, as the core hears it.
    private static func planFiles(_ request: StorageRequest, _ page: (files: [PlanFile], total: Int)) -> Input {
        .loaded(request, .success(.planFiles(page.files, total: page.total)))
    }

    /// The disk's state, as an input, when it is not what the core last heard: after the writes
    /// of one response. Only a write that succeeds says the trouble is over.
    public func stateChange() -> Input? {
        let now = thrown ?? store.writeFailure
        thrown = nil
        guard now != reported else { return nil }
        reported = now
        return .storage(now)
    }

    private static func isStorage(_ effect: Effect) -> Bool {
        switch effect {
        case .store, .load: true
        case .speak, .sensorWanted, .requestBattery, .scanForSensors, .useSensor, .scanForMotionSensors, .useMotionSensor,
            .steerMachine, .listSpeechOffer, .speechSettingChanged, .languageChanged, .keyEchoChanged, .captionsChanged,
            .runSelfCheck, .exportWorkout, .powerOff, .autoExport, .upload, .fillInHistory, .headset, .stick, .quit:
            false
        }
    }

    private static func storageError(_ error: any Error) -> StorageError {
        error as? StorageError ?? .failed("\(error)")
    }
}
