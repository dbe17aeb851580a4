#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO

/// A connection carrying ATT PDUs, one per packet, that an event loop can watch.
///
/// Everything above this protocol (the GATT client, reconnection) is the same for a kernel
/// L2CAP socket on the ATT channel and for a Unix socket bridging another Bluetooth stack or a
/// test's fake strap.
protocol ATTTransport: AnyObject {
    var fileDescriptor: Int32 { get }
    /// Completes a connection started without blocking; call once the descriptor is writable.
    func finishConnecting() throws(SensorProblemError)
    func send(_ pdu: [UInt8]) throws(SensorProblemError)
    /// Asks for an encrypted link (the kernel pairs); the descriptor turns writable again once
    /// the link can carry data. Nothing to do where the other end is not a radio link.
    func raiseSecurity() throws(SensorProblemError)
    /// The next waiting PDU, or nil when none waits.
    /// - Throws: `SensorProblemError` once the connection has ended.
    func receive() throws(SensorProblemError) -> [UInt8]?
}

/// A non-blocking SOCK_SEQPACKET socket: an L2CAP LE channel or a Unix socket.
final class PacketSocket: ATTTransport {
    let fileDescriptor: Int32
    /// Whether this is an L2CAP socket, whose link's security can be raised.
    private(set) var isBluetooth = false

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    deinit {
        close(fileDescriptor)
    }

    /// Opens a socket of `family`, binds it to `local` when given, and starts connecting to
    /// `remote` without waiting: the loop learns the outcome when the socket turns writable.
    static func connect(family: Int32, protocol: Int32, local: [UInt8]?, remote: [UInt8]) throws(SensorProblemError) -> PacketSocket {
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let socket = PacketSocket(fileDescriptor: try checked("socket") { Glibc.socket(family, type, `protocol`) })
        socket.isBluetooth = family != AF_UNIX
        if let local {
            try checked("bind") {
                local.withUnsafeBytes {
                    Glibc.bind(socket.fileDescriptor, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
                }
            }
        }
        let result = remote.withUnsafeBytes {
            Glibc.connect(socket.fileDescriptor, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        // EINPROGRESS (and EINTR): the connection goes on in the kernel; finishConnecting() reads its outcome.
        if result != 0, errno != EINPROGRESS, errno != EINTR {
            throw SensorProblemError(SystemError(operation: "connect", code: errno))
        }
        return socket
    }

    /// Starts connecting to a Unix SOCK_SEQPACKET socket bound at `path`.
    static func connectUnix(path: String) throws(SensorProblemError) -> PacketSocket {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            let detail = "att-socket path must be 1 to \(capacity - 1) bytes long"
            throw SensorProblemError(.other(detail), detail: detail)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + 1
        let remote = withUnsafeBytes(of: &address) { Array($0.prefix(length)) }
        return try connect(family: AF_UNIX, protocol: 0, local: nil, remote: remote)
    }

    func finishConnecting() throws(SensorProblemError) {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        try checked("getsockopt") { getsockopt(fileDescriptor, SOL_SOCKET, SO_ERROR, &code, &length) }
        if code != 0 {
            throw SensorProblemError(SystemError(operation: "connect", code: code))
        }
    }

    func send(_ pdu: [UInt8]) throws(SensorProblemError) {
        // MSG_NOSIGNAL: a peer that has gone must become an error here, not a SIGPIPE.
        let sent = try checked("send") {
            pdu.withUnsafeBytes { Glibc.send(fileDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        guard sent == pdu.count else {
            throw SensorProblemError(.other("send: short write"), detail: "send: \(sent) of \(pdu.count) bytes")
        }
    }

    func raiseSecurity() throws(SensorProblemError) {
        if isBluetooth { try setSecurityMedium() }
    }

    func receive() throws(SensorProblemError) -> [UInt8]? {
        // Larger than the largest ATT MTU (517), so no PDU is cut short. The socket does not block.
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { return Array(buffer[0..<count]) }
        if count == 0 { throw SensorProblemError(.unreachable, detail: "recv: the strap closed the connection") }
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR: return nil
        default: throw SensorProblemError(SystemError(operation: "recv", code: errno))
        }
    }
}
