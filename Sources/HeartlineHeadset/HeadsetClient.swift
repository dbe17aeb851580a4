import HeartlineCore
import HeartlineIO

/// The Bluetooth headset through bluetoothd (BlueZ's D-Bus API): finding audio devices,
/// pairing with Heartline's own agent, trusting, connecting, forgetting, and keeping the
/// remembered headset connected.
///
/// BlueZ reconnects by itself only after a link loss, never after a clean disconnect, and a
/// bluetoothd that restarts does not know what was connected; so the kept headset is connected
/// again here, with a back-off, whenever it goes and whenever bluetoothd comes back on the bus.
public final class HeadsetClient {
    public static let service = "org.bluez"
    /// The agent object Heartline exports for pairing.
    public static let agentPath = "/org/heartline/agent"
    static let deviceInterface = "org.bluez.Device1"
    static let adapterInterface = "org.bluez.Adapter1"

    /// What bluetoothd says of one device.
    struct Device {
        var address = ""
        var name: String?
        var alias: String?
        var signal: Int?
        var deviceClass = 0
        var uuids: [String] = []
        var paired = false
        var connected = false

        /// An audio device: major class 0x04 (audio and video), or an audio sink, headset or
        /// hands-free service.
        var isAudio: Bool {
            (deviceClass >> 8) & 0x1F == 0x04 || uuids.contains { HeadsetClient.audioServices.contains(HeadsetClient.shortUUID($0)) }
        }

        /// As it is listed and said: an outside name, cut as every one is (`SafeText.name`).
        var label: String { SafeText.name(alias ?? name ?? address) }

        /// Connected as a headset: bluetoothd sets `Connected` as soon as the link is up, which
        /// for a headset being paired is seconds before the pairing ends and its audio connects.
        var heard: Bool { connected && paired }
    }

    /// Audio sink, headset and hands-free.
    static let audioServices: Set<String> = ["110b", "1108", "111e"]

    let bus: DBusConnection
    private let loop: EventLoop
    private let events: (HeadsetEvent) -> Void
    private var devices: [String: Device] = [:]
    private var adapter: String?
    private(set) var serviceUp = false
    private var findTimer: EventLoop.Token?
    /// Whether bluetoothd's name on the bus was looked up; a search asked before waits for it.
    private var serviceKnown = false
    private var waitingFind: Double?
    /// The headset kept connected, and what the core last heard of it.
    private var kept: String?
    private var reportedConnected: Set<String> = []
    private var retryTimer: EventLoop.Token?
    private var connecting = false
    /// The headset being paired and connected from the Headset screen: its connection is told
    /// when Connect answers, not by its properties (bluetoothd reports it connected and paired
    /// before Pair answers, while its audio is still seconds away).
    private var joining: String?
    /// The waits between attempts to connect the kept headset, the last one repeated; never empty.
    public var retryDelays: [Double] = [2, 4, 8, 15, 30] {
        didSet { retries = ReconnectBackoff(delays: retryDelays) }
    }
    private lazy var retries = ReconnectBackoff(delays: retryDelays)

    public init(bus: DBusConnection, loop: EventLoop, events: @escaping (HeadsetEvent) -> Void) {
        self.bus = bus
        self.loop = loop
        self.events = events
    }

    /// Subscribes to bluetoothd's signals and its name on the bus, exports the agent and reads
    /// what bluetoothd knows.
    public func start() {
        bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager'")
        bus.addMatch("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
        bus.addMatch("type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'")
        bus.onSignal { [weak self] in self?.signal($0) }
        bus.export(Self.agentPath) { [weak self] in self?.agent($0) ?? .reply([]) }
        bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner", [.string(Self.service)]) {
            [weak self] result in
            guard let self else { return }
            if case .success = result {
                self.serviceArrived(announce: false)
            } else {
                self.settled()
            }
        }
    }

