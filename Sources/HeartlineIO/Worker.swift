import CHeartlineSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A thread of its own, named, that runs the work handed to it one piece at a time, in the order
/// it was handed over, or at a time set for it: the one worker type of Heartline's background
/// work (the storage thread, espeak-ng's synthesis, libspeechd's calls, the uploads).
///
/// The thread lives as long as the worker and waits on a condition between pieces of work, so
/// handing work over every few seconds creates no thread and frees no stack each time, as a
/// dispatch queue's borrowed threads do once idle. When the worker is let go, its thread runs what
/// was handed over and ends.
public final class Worker: Sendable {
    private struct Queue {
        var jobs: [@Sendable () -> Void] = []
        /// Jobs for a time on the wall clock, by their handle's number.
        var timed: [Int: (at: Date, job: @Sendable () -> Void)] = [:]
        var nextTimed = 0
        var ended = false
        /// The worker's thread, once it runs: `sync` from it would wait for ever.
        var thread: pthread_t?

        /// What the thread does next: a job handed over first, then the earliest timed one that is
        /// due; ended, it stops. Nil while there is nothing yet, with until when to wait.
        mutating func next(now: Date) -> (result: Next?, until: Date?) {
            if !jobs.isEmpty { return (.run(jobs.removeFirst()), nil) }
            if ended { return (.end, nil) }
            guard let (number, earliest) = timed.min(by: { $0.value.at < $1.value.at }) else { return (nil, nil) }
            guard earliest.at <= now else { return (nil, earliest.at) }
            timed[number] = nil
            return (.run(earliest.job), nil)
        }
    }

    private enum Next {
        case run(@Sendable () -> Void)
        case end
    }

    /// A job set for a time with `after`, to cancel it.
    public struct Timed: Sendable, Hashable {
        fileprivate let number: Int
    }

    private let queue = Locked(Queue())
    public let name: String

    public init(_ name: String) {
        self.name = name
        let queue = queue
        let thread = Thread {
            heartline_name_thread(name)
            queue.withLockWaking { $0.thread = pthread_self() }
            while case .run(let job) = queue.wait(for: { $0.next(now: Date()) }) {
                job()
            }
        }
        thread.name = name
        thread.start()
    }

    deinit {
        queue.withLockWaking { $0.ended = true }
    }

    /// Runs `job` on the worker's thread after everything handed over before it.
    public func async(_ job: @escaping @Sendable () -> Void) {
        queue.withLockWaking { $0.jobs.append(job) }
    }

    /// Runs `job` on the worker's thread once `seconds` have passed on the wall clock (a machine
    /// that sleeps meanwhile runs it on waking if the time has come), unless cancelled first.
    /// A worker let go drops what it had set for later.
    @discardableResult
    public func after(_ seconds: Double, _ job: @escaping @Sendable () -> Void) -> Timed {
        let at = Date(timeIntervalSinceNow: seconds)
        return queue.withLockWaking { state in
            state.nextTimed += 1
            state.timed[state.nextTimed] = (at, job)
            return Timed(number: state.nextTimed)
        }
    }

    /// Takes back a job set with `after`; harmless once it ran or was cancelled.
    public func cancel(_ timed: Timed) {
        queue.withLockWaking { $0.timed[timed.number] = nil }
    }

    /// Runs `body` on the worker's thread after everything handed over before it, and waits for
    /// its result (or what it throws).
    public func sync<Result>(_ body: () throws -> Result) rethrows -> Result {
        let onThread = queue.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        precondition(!onThread, "\(name): sync from the worker's own thread would wait for ever")
        return try withoutActuallyEscaping(body) { body in
            // The body runs on the worker while this thread waits for it: never at the same time.
            // The job holds it through a box it empties before answering, so that nothing holds
            // it once this returns (the job itself may live on a moment in the worker's hands).
            let box = Locked<(() throws -> Result)?>(body)
            let outcome = Locked<Swift.Result<Result, any Error>?>(nil)
            async {
                let result: Swift.Result<Result, any Error>
                do {
                    let body = box.withLock { taken in
                        defer { taken = nil }
                        return taken!
                    }
                    result = Swift.Result { try body() }
                }
                outcome.withLockWaking { $0 = result }
            }
            return try outcome.withLock(when: { $0 != nil }) { $0! }.get()
        }
    }
}
