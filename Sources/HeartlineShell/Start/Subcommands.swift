import Foundation
import HeartlineCore
import HeartlineStorage

/// `heartline generate` and `heartline export`: one-shot commands that run without the shell.
///
/// They print to the terminal (paths and figures, for scripts and a sighted helper) rather than
/// speak. Exit status: 0 when done, 1 when something failed, 2 for a usage error.
enum Subcommands {
    /// Runs the subcommand `arguments[1]` names; nil when it names none (the shell runs).
    static func run(_ arguments: [String], environment: [String: String], streams: ProcessStreams = .standard) -> Int32? {
        guard arguments.count > 1 else { return nil }
        let rest = Array(arguments.dropFirst(2))
        switch arguments[1] {
        case "generate":
            return guarded("generate", generateUsage, streams) { try generate(rest, environment: environment, streams: streams) }
        case "export":
            return guarded("export", exportUsage, streams) { try export(rest, environment: environment, streams: streams) }
        default: return nil
        }
    }

    /// A subcommand's `--help`: its synopsis, what the manual page says of it, its options.
    static func usage(_ command: CommandSpec) -> String {
        "usage: \(command.synopsis)\n\n\(ManualText.plain(command.manual))\n\n\(command.optionLines)"
    }

    static var generateUsage: String { usage(.generate) }

    static var exportUsage: String { usage(.export) }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `body`; usage errors print the usage and give 2, failures give 1.
    private static func guarded(_ name: String, _ usage: String, _ streams: ProcessStreams, _ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return 0
        } catch let error as UsageError where error.description == "help" {
            streams.printLine(usage)
            return 0
        } catch let error as UsageError {
            streams.writeError("heartline \(name): \(error)\n\(usage)\n")
            return 2
        } catch {
            streams.writeError("heartline \(name): \(error)\n")
            return 1
        }
    }

    // MARK: - Arguments

    /// `--name value`, `--name=value` and flags, checked against what the subcommand takes.
    struct Arguments {
        private(set) var values: [String: String] = [:]
        private(set) var flags: Set<String> = []

        init(_ arguments: [String], command: CommandSpec) throws {
            var rest = arguments[...]
            while let argument = rest.popFirst() {
                let (written, inline) = Options.split(argument)
                guard let option = command.option(written) else { throw UsageError(description: "unknown option \(argument)") }
                let name = option.name
                if name == "--help" { throw UsageError(description: "help") }
                if option.argument == .none {
                    guard inline == nil else { throw UsageError(description: "\(name) takes no value") }
                    flags.insert(name)
                } else {
                    guard let value = inline ?? rest.popFirst(), !value.hasPrefix("--") else {
                        throw UsageError(description: "\(name) needs a value")
                    }
                    values[name] = value
                }
            }
        }

        func positive(_ name: String) throws -> Int? {
            guard let text = values[name] else { return nil }
            guard let number = Int(text), number > 0 else { throw UsageError(description: "\(name) takes a positive whole number") }
            return number
        }

        /// `--data-dir`, else the shell's default data directory.
        func dataDirectory(environment: [String: String]) -> String {
            var options = Options()
            options.dataDirectory = values["--data-dir"]
            return options.resolvedDataDirectory(environment: environment)
        }
    }

    // MARK: - generate

    static func generate(_ arguments: [String], environment: [String: String], streams: ProcessStreams) throws {
        let parsed = try Arguments(arguments, command: .generate)
        let days: Int
        switch (try parsed.positive("--years"), try parsed.positive("--days")) {
        case (let years?, nil): days = years * 365
        case (nil, let count?): days = count
        default: throw UsageError(description: "give --years N or --days N")
        }
        var seed: UInt64 = 2026
        if let text = parsed.values["--seed"] {
            guard let value = UInt64(text) else { throw UsageError(description: "--seed takes a whole number") }
            seed = value
        }
        let directory = parsed.dataDirectory(environment: environment)
        let store = try openStore(directory, streams)
        let existing = try store.savedWorkoutCount() + store.unfinishedWorkouts().count
        guard existing == 0 else {
            throw Failure(description: "\(directory) already holds \(existing) workouts; generate only fills an empty data directory")
        }
        let clock = ContinuousClock()
        let began = clock.now
        var reported = 0
        try HistoryGenerator.fill(store: store, days: days, endingAt: Date(), seed: seed) { done, total in
            // A line per tenth, on standard error, so standard output stays the result alone.
            let tenth = done * 10 / total
            if tenth > reported {
                reported = tenth
                streams.writeError("heartline generate: \(done) of \(total) workouts\n")
            }
        }
        let elapsed = clock.now - began
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        streams.printLine(String(format: "%d workouts of one hour written to %@ in %.1f seconds", days, directory, seconds))
    }

    // MARK: - export

    static func export(_ arguments: [String], environment: [String: String], streams: ProcessStreams) throws {
        let parsed = try Arguments(arguments, command: .export)
        guard let formatName = parsed.values["--format"] else { throw UsageError(description: "--format is required") }
        guard let format = ExportFormat(rawValue: formatName.lowercased()) else {
            throw UsageError(description: "--format takes \(OptionSpec.choices(ExportFormat.self))")
        }
        let all = parsed.flags.contains("--all")
        var id: Int64?
        if let text = parsed.values["--id"] {
            guard let value = Int64(text), value > 0 else { throw UsageError(description: "--id takes a workout number") }
            id = value
        }
        guard all != (id != nil) else { throw UsageError(description: "give either --id N or --all") }
        let output = parsed.values["--output"] ?? FileManager.default.currentDirectoryPath
        let directory = parsed.dataDirectory(environment: environment)
        guard FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("heartline.sqlite")) else {
            throw Failure(description: "there are no Heartline workouts in \(directory)")
        }
        let store = try openStore(directory, streams)
        let exporter = WorkoutExporter(store: store)
        if let id {
            // A folder name may hold escape sequences; the terminal gets none of them.
            streams.printLine(SafeText.clean(try exporter.export(id, format: format, to: output)))
            return
        }
        // A page at a time: ten years of samples never sit in memory together.
        let pageSize = 100
        var offset = 0
        var written = 0
        while true {
            let page = try store.savedWorkouts(offset: offset, limit: pageSize)
            for workout in page {
                streams.printLine(SafeText.clean(try exporter.export(workout.id, format: format, to: output)))
                written += 1
            }
            guard page.count == pageSize else { break }
            offset += pageSize
        }
        if written == 0 { streams.writeError("heartline export: there are no saved workouts in \(directory)\n") }
    }

    /// The store, or a failure that says why not in terms a user can act on.
    private static func openStore(_ directory: String, _ streams: ProcessStreams) throws -> SQLiteStore {
        do {
            let store = try SQLiteStore(directory: directory)
            if let moved = store.recoveredFromCorruption {
                streams.writeError("heartline: the workout database could not be read; it was kept as \(moved) and a new one started\n")
            }
            return store
        } catch .locked {
            throw Failure(description: "another Heartline is using \(directory); close it first")
        } catch {
            throw Failure(description: "cannot open \(directory): \(error)")
        }
    }
}