    public func perform(_ command: HeadsetCommand) {
        switch command {
        case .find(let seconds): find(seconds: seconds)
        case .pairAndConnect(let address): pairAndConnect(address)
        case .keep(let address): keep(address)
        case .forget(let address): forget(address)
        }
    }

    // MARK: - Commands

    private func find(seconds: Double) {
        guard serviceKnown else {
            waitingFind = seconds
            return
        }
        guard serviceUp, let adapter else { return events(.failed(.noService)) }
        if let findTimer { loop.cancel(findTimer) }
        bus.call(Self.service, adapter, Self.adapterInterface, "SetDiscoveryFilter", [.properties(["Transport": .string("bredr")])]) {
            [weak self] _ in
            guard let self else { return }
            // Said only once bluetoothd is discovering (another program's discovery counts);
            // one that refuses ends the search with its reason, not with "none found".
            self.bus.call(Self.service, adapter, Self.adapterInterface, "StartDiscovery") { [weak self] result in
                guard let self else { return }
                guard let name = Self.failureName(result, except: "org.bluez.Error.InProgress") else {
                    return self.events(.searching)
                }
                if let findTimer = self.findTimer { self.loop.cancel(findTimer) }
                self.findTimer = nil
                self.events(.failed(Self.problem(name, pairing: false)))
            }
        }
        findTimer = loop.after(seconds) { [weak self] in
            guard let self else { return }
            self.findTimer = nil
            self.bus.call(Self.service, adapter, Self.adapterInterface, "StopDiscovery")
            self.events(.found(self.audioDevices()))
        }
    }

    /// The audio devices bluetoothd knows, strongest signal first, then by name.
    func audioDevices() -> [FoundHeadset] {
        devices.values.filter(\.isAudio)
            .map { FoundHeadset(address: $0.address, name: $0.label, signal: $0.signal, paired: $0.paired) }
            .sorted { ($0.signal ?? -200, $1.name) > ($1.signal ?? -200, $0.name) }
    }

    private func path(of address: String) -> String? {
        devices.first { $0.value.address == address }?.key
    }

    private func pairAndConnect(_ address: String) {
        guard serviceUp else { return events(.failed(.noService)) }
        guard let path = path(of: address) else { return events(.failed(.connectFailed)) }
        if let findTimer {
            loop.cancel(findTimer)
            self.findTimer = nil
            if let adapter { bus.call(Self.service, adapter, Self.adapterInterface, "StopDiscovery") }
        }
        joining = address
        guard devices[path]?.paired != true else { return trustAndConnect(path, address: address, report: true) }
        bus.call(Self.service, path, Self.deviceInterface, "Pair", timeout: 60) { [weak self] result in
            guard let self else { return }
            switch Self.failureName(result, except: "org.bluez.Error.AlreadyExists") {
            case nil:
                self.devices[path]?.paired = true
                self.events(.paired(address: address))
                self.trustAndConnect(path, address: address, report: true)
            case let name?:
                self.joining = nil
                self.events(.failed(Self.problem(name, pairing: true)))
            }
        }
    }

    private func trustAndConnect(_ path: String, address: String, report: Bool) {
        bus.setProperty(Self.service, path, Self.deviceInterface, "Trusted", .bool(true)) { [weak self] result in
            // Only a headset being joined is told trusted; a kept one was told when it joined.
            guard let self, report, self.joining == address, case .success = result else { return }
            self.events(.trusted(address: address))
        }
        connecting = true
        bus.call(Self.service, path, Self.deviceInterface, "Connect", timeout: 30) { [weak self] result in
            guard let self else { return }
            self.connecting = false
            if report, self.joining == address { self.joining = nil }
            switch Self.failureName(result, except: "org.bluez.Error.AlreadyConnected") {
            case nil:
                self.devices[path]?.connected = true
                self.noteConnection(address, connected: true)
            case let name?:
                if report { self.events(.failed(Self.problem(name, pairing: false))) }
                if address == self.kept { self.scheduleRetry() }
            }
        }
    }

