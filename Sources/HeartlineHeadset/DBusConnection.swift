#if canImport(Glibc)
    import Glibc
#endif
import CDBus
import HeartlineIO

/// A D-Bus connection driven by Heartline's event loop: libdbus's watches and timeouts become
/// the loop's, so replies, signals and calls to the exported object arrive as loop handlers,
/// with no thread of its own.
///
/// Opening is the one step that waits on the bus (its authentication and its Hello reply), and
/// a bus that accepts the connection and never answers would hold that wait for ever: `open`
/// does it on a thread of its own and answers on the loop within a bound. Every call after it is
/// asynchronous.
public final class DBusConnection {
    private let loop: EventLoop
    private var connection: OpaquePointer?
    private var watchTokens: [UnsafeMutableRawPointer: EventLoop.Token] = [:]
    private var timeoutTokens: [UnsafeMutableRawPointer: EventLoop.Token] = [:]
    /// The timeouts libdbus added and has not removed: one removed while it is handled (a
    /// call's timeout, whose call then ends) is freed, and must never be armed again.
    private var timeouts: Set<UnsafeMutableRawPointer> = []
    /// How many timeouts are waiting on the loop.
    var armedTimeouts: Int { timeoutTokens.count }
    private var signalHandlers: [(DBusMessage) -> Void] = []
    private var exported: [String: (DBusMessage) -> DBusAnswer] = [:]
    private var dispatchScheduled = false
    /// Told once when the bus connection closes (the bus went away).
    public var onDisconnect: (() -> Void)?

    /// The connection's unique name on the bus (":1.42").
    public private(set) var uniqueName = ""

    /// How long `open` waits for a bus before it answers that there is none.
    public static let openBound = 10.0

    /// A connection opened on another thread, handed to the loop's thread.
    private struct Opened: @unchecked Sendable {
        let connection: OpaquePointer?
        let failure: DBusFailure?
    }

    /// Connects to the bus at `address` (the system bus when nil) on a thread of its own, and
    /// answers on `loop`'s thread: with the connection, or with a failure when the bus refuses or
    /// has not answered within `bound` seconds. A bus that answers after that is let go.
    public static func open(
        address: String?, loop: EventLoop, within bound: Double = openBound,
        then answer: @escaping (Result<DBusConnection, DBusFailure>) -> Void
    ) {
        // libdbus's own locks, before a second thread touches it.
        _ = dbus_threads_init_default()
        // Both ends run on the loop's thread: the first of the bound and the outcome answers.
        var waiting = true
        let deadline = loop.after(bound) {
            guard waiting else { return }
            waiting = false
            answer(
                .failure(DBusFailure(name: "org.freedesktop.DBus.Error.Timeout", message: "the bus did not answer within \(Int(bound)) s")))
        }
        loop.inBackground(
            "heartline.dbus-open", { Self.connect(address: address) },
            then: { opened in
                guard waiting else {
                    // Too late: nobody waits for it.
                    if let connection = opened.connection {
                        dbus_connection_close(connection)
                        dbus_connection_unref(connection)
                    }
                    return
                }
                waiting = false
                loop.cancel(deadline)
                if let connection = opened.connection {
                    answer(.success(DBusConnection(connection: connection, loop: loop)))
                } else {
                    answer(.failure(opened.failure ?? DBusFailure(name: "org.freedesktop.DBus.Error.Failed", message: "")))
                }
            })
    }

    /// Opens and registers a connection, waiting as libdbus waits: off the loop's thread only.
    private static func connect(address: String?) -> Opened {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        var connection: OpaquePointer?
        if let address {
            connection = dbus_connection_open_private(address, &error)
            if let opened = connection, dbus_bus_register(opened, &error) == 0 {
                dbus_connection_close(opened)
                dbus_connection_unref(opened)
                connection = nil
            }
        } else {
            connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
        }
        guard let connection else {
            return Opened(
                connection: nil,
                failure: DBusFailure(
                    name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
                    message: error.message.map { String(cString: $0) } ?? ""))
        }
        return Opened(connection: connection, failure: nil)
    }

