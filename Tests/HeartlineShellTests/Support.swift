#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import HeartlineShell
import Testing

/// The built `heartline` executable, next to the test bundle (or `$HEARTLINE_BINARY`).
enum Binary {
    static var path: String {
        if let explicit = ProcessInfo.processInfo.environment["HEARTLINE_BINARY"] { return explicit }
        let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return tests.deletingLastPathComponent().appendingPathComponent("heartline").path
    }
}

/// A fresh temporary directory, removed when the value is deinitialised.
final class TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("heartline-shell-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// What a finished run of the binary printed.
struct RunResult {
    var status: Int32
    var standardOutput: String
    var standardError: String

    var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
}

/// Runs the binary with `arguments`, feeding `input` on standard input (a pipe, so script mode).
func runHeartline(_ arguments: [String], input: Data, environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> RunResult {
    // A binary that exits before reading its input (a usage error, a refused second start)
    // must fail its test, not kill the test runner through the closed pipe.
    Glibc.signal(SIGPIPE, SIG_IGN)
    return try runProgram(Binary.path, arguments, input: input, environment: environment, timeout: timeout)
}

/// Runs Heartline inside this process, as the binary runs it in script mode: `input` is the
/// script, the transcript and the log are read back from the files it wrote them to. For what the
/// shell does; what only a process of its own can show (signals, a kill, the real clock, the
/// libraries it loads, a terminal) is tested on the binary.
func runInProcess(_ arguments: [String], input: Data, environment: [String: String] = [:], timeout: TimeInterval = 60) throws
    -> RunResult
{
    let folder = TemporaryDirectory()
    let paths = ["input", "output", "error"].map { folder.path + "/" + $0 }
    try input.write(to: URL(fileURLWithPath: paths[0]))
    let input = open(paths[0], O_RDONLY | O_CLOEXEC)
    let output = open(paths[1], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    let error = open(paths[2], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    var finished = true
    defer { if finished { for fd in [input, output, error] where fd >= 0 { close(fd) } } }
    guard input >= 0, output >= 0, error >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    // The process's signals are this test process's: a write to a closed pipe or socket fails
    // rather than ending every test.
    Glibc.signal(SIGPIPE, SIG_IGN)
    // On a thread of its own, waited for at most `timeout`: a run that does not end fails its
    // test, as a binary that does not exit does, instead of holding the suite. Its descriptors
    // are then left open to it.
    let ended = DispatchSemaphore(value: 0)
    let result = Locked<Int32?>(nil)
    let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let streams = ProcessStreams(input: input, output: output, error: error)
    let thread = Thread {
        result.withLock { $0 = HeartlineMain.run(["heartline"] + arguments, environment: environment, streams: streams) }
        ended.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    guard ended.wait(timeout: .now() + timeout) == .success, let status = result.withLock({ $0 }) else {
        finished = false
        throw InProcessRunTimedOut(arguments: arguments, seconds: timeout)
    }
    return RunResult(
        status: status, standardOutput: try String(contentsOfFile: paths[1], encoding: .utf8),
        standardError: try String(contentsOfFile: paths[2], encoding: .utf8))
}

/// Runs `program` with `arguments` as `runHeartline` runs the binary.
func runProgram(_ program: String, _ arguments: [String], input: Data, environment: [String: String] = [:], timeout: TimeInterval = 60)
    throws -> RunResult
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    // The wait below is on the child's exit itself, not on a clock read between naps.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    let stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    let stderrPipe = Pipe()
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    process.standardError = stderrPipe
    try process.run()
    let writer = Thread {
        stdinPipe.fileHandleForWriting.write(input)
        try? stdinPipe.fileHandleForWriting.close()
    }
    writer.start()
    let output = ReadAll(stdoutPipe.fileHandleForReading)
    let errors = ReadAll(stderrPipe.fileHandleForReading)
    if exited.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        Issue.record("heartline did not finish within \(timeout) seconds")
        exited.wait()
    }
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus, standardOutput: output.text(), standardError: errors.text())
}

/// Reads a file handle to its end on a thread of its own.
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            let all = handle.readDataToEndOfFile()
            self.lock.lock()
            self.data = all
            self.lock.unlock()
            self.done.signal()
        }.start()
    }

    func text() -> String {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// An in-process run that did not end in its time.
struct InProcessRunTimedOut: Error, CustomStringConvertible {
    var arguments: [String]
    var seconds: TimeInterval
    var description: String { "heartline \(arguments.joined(separator: " ")) did not end in \(Int(seconds)) s" }
}