    private func keep(_ address: String?) {
        kept = address
        retries.reset()
        if let retryTimer { loop.cancel(retryTimer) }
        retryTimer = nil
        connectKept()
    }

    private func forget(_ address: String) {
        if kept == address { keep(nil) }
        reportedConnected.remove(address)
        guard let adapter, let path = path(of: address) else { return events(.forgotten(address: address)) }
        bus.call(Self.service, adapter, Self.adapterInterface, "RemoveDevice", [.objectPath(path)]) { [weak self] _ in
            self?.devices[path] = nil
            self?.events(.forgotten(address: address))
        }
    }

    // MARK: - Keeping the headset

    /// Connects the kept headset unless it is connected, being connected, or unknown to
    /// bluetoothd (it is tried again when bluetoothd reports it).
    private func connectKept() {
        guard serviceUp, let kept, !connecting, let path = path(of: kept), devices[path]?.connected != true else { return }
        trustAndConnect(path, address: kept, report: false)
    }

    private func scheduleRetry() {
        guard kept != nil, retryTimer == nil else { return }
        let delay = retries.nextDelay()
        retryTimer = loop.after(delay) { [weak self] in
            self?.retryTimer = nil
            self?.connectKept()
        }
    }

    /// Tells the core when a headset's connection changed since it last heard.
    private func noteConnection(_ address: String, connected: Bool) {
        guard reportedConnected.contains(address) != connected else { return }
        if connected {
            reportedConnected.insert(address)
            if address == kept {
                retries.reset()
                if let retryTimer { loop.cancel(retryTimer) }
                retryTimer = nil
            }
            events(.connected(address: address))
        } else {
            reportedConnected.remove(address)
            events(.disconnected(address: address))
            if address == kept { scheduleRetry() }
        }
    }

    // MARK: - bluetoothd's signals

