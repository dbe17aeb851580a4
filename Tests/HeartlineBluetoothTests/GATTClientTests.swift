import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

/// A GATT client wired to a `FakeStrap` in memory, on a clock the test moves.
struct InMemoryLink {
    var client: GATTClient
    let strap: FakeStrap
    var now = 0.0
    private(set) var events: [SensorEvent] = []
    private(set) var failure: GATTFailure?
    private(set) var sent: [[UInt8]] = []
    private var toStrap: [[UInt8]] = []
    /// How often the client asked for the link's security to be raised.
    private(set) var securityRaises = 0
    /// Whether raising security works: the kernel pairs, and the strap's refusals for want of
    /// encryption (0x05, 0x0F) end. Otherwise the client is never told the link is ready.
    var pairs = true

    init(strap: FakeStrap = FakeStrap(), client: GATTClient = GATTClient()) {
        self.strap = strap
        self.client = client
    }

    mutating func start() {
        carryOut(client.start(now: now))
        exchange()
    }

    /// A PDU the strap sends on its own; returns the client's actions.
    @discardableResult
    mutating func strapSends(_ pdu: [UInt8]) -> [GATTClient.Action] {
        let actions = client.receive(pdu, now: now)
        carryOut(actions)
        exchange()
        return actions
    }

    mutating func requestBattery() {
        carryOut(client.requestBattery(now: now))
        exchange()
    }

    mutating func steer(_ command: MachineCommand) {
        carryOut(client.steer(command, now: now))
        exchange()
    }

    private mutating func carryOut(_ actions: [GATTClient.Action]) {
        for action in actions {
            switch action {
            case .send(let pdu):
                sent.append(pdu)
                toStrap.append(pdu)
            case .deliver(let event):
                events.append(event)
            case .fail(let failure):
                self.failure = failure
            case .raiseSecurity:
                securityRaises += 1
                if pairs {
                    strap.encrypted = true
                    for case .send(let pdu) in client.securityRaised(now: now) {
                        sent.append(pdu)
                        toStrap.append(pdu)
                    }
                }
            case .startTimer, .cancelTimer:
                break
            }
        }
    }

    private mutating func exchange() {
        while !toStrap.isEmpty {
            let pdu = toStrap.removeFirst()
            for answer in strap.respond(to: pdu) {
                carryOut(client.receive(answer, now: now))
            }
        }
    }
}

@Suite(.timed) struct GATTClientTests {
    /// The whole exchange with a strap, as bytes: what the client sends and what the strap answers.
    static let script: [(sends: [UInt8], answer: [UInt8])] = [
        ([0x02, 0xF7, 0x00], [0x03, 0xB9, 0x00]),
        // Primary services; a 128-bit service comes in its own answer; "attribute not found" ends.
        (
            [0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28],
            [0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x00, 0x18, 0x0A, 0x00, 0x0F, 0x00, 0x0D, 0x18, 0x10, 0x00, 0x13, 0x00, 0x0F, 0x18]
        ),
        (
            [0x10, 0x14, 0x00, 0xFF, 0xFF, 0x00, 0x28],
            [0x11, 0x14, 0x14, 0x00, 0x17, 0x00] + ATTPDUTests.vendorUUID
        ),
        ([0x10, 0x18, 0x00, 0xFF, 0xFF, 0x00, 0x28], [0x01, 0x10, 0x18, 0x00, 0x0A]),
        // Characteristics of Generic Access, Heart Rate and Battery.
        (
            [0x08, 0x01, 0x00, 0x05, 0x00, 0x03, 0x28],
            [0x09, 0x07, 0x02, 0x00, 0x02, 0x03, 0x00, 0x00, 0x2A, 0x04, 0x00, 0x02, 0x05, 0x00, 0x01, 0x2A]
        ),
        ([0x08, 0x05, 0x00, 0x05, 0x00, 0x03, 0x28], [0x01, 0x08, 0x05, 0x00, 0x0A]),
        (
            [0x08, 0x0A, 0x00, 0x0F, 0x00, 0x03, 0x28],
            [0x09, 0x07, 0x0B, 0x00, 0x10, 0x0C, 0x00, 0x37, 0x2A, 0x0E, 0x00, 0x02, 0x0F, 0x00, 0x38, 0x2A]
        ),
        ([0x08, 0x0F, 0x00, 0x0F, 0x00, 0x03, 0x28], [0x01, 0x08, 0x0F, 0x00, 0x0A]),
        ([0x08, 0x10, 0x00, 0x13, 0x00, 0x03, 0x28], [0x09, 0x07, 0x11, 0x00, 0x12, 0x12, 0x00, 0x19, 0x2A]),
        ([0x08, 0x12, 0x00, 0x13, 0x00, 0x03, 0x28], [0x01, 0x08, 0x12, 0x00, 0x0A]),
        // Configuration descriptors of the measurement and the battery level.
        ([0x04, 0x0D, 0x00, 0x0D, 0x00], [0x05, 0x01, 0x0D, 0x00, 0x02, 0x29]),
        ([0x04, 0x13, 0x00, 0x13, 0x00], [0x05, 0x01, 0x13, 0x00, 0x02, 0x29]),
        // Device name, body sensor location.
        ([0x0A, 0x03, 0x00], [0x0B] + Array("TICKR B321".utf8)),
        ([0x0A, 0x0F, 0x00], [0x0B, 0x01]),
        // Notifications on: battery, then heart rate; then the battery level.
        ([0x12, 0x13, 0x00, 0x01, 0x00], [0x13]),
        ([0x12, 0x0D, 0x00, 0x01, 0x00], [0x13]),
        ([0x0A, 0x12, 0x00], [0x0B, 0x55]),
    ]

