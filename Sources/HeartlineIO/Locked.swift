#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// A value behind a POSIX mutex: every piece of state Heartline shares between threads (the
/// loop's inbox, the storage thread's disk state, espeak-ng's synthesis thread, libspeechd's
/// callback thread, the uploader's worker).
///
/// The standard library's `Mutex` would do the locking as well, but on Linux it waits on a futex
/// from the uninstrumented standard library, which ThreadSanitizer cannot see: a hand-over
/// between two threads is then reported as a race that is not one (the loop's inbox was, once
/// in a few runs, when a post's append came before its wake-up's write), and a real one could
/// hide among those. A pthread mutex is intercepted, so `swift test --sanitize=thread` checks
/// what this guards for real.
///
/// It is the one lock type of Heartline's own code, and with its condition, the one way a thread
/// waits for another (`Worker` is built on it).
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value, holding the lock, then wakes every thread waiting in
    /// `withLock(when:_:)` to look at the value again.
    public func withLockWaking<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }

    /// Waits, the lock let go meanwhile, until `ready` holds for the value (looked at again each
    /// time `withLockWaking` changes it), then runs `body` with it, holding the lock.
    public func withLock<Result>(when ready: (Value) -> Bool, _ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(value) { pthread_cond_wait(condition, mutex) }
        return try body(&value)
    }

    /// Asks `next` for a result, holding the lock, until it gives one; between two asks the lock
    /// is let go until `withLockWaking` changes the value or the wall-clock time `next` gave last
    /// comes (nil: no time, only a change).
    public func wait<Result>(for next: (inout Value) -> (result: Result?, until: Date?)) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            let (result, until) = next(&value)
            if let result { return result }
            if let until {
                let seconds = until.timeIntervalSince1970
                var deadline = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
                pthread_cond_timedwait(condition, mutex, &deadline)
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
    }
}
