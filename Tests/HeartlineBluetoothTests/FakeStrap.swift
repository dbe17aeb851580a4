#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineIO
import Synchronization

/// A chest strap's GATT server: its attribute database and the ATT server rules.
///
/// The PDUs are written out by hand from the Core spec rather than with HeartlineBluetooth's
/// encoder, so the client is checked against an independent reading of the spec. Responses
/// respect the negotiated MTU and the "same length in one response" rule, so the client has to
/// page through discovery as it must with a real strap. It depends on nothing but the
/// standard library, so a small main can serve it on its own (see `FakeStrapPeer`).
final class FakeStrap {
    struct Attribute {
        let handle: UInt16
        /// The attribute type, little-endian, 2 or 16 bytes.
        let type: [UInt8]
        var value: [UInt8]
    }

    /// A footpod's, bike sensor's or power meter's service: a measurement that notifies, with its
    /// configuration, a feature characteristic and a sensor location to read.
    enum SensorService: CaseIterable {
        case runningSpeedCadence
        case cyclingSpeedCadence
        case cyclingPower

        var uuid: [UInt8] {
            switch self {
            case .runningSpeedCadence: [0x14, 0x18]
            case .cyclingSpeedCadence: [0x16, 0x18]
            case .cyclingPower: [0x18, 0x18]
            }
        }

        var measurement: [UInt8] {
            switch self {
            case .runningSpeedCadence: [0x53, 0x2A]
            case .cyclingSpeedCadence: [0x5B, 0x2A]
            case .cyclingPower: [0x63, 0x2A]
            }
        }

        /// The feature characteristic and what it says: stride, distance and running status; wheel
        /// and crank data; pedal balance and crank data.
        var feature: (uuid: [UInt8], value: [UInt8]) {
            switch self {
            case .runningSpeedCadence: ([0x54, 0x2A], [0x07, 0x00])
            case .cyclingSpeedCadence: ([0x5C, 0x2A], [0x03, 0x00])
            case .cyclingPower: ([0x65, 0x2A], [0x09, 0x00, 0x00, 0x00])
            }
        }

        /// In shoe, rear wheel, left crank.
        var location: UInt8 {
            switch self {
            case .runningSpeedCadence: 2
            case .cyclingSpeedCadence: 12
            case .cyclingPower: 5
            }
        }
    }

    static let serviceDeclaration: [UInt8] = [0x00, 0x28]
    static let characteristicDeclaration: [UInt8] = [0x03, 0x28]
    static let clientConfiguration: [UInt8] = [0x02, 0x29]

    // The handles of the layout below.
    static let deviceNameHandle: UInt16 = 0x0003
    static let measurementHandle: UInt16 = 0x000C
    static let measurementConfigurationHandle: UInt16 = 0x000D
    static let locationHandle: UInt16 = 0x000F
    static let batteryHandle: UInt16 = 0x0012
    static let batteryConfigurationHandle: UInt16 = 0x0013

    private(set) var attributes: [Attribute] = []
    /// The value handle of each sensor service's measurement; its configuration is the next handle.
    private(set) var sensorMeasurementHandles: [SensorService: UInt16] = [:]
    /// Every PDU received, in order.
    private(set) var received: [[UInt8]] = []
    /// Every write request received, in order.
    private(set) var writes: [(handle: UInt16, value: [UInt8])] = []
    /// The server's receive MTU, offered in the MTU exchange.
    var serverMTU: UInt16 = 185
    private(set) var mtu: UInt16 = 23
    /// A strap that hangs: requests are recorded and never answered.
    var silent = false
    /// Requests on these handles are refused with the error code given.
    var refusals: [UInt16: UInt8] = [:]
    /// Whether `refusals` stand only until the link is encrypted (a strap that wants encryption).
    var refusalsNeedEncryption = false
    /// Set when the client raised the link's security and the kernel paired.
    var encrypted = false
    /// Answers a write to a value that is no configuration descriptor (a control point): the
    /// PDUs to send back, in order; nil refuses it as the strap does.
    var writeHandler: ((UInt16, [UInt8]) -> [[UInt8]]?)?