    @Test("setting up a strap goes exactly as the script says")
    func scriptedSetUp() {
        var client = GATTClient()
        var actions = client.start(now: 0)
        var events: [SensorEvent] = []
        for (step, (sends, answer)) in Self.script.enumerated() {
            #expect(actions.contains(.send(sends)), "step \(step): expected \(sends), got \(actions)")
            #expect(actions.contains(.startTimer(seconds: 30)), "step \(step)")
            actions = client.receive(answer, now: Double(step))
            #expect(actions.first == .cancelTimer, "step \(step)")
            events += actions.compactMap { if case .deliver(let event) = $0 { event } else { nil } }
        }
        #expect(actions == [.cancelTimer, .deliver(.battery(85))])
        #expect(events == [.connected(name: "TICKR B321"), .battery(85)])
        #expect(client.bodySensorLocation == .chest)
    }

    @Test("the fake strap and the client agree on the whole set-up")
    func setUpAgainstFakeStrap() {
        var link = InMemoryLink()
        link.start()
        #expect(link.failure == nil)
        #expect(link.events == [.connected(name: "TICKR B321"), .battery(85)])
        #expect(link.sent == Self.script.map(\.sends))
        #expect(link.strap.value(at: FakeStrap.measurementConfigurationHandle) == [0x01, 0x00])
        #expect(link.strap.value(at: FakeStrap.batteryConfigurationHandle) == [0x01, 0x00])
    }

    @Test("at the default MTU discovery pages through smaller answers and still finds everything")
    func setUpAtDefaultMTU() {
        let strap = FakeStrap()
        strap.serverMTU = 23
        var link = InMemoryLink(strap: strap)
        link.start()
        #expect(link.events == [.connected(name: "TICKR B321"), .battery(85)])
        #expect(link.sent.filter { $0.first == 0x10 }.count == 4)
        #expect(link.client.bodySensorLocation == .chest)
    }

