import HeartlineIO

/// Finds, on a C library's own thread, the engine a callback belongs to, and hands the
/// callback to that engine's loop: a table from the library's key (a client id, a request
/// token) to the engine's inbox and a loop-bound reference to it.
final class CallbackRoutes<Engine: AnyObject>: Sendable {
    struct Route: Sendable {
        let inbox: Inbox
        let engine: LoopBoundReference<Engine>
    }

    private let table = Locked<[Int: Route]>([:])

    func add(_ key: Int, _ route: Route) {
        table.withLock { $0[key] = route }
    }

    func remove(_ key: Int) {
        _ = table.withLock { $0.removeValue(forKey: key) }
    }

    /// Called on the library's thread: runs `body` with the engine of `key` on its loop, if both
    /// are still there; `last` says no callback comes after this one, and the route goes.
    func deliver(to key: Int, last: Bool = false, _ body: @escaping @Sendable (Engine) -> Void) {
        guard let route = table.withLock({ last ? $0.removeValue(forKey: key) : $0[key] }) else { return }
        let engine = route.engine
        route.inbox.post {
            if let object = engine.object { body(object) }
        }
    }
}
