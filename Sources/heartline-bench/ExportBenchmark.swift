import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineStorage

/// `heartline-bench export [--runs N]`
///
/// Times the export of one hour-long workout (3,600 one-second samples with RR intervals): the
/// pure TCX and CSV writers alone, then the whole export the details screen and
/// `heartline export` run (read and decode the samples from SQLite, render, write a 0600 file).
enum ExportBenchmark {
    static let warmUpRuns = 3

    static func run(_ arguments: [String]) throws {
        var runs = 30
        if arguments.count == 2, arguments[0] == "--runs", let number = Int(arguments[1]), number > 0 {
            runs = number
        } else if !arguments.isEmpty {
            throw ExportBenchmarkError(description: "usage: heartline-bench export [--runs N]")
        }
        print("heartline-bench export: one workout of one hour (3,600 samples with RR intervals)")
        print(
            "clock: Swift ContinuousClock (monotonic); warmed up \(warmUpRuns) times, then \(runs) runs in this "
                + "process; median and maximum in ms; files written to a temporary directory (page cache, no fsync)")

        let directory = NSTemporaryDirectory() + "heartline-bench-export-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try SQLiteStore(directory: directory + "/data")
        // One generated day: a saved hour, exactly as a recorded one is stored.
        try HistoryGenerator.fill(store: store, days: 1, endingAt: Date(), seed: 2026)
        let summary = try store.savedWorkouts(offset: 0, limit: 1)[0]
        let samples = try store.samples(of: summary.id)

        for format in ExportFormat.allCases {
            var size = 0
            let render = try measure(runs: runs) {
                size = WorkoutExport.file(format, summary: summary, samples: samples, timeZone: .zone(.current)).count
            }
            print(row("\(format.rawValue): render (pure writer)", render) + String(format: "  %7.1f kB", Double(size) / 1000))
        }
        let exporter = WorkoutExporter(store: store)
        for format in ExportFormat.allCases {
            let whole = try measure(runs: runs) {
                _ = try exporter.export(summary.id, format: format, to: directory + "/out")
            }
            print(row("\(format.rawValue): read, render and write the file", whole))
        }
    }

    struct ExportBenchmarkError: Error, CustomStringConvertible {
        let description: String
    }

    private static func measure(runs: Int, _ body: () throws -> Void) throws -> (median: Duration, maximum: Duration) {
        for _ in 0..<warmUpRuns { try body() }
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<runs {
            let start = clock.now
            try body()
            times.append(clock.now - start)
        }
        times.sort()
        return (times[times.count / 2], times[times.count - 1])
    }

    private static func row(_ name: String, _ time: (median: Duration, maximum: Duration)) -> String {
        func milliseconds(_ duration: Duration) -> String {
            let components = duration.components
            return String(format: "%8.2f ms", Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15)
        }
        return name.padding(toLength: 42, withPad: " ", startingAt: 0)
            + "median " + milliseconds(time.median) + "  max " + milliseconds(time.maximum)
    }
}