    /// - Parameters:
    ///   - name: the Device Name characteristic's value.
    ///   - heartRateService: false for a device that is no heart-rate strap.
    ///   - sensorServices: the footpod, bike and power services it has too, after the others.
    init(name: String = "TICKR B321", heartRateService: Bool = true, sensorServices: [SensorService] = []) {
        // Generic Access: device name, appearance (heart-rate belt).
        service(0x0001, uuid: [0x00, 0x18])
        characteristic(0x0002, properties: 0x02, uuid: [0x00, 0x2A], value: Array(name.utf8))
        characteristic(0x0004, properties: 0x02, uuid: [0x01, 0x2A], value: [0x41, 0x03])
        // Generic Attribute: Service Changed (indicate) and its configuration.
        service(0x0006, uuid: [0x01, 0x18])
        characteristic(0x0007, properties: 0x20, uuid: [0x05, 0x2A], value: [0x01, 0x00, 0xFF, 0xFF])
        attributes.append(Attribute(handle: 0x0009, type: Self.clientConfiguration, value: [0x00, 0x00]))
        if heartRateService {
            // Heart Rate: measurement (notify) with its configuration, body sensor location.
            service(0x000A, uuid: [0x0D, 0x18])
            characteristic(0x000B, properties: 0x10, uuid: [0x37, 0x2A], value: [])
            attributes.append(Attribute(handle: 0x000D, type: Self.clientConfiguration, value: [0x00, 0x00]))
            characteristic(0x000E, properties: 0x02, uuid: [0x38, 0x2A], value: [0x01])
        }
        // Battery: level (read, notify) with its configuration.
        service(0x0010, uuid: [0x0F, 0x18])
        characteristic(0x0011, properties: 0x12, uuid: [0x19, 0x2A], value: [85])
        attributes.append(Attribute(handle: 0x0013, type: Self.clientConfiguration, value: [0x00, 0x00]))
        // A vendor service with a 128-bit UUID, as Polar straps have.
        let vendor: [UInt8] = [0xC8, 0xF0, 0x8D, 0x2D, 0xCD, 0x8A, 0xAD, 0x1C, 0x87, 0xF3, 0xE7, 0x02, 0x80, 0x5C, 0x00, 0xFB]
        service(0x0014, uuid: vendor)
        var vendorCharacteristic = vendor
        vendorCharacteristic[12] = 0x81
        characteristic(0x0015, properties: 0x28, uuid: vendorCharacteristic, value: [])
        attributes.append(Attribute(handle: 0x0017, type: Self.clientConfiguration, value: [0x00, 0x00]))
        var handle: UInt16 = 0x0018
        for sensor in sensorServices {
            service(handle, uuid: sensor.uuid)
            characteristic(handle + 1, properties: 0x10, uuid: sensor.measurement, value: [])
            attributes.append(Attribute(handle: handle + 3, type: Self.clientConfiguration, value: [0x00, 0x00]))
            sensorMeasurementHandles[sensor] = handle + 2
            characteristic(handle + 4, properties: 0x02, uuid: sensor.feature.uuid, value: sensor.feature.value)
            characteristic(handle + 6, properties: 0x02, uuid: [0x5D, 0x2A], value: [sensor.location])
            handle += 8
        }
    }

    /// The value of the attribute at `handle`.
    func value(at handle: UInt16) -> [UInt8]? {
        attributes.first { $0.handle == handle }?.value
    }

    func setValue(_ value: [UInt8], at handle: UInt16) {
        guard let index = attributes.firstIndex(where: { $0.handle == handle }) else { return }
        attributes[index].value = value
    }

    /// How many times the client switched heart-rate notifications on.
    var measurementSubscriptions: Int {
        writes.filter { $0.handle == Self.measurementConfigurationHandle && $0.value == [0x01, 0x00] }.count
    }

