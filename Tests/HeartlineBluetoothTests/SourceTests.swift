#if canImport(Glibc)
    import Glibc
#endif
import HeartlineBluetooth
import HeartlineCore
import HeartlineIO
import HeartlineTestSupport
import Testing

/// A `BluetoothHeartRateSource` connected through a real event loop to a `FakeStrapPeer` on a
/// Unix SEQPACKET socket in a temporary directory.
final class StrapSession {
    let loop: EventLoop
    let directory: String
    let path: String
    let strap: FakeStrap
    private(set) var peer: FakeStrapPeer?
    let source: BluetoothHeartRateSource
    private(set) var events: [SensorEvent] = []

    init(
        strap: FakeStrap = FakeStrap(), listening: Bool = true, transactionTimeout: Double = 30,
        sensor: SensorKind = .heartRateStrap
    ) throws {
        loop = try EventLoop()
        var template = Array("/tmp/heartline-ble.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw SystemError(operation: "mkdtemp", code: errno) }
        directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        path = directory + "/strap.sock"
        self.strap = strap
        source = BluetoothHeartRateSource(
            target: .attSocket(path: path), reconnectDelays: [0.02, 0.05], transactionTimeout: transactionTimeout,
            sensor: sensor)
        if listening { try listen() }
    }

    deinit {
        source.stop()
        peer?.close()
        rmdir(directory)
    }

    /// Starts the fake strap's listening socket.
    func listen() throws {
        peer = try FakeStrapPeer(strap: strap, path: path, loop: loop)
    }

    func start() {
        source.start(on: loop) { [weak self] event in self?.events.append(event) }
    }

    /// Runs the loop until `done` holds, for at most `seconds`; returns whether it held.
    @discardableResult
    func run(seconds: Double = 5, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while !done() {
            if ContinuousClock.now >= deadline { return false }
            loop.turn(maximumWait: 0.01)
        }
        return true
    }

    /// Runs the loop for `seconds` whatever happens.
    func run(seconds: Double) {
        _ = run(seconds: seconds) { false }
    }

    func count(_ event: SensorEvent) -> Int {
        events.filter { $0 == event }.count
    }
}

@Suite(.timed) struct SourceTests {
    static let connected = SensorEvent.connected(name: "TICKR B321")

    @Test("a strap connects, announces itself and streams readings")
    func connectsAndStreams() throws {
        let session = try StrapSession()
        session.start()
        #expect(session.run { session.events.count >= 2 })
        #expect(session.events == [Self.connected, .battery(85)])
        #expect(session.strap.measurementSubscriptions == 1)
        #expect(session.source.bodySensorLocation == .chest)

        for bpm: UInt8 in [72, 73, 75] {
            session.peer?.send(FakeStrap.measurementNotification([0x06, bpm]))
        }
        #expect(session.run { session.events.count == 5 })
        #expect(session.events.suffix(3) == [72, 73, 75].map { .reading(HeartRateReading(beatsPerMinute: $0, contact: .detected)) })
    }

    @Test("every reconnection switches notifications on again")
    func reconnectionsSubscribeAgain() throws {
        let session = try StrapSession()
        session.start()
        #expect(session.run { session.count(Self.connected) == 1 })
        for cycle in 2...4 {
            session.peer?.dropConnection()
            #expect(session.run { session.count(.disconnected) == cycle - 1 })
            #expect(session.run { session.count(Self.connected) == cycle })
            #expect(session.strap.measurementSubscriptions == cycle)
        }
        #expect(session.peer?.connections == 4)
        #expect(session.events.filter { if case .problem = $0 { true } else { false } } == [])
        session.peer?.send(FakeStrap.measurementNotification([0x04, 0x00]))
        #expect(session.run { session.events.contains(.reading(HeartRateReading(beatsPerMinute: 0, contact: .lost))) })
    }

