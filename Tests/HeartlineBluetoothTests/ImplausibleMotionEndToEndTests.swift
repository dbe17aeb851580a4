#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineBluetooth
import HeartlineCore
import HeartlineIO
import HeartlineTestSupport
import Testing

/// The built binary against fake footpods and power meters that send what no human can (100 and
/// 256 m/s, 32,767 W, 0xFFFF W, random bytes): one notice for each sensor, nothing impossible
/// said, stored or exported; and on a ride with a footpod connected too, the bike's own sensor
/// gives speed and cadence.
@Suite(.timed, .serialized) struct ImplausibleMotionEndToEndTests {
    typealias Notifier = SensorsEndToEndTests.Notifier

    /// What a fake sensor sends: the frame of each phase, in turn.
    final class Phase: @unchecked Sendable {
        var value: () -> [UInt8]
        init(_ value: @escaping () -> [UInt8]) { self.value = value }
    }

    static func pass(_ loop: EventLoop, _ seconds: Double) { _ = BinaryEndToEndTests.run(loop, seconds: seconds) { false } }

    /// Exports every workout of `data` as `format` into `folder`; the file's text.
    static func export(_ format: String, data: String, to folder: String) throws -> String {
        let export = Process()
        export.executableURL = URL(fileURLWithPath: HeartlineBinary.path)
        export.arguments = ["export", "--format", format, "--all", "--data-dir", data, "--output", folder]
        export.standardOutput = FileHandle.nullDevice
        try export.run()
        export.waitUntilExit()
        #expect(export.terminationStatus == 0)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix("." + format) })
        return try String(contentsOfFile: folder + "/" + name, encoding: .isoLatin1)
    }

