#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineStorage

/// `heartline-bench plans [--files N] [--steps N] [--runs N] [--dir DIR]`
///
/// The plans folder of a coach who keeps every file: N Zwift workouts (1,000 by default) of
/// 2 + N steps each (30 by default: about 4 kB; 2,300 make a file of about 250 kB, as the
/// largest a hostile stick hands over), made in DIR (a new temporary folder by default, removed
/// after).
/// Measured in this process, on the production core, storage edge and prompts, as script mode
/// runs them (in the turn): from the input on the plan step to the sentences ready to speak,
/// with the files read from disk in that time. On a terminal the same read runs on a thread of
/// its own and the loop answers keys meanwhile: this is the wait for the page, not a stall. Before each cold run every file's pages are dropped from the
/// page cache (posix_fadvise DONTNEED, which needs no privilege; it does nothing on a tmpfs).
///   open     "Plans from files" typed on the plan step: the folder listed, its first page read
///   next     the next page, from the first
///   search   words no file name has (each plan's own name read, cold: the first search)
///   again    the same search again (the names kept while their files are unchanged)
enum PlansBenchmark {
    static func run(_ arguments: [String]) throws {
        var files = 1000
        var runs = 20
        var steps = 30
        var directory: String?
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw StorageBenchmark.BenchmarkError("\(option) needs a value") }
            switch option {
            case "--files": files = Int(value) ?? files
            case "--runs": runs = Int(value) ?? runs
            case "--steps": steps = Int(value) ?? steps
            case "--dir": directory = value
            default: throw StorageBenchmark.BenchmarkError("unknown option \(option); use --files N, --steps N, --runs N, --dir DIR")
            }
        }
        let work = try directory ?? temporaryDirectory()
        defer { if directory == nil { try? FileManager.default.removeItem(atPath: work) } }
        let plans = work + "/plans"
        let names = try makeFolder(plans, files: files, steps: steps)
        let data = work + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let catalogue = try PromptFiles.load(
            from: PromptFiles.candidates(
                explicit: nil, environment: ProcessInfo.processInfo.environment, executable: CommandLine.arguments[0]))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let edge = StorageEdge(try SQLiteStore(directory: data))
        edge.plansDirectory = plans
        var core = Heartline(words: Words(catalogue: catalogue, calendar: calendar))
        let now = Date()
        _ = edge.settle(core.start(at: now, stored: edge.storedState()), with: &core, at: now)

        let bytes = (try? FileManager.default.attributesOfItem(atPath: plans + "/" + names[0])[.size] as? NSNumber)?.intValue ?? 0
        print("heartline-bench plans: \(files) Zwift files of \(bytes / 1000) kB each in \(plans), \(runs) runs each")
        print(StorageBenchmark.machineDescription())
        print("time = ContinuousClock from the input to its sentences, storage's reads carried out (StorageEdge.settle)")
        var said: [String: [String]] = [:]
        func sentences(_ input: Input) -> [String] {
            edge.settle(core.handle(input, at: now), with: &core, at: now).flatMap { effect -> [String] in
                if case .speak(let utterances) = effect { return utterances.map(\.text) }
                return []
            }
        }
        /// Each run from the plan step: `before`, then `input` timed, then back to the plan step.
        /// `forget` starts the run with a new folder reader, that has read no plan's name.
        func measure(_ label: String, cold: Bool, forget: Bool = false, before: [Input], _ input: Input) -> [Double] {
            var times: [Double] = []
            for _ in 0..<runs {
                if forget { edge.plansDirectory = plans }
                for setup in before { _ = sentences(setup) }
                if cold { for name in names { evict(plans + "/" + name) } }
                let start = ContinuousClock.now
                let heard = sentences(input)
                let elapsed = ContinuousClock.now - start
                times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
                said[label] = heard
                _ = sentences(.command("back"))
            }
            return times.sorted()
        }
        // Home, then a new configuration's steps until the plan step offers the folder.
        var heard = sentences(.command("home")) + sentences(.key("1"))
        for _ in 0..<8 where !heard.contains(where: { $0.contains("Plans from files") }) { heard = sentences(.command("next")) }
        guard heard.contains(where: { $0.contains("Plans from files") }) else {
            throw StorageBenchmark.BenchmarkError("no plan step offers the plans folder: \(heard)")
        }
        let open = Input.command("plans from files")
        let rows: [(String, [Double])] = [
            ("open, cold", measure("open", cold: true, before: [], open)),
            ("open, warm", measure("open", cold: false, before: [], open)),
            ("next page, cold", measure("next", cold: true, before: [open], .command("next"))),
            ("search, first", measure("search", cold: true, forget: true, before: [open], .command("tempo"))),
            ("search, again", measure("again", cold: true, before: [open], .command("tempo"))),
        ]
        for (label, times) in rows {
            print(
                String(
                    format: "%-16@ median %7.2f ms  min %7.2f  max %7.2f", label as NSString, times[times.count / 2], times.first!,
                    times.last!))
        }
        // A benchmark that no longer reaches the folder measures nothing: it stops.
        guard said["open"]?.count ?? 0 > 3, said["search"]?.contains(where: { $0.contains("tempo") }) == true else {
            throw StorageBenchmark.BenchmarkError("the plans folder was not listed: \(said["open"] ?? [])")
        }
        for label in ["open", "next", "search"] {
            print("said on \(label): " + (said[label] ?? []).prefix(4).joined(separator: " | "))
        }
    }

    static func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/heartline-plans-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw StorageBenchmark.BenchmarkError("mkdtemp failed") }
        return String(cString: made)
    }

    /// The folder: "session N.zwo", a seventh of them tempo sessions by their plan's name only.
    static func makeFolder(_ folder: String, files: Int, steps count: Int) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        var names: [String] = []
        for number in 1...files {
            let steps = (0..<count).map { _ in
                "<SteadyState Duration=\"\(Int.random(in: 60...600, using: &generator))\" Power=\"0.\(Int.random(in: 50...99, using: &generator))\"/>"
            }.joined()
            let name = "Session \(number) " + (number % 7 == 0 ? "tempo" : "base")
            let text =
                "<workout_file><author>Coach</author><name>\(name)</name><sportType>bike</sportType><workout>"
                + "<Warmup Duration=\"600\" PowerLow=\"0.4\" PowerHigh=\"0.7\"/>\(steps)<Cooldown Duration=\"300\" PowerLow=\"0.6\" PowerHigh=\"0.4\"/>"
                + "</workout></workout_file>"
            let file = "session \(number).zwo"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
            names.append(file)
        }
        return names
    }

    static func evict(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
        close(descriptor)
    }
}
