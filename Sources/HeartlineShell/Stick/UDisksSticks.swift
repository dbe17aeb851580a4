import HeartlineHeadset
import HeartlineIO

/// USB sticks through udisks2 (`org.freedesktop.UDisks2` on the system bus): block devices with
/// a file system on a removable drive, seen as they come and go (the ObjectManager's
/// InterfacesAdded and InterfacesRemoved), checked (and repaired where not consistent) and
/// mounted and unmounted by udisks, and the drive powered off after its unmount where udisks
/// allows it.
///
/// Everything runs on the loop: the calls are D-Bus messages, answered as loop handlers.
final class UDisksSticks: StickSource {
    static let service = "org.freedesktop.UDisks2"
    static let root = "/org/freedesktop/UDisks2"
    static let blockInterface = "org.freedesktop.UDisks2.Block"
    static let filesystemInterface = "org.freedesktop.UDisks2.Filesystem"
    static let driveInterface = "org.freedesktop.UDisks2.Drive"

    private let bus: DBusConnection
    private let log: (String) -> Void
    var events: ((StickSourceEvent) -> Void)?
    /// Told once when udisks2 does not answer at start.
    var unavailable: (() -> Void)?
    /// Block devices with a file system, by object path: their drive and what udisks hints.
    private var blocks: [String: [String: DBusValue]] = [:]
    /// Drives by object path: their properties.
    private var drives: [String: [String: DBusValue]] = [:]
    /// The sticks said to be in.
    private var announced: Set<String> = []

    init(bus: DBusConnection, log: @escaping (String) -> Void) {
        self.bus = bus
        self.log = log
    }