    /// How many times the client switched on the notifications of `sensor`'s measurement.
    func subscriptions(to sensor: SensorService) -> Int {
        guard let handle = sensorMeasurementHandles[sensor] else { return 0 }
        return writes.filter { $0.handle == handle + 1 && $0.value == [0x01, 0x00] }.count
    }

    /// A Handle Value Notification of `sensor`'s measurement.
    func notification(of sensor: SensorService, _ value: [UInt8]) -> [UInt8] {
        [0x1B] + Self.le(sensorMeasurementHandles[sensor] ?? 0) + value
    }

    /// A Handle Value Notification of the heart-rate measurement.
    static func measurementNotification(_ value: [UInt8]) -> [UInt8] {
        [0x1B] + le(measurementHandle) + value
    }

    /// Starts a new connection: attribute values stay, the MTU and configurations reset
    /// (the strap is not bonded, so it forgets its subscribers).
    func connectionStarted() {
        mtu = 23
        for index in attributes.indices where attributes[index].type == Self.clientConfiguration {
            attributes[index].value = [0x00, 0x00]
        }
    }

    /// The server's answers to one PDU from the client (none, or one).
    func respond(to pdu: [UInt8]) -> [[UInt8]] {
        received.append(pdu)
        guard let opcode = pdu.first else { return [] }
        if opcode == 0x12, pdu.count >= 3 { writes.append((Self.uint16(pdu, 1), Array(pdu[3...]))) }
        // Commands (bit 6), responses to the strap's own requests and confirmations are never answered.
        let unanswered: Set<UInt8> = [0x01, 0x03, 0x05, 0x07, 0x09, 0x0B, 0x0D, 0x0F, 0x11, 0x13, 0x17, 0x19, 0x1B, 0x1D, 0x1E]
        if opcode & 0x40 != 0 || unanswered.contains(opcode) || silent { return [] }
        if opcode == 0x12, pdu.count >= 3, let writeHandler,
            attributes.first(where: { $0.handle == Self.uint16(pdu, 1) })?.type != Self.clientConfiguration,
            let answers = writeHandler(Self.uint16(pdu, 1), Array(pdu[3...]))
        {
            return answers
        }
        return [answer(opcode, pdu)]
    }

    private func answer(_ opcode: UInt8, _ pdu: [UInt8]) -> [UInt8] {
        switch (opcode, pdu.count) {
        case (0x02, 3):
            mtu = max(23, min(Self.uint16(pdu, 1), serverMTU))
            return [0x03] + Self.le(serverMTU)
        case (0x04, 5):
            return findInformation(Self.uint16(pdu, 1), Self.uint16(pdu, 3))
        case (0x08, 7):
            return readByType(Self.uint16(pdu, 1), Self.uint16(pdu, 3), type: Array(pdu[5...]))
        case (0x10, 7):
            return readByGroupType(Self.uint16(pdu, 1), Self.uint16(pdu, 3), type: Array(pdu[5...]))
        case (0x0A, 3):
            let handle = Self.uint16(pdu, 1)
            if let code = refusal(handle) { return error(opcode, handle, code) }
            guard let value = value(at: handle) else { return error(opcode, handle, 0x01) }
            return [0x0B] + value.prefix(Int(mtu) - 1)
        case (0x12, 3...):
            let handle = Self.uint16(pdu, 1)
            if let code = refusal(handle) { return error(opcode, handle, code) }
            guard let index = attributes.firstIndex(where: { $0.handle == handle }) else { return error(opcode, handle, 0x01) }
            guard attributes[index].type == Self.clientConfiguration else { return error(opcode, handle, 0x03) }
            attributes[index].value = Array(pdu[3...])
            return [0x13]
        case (0x02, _), (0x04, _), (0x08, _), (0x10, _), (0x0A, _):
            return error(opcode, 0x0000, 0x04)
        default:
            return error(opcode, 0x0000, 0x06)
        }
    }

