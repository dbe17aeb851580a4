#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineTestSupport
import Testing

/// The built binary on a real pseudo-terminal, as a user at a keyboard would run it.
final class PseudoTerminal {
    let process = Process()
    private let master: Int32
    private var buffer = Data()
    /// Signalled once, when the program has exited.
    private let exited = DispatchSemaphore(value: 0)
    private var hasExited = false

    /// - Parameters:
    ///   - standardErrorOnTerminal: standard error is the terminal too, as on a console.
    ///   - typedBeforeStart: keys already waiting on the terminal when the program starts, as a
    ///     key held down while it starts leaves them.
    init(
        arguments: [String], environment: [String: String] = [:], standardErrorOnTerminal: Bool = false, typedBeforeStart: String = ""
    ) throws {
        var name = [CChar](repeating: 0, count: 128)
        master = heartline_openpt(&name, name.count)
        guard master >= 0 else { throw POSIXError(.ENXIO) }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = FileHandle(forUpdatingAtPath: slavePath)!
        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave.fileDescriptor, UInt(TIOCSWINSZ), &size)
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env["INPUTRC"] = "/dev/null"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = standardErrorOnTerminal ? slave : FileHandle(forWritingAtPath: "/dev/null")
        if !typedBeforeStart.isEmpty {
            let bytes = Array(typedBeforeStart.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        try slave.close()
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Sends keys as typed.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Writes `bytes` as a terminal's paste does: all of it, as fast as the program reads it,
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
            // Until the program has read some: the terminal's side is writable again.
            awaitTerminal(events: Int16(POLLOUT), until: deadline)
        }
        return true
    }

    /// Waits on the terminal itself, not on a clock: until it has `events` (output to read by
    /// default) or `deadline` passes. A program that has exited leaves it hung up, which ends
    /// the wait too.
    @discardableResult
    func awaitTerminal(events: Int16 = Int16(POLLIN), until deadline: Date) -> (ready: Bool, hungUp: Bool) {
        let milliseconds = max(0, deadline.timeIntervalSinceNow * 1000)
        var watched = pollfd(fd: master, events: events, revents: 0)
        let ready = poll(&watched, 1, Int32(min(milliseconds.rounded(.up), 60_000)))
        return (ready > 0, watched.revents & Int16(POLLHUP) != 0)
    }

    /// Everything printed so far, as the program wrote it.
    var printed: String { String(decoding: buffer, as: UTF8.self) }

    /// Everything printed so far, with carriage returns turned into line ends.
    var screen: String {
        String(decoding: buffer, as: UTF8.self).replacingOccurrences(of: "\r", with: "\n")
    }

    private func drain() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Waits until the output after `mark` contains `text`; returns whether it did in time.
    @discardableResult
    func waitFor(_ text: String, after mark: Int = 0, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            if String(decoding: buffer.dropFirst(mark), as: UTF8.self).contains(text) { return true }
            awaitTerminal(until: deadline)
            if !process.isRunning {
                // Hung up: what it printed last is all there is; poll would return at once.
                drain()
                return String(decoding: buffer.dropFirst(mark), as: UTF8.self).contains(text)
            }
        }
        return false
    }

    /// How many bytes were printed so far: a mark for `waitFor(_:after:)`.
    var mark: Int {
        drain()
        return buffer.count
    }

    /// Whether the program waits to write to the terminal, whose output is not being read.
    var isWritingBlocked: Bool {
        let wchan = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8)) ?? ""
        return wchan.contains("wait_woken") || wchan.contains("tty_write")
    }

    /// Whether the program's side of the terminal is in canonical mode (the line discipline's
    /// own line editing, where Control-D is an end of file and never a key); the master's
    /// terminal attributes are the slave's.
    var isCanonical: Bool {
        var attributes = termios()
        guard tcgetattr(master, &attributes) == 0 else { return false }
        return attributes.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Waits until the program's side of the terminal leaves canonical mode.
    func waitUntilNotCanonical(timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        // readline draws its prompt just after it sets the terminal up: each output is a look.
        while isCanonical, Date() < deadline {
            if awaitTerminal(until: deadline).hungUp { break }
            _ = mark
        }
        return !isCanonical
    }

    func waitForExit(timeout: TimeInterval = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // What it prints is read as it comes, so that it never waits on a full terminal.
            drain()
            if hasExited || exited.wait(timeout: .now()) == .success {
                hasExited = true
                return process.terminationStatus
            }
            if awaitTerminal(until: deadline).hungUp {
                // Its side is closed: only its exit is left to wait for.
                let left = max(0, deadline.timeIntervalSinceNow)
                if exited.wait(timeout: .now() + left) == .success {
                    hasExited = true
                    return process.terminationStatus
                }
                break
            }
        }
        if process.isRunning {
            Stacks.print(of: process.processIdentifier)
            return nil
        }
        return process.terminationStatus
    }
}