    /// Connects to the bus at `address`, or to the system bus when it is nil, waiting for it on
    /// this thread: for tests and tools, never on the loop of a running Heartline (`open`).
    public convenience init(address: String?, loop: EventLoop) throws {
        let opened = Self.connect(address: address)
        guard let connection = opened.connection else { throw opened.failure! }
        self.init(connection: connection, loop: loop)
    }

    /// Takes `connection`, opened and registered, onto `loop`.
    private init(connection: OpaquePointer, loop: EventLoop) {
        self.loop = loop
        self.connection = connection
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
        dbus_connection_set_exit_on_disconnect(connection, 0)
        let context = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(
            connection, { watch, data in DBusConnection.from(data).addWatch(watch) },
            { watch, data in DBusConnection.from(data).removeWatch(watch) },
            { watch, data in DBusConnection.from(data).toggleWatch(watch) }, context, nil)
        dbus_connection_set_timeout_functions(
            connection, { timeout, data in DBusConnection.from(data).addTimeout(timeout) },
            { timeout, data in DBusConnection.from(data).removeTimeout(timeout) },
            { timeout, data in DBusConnection.from(data).toggleTimeout(timeout) }, context, nil)
        dbus_connection_set_dispatch_status_function(
            connection,
            { _, status, data in
                if status == DBUS_DISPATCH_DATA_REMAINS { DBusConnection.from(data).scheduleDispatch() }
            }, context, nil)
        dbus_connection_add_filter(
            connection,
            { _, message, data in
                guard let message else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                return DBusConnection.from(data).filter(message)
            }, context, nil)
        scheduleDispatch()
    }

    deinit { close() }

    /// Closes the connection; pending calls are dropped without a reply.
    public func close() {
        guard let connection else { return }
        self.connection = nil
        dbus_connection_close(connection)
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
        dbus_connection_unref(connection)
        for token in watchTokens.values { loop.cancel(token) }
        for token in timeoutTokens.values { loop.cancel(token) }
        watchTokens = [:]
        timeoutTokens = [:]
        timeouts = []
    }

    public var isConnected: Bool {
        guard let connection else { return false }
        return dbus_connection_get_is_connected(connection) != 0
    }

    // MARK: - Calls

