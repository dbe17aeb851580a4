#if canImport(Glibc)
    import Glibc
#endif
import HeartlineIO

/// The media buttons of headsets and keyboards, read from Linux input devices on the loop.
///
/// Input devices need no focus: the buttons work whether the terminal has it or not. Every
/// device /proc/bus/input/devices lists with one of the mapped keys is opened read-only and
/// non-blocking and watched on the loop; the list is read again every few seconds, so a headset
/// that connects later, or comes back after it was unplugged, is found. A device that ends
/// (ENODEV, or end of file) is closed and said once; a device that may not be opened (EACCES)
/// is said once per run. Decoding and the press state machine are pure (`InputEventDecoder`,
/// `ButtonGestures`); this class only reads and schedules.
final class MediaButtons {
    /// What happened to the devices, for one spoken sentence each.
    enum Notice: Equatable {
        /// A device with media buttons may not be read: the input group or the udev rule is missing.
        case permissionDenied
        /// A device in use went away.
        case disconnected
        /// A device was found after the start (plugged in, or back).
        case connected
    }

    /// Called with the action of each short or long press.
    var onAction: (String) -> Void = { _ in }
    var onNotice: (Notice) -> Void = { _ in }

    private final class Device {
        let path: String
        let fd: Int32
        var token: EventLoop.Token?
        var decoder = InputEventDecoder()
        var gestures: ButtonGestures
        /// The device's clock minus the loop's, in seconds, as of its last event.
        var offset = 0.0

        init(path: String, fd: Int32, gestures: ButtonGestures) {
            self.path = path
            self.fd = fd
            self.gestures = gestures
        }
    }

    private let loop: EventLoop
    private let mapping: MediaButtonMapping
    private let listPath: String
    private let open: (String) -> Result<Int32, SystemError>
    private let rescanInterval: Double
    private var devices: [String: Device] = [:]
    private var scanned = false
    private var saidPermission = false
    private var notices: [Notice] = []
    private var rescanTimer: EventLoop.Token?
    private var stopped = false

    /// - Parameters:
    ///   - listPath: the device list (/proc/bus/input/devices).
    ///   - open: opens a device read-only and non-blocking (replaced by tests).
    ///   - rescanInterval: seconds between readings of the device list.
    init(
        loop: EventLoop, mapping: MediaButtonMapping, listPath: String = "/proc/bus/input/devices",
        open: @escaping (String) -> Result<Int32, SystemError> = MediaButtons.openDevice, rescanInterval: Double = 5
    ) {
        self.loop = loop
        self.mapping = mapping
        self.listPath = listPath
        self.open = open
        self.rescanInterval = rescanInterval
    }

    deinit {
        for device in devices.values { close(device.fd) }
    }

    /// Opens what is there now, in silence, and keeps looking every few seconds.
    func start() {
        guard !mapping.codes.isEmpty else { return }
        rescan()
        scheduleRescan()
    }

    func stop() {
        stopped = true
        if let rescanTimer { loop.cancel(rescanTimer) }
        for device in devices.values { forget(device) }
    }

    /// How many devices are open.
    var openDevices: Int { devices.count }

    /// Reads the device list and opens every new device that has a mapped key.
    func rescan() {
        guard !stopped, let text = SystemFile.text(at: listPath) else { return }
        var opened = false
        for info in InputDeviceList.parse(text) where !info.keys.isDisjoint(with: mapping.codes) {
            guard let path = info.eventPath, devices[path] == nil else { continue }
            switch open(path) {
            case .success(let fd):
                let flags = fcntl(fd, F_GETFL)
                _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
                let device = Device(path: path, fd: fd, gestures: ButtonGestures(longPressCodes: Set(mapping.long.keys)))
                devices[path] = device
                device.token = loop.watch(fd) { [weak self, weak device] in
                    if let self, let device { self.readable(device) }
                }
                opened = true
            case .failure(let error) where error.code == EACCES || error.code == EPERM:
                if !saidPermission {
                    saidPermission = true
                    notice(.permissionDenied)
                }
            case .failure:
                // Gone between the list and the open: the next reading of the list will tell.
                continue
            }
        }
        if opened, scanned { notice(.connected) }
        scanned = true
    }

    private func scheduleRescan() {
        rescanTimer = loop.after(rescanInterval) { [weak self] in
            guard let self, !self.stopped else { return }
            self.rescan()
            self.scheduleRescan()
        }
    }

    // MARK: - Reading

    /// Reads of 64 events each per wake-up: a device that reports without end (a broken one,
    /// or a uinput flood) leaves the rest in the kernel's queue for the loop's next turn.
    static let readsPerWake = 4

    private func readable(_ device: Device) {
        var buffer = [UInt8](repeating: 0, count: 64 * InputEvent.size)
        for _ in 0..<Self.readsPerWake {
            guard devices[device.path] === device else { return }
            let count = buffer.withUnsafeMutableBytes { read(device.fd, $0.baseAddress, $0.count) }
            if count > 0 {
                take(buffer[0..<count], from: device)
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            // End of file or ENODEV: the device was unplugged. Anything else ends it too.
            unplugged(device)
            return
        }
    }

    private func take(_ bytes: ArraySlice<UInt8>, from device: Device) {
        let now = Self.loopSeconds()
        for event in device.decoder.decode(bytes) {
            // Only the mapped keys count; other types, codes and values are ignored.
            guard event.type == InputEvent.key, mapping.codes.contains(event.code) else { continue }
            device.offset = event.time - now
            act(device.gestures.handle(event))
        }
        scheduleTick(device)
    }

    /// A held button with a long-press action completes by time alone, without more events.
    private func scheduleTick(_ device: Device) {
        guard let deadline = device.gestures.nextDeadline else { return }
        let wait = max(0, deadline - (Self.loopSeconds() + device.offset)) + 0.005
        loop.after(wait) { [weak self, weak device] in
            guard let self, let device, self.devices[device.path] === device else { return }
            self.act(device.gestures.tick(at: Self.loopSeconds() + device.offset))
            self.scheduleTick(device)
        }
    }

    private func act(_ gestures: [ButtonGestures.Gesture]) {
        for gesture in gestures {
            if let action = mapping.action(for: gesture) { onAction(action) }
        }
    }

    private func unplugged(_ device: Device) {
        forget(device)
        notice(.disconnected)
    }

    private func forget(_ device: Device) {
        if let token = device.token { loop.cancel(token) }
        close(device.fd)
        devices[device.path] = nil
    }

    /// Several devices of one headset come and go together: one sentence for all of them.
    private func notice(_ notice: Notice) {
        guard !notices.contains(notice) else { return }
        notices.append(notice)
        if notices.count == 1 {
            loop.after(0) { [weak self] in
                guard let self else { return }
                let said = self.notices
                self.notices = []
                for notice in said { self.onNotice(notice) }
            }
        }
    }

    // MARK: - The system

    /// Opens an input device read-only and non-blocking.
    static func openDevice(_ path: String) -> Result<Int32, SystemError> {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        return fd >= 0 ? .success(fd) : .failure(SystemError(operation: "open \(path)", code: errno))
    }

    private static func loopSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
