import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineStorage
import HeartlineTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `heartline generate` and `heartline export` end to end with the built binary, and the
/// exporter the workout details screen calls.
@Suite(.timed) struct ExportTests {
    @Test func generatedWorkoutsExportToTCXAndCSVFiles() throws {
        let data = TemporaryDirectory()
        let output = TemporaryDirectory()
        let generated = try runInProcess(["generate", "--days", "3", "--data-dir", data.path, "--seed", "5"], input: Data())
        #expect(generated.status == 0)
        #expect(generated.standardOutput.hasPrefix("3 workouts of one hour written to \(data.path)"))

        let tcx = try runInProcess(
            ["export", "--format", "tcx", "--all", "--output", output.path + "/tcx", "--data-dir", data.path], input: Data())
        #expect(tcx.status == 0, "\(tcx.standardError)")
        let paths = tcx.lines
        #expect(paths.count == 3)
        for path in paths {
            let name = (path as NSString).lastPathComponent
            #expect(name.range(of: #"^heartline-\d{4}-\d{2}-\d{2}-\d{4}\.tcx$"#, options: .regularExpression) != nil, "\(name)")
            #expect(try permissions(path) == 0o600)
            let xml = try String(contentsOfFile: path, encoding: .utf8)
            #expect(try ElementCounter.count("Trackpoint", in: xml) == 3600)
            try validateAgainstSchema(path)
        }
        #expect(try permissions(output.path + "/tcx") == 0o700)

        let csv = try runInProcess(
            ["export", "--format=csv", "--id", "2", "--output", output.path, "--data-dir", data.path], input: Data())
        #expect(csv.status == 0)
        let csvPath = try #require(csv.lines.first)
        #expect(csvPath.hasSuffix(".csv"))
        let rows = try String(contentsOfFile: csvPath, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "elapsed_seconds,time,heart_rate_bpm,rr_intervals_ms,speed_m_s,cadence,power_w,distance_m")
        #expect(rows.count == 3601)
        // The same workout exported again replaces its own file.
        let again = try runInProcess(
            ["export", "--format", "csv", "--id", "2", "--output", output.path, "--data-dir", data.path], input: Data())
        #expect(again.lines == [csvPath])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == [(csvPath as NSString).lastPathComponent, "tcx"])
    }

    @Test func generateRefusesADirectoryThatHoldsWorkouts() throws {
        let data = TemporaryDirectory()
        #expect(try runInProcess(["generate", "--days", "1", "--data-dir", data.path], input: Data()).status == 0)
        let second = try runInProcess(["generate", "--years", "1", "--data-dir", data.path], input: Data())
        #expect(second.status == 1)
        #expect(second.standardError.contains("already holds 1 workouts"))
    }

    @Test(arguments: [
        (["export", "--all"], "--format is required"),
        (["export", "--format", "gpx", "--all"], "--format takes tcx, csv or fit"),
        (["export", "--format", "tcx"], "give either --id N or --all"),
        (["export", "--format", "tcx", "--all", "--id", "3"], "give either --id N or --all"),
        (["export", "--format", "tcx", "--id", "x"], "--id takes a workout number"),
        (["generate"], "give --years N or --days N"),
        (["generate", "--years", "0"], "--years takes a positive whole number"),
        (["generate", "--years", "1", "--color"], "unknown option --color"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try runInProcess(arguments, input: Data())
        #expect(result.status == 2)
        #expect(result.standardError.contains(message))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func exportSaysWhatIsMissing() throws {
        let data = TemporaryDirectory()
        let empty = try runInProcess(["export", "--format", "tcx", "--id", "1", "--data-dir", data.path + "/none"], input: Data())
        #expect(empty.status == 1)
        #expect(empty.standardError.contains("there are no Heartline workouts in"))
        #expect(!FileManager.default.fileExists(atPath: data.path + "/none"))
        #expect(try runInProcess(["generate", "--days", "1", "--data-dir", data.path], input: Data()).status == 0)
        let missing = try runInProcess(["export", "--format", "tcx", "--id", "9", "--data-dir", data.path], input: Data())
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("there is no workout 9"))
    }

    @Test func helpPrintsTheUsage() throws {
        let help = try runInProcess(["export", "--help"], input: Data())
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("usage: heartline export --format tcx|csv"))
    }

    // MARK: - The exporter the details screen uses

