/// How an upload of a saved workout to a service went, as the edge found it.
public enum UploadResult: Equatable, Sendable {
    /// The service has the workout.
    case uploaded
    /// No answer in time: kept and tried again.
    case noAnswer
    /// The service answered with a server error (5xx) or asked to wait (429): kept and tried again.
    case serverFailed
    /// The server could not be reached (refused, no route, no name): kept and tried again.
    case noConnection
    /// The service refused the key (401, 403): kept, and tried again at the next start.
    case keyRefused
    /// The service refused the file itself (another 4xx): said, and not tried again.
    case fileRefused
    /// There is no key file.
    case notSetUp
    /// The key file may be read by others than its owner: it is not used.
    case keyFileOpen
    /// The workout could not be read from storage, so nothing was sent.
    case unreadable
}