    private func readByGroupType(_ start: UInt16, _ end: UInt16, type: [UInt8]) -> [UInt8] {
        guard start != 0, start <= end else { return error(0x10, start, 0x01) }
        guard type == Self.serviceDeclaration else { return error(0x10, start, 0x10) }
        let services = attributes.filter { $0.type == Self.serviceDeclaration && (start...end).contains($0.handle) }
        let entries = services.map { service in
            Self.le(service.handle) + Self.le(groupEnd(of: service.handle)) + service.value
        }
        return listResponse(0x11, entries, missing: start)
    }

    private func readByType(_ start: UInt16, _ end: UInt16, type: [UInt8]) -> [UInt8] {
        guard start != 0, start <= end else { return error(0x08, start, 0x01) }
        let matches = attributes.filter { $0.type == type && (start...end).contains($0.handle) }
        let entries = matches.map { Self.le($0.handle) + $0.value.prefix(Int(mtu) - 4) }
        return listResponse(0x09, entries, missing: start)
    }

    private func findInformation(_ start: UInt16, _ end: UInt16) -> [UInt8] {
        guard start != 0, start <= end else { return error(0x04, start, 0x01) }
        let inRange = attributes.filter { (start...end).contains($0.handle) }
        guard let first = inRange.first else { return error(0x04, start, 0x0A) }
        let entries = inRange.filter { $0.type.count == first.type.count }.map { Self.le($0.handle) + $0.type }
        let fitting = Self.fit(entries, into: Int(mtu) - 2)
        return [0x05, first.type.count == 2 ? 0x01 : 0x02] + fitting.joined()
    }

    /// A response made of [length] then equal-length entries: as many as fit, all as long as
    /// the first; "attribute not found" when there is none.
    private func listResponse(_ opcode: UInt8, _ entries: [[UInt8]], missing start: UInt16) -> [UInt8] {
        guard let first = entries.first else { return error(opcode - 1, start, 0x0A) }
        let fitting = Self.fit(entries.filter { $0.count == first.count }, into: Int(mtu) - 2)
        return [opcode, UInt8(first.count)] + fitting.joined()
    }

    private static func fit(_ entries: [[UInt8]], into space: Int) -> [[UInt8]] {
        guard let length = entries.first?.count else { return [] }
        return Array(entries.prefix(max(1, space / length)))
    }

    /// A service's last handle: just before the next service, or its own last attribute.
    private func groupEnd(of handle: UInt16) -> UInt16 {
        let next = attributes.first { $0.type == Self.serviceDeclaration && $0.handle > handle }
        if let next { return next.handle - 1 }
        return attributes.last!.handle
    }

    private func refusal(_ handle: UInt16) -> UInt8? {
        refusalsNeedEncryption && encrypted ? nil : refusals[handle]
    }

    private func error(_ request: UInt8, _ handle: UInt16, _ code: UInt8) -> [UInt8] {
        [0x01, request] + Self.le(handle) + [code]
    }

    func service(_ handle: UInt16, uuid: [UInt8]) {
        attributes.append(Attribute(handle: handle, type: Self.serviceDeclaration, value: uuid))
    }

    /// A Client Characteristic Configuration descriptor at `handle`, switched off.
    func configuration(_ handle: UInt16) {
        attributes.append(Attribute(handle: handle, type: Self.clientConfiguration, value: [0x00, 0x00]))
    }

    func characteristic(_ handle: UInt16, properties: UInt8, uuid: [UInt8], value: [UInt8]) {
        attributes.append(Attribute(handle: handle, type: Self.characteristicDeclaration, value: [properties] + Self.le(handle + 1) + uuid))
        attributes.append(Attribute(handle: handle + 1, type: uuid, value: value))
    }

