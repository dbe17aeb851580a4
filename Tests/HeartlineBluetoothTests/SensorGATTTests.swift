import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

/// The production GATT client set up for footpods, bike sensors and power meters, against the
/// fake peer serving their services: in memory, and once over the socket end to end.
@Suite(.timed) struct SensorGATTTests {
    static func sensorReadings(_ events: [SensorEvent]) -> [SensorReading] {
        events.compactMap { if case .sensorReading(let reading) = $0 { reading } else { nil } }
    }

    @Test("a footpod is discovered and subscribed to over the socket, and its RSC notification decoded")
    func footpodOverTheSocket() throws {
        let pod = FakeStrap(name: "Footpod 7", heartRateService: false, sensorServices: [.runningSpeedCadence])
        let session = try StrapSession(strap: pod, sensor: .footpod)
        session.start()
        #expect(session.run { session.count(.connected(name: "Footpod 7")) == 1 })
        #expect(pod.subscriptions(to: .runningSpeedCadence) == 1)
        // Running at 3.5 m/s, 182 steps a minute, stride 1.50 m, 100.0 m so far.
        session.peer?.send(pod.notification(of: .runningSpeedCadence, [0x07, 0x80, 0x03, 0xB6, 0x96, 0x00, 0xE8, 0x03, 0x00, 0x00]))
        #expect(session.run { !Self.sensorReadings(session.events).isEmpty })
        #expect(
            Self.sensorReadings(session.events) == [
                .running(RunningReading(speed: 3.5, cadence: 182, strideLength: 1.5, totalDistance: 100, isRunning: true))
            ])
        // A heart-rate reading never comes from a footpod.
        #expect(!session.events.contains { if case .reading = $0 { true } else { false } })
    }

    @Test("a simulated footpod's notifications reach the client over the socket as running readings")
    func simulatedFootpodOverTheSocket() throws {
        let pod = FakeStrap(name: "Footpod 7", heartRateService: false, sensorServices: [.runningSpeedCadence])
        let session = try StrapSession(strap: pod, sensor: .footpod)
        session.start()
        #expect(session.run { session.count(.connected(name: "Footpod 7")) == 1 })
        var footpod = SimulatedFootpod(seed: 16, pace: 300)
        for _ in 0..<5 { session.peer?.send(pod.notification(of: .runningSpeedCadence, footpod.notificationValue())) }
        #expect(session.run { Self.sensorReadings(session.events).count == 5 })
        for case .running(let reading) in Self.sensorReadings(session.events) {
            #expect(abs(reading.speed - 1000 / 300) < 0.2)
            #expect(reading.isRunning)
        }
    }

    @Test("a heart-rate client refuses a footpod, and a footpod client a strap, each naming what the device is")
    func wrongKind() {
        var strapClient = InMemoryLink(strap: FakeStrap(heartRateService: false, sensorServices: [.runningSpeedCadence]))
        strapClient.start()
        #expect(strapClient.failure == .otherKind(.footpod))
        var podClient = InMemoryLink(strap: FakeStrap(), client: GATTClient(sensor: .footpod))
        podClient.start()
        #expect(podClient.failure == .otherKind(.heartRateStrap))
        #expect(podClient.failure?.isPermanent == true)
        var meterClient = InMemoryLink(
            strap: FakeStrap(heartRateService: false, sensorServices: [.cyclingPower]), client: GATTClient(sensor: .cyclingSpeedCadence))
        meterClient.start()
        #expect(meterClient.failure == .otherKind(.powerMeter))
    }

    @Test("a device with none of the sensor services is refused as before")
    func noSensorServiceAtAll() {
        var podClient = InMemoryLink(strap: FakeStrap(heartRateService: false), client: GATTClient(sensor: .footpod))
        podClient.start()
        #expect(podClient.failure == .noSensorService(.footpod))
    }

    @Test("a bike sensor among other services is set up, and its counters become speed and cadence")
    func bikeSensor() {
        let strap = FakeStrap(name: "Bike", heartRateService: true, sensorServices: [.runningSpeedCadence, .cyclingSpeedCadence])
        var link = InMemoryLink(strap: strap, client: GATTClient(sensor: .cyclingSpeedCadence))
        link.start()
        #expect(link.failure == nil)
        #expect(link.events == [.connected(name: "Bike"), .battery(85)])
        #expect(strap.subscriptions(to: .cyclingSpeedCadence) == 1)
        #expect(strap.subscriptions(to: .runningSpeedCadence) == 0)
        #expect(strap.measurementSubscriptions == 0)
        #expect(link.client.sensorLocation == .rearWheel)
        // Wheel 0 and crank 0 at 0 s, then 2 wheel and 1.5 crank revolutions a second.
        link.strapSends(strap.notification(of: .cyclingSpeedCadence, [0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        link.now = 2
        link.strapSends(strap.notification(of: .cyclingSpeedCadence, [0x03, 0x04, 0, 0, 0, 0x00, 0x08, 0x03, 0x00, 0x00, 0x08]))
        let readings = Self.sensorReadings(link.events)
        #expect(readings.count == 2)
        guard case .cycling(let reading) = readings.last else {
            Issue.record("no cycling reading: \(readings)")
            return
        }
        #expect(isClose(reading.speed, 4.21))
        #expect(isClose(reading.cadence, 90))
        #expect(isClose(reading.distance, 4 * 2.105))
    }

    @Test("a power meter is set up and its notifications become power readings with cadence")
    func powerMeter() {
        let strap = FakeStrap(name: "Crank PM", heartRateService: false, sensorServices: [.cyclingPower])
        var link = InMemoryLink(strap: strap, client: GATTClient(sensor: .powerMeter))
        link.start()
        #expect(link.events.first == .connected(name: "Crank PM"))
        #expect(link.client.sensorLocation == .leftCrank)
        var meter = SimulatedPowerMeter(seed: 3, power: 250, cadence: 90)
        for second in 0..<5 {
            link.now = Double(second)
            link.strapSends(strap.notification(of: .cyclingPower, meter.notificationValue()))
        }
        let readings = Self.sensorReadings(link.events)
        #expect(readings.count == 5)
        guard case .power(let last) = readings.last else {
            Issue.record("no power reading: \(readings)")
            return
        }
        #expect((200...300).contains(last.power))
        #expect(isClose(last.cadence, 90, within: 6))
        #expect(last.balance?.isLeft == true)
    }

    @Test("a sensor client ignores heart-rate notifications, and a strap client ignores sensor notifications")
    func notificationsStayWithTheirKind() {
        let strap = FakeStrap(sensorServices: [.runningSpeedCadence])
        var podLink = InMemoryLink(strap: strap, client: GATTClient(sensor: .footpod))
        podLink.start()
        let before = podLink.events.count
        podLink.strapSends(FakeStrap.measurementNotification([0x06, 0x48]))
        #expect(podLink.events.count == before)
        var strapLink = InMemoryLink(strap: FakeStrap(sensorServices: [.runningSpeedCadence]))
        strapLink.start()
        let strapBefore = strapLink.events.count
        strapLink.strapSends(strapLink.strap.notification(of: .runningSpeedCadence, [0x04, 0x00, 0x03, 0xB4]))
        #expect(strapLink.events.count == strapBefore)
        strapLink.strapSends(FakeStrap.measurementNotification([0x06, 0x48]))
        #expect(strapLink.events.last == .reading(HeartRateReading(beatsPerMinute: 72, contact: .detected)))
    }
}

@Suite(.timed) struct SensorKindTests {
    static let assigned: [(SensorKind, UInt16, UInt16, UInt16)] = [
        (.heartRateStrap, 0x180D, 0x2A37, 0x2A38),
        (.footpod, 0x1814, 0x2A53, 0x2A5D),
        (.cyclingSpeedCadence, 0x1816, 0x2A5B, 0x2A5D),
        (.powerMeter, 0x1818, 0x2A63, 0x2A5D),
    ]

    @Test("each sensor kind names its assigned service, measurement and location numbers", arguments: assigned)
    func assignedNumbers(kind: SensorKind, service: UInt16, measurement: UInt16, location: UInt16) {
        #expect(kind.service.shortValue == service)
        #expect(kind.measurement.shortValue == measurement)
        #expect(kind.location.shortValue == location)
    }

    @Test("a reading names the kind of sensor that sends it")
    func readingKinds() {
        #expect(SensorReading.running(RunningReading(speed: 3, cadence: 170)).kind == .footpod)
        #expect(SensorReading.cycling(CyclingReading()).kind == .cyclingSpeedCadence)
        #expect(SensorReading.power(PowerReading(power: 1)).kind == .powerMeter)
    }
}
