#if canImport(Glibc)
    import Glibc
#endif

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
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
