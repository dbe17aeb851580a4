#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineIO

/// USB sticks from the kernel's own device events, where no udisks2 runs: a NETLINK_KOBJECT_UEVENT
/// socket on the loop tells of block partitions added and removed; a partition on a removable
/// disk, or one on the USB bus, is a stick. Heartline mounts it itself (mount(2), vfat or exFAT,
/// nosuid, nodev, noexec, its files the user's alone) on a private directory, which needs root or
/// CAP_SYS_ADMIN: without them the mount is refused and the log says so plainly. Before the
/// mount, a FAT file system is checked and mended with fsck.vfat (StickCheck).
///
/// Mounting and unmounting can wait on the device, so they run off the loop.
final class KernelSticks: StickSource {
    private let loop: EventLoop
    /// Where the stick is mounted: a directory only the user can enter.
    private let mountPoint: String
    private let log: (String) -> Void
    var events: ((StickSourceEvent) -> Void)?
    private var socket: Int32 = -1
    private var present: Set<String> = []

    init(loop: EventLoop, mountPoint: String, log: @escaping (String) -> Void) {
        self.loop = loop
        self.mountPoint = mountPoint
        self.log = log
    }

    deinit { if socket >= 0 { close(socket) } }

    /// Listens to the kernel's events, and tells of a stick already in; false when the socket
    /// cannot be had.
    @discardableResult
    func start() -> Bool {
        socket = heartline_uevent_socket()
        guard socket >= 0 else {
            log("stick: no kernel device events: \(String(cString: strerror(errno)))")
            return false
        }
        loop.watch(socket) { [weak self] in self?.receive() }
        if geteuid() != 0 {
            log("stick: no udisks2; sticks are seen, but mounting one needs root or CAP_SYS_ADMIN, which this process may lack")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/block")) ?? []).sorted()
        for name in names where Self.isPartition(name) && Self.isStick(name) { added(name) }
        return true
    }

    private func receive() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            let fields = Self.fields(Array(buffer[0..<count]))
            guard fields["SUBSYSTEM"] == "block", fields["DEVTYPE"] == "partition", let name = fields["DEVNAME"] else { continue }
            let device = (name as NSString).lastPathComponent
            switch fields["ACTION"] {
            case "add": if Self.isStick(device) { added(device) }
            case "remove": removed(device)
            default: break
            }
        }
    }

    /// A uevent's KEY=VALUE fields (its first, "ACTION@DEVPATH", is left out).
    static func fields(_ message: [UInt8]) -> [String: String] {
        var fields: [String: String] = [:]
        for part in message.split(separator: 0) {
            let text = String(decoding: part, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            fields[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return fields
    }

    private func added(_ device: String) {
        guard present.insert(device).inserted else { return }
        log("stick: /dev/\(device) is in (kernel event)")
        events?(.inserted(device, readOnly: Self.sysfs(device, "ro") == "1"))
    }

    private func removed(_ device: String) {
        guard present.remove(device) != nil else { return }
        let mountPoint = mountPoint
        // The device is gone: the mount is detached, so nothing waits on it.
        loop.inBackground("heartline.stick", { _ = heartline_unmount(mountPoint, 1) }, then: {})
        events?(.removed(device))
    }

    static func isPartition(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: "/sys/class/block/\(name)/partition")
    }

    /// A partition on a removable disk, or on the USB bus.
    static func isStick(_ name: String) -> Bool {
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/sys/class/block/\(name)")) ?? ""
        if real.contains("/usb") { return true }
        return sysfs(name, "../removable") == "1"
    }

    private static func sysfs(_ name: String, _ file: String) -> String? {
        (try? String(contentsOfFile: "/sys/class/block/\(name)/\(file)", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - StickSource

    func mount(_ stick: String, reply: @escaping (Result<StickMount, StickMountFailure>) -> Void) {
        let mountPoint = mountPoint
        loop.inBackground(
            "heartline.stick",
            { () -> Result<StickMount, StickMountFailure> in
                // Checked (and mended) before the mount, as fsck needs it unmounted.
                let check = StickCheck.repair("/dev/" + stick)
                if case .failed(let reason) = check { return .failure(.damaged("/dev/\(stick): \(reason)")) }
                return Self.mount("/dev/" + stick, on: mountPoint).map { StickMount(path: $0, check: check) }
            }, then: reply)
    }

    func unmount(_ stick: String, reply: @escaping (Bool) -> Void) {
        let mountPoint = mountPoint
        loop.inBackground(
            "heartline.stick",
            { () -> Bool in
                // Not mounted (EINVAL) is as good as unmounted.
                heartline_unmount(mountPoint, 0) == 0 || errno == EINVAL
            }, then: reply)
    }

    /// Mounts `device` on `mountPoint` as vfat, else exFAT, its files the user's alone.
    static func mount(_ device: String, on mountPoint: String) -> Result<String, StickMountFailure> {
        if mkdir(mountPoint, 0o700) != 0, errno != EEXIST {
            return .failure(.refused("cannot make \(mountPoint): \(String(cString: strerror(errno)))"))
        }
        let owner = "uid=\(getuid()),gid=\(getgid()),fmask=0077,dmask=0077"
        var reason = ""
        for (type, options) in [("vfat", owner + ",shortname=mixed,utf8=1,flush"), ("exfat", owner)] {
            if heartline_mount_stick(device, mountPoint, type, options) == 0 { return .success(mountPoint) }
            if errno == EBUSY, heartline_unmount(mountPoint, 1) == 0, heartline_mount_stick(device, mountPoint, type, options) == 0 {
                return .success(mountPoint)
            }
            let code = errno
            reason = code == EPERM ? "this process may not mount (it needs root or CAP_SYS_ADMIN)" : String(cString: strerror(code))
            if code == EPERM { break }
        }
        return .failure(.refused("\(device): \(reason)"))
    }
}
