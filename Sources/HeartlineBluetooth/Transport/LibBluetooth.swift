#if canImport(Glibc)
    import Glibc
#endif
import CBluetooth
import HeartlineIO

// The only file that sees libbluetooth's structures. (Scanning uses the management socket,
// which libbluetooth does not cover: ManagementSocket.swift.)

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

    /// BT_SECURITY_MEDIUM: an encrypted link, paired without man-in-the-middle protection
    /// (Just Works, all a strap without a screen or keys can do).
    func setSecurityMedium() throws(SensorProblemError) {
        var security = bt_security(level: UInt8(BT_SECURITY_MEDIUM), key_size: 0)
        try checked("setsockopt BT_SECURITY") {
            setsockopt(fileDescriptor, SOL_BLUETOOTH, BT_SECURITY, &security, socklen_t(MemoryLayout<bt_security>.size))
        }
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

extension Adapter {
    /// Whether an adapter is up as the kernel's device list shows it (HCIGETDEVLIST, no
    /// capability needed), which masks an adapter that is up only for its setup.
    static func isUpOutsideManagement() -> Bool {
        hci_get_route(nil) >= 0
    }
}
