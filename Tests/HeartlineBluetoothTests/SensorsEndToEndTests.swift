#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineBluetooth
import HeartlineIO
import HeartlineTestSupport
import Testing

/// Heartline with several sensors at once, each a fake peer on its own SEQPACKET socket with the
/// production client above it: a strap and a footpod for a run, a bike sensor and a power meter
/// for a ride. Each drops out alone, is said by its kind, and comes back on its own.
@Suite(.timed, .serialized, .tags(.threads)) struct SensorsEndToEndTests {
    /// A fake peer of `strap` at DIR/NAME.sock, notifying `value()` twice a second while the
    /// client has switched on `service`'s measurement (the heart-rate one when nil).
    final class Notifier {
        let peer: FakeStrapPeer
        private var token: EventLoop.Token?
        private let loop: EventLoop

        init(
            _ strap: FakeStrap, service: FakeStrap.SensorService?, path: String, loop: EventLoop,
            value: @escaping () -> [UInt8]
        ) throws {
            self.loop = loop
            peer = try FakeStrapPeer(strap: strap, path: path, loop: loop)
            let configuration = service.map { (strap.sensorMeasurementHandles[$0] ?? 0) + 1 } ?? FakeStrap.measurementConfigurationHandle
            func beat() {
                if peer.isConnected, strap.value(at: configuration) == [0x01, 0x00] {
                    peer.send(service.map { strap.notification(of: $0, value()) } ?? FakeStrap.measurementNotification(value()))
                }
                token = loop.after(0.5) { beat() }
            }
            beat()
        }

        func close() {
            if let token { loop.cancel(token) }
            peer.close()
        }
    }

    static func directory() throws -> String {
        var template = Array("/tmp/heartline-sensors.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "mkdtemp", code: errno) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Sends `command` until an answer starting with `prefix` comes after line `from`; that answer.
    static func answer(_ command: String, _ prefix: String, of heartline: ScriptedHeartline, on loop: EventLoop) -> String? {
        let from = heartline.lines.count
        var found: String? { heartline.lines[from...].first { $0.hasPrefix(prefix) } }
        heartline.send(command)
        _ = BinaryEndToEndTests.run(loop, seconds: 5) { found != nil }
        return found
    }

    @Test("a strap and a footpod: heart rate, pace, cadence and distance; the footpod drops out alone")
    func strapAndFootpod() throws {
        let loop = try EventLoop()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let strap = try Notifier(FakeStrap(), service: nil, path: directory + "/strap.sock", loop: loop) { [0x06, 150] }
        defer { strap.close() }
        // 3 m/s (768/256) at 172 steps a minute: 5 minutes and 33 seconds a kilometre.
        let pod = FakeStrap(name: "Footpod 7", heartRateService: false, sensorServices: [.runningSpeedCadence])
        let footpod = try Notifier(pod, service: .runningSpeedCadence, path: directory + "/pod.sock", loop: loop) {
            RunningSpeedCadenceMeasurement(speed: 768, cadence: 172, isRunning: true).encoded
        }
        defer { footpod.close() }
        let heartline = try ScriptedHeartline(
            arguments: ["--sensor", "att-socket:" + strap.peer.path, "--sensor", "footpod=att-socket:" + footpod.peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        #expect(
            BinaryEndToEndTests.run(loop, seconds: 10) {
                pod.value(at: (pod.sensorMeasurementHandles[.runningSpeedCadence] ?? 0) + 1) == [1, 0]
            })

        heartline.send("configure", "running", "start workout", ":wait 3")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        #expect(
            Self.answer("heart rate", "answer: Heart rate", of: heartline, on: loop) == "answer: Heart rate, 150 beats per minute.",
            context())
        #expect(
            Self.answer("pace", "answer: Pace", of: heartline, on: loop) == "answer: Pace, 5 minutes and 33 seconds per kilometre.",
            context())
        #expect(Self.answer("cadence", "answer: Cadence", of: heartline, on: loop) == "answer: Cadence, 172 steps per minute.", context())
        let distance = Self.answer("distance", "answer: Distance", of: heartline, on: loop)
        #expect(distance?.hasSuffix(" kilometres.") == true, context())

        // The footpod out of range: said by its kind; pace unknown; the strap goes on.
        footpod.peer.accepting = false
        footpod.peer.dropConnection()
        try #require(BinaryEndToEndTests.run(loop, seconds: 5) { heartline.lines.contains("event: Footpod disconnected.") }, context())
        #expect(Self.answer("pace", "answer: Pace", of: heartline, on: loop) == "answer: Pace unknown: no footpod is connected.", context())
        #expect(
            Self.answer("heart rate", "answer: Heart rate", of: heartline, on: loop) == "answer: Heart rate, 150 beats per minute.",
            context())
        #expect(!heartline.lines.contains("event: Heart rate strap disconnected."), context())

        // Back in range: reconnected by itself and said; pace again.
        footpod.peer.accepting = true
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("event: Footpod connected.") }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }
        #expect(
            Self.answer("pace", "answer: Pace", of: heartline, on: loop) == "answer: Pace, 5 minutes and 33 seconds per kilometre.",
            context())
        #expect(heartline.finish() == 0, context())
        #expect(heartline.log.contains("footpod: disconnected"), context())
    }

    /// A footpod fake at DIR/pod.sock, at 5 minutes and 33 seconds a kilometre.
    static func footpod(in directory: String, loop: EventLoop) throws -> (FakeStrap, Notifier) {
        let pod = FakeStrap(name: "Footpod 7", heartRateService: false, sensorServices: [.runningSpeedCadence])
        let notifier = try Notifier(pod, service: .runningSpeedCadence, path: directory + "/pod.sock", loop: loop) {
            RunningSpeedCadenceMeasurement(speed: 768, cadence: 172, isRunning: true).encoded
        }
        return (pod, notifier)
    }

    @Test("a second --sensor without a kind is taken by its services as the footpod, and the strap stays")
    func aSecondSensorWithoutAKindIsTakenByItsKind() throws {
        let loop = try EventLoop()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let strap = try Notifier(FakeStrap(), service: nil, path: directory + "/strap.sock", loop: loop) { [0x06, 150] }
        defer { strap.close() }
        let (pod, footpod) = try Self.footpod(in: directory, loop: loop)
        defer { footpod.close() }
        let heartline = try ScriptedHeartline(
            arguments: ["--sensor", "att-socket:" + strap.peer.path, "--sensor", "att-socket:" + footpod.peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        #expect(
            BinaryEndToEndTests.run(loop, seconds: 10) {
                pod.value(at: (pod.sensorMeasurementHandles[.runningSpeedCadence] ?? 0) + 1) == [1, 0]
            }, context())

        heartline.send("configure", "running", "start workout", ":wait 3")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        #expect(
            Self.answer("heart rate", "answer: Heart rate", of: heartline, on: loop) == "answer: Heart rate, 150 beats per minute.",
            context())
        #expect(
            Self.answer("pace", "answer: Pace", of: heartline, on: loop) == "answer: Pace, 5 minutes and 33 seconds per kilometre.",
            context())
        #expect(heartline.finish() == 0, context())
        #expect(!heartline.lines.contains { $0.contains("strap") && $0.contains("not connected") }, context())
    }

    @Test("a footpod given as the strap is said to be a footpod, and used as one")
    func aFootpodGivenAsTheStrapIsUsedAsAFootpod() throws {
        let loop = try EventLoop()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, footpod) = try Self.footpod(in: directory, loop: loop)
        defer { footpod.close() }
        let heartline = try ScriptedHeartline(arguments: ["--sensor", "att-socket:" + footpod.peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        let said = "answer: The device given is a footpod. Heartline uses it as the footpod."
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains(said) }, context())

        heartline.send("configure", "running", "start workout", ":wait 3")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        #expect(
            Self.answer("pace", "answer: Pace", of: heartline, on: loop) == "answer: Pace, 5 minutes and 33 seconds per kilometre.",
            context())
        #expect(heartline.finish() == 0, context())
        #expect(heartline.lines.filter { $0 == said }.count == 1, context())
        #expect(!heartline.lines.contains { $0.contains("cannot be used") || $0.contains("keeps trying") }, context())
    }

    @Test("a bike sensor and a power meter: speed, cadence and power; the power meter drops out alone")
    func bikeAndPowerMeter() throws {
        let loop = try EventLoop()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var bike = SimulatedBike(seed: 3, speed: 30 / 3.6, cadence: 90)
        let bikeStrap = FakeStrap(name: "Speed 2", heartRateService: false, sensorServices: [.cyclingSpeedCadence])
        let bikePeer = try Notifier(bikeStrap, service: .cyclingSpeedCadence, path: directory + "/bike.sock", loop: loop) {
            bike.notificationValue(after: 0.5)
        }
        defer { bikePeer.close() }
        var meter = SimulatedPowerMeter(seed: 4, power: 210, cadence: 90)
        let meterStrap = FakeStrap(name: "Crank PM", heartRateService: false, sensorServices: [.cyclingPower])
        let meterPeer = try Notifier(meterStrap, service: .cyclingPower, path: directory + "/power.sock", loop: loop) {
            meter.notificationValue(after: 0.5)
        }
        defer { meterPeer.close() }
        let heartline = try ScriptedHeartline(
            arguments: ["--sensor", "bike=att-socket:" + bikePeer.peer.path, "--sensor", "power=att-socket:" + meterPeer.peer.path],
            loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        heartline.send("configure", "cycling", "start workout", ":wait 4")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 4) { false }

        func number(_ line: String?, after prefix: String) -> Double? {
            line.flatMap { Double($0.dropFirst(prefix.count).prefix { $0.isNumber || $0 == "." }) }
        }
        let speed = number(Self.answer("speed", "answer: Speed", of: heartline, on: loop), after: "answer: Speed, ")
        #expect(speed.map { (27...33).contains($0) } == true, context())
        let cadence = number(Self.answer("cadence", "answer: Cadence", of: heartline, on: loop), after: "answer: Cadence, ")
        #expect(cadence.map { (80...100).contains($0) } == true, context())
        let power = number(Self.answer("power", "answer: Power", of: heartline, on: loop), after: "answer: Power, ")
        #expect(power.map { (170...250).contains($0) } == true, context())

        meterPeer.peer.accepting = false
        meterPeer.peer.dropConnection()
        try #require(BinaryEndToEndTests.run(loop, seconds: 5) { heartline.lines.contains("event: Power meter disconnected.") }, context())
        #expect(
            Self.answer("power", "answer: Power", of: heartline, on: loop) == "answer: Power unknown: no power meter is connected.",
            context())
        #expect(Self.answer("speed", "answer: Speed", of: heartline, on: loop)?.hasPrefix("answer: Speed, ") == true, context())
        #expect(!heartline.lines.contains("event: Speed and cadence sensor disconnected."), context())
        meterPeer.peer.accepting = true
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("event: Power meter connected.") }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }
        #expect(Self.answer("power", "answer: Power", of: heartline, on: loop)?.hasSuffix(" watts.") == true, context())
        #expect(heartline.finish() == 0, context())
    }
}
