#if canImport(Glibc)
    import Glibc
#endif
@preconcurrency import CSpeechd
import Foundation

/// Starts speech-dispatcher the way libspeechd's autospawn does, but without blocking the loop.
///
/// libspeechd's autospawn runs `speech-dispatcher --spawn` and waits for it inside spd_open2,
/// which holds the caller for 250–450 ms; here the command runs as a child process that the
/// engine reaps on later probes. `--spawn` honours speech-dispatcher's DisableAutoSpawn.
final class SpeechdServer {
    /// `--spawn` plus the address libspeechd would use (SPEECHD_ADDRESS, else
    /// $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock).
    let arguments: [String]
    private var child: ChildProcess?

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
        reap()
    }

    /// Whether a spawn is still starting up.
    var isStarting: Bool { child != nil }

    /// Starts `speech-dispatcher --spawn` unless one is already starting; returns false when the
    /// command could not be run at all.
    func spawn() -> Bool {
        guard child == nil else { return true }
        let program =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher")
            ? "/usr/bin/speech-dispatcher" : "speech-dispatcher"
        do {
            child = try ChildProcess.spawn(program, arguments)
            return true
        } catch {
            return false
        }
    }

    /// Collects a finished spawn; returns true when it has finished (or none was running).
    @discardableResult
    func reap() -> Bool {
        guard let running = child else { return true }
        guard running.poll() != nil else { return false }
        child = nil
        return true
    }

    /// Waits up to `seconds` for a spawn to finish (at start-up only, before the loop runs).
    func waitForSpawn(upTo seconds: Double) {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while !reap(), ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }
}
