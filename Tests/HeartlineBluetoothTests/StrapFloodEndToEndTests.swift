#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// The built binary against a strap that notifies without limit, as fast as its socket takes
/// it: the loop reads a bounded number of PDUs a wake-up, drops what is over 50 a second, and
/// goes on answering keys. The binary's own loop probe (`HEARTLINE_LOOP_PROBE`) says how long it
/// went without polling while the workout recorded.
@Suite(.timed, .serialized, .tags(.threads)) struct StrapFloodEndToEndTests {
    /// The probe's `key value` lines.
    static func probe(at path: String) -> [String: Double] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }

    @Test func anUnboundedNotificationFloodHoldsTheLoopNoMoreThan50ms() throws {
        let loop = try EventLoop()
        var template = Array("/tmp/heartline-flood.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "mkdtemp", code: errno) }
        let scratch = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let strap = FakeStrap()
        let peer = try FakeStrapPeer(strap: strap, path: scratch + "/strap.sock", loop: loop)
        defer { peer.close() }
        let probePath = scratch + "/probe"
        let heartline = try ScriptedHeartline(
            arguments: ["--sensor", "att-socket:" + peer.path], loop: loop, environment: ["HEARTLINE_LOOP_PROBE": probePath])
        func context() -> Comment { "transcript:\n\(heartline.lines.suffix(40).joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        let run = BinaryEndToEndTests.run

        try #require(
            run(loop, 10) { strap.measurementSubscriptions == 1 && heartline.lines.contains(BinaryEndToEndTests.ready) }, context())
        heartline.send("configure", "next", "start workout")
        try #require(run(loop, 10) { heartline.lines.contains("answer: Workout started.") }, context())
        peer.send(FakeStrap.measurementNotification([0x06, 142]))

        let flood = try #require(peer.flood(FakeStrap.measurementNotification([0x06, 150])))
        defer { flood.stop() }
        // Six seconds of flood, with a question every second: each is answered meanwhile.
        var answerTimes: [Double] = []
        for _ in 0..<6 {
            let from = heartline.lines.count
            let asked = ContinuousClock.now
            heartline.send("time")
            let answered = run(loop, 10) { heartline.lines[from...].contains { $0.hasPrefix("answer: Time elapsed") } }
            #expect(answered, context())
            answerTimes.append(BinaryEndToEndTests.seconds(since: asked))
            _ = run(loop, 1) { false }
        }
        flood.stop()
        let sent = flood.sent

        heartline.send("end", "yes", "save")
        #expect(run(loop, 20) { heartline.lines.contains("answer: Workout saved.") }, context())
        let status = heartline.finish()
        #expect(status == 0, context())

        let figures = Self.probe(at: probePath)
        let longest = try #require(figures["longest_ms"], "no probe report; \(context())")
        let turns = figures["turns"] ?? 0
        print(
            "strap flood: \(sent) notifications in about 6 s; the loop's longest stall while recording \(longest) ms (\(figures["longest_processor_ms"] ?? -1) ms of processor time at most), \(figures["over_50ms"] ?? -1) over 50 ms of \(turns) turns; slowest answer \(answerTimes.max() ?? -1) s"
        )
        // Before the budget one wake-up read the socket until it was empty, which a flood
        // never lets it be: seconds without a poll.
        // The loop's own work per turn is held to 50 ms: its processor time, which a loaded machine
        // does not stretch. The wall clock is held more loosely, so that other processes on the
        // cores cannot fail the test; the unbounded reads it guards against took seconds.
        let processor = try #require(figures["longest_processor_ms"], "no processor figure")
        #expect(processor <= 50, "longest stall's processor time \(processor) ms; \(context())")
        #expect(longest <= 250, "longest stall \(longest) ms; \(context())")
        #expect(answerTimes.allSatisfy { $0 < 2 }, "answers took \(answerTimes) s")
        #expect(sent > 10_000, "the flood sent only \(sent) notifications")
        // What was over 50 a second was dropped, counted in the log, and never reached the core.
        #expect(heartline.log.contains("notifications dropped, over 50 a second"), context())
    }
}