    @Test("notifications and indications become readings; indications are confirmed")
    func notificationsAndIndications() {
        var link = InMemoryLink()
        link.start()
        #expect(
            link.strapSends([0x1B, 0x0C, 0x00, 0x16, 0x47, 0x61, 0x03]) == [
                .deliver(.reading(HeartRateReading(beatsPerMinute: 71, contact: .detected, rrIntervals: [865])))
            ])
        #expect(
            link.strapSends([0x1D, 0x0C, 0x00, 0x06, 0x48]) == [
                .send([0x1E]), .deliver(.reading(HeartRateReading(beatsPerMinute: 72, contact: .detected))),
            ])
        #expect(link.strapSends([0x1B, 0x12, 0x00, 0x14]) == [.deliver(.battery(20))])
        // An indication on a handle the client does not know still needs its confirmation.
        #expect(link.strapSends([0x1D, 0x08, 0x00, 0x01, 0x00, 0xFF, 0xFF]) == [.send([0x1E])])
    }

    @Test("a strap whose measurement only indicates gets indications switched on")
    func indicateOnlyMeasurement() {
        let strap = FakeStrap()
        strap.setValue([0x20, 0x0C, 0x00, 0x37, 0x2A], at: 0x000B)
        var link = InMemoryLink(strap: strap)
        link.start()
        #expect(link.events.first == .connected(name: "TICKR B321"))
        #expect(strap.value(at: FakeStrap.measurementConfigurationHandle) == [0x02, 0x00])
    }

    @Test("requests from the strap are answered as BlueZ answers them")
    func strapRequestsAnswered() {
        var client = GATTClient()
        _ = client.start(now: 0)
        #expect(client.receive([0x02, 0x17, 0x00], now: 0) == [.send([0x03, 0xF7, 0x00])])
        #expect(client.receive([0x0A, 0x03, 0x00], now: 0) == [.send([0x01, 0x0A, 0x00, 0x00, 0x06])])
        #expect(client.receive([0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28], now: 0) == [.send([0x01, 0x10, 0x00, 0x00, 0x06])])
        #expect(client.receive([0x2A, 0x01], now: 0) == [.send([0x01, 0x2A, 0x00, 0x00, 0x06])])
        #expect(client.receive([0x0C, 0x03], now: 0) == [.send([0x01, 0x0C, 0x00, 0x00, 0x06])])
        #expect(client.receive([0x02, 0x17], now: 0) == [.send([0x01, 0x02, 0x00, 0x00, 0x04])])
        // Commands and stray confirmations get no answer.
        #expect(client.receive([0x52, 0x0D, 0x00, 0x01, 0x00], now: 0) == [])
        #expect(client.receive([0x1E], now: 0) == [])
        // The MTU exchange the client started still completes.
        #expect(client.receive([0x03, 0x17, 0x00], now: 0).contains(.send([0x10, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28])))
    }

    @Test("thirty seconds without an answer end the connection")
    func transactionTimeout() {
        var client = GATTClient()
        #expect(client.start(now: 100) == [.send([0x02, 0xF7, 0x00]), .startTimer(seconds: 30)])
        #expect(client.tick(now: 110) == [])
        #expect(client.tick(now: 129.9) == [])
        #expect(client.tick(now: 130) == [.cancelTimer, .fail(.transactionTimeout(request: 0x02))])
        // A failed client is done: a late answer changes nothing.
        #expect(client.receive([0x03, 0x17, 0x00], now: 131) == [])
        #expect(client.tick(now: 200) == [])
    }

    @Test("each answer gives the next request its own thirty seconds")
    func timeoutRestartsPerRequest() {
        var client = GATTClient()
        _ = client.start(now: 0)
        _ = client.receive([0x03, 0x17, 0x00], now: 20)
        #expect(client.tick(now: 35) == [])
        #expect(client.tick(now: 49.99) == [])
        #expect(client.tick(now: 50) == [.cancelTimer, .fail(.transactionTimeout(request: 0x10))])
    }

    @Test("once set up, a silent strap is no timeout: only requests have one")
    func noTimeoutWhenIdle() {
        var link = InMemoryLink()
        link.start()
        #expect(link.client.tick(now: 10_000) == [])
    }

    @Test("a refused optional read still connects")
    func refusedReadStillConnects() {
        let strap = FakeStrap()
        strap.refusals = [FakeStrap.locationHandle: 0x02, FakeStrap.deviceNameHandle: 0x05]
        var link = InMemoryLink(strap: strap, client: GATTClient(fallbackName: "Strap from the scan"))
        link.start()
        #expect(link.events == [.connected(name: "Strap from the scan"), .battery(85)])
        #expect(link.client.bodySensorLocation == nil)
    }

    @Test("a refused heart-rate subscription ends the connection")
    func refusedSubscriptionFails() {
        let strap = FakeStrap()
        strap.refusals = [FakeStrap.measurementConfigurationHandle: 0x03]
        var link = InMemoryLink(strap: strap)
        link.start()
        #expect(link.failure == .attributeError(request: 0x12, handle: 0x000D, code: 0x03))
        #expect(link.failure?.isPermanent == true)
        #expect(link.events == [])
        #expect(link.securityRaises == 0)
    }

    @Test(
        "a strap that wants an encrypted link gets one, and the refused request is sent again",
        arguments: [UInt8(0x05), 0x0F])
    func encryptionRetried(code: UInt8) {
        let strap = FakeStrap()
        strap.refusals = [FakeStrap.measurementConfigurationHandle: code]
        strap.refusalsNeedEncryption = true
        var link = InMemoryLink(strap: strap)
        link.start()
        #expect(link.securityRaises == 1)
        #expect(link.failure == nil)
        #expect(link.events == [.connected(name: "TICKR B321"), .battery(85)])
        let subscriptions = link.sent.filter { $0.first == 0x12 && $0[1] == UInt8(FakeStrap.measurementConfigurationHandle) }
        #expect(subscriptions.count == 2)
    }

    @Test("refused again on the encrypted link: the connection ends, and security is raised only once")
    func encryptionRefusedAgain() {
        let strap = FakeStrap()
        strap.refusals = [FakeStrap.measurementConfigurationHandle: 0x05]
        var link = InMemoryLink(strap: strap)
        link.start()
        #expect(link.securityRaises == 1)
        #expect(link.failure == .attributeError(request: 0x12, handle: 0x000D, code: 0x05))
    }

    @Test("pairing that never finishes fails like an unanswered request")
    func pairingNeverFinishes() {
        let strap = FakeStrap()
        strap.refusals = [FakeStrap.measurementConfigurationHandle: 0x0F]
        var link = InMemoryLink(strap: strap)
        link.pairs = false
        link.start()
        #expect(link.securityRaises == 1)
        #expect(link.failure == nil)
        #expect(link.client.tick(now: 29.9) == [])
        #expect(link.client.tick(now: 30).contains(.fail(.transactionTimeout(request: 0x12))))
    }

    @Test("a refused battery subscription is skipped")
    func refusedBatterySubscriptionSkipped() {
        let strap = FakeStrap()
        strap.refusals = [FakeStrap.batteryConfigurationHandle: 0x03]
        var link = InMemoryLink(strap: strap)
        link.start()
        #expect(link.events == [.connected(name: "TICKR B321"), .battery(85)])
    }

    @Test("a device without the Heart Rate service is refused")
    func noHeartRateService() {
        var link = InMemoryLink(strap: FakeStrap(heartRateService: false))
        link.start()
        #expect(link.failure == .noHeartRateService)
        #expect(link.events == [])
    }

    @Test("garbage from the strap is survived")
    func garbageSurvived() {
        var link = InMemoryLink()
        link.start()
        let garbage: [[UInt8]] = [
            [], [0xFF], [0xFF, 0x00, 0x01], [0x1B], [0x1B, 0x0C], [0x1B, 0x0C, 0x00], [0x1B, 0x0C, 0x00, 0x01, 0x3C],
            [0x1B, 0x99, 0x00, 0x06, 0x48], [0x1B, 0x12, 0x00, 0xC8], [0x0B, 0x01], [0x09, 0x07], [0x13], [0x01, 0x0A],
        ]
        for pdu in garbage {
            #expect(link.strapSends(pdu) == [], "\(pdu)")
        }
        #expect(link.failure == nil)
        #expect(
            link.strapSends(FakeStrap.measurementNotification([0x06, 0x48])) == [
                .deliver(.reading(HeartRateReading(beatsPerMinute: 72, contact: .detected)))
            ])
    }

    @Test("a wrong or broken answer to the request in flight ends the connection")
    func wrongAnswersFail() {
        var client = GATTClient()
        _ = client.start(now: 0)
        _ = client.receive([0x03, 0x17, 0x00], now: 0)
        var other = client
        #expect(client.receive([0x0B, 0x01], now: 0) == [.cancelTimer, .fail(.unexpectedResponse(opcode: 0x0B))])
        #expect(
            other.receive([0x11, 0x06, 0x01], now: 0) == [
                .cancelTimer, .fail(.malformedResponse(opcode: 0x11, .truncated(field: "first entry"))),
            ])
    }

    @Test("discovery answers that go backwards end the connection")
    func discoveryGoingBackwards() {
        var client = GATTClient()
        _ = client.start(now: 0)
        _ = client.receive([0x03, 0x17, 0x00], now: 0)
        _ = client.receive([0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x00, 0x18], now: 0)
        #expect(
            client.receive([0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x0D, 0x18], now: 0) == [
                .cancelTimer, .fail(.inconsistentDiscovery(request: 0x10)),
            ])
    }

    @Test("notifications before the connection is announced are dropped")
    func earlyNotificationsDropped() {
        var client = GATTClient()
        _ = client.start(now: 0)
        #expect(client.receive([0x1B, 0x0C, 0x00, 0x06, 0x48], now: 0) == [])
    }

    @Test("asking for the battery reads it again")
    func batteryRequest() {
        var link = InMemoryLink()
        link.start()
        link.strap.setValue([20], at: FakeStrap.batteryHandle)
        link.requestBattery()
        #expect(link.events.last == .battery(20))
        #expect(link.sent.last == [0x0A, 0x12, 0x00])
    }

    @Test("asking for the battery before set-up is done does nothing")
    func batteryRequestTooEarly() {
        var client = GATTClient()
        _ = client.start(now: 0)
        #expect(client.requestBattery(now: 0) == [])
    }
}
