#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// Upload through the shell in-process on a real pseudo-terminal, against the local stand-in for
/// intervals.icu: said when it went through, said and kept when it failed, tried again and done
/// after a restart, and the loop never held while the server hangs. The binary's own upload is
/// `EndToEndTests/aWorkoutRecordedOnATerminalIsUploaded`.
@Suite(.timed, .serialized, .inProcessTerminal) struct UploadTerminalTests {
    static let key = "terminal-test-key-9f3a"
    static let uploaded = "notice: Uploaded to intervals.icu."
    static let waitingDone = "notice: A workout that waited was uploaded to intervals.icu."

    /// A data folder, a 0600 key file and a configuration file pointing upload at `url`.
    final class Setup {
        let folder = TemporaryDirectory()
        var data: String { folder.path + "/data" }
        var configuration: String { folder.path + "/heartline.conf" }
        var keyFile: String { folder.path + "/intervals.key" }
        var probe: String { folder.path + "/probe" }

        init(url: String, timeout: Int = 60, keyMode: mode_t = 0o600) throws {
            try (UploadTerminalTests.key + "\n").write(toFile: keyFile, atomically: true, encoding: .utf8)
            chmod(keyFile, keyMode)
            try "upload.url = \(url)\nupload.key-file = \(keyFile)\nupload.timeout = \(timeout)\n".write(
                toFile: configuration, atomically: true, encoding: .utf8)
        }

        var arguments: [String] { ["--simulate", "--speech", "transcript", "--data-dir", data, "--config", configuration] }

        func start(probe: Bool = false) throws -> InProcessTerminal {
            try InProcessTerminal(
                arguments: arguments, environment: probe ? ["HEARTLINE_LOOP_PROBE": self.probe] : [:], standardErrorOnTerminal: true)
        }
    }

    /// Records a short workout, ends it and chooses "Upload and save workout" on its summary.
    static func recordAndUpload(_ terminal: some TerminalUnderTest) throws {
        try #require(terminal.waitFor("menu: 4, Settings.", after: 0, timeout: 10))
        var mark = terminal.mark
        terminal.type("configure\r")
        try #require(terminal.waitFor("menu: 5, Next.", after: mark, timeout: 10))
        mark = terminal.mark
        terminal.type("start workout\r")
        try #require(terminal.waitFor("answer: Workout started.", after: mark, timeout: 10))
        // Real time: three seconds of samples, on the real clock, for the upload to carry.
        sleep(3)
        mark = terminal.mark
        terminal.type("e")
        try #require(terminal.waitFor("answer: Definitely end workout? Yes or no.", after: mark, timeout: 10))
        mark = terminal.mark
        terminal.type("y")
        try #require(terminal.waitFor("Upload and save workout.", after: mark, timeout: 10))
        mark = terminal.mark
        terminal.type("upload\r")
        try #require(terminal.waitFor("answer: Workout saved.", after: mark, timeout: 10))
    }

    static func after(_ mark: Int, in terminal: some TerminalUnderTest) -> String {
        String(decoding: Array(terminal.screen.utf8).dropFirst(mark), as: UTF8.self)
    }

    @Test func aSavedWorkoutIsUploadedAndThatIsSaid() throws {
        let server = try UploadServer(key: Self.key)
        let setup = try Setup(url: server.baseURL)
        let terminal = try setup.start()
        let mark = terminal.mark
        try Self.recordAndUpload(terminal)
        #expect(terminal.waitFor(Self.uploaded, after: mark, timeout: 30), "\(terminal.screen.suffix(600))")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.path == "/api/v1/athlete/0/activities" && request.auth == true)
        #expect(request.problem == nil, "\(request.fields)")
        #expect(server.receivedFiles.count == 1)
        // Nothing waits now, and the check says so.
        let checked = terminal.mark
        terminal.type("check\r")
        #expect(terminal.waitFor("answer: Upload: intervals.icu is set up, 0 waiting.", after: checked, timeout: 20))
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
        // The key is never printed, logged or said (standard error is the terminal here).
        #expect(!terminal.screen.contains(Self.key))
    }

