#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call: which one, and the errno it left.
public struct SystemError: Error, CustomStringConvertible, Equatable, Sendable {
    public let operation: String
    public let code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    public var description: String {
        "\(operation): \(String(cString: strerror(code)))"
    }
}

/// Calls a system function, retrying on EINTR, and throws `SystemError` when it returns -1.
@discardableResult
public func systemCall<T: FixedWidthInteger>(_ operation: String, _ body: () -> T) throws -> T {
    while true {
        let result = body()
        if result != -1 { return result }
        if errno == EINTR { continue }
        throw SystemError(operation: operation, code: errno)
    }
}
