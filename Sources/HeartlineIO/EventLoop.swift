#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem

/// One thread's poll(2) loop: file descriptors, timers and work posted from other threads.
///
/// Everything Heartline does happens on this loop's thread: readline, the core, speech requests
/// and sensor sockets. Other threads (libspeechd's callback thread, espeak-ng's audio thread)
/// reach it only through `inbox`, which wakes the loop through an eventfd.
///
/// Its time is an input: the binary's loop reads the monotonic clock; a test's loop is given a
/// `ManualClock` and moves it with `advance(by:)`, which runs every timer due on the way in the
/// order of its deadline, with the file descriptors ready at each of those instants handled
/// before the timers due there, as a real turn handles them. Nothing then waits on real time
/// for a timer.
public final class EventLoop {
    public typealias Handler = () -> Void

    /// A registration that can be cancelled.
    public struct Token: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Watch {
        let fd: Int32
        let events: Int16
        let handler: Handler
    }

    private struct Timer {
        let deadline: ContinuousClock.Instant
        /// Timers with one deadline run in the order they were set.
        let order: Int
        let handler: Handler
    }

    /// Where the loop's time comes from.
    public enum Clock {
        /// The monotonic clock: timers wait in poll(2) for their deadline.
        case continuous
        /// A clock that moves only through `advance(by:)`: poll(2) never waits for a timer.
        case manual(ManualClock)
    }

    private var watches: [Int: Watch] = [:] {
        didSet { pollSet = nil }
    }
    /// The watches' ids in order and their pollfds, made again only when the watches change.
    private var pollSet: (order: [Int], fds: [pollfd])?
    private var timers: [Int: Timer] = [:]
    private var nextID = 0
    private var stopped = false
    public let inbox: Inbox
    /// Told, before each poll, how long the loop went without polling: the time its handlers
    /// took since the last poll returned, and the processor time this thread spent in it (less
    /// when the machine ran something else meanwhile), for heartline-bench's stall probe.
    public var stallObserver: ((_ wall: Duration, _ processor: Duration) -> Void)?
    private var lastWake: ContinuousClock.Instant?
    private var lastWakeProcessor: Duration = .zero
    public let clock: Clock

    public init(clock: Clock = .continuous) throws {
        self.clock = clock
        inbox = try Inbox()
        _ = watch(inbox.fd) { [inbox] in
            for work in inbox.drain() { work() }
        }
    }

    /// Calls `handler` on this loop whenever `fd` is ready for `events` (readable by default).
    @discardableResult
    public func watch(_ fd: Int32, events: Int16 = Int16(POLLIN), handler: @escaping Handler) -> Token {
        nextID += 1
        watches[nextID] = Watch(fd: fd, events: events, handler: handler)
        return Token(id: nextID)
    }

    /// Calls `handler` once, `seconds` from now.
    @discardableResult
    public func after(_ seconds: Double, handler: @escaping Handler) -> Token {
        at(now.advanced(by: .milliseconds(Int64((seconds * 1000).rounded()))), handler: handler)
    }

    /// The loop's time: the monotonic clock's, or the manual clock's.
    public var now: ContinuousClock.Instant {
        switch clock {
        case .continuous: ContinuousClock.now
        case .manual(let manual): manual.now
        }
    }

    /// Calls `handler` once at `deadline`.
    @discardableResult
    public func at(_ deadline: ContinuousClock.Instant, handler: @escaping Handler) -> Token {
        nextID += 1
        timers[nextID] = Timer(deadline: deadline, order: nextID, handler: handler)
        return Token(id: nextID)
    }

    /// Cancels a watch or a timer; cancelling twice is harmless.
    public func cancel(_ token: Token) {
        // A timer's token is no watch: the poll set stays as it is.
        if watches[token.id] != nil { watches[token.id] = nil }
        timers[token.id] = nil
    }

    /// Makes `run` return after the current turn.
    public func stop() { stopped = true }

    public var isStopped: Bool { stopped }

    /// Runs until `stop()` is called.
    public func run() {
        stopped = false
        while !stopped {
            turn(maximumWait: nil)
        }
    }

