import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineStorage

/// Uploads saved workouts to a service, never losing one and never holding the loop.
///
/// A save that is to be uploaded queues a row without a file in its own transaction (see
/// `OwedUpload`). On the loop's thread the workout then becomes a FIT file (read from the store,
/// as an export is) that fills the row, or makes a new one for an upload asked for later; a row
/// a kill left without its file is filled so at the next start. Everything after that runs on the upload thread: the
/// request, the answer, the queue's bookkeeping and the retries. A try that gets no answer, a
/// refused connection or a server error stays queued and is tried again after 1, 5, 15 and 60
/// minutes, then hourly; a refused key, a missing key file or one others may read stays queued
/// until the next start (or the next `upload`), when every waiting upload is tried once at
/// once. Each result comes back to the core as `Input.uploaded`.
final class Uploader {
    private let worker: UploadWorker
    private let exporter: WorkoutExporter
    private let service: any UploadService
    private let keyPath: String
    private let log: (String) -> Void
    /// Says a result to the core (set by HeartlineMain).
    var send: ((Input) -> Void)?

    init(
        directory: String, configuration: UploadConfiguration, keyPath: String, store: any WorkoutStore, loop: EventLoop,
        log: @escaping (String) -> Void
    ) {
        let service = IntervalsICU(baseURL: configuration.baseURL, athlete: configuration.athlete)
        self.service = service
        self.keyPath = keyPath
        self.log = log
        exporter = WorkoutExporter(store: store)
        let box = Box()
        box.log = log
        self.box = box
        let reference = LoopBoundReference(box)
        let inbox = loop.inbox
        worker = UploadWorker(
            directory: directory, service: service, keyPath: keyPath, timeout: Double(configuration.timeout),
            report: { input in inbox.post { reference.object?.send?(input) } },
            log: { line in inbox.post { reference.object?.log?(line) } },
            needsFile: { id in inbox.post { reference.object?.make?(id) } })
        box.send = { [weak self] input in self?.send?(input) }
        box.make = { [weak self] id in self?.upload(id, waited: true) }
    }

    /// What the worker's reports reach on the loop's thread.
    private final class Box {
        var send: ((Input) -> Void)?
        var log: ((String) -> Void)?
        var make: ((Int64) -> Void)?
    }
    private let box: Box

    /// Tries every waiting upload once, now: at launch the network or the key may be back.
    /// With no key file nothing can go, and nothing is opened: the queue's own connection to
    /// the database waits for the first upload, or the first start with a key.
    func start() {
        guard access(keyPath, F_OK) == 0 else { return }
        worker.tryWaiting(all: true)
    }

    /// Queues workout `id` with its file and tries it at once; `waited`: its upload was owed
    /// from an earlier run, and only its success is said.
    func upload(_ id: Int64, waited: Bool = false) {
        let made: (summary: WorkoutSummary, name: String, bytes: [UInt8])
        do {
            made = try exporter.file(id, format: .fit)
        } catch {
            // An owed row stays for the next start: the workout may be readable then.
            log("upload: workout \(id) cannot be read: \(error)")
            if !waited { send?(.uploaded(.unreadable, waited: false)) }
            return
        }
        let owed = OwedUpload(service: service.name, workout: id, start: made.summary.start)
        let upload = PendingUpload(
            workout: id, service: owed.service, externalID: owed.externalID, name: owed.name, file: made.bytes, nextTry: Date())
        worker.add(upload, waited: waited)
    }

    /// The self-check's sentence.
    func checkSentence(_ words: Words) -> Utterance {
        Utterance(.answer, SelfCheck.uploadSentence(keyPath: keyPath, waiting: worker.waitingCount, words))
    }
}

/// The upload thread's side: the queue's own connection, the HTTP client, the retry timer.
/// Everything but `waitingCount` is touched on `queue` only.
final class UploadWorker: @unchecked Sendable {
    /// Minutes after the first, second, third and fourth failed try; hourly after that.
    static let backOff: [TimeInterval] = [60, 300, 900, 3600]

    private let queue = Worker("heartline.upload")
    private let directory: String
    private let service: any UploadService
    private let keyPath: String
    private let timeout: Double
    private let report: @Sendable (Input) -> Void
    private let log: @Sendable (String) -> Void
    /// Asks the loop to make the file of an owed upload and `add` it.
    private let needsFile: @Sendable (Int64) -> Void
    private var store: UploadQueue?
    private var timer: Worker.Timed?
    private let waiting = Locked<Int?>(nil)

    init(
        directory: String, service: any UploadService, keyPath: String, timeout: Double, report: @escaping @Sendable (Input) -> Void,
        log: @escaping @Sendable (String) -> Void, needsFile: @escaping @Sendable (Int64) -> Void
    ) {
        self.needsFile = needsFile
        self.directory = directory
        self.service = service
        self.keyPath = keyPath
        self.timeout = timeout
        self.report = report
        self.log = log
    }

    var waitingCount: Int? { waiting.withLock { $0 } }

    /// The delay before the next try after `attempts` failed ones.
    static func delay(after attempts: Int) -> TimeInterval {
        backOff[min(max(attempts, 1), backOff.count) - 1]
    }