    /// Calls a method; `reply` runs on the loop with its return values or its error.
    public func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
        timeout: Double = 25, reply: @escaping (Result<[DBusValue], DBusFailure>) -> Void = { _ in }
    ) {
        guard let connection, let message = dbus_message_new_method_call(destination, path, interface, member) else {
            loop.after(0) { reply(.failure(.disconnected)) }
            return
        }
        defer { dbus_message_unref(message) }
        Self.append(arguments, to: message)
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(connection, message, &pending, Int32(timeout * 1000)) != 0, let pending else {
            loop.after(0) { reply(.failure(.disconnected)) }
            return
        }
        let box = Unmanaged.passRetained(ReplyBox(reply)).toOpaque()
        dbus_pending_call_set_notify(
            pending,
            { pending, data in
                guard let pending, let data else { return }
                let box = Unmanaged<ReplyBox>.fromOpaque(data).takeUnretainedValue()
                guard let message = dbus_pending_call_steal_reply(pending) else {
                    return box.reply(.failure(.disconnected))
                }
                defer { dbus_message_unref(message) }
                if dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_ERROR {
                    let arguments = DBusConnection.arguments(of: message)
                    box.reply(
                        .failure(
                            DBusFailure(
                                name: dbus_message_get_error_name(message).map { String(cString: $0) } ?? "",
                                message: arguments.first?.string ?? "")))
                } else {
                    box.reply(.success(DBusConnection.arguments(of: message)))
                }
            }, box, { data in if let data { Unmanaged<ReplyBox>.fromOpaque(data).release() } })
        dbus_pending_call_unref(pending)
    }

    /// Reads one property through org.freedesktop.DBus.Properties.Get.
    public func getProperty(
        _ destination: String, _ path: String, _ interface: String, _ name: String,
        reply: @escaping (Result<DBusValue, DBusFailure>) -> Void
    ) {
        call(destination, path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)]) { result in
            reply(result.map { $0.first?.unwrapped ?? .structure([]) })
        }
    }

    /// Sets one property through org.freedesktop.DBus.Properties.Set.
    public func setProperty(
        _ destination: String, _ path: String, _ interface: String, _ name: String, _ value: DBusValue,
        reply: @escaping (Result<[DBusValue], DBusFailure>) -> Void = { _ in }
    ) {
        call(
            destination, path, "org.freedesktop.DBus.Properties", "Set", [.string(interface), .string(name), .variant(value)], reply: reply)
    }

    // MARK: - Signals and the exported object

    /// Asks the bus for the signals that match `rule` ("type='signal',sender='org.bluez'"). The
    /// request is sent without waiting for its reply.
    public func addMatch(_ rule: String) {
        guard let connection else { return }
        dbus_bus_add_match(connection, rule, nil)
    }

    /// Adds a handler for every signal received.
    public func onSignal(_ handler: @escaping (DBusMessage) -> Void) {
        signalHandlers.append(handler)
    }

    /// Answers method calls to the object at `path` with `handler`.
    public func export(_ path: String, handler: @escaping (DBusMessage) -> DBusAnswer) {
        exported[path] = handler
    }

    private func filter(_ message: OpaquePointer) -> DBusHandlerResult {
        let type = dbus_message_get_type(message)
        let received = DBusMessage(
            sender: Self.text(dbus_message_get_sender(message)), path: Self.text(dbus_message_get_path(message)),
            interface: Self.text(dbus_message_get_interface(message)), member: Self.text(dbus_message_get_member(message)),
            arguments: Self.arguments(of: message))
        if type == DBUS_MESSAGE_TYPE_SIGNAL {
            if received.interface == "org.freedesktop.DBus.Local", received.member == "Disconnected" {
                let handler = onDisconnect
                onDisconnect = nil
                handler?()
            }
            for handler in signalHandlers { handler(received) }
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        guard type == DBUS_MESSAGE_TYPE_METHOD_CALL, let path = received.path, let handler = exported[path] else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        let answer = handler(received)
        guard let connection, dbus_message_get_no_reply(message) == 0 else { return DBUS_HANDLER_RESULT_HANDLED }
        let reply: OpaquePointer?
        switch answer {
        case .reply(let values):
            reply = dbus_message_new_method_return(message)
            if let reply { Self.append(values, to: reply) }
        case .error(let failure):
            reply = dbus_message_new_error(message, failure.name, failure.message)
        }
        if let reply {
            dbus_connection_send(connection, reply, nil)
            dbus_message_unref(reply)
        }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    // MARK: - The loop's side

    private static func from(_ data: UnsafeMutableRawPointer?) -> DBusConnection {
        Unmanaged<DBusConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    private func addWatch(_ watch: OpaquePointer?) -> dbus_bool_t {
        guard let watch else { return 0 }
        toggleWatch(watch)
        return 1
    }

    private func removeWatch(_ watch: OpaquePointer?) {
        guard let watch else { return }
        let key = UnsafeMutableRawPointer(watch)
        if let token = watchTokens.removeValue(forKey: key) { loop.cancel(token) }
    }

    private func toggleWatch(_ watch: OpaquePointer?) {
        guard let watch else { return }
        removeWatch(watch)
        guard dbus_watch_get_enabled(watch) != 0 else { return }
        let flags = dbus_watch_get_flags(watch)
        var events: Int16 = 0
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
        watchTokens[UnsafeMutableRawPointer(watch)] = loop.watch(dbus_watch_get_unix_fd(watch), events: events) { [weak self] in
            guard let self, self.connection != nil else { return }
            dbus_watch_handle(watch, flags)
            self.dispatch()
        }
    }

    private func addTimeout(_ timeout: OpaquePointer?) -> dbus_bool_t {
        guard let timeout else { return 0 }
        timeouts.insert(UnsafeMutableRawPointer(timeout))
        toggleTimeout(timeout)
        return 1
    }

    private func removeTimeout(_ timeout: OpaquePointer?) {
        guard let timeout else { return }
        timeouts.remove(UnsafeMutableRawPointer(timeout))
        disarmTimeout(timeout)
    }

    private func disarmTimeout(_ timeout: OpaquePointer) {
        if let token = timeoutTokens.removeValue(forKey: UnsafeMutableRawPointer(timeout)) { loop.cancel(token) }
    }

    private func toggleTimeout(_ timeout: OpaquePointer?) {
        guard let timeout else { return }
        disarmTimeout(timeout)
        guard dbus_timeout_get_enabled(timeout) != 0 else { return }
        armTimeout(timeout)
    }

    /// libdbus's timeouts repeat until removed or disabled.
    private func armTimeout(_ timeout: OpaquePointer) {
        let key = UnsafeMutableRawPointer(timeout)
        timeoutTokens[key] = loop.after(Double(dbus_timeout_get_interval(timeout)) / 1000) { [weak self] in
            guard let self, self.connection != nil, self.timeoutTokens.removeValue(forKey: key) != nil else { return }
            dbus_timeout_handle(timeout)
            // Removed while handled (a call that timed out), it is freed: not touched again.
            if self.timeoutTokens[key] == nil, self.timeouts.contains(key), self.connection != nil, dbus_timeout_get_enabled(timeout) != 0 {
                self.armTimeout(timeout)
            }
            self.dispatch()
        }
    }

    private func scheduleDispatch() {
        guard !dispatchScheduled else { return }
        dispatchScheduled = true
        loop.after(0) { [weak self] in
            self?.dispatchScheduled = false
            self?.dispatch()
        }
    }

    private func dispatch() {
        while let connection, dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    // MARK: - Messages

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    static func arguments(of message: OpaquePointer) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        return readAll(&iterator)
    }

    private static func readAll(_ iterator: inout DBusMessageIter) -> [DBusValue] {
        var values: [DBusValue] = []
        while case let type = dbus_message_iter_get_arg_type(&iterator), type != DBusType.invalid {
            if let value = readOne(&iterator, type: type) { values.append(value) }
            dbus_message_iter_next(&iterator)
        }
        return values
    }

    private static func basic<T: BitwiseCopyable>(_ iterator: inout DBusMessageIter, _ zero: T) -> T {
        var value = zero
        dbus_message_iter_get_basic(&iterator, &value)
        return value
    }

    private static func readOne(_ iterator: inout DBusMessageIter, type: Int32) -> DBusValue? {
        switch type {
        case DBusType.byte: return .byte(basic(&iterator, UInt8(0)))
        case DBusType.bool: return .bool(basic(&iterator, dbus_bool_t(0)) != 0)
        case DBusType.int16: return .int16(basic(&iterator, Int16(0)))
        case DBusType.uint16: return .uint16(basic(&iterator, UInt16(0)))
        case DBusType.int32: return .int32(basic(&iterator, Int32(0)))
        case DBusType.uint32: return .uint32(basic(&iterator, UInt32(0)))
        case DBusType.int64: return .int64(basic(&iterator, Int64(0)))
        case DBusType.uint64: return .uint64(basic(&iterator, UInt64(0)))
        case DBusType.double: return .double(basic(&iterator, Double(0)))
        case DBusType.string, DBusType.objectPath, DBusType.signature:
            let pointer = basic(&iterator, UnsafePointer<CChar>?.none)
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == DBusType.string ? .string(text) : type == DBusType.objectPath ? .objectPath(text) : .signature(text)
        case DBusType.variant:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return readOne(&inner, type: dbus_message_iter_get_arg_type(&inner)).map { .variant($0) }
        case DBusType.array:
            let signature = signatureText(&iterator)
            let element = String(signature.dropFirst())
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            guard dbus_message_iter_get_element_type(&iterator) == DBusType.dictEntry else {
                return .array(element: element, readAll(&inner))
            }
            var entries: [DBusEntry] = []
            while dbus_message_iter_get_arg_type(&inner) == DBusType.dictEntry {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&inner, &entry)
                let pair = readAll(&entry)
                if pair.count == 2 { entries.append(DBusEntry(key: pair[0], value: pair[1])) }
                dbus_message_iter_next(&inner)
            }
            // "{sv}": the key's type is the first character after the brace.
            let body = element.dropFirst().dropLast()
            return .dictionary(key: String(body.prefix(1)), value: String(body.dropFirst()), entries)
        case DBusType.structure:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            return .structure(readAll(&inner))
        default:
            return nil
        }
    }

    private static func signatureText(_ iterator: inout DBusMessageIter) -> String {
        guard let pointer = dbus_message_iter_get_signature(&iterator) else { return "" }
        defer { dbus_free(pointer) }
        return String(cString: pointer)
    }

    private static func append(_ values: [DBusValue], to message: OpaquePointer) {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for value in values { append(value, to: &iterator) }
    }

    private static func appendBasic<T: BitwiseCopyable>(_ iterator: inout DBusMessageIter, _ type: Int32, _ value: T) {
        var value = value
        dbus_message_iter_append_basic(&iterator, type, &value)
    }

    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) {
        switch value {
        case .byte(let value): appendBasic(&iterator, DBusType.byte, value)
        case .bool(let value): appendBasic(&iterator, DBusType.bool, dbus_bool_t(value ? 1 : 0))
        case .int16(let value): appendBasic(&iterator, DBusType.int16, value)
        case .uint16(let value): appendBasic(&iterator, DBusType.uint16, value)
        case .int32(let value): appendBasic(&iterator, DBusType.int32, value)
        case .uint32(let value): appendBasic(&iterator, DBusType.uint32, value)
        case .int64(let value): appendBasic(&iterator, DBusType.int64, value)
        case .uint64(let value): appendBasic(&iterator, DBusType.uint64, value)
        case .double(let value): appendBasic(&iterator, DBusType.double, value)
        case .string(let text), .objectPath(let text), .signature(let text):
            let type = value.signature == "s" ? DBusType.string : value.signature == "o" ? DBusType.objectPath : DBusType.signature
            text.withCString { pointer in appendBasic(&iterator, type, Optional(pointer)) }
        case .variant(let inner):
            container(&iterator, DBusType.variant, inner.signature) { append(inner, to: &$0) }
        case .array(let element, let elements):
            container(&iterator, DBusType.array, element) { inner in
                for element in elements { append(element, to: &inner) }
            }
        case .dictionary(let key, let valueType, let entries):
            container(&iterator, DBusType.array, "{" + key + valueType + "}") { inner in
                for entry in entries {
                    container(&inner, DBusType.dictEntry, nil) { pair in
                        append(entry.key, to: &pair)
                        append(entry.value, to: &pair)
                    }
                }
            }
        case .structure(let fields):
            container(&iterator, DBusType.structure, nil) { inner in
                for field in fields { append(field, to: &inner) }
            }
        }
    }

    private static func container(
        _ iterator: inout DBusMessageIter, _ type: Int32, _ signature: String?, _ body: (inout DBusMessageIter) -> Void
    ) {
        var inner = DBusMessageIter()
        if let signature {
            _ = signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &inner) }
        } else {
            dbus_message_iter_open_container(&iterator, type, nil, &inner)
        }
        body(&inner)
        dbus_message_iter_close_container(&iterator, &inner)
    }
}

/// A pending call's reply handler, kept alive by libdbus until the call completes.
private final class ReplyBox {
    let reply: (Result<[DBusValue], DBusFailure>) -> Void
    init(_ reply: @escaping (Result<[DBusValue], DBusFailure>) -> Void) { self.reply = reply }
}

/// libdbus's type codes (its DBUS_TYPE_ macros are casts Swift does not import).
private enum DBusType {
    static let invalid: Int32 = 0
    static let byte = code("y")
    static let bool = code("b")
    static let int16 = code("n")
    static let uint16 = code("q")
    static let int32 = code("i")
    static let uint32 = code("u")
    static let int64 = code("x")
    static let uint64 = code("t")
    static let double = code("d")
    static let string = code("s")
    static let objectPath = code("o")
    static let signature = code("g")
    static let array = code("a")
    static let variant = code("v")
    static let structure = code("r")
    static let dictEntry = code("e")

    private static func code(_ character: Unicode.Scalar) -> Int32 { Int32(character.value) }
}
