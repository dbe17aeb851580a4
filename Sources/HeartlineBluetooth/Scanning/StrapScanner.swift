#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO

/// Finds heart-rate straps nearby through the kernel's Bluetooth management socket.
///
/// Why the management socket (Start Discovery) and not a raw HCI socket (LE Set Scan Enable),
/// which Heartline used before: the raw socket fails in cases users meet every day, and the
/// management socket works in all of them (each tried in the VM suite, contrib/vm):
/// - Extended advertising: a Bluetooth 5 adapter that the kernel drives with extended commands
///   delivers LE Extended Advertising Reports, which a raw listener for legacy reports never
///   hears, and it refuses legacy scan commands once extended ones were used. The kernel picks
///   the right commands for the adapter and turns either kind of report into Device Found.
/// - bluetoothd running (Raspberry Pi OS, every desktop): a raw scan is refused with Command
///   Disallowed while bluetoothd scans, and confuses the kernel's own scan state otherwise.
///   Discovery through the kernel is shared: when another program is discovering already,
///   Start Discovery answers Busy, and its Device Found events reach this socket anyway.
/// - An adapter powered off at start (no bluetoothd powers it): raw commands fail on a DOWN
///   adapter; the management socket powers it on (Set Powered), and says when rfkill blocks it.
/// It needs CAP_NET_ADMIN (Start Discovery and Device Found are for trusted sockets only), which
/// the administrator's guide's setcap line gives along with CAP_NET_RAW.
public final class StrapScanner {
    private var socket: ManagementSocket?
    private var index: UInt16?
    private var startedDiscovery = false
    private var watch: EventLoop.Token?
    private var deadline: EventLoop.Token?
    private var begun: EventLoop.Token?
    private var loop: EventLoop?

    public init() {}

    /// Scans for `seconds`, then calls `completion` on `loop` with the heart-rate straps heard,
    /// strongest signal first, names sanitised. `started` is called on a later turn of the loop
    /// once the adapter is discovering; the completion always comes on a later turn too, also
    /// when the scan cannot start (`.noAdapter`, `.blocked`, `.permissionDenied`), and then
    /// `started` is not called. A scan already running is cancelled first, without its calls.
    public func scan(
        on loop: EventLoop, seconds: Double, kinds: Set<SensorKind> = [.heartRateStrap],
        started: @escaping () -> Void = {},
        completion: @escaping (Result<[FoundStrap], SensorProblemError>) -> Void
    ) {
        cancel()
        self.loop = loop
        do {
            let adapter = try Adapter.prepare()
            socket = adapter.socket
            index = adapter.index
            try startDiscovery()
        } catch {
            socket = nil
            deadline = loop.after(0) { [weak self] in
                self?.deadline = nil
                completion(.failure(error))
            }
            return
        }
        begun = loop.after(0) { [weak self] in
            self?.begun = nil
            started()
        }
        var collector = StrapCollector()
        watch = loop.watch(socket!.fileDescriptor) { [weak self] in
            guard let self, let socket = self.socket else { return }
            while let event = try? socket.nextEvent() {
                switch event {
                case .deviceFound(self.index, let report):
                    collector.add(report)
                case .discovering(self.index, false):
                    // The kernel ends LE discovery after about ten seconds; a longer scan goes on.
                    try? self.startDiscovery()
                default:
                    break
                }
            }
        }
        deadline = loop.after(seconds) { [weak self] in
            self?.cancel()
            completion(.success(collector.sensors(of: kinds)))
        }
    }

    /// Stops a running scan without calling its completion.
    public func cancel() {
        if let watch { loop?.cancel(watch) }
        if let deadline { loop?.cancel(deadline) }
        if let begun { loop?.cancel(begun) }
        watch = nil
        deadline = nil
        begun = nil
        if startedDiscovery, let socket, let index {
            _ = try? socket.call(.stopLEDiscovery(index: index))
        }
        startedDiscovery = false
        socket = nil
        index = nil
    }

