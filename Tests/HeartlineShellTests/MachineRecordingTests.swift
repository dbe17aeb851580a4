import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// An hour on `--simulate treadmill` through the real binary, its simulated machine's bytes
/// through the production decoders: what the database keeps of it, and what its FIT export says.
@Suite(.timed) struct MachineRecordingTests {
    @Test func anHourOnTheSimulatedTreadmillIsStoredWithinTheBudgetAndExportedIndoors() throws {
        let data = TemporaryDirectory()
        let output = TemporaryDirectory()
        let script = [
            "configure", "running", "start workout", "top speed 14", "speed 10", "incline 2", ":wait 1800", "speed 12", "incline 4",
            ":wait 1800", "end", "yes", "1",
        ]
        let run = try runInProcess(
            ["--simulate", "treadmill", "--speech", "transcript", "--data-dir", data.path],
            input: Data((script.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0, "\(run.standardError)")
        try #require(run.lines.contains("answer: Workout saved."), "\(run.lines)")

        let database = try Database(path: data.path + "/heartline.sqlite")
        let chunks = try database.query("SELECT data, count FROM sample_chunks ORDER BY first") { row in
            (bytes: row.blob(0), count: row.int(1))
        }
        let bytes = chunks.reduce(0) { $0 + $1.bytes.count }
        let seconds = chunks.reduce(0) { $0 + $1.count }
        let perSecond = Double(bytes) / Double(seconds)
        print("simulated treadmill: \(bytes) bytes of samples for \(seconds) seconds, \(perSecond) bytes per second")
        #expect(seconds == 3600)
        #expect(perSecond <= FloodBudget.bytesPerSecond, "\(perSecond) bytes per second")

        // Every second has the belt's speed, its incline as set, a distance and the heart rate.
        let samples = try chunks.flatMap { try SampleCodec.decode($0.bytes) }
        #expect(samples.allSatisfy { $0.motion.speed != nil && $0.distance != nil && $0.heartRate != nil })
        #expect(samples[1000].motion.incline == 2 && samples[3000].motion.incline == 4)
        let configuration = try database.queryFirst("SELECT configuration FROM workouts") { $0.text(0) }
        #expect(configuration?.contains(#""machine":"treadmill""#) == true, "\(configuration ?? "")")

        let fit = try runInProcess(
            ["export", "--format", "fit", "--id", "1", "--output", output.path, "--data-dir", data.path], input: Data())
        #expect(fit.status == 0, "\(fit.standardError)")
        let lines = try FITExportTests.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: try #require(fit.lines.first)))))
        let session = try #require(lines.first { $0.hasPrefix("session ") })
        #expect(FITExportTests.fields(session)["sub_sport"] == "treadmill", "\(session)")
        let records = lines.filter { $0.hasPrefix("record ") }
        #expect(records.count == 3600)
        #expect(FITExportTests.number(records[3000], "grade") == 4, "\(records[3000])")
    }
}

enum FloodBudget {
    /// Every stream of a workout together: heart rate, RR intervals, speed, incline, cadence,
    /// power and distance.
    static let bytesPerSecond = 8.0
}
