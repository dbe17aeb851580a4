#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing

extension Tag {
    /// The code under test runs on more than one thread (a storage thread, the loop's inbox,
    /// espeak-ng's synthesis thread, the binary's own threads): contrib/test.sh runs every suite
    /// with this tag under ThreadSanitizer. Not for suites that open libspeechd, in this process
    /// or in the binary: libspeechd cancels its reader thread inside a read TSan intercepts, and
    /// TSan ends the process for it.
    @Tag public static var threads: Self
}

/// Each test case runs on the test threads (`TestThreads`), and its own time, from when its body
/// starts to when it returns less what it waited for a lock another test held (`Waits`), is
/// appended to the file `$HEARTLINE_TEST_TIMES` names (nothing is
/// written without it) as "seconds, a tab, the test's id". Swift Testing's own "passed after" and
/// the event stream's start count from when a test was scheduled, which in a parallel run is the
/// start of the run for most of them.
///
/// On every top-level suite (`@Suite(.timed)`); it reaches the suites and tests inside.
public struct Timed: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        // A test case starts once one of the threads' places is free: a test that awaited and is
        // ready again then finds a thread at once, not behind every test case not yet started.
        await TestThreads.shared.places.take()
        defer { TestThreads.shared.places.give() }
        try await withTaskExecutorPreference(TestThreads.shared) {
            let waits = Waits()
            let started = ContinuousClock.now
            defer { Self.record(test.id.description, started.duration(to: .now) - waits.total) }
            try await Self.$waits.withValue(waits) { try await function() }
        }
    }

    /// The time a test case spent waiting for a shared resource held by another test (the sound
    /// server's lock): not the test's own, and taken off its time.
    public final class Waits: @unchecked Sendable {
        private let lock = NSLock()
        private var sum: Duration = .zero

        public func add(_ waited: Duration) {
            lock.withLock { sum += waited }
        }

        var total: Duration { lock.withLock { sum } }
    }

    /// The running test case's waits, where a lock taken for it adds what it waited.
    @TaskLocal public static var waits: Waits?

    private static let file: String? = getenv("HEARTLINE_TEST_TIMES").map { String(cString: $0) }

    private static func record(_ test: String, _ took: Duration) {
        guard let file else { return }
        let seconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        // One write of a short line with O_APPEND: lines from tests running at once never mix.
        let line = Array("\(seconds)\t\(test)\n".utf8)
        let fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

extension Trait where Self == Timed {
    /// Each test's own time, for contrib/test.sh's slowest tests.
    public static var timed: Self { Timed() }
}

/// The threads tests run on, in place of Swift's cooperative pool.
///
/// The pool has one thread a processor, and most of these tests block the thread they run on
/// while they wait: on a child process, a terminal, a socket, a speech server. On two processors
/// two such waits stopped every other test. These threads, `$HEARTLINE_TEST_THREADS` of them (4
/// by default), let that many tests wait at once; a test that computes still shares the same
/// processors, and so do the speech tests' deadlines: more threads, more load beside them.
public final class TestThreads: TaskExecutor, @unchecked Sendable {
    public static let shared = TestThreads(count: ProcessInfo.processInfo.environment["HEARTLINE_TEST_THREADS"].flatMap(Int.init) ?? 4)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// One place a thread: the test cases under way, running or awaiting. Without them every test
    /// case queued on the threads at the start, and one that awaited (an exit test's child) came
    /// back behind all of them: 96 s for a test of 0.02 s.
    let places: Places

    init(count: Int) {
        places = Places(count: max(1, count))
        for index in 0..<max(1, count) {
            let thread = Thread { [unowned self] in work() }
            thread.name = "test thread \(index + 1)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// A counting semaphore that suspends, never blocks, the task that waits.
public final class Places: @unchecked Sendable {
    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock { () -> Bool in
                if free > 0 {
                    free -= 1
                    return true
                }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    func give() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            if waiting.isEmpty {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}

/// Tests that share contrib/with-audio.sh's sound server: a test that changes the server (its
/// default sink, its sinks) runs with no other test on it, and tests that only speak and record
/// run beside one another. Swift Testing serializes within a suite only; these suites are in two
/// test targets. A lock file in the run's private runtime directory (flock(2): one open file a
/// holder, so it holds between threads of this process too).
public struct SoundServerUse: SuiteTrait, TestTrait, TestScoping {
    let changesServer: Bool

    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        let directory = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/tmp"
        let fd = open(directory + "/heartline-tests-sound-server.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd >= 0 {
            let asked = ContinuousClock.now
            while flock(fd, changesServer ? LOCK_EX : LOCK_SH) != 0, errno == EINTR {}
            Timed.waits?.add(asked.duration(to: .now))
        }
        defer { if fd >= 0 { close(fd) } }
        try await function()
    }
}

extension Trait where Self == SoundServerUse {
    /// The tests speak and record on the shared sound server; others may too, at the same time.
    public static var usesSoundServer: Self { SoundServerUse(changesServer: false) }
    /// The tests change the shared sound server: nothing else uses it meanwhile.
    public static var changesSoundServer: Self { SoundServerUse(changesServer: true) }
}

/// Held while the headset sound test runs, or a mock bluetoothd in this process: run side by
/// side, the sound test's sink going was not seen (three runs of three), and each alone passes.
/// The lock is a file's, as the two suites are in two modules; what a test waits for it is not its
/// own time (`Timed.Waits`).
public final class SoundAndBusLock {
    private let descriptor: Int32

    public init() {
        descriptor = open("/tmp/heartline-tests-sound-and-bus.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        let asked = ContinuousClock.now
        if descriptor >= 0 {
            while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        }
        Timed.waits?.add(asked.duration(to: .now))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}

/// Tests that run Heartline on a terminal inside this process: readline's state (its streams,
/// its line, its history, the terminal it prepared) is the process's, so such runs take turns,
/// whichever suite they are in. A test waiting for its turn is suspended, holding no thread; what
/// it waits is not its own time (`Timed.Waits`).
public struct InProcessTerminalUse: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        let asked = ContinuousClock.now
        await Self.turns.take()
        Timed.waits?.add(asked.duration(to: .now))
        defer { Self.turns.give() }
        try await Self.$held.withValue(true) { try await function() }
    }

    /// Whether the running test holds the turn: an in-process terminal is made only then.
    @TaskLocal public static var held = false

    private static let turns = Turns()

    /// One holder at a time; the others wait in the order they asked.
    private final class Turns: @unchecked Sendable {
        private let lock = NSLock()
        private var taken = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func take() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                if taken {
                    waiting.append(continuation)
                    lock.unlock()
                } else {
                    taken = true
                    lock.unlock()
                    continuation.resume()
                }
            }
        }

        func give() {
            lock.lock()
            if waiting.isEmpty {
                taken = false
                lock.unlock()
            } else {
                let next = waiting.removeFirst()
                lock.unlock()
                next.resume()
            }
        }
    }
}

extension Trait where Self == InProcessTerminalUse {
    /// The tests run Heartline on a terminal inside this process, one at a time.
    public static var inProcessTerminal: Self { InProcessTerminalUse() }
}