    /// The longest wait a Retry-After is taken for: a day.
    static let longestRetryAfter: TimeInterval = 86400

    /// The delay before the next try: what the server's Retry-After asks for (at most a day),
    /// else the back-off.
    static func delay(after attempts: Int, retryAfter: Int?) -> TimeInterval {
        guard let retryAfter, retryAfter > 0 else { return delay(after: attempts) }
        return min(TimeInterval(retryAfter), longestRetryAfter)
    }

    func add(_ upload: PendingUpload, waited: Bool = false) {
        queue.async { [self] in
            let queued = opened()
            do { try queued?.add(upload) } catch { log("upload: cannot queue workout \(upload.workout): \(error)") }
            attempt(upload, waited: waited)
            schedule()
        }
    }

    /// Tries the uploads that are due, or every waiting one.
    func tryWaiting(all: Bool) {
        queue.async { [self] in
            let now = Date()
            let due = ((try? opened()?.waiting()) ?? []).filter { all || $0.nextTry <= now }
            for upload in due {
                // Owed by a save whose file was never made (a kill came first): made on the loop.
                if upload.file.isEmpty {
                    needsFile(upload.workout)
                } else {
                    attempt(upload, waited: true)
                }
            }
            schedule()
        }
    }

    // MARK: On `queue` only

    private func opened() -> UploadQueue? {
        if let store { return store }
        do {
            store = try UploadQueue(directory: directory)
        } catch {
            log("upload: cannot open the queue: \(error)")
        }
        return store
    }

    private func attempt(_ upload: PendingUpload, waited: Bool) {
        let result: UploadResult
        var detail: String
        var retryAfter: Int?
        do throws(UploadKey.Missing) {
            let key = try UploadKey.read(keyPath)
            switch HTTPClient.shared {
            case .failure(let failure):
                result = .noConnection
                detail = failure.description
            case .success(let client):
                (result, detail, retryAfter) = Self.exchange(upload, key: key, service: service, client: client, timeout: timeout)
            }
        } catch {
            result = error.result
            detail = error.description
        }
        let attempts = upload.attempts + 1
        do {
            if result.isFinal {
                try opened()?.remove(workout: upload.workout, service: upload.service)
            } else {
                let next =
                    result.triesAgain ? Date().addingTimeInterval(Self.delay(after: attempts, retryAfter: retryAfter)) : Date.distantFuture
                try opened()?.failed(workout: upload.workout, service: upload.service, attempts: attempts, nextTry: next, error: detail)
            }
        } catch {
            log("upload: cannot update the queue: \(error)")
        }
        log("upload: workout \(upload.workout) to \(upload.service), try \(attempts): \(result) (\(detail))")
        // Counted before the result is said: a "check" right after it hears the queue as it is.
        let count = try? opened()?.count()
        waiting.withLock { $0 = count }
        report(.uploaded(result, waited: waited))
    }

    /// One try of `upload`: asks the service first whether it has it when an earlier try may
    /// have reached it, then sends it; a 409 is answered by asking too. What the service does
    /// with an external id sent again is not documented, so nothing rests on it.
    static func exchange(
        _ upload: PendingUpload, key: UploadKey, service: any UploadService, client: HTTPClient, timeout: Double
    ) -> (result: UploadResult, detail: String, retryAfter: Int?) {
        if upload.attempts > 0 {
            switch has(upload, key: key, service: service, client: client, timeout: timeout) {
            case .success(true): return (.uploaded, "the service lists it already", nil)
            case .success: break
            case .failure(let failure): return (UploadResult(failure), "asking what the service has: \(failure)", nil)
            }
        }
        switch client.post(service.request(for: upload, key: key), timeout: timeout) {
        case .success(let response):
            var result = service.result(of: response)
            var detail = "HTTP \(response.status)" + (response.retryAfter.map { ", Retry-After \($0) s" } ?? "")
            if response.status == 409, case .success(true) = has(upload, key: key, service: service, client: client, timeout: timeout) {
                result = .uploaded
                detail += ", and the service lists it"
            }
            return (result, detail, response.retryAfter)
        case .failure(let failure):
            return (UploadResult(failure), failure.description, nil)
        }
    }

    /// Whether the service lists `upload`: false when its answer cannot be read (the upload is
    /// then sent), a failure when it could not be asked at all.
    private static func has(
        _ upload: PendingUpload, key: UploadKey, service: any UploadService, client: HTTPClient, timeout: Double
    ) -> Result<Bool, HTTPFailure> {
        client.post(service.lookup(for: upload, key: key), timeout: timeout).map { service.lists(upload, in: $0) ?? false }
    }

    /// Counts what waits, and sets the timer for the next due try.
    private func schedule() {
        if let timer { queue.cancel(timer) }
        timer = nil
        // Counted, not read: what waits may be many files when upload was never set up.
        let count = try? opened()?.count()
        waiting.withLock { $0 = count }
        guard let next = (try? opened()?.nextTry(before: .distantFuture)) ?? nil else { return }
        timer = queue.after(max(1, next.timeIntervalSinceNow)) { [weak self] in self?.tryWaiting(all: false) }
    }
}
