import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineStorage

/// Fills in, on a thread of its own, what saved workouts derive from their samples and lack:
/// training load and time in zones for workouts from older versions, and time in zones again
/// after the profile's zones change (`SQLiteStore.backfill`). It starts after the integrity
/// check at start-up and after every profile change; a request while it runs makes it run once
/// more when done, so the last profile always wins. Lives on the loop's thread.
final class HistoryFiller {
    private let directory: String
    private let inbox: Inbox
    private let log: (String) -> Void
    private var running = false
    private var requestedAgain = false

    init(directory: String, loop: EventLoop, log: @escaping (String) -> Void) {
        self.directory = directory
        self.inbox = loop.inbox
        self.log = log
    }

    func request() {
        guard !running else {
            requestedAgain = true
            return
        }
        running = true
        let directory = directory
        let inbox = inbox
        let reference = Reference(self)
        let thread = Thread {
            let started = ContinuousClock.now
            let outcome = Result { () throws(StorageError) -> BackfillReport in try SQLiteStore.backfill(directory: directory) }
            let took = started.duration(to: .now)
            inbox.post { reference.filler?.finished(outcome, took: took) }
        }
        thread.name = "heartline.history"
        thread.start()
    }

    private func finished(_ outcome: Result<BackfillReport, StorageError>, took: Duration) {
        running = false
        switch outcome {
        case .success(let report) where report != BackfillReport():
            log(
                "storage: history filled in: training load of \(report.loads), time in zones of \(report.zones) workouts"
                    + (report.skipped > 0 ? ", \(report.skipped) changed meanwhile" : "") + " in \(plainSeconds(took.seconds))")
        case .success: break
        case .failure(let error): log("storage: filling in history failed: \(error)")
        }
        if requestedAgain {
            requestedAgain = false
            request()
        }
    }

    /// The filler, for work posted back from the thread.
    private final class Reference: @unchecked Sendable {
        weak var filler: HistoryFiller?
        init(_ filler: HistoryFiller) { self.filler = filler }
    }
}

extension Duration {
    /// The duration in seconds, for a log line.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
