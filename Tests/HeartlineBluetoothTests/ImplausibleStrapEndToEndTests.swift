#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// The built binary against a fake strap that sends what no heart can (65535 beats per minute in
/// the 16-bit format, 80 RR intervals per notification) and keeps sending while the binary is
/// stopped (SIGSTOP) for eight seconds: one notice, nothing implausible in the transcript, the
/// stored samples, the averages or the exports, and the frozen seconds stored as missing.
@Suite(.timed, .serialized) struct ImplausibleStrapEndToEndTests {
    static let notice = "notice: The strap sends readings that cannot be right."

    @Test func nothingImplausibleReachesSpeechStorageOrExports() throws {
        let loop = try EventLoop()
        var template = Array("/tmp/heartline-implausible.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "mkdtemp", code: errno) }
        let scratch = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let strap = FakeStrap()
        let peer = try FakeStrapPeer(strap: strap, path: scratch + "/strap.sock", loop: loop)
        defer { peer.close() }

        // Contact detected (flag bits 1-2), RR intervals present (bit 4); 450/1024 s is 439 ms.
        let plausible: [UInt8] = [0x16, 140, 0xC2, 0x01]
        let impossible: [UInt8] = [0x07, 0xFF, 0xFF]
        let flood: [UInt8] = [0x16, 140] + Array(repeating: [0xC2, 0x01], count: 80).flatMap { $0 }
        var value = plausible
        var nextBeat: EventLoop.Token?
        func beat() {
            if peer.isConnected, strap.value(at: FakeStrap.measurementConfigurationHandle) == [0x01, 0x00] {
                peer.send(FakeStrap.measurementNotification(value))
            }
            nextBeat = loop.after(0.5) { beat() }
        }
        beat()
        defer { if let nextBeat { loop.cancel(nextBeat) } }

        let heartline = try ScriptedHeartline(arguments: ["--sensor", "att-socket:" + peer.path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        func pass(_ seconds: Double) { _ = BinaryEndToEndTests.run(loop, seconds: seconds) { false } }
        try #require(
            BinaryEndToEndTests.run(loop, seconds: 10) {
                strap.measurementSubscriptions == 1 && heartline.lines.contains(BinaryEndToEndTests.ready)
            }, context())

        heartline.send("configure", "next", "start workout")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout started.") }, context())
        pass(3)
        // The flood alone is enough for the notice: it reached the engine whole, and was dropped.
        value = flood
        pass(2)
        value = plausible
        #expect(BinaryEndToEndTests.run(loop, seconds: 2) { heartline.lines.contains(Self.notice) }, context())
        pass(1)
        value = impossible
        pass(2)
        value = plausible
        pass(3)
        // Frozen for eight seconds while the strap goes on.
        kill(heartline.processIdentifier, SIGSTOP)
        pass(8)
        kill(heartline.processIdentifier, SIGCONT)
        pass(4)
        heartline.send("heart rate", "end", "yes", "save")
        try #require(BinaryEndToEndTests.run(loop, seconds: 10) { heartline.lines.contains("answer: Workout saved.") }, context())
        #expect(heartline.finish() == 0, context())

        let lines = heartline.lines
        #expect(lines.filter { $0 == Self.notice }.count == 1, context())
        #expect(!lines.contains { $0.contains("65") }, context())
        #expect(lines.contains("answer: Heart rate, 140 beats per minute."), context())

        // What is stored, through the exports.
        let data = heartline.directory + "/data"
        for format in ["csv", "tcx"] {
            let export = Process()
            export.executableURL = URL(fileURLWithPath: HeartlineBinary.path)
            export.arguments = ["export", "--format", format, "--all", "--data-dir", data, "--output", scratch + "/out"]
            export.standardOutput = FileHandle.nullDevice
            try export.run()
            export.waitUntilExit()
            #expect(export.terminationStatus == 0)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch + "/out")
        let csvName = try #require(files.first { $0.hasSuffix(".csv") })
        let tcxName = try #require(files.first { $0.hasSuffix(".tcx") })
        let rows = try String(contentsOfFile: scratch + "/out/" + csvName, encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let heartRates = rows.map { $0[2] }
        let intervals = rows.flatMap { $0[3].split(separator: " ").map(String.init) }
        #expect(rows.count >= 20, "\(rows.count) seconds")
        #expect(heartRates.allSatisfy { $0 == "" || $0 == "140" }, "\(heartRates)")
        #expect(intervals.allSatisfy { $0 == "439" }, "\(intervals)")
        #expect(rows.allSatisfy { $0[3].split(separator: " ").count <= 5 })
        // The frozen seconds: a run of at least five seconds without a heart rate, and (but for
        // a second or two a loaded machine may really not run Heartline) none before the stop.
        var longestGap = 0
        var gap = 0
        for rate in heartRates {
            gap = rate.isEmpty ? gap + 1 : 0
            longestGap = max(longestGap, gap)
        }
        #expect(longestGap >= 5, "\(heartRates)")
        #expect(heartRates.prefix(10).filter { $0 == "140" }.count >= 8, "\(heartRates)")
        let tcx = try String(contentsOfFile: scratch + "/out/" + tcxName, encoding: .utf8)
        #expect(tcx.contains("<AverageHeartRateBpm><Value>140</Value></AverageHeartRateBpm>"))
        #expect(tcx.contains("<MaximumHeartRateBpm><Value>140</Value></MaximumHeartRateBpm>"))
        #expect(!tcx.contains("65535"))
    }
}
