import Foundation
import HeartlineCore
import HeartlineIO
@testable import HeartlineHeadset
import HeartlineTestSupport
import Testing

/// The production headset client and its D-Bus adapter against a mock bluetoothd
/// (python3-dbusmock's bluez5 template) on a private dbus-daemon: what Heartline says to
/// BlueZ and what it makes of BlueZ's answers and signals. No radio: the VM suite's headset
/// group runs the same client against the real bluetoothd.
@Suite(.timed, .serialized, .enabled(if: MockBluez.available, "needs python3-dbusmock and dbus-daemon (contrib/setup.sh --test)"))
struct HeadsetTests {
    static let headset = "AA:BB:CC:DD:EE:01"
    static let phone = "AA:BB:CC:DD:EE:02"
    static let carKit = "AA:BB:CC:DD:EE:03"

    /// A mock with one adapter, a client started on it, and what the client reported.
    func start() throws -> (MockBluez, HeadsetClient, HeadsetLog) {
        let mock = try MockBluez()
        try mock.addAdapter()
        let bus = try DBusConnection(address: mock.address, loop: mock.loop)
        let log = HeadsetLog()
        let client = HeadsetClient(bus: bus, loop: mock.loop) { log.record($0) }
        client.retryDelays = [0.3, 0.6]
        client.start()
        try #require(mock.spin { client.serviceUp ? true : nil } == true, "the client did not find the mock bluetoothd")
        return (mock, client, log)
    }

    @discardableResult
    func addDevices(_ mock: MockBluez) throws -> String {
        // A headset (major class audio, A2DP sink), a phone (major class phone, no audio
        // service) and a car kit known only by its hands-free service.
        let path = try mock.addDevice(
            Self.headset, name: "SHOKZ OpenRun", deviceClass: 0x24_0404, uuids: ["0000110b-0000-1000-8000-00805f9b34fb"], signal: -55)
        try mock.addDevice(Self.phone, name: "Pixel", deviceClass: 0x5A_020C, uuids: ["00001105-0000-1000-8000-00805f9b34fb"], signal: -40)
        try mock.addDevice(Self.carKit, name: "Car kit", deviceClass: 0, uuids: ["0000111e-0000-1000-8000-00805f9b34fb"], signal: -80)
        return path
    }

