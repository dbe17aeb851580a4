#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineIO
import HeartlineShell
import HeartlineTestSupport
import Testing

/// What a test reads of a terminal it drives: the binary's (`PseudoTerminal`) or an in-process
/// run's (`InProcessTerminal`).
protocol TerminalUnderTest: AnyObject {
    /// Everything printed so far, as the program wrote it.
    var printed: String { get }
    /// Everything printed so far, with carriage returns turned into line ends.
    var screen: String { get }
    /// How many bytes were printed so far: a mark for `waitFor(_:after:)`.
    var mark: Int { get }
    @discardableResult
    func awaitTerminal(events: Int16, until deadline: Date) -> (ready: Bool, hungUp: Bool)
    /// Sends keys as typed.
    func type(_ text: String)
    /// Waits until `text` is printed after `mark`; whether it was, within `timeout`.
    func waitFor(_ text: String, after mark: Int, timeout: TimeInterval) -> Bool
    /// Waits for the run to end; its exit status, nil when it did not end in time.
    func waitForExit(timeout: TimeInterval) -> Int32?
}

extension PseudoTerminal: TerminalUnderTest {}

extension TerminalUnderTest {
    /// Types `keys` and waits until the terminal draws anything after them (readline drawing
    /// the typed characters, its bell, a redrawn line, an answer): the keys were read before
    /// the next ones are typed, as a person's are. Whether anything was drawn within `timeout`.
    @discardableResult
    func typeAndAwaitDrawing(_ keys: String, timeout: TimeInterval = 10) -> Bool {
        let before = mark
        type(keys)
        let deadline = Date().addingTimeInterval(timeout)
        while mark == before, Date() < deadline {
            if awaitTerminal(events: Int16(POLLIN), until: deadline).hungUp { break }
        }
        return mark > before
    }
}

/// Heartline's own code on a real pseudo-terminal inside this process: `HeartlineMain.run` on a
/// thread of its own, the terminal's side as its standard streams, readline and all. The test
/// types on the other side and reads what is drawn there, as with the binary, without starting
/// a process. What only a process of its own shows (signals, its standard error moved to the
/// log, libraries' noise, its exit) is tested on the binary (`PseudoTerminal`).
///
/// readline's state is the process's: a test making one has the `.inProcessTerminal` trait, and
/// its run has ended (the test quit, or the terminal was hung up and the run saw it) before the
/// value is gone.
final class InProcessTerminal: TerminalUnderTest {
    private var master: Int32
    private var buffer = Data()
    /// Signalled once, when the run has returned and its side of the terminal is closed.
    private let ended = DispatchSemaphore(value: 0)
    private let state = RunState()
    private var hasEnded = false

    /// readline reads its init file once per process, from $INPUTRC: the binary's runs are given
    /// /dev/null, and so is this process, before its first run. The process's signals are this
    /// test process's: a write to a closed pipe or socket fails rather than ending every test.
    private static let processSettings: Void = {
        setenv("INPUTRC", "/dev/null", 0)
        Glibc.signal(SIGPIPE, SIG_IGN)
    }()

