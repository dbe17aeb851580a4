#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// Plans that steer fake fitness machines on SEQPACKET sockets, the production client above
/// them, through the real binary: a treadmill set at each phase with Request Control first, a
/// smart trainer in ERG mode following a plan's watts, each stopped when the workout ends. The
/// simulated strap and clock (`--simulate` in script mode) run the plan's minutes at once; the
/// machines answer in real time.
@Suite(.timed, .serialized) struct MachinePlanEndToEndTests {
    /// A fake machine on its socket, notifying every half second once the client asks.
    final class Peer {
        let machine: FakeFitnessMachine
        let peer: FakeStrapPeer
        private let loop: EventLoop
        private var token: EventLoop.Token?

        init(_ machine: FakeFitnessMachine, path: String, loop: EventLoop) throws {
            self.machine = machine
            self.loop = loop
            peer = try FakeStrapPeer(strap: machine.strap, path: path, loop: loop)
            beat()
        }

        private func beat() {
            if peer.isConnected, machine.notifying { peer.send(machine.notification(after: 0.5)) }
            token = loop.after(0.5) { [weak self] in self?.beat() }
        }

        func close() {
            token.map { loop.cancel($0) }
            peer.close()
        }
    }

    /// Starts Heartline with the machine, sets the top speed, types `plan` on the plan step of
    /// a `sport` workout and starts it.
    static func start(_ peer: Peer, sport: String, plan: String, loop: EventLoop) throws -> ScriptedHeartline {
        let heartline = try ScriptedHeartline(arguments: ["--simulate", "--sensor", "machine=att-socket:" + peer.peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Heartline is ready.") }, context())
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { peer.machine.notifying }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 1) { false }
        // Sport, metrics, interval, distance readouts and zone go by; the plan step's "Type a plan".
        heartline.send("top speed 12", "configure", sport, "next", "next", "next", "next", "2", plan, "start workout")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        return heartline
    }

    @Test("a plan sets the treadmill's speed at each of 3 phases, Request Control first; a 4th above the top speed refused")
    func aPlanSteersTheTreadmill() throws {
        let loop = try EventLoop()
        let directory = try SensorsEndToEndTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let peer = try Peer(FakeFitnessMachine(), path: directory + "/treadmill.sock", loop: loop)
        defer { peer.close() }
        let machine = peer.machine
        let heartline = try Self.start(
            peer, sport: "running",
            plan: "1 times 20 seconds at 10 kilometres per hour, 20 seconds at 6, then 20 seconds at 11 kilometres per hour, "
                + "then 20 seconds at 14 kilometres per hour",
            loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }

        heartline.send(":wait 90")
        // 10, 6 and 11 km/h in 1/100 km/h; 14 is above the top speed and never sent.
        let steered: [[UInt8]] = [[0x00], [0x02, 0xE8, 0x03], [0x02, 0x58, 0x02], [0x02, 0x4C, 0x04]]
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { machine.controlWrites.count >= steered.count }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 1) { false }
        #expect(machine.controlWrites == steered, context())
        #expect(machine.speed == 1100, context())
        for line in [
            "event: Work, 20 seconds at 10 kilometres per hour.", "event: Rest at 6 kilometres per hour in 5 seconds.",
            "event: Work at 11 kilometres per hour in 5 seconds.", "event: Rest at 14 kilometres per hour in 5 seconds.",
            "answer: 14 kilometres per hour is above your top speed of 12 kilometres per hour.",
        ] {
            #expect(heartline.lines.contains(line), context())
        }
        #expect(heartline.lines.filter { $0 == "answer: Treadmill confirmed." }.count == 3, context())

        // Out of the machine's own range (it gives none for inclination): refused by it, and said.
        #expect(
            SensorsEndToEndTests.answer("incline 20", "answer: The treadmill refused", of: heartline, on: loop)
                == "answer: The treadmill refused that value as out of its range.", context())

        // The end of the workout stops the belt.
        heartline.send("end", "yes")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { machine.controlWrites.last == [0x08, 0x01] }, context())
        #expect(machine.controlWrites == steered + [[0x03, 0xC8, 0x00], [0x08, 0x01]], context())
        #expect(!machine.running, context())
        #expect(heartline.finish() == 0, context())
    }

    @Test("a smart trainer in ERG mode follows a plan's watts and is stopped at the end")
    func aPlanSteersTheTrainer() throws {
        let loop = try EventLoop()
        let directory = try SensorsEndToEndTests.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let peer = try Peer(FakeFitnessMachine(name: "Flux 2", kind: .trainer), path: directory + "/trainer.sock", loop: loop)
        defer { peer.close() }
        let machine = peer.machine
        let heartline = try Self.start(
            peer, sport: "cycling",
            plan: "2 times 20 seconds at 250 watts, 20 seconds at 120 watts, then 20 seconds at 1200 watts", loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }

        heartline.send(":wait 110")
        // 250, 120, 250, 120 W; 1,200 W is beyond the trainer's 25 to 1,000 and never sent.
        let work: [UInt8] = [0x05, 0xFA, 0x00]
        let rest: [UInt8] = [0x05, 0x78, 0x00]
        let steered = [[0x00], work, rest, work, rest]
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { machine.controlWrites.count >= steered.count }, context())
        _ = BinaryEndToEndTests.run(loop, seconds: 1) { false }
        #expect(machine.controlWrites == steered, context())
        #expect(heartline.lines.contains("answer: The smart trainer takes 25 to 1,000 watts."), context())
        #expect(heartline.lines.filter { $0 == "answer: Smart trainer confirmed." }.count == 4, context())
        // The trainer holds the last target: its power, read back by key, is the plan's.
        _ = BinaryEndToEndTests.run(loop, seconds: 2) { false }
        #expect(machine.power == 120, context())
        #expect(
            SensorsEndToEndTests.answer("power", "answer: Power", of: heartline, on: loop) == "answer: Power, 120 watts.", context())

        heartline.send("end", "yes")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { machine.controlWrites.last == [0x08, 0x01] }, context())
        #expect(machine.controlWrites == steered + [[0x08, 0x01]], context())
        #expect(heartline.finish() == 0, context())
    }
}