    private func startDiscovery() throws(SensorProblemError) {
        guard let socket, let index else { return }
        try Adapter.requireAdministration("Start Discovery")
        let (status, _) = try socket.call(.startLEDiscovery(index: index))
        switch ManagementStatus(rawValue: status) {
        case .success:
            startedDiscovery = true
        case .busy:
            // Another program (bluetoothd) is discovering: its Device Found events come here too.
            startedDiscovery = false
        default:
            throw Adapter.problem(status: status, operation: "Start Discovery")
        }
    }
}

/// The first Bluetooth adapter, powered on if it was off.
enum Adapter {
    /// Opens the management socket and makes sure the first adapter is on.
    /// - Throws: `.noAdapter` without Bluetooth or an adapter, `.adapterBusy` when another
    ///   program holds it on the user channel, `.blocked` when rfkill blocks it,
    ///   `.permissionDenied` without CAP_NET_ADMIN (needed to power it on).
    static func prepare() throws(SensorProblemError) -> (socket: ManagementSocket, index: UInt16) {
        let socket = try ManagementSocket()
        let (listed, indices) = try socket.call(.readIndexList)
        guard listed == 0, let index = ManagementEvent.indices(fromIndexList: indices).first else {
            // An adapter held on the user channel is up, but the management interface no longer
            // offers it (one still being set up after it was plugged in is not up yet).
            if isUpOutsideManagement() {
                throw SensorProblemError(.adapterBusy, detail: "mgmt: no adapter offered, but one is up: held on the user channel")
            }
            throw SensorProblemError(.noAdapter, detail: "mgmt: no Bluetooth adapter")
        }
        let (status, info) = try socket.call(.readControllerInfo(index: index))
        guard status == 0, let settings = ManagementEvent.currentSettings(fromControllerInfo: info) else {
            throw problem(status: status, operation: "Read Controller Information")
        }
        if settings & 1 == 0 {
            try requireAdministration("Set Powered")
            let (powered, _) = try socket.call(.setPowered(index: index, on: true))
            guard powered == 0 else {
                // Linux 6.1 answers Failed, not RF-Killed, when rfkill blocks the adapter.
                if isBlocked(index: index) {
                    throw SensorProblemError(.blocked, detail: "mgmt Set Powered: hci\(index) is blocked by rfkill")
                }
                throw problem(status: powered, operation: "Set Powered")
            }
        }
        return (socket, index)
    }

    /// Throws `.permissionDenied` without CAP_NET_ADMIN, which the management socket's trusted
    /// commands need. The kernel's own refusal is no help: Linux 6.1 fails the send with ENOENT
    /// and then EAGAIN rather than answering Permission Denied.
    static func requireAdministration(_ operation: String) throws(SensorProblemError) {
        guard Capabilities.inEffect(Capabilities.netAdmin) else {
            throw SensorProblemError(.permissionDenied, detail: "mgmt \(operation) needs CAP_NET_ADMIN")
        }
    }

    /// Whether a soft or hard rfkill switch of adapter `index` is on
    /// (/sys/class/bluetooth/hciN/rfkillM/soft or hard holds 1).
    static func isBlocked(index: UInt16) -> Bool {
        let path = "/sys/class/bluetooth/hci\(index)"
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("rfkill") else { continue }
            for state in ["soft", "hard"] where readFirstByte("\(path)/\(name)/\(state)") == UInt8(ascii: "1") {
                return true
            }
        }
        return false
    }

    private static func readFirstByte(_ path: String) -> UInt8? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var byte: UInt8 = 0
        return read(fd, &byte, 1) == 1 ? byte : nil
    }

    static func problem(status: UInt8, operation: String) -> SensorProblemError {
        let detail = "mgmt \(operation): status 0x\(String(status, radix: 16))"
        return switch ManagementStatus(rawValue: status) {
        case .rfkilled: SensorProblemError(.blocked, detail: detail)
        case .permissionDenied: SensorProblemError(.permissionDenied, detail: detail)
        case .invalidIndex: SensorProblemError(.noAdapter, detail: detail)
        case .busy: SensorProblemError(.busy, detail: detail)
        default: SensorProblemError(.other(detail), detail: detail)
        }
    }
}
