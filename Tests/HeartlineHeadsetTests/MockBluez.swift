#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineIO
@testable import HeartlineHeadset
import HeartlineTestSupport
import Testing

/// A private dbus-daemon with python3-dbusmock's bluez5 template on it: bluetoothd's D-Bus
/// side, adapters and devices made by the test, with no radio.
final class MockBluez {
    /// Whether python3-dbusmock and dbus-daemon are installed (contrib/setup.sh --test).
    static var available: Bool {
        FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/templates/bluez5.py")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
    }

    let loop: EventLoop
    let address: String
    private let bus: PrivateBus
    private var bluez: Process?
    /// The test's own connection, for the mock's control methods.
    let control: DBusConnection

    private let lock = SoundAndBusLock()

    init() throws {
        loop = try EventLoop()
        bus = try PrivateBus()
        address = bus.address
        control = try DBusConnection(address: address, loop: loop)
        try startBluez()
    }

    deinit {
        stopBluez()
        control.close()
    }

    /// Starts the mock bluetoothd and waits until it owns org.bluez.
    func startBluez() throws {
        bluez = try bus.startMock(template: "bluez5", name: "org.bluez")
    }

    /// Stops the mock bluetoothd, as a crash would: its name leaves the bus.
    func stopBluez() {
        guard let bluez else { return }
        // SIGKILL: a crash, and the runner's children may inherit a mask that blocks SIGTERM.
        kill(bluez.processIdentifier, SIGKILL)
        bluez.waitUntilExit()
        self.bluez = nil
    }

    /// Turns the loop until `value` gives something, or `timeout` seconds pass.
    @discardableResult
    func spin<T>(timeout: Double = 10, _ value: () -> T?) -> T? {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(timeout * 1000)))
        while ContinuousClock.now < deadline {
            if let value = value() { return value }
            loop.turn(maximumWait: 0.05)
        }
        return value()
    }

    /// Calls one of the mock's methods and waits for its reply.
    @discardableResult
    func mock(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue]) throws -> [DBusValue] {
        var result: Result<[DBusValue], DBusFailure>?
        control.call("org.bluez", path, interface, member, arguments) { result = $0 }
        let reply = try #require(spin { result }, "no reply to \(member)")
        return try reply.get()
    }

    func addAdapter() throws {
        try mock("/", "org.bluez.Mock", "AddAdapter", [.string("hci0"), .string("heartline-test")])
    }

    /// Adds a device as discovery would find it, with its class, services and signal.
    @discardableResult
    func addDevice(_ address: String, name: String, deviceClass: UInt32, uuids: [String], signal: Int16) throws -> String {
        let path = try mock("/", "org.bluez.Mock", "AddDevice", [.string("hci0"), .string(address), .string(name)]).first?.string ?? ""
        try mock(
            path, "org.freedesktop.DBus.Mock", "UpdateProperties",
            [
                .string("org.bluez.Device1"),
                .properties([
                    "Class": .uint32(deviceClass), "UUIDs": .array(element: "s", uuids.map { .string($0) }), "RSSI": .int16(signal),
                ]),
            ])
        return path
    }

    /// A device's property as the mock holds it.
    func property(_ path: String, _ name: String) throws -> DBusValue {
        var result: Result<DBusValue, DBusFailure>?
        control.getProperty("org.bluez", path, "org.bluez.Device1", name) { result = $0 }
        return try #require(spin { result }).get()
    }
}

/// Every event a headset client reported, in order.
final class HeadsetLog {
    private(set) var events: [HeadsetEvent] = []

    func record(_ event: HeadsetEvent) { events.append(event) }

    /// Whether `event` was reported, and forgets what came before it.
    func take(_ event: HeadsetEvent) -> Bool? {
        guard let index = events.firstIndex(of: event) else { return nil }
        events.removeFirst(index + 1)
        return true
    }

    func takeFound() -> [FoundHeadset]? {
        guard let index = events.firstIndex(where: { if case .found = $0 { true } else { false } }) else { return nil }
        guard case .found(let found) = events[index] else { return nil }
        events.removeFirst(index + 1)
        return found
    }
}