    @Test func aFailedUploadIsSaidKeptAndDoneAfterARestart() throws {
        let server = try UploadServer(key: Self.key, mode: .fail)
        let setup = try Setup(url: server.baseURL)
        var terminal = try setup.start()
        var mark = terminal.mark
        try Self.recordAndUpload(terminal)
        #expect(
            terminal.waitFor("notice: Upload failed: the server had a problem. Heartline will try again.", after: mark, timeout: 30),
            "\(terminal.screen.suffix(600))")
        mark = terminal.mark
        terminal.type("check\r")
        #expect(
            terminal.waitFor("answer: Upload: intervals.icu is set up, 1 waiting.", after: mark, timeout: 20),
            "\(terminal.screen.suffix(600))")
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
        #expect(server.posts.count == 1)

        // The server is back; a new start asks what it has, then sends what waits.
        server.set(.ok)
        terminal = try setup.start()
        mark = terminal.mark
        #expect(terminal.waitFor(Self.waitingDone, after: mark, timeout: 30), "\(terminal.screen.suffix(600))")
        let requests = server.posts
        #expect(requests.count == 2)
        #expect(server.requests.filter { $0.method == "GET" }.count == 1)
        // The same activity both times: a retry cannot add it twice.
        #expect(requests.first?.externalID != nil && requests.first?.externalID == requests.last?.externalID)
        #expect(requests.last?.problem == nil, "\(requests.last?.fields ?? [:])")
        #expect(server.receivedFiles.count == 1)
        mark = terminal.mark
        terminal.type("check\r")
        #expect(terminal.waitFor("answer: Upload: intervals.icu is set up, 0 waiting.", after: mark, timeout: 20))
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
        #expect(!terminal.screen.contains(Self.key))
    }

    @Test func aClosedPortIsSaidAsNoConnection() throws {
        let setup = try Setup(url: "http://127.0.0.1:\(UploadServer.closedPort())")
        let terminal = try setup.start()
        let mark = terminal.mark
        try Self.recordAndUpload(terminal)
        #expect(
            terminal.waitFor("notice: Upload failed: no connection to the server. Heartline will try again.", after: mark, timeout: 30),
            "\(terminal.screen.suffix(600))")
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
    }

    @Test func aKeyFileOthersMayReadIsRefusedAndNothingIsSent() throws {
        let server = try UploadServer(key: Self.key)
        let setup = try Setup(url: server.baseURL, keyMode: 0o644)
        let terminal = try setup.start()
        let mark = terminal.mark
        try Self.recordAndUpload(terminal)
        #expect(
            terminal.waitFor("notice: Upload is off: only you may read the key file. Make it mode 0600.", after: mark, timeout: 30),
            "\(terminal.screen.suffix(600))")
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
        #expect(server.requests.isEmpty)
    }

    /// While the server holds the request, keys are answered at once and the loop's probe sees
    /// no stall; the timeout is said and the upload kept.
    @Test func aHangingServerNeverHoldsTheLoop() throws {
        let server = try UploadServer(key: Self.key, mode: .hang)
        let setup = try Setup(url: server.baseURL, timeout: 8)
        let terminal = try setup.start(probe: true)
        var mark = terminal.mark
        try Self.recordAndUpload(terminal)
        #expect(server.waitForRequests(1), "the upload never reached the server")
        // The request hangs now: keys still answer.
        var slowest = 0.0
        for _ in 0..<5 {
            mark = terminal.mark
            let asked = Date()
            terminal.type("where\r")
            #expect(terminal.waitFor("answer: ", after: mark, timeout: 10))
            slowest = max(slowest, Date().timeIntervalSince(asked))
            // Real time: the keys are pressed across the hanging request, not all at once.
            usleep(300_000)
        }
        #expect(
            terminal.waitFor("notice: Upload failed: the server did not answer. Heartline will try again.", after: mark, timeout: 30),
            "\(terminal.screen.suffix(600))")
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
        let figures = PasteTests.probe(at: setup.probe)
        let longest = try #require(figures["longest_ms"], "no probe report")
        let outside = figures["outside_longest_ms"] ?? -1
        print(
            "upload hang: keys answered within \(slowest) s at most; the loop's longest stall \(longest) ms while recording (\(figures["longest_processor_ms"] ?? -1) ms of processor time), \(outside) ms outside, \(figures["turns"] ?? -1) turns"
        )
        #expect(slowest < 2, "a key took \(slowest) s while the server hung")
        #expect((figures["longest_processor_ms"] ?? 0) <= 50)
        #expect(longest <= 250, "longest stall \(longest) ms")
    }
}
