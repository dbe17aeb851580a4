import CHeartlineSystem
#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// Something that belongs to the loop's thread, carried through another thread and back.
///
/// Work done elsewhere (a speech library's callback thread, a check on a thread of its own)
/// reaches the loop only through its `Inbox`, and what it finds there must be the loop's own
/// objects. This box is `Sendable` so that it can cross, and checks, in every build, that what
/// it holds is only ever touched on the thread that made it: the confinement that used to live
/// in comments is a precondition, which stops the program rather than let two threads share a
/// loop's object unseen (the check is a comparison of two thread ids, on each use). The one
/// `@unchecked Sendable` of the loop's confinement.
public final class LoopBound<Value>: @unchecked Sendable {
    private let owner: pthread_t
    private let stored: Value

    /// Made on the loop's thread.
    public init(_ value: Value) {
        owner = pthread_self()
        stored = value
    }

    /// The value; only on the thread that made the box.
    public var value: Value {
        assertOnOwner()
        return stored
    }

    fileprivate func assertOnOwner() {
        precondition(pthread_equal(owner, pthread_self()) != 0, "a loop-bound value was used off the loop's thread")
    }
}

/// A weak reference to a loop-confined object, for work posted back to the loop from another
/// thread: nil once the object is gone. Checked as `LoopBound` is.
public final class LoopBoundReference<Object: AnyObject>: @unchecked Sendable {
    private let owner: pthread_t
    private weak var stored: Object?

    public init(_ object: Object) {
        owner = pthread_self()
        stored = object
    }

    /// The object, if it is still there; only on the thread that made the reference.
    public var object: Object? {
        precondition(pthread_equal(owner, pthread_self()) != 0, "a loop-bound reference was used off the loop's thread")
        return stored
    }
}

extension EventLoop {
    /// The one way Heartline starts background work: `work` runs on a named thread of its own,
    /// and `then` gets its result back on this loop's thread. `work` must not touch the loop's
    /// objects (it is `@Sendable`); `then` may.
    public func inBackground<Result: Sendable>(
        _ name: String, _ work: @escaping @Sendable () -> Result, then: @escaping (Result) -> Void
    ) {
        let inbox = inbox
        let completion = LoopBound(then)
        let thread = Thread {
            heartline_name_thread(name)
            let result = work()
            inbox.post { completion.value(result) }
        }
        thread.name = name
        thread.start()
    }
}