    @Test func findPairConnectAndForgetThroughBlueZ() throws {
        let (mock, client, log) = try start()
        let path = try addDevices(mock)
        client.perform(.find(seconds: 0.5))
        // Said once bluetoothd has begun discovering: the search's own event, before the end.
        #expect(mock.spin { log.take(.searching) } == true)
        let found = try #require(mock.spin { log.takeFound() })
        #expect(
            found == [
                FoundHeadset(address: Self.headset, name: "SHOKZ OpenRun", signal: -55, paired: false),
                FoundHeadset(address: Self.carKit, name: "Car kit", signal: -80, paired: false),
            ])
        #expect(
            try mock.mock(
                "/org/bluez/hci0", "org.freedesktop.DBus.Properties", "Get", [.string("org.bluez.Adapter1"), .string("Discovering")]
            ).first?.bool == false)

        client.perform(.pairAndConnect(address: Self.headset))
        #expect(mock.spin { log.take(.paired(address: Self.headset)) } == true)
        #expect(mock.spin { log.take(.trusted(address: Self.headset)) } == true)
        #expect(mock.spin { log.take(.connected(address: Self.headset)) } == true)
        #expect(try mock.property(path, "Paired").bool == true)
        #expect(try mock.property(path, "Trusted").bool == true)

        client.perform(.forget(address: Self.headset))
        #expect(mock.spin { log.take(.forgotten(address: Self.headset)) } == true)
        var gone: Result<[DBusValue], DBusFailure>?
        mock.control.call("org.bluez", "/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects") { gone = $0 }
        let objects = try #require(mock.spin { gone }).get().first?.entries ?? [:]
        #expect(objects[path] == nil)
        #expect(objects["/org/bluez/hci0"] != nil)
    }

    /// bluetoothd refusing to discover ends the search at once with its reason: never said as
    /// begun, and no "none found" when its time is up.
    @Test func aRefusedSearchEndsWithItsReasonAndIsNeverSaidAsBegun() throws {
        let (mock, client, log) = try start()
        _ = try mock.mock(
            "/org/bluez/hci0", "org.freedesktop.DBus.Mock", "AddMethod",
            [
                .string("org.bluez.Adapter1"), .string("StartDiscovery"), .string(""), .string(""),
                .string("raise dbus.exceptions.DBusException('Resource Not Ready', name='org.bluez.Error.NotReady')"),
            ])
        client.perform(.find(seconds: 0.5))
        #expect(mock.spin { log.take(.failed(.noService)) } == true)
        #expect(mock.spin(timeout: 1.5) { log.takeFound() } == nil)
        #expect(log.take(.searching) == nil)
    }

    @Test func theAgentAnswersAPinWithFourZerosAndTellsAPasskey() throws {
        let (mock, client, log) = try start()
        let caller = try DBusConnection(address: mock.address, loop: mock.loop)
        let device = DBusValue.objectPath("/org/bluez/hci0/dev_AA_BB_CC_DD_EE_01")
        var pin: Result<[DBusValue], DBusFailure>?
        caller.call(client.bus.uniqueName, HeadsetClient.agentPath, "org.bluez.Agent1", "RequestPinCode", [device]) { pin = $0 }
        #expect(try mock.spin { pin }?.get() == [.string("0000")])
        var shown: Result<[DBusValue], DBusFailure>?
        caller.call(
            client.bus.uniqueName, HeadsetClient.agentPath, "org.bluez.Agent1", "DisplayPasskey", [device, .uint32(123_456), .uint16(0)]
        ) { shown = $0 }
        #expect(try mock.spin { shown }?.get() == [])
        #expect(log.events.contains(.passkey(123_456)))
    }

    @Test func aKeptHeadsetThatGoesIsConnectedAgainAfterTheBackOff() throws {
        let (mock, client, log) = try start()
        try addDevices(mock)
        try mock.mock("/", "org.bluez.Mock", "PairDevice", [.string("hci0"), .string(Self.headset), .int32(0x24_0404)])
        client.perform(.keep(address: Self.headset))
        #expect(mock.spin { log.take(.connected(address: Self.headset)) } == true)

        // Switched off: a clean disconnect, which BlueZ itself never follows with a reconnection.
        try mock.mock("/", "org.bluez.Mock", "DisconnectDevice", [.string("hci0"), .string(Self.headset)])
        #expect(mock.spin { log.take(.disconnected(address: Self.headset)) } == true)
        #expect(mock.spin { log.take(.connected(address: Self.headset)) } == true)
    }

    @Test func bluetoothdLeavingTheBusAndComingBackGetsTheHeadsetBack() throws {
        let (mock, client, log) = try start()
        try addDevices(mock)
        try mock.mock("/", "org.bluez.Mock", "PairDevice", [.string("hci0"), .string(Self.headset), .int32(0x24_0404)])
        client.perform(.keep(address: Self.headset))
        #expect(mock.spin { log.take(.connected(address: Self.headset)) } == true)

        mock.stopBluez()
        #expect(mock.spin { log.take(.disconnected(address: Self.headset)) } == true)
        #expect(mock.spin { log.take(.serviceGone) } == true)

        // bluetoothd restarted: it knows the bonded headset and does not connect it.
        try mock.startBluez()
        #expect(mock.spin { log.take(.serviceBack) } == true)
        try mock.addAdapter()
        try addDevices(mock)
        try mock.mock("/", "org.bluez.Mock", "PairDevice", [.string("hci0"), .string(Self.headset), .int32(0x24_0404)])
        #expect(mock.spin { log.take(.connected(address: Self.headset)) } == true)
    }

    /// bluetoothd sets Connected as soon as the link is up, seconds before a pairing ends (the VM
    /// suite's headset group saw "connected, speech goes to it" said while it was still pairing):
    /// a headset is connected for Heartline only once it is also paired.
    @Test func aLinkUpWhilePairingIsNotTheHeadsetConnected() throws {
        let (mock, client, log) = try start()
        let path = try addDevices(mock)
        try mock.mock(
            path, "org.freedesktop.DBus.Mock", "UpdateProperties", [.string("org.bluez.Device1"), .properties(["Connected": .bool(true)])])
        // The search's answer comes after the signal (one sender, in order) and marks where it was taken.
        client.perform(.find(seconds: 0.2))
        let searched = mock.spin { log.events.contains { if case .found = $0 { true } else { false } } ? true : nil }
        #expect(searched == true)
        #expect(!log.events.contains(.connected(address: Self.headset)))

        try mock.mock(
            path, "org.freedesktop.DBus.Mock", "UpdateProperties", [.string("org.bluez.Device1"), .properties(["Paired": .bool(true)])])
        #expect(mock.spin { log.take(.connected(address: Self.headset)) } == true)
    }

    /// As the real bluetoothd does, the headset's Connected and Paired change before Pair
    /// answers: paired is said first, and connected only when Connect has answered.
    @Test func pairedIsToldBeforeConnectedWhenBluetoothdReportsBothDuringPairing() throws {
        let (mock, client, log) = try start()
        let path = try addDevices(mock)
        let pair = """
            self.props['org.bluez.Device1']['Paired'] = dbus.Boolean(True, variant_level=1)
            self.EmitSignal('org.freedesktop.DBus.Properties', 'PropertiesChanged', 'sa{sv}as', ['org.bluez.Device1', \
            {'Connected': dbus.Boolean(True, variant_level=1), 'Paired': dbus.Boolean(True, variant_level=1)}, []])
            """
        try mock.mock(
            path, "org.freedesktop.DBus.Mock", "AddMethod",
            [.string("org.bluez.Device1"), .string("Pair"), .string(""), .string(""), .string(pair)])
        client.perform(.pairAndConnect(address: Self.headset))
        #expect(mock.spin { log.events.contains(.connected(address: Self.headset)) ? true : nil } == true)
        #expect(
            log.events.filter { $0 == .paired(address: Self.headset) || $0 == .connected(address: Self.headset) } == [
                .paired(address: Self.headset), .connected(address: Self.headset),
            ])
    }

    /// A call that times out (bluetoothd killed mid-call, as the VM suite's headset group saw on
    /// Linux 6.1): libdbus removes and frees the call's timeout while it is handled, so it must
    /// not be armed again (it was, and the next turn called into freed memory: a crash).
    @Test func aCallThatTimesOutLeavesNoTimeoutArmed() throws {
        let mock = try MockBluez()
        // A peer on a loop that never runs: it never answers.
        let silent = try DBusConnection(address: mock.address, loop: try EventLoop())
        var answer: Result<[DBusValue], DBusFailure>?
        mock.control.call(silent.uniqueName, "/", "org.example.Silent", "Wait", timeout: 0.3) { answer = $0 }
        let failure = try #require(mock.spin { answer }, "no answer at all")
        #expect(throws: DBusFailure.self) { try failure.get() }
        #expect(mock.control.armedTimeouts == 0)
    }

    @Test func findingWithNoBluetoothdSaysSo() throws {
        let (mock, client, log) = try start()
        mock.stopBluez()
        #expect(mock.spin { log.take(.serviceGone) } == true)
        client.perform(.find(seconds: 0.2))
        #expect(mock.spin { log.take(.failed(.noService)) } == true)
    }
}
