/// How an upload of a saved workout to a service went, as the edge found it.
public enum UploadResult: Equatable, Sendable {
    /// The service has the workout.
    case uploaded
    /// No answer in time: kept and tried again.
    case noAnswer
    /// The service answered with a server error (5xx) or asked to wait (429): kept and tried
    /// again, after the wait its Retry-After asks for, if it gives one.
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
    /// The key file is a symbolic link: refused, never followed.
    case keyFileLink
    /// The key file is a FIFO, a device or a folder, or too large for a key: not read.
    case keyFileNotPlain
    /// The server answered with a redirect (3xx): the key is never sent on, and the address is
    /// the configuration's to mend; kept, and tried again at the next start.
    case redirected
    /// The workout could not be read from storage, so nothing was sent.
    case unreadable
}
