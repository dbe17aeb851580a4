import Foundation
import HeartlineCore
import HeartlineHeadset
import HeartlineIO
import HeartlineStorage

/// The USB stick's edge: sticks from udisks2 (or the kernel's events), and the core's stick
/// commands carried out. Lives on the loop's thread; what can block (writing, syncing, reading
/// the stick) runs on a thread of its own, one step at a time, and comes back to the loop.
///
/// Workouts are read and encoded on the loop, one file at a time, as the export folder's are;
/// each is written to the stick whole (synced, then renamed) before the next is encoded.
final class StickLink {
    private let loop: EventLoop
    private let store: any WorkoutStore
    private let exporter: WorkoutExporter
    private let plansDirectory: String
    private let log: (String) -> Void
    private let send: (Input) -> Void
    private var sources: [any StickSource] = []
    /// The stick in: its source, the source's name for it, and where it is mounted once known.
    private var current: (source: any StickSource, name: String, mount: String?)?
    /// Bumped when a stick goes or a new job starts: answers for an older one are dropped.
    private var generation = 0
    /// What the transfer under way has done.
    private var copied = 0
    private var plansRead = 0
    /// The plan files of this transfer kept under a new name.
    private var plansKept: [PlanKept] = []

    init(
        loop: EventLoop, store: any WorkoutStore, plansDirectory: String, log: @escaping (String) -> Void,
        send: @escaping (Input) -> Void
    ) {
        self.loop = loop
        self.store = store
        exporter = WorkoutExporter(store: store)
        self.plansDirectory = plansDirectory
        self.log = log
        self.send = send
    }