    /// Runs one turn: waits up to `maximumWait` seconds (or until the next timer), then calls
    /// every handler that is due.
    ///
    /// On a manual clock a timer is due only once the clock has reached it: poll(2) waits for
    /// the file descriptors alone, for `maximumWait` seconds of real time at most.
    public func turn(maximumWait: Double?) {
        let now = self.now
        var timeoutMs: Int32 = -1
        if let earliest = earliestDeadline {
            switch clock {
            case .continuous:
                timeoutMs = Int32(clamping: max(0, Self.milliseconds(from: now, to: earliest)))
            case .manual:
                if earliest <= now { timeoutMs = 0 }
            }
        }
        if let maximumWait {
            let cap = Int32(clamping: Int64((maximumWait * 1000).rounded(.up)))
            timeoutMs = timeoutMs < 0 ? cap : min(timeoutMs, cap)
        }
        let (order, template) = currentPollSet()
        var fds = template
        if let stallObserver, let lastWake {
            stallObserver(lastWake.duration(to: .now), Self.threadProcessorTime() - lastWakeProcessor)
        }
        let ready = fds.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMs)
        }
        lastWake = stallObserver == nil ? nil : ContinuousClock.now
        if stallObserver != nil { lastWakeProcessor = Self.threadProcessorTime() }
        if ready > 0 {
            for (index, id) in order.enumerated() where fds[index].revents != 0 {
                // A handler may have cancelled a later watch during this turn.
                watches[id]?.handler()
            }
        }
        let after = self.now
        // Gathered into an array, which is allocated only when a timer is due (most turns, a
        // notification or a key, have none), rather than filtered into a new dictionary.
        var due: [(id: Int, timer: Timer)] = []
        for (id, timer) in timers where timer.deadline <= after { due.append((id, timer)) }
        if due.count > 1 { due.sort { ($0.timer.deadline, $0.timer.order) < ($1.timer.deadline, $1.timer.order) } }
        for (id, timer) in due where timers[id] != nil {
            timers[id] = nil
            timer.handler()
        }
    }

    /// The deadline of the timer due first, if any is set.
    public var earliestDeadline: ContinuousClock.Instant? { timers.values.lazy.map(\.deadline).min() }

    /// Moves a manual clock on by `duration`, stopping at each timer's deadline on the way: there
    /// the file descriptors ready are handled, then the timers due, in order, so that a timer one
    /// sets runs too when it falls inside the span. Work posted to the inbox and answers already
    /// waiting on a socket are handled at the first instant. Stops early when the loop is
    /// stopped. On the continuous clock it is a programming error.
    public func advance(by duration: Duration) {
        guard case .manual(let manual) = clock else {
            preconditionFailure("advance(by:) moves a manual clock; this loop runs on the monotonic clock")
        }
        let end = manual.now + duration
        while !stopped {
            turn(maximumWait: 0)
            guard !stopped, let next = earliestDeadline, next <= end else { break }
            manual.move(to: next)
        }
        guard !stopped else { return }
        manual.move(to: end)
        turn(maximumWait: 0)
    }

    /// The watches' ids in order and a pollfd for each, kept until a watch is added or cancelled.
    private func currentPollSet() -> (order: [Int], fds: [pollfd]) {
        if let pollSet { return pollSet }
        let order = watches.keys.sorted()
        let made = (order, order.map { pollfd(fd: watches[$0]!.fd, events: watches[$0]!.events, revents: 0) })
        pollSet = made
        return made
    }

    /// The processor time the calling thread has used.
    private static func threadProcessorTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    private static func milliseconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Int64 {
        let duration = start.duration(to: end)
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}

/// A clock that moves only when told: the time of a loop under test.
///
/// It belongs to the loop's thread, as the loop does. It starts at the monotonic clock's present,
/// so that instants from it and from `ContinuousClock` compare sensibly, and never goes back.
public final class ManualClock {
    public private(set) var now: ContinuousClock.Instant

    public init(start: ContinuousClock.Instant = .now) {
        now = start
    }

    /// How far the clock has moved since `instant`.
    public func elapsed(since instant: ContinuousClock.Instant) -> Duration { instant.duration(to: now) }

    fileprivate func move(to instant: ContinuousClock.Instant) {
        if instant > now { now = instant }
    }
}

/// The loop's stalls: each stretch between waking from poll and polling again, during which no
/// key, timer, strap notification or speech report could be handled.
public struct StallRecord: Sendable {
    public private(set) var turns = 0
    public private(set) var longest: Duration = .zero
    /// Stalls longer than 50 ms, the target, and longer than 10 ms.
    public private(set) var over50ms = 0
    public private(set) var over10ms = 0
    /// The most processor time the loop's thread spent in one stall.
    public private(set) var longestProcessor: Duration = .zero

    public init() {}

    public mutating func record(_ stall: Duration, processor: Duration = .zero) {
        turns += 1
        longest = max(longest, stall)
        longestProcessor = max(longestProcessor, processor)
        if stall > .milliseconds(50) { over50ms += 1 }
        if stall > .milliseconds(10) { over10ms += 1 }
    }
}

/// Work handed to the loop from other threads; the only part of the loop that is `Sendable`.
public final class Inbox: Sendable {
    public typealias Work = @Sendable () -> Void
    let fd: Int32
    private let queue = Locked<[Work]>([])

    init() throws {
        fd = heartline_eventfd()
        guard fd >= 0 else { throw SystemError(operation: "eventfd", code: errno) }
    }

    deinit { close(fd) }

    /// Queues `work` to run on the loop's thread and wakes the loop. Safe from any thread,
    /// including C library callback threads (it never blocks on the loop).
    public func post(_ work: @escaping Work) {
        queue.withLock { $0.append(work) }
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    fileprivate func drain() -> [Work] {
        var counter: UInt64 = 0
        _ = read(fd, &counter, 8)
        return queue.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
