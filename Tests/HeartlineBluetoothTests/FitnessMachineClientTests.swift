import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

/// The production GATT client set up for a fitness machine, against the fake treadmill in
/// memory: what it reads at connection, and the control point's rules (indications on before the
/// first write, Request Control first, one request outstanding at a time).
@Suite(.timed) struct FitnessMachineClientTests {
    static func controlWrites(_ strap: FakeStrap) -> [[UInt8]] {
        strap.writes.filter { $0.handle == FakeFitnessMachine.controlPointHandle }.map(\.value)
    }

    static func answers(_ events: [SensorEvent]) -> [MachineEvent] {
        events.compactMap { if case .machine(let event) = $0 { event } else { nil } }
    }

    @Test("a treadmill is described by its features and ranges before it is announced")
    func described() throws {
        let machine = FakeFitnessMachine()
        var link = InMemoryLink(strap: machine.strap, client: GATTClient(sensor: .fitnessMachine))
        link.start()
        #expect(link.failure == nil)
        // Inclination is a target, with no range characteristic to say its range.
        let targets: [MachineTarget: MachineRange?] = [.speed: MachineRange(minimum: 0.5, maximum: 18, step: 0.1), .incline: nil]
        let described = MachineDescription(type: .treadmill, targets: targets, steerable: true)
        #expect(link.events.prefix(2) == [.machine(.described(described)), .connected(name: "Track 5")])
        // Control point indications (02 00), status and data notifications (01 00) are on.
        #expect(machine.strap.value(at: FakeFitnessMachine.controlPointConfigurationHandle) == [0x02, 0x00])
        #expect(machine.notifying)
        // A notification of speed, distance, incline and heart rate is one reading in SI units.
        link.strapSends(machine.notification(after: 1))
        let readings = SensorGATTTests.sensorReadings(link.events)
        #expect(readings == [.machine(MachineReading(type: .treadmill, speed: 8 / 3.6, distance: 2, incline: 0, heartRate: 128))])
    }

    @Test("Request Control goes first, and each request waits for the indication of the one before")
    func oneAtATime() throws {
        let machine = FakeFitnessMachine()
        let strap = machine.strap
        // A machine that answers each write at once and indicates only when told.
        var indications: [[UInt8]] = []
        strap.writeHandler = { handle, value in
            guard handle == FakeFitnessMachine.controlPointHandle else { return nil }
            indications.append([0x1D] + FakeStrap.le(handle) + [0x80, value.first ?? 0, 0x01])
            return [[0x13]]
        }
        var link = InMemoryLink(strap: strap, client: GATTClient(sensor: .fitnessMachine))
        link.start()
        let configured = strap.writes.firstIndex { $0.handle == FakeFitnessMachine.controlPointConfigurationHandle }
        #expect(configured != nil && Self.controlWrites(strap).isEmpty)
        link.steer(.set(.speed, 10))
        link.steer(.set(.incline, 2))
        #expect(Self.controlWrites(strap) == [[0x00]])
        link.strapSends(indications.removeFirst())
        #expect(Self.controlWrites(strap) == [[0x00], [0x02, 0xE8, 0x03]])
        #expect(Self.answers(link.events).count == 1)
        link.strapSends(indications.removeFirst())
        #expect(Self.controlWrites(strap) == [[0x00], [0x02, 0xE8, 0x03], [0x03, 0x14, 0x00]])
        link.strapSends(indications.removeFirst())
        #expect(
            Self.answers(link.events).dropFirst() == [.answered(.set(.speed, 10), .success), .answered(.set(.incline, 2), .success)])
        #expect(indications.isEmpty)
    }

    @Test("control taken back: said, and the next command asks for control again first")
    func controlLost() throws {
        let machine = FakeFitnessMachine()
        var link = InMemoryLink(strap: machine.strap, client: GATTClient(sensor: .fitnessMachine))
        link.start()
        link.steer(.set(.speed, 9))
        #expect(machine.controlWrites == [[0x00], [0x02, 0x84, 0x03]])
        link.strapSends(machine.controlLostNotification)
        #expect(Self.answers(link.events).last == .controlLost)
        link.steer(.stop)
        #expect(machine.controlWrites == [[0x00], [0x02, 0x84, 0x03], [0x00], [0x08, 0x01]])
        #expect(Self.answers(link.events).last == .answered(.stop, .success))
    }

    @Test("a refusal of control answers every command waiting, and nothing else is written")
    func controlRefused() throws {
        let machine = FakeFitnessMachine()
        let strap = machine.strap
        var indications: [[UInt8]] = []
        strap.writeHandler = { handle, value in
            guard handle == FakeFitnessMachine.controlPointHandle else { return nil }
            indications.append([0x1D] + FakeStrap.le(handle) + [0x80, value.first ?? 0, 0x05])
            return [[0x13]]
        }
        var link = InMemoryLink(strap: strap, client: GATTClient(sensor: .fitnessMachine))
        link.start()
        link.steer(.start)
        link.steer(.set(.speed, 12))
        link.strapSends(indications.removeFirst())
        #expect(Self.controlWrites(strap) == [[0x00]])
        #expect(
            Self.answers(link.events).dropFirst() == [
                .answered(.start, .controlNotPermitted), .answered(.set(.speed, 12), .controlNotPermitted),
            ])
    }

    @Test("an answer never indicated fails after the transaction timeout, and the next command goes")
    func answerNeverIndicated() throws {
        let machine = FakeFitnessMachine()
        let strap = machine.strap
        var silent = true
        strap.writeHandler = { handle, value in
            guard handle == FakeFitnessMachine.controlPointHandle else { return nil }
            return silent ? [[0x13]] : [[0x13], [0x1D] + FakeStrap.le(handle) + [0x80, value.first ?? 0, 0x01]]
        }
        var link = InMemoryLink(strap: strap, client: GATTClient(sensor: .fitnessMachine))
        link.start()
        link.steer(.set(.speed, 10))
        link.now += 10
        link.steer(.stop)
        // Within the timeout the stop waits behind Request Control.
        #expect(Self.controlWrites(strap) == [[0x00]])
        silent = false
        link.now += 31
        link.steer(.pause)
        // Request Control was never answered: every command waiting failed; the pause asks again.
        #expect(
            Self.answers(link.events).dropFirst() == [
                .answered(.set(.speed, 10), .failed), .answered(.stop, .failed), .answered(.pause, .success),
            ])
        #expect(Self.controlWrites(strap) == [[0x00], [0x00], [0x08, 0x02]])
    }

    @Test("a client whose connection failed answers no command")
    func failedClientIsSilent() {
        var client = GATTClient(sensor: .fitnessMachine)
        _ = client.start(now: 0)
        #expect(client.tick(now: 31).contains(.fail(.transactionTimeout(request: 0x02))))
        #expect(client.steer(.stop, now: 32) == [])
    }

    @Test("a rower's stroke rate is its cadence and its pace a 500-metre split")
    func rower() {
        let data = RowerData(strokes: .init(rate: 56, count: 212), totalDistance: 1200, instantaneousPace: 120, instantaneousPower: 180)
        var records = MachineRecords()
        let readings = records.add(data.encoded, of: .rower)
        #expect(readings == [MachineReading(type: .rower, speed: 500 / 120, distance: 1200, cadence: 28, power: 180, split: 120)])
    }
}
