#if canImport(Glibc)
    import Glibc
#endif
import Foundation
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

/// Runs `program` with `arguments` as `runHeartline` runs the binary.
func runProgram(_ program: String, _ arguments: [String], input: Data, environment: [String: String] = [:], timeout: TimeInterval = 60)
    throws -> RunResult
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    if process.isRunning {
        process.terminate()
        Issue.record("heartline did not finish within \(timeout) seconds")
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
