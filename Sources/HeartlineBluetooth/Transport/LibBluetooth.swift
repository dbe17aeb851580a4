#if canImport(Glibc)
import Glibc
#endif
import CBluetooth
import HeartlineIO

// The only file that sees libbluetooth and the kernel's Bluetooth structures.

extension PacketSocket {
    /// Starts an LE connection to `address` on the ATT fixed channel (CID 4).
    ///
    /// Bound to any local adapter as an LE public address, as BlueZ's tools do; the kernel
    /// keeps trying until the strap advertises (about 40 s, then ECONNREFUSED).
    static func connectATT(to address: BluetoothAddress) throws(SensorProblemError) -> PacketSocket {
        let local = l2capAddress(bytes: [0, 0, 0, 0, 0, 0], type: UInt8(BDADDR_LE_PUBLIC))
        let type = UInt8(address.kind == .random ? BDADDR_LE_RANDOM : BDADDR_LE_PUBLIC)
        let remote = l2capAddress(bytes: address.bytes, type: type)
        return try connect(family: AF_BLUETOOTH, protocol: BTPROTO_L2CAP, local: local, remote: remote)
    }

    /// A sockaddr_l2 (14 bytes) for the ATT channel; `bytes` most significant first.
    private static func l2capAddress(bytes: [UInt8], type: UInt8) -> [UInt8] {
        var address = sockaddr_l2()
        address.l2_family = sa_family_t(AF_BLUETOOTH)
        // htobs() is a macro: the field is little-endian.
        address.l2_cid = UInt16(4).littleEndian
        address.l2_bdaddr_type = type
        withUnsafeMutableBytes(of: &address.l2_bdaddr) { $0.copyBytes(from: bytes.reversed()) }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}

/// A raw HCI socket on the default adapter, scanning for LE advertisements.
final class HCIScanner {
    let fileDescriptor: Int32
    private var savedFilter = hci_filter()
    private var scanning = false

    /// Opens the default adapter (hci_get_route, hci_open_dev).
    init() throws(SensorProblemError) {
        let device = try checked("hci_get_route") { hci_get_route(nil) }
        fileDescriptor = try checked("hci_open_dev") { hci_open_dev(device) }
    }

    deinit {
        stop()
        hci_close_dev(fileDescriptor)
    }

    /// Starts an active LE scan and lets only LE meta events through to `readEvent()`.
    ///
    /// Active, so that straps answer with the scan response that often carries their name;
    /// duplicates are not filtered, so an ADV_IND and its SCAN_RSP both arrive.
    /// Blocks for as long as the controller takes to acknowledge (milliseconds). A scan
    /// already running (bluetoothd's, or one a crashed run left) is not stopped: the
    /// controller refuses the parameters and that is reported as `.busy`.
    func start() throws(SensorProblemError) {
        let interval = UInt16(0x0010).littleEndian
        try controllerCall("hci_le_set_scan_parameters") {
            hci_le_set_scan_parameters(fileDescriptor, 0x01, interval, interval, 0x00, 0x00, 10000)
        }
        try controllerCall("hci_le_set_scan_enable") { hci_le_set_scan_enable(fileDescriptor, 0x01, 0x00, 10000) }
        scanning = true
        var length = socklen_t(MemoryLayout<hci_filter>.size)
        try checked("getsockopt HCI_FILTER") { getsockopt(fileDescriptor, SOL_HCI, HCI_FILTER, &savedFilter, &length) }
        var filter = hci_filter()
        hci_filter_clear(&filter)
        hci_filter_set_ptype(HCI_EVENT_PKT, &filter)
        hci_filter_set_event(EVT_LE_META_EVENT, &filter)
        try checked("setsockopt HCI_FILTER") {
            setsockopt(fileDescriptor, SOL_HCI, HCI_FILTER, &filter, socklen_t(MemoryLayout<hci_filter>.size))
        }
    }

    /// The next waiting event packet, or nil when none waits.
    func readEvent() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Int(HCI_MAX_EVENT_SIZE))
        let count = buffer.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        return count > 0 ? Array(buffer[0..<count]) : nil
    }

    /// Stops the scan and gives the socket its filter back; harmless when not scanning.
    func stop() {
        guard scanning else { return }
        scanning = false
        _ = hci_le_set_scan_enable(fileDescriptor, 0x00, 0x00, 10000)
        _ = setsockopt(fileDescriptor, SOL_HCI, HCI_FILTER, &savedFilter, socklen_t(MemoryLayout<hci_filter>.size))
    }

    /// libbluetooth turns a controller's refusal into EIO; for LE scan commands that is
    /// almost always Command Disallowed (0x0C) because bluetoothd is scanning already.
    private func controllerCall(_ operation: String, _ body: () -> Int32) throws(SensorProblemError) {
        guard body() < 0 else { return }
        let code = errno
        if code == EIO {
            throw SensorProblemError(.busy, detail: "\(operation): the controller refused (is bluetoothd scanning?)")
        }
        throw SensorProblemError(SystemError(operation: operation, code: code))
    }
}