    /// Watches for sticks through udisks2 on the system bus (or `address`); where udisks2 does
    /// not answer, through the kernel's own events, mounting on `mountPoint`.
    func start(address: String?, mountPoint: String) {
        let kernel = { [weak self] in
            guard let self else { return }
            let source = KernelSticks(loop: self.loop, mountPoint: mountPoint, log: self.log)
            self.add(source)
            source.start()
        }
        // A bus that takes the connection and never answers holds only the opening's own thread.
        DBusConnection.open(address: address, loop: loop) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let bus):
                let udisks = UDisksSticks(bus: bus, log: self.log)
                udisks.unavailable = kernel
                self.add(udisks)
                udisks.start()
            case .failure(let error):
                self.log("stick: no D-Bus system bus: \(error)")
                kernel()
            }
        }
    }

    private func add(_ source: any StickSource) {
        sources.append(source)
        source.events = { [weak self, weak source] event in
            guard let self, let source else { return }
            self.sourceEvent(event, from: source)
        }
    }

    private func sourceEvent(_ event: StickSourceEvent, from source: any StickSource) {
        switch event {
        case .inserted(let name, _):
            guard current == nil else { return log("stick: \(name) ignored: another stick is in") }
            current = (source, name, nil)
            send(.stick(.inserted))
        case .removed(let name):
            guard let stick = current, stick.source === source, stick.name == name else { return }
            current = nil
            let running = busy
            generation += 1
            busy = false
            log("stick: \(name) is out" + (running ? ", mid-transfer" : ""))
            if running { send(.stick(.finished(copied: copied, plans: plansRead, problem: .removed))) }
            send(.stick(.removed))
        }
    }

    /// Whether a transfer or an unmount runs.
    private var busy = false
    /// How long a transfer whose write failed waits for the stick's source to say it was pulled
    /// out: a stick pulled mid-write fails its write (its files went, or the device answers
    /// with an I/O error) before udisks2 or the kernel's events say it went.
    static let removalWait = 5.0

    func perform(_ command: StickCommand) {
        guard let stick = current else {
            if case .transfer = command { send(.stick(.finished(copied: 0, plans: 0, problem: .removed))) }
            return send(.stick(.removed))
        }
        generation += 1
        busy = true
        let job = generation
        switch command {
        case .eject:
            sync(stick.mount, job: job) { [weak self] in self?.unmount(job: job) }
        case .transfer(let formats, let plans):
            copied = 0
            plansRead = 0
            plansKept = []
            stick.source.mount(stick.name) { [weak self] result in
                guard let self, self.generation == job else { return }
                switch result {
                case .success(let mounted):
                    let mount = mounted.path
                    self.current?.mount = mount
                    switch mounted.check {
                    case .clean: self.log("stick: checked, clean")
                    case .mended:
                        self.log("stick: checked and mended")
                        self.send(.stick(.mended))
                    case .unchecked(let reason): self.log("stick: not checked: \(reason)")
                    case .failed(let reason): self.log("stick: check failed: \(reason)")
                    }
                    self.log("stick: mounted at \(mount)")
                    self.copyWorkouts(formats, to: mount, job: job) { [weak self] problem in
                        self?.readPlans(plans, from: mount, job: job) { [weak self] in self?.finish(problem, mount: mount, job: job) }
                    }
                case .failure(.damaged(let reason)):
                    self.log("stick: not mended, so nothing is written to it: \(reason)")
                    self.busy = false
                    self.send(.stick(.finished(copied: 0, plans: 0, problem: .damaged)))
                case .failure(let failure):
                    self.log("stick: mount failed: \(failure)")
                    self.busy = false
                    self.send(.stick(.finished(copied: 0, plans: 0, problem: .unmountable)))
                }
            }
        }
    }

    // MARK: - Steps

    private func copyWorkouts(_ formats: [ExportFormat], to mount: String, job: Int, then: @escaping (StickProblem?) -> Void) {
        guard !formats.isEmpty else { return then(nil) }
        loop.inBackground(
            "heartline.stick", { StickFiles.prepare(mount: mount) },
            then: {
                [weak self] (prepared: Result<Set<String>, StickProblem>) in
                guard let self, self.generation == job else { return }
                switch prepared {
                case .failure(let problem): then(problem)
                case .success(let done):
                    let files = self.filesMissing(formats, done: done)
                    self.log("stick: \(files.count) files to copy")
                    self.copy(files[...], to: mount, job: job, then: then)
                }
            })
    }

    /// The files of saved workouts, oldest first, that the stick's marker does not list.
    private func filesMissing(_ formats: [ExportFormat], done: Set<String>) -> [(id: Int64, format: ExportFormat, last: Bool)] {
        let total = (try? store.savedWorkoutCount()) ?? 0
        let workouts = ((try? store.savedWorkouts(offset: 0, limit: max(total, 1))) ?? []).reversed()
        var files: [(id: Int64, format: ExportFormat, last: Bool)] = []
        for workout in workouts {
            let missing = formats.filter { format in
                guard let name = try? exporter.fileName(for: workout, format: format) else { return false }
                return !done.contains(name)
            }
            for (index, format) in missing.enumerated() { files.append((workout.id, format, index == missing.count - 1)) }
        }
        return files
    }

    private func copy(
        _ files: ArraySlice<(id: Int64, format: ExportFormat, last: Bool)>, to mount: String, job: Int,
        then: @escaping (StickProblem?) -> Void
    ) {
        guard let file = files.first else { return then(nil) }
        let rest = files.dropFirst()
        guard let rendered = try? exporter.rendered(file.id, format: file.format) else {
            log("stick: workout \(file.id) could not be read; left out")
            return copy(rest, to: mount, job: job, then: then)
        }
        loop.inBackground(
            "heartline.stick", { StickFiles.write(rendered.bytes, named: rendered.name, mount: mount) },
            then: {
                [weak self] problem in
                guard let self, self.generation == job else { return }
                if let problem {
                    self.log("stick: \(rendered.name) not copied: \(problem)")
                    return then(problem)
                }
                if file.last { self.copied += 1 }
                self.copy(rest, to: mount, job: job, then: then)
            })
    }

    private func readPlans(_ wanted: Bool, from mount: String, job: Int, then: @escaping () -> Void) {
        guard wanted else { return then() }
        let plansDirectory = plansDirectory
        loop.inBackground(
            "heartline.stick", { StickFiles.copyPlans(mount: mount, to: plansDirectory) },
            then: { [weak self] read in
                guard let self, self.generation == job else { return }
                self.plansRead = read.copied
                self.plansKept = read.kept
                for kept in read.kept { self.log("stick: plan \(kept.name) kept as \(kept.kept): the board has another by that name") }
                then()
            })
    }

    /// Tells what the transfer did, then syncs and unmounts the stick.
    private func finish(_ problem: StickProblem?, mount: String, job: Int) {
        // A write that failed because the stick went is said when its source says so; a source
        // that never does (the mount point went) is not waited for long.
        if problem == .failed {
            // An I/O error is most often the stick being pulled: its removal, if it comes within
            // the bound, finishes the transfer as pulled out early (`sourceEvent`), in one sentence.
            log("stick: waiting up to \(Int(Self.removalWait)) seconds for the stick to be said out")
            loop.after(Self.removalWait) { [weak self] in
                guard let self, self.generation == job else { return }
                self.send(.stick(.finished(copied: self.copied, plans: self.plansRead, problem: .failed, kept: self.plansKept)))
                self.sync(mount, job: job) { [weak self] in self?.unmount(job: job) }
            }
            return
        }
        guard problem != .removed else {
            loop.after(Self.removalWait) { [weak self] in
                guard let self, self.generation == job else { return }
                self.generation += 1
                self.busy = false
                self.current = nil
                self.send(.stick(.finished(copied: self.copied, plans: self.plansRead, problem: .removed)))
            }
            return
        }
        send(.stick(.finished(copied: copied, plans: plansRead, problem: problem, kept: plansKept)))
        sync(mount, job: job) { [weak self] in self?.unmount(job: job) }
    }

    private func sync(_ mount: String?, job: Int, then: @escaping () -> Void) {
        guard let mount else { return then() }
        loop.inBackground(
            "heartline.stick", { StickFiles.sync(mount: mount) },
            then: { [weak self] in
                guard let self, self.generation == job else { return }
                then()
            })
    }

    private func unmount(job: Int) {
        guard let stick = current else { return }
        stick.source.unmount(stick.name) { [weak self] unmounted in
            guard let self, self.generation == job else { return }
            self.busy = false
            if unmounted { self.current?.mount = nil }
            self.send(.stick(unmounted ? .ejected : .ejectFailed))
        }
    }
}
