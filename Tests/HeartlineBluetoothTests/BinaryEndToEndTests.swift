#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineTestSupport
import Testing

/// The built `heartline` executable, next to the test bundle (or `$HEARTLINE_BINARY`).
enum HeartlineBinary {
    static var path: String {
        if let explicit = ProcessInfo.processInfo.environment["HEARTLINE_BINARY"] { return explicit }
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return tests.deletingLastPathComponent().appendingPathComponent("heartline").path
    }
}

/// The built binary in script mode, run from a test's event loop: standard input is a pipe
/// kept open, so commands go in as the test goes, and the transcript is read as it is written.
final class ScriptedHeartline {
    let directory: String
    private let loop: EventLoop
    private let process = Process()
    private let input: FileHandle
    private var output: [UInt8] = []
    private var errors: [UInt8] = []
    private var watches: [Int32: EventLoop.Token] = [:]

    /// Starts `heartline --speech transcript --data-dir DIR/data` plus `arguments`, with its
    /// configuration file looked for in the (empty) DIR/config.
    init(arguments: [String], loop: EventLoop, environment extra: [String: String] = [:]) throws {
        let binary = HeartlineBinary.path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no heartline at \(binary): swift build --build-tests builds it")
        self.loop = loop
        var template = Array("/tmp/heartline-e2e.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "mkdtemp", code: errno) }
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)

        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--speech", "transcript", "--data-dir", directory + "/data"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory + "/config"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        // Only this binary may hold the pipes: a program another test starts meanwhile must not
        // keep standard input open after `finish` closes it. (The child's own copies, made with
        // dup2, do not inherit the flag.)
        for pipe in [stdinPipe, stdoutPipe, stderrPipe] {
            for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
                _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        input = stdinPipe.fileHandleForWriting
        // A binary that died must fail the test, not kill the test process through a closed pipe.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        collect(stdoutPipe.fileHandleForReading.fileDescriptor) { $0.output += $1 }
        collect(stderrPipe.fileHandleForReading.fileDescriptor) { $0.errors += $1 }
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The transcript so far, one entry a line.
    var lines: [String] {
        String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// What the binary wrote to standard error (its log), for failure messages.
    var log: String { String(decoding: errors, as: UTF8.self) }

    var isRunning: Bool { process.isRunning }

    /// The process id, to stop and continue it as a frozen program.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Types `commands`, one a line, as a script.
    func send(_ commands: String...) {
        let text = commands.map { $0 + "\n" }.joined()
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(input.fileDescriptor, $0.baseAddress, $0.count) }
        if written != bytes.count { Issue.record("could not write \(commands) to heartline: \(String(cString: strerror(errno)))") }
    }

    /// Closes standard input (a script's end: Heartline leaves cleanly) and waits for the exit
    /// status, turning the loop meanwhile so the pipes are drained.
    ///
    /// The bound only keeps a hung binary from hanging the suite: how fast Heartline leaves is
    /// measured by `heartline-bench`, not here, and on a loaded machine leaving (the storage
    /// thread's last commit, the write-ahead log folded in) can take seconds. Past it, the
    /// binary's threads and what each waits on are recorded, so a hang says where it is.
    func finish(within seconds: Double = 60) -> Int32? {
        try? input.close()
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while process.isRunning || !watches.isEmpty {
            if ContinuousClock.now >= deadline {
                Issue.record("heartline did not leave within \(Int(seconds)) s of its input's end:\n\(stuck)")
                return nil
            }
            loop.turn(maximumWait: 0.02)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Each thread of the running binary, its state and the kernel function it sleeps in; or,
    /// once it has exited, that its output is still held open by another process.
    private var stuck: String {
        guard process.isRunning else { return "exited; its standard output or error is still open elsewhere" }
        let tasks = "/proc/\(process.processIdentifier)/task"
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return threads.sorted().map { thread in
            func read(_ name: String) -> String {
                ((try? String(contentsOfFile: "\(tasks)/\(thread)/\(name)", encoding: .utf8)) ?? "?")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            // stat's third field, after the parenthesized name, is the state (R, S, D...).
            let state = read("stat").split(separator: ")").last?.split(separator: " ").first ?? "?"
            return "\(thread) \(read("comm")): \(state) in \(read("wchan"))"
        }.joined(separator: "\n")
    }

    /// Reads `fd` on the loop whenever it has something, until its end.
    private func collect(_ fd: Int32, into append: @escaping (ScriptedHeartline, [UInt8]) -> Void) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        watches[fd] = loop.watch(fd) { [weak self] in
            guard let self else { return }
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    append(self, Array(chunk[0..<count]))
                    continue
                }
                if count < 0, errno == EINTR { continue }
                if count == 0, let token = self.watches.removeValue(forKey: fd) { self.loop.cancel(token) }
                return
            }
        }
    }
}

/// Heartline as a user runs it, with `--sensor att-socket:PATH`, against `FakeStrapPeer` on a
/// SEQPACKET socket: the whole way from the socket through the GATT client and the core to the
/// spoken sentence, with a drop-out and the reconnection in the middle.
///
/// Each test turns its loop on its own thread for seconds of real time; one at a time, they
/// leave the other threads of a two-core machine to the rest of the suite.
@Suite(.timed, .serialized, .tags(.threads)) struct BinaryEndToEndTests {
    static let ready = "answer: Heartline is ready."
    static let lost = "event: Heart rate strap disconnected."
    static let back = "event: Heart rate strap connected."
    static let notConnected = "answer: Heart rate strap is not connected."
    static let noStrap = "answer: No heart rate strap is connected yet."
    static let waiting = "answer: Heart rate strap connected, waiting for the first heart rate."

    static func heartRate(_ bpm: Int) -> String { "answer: Heart rate, \(bpm) beats per minute." }
    static func battery(_ percent: Int) -> String { "answer: Heart rate strap battery, \(percent) percent." }

    /// Turns `loop` until `done` holds, for at most `seconds`; returns whether it held.
    static func run(_ loop: EventLoop, seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while !done() {
            if ContinuousClock.now >= deadline { return false }
            loop.turn(maximumWait: 0.02)
        }
        return true
    }

    /// Sends `command` again each time its answer has come, up to 5 times, until `wanted` is
    /// answered; returns the answers since line `from`, in order.
    private static func ask(_ command: String, of heartline: ScriptedHeartline, on loop: EventLoop, from: Int, until wanted: String)
        -> [String]
    {
        let prefix = String(wanted.prefix { $0 != "," })
        var answers: [String] { heartline.lines[from...].filter { $0.hasPrefix(prefix) } }
        var asked = answers.count
        _ = run(loop, seconds: 10) {
            if answers.contains(wanted) { return true }
            if answers.count >= asked, asked < 5 {
                asked += 1
                heartline.send(command)
            }
            return false
        }
        return answers
    }

    /// Seconds since `start`.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    @Test("the built binary answers with the strap's heart rate, through a drop-out and a reconnection")
    func strapThroughTheBinary() throws {
        let loop = try EventLoop()
        var template = Array("/tmp/heartline-strap.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "mkdtemp", code: errno) }
        let socketDirectory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { rmdir(socketDirectory) }
        let strap = FakeStrap()
        let peer = try FakeStrapPeer(strap: strap, path: socketDirectory + "/strap.sock", loop: loop)
        defer { peer.close() }

        // The strap notifies twice a second while the client has switched notifications on for
        // the current connection (the configuration resets on every connection).
        var beats: UInt8 = 142
        var sent: [(connection: Int, bpm: UInt8)] = []
        var nextBeat: EventLoop.Token?
        func beat() {
            if peer.isConnected, strap.value(at: FakeStrap.measurementConfigurationHandle) == [0x01, 0x00] {
                peer.send(FakeStrap.measurementNotification([0x06, beats]))
                sent.append((peer.connections, beats))
            }
            nextBeat = loop.after(0.5) { beat() }
        }
        beat()
        // The pending beat holds the loop; cancelling it lets both go.
        defer { if let nextBeat { loop.cancel(nextBeat) } }

        let heartline = try ScriptedHeartline(arguments: ["--sensor", "att-socket:" + peer.path], loop: loop)
        func has(_ line: String) -> Bool { heartline.lines.contains(line) }
        func count(_ line: String) -> Int { heartline.lines.filter { $0 == line }.count }
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }

        // Connected at launch, before any workout: discovery, notifications switched on, the
        // battery read, and nothing said (only a connection that comes back is announced).
        let subscribed = Self.run(loop, seconds: 10) { strap.measurementSubscriptions == 1 && has(Self.ready) }
        try #require(subscribed, context())
        #expect(peer.connections == 1)
        let batteryReads = { strap.received.filter { $0 == [0x0A] + FakeStrap.le(FakeStrap.batteryHandle) }.count }
        #expect(Self.run(loop, seconds: 5) { batteryReads() == 1 }, context())

        // A workout, three real seconds of 142 with contact, then the question.
        heartline.send("configure", "next", "start workout", ":wait 3", "heart rate")
        let answered = Self.run(loop, seconds: 15) { heartline.lines.contains { $0.hasPrefix("answer: Heart rate") } }
        try #require(answered, context())
        let firstAnswer = heartline.lines.first { $0.hasPrefix("answer: Heart rate") }
        #expect(firstAnswer == Self.heartRate(142), context())

        // The battery: the level read at connection is answered at once, and the request reads
        // it again, so a later answer has the strap's new level. (Which later answer depends on
        // whether the read's response or the next command reaches Heartline first, so the test
        // asks until it hears it.)
        strap.setValue([60], at: FakeStrap.batteryHandle)
        let batteryFrom = heartline.lines.count
        heartline.send("battery")
        #expect(Self.run(loop, seconds: 5) { heartline.lines.count > batteryFrom && batteryReads() == 2 }, context())
        #expect(heartline.lines.count > batteryFrom ? heartline.lines[batteryFrom] == Self.battery(85) : false, context())
        let batteryAnswers = Self.ask("battery", of: heartline, on: loop, from: batteryFrom, until: Self.battery(60))
        #expect(batteryAnswers.last == Self.battery(60), context())
        #expect(batteryAnswers.dropLast().allSatisfy { $0 == Self.battery(85) }, context())

        // The strap goes out of range: the connection drops and, for now, nothing is accepted.
        peer.accepting = false
        peer.dropConnection()
        let dropped = ContinuousClock.now
        try #require(Self.run(loop, seconds: 5) { has(Self.lost) }, context())
        heartline.send("heart rate")
        #expect(Self.run(loop, seconds: 5) { has(Self.notConnected) }, context())
        // Heartline tries again after its first back-off second.
        #expect(Self.run(loop, seconds: 6) { peer.hasWaitingClient }, context())
        let retriedAfter = Self.seconds(since: dropped)
        #expect(retriedAfter >= 0.9, "the first reconnection came \(retriedAfter) s after the drop")

        // Back in range at 150: accepted, rediscovered, notifications switched on again.
        beats = 150
        peer.accepting = true
        try #require(Self.run(loop, seconds: 10) { has(Self.back) }, context())
        #expect(peer.connections == 2)
        #expect(strap.measurementSubscriptions == 2)
        #expect(count(Self.lost) == 1 && count(Self.back) == 1)
        let lostIndex = heartline.lines.firstIndex(of: Self.lost) ?? -1
        let backIndex = heartline.lines.firstIndex(of: Self.back) ?? -1
        #expect(lostIndex < backIndex)

        // The new value, once a notification of the new connection has arrived. Until then the
        // answer may be "waiting"; it is never the rate from before the drop-out.
        let questionsFrom = heartline.lines.count
        #expect(Self.run(loop, seconds: 5) { sent.contains { $0.connection == 2 } })
        let answers = Self.ask("heart rate", of: heartline, on: loop, from: questionsFrom, until: Self.heartRate(150))
        #expect(answers.last == Self.heartRate(150), context())
        #expect(answers.allSatisfy { $0 == Self.heartRate(150) || $0 == Self.waiting }, context())

        // End of input: Heartline leaves cleanly, the workout kept as unfinished.
        let status = heartline.finish()
        #expect(status == 0, context())
        #expect(!heartline.lines.contains { $0.hasPrefix("event: ") && $0 != Self.lost && $0 != Self.back }, context())
    }

    @Test("a strap off at start is said to be not connected yet and tried again, never given up, until it connects")
    func strapOffAtStartIsTriedAgain() throws {
        let loop = try EventLoop()
        var template = Array("/tmp/heartline-strap.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "mkdtemp", code: errno) }
        let socketDirectory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { rmdir(socketDirectory) }
        let path = socketDirectory + "/strap.sock"
        // No strap yet: every connection attempt fails until it is switched on.
        let heartline = try ScriptedHeartline(arguments: ["--sensor", "att-socket:" + path], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        let trying = "answer: The heart rate strap is not connected yet. Heartline keeps trying."
        try #require(Self.run(loop, seconds: 30) { heartline.lines.contains(trying) && heartline.lines.contains(Self.ready) }, context())

        // Switched on: the next attempt connects, and that is news after what was said. The
        // attempts come 1, 2, 4, 8 and then every 10 seconds apart: the bound leaves room for a
        // whole wait of 10 seconds on a loaded machine.
        let strap = FakeStrap()
        let peer = try FakeStrapPeer(strap: strap, path: path, loop: loop)
        defer { peer.close() }
        try #require(Self.run(loop, seconds: 40) { heartline.lines.contains(Self.back) }, context())
        let status = heartline.finish()
        #expect(status == 0, context())

        let lines = heartline.lines
        // Nothing said contradicts the connection: no strap given up on.
        #expect(!lines.contains { $0.contains("goes on without") || $0.contains("cannot be used") }, context())
        #expect(lines.filter { $0 == trying }.count == 1, context())
        #expect((lines.firstIndex(of: trying) ?? .max) < (lines.firstIndex(of: Self.back) ?? -1), context())
    }

    @Test(
        "a strap address on a computer without Bluetooth: one sentence, and Heartline goes on",
        .enabled(if: !kernelHasBluetooth, "this machine has Bluetooth: the no-adapter path cannot be seen"))
    func noBluetoothOneSentence() throws {
        let loop = try EventLoop()
        let heartline = try ScriptedHeartline(arguments: ["--sensor", "AA:BB:CC:DD:EE:FF"], loop: loop)
        func context() -> Comment { "transcript:\n\(heartline.lines.joined(separator: "\n"))\nlog:\n\(heartline.log)" }
        let noBluetooth = "answer: This computer has no Bluetooth. Heartline goes on without a heart rate strap."

        // Four real seconds: long enough for the attempts after 1 and 2 seconds of back-off.
        heartline.send("configure", "next", "start workout", ":wait 4", "heart rate", "time elapsed")
        let done = Self.run(loop, seconds: 15) { heartline.lines.contains { $0.hasPrefix("answer: Time elapsed") } }
        try #require(done, context())
        let status = heartline.finish()
        #expect(status == 0, context())

        let lines = heartline.lines
        #expect(lines.filter { $0 == noBluetooth } == [noBluetooth], context())
        // Said at start-up, before the workout; the workout's start says once that no strap is
        // connected, and nothing else is said about the strap but the answer asked for.
        #expect((lines.firstIndex(of: noBluetooth) ?? .max) < (lines.firstIndex(of: Self.notConnected) ?? -1), context())
        #expect(lines.filter { $0 == Self.noStrap }.count == 1, context())
        #expect(!lines.contains { $0.contains("strap") && ![noBluetooth, Self.noStrap, Self.notConnected].contains($0) }, context())
        #expect(lines.contains(Self.notConnected), context())
        #expect(lines.contains { $0.hasPrefix("answer: Time elapsed, ") && $0.hasSuffix(" seconds.") }, context())
    }
}
