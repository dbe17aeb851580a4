#if canImport(Glibc)
    import Glibc
#endif

/// Where one run of Heartline reads its script and writes its transcript, its answers to the
/// person setting it up, and its log.
///
/// The binary runs on the process's own standard streams and owns the process: it blocks the
/// stop signals and reads them from the loop, moves standard error to the log file on a
/// terminal, and reads keys from a terminal. A test runs Heartline inside its own process
/// instead, on pipes or files (a script, several runs at once) or on a pseudo-terminal's side
/// (keys, one run at a time, since readline's state is the process's): such a run leaves the
/// process's signals and standard error alone.
public struct ProcessStreams: Sendable {
    public var input: Int32
    public var output: Int32
    public var error: Int32
    /// Whether the run may change what belongs to the whole process (signals, standard error).
    public var ownsProcess: Bool

    public init(input: Int32, output: Int32, error: Int32, ownsProcess: Bool = false) {
        self.input = input
        self.output = output
        self.error = error
        self.ownsProcess = ownsProcess
    }

    /// The process's own standard streams.
    public static let standard = ProcessStreams(input: STDIN_FILENO, output: STDOUT_FILENO, error: STDERR_FILENO, ownsProcess: true)

    /// Text meant for the person at the terminal (not the log).
    func writeOutput(_ text: String) { Self.write(text, to: output) }

    /// Diagnostics (never on the output, which carries the transcript).
    func writeError(_ text: String) { Self.write(text, to: error) }

    /// A line of the output, as `print` writes it.
    func printLine(_ text: String) { writeOutput(text + "\n") }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
