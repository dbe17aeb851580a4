#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO

/// A socket on the kernel's Bluetooth management channel (HCI_CHANNEL_CONTROL), the interface
/// bluetoothd itself uses. Commands are answered by Command Complete or Command Status events;
/// Device Found events reach every trusted socket (one opened with CAP_NET_ADMIN) while any of
/// them discovers.
final class ManagementSocket {
    let fileDescriptor: Int32
    /// Events read while waiting for a command's answer, handed out by `nextEvent()` first.
    private var early: [ManagementEvent] = []

    static let addressFamilyBluetooth: Int32 = 31
    static let protocolHCI: Int32 = 1
    static let channelControl: UInt16 = 3

    /// How long a command may take to be answered. Powering an adapter on runs its whole
    /// initialisation, which takes a few hundred milliseconds on a slow board.
    static let commandTimeout = 5.0

    init() throws(SensorProblemError) {
        let type = Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        fileDescriptor = try checked("socket") { socket(Self.addressFamilyBluetooth, type, Self.protocolHCI) }
        // struct sockaddr_hci: family, device (HCI_DEV_NONE), channel; 16 bits each.
        var address: [UInt8] = []
        address.appendLittleEndian(UInt16(Self.addressFamilyBluetooth))
        address.appendLittleEndian(ManagementCommand.noIndex)
        address.appendLittleEndian(Self.channelControl)
        let bound = address.withUnsafeBytes {
            bind(fileDescriptor, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        if bound != 0 {
            let error = SystemError(operation: "bind mgmt", code: errno)
            close(fileDescriptor)
            throw SensorProblemError(error)
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// Sends `command` and waits for its Command Complete or Command Status, keeping the
    /// events that come first for `nextEvent()`.
    /// - Returns: the status and the return parameters.
    func call(_ command: ManagementCommand) throws(SensorProblemError) -> (status: UInt8, parameters: [UInt8]) {
        let bytes = command.encoded
        let sent = bytes.withUnsafeBytes { send(fileDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else {
            throw SensorProblemError(SystemError(operation: "send mgmt 0x\(String(command.code, radix: 16))", code: errno))
        }
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(Self.commandTimeout * 1000)))
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                let detail = "mgmt command 0x\(String(command.code, radix: 16)) unanswered"
                throw SensorProblemError(.other(detail), detail: detail)
            }
            var poller = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&poller, 1, max(1, milliseconds))
            if ready < 0, errno != EINTR {
                throw SensorProblemError(SystemError(operation: "poll mgmt", code: errno))
            }
            while let event = try readEvent() {
                switch event {
                case .commandComplete(command.code, let status, let parameters): return (status, parameters)
                case .commandStatus(command.code, let status): return (status, [])
                default: early.append(event)
                }
            }
        }
    }

    /// The next event, or nil when none waits.
    func nextEvent() throws(SensorProblemError) -> ManagementEvent? {
        if !early.isEmpty { return early.removeFirst() }
        return try readEvent()
    }

    private func readEvent() throws(SensorProblemError) -> ManagementEvent? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            // The socket does not block.
            let count = buffer.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return nil
                case EINTR: continue
                default: throw SensorProblemError(SystemError(operation: "recv mgmt", code: errno))
                }
            }
            // A malformed event costs only itself.
            if let event = try? ManagementEvent.parse(Array(buffer[0..<count])) { return event }
        }
    }
}