    static func le(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
}

/// Serves a `FakeStrap` on a Unix SOCK_SEQPACKET socket bound at `path`, one connection at a
/// time, on an event loop: what `att-socket:PATH` connects to.
final class FakeStrapPeer {
    let path: String
    let strap: FakeStrap
    private let loop: EventLoop
    /// The listening socket; -1 once closed (closing twice could close another test's socket).
    private var listener: Int32
    private var connection: Int32?
    private var listenerToken: EventLoop.Token?
    private var connectionToken: EventLoop.Token?
    /// How many connections were accepted.
    private(set) var connections = 0
    var isConnected: Bool { connection != nil }
    /// Whether clients are accepted. While false they wait in the listener's backlog, as for a
    /// strap out of range: their connect has succeeded, and their first request waits unanswered.
    var accepting = true {
        didSet {
            guard accepting != oldValue else { return }
            if accepting {
                watchListener()
            } else if let listenerToken {
                loop.cancel(listenerToken)
                self.listenerToken = nil
            }
        }
    }
    /// Whether a client waits on the listener to be accepted.
    var hasWaitingClient: Bool {
        guard listener >= 0 else { return false }
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    init(strap: FakeStrap, path: String, loop: EventLoop) throws {
        self.strap = strap
        self.path = path
        self.loop = loop
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        listener = try systemCall("socket") { socket(AF_UNIX, type, 0) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let fd = listener
        try systemCall("bind") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        try systemCall("listen") { listen(fd, 4) }
        watchListener()
    }

    deinit {
        close()
    }

    /// Sends a PDU on the current connection, as the strap would on its own.
    func send(_ pdu: [UInt8]) {
        guard let connection else { return }
        _ = pdu.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `pdu` on the current connection from a thread of its own, again and again, as fast
    /// as the socket takes it, until the flood is stopped: a strap that notifies without limit.
    func flood(_ pdu: [UInt8]) -> Flood? {
        guard let connection else { return nil }
        return Flood(fd: connection, pdu: pdu)
    }

    /// Ends the current connection, as a strap out of range does; the listener stays, so the
    /// client can come back.
    func dropConnection() {
        if let connectionToken { loop.cancel(connectionToken) }
        if let connection { Glibc.close(connection) }
        connection = nil
        connectionToken = nil
    }

    func close() {
        dropConnection()
        if let listenerToken { loop.cancel(listenerToken) }
        listenerToken = nil
        guard listener >= 0 else { return }
        Glibc.close(listener)
        listener = -1
        unlink(path)
    }

    private func watchListener() {
        guard listener >= 0 else { return }
        listenerToken = loop.watch(listener) { [weak self] in self?.accept() }
    }

    private func accept() {
        let fd = Glibc.accept(listener, nil, nil)
        guard fd >= 0 else { return }
        // Close-on-exec: a child another test spawns later must not inherit the connection, or
        // closing it here would not end it, and a drop-out would never reach Heartline. (Glibc's
        // module has no accept4; a spawn between these two calls is the one window left.)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        dropConnection()
        connections += 1
        connection = fd
        strap.connectionStarted()
        connectionToken = loop.watch(fd) { [weak self] in self?.readable(fd) }
    }

    private func readable(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while connection == fd {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
                dropConnection()
                return
            }
            guard count > 0 else { return }
            for answer in strap.respond(to: Array(buffer[0..<count])) {
                send(answer)
            }
        }
    }
}

/// A thread sending one PDU without pause; `stop` waits for it to end.
final class Flood: @unchecked Sendable {
    private let running = Atomic<Bool>(true)
    private let count = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)

    /// PDUs the socket took so far.
    var sent: Int { count.load(ordering: .relaxed) }

    fileprivate init(fd: Int32, pdu: [UInt8]) {
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                let result = pdu.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if result > 0 {
                    count.add(1, ordering: .relaxed)
                } else if errno == EAGAIN || errno == EINTR {
                    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&entry, 1, 10)
                } else {
                    break
                }
            }
            done.signal()
        }
        thread.name = "fake strap flood"
        thread.start()
    }

    func stop() {
        guard running.exchange(false, ordering: .relaxed) else { return }
        done.wait()
    }
}
