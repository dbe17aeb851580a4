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
    private let loop: EventLoop
    private let log: (String) -> Void
    private var running = false
    private var requestedAgain = false

    init(directory: String, loop: EventLoop, log: @escaping (String) -> Void) {
        self.directory = directory
        self.loop = loop
        self.log = log
    }

    func request() {
        guard !running else {
            requestedAgain = true
            return
        }
        running = true
        let directory = directory
        let reference = LoopBoundReference(self)
        loop.inBackground(
            "heartline.history",
            {
                let started = ContinuousClock.now
                let outcome = Result { () throws(StorageError) -> BackfillReport in try SQLiteStore.backfill(directory: directory) }
                return (outcome, started.duration(to: .now))
            },
            then: { outcome, took in reference.object?.finished(outcome, took: took) })
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
}

extension Duration {
    /// The duration in seconds, for a log line.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
