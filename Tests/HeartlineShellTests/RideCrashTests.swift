#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The built binary with a simulated bike, readouts every 0.5 km, killed with SIGKILL
/// mid-ride, started again and the ride saved or resumed from the unfinished offer: the
/// distance and the laps by distance are the samples', to within the loss window of riding.
///
/// A few rounds run with the suite; contrib/crash-stress.sh runs as many as it is given
/// (HEARTLINE_RIDE_CRASH_ROUNDS) and prints how many rounds had a stale distance or stale laps.
@Suite(.timed, .tags(.threads)) struct RideCrashTests {
    static let lossWindow = Int(SQLiteStore.batchInterval)
    static let environment = ProcessInfo.processInfo.environment
    static let rounds = Int(environment["HEARTLINE_RIDE_CRASH_ROUNDS"] ?? "") ?? 6
    /// Rounds on the real clock, each a few seconds long.
    static let realTimeRounds = Int(environment["HEARTLINE_RIDE_REALTIME_ROUNDS"] ?? "") ?? 1
    static let seed = UInt64(environment["HEARTLINE_CRASH_SEED"] ?? "") ?? 20_261_201
    static let arguments = ["--simulate", "bike", "--seed", "9", "--speech", "transcript"]
    /// Cycling, the default metrics and interval, readouts every 0.5 km, started.
    static let configure = ["configure", "cycling", "next", "next", "every 0.5 kilometres", "start workout"]
    static let readoutStep = 500.0

    enum Choice: CaseIterable {
        case save
        case resume
    }

    /// What a round found.
    struct Finding {
        var staleDistance = false
        var staleLaps = false
        var lostMoreThanTheWindow = false
    }

    @Test(arguments: Choice.allCases)
    func aKilledRideKeepsItsDistanceAndLapsByDistance(choice: Choice) throws {
        let reference = try Self.referenceSamples(seconds: 400)
        let exports = TemporaryDirectory()
        let data = TemporaryDirectory()
        let finding = try Self.crashRound(
            "\(choice)", choice: choice, steps: [60, 60, 60, 60, 60], busy: 0, reference: reference, data: data.path)
        #expect(!finding.staleDistance && !finding.staleLaps && !finding.lostMoreThanTheWindow)

        // The exports: a lap for each 0.5 km and the one running; distances never go back.
        for format in ["tcx", "csv", "fit"] {
            let result = try runProgram(
                Binary.path, ["export", "--format", format, "--all", "--data-dir", data.path, "--output", exports.path], input: Data())
            #expect(result.status == 0, "\(result.standardError)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: exports.path)
        let tcx = try String(contentsOfFile: exports.path + "/" + #require(files.first { $0.hasSuffix(".tcx") }), encoding: .utf8)
        let csv = try String(contentsOfFile: exports.path + "/" + #require(files.first { $0.hasSuffix(".csv") }), encoding: .utf8)
        let store = try SQLiteStore(directory: data.path)
        let saved = try #require(try store.savedWorkouts(offset: 0, limit: 1).first)
        #expect(saved.distanceLaps.count >= 4, "\(saved.distanceLaps)")
        #expect(tcx.components(separatedBy: "<Lap ").count - 1 == saved.distanceLaps.count + 1)
        let distances = csv.split(separator: "\n").dropFirst().compactMap {
            Double($0.split(separator: ",", omittingEmptySubsequences: false)[7])
        }
        #expect(distances.count > 250)
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 }, "distances go back")
        let last = try #require(distances.last)
        #expect(abs(last - (saved.distance ?? 0)) < 0.01)
        let fitName = try #require(files.first { $0.hasSuffix(".fit") })
        let fit = try FITExportTests.decode(Array(try Data(contentsOf: URL(fileURLWithPath: exports.path + "/" + fitName))))
        let recorded = fit.filter { $0.hasPrefix("record ") }.compactMap { FITExportTests.number($0, "distance") }
        #expect(recorded.count > 250)
        #expect(zip(recorded, recorded.dropFirst()).allSatisfy { $0 <= $1 }, "FIT distances go back")
        #expect(fit.filter { $0.hasPrefix("lap ") }.count == saved.distanceLaps.count + 1)
        let session = try #require(fit.first { $0.hasPrefix("session ") })
        #expect(abs(try #require(FITExportTests.number(session, "total_distance")) - (saved.distance ?? 0)) <= 0.01)
    }

    /// Rounds killed at random moments, saved or resumed at random: none may have a stale
    /// distance or stale laps, nor lose more than the loss window.
    @Test func killedAtRandomMomentsNoRideLosesItsDistance() throws {
        let reference = try Self.referenceSamples(seconds: 400)
        var random = TestRandom(seed: Self.seed)
        var stale = (distance: 0, laps: 0, lost: 0)
        for round in 1...Self.rounds {
            let choice = Choice.allCases[Int(random.next(upTo: 2))]
            let steps = (0..<(1 + Int(random.next(upTo: 6)))).map { _ in 1 + Int(random.next(upTo: 60)) }
            let busy = Int(random.next(upTo: 120))
            let data = TemporaryDirectory()
            let label = "round \(round) of seed \(Self.seed), \(choice), steps \(steps), \(busy) while killed"
            let finding = try Self.crashRound(label, choice: choice, steps: steps, busy: busy, reference: reference, data: data.path)
            if finding.staleDistance { stale.distance += 1 }
            if finding.staleLaps { stale.laps += 1 }
            if finding.lostMoreThanTheWindow { stale.lost += 1 }
        }
        print(
            "ride-crash: \(Self.rounds) rounds, seed \(Self.seed): \(stale.distance) with a stale distance, "
                + "\(stale.laps) with stale laps by distance, \(stale.lost) lost more than \(Self.lossWindow) s")
        #expect(stale.distance == 0 && stale.laps == 0 && stale.lost == 0)
    }

    /// Rides on a pseudo-terminal, so on the real clock with its real ticks and commits, killed
    /// at a random moment; the next start saves each from the offer with the samples' distance.
    @Test func killedOnTheRealClockARideKeepsItsDistance() throws {
        var random = TestRandom(seed: Self.seed &+ 1)
        var stale = 0
        for round in 1...Self.realTimeRounds {
            let data = TemporaryDirectory()
            let milliseconds = 7000 + Int(random.next(upTo: 6000))
            let label = "real-clock round \(round) of seed \(Self.seed), killed after \(milliseconds) ms"
            let terminal = try PseudoTerminal(arguments: Self.arguments + ["--data-dir", data.path])
            try #require(terminal.waitFor("menu: 4, Settings."), "\(label): no home")
            terminal.type(Self.configure.map { $0 + "\r" }.joined())
            try #require(terminal.waitFor("answer: Workout started."), "\(label): no start")
            let started = Date()
            // Real time: the kill lands at a random moment of a ride on the real clock.
            usleep(useconds_t(milliseconds * 1000))
            kill(terminal.process.processIdentifier, SIGKILL)
            let ridden = Date().timeIntervalSince(started)
            #expect(terminal.waitForExit() == SIGKILL, "\(label): not killed")

            let next = try LiveHeartline(Self.arguments + ["--data-dir", data.path])
            defer { next.kill() }
            try #require(next.waitForLine(prefix: "menu: You have an unfinished workout") != nil, "\(label): no offer")
            next.send("2", "quit")
            try #require(next.waitForLine("answer: Workout saved.") != nil, "\(label): not saved")
            #expect(next.waitForExit() == 0, "\(label): did not quit")
            let store = try SQLiteStore(directory: data.path)
            let saved = try #require(try store.savedWorkouts(offset: 0, limit: 1).first, "\(label): nothing saved")
            let samples = try store.samples(of: saved.id)
            // A second for the ticks around the kill, beside the loss window.
            #expect(Double(samples.count) >= ridden - Double(Self.lossWindow) - 2, "\(label): \(samples.count) s kept of \(ridden) s")
            // The first commit comes after the loss window; the bike's first speed a second or two in.
            #expect(samples.count <= 3 || samples.contains { ($0.distance ?? 0) > 0 }, "\(label): the bike gave no distance")
            if saved.distance != samples.last?.distance || saved.distanceLaps != Self.lapsByDistance(samples) {
                stale += 1
                Issue.record("\(label): distance \(saved.distance ?? -1) m, the samples' \(samples.last?.distance ?? -1) m")
            }
        }
        print("ride-crash: \(Self.realTimeRounds) rounds on the real clock, seed \(Self.seed): \(stale) with a stale distance or laps")
        #expect(stale == 0)
    }

    /// One round: ride `steps` seconds, start `busy` more and kill; start again and save or
    /// resume from the offer; then check the stored ride against its own samples and the reference.
    static func crashRound(
        _ label: String, choice: Choice, steps: [Int], busy: Int, reference: [Sample], data: String
    ) throws -> Finding {
        let heartline = try LiveHeartline(arguments + ["--data-dir", data])
        defer { heartline.kill() }
        heartline.send(configure.joined(separator: "\n"))
        try #require(heartline.waitForLine("answer: Workout started.") != nil, "\(label): no start")
        var elapsed = 0
        for seconds in steps {
            heartline.send(":wait \(seconds)", "time")
            try #require(heartline.waitForLine(prefix: "answer: Time elapsed") != nil, "\(label): no answer")
            elapsed += seconds
        }
        if busy > 0 {
            // Real time: simulated seconds take microseconds; the kill lands among them and their commits.
            heartline.send(":wait \(busy)")
            usleep(useconds_t(busy * 50))
        }
        heartline.kill()
        #expect(heartline.waitForExit() == SIGKILL, "\(label): not killed")

        let next = try LiveHeartline(arguments + ["--data-dir", data])
        defer { next.kill() }
        try #require(next.waitForLine(prefix: "menu: You have an unfinished workout") != nil, "\(label): no offer")
        var more = 0
        switch choice {
        case .save:
            next.send("2")
        case .resume:
            more = 90
            next.send("1", ":wait \(more)", "end", "yes", "save")
        }
        try #require(next.waitForLine("answer: Workout saved.") != nil, "\(label): not saved")
        next.send("quit")
        #expect(next.waitForExit() == 0, "\(label): did not quit")

        let store = try SQLiteStore(directory: data)
        let saved = try #require(try store.savedWorkouts(offset: 0, limit: 1).first, "\(label): nothing saved")
        let samples = try store.samples(of: saved.id)
        var finding = Finding()
        #expect(samples.map(\.elapsed) == Array(stride(from: 1, through: samples.count, by: 1)), "\(label): out of order")
        #expect(saved.duration == samples.count, "\(label)")
        let distances = samples.map { $0.distance ?? 0 }
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 }, "\(label): distance goes back")
        if saved.distance != samples.last?.distance {
            finding.staleDistance = true
            Issue.record("\(label): distance \(saved.distance ?? -1) m, the samples' \(samples.last?.distance ?? -1) m")
        }
        let laps = lapsByDistance(samples)
        if saved.distanceLaps != laps {
            finding.staleLaps = true
            Issue.record("\(label): laps by distance \(saved.distanceLaps), the samples' \(laps)")
        }
        // Before the kill the ride is the reference ride; at most the loss window of it is gone.
        let beforeKill = samples.prefix { $0.elapsed <= samples.count - (choice == .resume ? more : 0) }
        #expect(Array(beforeKill) == Array(reference.prefix(beforeKill.count)), "\(label): samples differ from the bike's")
        if beforeKill.count < elapsed - lossWindow {
            finding.lostMoreThanTheWindow = true
            Issue.record("\(label): \(beforeKill.count) seconds kept of \(elapsed) ridden")
        }
        if choice == .save {
            let ridden = reference[max(0, min(reference.count, elapsed) - lossWindow - 1)].distance ?? 0
            #expect((saved.distance ?? 0) >= ridden, "\(label): \(saved.distance ?? -1) m of \(ridden) m")
        }
        return finding
    }

    /// The active seconds at which the samples' distance passes each readout step: what the laps
    /// by distance must be, counted here apart from the engine's code.
    static func lapsByDistance(_ samples: [Sample]) -> [Int] {
        var laps: [Int] = []
        var next = readoutStep
        for sample in samples {
            guard let distance = sample.distance, distance >= next - 0.01 else { continue }
            laps.append(sample.elapsed)
            while next <= distance + 0.01 { next += readoutStep }
        }
        return laps
    }

    /// An uninterrupted ride's samples: every killed ride's first seconds must be a prefix of them.
    static func referenceSamples(seconds: Int) throws -> [Sample] {
        let data = TemporaryDirectory()
        let script = (configure + [":wait \(seconds)", "end", "yes", "save"]).joined(separator: "\n") + "\n"
        let result = try runHeartline(arguments + ["--data-dir", data.path], input: Data(script.utf8))
        #expect(result.status == 0)
        let store = try SQLiteStore(directory: data.path)
        let id = try #require(try store.savedWorkouts(offset: 0, limit: 1).first?.id)
        let samples = try store.samples(of: id)
        #expect(samples.count == seconds)
        #expect(samples.last?.distance.map { $0 > 2000 } == true)
        return samples
    }
}