    /// Subscribes to udisks's signals, then reads what it knows: a stick already in is told too.
    func start() {
        bus.addMatch("type='signal',sender='\(Self.service)',interface='org.freedesktop.DBus.ObjectManager'")
        bus.onSignal { [weak self] in self?.signal($0) }
        bus.call(Self.service, Self.root, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let values):
                let objects = values.first?.entries ?? [:]
                // Drives first, so that each block finds its drive.
                for (path, interfaces) in objects.sorted(by: { $0.key < $1.key }) {
                    if let interfaces = interfaces.entries { self.added(path, interfaces, announce: false) }
                }
                for path in self.blocks.keys.sorted() { self.consider(path) }
            case .failure(let failure):
                self.log("stick: udisks2 is not on the bus (\(failure.name))")
                self.unavailable?()
            }
        }
    }

    private func signal(_ message: DBusMessage) {
        switch ObjectManagerSignal(message) {
        case .added(let path, let interfaces):
            added(path, interfaces, announce: true)
        case .removed(let path, let names):
            if names.contains(Self.filesystemInterface) || names.contains(Self.blockInterface) {
                blocks[path] = nil
                if announced.remove(path) != nil { events?(.removed(path)) }
            }
            if names.contains(Self.driveInterface) { drives[path] = nil }
        case nil:
            break
        }
    }

    private func added(_ path: String, _ interfaces: [String: DBusValue], announce: Bool) {
        if let drive = interfaces[Self.driveInterface]?.entries { drives[path] = drive }
        guard interfaces[Self.filesystemInterface] != nil, var block = interfaces[Self.blockInterface]?.entries else {
            if announce, let drive = interfaces[Self.driveInterface], drive.entries != nil {
                for candidate in blocks.keys.sorted() where blocks[candidate]?["Drive"]?.string == path { consider(candidate) }
            }
            return
        }
        if let mountPoints = interfaces[Self.filesystemInterface]?.entries?["MountPoints"] { block["MountPoints"] = mountPoints }
        blocks[path] = block
        if announce { consider(path) }
    }

    /// Tells of a block device that is a stick: a file system, not the system's, not to be
    /// ignored, on a removable drive.
    private func consider(_ path: String) {
        guard !announced.contains(path), let block = blocks[path], block["IdUsage"]?.string == "filesystem",
            block["HintSystem"]?.bool != true, block["HintIgnore"]?.bool != true,
            let drivePath = block["Drive"]?.string, let drive = drives[drivePath], drive["Removable"]?.bool == true
        else { return }
        announced.insert(path)
        let label = block["IdLabel"]?.string ?? ""
        log("stick: \(path) (\(block["IdType"]?.string ?? "?")\(label.isEmpty ? "" : ", \(label)")) is in")
        events?(.inserted(path, readOnly: block["ReadOnly"]?.bool == true))
    }

    // MARK: - StickSource

    func mount(_ stick: String, reply: @escaping (Result<StickMount, StickMountFailure>) -> Void) {
        bus.getProperty(Self.service, stick, Self.filesystemInterface, "MountPoints") { [weak self] result in
            guard let self else { return }
            // Mounted by another program: its file system cannot be checked without taking it away.
            if case .success(let value) = result, let first = Self.mountPoints(value).first {
                return reply(.success(StickMount(path: first, check: .unchecked("mounted already"))))
            }
            self.check(stick) { [weak self] check in
                guard let self else { return }
                if case .failed(let reason) = check { return reply(.failure(.damaged(reason))) }
                self.bus.call(Self.service, stick, Self.filesystemInterface, "Mount", [.properties([:])], timeout: 60) { result in
                    switch result {
                    case .success(let values):
                        guard let path = values.first?.string, !path.isEmpty else { return reply(.failure(.refused("no mount point"))) }
                        reply(.success(StickMount(path: path, check: check)))
                    case .failure(let failure):
                        reply(.failure(.refused(failure.name + ": " + failure.message)))
                    }
                }
            }
        }
    }

    /// udisks's Check of the unmounted file system, and its Repair when it is not consistent. A
    /// udisks that cannot check this file system (no fsck for it) leaves it unchecked.
    private func check(_ stick: String, then: @escaping (StickCheck.Outcome) -> Void) {
        bus.call(Self.service, stick, Self.filesystemInterface, "Check", [.properties([:])], timeout: 300) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let values) where values.first?.bool == true:
                then(.clean)
            case .success:
                self.bus.call(Self.service, stick, Self.filesystemInterface, "Repair", [.properties([:])], timeout: 300) { result in
                    switch result {
                    case .success(let values) where values.first?.bool == true: then(.mended)
                    case .success: then(.failed("udisks2 could not repair it"))
                    case .failure(let failure): then(.failed(failure.name + ": " + failure.message))
                    }
                }
            case .failure(let failure):
                then(.unchecked(failure.name + ": " + failure.message))
            }
        }
    }

    func unmount(_ stick: String, reply: @escaping (Bool) -> Void) {
        bus.call(Self.service, stick, Self.filesystemInterface, "Unmount", [.properties([:])], timeout: 60) { [weak self] result in
            guard let self else { return }
            if case .failure(let failure) = result {
                // Not mounted (udisks unmounted it, or it was never mounted by anyone): as good.
                guard failure.name == "org.freedesktop.UDisks2.Error.NotMounted" else {
                    self.log("stick: unmount of \(stick) failed: \(failure.name) \(failure.message)")
                    return reply(false)
                }
            }
            reply(true)
            self.powerOff(stick)
        }
    }

    /// Powers the stick's drive off, where udisks allows it; a refusal changes nothing.
    private func powerOff(_ stick: String) {
        guard let drivePath = blocks[stick]?["Drive"]?.string, drives[drivePath]?["CanPowerOff"]?.bool == true else { return }
        bus.call(Self.service, drivePath, Self.driveInterface, "PowerOff", [.properties([:])]) { [weak self] result in
            if case .failure(let failure) = result { self?.log("stick: power-off refused: \(failure.name)") }
        }
    }

    /// udisks's "aay" of mount points: each a NUL-terminated byte string.
    static func mountPoints(_ value: DBusValue) -> [String] {
        (value.elements ?? []).compactMap { element in
            let bytes = (element.elements ?? []).compactMap { item -> UInt8? in
                if case .byte(let byte) = item.unwrapped { return byte }
                return nil
            }
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? nil : text
        }
    }
}
