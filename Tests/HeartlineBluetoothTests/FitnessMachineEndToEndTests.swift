#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// Heartline with a treadmill, a fake peer on a SEQPACKET socket with the production client above
/// it: read by key, steered by typed commands within the user's top speed and the machine's
/// range, stopped when the workout ends, and said lost with the way to stop it.
@Suite(.timed, .serialized) struct FitnessMachineEndToEndTests {
    @Test("a treadmill answered by key, steered with Request Control first, stopped at the end of the workout")
    func treadmill() throws {
        let loop = try EventLoop()
        let directory = try SensorsEndToEndTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let machine = FakeFitnessMachine()
        let peer = try FakeStrapPeer(strap: machine.strap, path: directory + "/treadmill.sock", loop: loop)
        defer { peer.close() }
        var token: EventLoop.Token?
        func beat() {
            if peer.isConnected, machine.notifying { peer.send(machine.notification(after: 0.5)) }
            token = loop.after(0.5) { beat() }
        }
        beat()
        defer { token.map { loop.cancel($0) } }

        let heartline = try ScriptedHeartline(arguments: ["--sensor", "machine=att-socket:" + peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        func answer(_ command: String, _ prefix: String) -> String? {
            SensorsEndToEndTests.answer(command, prefix, of: heartline, on: loop)
        }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { machine.notifying }, context())
        heartline.send("configure", "running", "start workout", ":wait 3")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }

        // The belt as the machine reports it: 8 km/h is 7 minutes and 30 seconds a kilometre.
        #expect(answer("pace", "answer: Pace") == "answer: Pace, 7 minutes and 30 seconds per kilometre.", context())
        #expect(answer("g", "answer: Incline") == "answer: Incline, 0 percent.", context())
        #expect(answer("distance", "answer: Distance")?.hasSuffix(" kilometres.") == true, context())
        // No strap: the machine's heart rate counts, and that is said.
        #expect(heartline.lines.contains("event: Heart rate from the treadmill: no strap is connected."), context())
        #expect(answer("heart rate", "answer: Heart rate") == "answer: Heart rate, 128 beats per minute.", context())

        // No top speed yet: nothing is sent; above it: refused by Heartline, nothing sent.
        #expect(answer("speed 10", "answer: First") != nil, context())
        #expect(answer("top speed 12", "answer: Top") == "answer: Top treadmill speed, 12 kilometres per hour.", context())
        #expect(answer("speed 13", "answer: 13") != nil, context())
        #expect(machine.controlWrites.isEmpty, context())

        #expect(answer("speed 10", "answer: Treadmill") == "answer: Treadmill confirmed.", context())
        #expect(machine.controlWrites == [[0x00], [0x02, 0xE8, 0x03]], context())
        // Indications on before the first write.
        let configured = machine.strap.writes.firstIndex { $0.handle == FakeFitnessMachine.controlPointConfigurationHandle }
        let firstControl = machine.strap.writes.firstIndex { $0.handle == FakeFitnessMachine.controlPointHandle }
        #expect(configured != nil && firstControl != nil && configured! < firstControl!, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }
        #expect(answer("pace", "answer: Pace") == "answer: Pace, 6 minutes per kilometre.", context())

        // Out of the machine's range (it has no range characteristic for inclination): refused by it, and said.
        #expect(answer("incline 20", "answer: The treadmill refused") != nil, context())
        #expect(answer("incline 2", "answer: Treadmill") == "answer: Treadmill confirmed.", context())
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }
        #expect(answer("incline", "answer: Incline") == "answer: Incline, 2 percent.", context())