    /// - Parameters:
    ///   - standardErrorOnTerminal: the run's log is written on the terminal too.
    ///   - logFile: the run's log is appended to this file (an in-process run keeps its log on
    ///     the stream it is given, where the binary's `--log` moves its standard error).
    ///   - typedBeforeStart: keys already waiting on the terminal when the run starts.
    init(
        arguments: [String], environment: [String: String] = [:], standardErrorOnTerminal: Bool = false, logFile: String? = nil,
        typedBeforeStart: String = ""
    ) throws {
        if !InProcessTerminalUse.held { Issue.record("an in-process terminal needs the .inProcessTerminal trait") }
        Self.processSettings
        var name = [CChar](repeating: 0, count: 128)
        master = heartline_openpt(&name, name.count)
        guard master >= 0 else { throw POSIXError(.ENXIO) }
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env["INPUTRC"] = "/dev/null"
        for (key, value) in environment { env[key] = value }
        if !typedBeforeStart.isEmpty {
            let bytes = Array(typedBeforeStart.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        let error =
            standardErrorOnTerminal
            ? slave : open(logFile ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        let streams = ProcessStreams(input: slave, output: slave, error: error)
        let (ended, state, environment) = (ended, state, env)
        let run = Thread {
            // "PID/task/TID": this thread's own folder in /proc.
            state.thread = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
            let status = HeartlineMain.run(["heartline"] + arguments, environment: environment, streams: streams)
            if error != slave { close(error) }
            // Closing the run's side hangs the terminal up, as the binary's exit does.
            close(slave)
            state.status = status
            ended.signal()
        }
        run.name = "heartline in-process terminal"
        run.stackSize = 8 << 20
        run.start()
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        // A run still going (a test that failed or stopped early) is hung up, and has ended
        // before the next test's run takes readline.
        if !hasEnded, state.status == nil {
            hangUpNow()
            if ended.wait(timeout: .now() + 30) == .timedOut { Issue.record("the in-process run did not end once hung up") }
        }
        if master >= 0 { close(master) }
    }

    /// Sends keys as typed.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Writes `bytes` as a terminal's paste does: all of it, as fast as the run reads it,
    /// taking what it prints meanwhile. Returns whether all was written within `timeout`.
    func paste(_ bytes: [UInt8], timeout: TimeInterval) -> Bool {
        var offset = 0
        let deadline = Date().addingTimeInterval(timeout)
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
                continue
            }
            if Date() >= deadline { return false }
            drain()
            // Until the run has read some: the terminal's side is writable again.
            awaitTerminal(events: Int16(POLLOUT), until: deadline)
        }
        return true
    }

    /// Waits on the terminal itself: until it has `events` (output to read by default) or
    /// `deadline` passes. A run that has ended leaves it hung up, which ends the wait too.
    @discardableResult
    func awaitTerminal(events: Int16 = Int16(POLLIN), until deadline: Date) -> (ready: Bool, hungUp: Bool) {
        guard master >= 0 else { return (false, true) }
        let milliseconds = max(0, deadline.timeIntervalSinceNow * 1000)
        var watched = pollfd(fd: master, events: events, revents: 0)
        let ready = poll(&watched, 1, Int32(min(milliseconds.rounded(.up), 60_000)))
        return (ready > 0, watched.revents & Int16(POLLHUP) != 0)
    }

    var printed: String { String(decoding: buffer, as: UTF8.self) }

    var screen: String {
        String(decoding: buffer, as: UTF8.self).replacingOccurrences(of: "\r", with: "\n")
    }

    private func drain() {
        guard master >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Whether the run is still going.
    var isRunning: Bool { state.status == nil }

    /// Waits until the output after `mark` contains `text`; returns whether it did in time.
    @discardableResult
    func waitFor(_ text: String, after mark: Int = 0, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            if String(decoding: buffer.dropFirst(mark), as: UTF8.self).contains(text) { return true }
            if awaitTerminal(until: deadline).hungUp || !isRunning {
                // Hung up: what it printed last is all there is; poll would return at once.
                drain()
                return String(decoding: buffer.dropFirst(mark), as: UTF8.self).contains(text)
            }
        }
        return false
    }

    var mark: Int {
        drain()
        return buffer.count
    }

    /// Whether the run's thread waits to write to the terminal, whose output is not being read.
    var isWritingBlocked: Bool {
        guard let thread = state.thread else { return false }
        let wchan = (try? String(contentsOfFile: "/proc/\(thread)/wchan", encoding: .utf8)) ?? ""
        return wchan.contains("wait_woken") || wchan.contains("tty_write")
    }

    /// Whether the run's side of the terminal is in canonical mode (the line discipline's own
    /// line editing, where Control-D is an end of file and never a key); the master's terminal
    /// attributes are the slave's.
    var isCanonical: Bool {
        var attributes = termios()
        guard tcgetattr(master, &attributes) == 0 else { return false }
        return attributes.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Waits until the run's side of the terminal leaves canonical mode.
    func waitUntilNotCanonical(timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        // readline draws its prompt just after it sets the terminal up: each output is a look.
        while isCanonical, Date() < deadline {
            if awaitTerminal(until: deadline).hungUp { break }
            _ = mark
        }
        return !isCanonical
    }

    /// Waits for the run to return; its exit status, nil when it did not end in time.
    func waitForExit(timeout: TimeInterval = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // What it prints is read as it comes, so that it never waits on a full terminal.
            drain()
            if hasEnded || ended.wait(timeout: .now()) == .success {
                hasEnded = true
                return state.status
            }
            if awaitTerminal(until: deadline).hungUp {
                // Its side is closed: only its return is left to wait for.
                let left = max(0, deadline.timeIntervalSinceNow)
                if ended.wait(timeout: .now() + left) == .success {
                    hasEnded = true
                    return state.status
                }
                break
            }
        }
        return nil
    }

    /// Hangs the terminal up, as a closed terminal window does, and waits for the run to end;
    /// its exit status, nil when it did not end in time.
    func hangUp(timeout: TimeInterval = 30) -> Int32? {
        drain()
        hangUpNow()
        if hasEnded || ended.wait(timeout: .now() + timeout) == .success {
            hasEnded = true
            return state.status
        }
        return nil
    }

    private func hangUpNow() {
        guard master >= 0 else { return }
        close(master)
        master = -1
    }
}

/// What the run's thread tells the test: its folder in /proc, then its exit status.
private final class RunState: Sendable {
    private let values = Locked<(thread: String?, status: Int32?)>((nil, nil))

    var thread: String? {
        get { values.withLock { $0.thread } }
        set { values.withLock { $0.thread = newValue } }
    }

    var status: Int32? {
        get { values.withLock { $0.status } }
        set { values.withLock { $0.status = newValue } }
    }
}