    @Test func theExporterNamesFilesByStartAndKeepsSameMinuteWorkoutsApart() throws {
        let data = TemporaryDirectory()
        let output = TemporaryDirectory()
        let store = try SQLiteStore(directory: data.path)
        let start = Date(timeIntervalSince1970: 1_795_937_400)  // 2026-11-29 07:30 UTC
        let plan = TrainingPlan(warmUp: 60, rounds: 2, work: 60, rest: 30)
        let first = try record(in: store, start: start, seconds: 240, configuration: WorkoutConfiguration(plan: plan))
        let second = try record(in: store, start: start.addingTimeInterval(20), seconds: 30)
        let exporter = WorkoutExporter(store: store, timeZone: TimeZone(identifier: "UTC")!)

        let firstPath = try exporter.export(first, format: .tcx, to: output.path)
        #expect(firstPath == output.path + "/heartline-2026-11-29-0730.tcx")
        let secondPath = try exporter.export(second, format: .tcx, to: output.path)
        #expect(secondPath == output.path + "/heartline-2026-11-29-0730-2.tcx")
        #expect(try exporter.export(first, format: .tcx, to: output.path) == firstPath)
        #expect(try permissions(firstPath) == 0o600)
        // The plan's phases are the laps: warm-up, work, rest, work, and the minute after.
        let xml = try String(contentsOfFile: firstPath, encoding: .utf8)
        #expect(try ElementCounter.count("Lap", in: xml) == 5)
        #expect(try ElementCounter.count("Trackpoint", in: xml) == 240)
        try validateAgainstSchema(firstPath)

        let csvPath = try exporter.export(second, format: .csv, to: output.path + "/new/folder")
        #expect(csvPath == output.path + "/new/folder/heartline-2026-11-29-0730-2.csv")
        #expect(throws: ExportError.noSuchWorkout(99)) { try exporter.export(99, format: .csv, to: output.path) }
        // Nothing half-written is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func anUnwritableFolderIsAnErrorNotACrash() throws {
        let data = TemporaryDirectory()
        let store = try SQLiteStore(directory: data.path)
        let id = try record(in: store, start: Date(timeIntervalSince1970: 1_795_937_400), seconds: 5)
        let exporter = WorkoutExporter(store: store)
        let file = data.path + "/a-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(throws: ExportError.cannotWrite(path: file, reason: "not a directory")) {
            try exporter.export(id, format: .csv, to: file)
        }
    }

    /// Records a saved workout of `seconds` one-second samples.
    private func record(
        in store: SQLiteStore, start: Date, seconds: Int, configuration: WorkoutConfiguration = WorkoutConfiguration()
    ) throws -> Int64 {
        let id = try store.beginWorkout(start: start, configuration: configuration)
        try store.append((1...seconds).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 110 + $0 % 40, rrIntervals: [520]) }, to: id)
        try store.updateSummary(
            WorkoutSummary(
                id: id, start: start, state: .saved, configuration: configuration, duration: seconds, averageHeartRate: 130,
                maximumHeartRate: 149, calories: Double(seconds) / 6))
        return id
    }
}

func permissions(_ path: String) throws -> Int {
    ((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Counts elements by name with Foundation's XML parser, which fails on anything not well-formed.
final class ElementCounter: NSObject, XMLParserDelegate {
    private let name: String
    private var count = 0

    private init(_ name: String) { self.name = name }

    struct NotWellFormed: Error {}

    static func count(_ name: String, in xml: String) throws -> Int {
        let counter = ElementCounter(name)
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = counter
        guard parser.parse() else { throw NotWellFormed() }
        return counter.count
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == name { count += 1 }
    }
}

/// xmllint against TrainingCenterDatabasev2.xsd from the shared data beside the checkout; only
/// the parser checks run when xmllint or the schema is missing.
func validateAgainstSchema(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    // The nearest shared data above the checkout: beside it, or beside the folder of worktrees.
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    var schema = folder.appendingPathComponent("../../../shared/data/tcx/TrainingCenterDatabasev2.xsd").standardized.path
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("shared/data/tcx/TrainingCenterDatabasev2.xsd").path
        if FileManager.default.fileExists(atPath: candidate) {
            schema = candidate
            break
        }
        folder = folder.deletingLastPathComponent()
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"), FileManager.default.fileExists(atPath: schema)
    else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
    process.arguments = ["--noout", "--schema", schema, path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)", sourceLocation: sourceLocation)
}
