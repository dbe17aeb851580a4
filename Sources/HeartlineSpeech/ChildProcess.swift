#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// A program started with posix_spawn and reaped with waitpid, with no helper threads.
///
/// The child gets an empty signal mask and default SIGPIPE even when the caller blocked signals
/// (the shell reads them from a signalfd) or ignores SIGPIPE (libspeechd needs that), so a
/// server started from here still stops on SIGTERM.
public struct ChildProcess: Sendable {
    public let pid: pid_t

    /// Starts `program` (searched in PATH unless it has a slash) with `arguments`; standard input
    /// and error are /dev/null, standard output is `output` or /dev/null. `environment` is added
    /// to this process's own.
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which its header
    /// declares only for _GNU_SOURCE: found at run time.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    public static func spawn(
        _ program: String, _ arguments: [String], output: Int32? = nil, environment added: [String: String] = [:]
    ) throws(SpeechError) -> ChildProcess {
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let inherited = ProcessInfo.processInfo.environment.merging(added) { $1 }
        let environment = inherited.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in environment { free(pointer) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var files = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&files)
        defer { posix_spawn_file_actions_destroy(&files) }
        posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&files, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else the process has open reaches the child: a pipe another thread has just made
        // for a short-lived program (Foundation's are not close-on-exec) would stay open as long
        // as this child lives, and whoever reads it would wait for an end that never comes.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&files, 3) }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &files, &attributes, argv, environment)
        guard result == 0 else {
            throw SpeechError(engine: program, reason: String(cString: strerror(result)))
        }
        return ChildProcess(pid: pid)
    }

    /// The exit status if the child has finished (it is then reaped), else nil.
    public func poll() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return status }
        if result < 0 && errno == ECHILD { return 0 }
        return nil
    }

    /// Waits for the child to finish and reaps it.
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }
}
