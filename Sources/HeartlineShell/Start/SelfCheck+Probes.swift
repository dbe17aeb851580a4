#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineIO

extension SelfCheck {
    /// The questions the self-check asks the system, each a small function that answers quickly.
    ///
    /// `Probes.system(environment:)` asks this machine; tests may swap any of them.
    public struct Probes {
        public var speechServer: () -> SpeechServer
        public var audioOutput: () -> AudioOutput
        public var bluetooth: () -> Bluetooth
        /// How `directory` (or, when it does not exist yet, the parent it would be made in) is.
        public var storage: (_ directory: String) -> Storage

        public init(
            speechServer: @escaping () -> SpeechServer, audioOutput: @escaping () -> AudioOutput, bluetooth: @escaping () -> Bluetooth,
            storage: @escaping (String) -> Storage
        ) {
            self.speechServer = speechServer
            self.audioOutput = audioOutput
            self.bluetooth = bluetooth
            self.storage = storage
        }

        /// The probes of the machine this runs on; the remembered `headset` names its sink.
        public static func system(environment: [String: String], headset: RememberedHeadset? = nil) -> Probes {
            Probes(
                speechServer: { SystemProbe.speechServer(environment: environment) },
                audioOutput: { SystemProbe.audioOutput(environment: environment, headset: headset) },
                bluetooth: { SystemProbe.bluetooth() },
                storage: { SystemProbe.storage($0) })
        }
    }
}

/// The self-check's look at this machine. Every call returns within about a second.
public enum SystemProbe {
    /// How long a child process (`pactl`) or a TCP connect may take.
    public static let timeout = 1.0

    // MARK: Speech

    /// Where libspeechd connects: `SPEECHD_ADDRESS` (`unix_socket:PATH` or
    /// `inet_socket:HOST:PORT`), else `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock` (GLib's
    /// runtime directory, which falls back to the cache directory), as libspeechd 0.11 does.
    public enum SpeechAddress: Equatable, Sendable {
        case unix(String)
        case inet(host: String, port: UInt16)
    }

    public static func speechAddress(environment: [String: String]) -> SpeechAddress {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let runtime =
            environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? home + "/.cache"
        let standard = SpeechAddress.unix(runtime + "/speech-dispatcher/speechd.sock")
        guard let address = environment["SPEECHD_ADDRESS"], !address.isEmpty else { return standard }
        let parts = address.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch parts[0] {
        case "unix_socket":
            return parts.count > 1 ? .unix(parts.dropFirst().joined(separator: ":")) : standard
        case "inet_socket":
            let host = parts.count > 1 && !parts[1].isEmpty ? parts[1] : "127.0.0.1"
            let port = parts.count > 2 ? UInt16(parts[2]) ?? 6560 : 6560
            return .inet(host: host, port: port)
        default:
            return standard
        }
    }

    public static func speechServer(environment: [String: String]) -> SelfCheck.SpeechServer {
        let reachable =
            switch speechAddress(environment: environment) {
            case .unix(let path): connects(toUnixSocket: path)
            case .inet(let host, let port): connects(toHost: host, port: port)
            }
        if reachable { return .running }
        return findProgram("speech-dispatcher", environment: environment) != nil ? .startsOnDemand : .absent
    }

    // MARK: Sound

    /// The sound server's default sink when PulseAudio (or PipeWire's pulse socket) answers,
    /// else the first ALSA card. The socket is tried before `pactl` is run, so the check never
    /// starts a sound server of its own (pactl would autospawn one).
    ///
    /// - Parameter waiting: how long each pactl may take; the start's check, off the loop and
    ///   at boot when everything starts at once, gives it longer than the self-check's second.
    /// - Parameter headset: the remembered headset: its sink (matched by its address) is named
    ///   by the headset's name.
    public static func audioOutput(
        environment: [String: String], waiting: Double = timeout, headset: RememberedHeadset? = nil
    ) -> SelfCheck.AudioOutput {
        soundOutput(environment: environment, waiting: waiting, headset: headset).output
    }