    /// The CSV's rows as fields, header dropped.
    static func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("a footpod at 100 and 256 m/s and sending random bytes: dropped, said once, never stored or exported")
    func impossibleFootpod() throws {
        let loop = try EventLoop()
        let directory = try SensorsEndToEndTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let strap = try Notifier(FakeStrap(), service: nil, path: directory + "/strap.sock", loop: loop) { [0x06, 150] }
        defer { strap.close() }
        // 3 m/s (768/256) at 172 steps a minute, the possible stride.
        let possible = RunningSpeedCadenceMeasurement(speed: 768, cadence: 172, isRunning: true).encoded
        var random = SplitMix64(seed: 11)
        let phase = Phase { possible }
        let pod = FakeStrap(name: "Footpod 7", heartRateService: false, sensorServices: [.runningSpeedCadence])
        let footpod = try Notifier(pod, service: .runningSpeedCadence, path: directory + "/pod.sock", loop: loop) { phase.value() }
        defer { footpod.close() }
        let heartline = try ScriptedHeartline(
            arguments: ["--sensor", "att-socket:" + strap.peer.path, "--sensor", "footpod=att-socket:" + footpod.peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        heartline.send("configure", "running", "start workout")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        Self.pass(loop, 3)

        let hostile: [() -> [UInt8]] = [
            { RunningSpeedCadenceMeasurement(speed: 25_600, cadence: 180, isRunning: true).encoded },
            { RunningSpeedCadenceMeasurement(speed: 0xFFFF, cadence: 255, isRunning: true).encoded },
            { (0..<(4 + Int(random.next() % 8))).map { _ in UInt8(truncatingIfNeeded: random.next()) } },
        ]
        for value in hostile {
            phase.value = value
            Self.pass(loop, 3)
            heartline.send("pace")
            Self.pass(loop, 0.5)
        }
        phase.value = { possible }
        Self.pass(loop, 3)
        #expect(
            SensorsEndToEndTests.answer("pace", "answer: Pace", of: heartline, on: loop)
                == "answer: Pace, 5 minutes and 33 seconds per kilometre.", context())
        heartline.send("end", "yes", "save")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout saved.") }, context())
        #expect(heartline.finish() == 0, context())

        let lines = heartline.lines
        #expect(lines.filter { $0 == "notice: The footpod sends readings that cannot be right." }.count == 1, context())
        // 12.5 m/s is 1 minute and 20 seconds a kilometre: a pace in seconds alone is impossible.
        #expect(!lines.contains { $0.hasPrefix("answer: Pace, ") && !$0.contains("minute") }, context())
        let rows = Self.rows(try Self.export("csv", data: heartline.directory + "/data", to: directory + "/out"))
        let speeds = rows.compactMap { Double($0[4]) }
        let cadences = rows.compactMap { Int($0[5]) }
        #expect(rows.count >= 12, "\(rows.count) seconds")
        // Random bytes may now and then make a possible frame; none impossible is kept.
        #expect(speeds.allSatisfy { $0 <= MotionCheck.runningSpeed }, "\(speeds)")
        #expect(speeds.filter { $0 == 3 }.count >= 6, "\(speeds)")
        #expect(cadences.allSatisfy { $0 <= MotionCheck.runningCadence }, "\(cadences)")
        let distance = try #require(rows.last.flatMap { Double($0[7]) })
        #expect(distance <= MotionCheck.runningSpeed * Double(rows.count), "\(distance) m in \(rows.count) s")
    }

    @Test("a ride with a footpod too, and a power meter sending 32767 W, 0xFFFF W and random bytes")
    func impossiblePowerMeterOnARideWithAFootpod() throws {
        let loop = try EventLoop()
        let directory = try SensorsEndToEndTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var bike = SimulatedBike(seed: 3, speed: 30 / 3.6, cadence: 90)
        let bikeStrap = FakeStrap(name: "Speed 2", heartRateService: false, sensorServices: [.cyclingSpeedCadence])
        let bikePeer = try Notifier(bikeStrap, service: .cyclingSpeedCadence, path: directory + "/bike.sock", loop: loop) {
            bike.notificationValue(after: 0.5)
        }
        defer { bikePeer.close() }
        // A footpod left on the shoe: 3 m/s at 172 steps a minute, which must not be the ride's.
        let pod = FakeStrap(name: "Footpod 7", heartRateService: false, sensorServices: [.runningSpeedCadence])
        let footpod = try Notifier(pod, service: .runningSpeedCadence, path: directory + "/pod.sock", loop: loop) {
            RunningSpeedCadenceMeasurement(speed: 768, cadence: 172, isRunning: true).encoded
        }
        defer { footpod.close() }
        var meter = SimulatedPowerMeter(seed: 4, power: 210, cadence: 90)
        var random = SplitMix64(seed: 12)
        let phase = Phase { meter.notificationValue(after: 0.5) }
        let meterStrap = FakeStrap(name: "Crank PM", heartRateService: false, sensorServices: [.cyclingPower])
        let meterPeer = try Notifier(meterStrap, service: .cyclingPower, path: directory + "/power.sock", loop: loop) { phase.value() }
        defer { meterPeer.close() }
        let heartline = try ScriptedHeartline(
            arguments: [
                "--sensor", "bike=att-socket:" + bikePeer.peer.path, "--sensor", "footpod=att-socket:" + footpod.peer.path, "--sensor",
                "power=att-socket:" + meterPeer.peer.path,
            ], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        heartline.send("configure", "cycling", "start workout")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        Self.pass(loop, 4)

        func number(_ line: String?, after prefix: String) -> Double? {
            line.flatMap { Double($0.dropFirst(prefix.count).prefix { $0.isNumber || $0 == "." }) }
        }
        // The bike's 30 km/h and 90 a minute, not the footpod's 10.8 km/h and 172.
        let speed = number(SensorsEndToEndTests.answer("speed", "answer: Speed", of: heartline, on: loop), after: "answer: Speed, ")
        #expect(speed.map { (27...33).contains($0) } == true, context())
        let cadence = number(SensorsEndToEndTests.answer("cadence", "answer: Cadence", of: heartline, on: loop), after: "answer: Cadence, ")
        #expect(cadence.map { (80...100).contains($0) } == true, context())

        let hostile: [() -> [UInt8]] = [
            { CyclingPowerMeasurement(power: 32767).encoded },
            { CyclingPowerMeasurement(power: -1).encoded },
            { (0..<(4 + Int(random.next() % 10))).map { _ in UInt8(truncatingIfNeeded: random.next()) } },
        ]
        for value in hostile {
            phase.value = value
            Self.pass(loop, 3)
            heartline.send("power")
            Self.pass(loop, 0.5)
        }
        phase.value = { meter.notificationValue(after: 0.5) }
        Self.pass(loop, 3)
        let power = number(SensorsEndToEndTests.answer("power", "answer: Power", of: heartline, on: loop), after: "answer: Power, ")
        #expect(power.map { (170...250).contains($0) } == true, context())
        heartline.send("end", "yes", "save")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout saved.") }, context())
        #expect(heartline.finish() == 0, context())

        let lines = heartline.lines
        #expect(lines.filter { $0 == "notice: The power meter sends readings that cannot be right." }.count == 1, context())
        #expect(!lines.contains { $0.contains("32,767") || $0.contains("32767") }, context())
        let data = heartline.directory + "/data"
        let rows = Self.rows(try Self.export("csv", data: data, to: directory + "/out"))
        let powers = rows.compactMap { Int($0[6]) }
        let cadences = rows.compactMap { Int($0[5]) }
        #expect(rows.count >= 15, "\(rows.count) seconds")
        #expect(powers.allSatisfy { MotionCheck.power.contains($0) }, "\(powers)")
        #expect(powers.filter { (150...270).contains($0) }.count >= 6, "\(powers)")
        #expect(cadences.allSatisfy { (75...105).contains($0) }, "\(cadences)")
        #expect(rows.compactMap { Double($0[4]) }.allSatisfy { $0 > 6 && $0 < 10 })
        let tcx = try Self.export("tcx", data: data, to: directory + "/tcx")
        #expect(!tcx.contains("32767"))
    }
}
