#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineShell
import HeartlineIO
import Testing

/// The lines a run prints on a pipe, read on a thread of their own as they come, and waited
/// for one after the other: what `LiveHeartline` (the binary) and `InProcessScript` (a run in
/// this process) read.
final class TranscriptReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var collected: [String] = []
    private var partial = Data()
    private var ended = false
    /// Lines before this index were matched already.
    private var cursor = 0

    /// Reads `descriptor` until its end; the descriptor stays the caller's to close.
    init(_ descriptor: Int32) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                condition.lock()
                if count <= 0 {
                    ended = true
                } else {
                    partial += buffer[0..<count]
                    while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                        collected.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                        partial = Data(partial[(newline + 1)...])
                    }
                }
                condition.broadcast()
                condition.unlock()
                if count <= 0 { return }
            }
        }
        thread.name = "transcript reader"
        thread.start()
    }

    /// Every line read so far.
    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return collected
    }

    /// Waits for the next line (after the last one matched) that satisfies `predicate`; nil when
    /// the output ended or `timeout` passed first.
    func waitForLine(timeout: TimeInterval, where predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = collected[cursor...].firstIndex(where: predicate) {
                cursor = index + 1
                return collected[index]
            }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    /// Waits until the output has ended, or `deadline`.
    func waitForEnd(until deadline: Date) {
        condition.lock()
        while !ended, condition.wait(until: deadline) {}
        condition.unlock()
    }

    /// Writes each of `commands` as a line to `descriptor`, whole; stops at a closed reader.
    static func write(_ commands: [String], to descriptor: Int32) {
        let bytes = Array(commands.map { $0 + "\n" }.joined().utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// A run in script mode that the test feeds a line at a time and whose transcript it reads as
/// it comes: the binary (`LiveHeartline`) or this process's own run (`InProcessScript`).
protocol ScriptedRun: AnyObject {
    /// What the run prints, read as it comes.
    var reader: TranscriptReader { get }
    /// The write end of the run's standard input.
    var inputDescriptor: Int32 { get }
}

extension ScriptedRun {
    /// Writes each of `commands` as a line.
    func send(_ commands: String...) {
        TranscriptReader.write(commands, to: inputDescriptor)
    }

    /// Waits for the next line equal to `line`, and returns it.
    func waitForLine(_ line: String, timeout: TimeInterval = 20) -> String? {
        reader.waitForLine(timeout: timeout) { $0 == line }
    }

    func waitForLine(prefix: String, timeout: TimeInterval = 20) -> String? {
        reader.waitForLine(timeout: timeout) { $0.hasPrefix(prefix) }
    }

    /// Waits for the next line (after the last one matched) that satisfies `predicate`.
    func waitForLine(timeout: TimeInterval = 20, where predicate: (String) -> Bool) -> String? {
        reader.waitForLine(timeout: timeout, where: predicate)
    }

    /// Every line written so far.
    var transcript: [String] { reader.lines }
}

/// Heartline's own code in script mode inside this process, its standard input a pipe kept open:
/// the test feeds lines and reads the transcript as it comes, as with `LiveHeartline`, without
/// starting a process. `HeartlineMain.run` runs on a thread of its own, on the real clock
/// unless the script moves its own. What only a process of its own shows (a kill, a signal, a
/// wrapper such as strace, its exit) is tested on the binary.
final class InProcessScript: ScriptedRun, @unchecked Sendable {
    private let input: Int32
    let reader: TranscriptReader
    private let outputEnd: Int32
    /// Signalled once, when the run has returned.
    private let ended = DispatchSemaphore(value: 0)
    private let status = Locked<Int32?>(nil)
    private var inputOpen = true

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        // A write to a closed pipe or socket fails rather than ending every test.
        Glibc.signal(SIGPIPE, SIG_IGN)
        var toRun: [Int32] = [0, 0]
        var fromRun: [Int32] = [0, 0]
        guard pipe(&toRun) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard pipe(&fromRun) == 0 else {
            close(toRun[0])
            close(toRun[1])
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // No child of any run (a pactl, a speech server) may hold an end open.
        for end in toRun + fromRun { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let error = open("/dev/null", O_WRONLY | O_CLOEXEC)
        input = toRun[1]
        outputEnd = fromRun[0]
        reader = TranscriptReader(fromRun[0])
        let streams = ProcessStreams(input: toRun[0], output: fromRun[1], error: error)
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let (ended, status) = (ended, status)
        let run = Thread {
            let code = HeartlineMain.run(["heartline"] + arguments, environment: environment, streams: streams)
            // Closing its ends is the binary's exit: the transcript ends, a writer sees a closed pipe.
            close(streams.input)
            close(streams.output)
            close(streams.error)
            status.withLock { $0 = code }
            ended.signal()
        }
        run.name = "heartline in-process script"
        run.stackSize = 8 << 20
        run.start()
    }

    deinit {
        // A run still going (a test that failed early) ends with its input, before its pipes go.
        closeInput()
        if status.withLock({ $0 }) == nil, ended.wait(timeout: .now() + 30) == .timedOut {
            Issue.record("the in-process script did not end once its input closed")
            return
        }
        reader.waitForEnd(until: Date().addingTimeInterval(5))
        close(outputEnd)
    }

    var inputDescriptor: Int32 { input }

    /// Closes standard input: end of input, as a script's end.
    func closeInput() {
        guard inputOpen else { return }
        inputOpen = false
        close(input)
    }

    /// The run's exit status once it has returned and its transcript ended; nil on timeout.
    func waitForExit(timeout: TimeInterval = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        guard ended.wait(timeout: .now() + timeout) == .success else { return nil }
        ended.signal()
        reader.waitForEnd(until: deadline)
        return status.withLock { $0 }
    }
}