/// A program that did not end in time has its threads' stacks printed, when gdb is there, so a
/// hang in a test run says where it hangs.
enum Stacks {
    static func print(of pid: Int32) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") else { return }
        let gdb = Process()
        gdb.executableURL = URL(fileURLWithPath: "/usr/bin/gdb")
        gdb.arguments = ["-p", String(pid), "-batch", "-nx", "-ex", "thread apply all bt"]
        gdb.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        gdb.terminationHandler = { _ in done.signal() }
        guard (try? gdb.run()) != nil else { return }
        // gdb can hang on a process it stopped: the stacks are worth 20 seconds, no more.
        if done.wait(timeout: .now() + 20) == .timedOut {
            kill(gdb.processIdentifier, SIGKILL)
            done.wait()
            // A tracer killed may leave the program stopped: it goes on, to be ended as usual.
            kill(pid, SIGCONT)
        }
    }
}

/// Heartline's terminal mode on a real pseudo-terminal, run inside this process.
@Suite(.timed) struct PseudoTerminalTests {
    /// Keys typed while a command is being answered are keys: the terminal stays in readline's
    /// mode from the first prompt to the end. Were it put back in canonical mode while a line
    /// is handled, as readline's callback interface does by default, a Control-D typed then
    /// would be the line discipline's end of file, lost before Heartline reads it, and
    /// Heartline would never leave. Here Heartline is held inside a command's answer by a
    /// terminal that is not read (its output fills), and Control-D is typed then.
    @Test(.inProcessTerminal) func keysTypedWhileACommandIsAnsweredAreKeys() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"])
        #expect(terminal.waitFor("menu: 4, Settings."))
        // readline takes the terminal just after the first menu is printed.
        #expect(terminal.waitUntilNotCanonical())
        var blocked = false
        for _ in 0..<400 where !blocked {
            terminal.type("help\r")
            // Real time: typing paced until the run's thread is seen waiting to write, a state /proc shows and no event announces.
            usleep(5_000)
            blocked = terminal.isWritingBlocked
        }
        #expect(blocked, "the terminal's output never filled")
        #expect(!terminal.isCanonical)
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
        // And the terminal is left as it was found.
        #expect(terminal.isCanonical)
    }

    @Test(.inProcessTerminal) func singleKeysAnswerDuringAWorkoutWithoutEnter() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        terminal.type("1")  // a digit chooses at once in a short menu
        #expect(terminal.waitFor("menu: Sport.", after: mark))
        mark = terminal.mark
        terminal.type("4")  // Next
        #expect(terminal.waitFor("menu: Metrics for audio feedback.", after: mark))
        mark = terminal.mark
        terminal.type("4")
        #expect(terminal.waitFor("menu: Press 0 for the tenth, 2 hours.", after: mark))
        mark = terminal.mark
        terminal.type("0")  // the tenth interval, at once
        #expect(terminal.waitFor("answer: Interval: 2 hours.", after: mark))
        mark = terminal.mark
        terminal.type("start workout\r")  // explicit on every step
        #expect(terminal.waitFor("answer: Workout started.", after: mark))
        // h answers at once, with the reading or with the strap waiting for its first one (the
        // readout's figures are the golden sessions' to check, in virtual time).
        mark = terminal.mark
        terminal.type("h")
        #expect(terminal.waitFor("answer: Heart rate", after: mark))
        mark = terminal.mark
        terminal.type("t")
        #expect(terminal.waitFor("answer: Time elapsed, ", after: mark))
        mark = terminal.mark
        terminal.type("p")
        #expect(terminal.waitFor("answer: Workout paused.", after: mark))
        mark = terminal.mark
        terminal.type(":")  // ":" opens a typed command
        #expect(terminal.waitFor("answer: Type a command, then press Enter. Escape cancels.", after: mark))
        terminal.type("resume\r")
        #expect(terminal.waitFor("answer: Workout resumed.", after: mark))
        mark = terminal.mark
        terminal.type("e")
        #expect(terminal.waitFor("answer: Definitely end workout? Yes or no.", after: mark))
        mark = terminal.mark
        terminal.type("y")
        #expect(terminal.waitFor("menu: Workout summary.", after: mark))
        #expect(terminal.waitFor("menu: 2, Delete workout.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: Workout saved.", after: mark))
        mark = terminal.mark
        terminal.type("quit\r")
        #expect(terminal.waitFor("answer: Goodbye.", after: mark))
        #expect(terminal.waitForExit() == 0)
    }

    /// A key that is no workout key is answered and never starts a line: the next key still acts,
    /// whatever the echo. A line opened with the colon key is cancelled with Escape, said.
    @Test(.inProcessTerminal, arguments: ["none", "characters", "words", "both"])
    func aStrayKeyOnTheWorkoutScreenIsAnsweredInEveryEchoMode(echo: String) throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path, "--echo", echo])
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        terminal.type("configure\r")
        #expect(terminal.waitFor("menu: 5, Next.", after: mark))
        mark = terminal.mark
        terminal.type("start workout\r")
        #expect(terminal.waitFor("answer: Workout started.", after: mark))
        for stray in ["q", "f", "Q"] {
            mark = terminal.mark
            terminal.type(stray)
            #expect(terminal.waitFor("does nothing here. Press question mark for help.", after: mark), "\(stray) with echo \(echo)")
            mark = terminal.mark
            terminal.type("t")
            #expect(terminal.waitFor("answer: Time elapsed, ", after: mark), "t after \(stray) with echo \(echo)")
        }
        mark = terminal.mark
        terminal.type(":")
        #expect(terminal.waitFor("answer: Type a command, then press Enter. Escape cancels.", after: mark))
        #expect(terminal.typeAndAwaitDrawing("hea"))
        mark = terminal.mark
        terminal.type("\u{1B}")
        #expect(terminal.waitFor("answer: Command cancelled.", after: mark))
        mark = terminal.mark
        terminal.type("h")
        #expect(terminal.waitFor("answer: Heart rate", after: mark), "\(terminal.screen.suffix(600))")
        #expect(terminal.hangUp() == 0)
    }

    /// readline forgets the terminal it prepared only when it can restore it, and a hung-up
    /// terminal takes no settings: a run after one whose terminal hung up still gets its keys
    /// one at a time, not held back by the line discipline until Enter.
    @Test(.inProcessTerminal) func aRunAfterAHungUpOneTakesSingleKeys() throws {
        let data = TemporaryDirectory()
        let first = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path + "/first"])
        #expect(first.waitFor("menu: 4, Settings."))
        #expect(first.waitUntilNotCanonical())
        #expect(first.hangUp() == 0)
        let second = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path + "/second"])
        #expect(second.waitFor("menu: 4, Settings."))
        #expect(second.waitUntilNotCanonical())
        let mark = second.mark
        second.type("1")  // a digit chooses at once in a short menu
        #expect(second.waitFor("menu: Sport.", after: mark))
        second.type("\u{04}")
        #expect(second.waitForExit() == 0)
        #expect(second.isCanonical)
    }

    @Test(.inProcessTerminal) func typedWordsWorkOnMenus() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        let mark = terminal.mark
        terminal.type("settings\r")
        #expect(terminal.waitFor("menu: 1, Profile.", after: mark))
        terminal.type("\u{04}")  // Ctrl-D on an empty line leaves
        #expect(terminal.waitForExit() == 0)
    }
}
