import Foundation

// heartline-bench: run one benchmark by name and print its figures.
// Each benchmark lives in its own file here and says how it measured.

let arguments = Array(CommandLine.arguments.dropFirst())
let benchmarks: [String: ([String]) throws -> Void] = [
    "storage": StorageBenchmark.run,
    "speech": SpeechBenchmark.run,
    "export": ExportBenchmark.run,
    "loop": LoopBenchmark.run,
    "startup": StartupBenchmark.run,
    "plans": PlansBenchmark.run,
]

guard let name = arguments.first, let benchmark = benchmarks[name] else {
    print("usage: heartline-bench \(benchmarks.keys.sorted().joined(separator: "|")) [options]")
    exit(2)
}
do {
    try benchmark(Array(arguments.dropFirst()))
} catch {
    print("heartline-bench \(name): \(error)")
    exit(1)
}