    private func signal(_ message: DBusMessage) {
        switch ObjectManagerSignal(message) {
        case .added(let path, let interfaces):
            return added(path, interfaces)
        case .removed(let path, let names):
            if names.contains(Self.deviceInterface), let device = devices.removeValue(forKey: path) {
                noteConnection(device.address, connected: false)
            }
            if names.contains(Self.adapterInterface), adapter == path { adapter = nil }
            return
        case nil:
            break
        }
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
            guard let path = message.path, message.arguments.count >= 2, message.arguments[0].string == Self.deviceInterface,
                let changed = message.arguments[1].entries, devices[path] != nil
            else { return }
            update(path, changed)
        case ("org.freedesktop.DBus", "NameOwnerChanged"):
            guard message.arguments.count == 3, message.arguments[0].string == Self.service else { return }
            if message.arguments[2].string?.isEmpty ?? true {
                serviceLeft()
            } else {
                serviceArrived(announce: true)
            }
        default:
            break
        }
    }

    private func added(_ path: String, _ interfaces: [String: DBusValue]) {
        if interfaces[Self.adapterInterface] != nil, adapter == nil { adapter = path }
        if let properties = interfaces[Self.deviceInterface]?.entries { update(path, properties) }
    }

    private func update(_ path: String, _ properties: [String: DBusValue]) {
        let isNew = devices[path] == nil
        var device = devices[path] ?? Device()
        let wasConnected = device.heard
        if let address = properties["Address"]?.string { device.address = address }
        if let name = properties["Name"]?.string { device.name = name }
        if let alias = properties["Alias"]?.string { device.alias = alias }
        if let signal = properties["RSSI"]?.integer { device.signal = signal }
        if let deviceClass = properties["Class"]?.integer { device.deviceClass = deviceClass }
        if let uuids = properties["UUIDs"]?.elements { device.uuids = uuids.compactMap(\.string) }
        if let paired = properties["Paired"]?.bool { device.paired = paired }
        if let connected = properties["Connected"]?.bool { device.connected = connected }
        devices[path] = device
        if device.address != joining, device.heard != wasConnected || properties["Connected"] != nil {
            noteConnection(device.address, connected: device.heard)
        }
        // A kept headset bluetoothd reports anew (after it restarted) is connected now; one that
        // went is tried again after the back-off.
        if isNew, device.address == kept, !device.connected { connectKept() }
    }

    private func serviceArrived(announce: Bool) {
        guard !serviceUp else { return }
        serviceUp = true
        if announce { events(.serviceBack) }
        bus.call(Self.service, "/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects") { [weak self] result in
            guard let self else { return }
            if case .success(let values) = result, let objects = values.first?.entries {
                for (path, interfaces) in objects.sorted(by: { $0.key < $1.key }) {
                    if let interfaces = interfaces.entries { self.added(path, interfaces) }
                }
                self.connectKept()
            }
            self.settled()
        }
        bus.call(
            Self.service, "/org/bluez", "org.bluez.AgentManager1", "RegisterAgent",
            [.objectPath(Self.agentPath), .string("NoInputNoOutput")]
        ) {
            [weak self] _ in
            self?.bus.call(Self.service, "/org/bluez", "org.bluez.AgentManager1", "RequestDefaultAgent", [.objectPath(Self.agentPath)])
        }
    }

    /// What bluetoothd knows was read (or it is not there): a search asked meanwhile runs.
    private func settled() {
        serviceKnown = true
        guard let seconds = waitingFind else { return }
        waitingFind = nil
        find(seconds: seconds)
    }

    private func serviceLeft() {
        guard serviceUp else { return }
        serviceUp = false
        connecting = false
        for address in reportedConnected.sorted() { noteConnection(address, connected: false) }
        devices = [:]
        adapter = nil
        if let retryTimer { loop.cancel(retryTimer) }
        retryTimer = nil
        retries.reset()
        events(.serviceGone)
    }

    // MARK: - The agent

    /// org.bluez.Agent1, NoInputNoOutput: a PIN asked for is "0000" (what headsets without
    /// keys expect); a passkey shown or to confirm is told to the core, which says it aloud.
    private func agent(_ message: DBusMessage) -> DBusAnswer {
        guard message.interface == nil || message.interface == "org.bluez.Agent1" else {
            return .error(DBusFailure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "Unknown interface"))
        }
        switch message.member {
        case "RequestPinCode": return .reply([.string("0000")])
        case "RequestPasskey": return .reply([.uint32(0)])
        case "DisplayPasskey", "RequestConfirmation":
            if message.arguments.count >= 2, let passkey = message.arguments[1].integer { events(.passkey(UInt32(clamping: passkey))) }
            return .reply([])
        case "DisplayPinCode":
            if message.arguments.count >= 2, let pin = message.arguments[1].string.flatMap(UInt32.init) { events(.passkey(pin)) }
            return .reply([])
        case "Release", "Cancel", "RequestAuthorization", "AuthorizeService": return .reply([])
        default: return .error(DBusFailure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "Unknown method"))
        }
    }

    // MARK: - Helpers

    /// "0000110b-0000-1000-8000-00805f9b34fb" is "110b".
    static func shortUUID(_ uuid: String) -> String {
        let lower = uuid.lowercased()
        guard lower.hasSuffix("-0000-1000-8000-00805f9b34fb"), lower.count == 36 else { return lower }
        return String(lower.prefix(8).dropFirst(4))
    }

    /// The error a call failed with, or nil when it worked or failed only with `except` (Pair
    /// on a paired device, Connect on a connected one).
    private static func failureName(_ result: Result<[DBusValue], DBusFailure>, except: String) -> String? {
        guard case .failure(let failure) = result, failure.name != except else { return nil }
        return failure.name
    }

    private static func problem(_ name: String, pairing: Bool) -> HeadsetProblem {
        switch name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            "org.freedesktop.DBus.Error.Disconnected", "org.bluez.Error.NotReady":
            .noService
        default: pairing ? .pairingFailed : .connectFailed
        }
    }
}