    @Test("a strap that is away at start is reached once it listens, with one problem said")
    func strapAppearsLater() throws {
        let session = try StrapSession(listening: false)
        session.start()
        session.run(seconds: 0.3)
        // No socket at the path: said once, then retried quietly.
        #expect(session.events.count == 1)
        guard case .problem(.other(let detail)) = session.events.first else {
            Issue.record("expected a problem, got \(session.events)")
            return
        }
        #expect(detail.contains("connect"))
        try session.listen()
        #expect(session.run { session.count(Self.connected) == 1 })
    }

    @Test("a strap-initiated MTU request is answered over the socket")
    func strapMTURequestAnswered() throws {
        let session = try StrapSession()
        session.start()
        #expect(session.run { session.count(Self.connected) == 1 })
        session.peer?.send([0x02, 0x17, 0x00])
        #expect(session.run { session.strap.received.last == [0x03, 0xF7, 0x00] })
    }

    @Test("garbage over the socket is survived")
    func garbageSurvived() throws {
        let session = try StrapSession()
        session.start()
        #expect(session.run { session.count(.battery(85)) == 1 })
        for pdu: [UInt8] in [[0xFF], [0x2A, 0x00], [0x1B], [0x1B, 0x0C, 0x00], [0x0B, 0x00, 0x01], [0x52, 0x01]] {
            session.peer?.send(pdu)
        }
        session.peer?.send(FakeStrap.measurementNotification([0x00, 0x50]))
        #expect(session.run { session.events.last == .reading(HeartRateReading(beatsPerMinute: 80)) })
        #expect(session.run { session.strap.received.contains([0x01, 0x2A, 0x00, 0x00, 0x06]) })
        #expect(session.count(.disconnected) == 0)
        #expect(session.peer?.connections == 1)
    }

    @Test("a refused read leaves the connection working")
    func refusedReadKeepsWorking() throws {
        let strap = FakeStrap()
        strap.refusals = [FakeStrap.locationHandle: 0x02]
        let session = try StrapSession(strap: strap)
        session.start()
        #expect(session.run { session.count(.battery(85)) == 1 })
        #expect(session.events.first == Self.connected)
        #expect(session.source.bodySensorLocation == nil)
    }

    @Test("a silent strap is dropped after the transaction timeout and tried again")
    func silentStrapTimesOut() throws {
        let strap = FakeStrap()
        strap.silent = true
        let session = try StrapSession(strap: strap, transactionTimeout: 0.1)
        session.start()
        // An MTU request each time, never answered, and nothing for the user to hear.
        #expect(session.run { session.strap.received.filter { $0 == [0x02, 0xF7, 0x00] }.count >= 3 })
        #expect(session.peer?.connections ?? 0 >= 3)
        #expect(session.events == [])
    }

    @Test("a device that is not a strap is reported once and tried again")
    func notAStrapReportedOnce() throws {
        let session = try StrapSession(strap: FakeStrap(heartRateService: false))
        session.start()
        #expect(session.run { (session.peer?.connections ?? 0) >= 3 })
        #expect(session.events == [.problem(.other(GATTFailure.noHeartRateService.description))])
    }

    @Test("asking for the battery delivers a fresh level")
    func batteryRequested() throws {
        let session = try StrapSession()
        session.start()
        #expect(session.run { session.count(.battery(85)) == 1 })
        session.strap.setValue([15], at: FakeStrap.batteryHandle)
        session.source.requestBattery()
        #expect(session.run { session.events.last == .battery(15) })
    }

    @Test("stopping ends the connection and the events")
    func stopping() throws {
        let session = try StrapSession()
        session.start()
        #expect(session.run { session.count(.battery(85)) == 1 })
        session.source.stop()
        #expect(session.run { session.peer?.isConnected == false })
        session.peer?.send(FakeStrap.measurementNotification([0x06, 0x48]))
        session.run(seconds: 0.2)
        #expect(session.events == [Self.connected, .battery(85)])
        #expect(session.peer?.connections == 1)
    }
}
