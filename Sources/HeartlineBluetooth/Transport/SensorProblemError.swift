#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO

/// A sensor problem the user hears about, with what the system said for the log.
public struct SensorProblemError: Error, Equatable, Sendable, CustomStringConvertible {
    public let problem: SensorProblem
    /// The system's words ("connect: Connection refused"), never spoken.
    public let detail: String
    /// The errno of the system call that failed, when one did.
    public let code: Int32?

    public init(_ problem: SensorProblem, detail: String, code: Int32? = nil) {
        self.problem = problem
        self.detail = detail
        self.code = code
    }

    /// Sorts a failed socket or libbluetooth call into the problem the user can act on.
    public init(_ error: SystemError) {
        let problem: SensorProblem =
            switch error.code {
            // EHOSTUNREACH: no adapter that is up (none at all, or powered off).
            case EAFNOSUPPORT, ENODEV, EHOSTUNREACH: .noAdapter
            case EPERM, EACCES: .permissionDenied
            case EBUSY: .busy
            // ECONNABORTED: the adapter went down under a connection attempt (pulled out,
            // powered off); the next attempt finds out what is wrong, if anything.
            case ETIMEDOUT, ECONNREFUSED, EHOSTDOWN, ECONNABORTED: .unreachable
            default: .other(error.description)
            }
        self.init(problem, detail: error.description, code: error.code)
    }

    public var description: String { detail }
}

/// Runs a system call through `systemCall` (EINTR retried) and sorts its failure.
@discardableResult
func checked<T: FixedWidthInteger>(_ operation: String, _ body: () -> T) throws(SensorProblemError) -> T {
    do {
        return try systemCall(operation, body)
    } catch let error as SystemError {
        throw SensorProblemError(error)
    } catch {
        throw SensorProblemError(.other("\(operation): \(error)"), detail: "\(operation): \(error)")
    }
}
