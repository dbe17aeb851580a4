import Foundation
import HeartlineCore
import HeartlineStorage

/// `heartline-bench storage [--dir DIR] [--years N] [--runs N]`
///
/// Generates (or reuses) a data directory with years of daily one-hour workouts, then times the
/// queries behind each browse mode and reports the bytes a second of workout takes on disk.
enum StorageBenchmark {
    /// The history ends here, so a reused directory always holds the same workouts.
    static let historyEnd = Date(timeIntervalSince1970: 1_773_446_400)  // 2026-03-14 00:00 UTC
    static let warmUpRuns = 5

    struct Options {
        var years = 10
        var directory: String?
        var runs = 50

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            while let option = rest.popFirst() {
                guard let value = rest.popFirst() else { throw BenchmarkError("\(option) needs a value") }
                switch option {
                case "--years": years = try Self.positive(value, option)
                case "--runs": runs = try Self.positive(value, option)
                case "--dir": directory = value
                default: throw BenchmarkError("unknown option \(option); use --dir DIR, --years N, --runs N")
                }
            }
        }

        private static func positive(_ text: String, _ option: String) throws -> Int {
            guard let number = Int(text), number > 0 else { throw BenchmarkError("\(option) needs a positive number") }
            return number
        }
    }

    struct BenchmarkError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func run(_ arguments: [String]) throws {
        let options = try Options(arguments)
        let directory = options.directory ?? "/tmp/heartline-bench-storage-\(options.years)y"
        let expected = options.years * 365
        print("heartline-bench storage: \(options.years) years of daily one-hour workouts in \(directory)")
        print(machineDescription())
        print(
            "clock: Swift ContinuousClock (monotonic); each query warmed up \(warmUpRuns) times, then timed "
                + "\(options.runs) runs in this process with SQLite's page cache warm; median and maximum in ms")

        try prepare(directory: directory, expected: expected, years: options.years)

        let opening = try measure(runs: 5) { _ in _ = try SQLiteStore(directory: directory) }
        print(row("open the store (quick_check, migrations)", opening))

        let store = try SQLiteStore(directory: directory)
        for (name, query) in queries(store: store, years: options.years) {
            print(row(name, try measure(runs: options.runs, query)))
        }

        let allTime = DateInterval(start: .distantPast, end: .distantFuture)
        let seconds = try store.average(of: .duration, startingIn: allTime).map { $0.value * Double($0.count) } ?? 0
        let bytes = store.bytesOnDisk()
        print(
            String(
                format: "disk: %.1f MB after VACUUM for %.0f hours of workout: %.2f bytes per second, everything included",
                Double(bytes) / 1_000_000, seconds / 3600, Double(bytes) / max(seconds, 1)))
        print(
            String(
                format: "recorded hours (1 Hz, committed every 5 s, packed when saved), after VACUUM: %.2f bytes per second",
                try recordedHourBytesPerSecond()))
    }

    /// Generates the history unless the directory already holds exactly it.
    private static func prepare(directory: String, expected: Int, years: Int) throws {
        let store = try SQLiteStore(directory: directory)
        let found = try store.savedWorkoutCount()
        if found == expected {
            print("reusing \(found) saved workouts")
            return
        }
        guard found == 0 else {
            throw BenchmarkError("\(directory) holds \(found) workouts, not \(expected); give another --dir")
        }
        let clock = ContinuousClock()
        let started = clock.now
        var reported = 0
        try HistoryGenerator.fill(store: store, years: years, endingAt: historyEnd, seed: 2026) { done, total in
            if done * 10 / total > reported {
                reported = done * 10 / total
                print("generated \(done) of \(total) workouts")
            }
        }
        try store.vacuum()
        print("generated and vacuumed in \(formatted(clock.now - started))")
    }

    /// The browse modes' queries, by name.
    private static func queries(store: SQLiteStore, years: Int) -> [(String, (Int) throws -> Void)] {
        let day = 86_400.0
        let days = years * 365
        var result: [(String, (Int) throws -> Void)] = [
            (
                "all workouts: first page of 20 + count",
                { _ in
                    _ = try store.savedWorkouts(offset: 0, limit: 20)
                    _ = try store.savedWorkoutCount()
                }
            ),
            (
                "by date: the workouts of one day",
                { run in
                    // A different day each run, spread over the whole history.
                    let daysBack = Double((run * 7919) % days + 1)
                    _ = try store.savedWorkouts(startingIn: DateInterval(start: historyEnd - daysBack * day, duration: day))
                }
            ),
            (
                "by metric: a page of 20 halfway back",
                { _ in
                    _ = try store.savedWorkouts(offset: days / 2, limit: 20).map { HistoryMetric.calories.value(of: $0) }
                }
            ),
        ]
        let periods: [(String, Double)] = [("week", 7), ("month", 30), ("year", 365), ("all time", 0)]
        for metric in HistoryMetric.allCases {
            for (name, length) in periods {
                let interval =
                    length == 0
                    ? DateInterval(start: .distantPast, end: historyEnd)
                    : DateInterval(start: historyEnd - length * day, end: historyEnd)
                result.append(("averages: \(metric.rawValue), \(name)", { _ in _ = try store.average(of: metric, startingIn: interval) }))
            }
        }
        // The training-science answers of one workout: read its hour of samples, then compute.
        let hour = (try? store.savedWorkouts(offset: days / 2, limit: 1).first?.id) ?? nil
        result.append(
            (
                "science: HRV of one hour, read + computed",
                { _ in
                    guard let hour else { return }
                    _ = HeartRateVariability.measure(HeartRateVariability.milliseconds(of: try store.samples(of: hour)))
                }
            ))
        result.append(
            (
                "science: zones of one hour, read + computed",
                { _ in
                    guard let hour else { return }
                    _ = TimeInZones(try store.samples(of: hour), zones: HeartRateZones(maximum: 190))
                }
            ))
        result.append(
            (
                "science: weekly load + the week before",
                { run in
                    let end = historyEnd - Double((run * 7919) % max(1, days - 14)) * day
                    _ = try store.average(of: .trainingLoad, startingIn: DateInterval(start: end - 7 * day, end: end))
                    _ = try store.average(of: .trainingLoad, startingIn: DateInterval(start: end - 14 * day, end: end - 7 * day))
                }
            ))
        // What the averages screen of one metric asks: four periods and the three before them.
        let screen =
            [(7.0, 14.0), (30, 61), (365, 730)].flatMap { length, before in
                [
                    DateInterval(start: historyEnd - length * day, end: historyEnd),
                    DateInterval(start: historyEnd - before * day, end: historyEnd - length * day),
                ]
            } + [DateInterval(start: .distantPast, end: historyEnd)]
        result.append(
            (
                "averages screen: 4 periods + 3 before",
                { _ in
                    for interval in screen { _ = try store.average(of: .averageHeartRate, startingIn: interval) }
                }
            ))
        result += [
            ("details: one workout", { run in _ = try store.workout(Int64(run % days + 1)) }),
            ("samples of one workout (3600)", { run in _ = try store.samples(of: Int64(run % days + 1)) }),
            ("unfinished workouts", { _ in _ = try store.unfinishedWorkouts() }),
        ]
        return result
    }

    /// Median and maximum of `runs` timed calls after the warm-up.
    private static func measure(runs: Int, _ body: (Int) throws -> Void) throws -> (median: Duration, maximum: Duration) {
        for run in 0..<warmUpRuns { try body(run) }
        let clock = ContinuousClock()
        var times: [Duration] = []
        for run in 0..<runs {
            let start = clock.now
            try body(run)
            times.append(clock.now - start)
        }
        times.sort()
        return (times[times.count / 2], times[times.count - 1])
    }

    /// Records simulated hours the way the workout engine does and measures what hours 2 to 6 added
    /// to the vacuumed file (the first fills the tables' empty root pages, so it looks cheaper, and
    /// one hour alone is at the mercy of where page boundaries fall).
    private static func recordedHourBytesPerSecond() throws -> Double {
        let directory = NSTemporaryDirectory() + "heartline-bench-hour-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var now = historyEnd
        let store = try SQLiteStore(directory: directory, now: { now })
        var sizes: [Int] = []
        for seed in UInt64(7)...12 {
            let start = now
            let id = try store.beginWorkout(start: start, configuration: WorkoutConfiguration())
            for sample in HistoryGenerator.workoutSamples(duration: 3600, seed: seed) {
                now += 1
                try store.append([sample], to: id)
            }
            try store.updateSummary(
                WorkoutSummary(id: id, start: start, state: .saved, configuration: WorkoutConfiguration(), duration: 3600))
            try store.vacuum()
            sizes.append(store.bytesOnDisk())
        }
        return Double(sizes[5] - sizes[0]) / (5 * 3600)
    }

    private static func row(_ name: String, _ time: (median: Duration, maximum: Duration)) -> String {
        name.padding(toLength: 46, withPad: " ", startingAt: 0)
            + "median " + formatted(time.median) + "  max " + formatted(time.maximum)
    }

    private static func formatted(_ duration: Duration) -> String {
        let components = duration.components
        let milliseconds = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
        return String(format: "%9.3f ms", milliseconds)
    }

    static func machineDescription() -> String {
        var system = utsname()
        uname(&system)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            ?? "unknown CPU"
        #if DEBUG
            let build = "debug build"
        #else
            let build = "release build"
        #endif
        return "machine: \(field(system.sysname)) \(field(system.release)) \(field(system.machine)), \(model), "
            + "\(ProcessInfo.processInfo.activeProcessorCount) cores; SQLite \(SQLiteStore.sqliteVersion); \(build)"
    }
}
