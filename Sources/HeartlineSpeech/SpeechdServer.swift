#if canImport(Glibc)
import Glibc
#endif
@preconcurrency import CSpeechd
import Foundation

/// Starts speech-dispatcher the way libspeechd's autospawn does, but without blocking the loop.
///
/// libspeechd's autospawn runs `speech-dispatcher --spawn` and waits for it inside spd_open2,
/// which holds the loop for 250–450 ms; here the command runs as a child process that the
/// engine reaps on later probes. The child gets an empty signal mask and default SIGPIPE, so a
/// server started after the shell blocked its signals still stops on SIGTERM. `--spawn` honours
/// speech-dispatcher's DisableAutoSpawn setting.
final class SpeechdServer {
    /// The server's socket path (unix) or port (inet), from libspeechd's default address
    /// (SPEECHD_ADDRESS, else $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock).
    let arguments: [String]
    private var child: pid_t?

    init() {
        var error: UnsafeMutablePointer<CChar>?
        let address = spd_get_default_address(&error)
        free(error)
        defer { if let address { SPDConnectionAddress__free(address) } }
        var arguments = ["--spawn"]
        if let address, address.pointee.method == SPD_METHOD_INET_SOCKET {
            arguments += ["--communication-method", "inet_socket", "--port", String(address.pointee.inet_socket_port)]
        } else if let address, let path = address.pointee.unix_socket_name {
            arguments += ["--communication-method", "unix_socket", "--socket-path", String(cString: path)]
        }
        self.arguments = arguments
    }

    deinit {
        _ = reap()
    }

    /// Whether a spawn is still starting up.
    var isStarting: Bool { child != nil }

    /// Starts `speech-dispatcher --spawn` unless one is already starting; returns false when the
    /// command could not be run at all.
    func spawn() -> Bool {
        guard child == nil else { return true }
        let program = FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher")
            ? "/usr/bin/speech-dispatcher" : "speech-dispatcher"
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            environment.forEach { free($0) }
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
        posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        guard posix_spawnp(&pid, program, &files, &attributes, argv, environment) == 0 else { return false }
        child = pid
        return true
    }

    /// Collects a finished spawn; returns true when it has finished (or none was running).
    @discardableResult
    func reap() -> Bool {
        guard let pid = child else { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || (result < 0 && errno == ECHILD) {
            child = nil
            return true
        }
        return false
    }

    /// Waits up to `seconds` for a spawn to finish (at start-up only, before the loop runs).
    func waitForSpawn(upTo seconds: Double) {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while !reap(), ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }
}