        // The end of the workout stops the belt.
        heartline.send("end", "yes")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { machine.controlWrites.last == [0x08, 0x01] }, context())
        #expect(!machine.running)
        #expect(
            machine.controlWrites == [[0x00], [0x02, 0xE8, 0x03], [0x03, 0xC8, 0x00], [0x03, 0x14, 0x00], [0x08, 0x01]], context())

        // The link lost: said with the way to stop the machine.
        peer.accepting = false
        peer.dropConnection()
        #expect(
            BinaryEndToEndTests.run(loop, seconds: 5) {
                heartline.lines.contains("event: The treadmill is disconnected; use its own stop key.")
            }, context())
        #expect(heartline.finish() == 0, context())
    }

    @Test("beside a strap, the treadmill gives pace and the strap the heart rate")
    func besideAStrap() throws {
        let loop = try EventLoop()
        let directory = try SensorsEndToEndTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let strapModel = FakeStrap()
        let strap = try SensorsEndToEndTests.Notifier(strapModel, service: nil, path: directory + "/strap.sock", loop: loop) {
            [0x06, 150]
        }
        defer { strap.close() }
        let machine = FakeFitnessMachine()
        let peer = try FakeStrapPeer(strap: machine.strap, path: directory + "/treadmill.sock", loop: loop)
        defer { peer.close() }
        var token: EventLoop.Token?
        func beat() {
            if peer.isConnected, machine.notifying { peer.send(machine.notification(after: 0.5)) }
            token = loop.after(0.5) { beat() }
        }
        beat()
        defer { token.map { loop.cancel($0) } }
        let heartline = try ScriptedHeartline(
            arguments: ["--sensor", "att-socket:" + strap.peer.path, "--sensor", "machine=att-socket:" + peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        // Both notify before the workout starts: until the strap does, the treadmill's own heart
        // rate is the one there is (and said so), which is not what this test is about.
        try #require(
            BinaryEndToEndTests.run(loop, seconds: 20) {
                machine.notifying && strapModel.value(at: FakeStrap.measurementConfigurationHandle) == [0x01, 0x00]
            }, context())
        heartline.send("configure", "running", "start workout", ":wait 3")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }
        #expect(
            SensorsEndToEndTests.answer("heart rate", "answer: Heart rate", of: heartline, on: loop)
                == "answer: Heart rate, 150 beats per minute.", context())
        #expect(
            SensorsEndToEndTests.answer("pace", "answer: Pace", of: heartline, on: loop)
                == "answer: Pace, 7 minutes and 30 seconds per kilometre.", context())
        #expect(!heartline.lines.contains { $0.contains("Heart rate from the treadmill") }, context())
        // The treadmill drops out alone; the strap goes on.
        peer.accepting = false
        peer.dropConnection()
        try #require(
            BinaryEndToEndTests.run(loop, seconds: 5) {
                heartline.lines.contains("event: The treadmill is disconnected; use its own stop key.")
            }, context())
        #expect(
            SensorsEndToEndTests.answer("heart rate", "answer: Heart rate", of: heartline, on: loop)
                == "answer: Heart rate, 150 beats per minute.", context())
        peer.accepting = true
        #expect(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("event: Treadmill connected.") }, context())
        #expect(heartline.finish() == 0, context())
    }

    @Test("a treadmill that refuses control is sent nothing else")
    func controlRefused() throws {
        let loop = try EventLoop()
        let directory = try SensorsEndToEndTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let machine = FakeFitnessMachine()
        let strap = machine.strap
        let peer = try FakeStrapPeer(strap: strap, path: directory + "/treadmill.sock", loop: loop)
        defer { peer.close() }
        // A machine held by another app: every request refused, Request Control included.
        strap.writeHandler = { handle, value in
            guard handle == FakeFitnessMachine.controlPointHandle else { return nil }
            return [[0x13], [0x1D] + FakeStrap.le(handle) + [0x80, value.first ?? 0, 0x05]]
        }
        let heartline = try ScriptedHeartline(arguments: ["--simulate", "--sensor", "machine=att-socket:" + peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { machine.notifying }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 1) { false }
        heartline.send("configure", "running", "start workout", "top speed 12")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        #expect(
            SensorsEndToEndTests.answer("speed 9", "answer: The treadmill does not", of: heartline, on: loop)
                == "answer: The treadmill does not grant control.", context())
        let controlWrites = strap.writes.filter { $0.handle == FakeFitnessMachine.controlPointHandle }.map(\.value)
        #expect(controlWrites == [[0x00]], context())
        heartline.send("end", "yes")
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }
        #expect(strap.writes.filter { $0.handle == FakeFitnessMachine.controlPointHandle }.count == 1, context())
        #expect(heartline.finish() == 0, context())
    }
}