    /// `audioOutput`, with what it saw said for the log: the sound server's name (`pactl info`'s
    /// Server Name: "pulseaudio", or "PulseAudio (on PipeWire 0.3.65)") and the sink it plays to,
    /// or the card when no sound server answers. The start logs it, so that a board's log says
    /// where its speech went.
    public static func soundOutput(
        environment: [String: String], waiting: Double = timeout, headset: RememberedHeadset? = nil, cards: String? = nil
    ) -> (output: SelfCheck.AudioOutput, seen: String) {
        if pulseReachable(environment: environment) {
            guard let pactl = findProgram("pactl", environment: environment) else {
                return (.unnamed, "a sound server answers, and pactl is not installed to ask it more")
            }
            guard let info = run(pactl, ["info"], environment: environment, waiting: waiting) else {
                return (.unnamed, "a sound server answers, and pactl info gave no answer within \(plainSeconds(waiting))")
            }
            let server = field("Server Name", in: info) ?? "with no name"
            guard let sink = field("Default Sink", in: info), sink != "auto_null", sink != "(null)" else {
                return (.none, "the sound server \(server) has no output but its dummy one")
            }
            let seen = "the sound server \(server) plays to \(sink)"
            if let headset, SoundServerLink.headsetSink(address: headset.address, in: [sink]) != nil {
                return (.headset(headset.name), seen)
            }
            let sinks = run(pactl, ["list", "sinks"], environment: environment, waiting: waiting) ?? ""
            return (output(sink: sink, description: sinkDescription(named: sink, in: sinks)), seen)
        }
        if let card = alsaCard(from: cards ?? (try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8)) ?? "") {
            return (.named(card), "no sound server answers; the first sound card is \(card)")
        }
        return (.none, "no sound server answers and there is no sound card")
    }

    public enum UserManager: Equatable, Sendable {
        /// The user's systemd answers (its private socket is there).
        case running
        /// The machine runs systemd, but this login has no user manager: `systemctl --user`
        /// fails, so the unit that starts Heartline at boot cannot start.
        case missing
        /// Not a systemd machine (a container, another init): nothing to say.
        case notApplicable
    }

    /// Whether this login has a systemd user manager, which the boot path's unit needs
    /// (libpam-systemd starts it at login, dbus-user-session lets systemctl reach it).
    public static func userManager(environment: [String: String], root: String = "") -> UserManager {
        guard FileManager.default.fileExists(atPath: root + "/run/systemd/system") else { return .notApplicable }
        let runtime = environment["XDG_RUNTIME_DIR"] ?? "/run/user/\(getuid())"
        return FileManager.default.fileExists(atPath: root + runtime + "/systemd/private") ? .running : .missing
    }

    /// Whether any sound output can be reached: a sound server's socket answers, or the kernel
    /// has a sound card. Cheap (one connect, one small read), so start-up can ask it before the
    /// first sentence; `audioOutput` says more, but runs pactl.
    public static func soundReachable(environment: [String: String], cards: String? = nil) -> Bool {
        if pulseReachable(environment: environment) { return true }
        let list = cards ?? (try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8)) ?? ""
        return alsaCard(from: list) != nil
    }

    static func pulseReachable(environment: [String: String]) -> Bool {
        if let server = environment["PULSE_SERVER"], !server.isEmpty {
            // Only a local socket can be tried without pactl; anything else is up to pactl.
            let path = server.hasPrefix("unix:") ? String(server.dropFirst(5)) : server
            return path.hasPrefix("/") ? connects(toUnixSocket: path) : true
        }
        let runtime =
            environment["PULSE_RUNTIME_PATH"]
            ?? environment["XDG_RUNTIME_DIR"].map { $0 + "/pulse" }
            ?? "/run/user/\(getuid())/pulse"
        return connects(toUnixSocket: runtime + "/native")
    }

    /// The default sink as the check says it: a Bluetooth one (PipeWire's bluez_output.ADDRESS,
    /// PulseAudio's bluez_sink.ADDRESS) is a headset.
    public static func output(sink: String, description: String?) -> SelfCheck.AudioOutput {
        let name = description ?? sink
        return sink.hasPrefix("bluez_output.") || sink.hasPrefix("bluez_sink.") ? .headset(name) : .named(name)
    }

    /// The value of a `Name: value` line of pactl's output.
    public static func field(_ name: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(name + ":") {
                let value = trimmed.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// The `Description:` of the sink called `name` in `pactl list sinks`.
    public static func sinkDescription(named name: String, in list: String) -> String? {
        for block in list.components(separatedBy: "\nSink #") where field("Name", in: block) == name {
            return field("Description", in: block)
        }
        return nil
    }

    /// The first card of /proc/asound/cards: " 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones".
    public static func alsaCard(from cards: String) -> String? {
        for line in cards.split(separator: "\n") where line.contains("]: ") {
            if let dash = line.range(of: " - ") {
                return line[dash.upperBound...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    // MARK: Bluetooth

    /// Linux's Bluetooth address family and raw HCI protocol (<bluetooth/bluetooth.h>), kept
    /// here so the check needs no C module.
    static let addressFamilyBluetooth: Int32 = 31
    static let protocolHCI: Int32 = 1
    /// CAP_NET_ADMIN, which a scan through the management socket needs (Start Discovery and
    /// its Device Found events are for trusted sockets), and powering on an adapter too.
    static let capabilityNetAdmin = 12

    public static func bluetooth() -> SelfCheck.Bluetooth {
        let fd = socket(addressFamilyBluetooth, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), protocolHCI)
        if fd < 0 {
            return errno == EAFNOSUPPORT ? .unsupported : .noAdapter
        }
        close(fd)
        let classPath = "/sys/class/bluetooth"
        let adapters = ((try? FileManager.default.contentsOfDirectory(atPath: classPath)) ?? [])
            .filter { $0.hasPrefix("hci") && !$0.contains(":") }
            .sorted()
        guard let adapter = adapters.first else { return .noAdapter }
        if isBlocked(adapterPath: classPath + "/" + adapter) { return .blocked(adapter: adapter) }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        return hasCapability(capabilityNetAdmin, status: status) ? .ready(adapter: adapter) : .noPermission(adapter: adapter)
    }

    /// Whether an rfkill switch of the adapter (`hci0/rfkillN/soft` or `hard`) is on.
    static func isBlocked(adapterPath: String) -> Bool {
        let switches = ((try? FileManager.default.contentsOfDirectory(atPath: adapterPath)) ?? []).filter { $0.hasPrefix("rfkill") }
        return switches.contains { name in
            ["soft", "hard"].contains { state in
                (try? String(contentsOfFile: "\(adapterPath)/\(name)/\(state)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            }
        }
    }

    /// Whether the `CapEff:` mask of a /proc/PID/status text has capability `number`.
    public static func hasCapability(_ number: Int, status: String) -> Bool {
        Capabilities.has(number, status: status)
    }

    // MARK: Storage

    /// Writable or not, and the space free for an unprivileged user, of `directory` or of the
    /// nearest parent that exists (where it would be created).
    public static func storage(_ directory: String) -> SelfCheck.Storage {
        var path = directory
        var exists = FileManager.default.fileExists(atPath: path)
        while !exists, path != "/", !path.isEmpty {
            path = (path as NSString).deletingLastPathComponent
            exists = FileManager.default.fileExists(atPath: path)
        }
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return .readOnly }
        let free = UInt64(info.f_bavail) * UInt64(info.f_frsize)
        if info.f_flag & UInt(ST_RDONLY) != 0 { return .readOnly }
        if path == directory {
            // Really write: permissions, ACLs and read-only binds all show here.
            let probe = "\(directory)/.heartline-check-\(getpid())"
            let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return errno == ENOSPC || errno == EDQUOT ? .writable(free: 0) : .readOnly }
            close(fd)
            unlink(probe)
        } else if access(path, W_OK | X_OK) != 0 {
            return .readOnly
        }
        return .writable(free: free)
    }

    // MARK: Helpers

    /// Whether a Unix stream socket at `path` accepts a connection (a stale socket file refuses).
    static func connects(toUnixSocket path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // EAGAIN: the server's backlog is full, but it is there.
        return result == 0 || errno == EAGAIN
    }

    /// Whether `host:port` accepts a TCP connection within `timeout`.
    static func connects(toHost host: String, port: UInt16) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return false }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            let fd = socket(
                current.pointee.ai_family, current.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                current.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            if connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 { return true }
            guard errno == EINPROGRESS else { continue }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { continue }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            if getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 { return true }
        }
        return false
    }

    /// The full path of `name` on `PATH` (or in /usr/bin and /usr/sbin when PATH is unset).
    static func findProgram(_ name: String, environment: [String: String]) -> String? {
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin").split(separator: ":")
        for directory in directories {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `program` and returns its standard output, or nil when it failed or took longer than
    /// `waiting` seconds (then it is killed: SIGKILL, since the shell's blocked signals are
    /// inherited).
    static func run(_ program: String, _ arguments: [String], environment: [String: String], waiting: Double = timeout)
        -> String?
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var childEnvironment = environment
        childEnvironment["LC_ALL"] = "C"
        process.environment = childEnvironment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let reader = output.fileHandleForReading
        var data = Data()
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(waiting * 1000)))
        let fd = reader.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&poller, 1, max(1, milliseconds))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
