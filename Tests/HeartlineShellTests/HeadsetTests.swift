#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// Heartline on a terminal (in-process, on a real pseudo-terminal) pairs a headset by ear through
/// a mock bluetoothd
/// (python3-dbusmock's bluez5 template on a private dbus-daemon, reached through
/// HEARTLINE_DBUS_ADDRESS), and gets it back after the headset drops.
@Suite(
    .timed,
    .serialized,
    .enabled(
        if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/templates/bluez5.py")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus"),
        "needs python3-dbusmock and gdbus (contrib/setup.sh --test)"))
struct HeadsetByEarTests {
    /// A private bus with the mock bluetoothd on it, stopped when the value goes.
    final class MockBus {
        let bus: PrivateBus
        var address: String { bus.address }

        init() throws {
            bus = try PrivateBus()
            try bus.startMock(template: "bluez5", name: "org.bluez")
        }

        /// Calls a method on the bus with gdbus; its arguments in GVariant text.
        @discardableResult
        func call(_ destination: String, _ path: String, _ method: String, _ arguments: [String]) throws -> String {
            try bus.call(destination, path, method, arguments)
        }
    }

    @Test(.inProcessTerminal) func aHeadsetIsFoundPairedAndConnectedByEarAndComesBackAfterItGoes() throws {
        let bus = try MockBus()
        try bus.call("org.bluez", "/", "org.bluez.Mock.AddAdapter", ["hci0", "heartline-test"])
        try bus.call("org.bluez", "/", "org.bluez.Mock.AddDevice", ["hci0", "AA:BB:CC:DD:EE:01", "SHOKZ OpenRun"])
        try bus.call("org.bluez", "/", "org.bluez.Mock.AddDevice", ["hci0", "AA:BB:CC:DD:EE:02", "Pixel"])
        try bus.call(
            "org.bluez", "/org/bluez/hci0/dev_AA_BB_CC_DD_EE_01", "org.freedesktop.DBus.Mock.UpdateProperties",
            ["org.bluez.Device1", "{'Class': <uint32 2360324>, 'UUIDs': <['0000110b-0000-1000-8000-00805f9b34fb']>, 'RSSI': <int16 -55>}"])
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"],
            environment: ["HEARTLINE_DBUS_ADDRESS": bus.address])
        #expect(terminal.waitFor("menu: 5, Resting check."))
        var mark = terminal.mark
        terminal.type("settings\r")
        #expect(terminal.waitFor("menu: 8, Power off.", after: mark))
        mark = terminal.mark
        terminal.type("7")
        #expect(terminal.waitFor("menu: 1, Find headsets.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: Looking for Bluetooth headsets", after: mark))
        #expect(terminal.waitFor("menu: 1, SHOKZ OpenRun, strong signal.", after: mark, timeout: 30))
        #expect(!terminal.output(after: mark).contains("Pixel"), "a phone is no headset")
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: SHOKZ OpenRun is connected. Speech goes to it.", after: mark, timeout: 30))
        #expect(terminal.output(after: mark).contains("answer: Pairing with SHOKZ OpenRun."))

        // Switched off and on: a clean disconnect, after which BlueZ itself never reconnects.
        mark = terminal.mark
        try bus.call("org.bluez", "/", "org.bluez.Mock.DisconnectDevice", ["hci0", "AA:BB:CC:DD:EE:01"])
        #expect(terminal.waitFor("answer: SHOKZ OpenRun is back.", after: mark, timeout: 30))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)

        // Remembered: the next start keeps it, and the Headset screen names it.
        let again = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"],
            environment: ["HEARTLINE_DBUS_ADDRESS": bus.address])
        #expect(again.waitFor("menu: 5, Resting check."))
        mark = again.mark
        again.type("settings\r")
        #expect(again.waitFor("menu: 8, Power off.", after: mark))
        mark = again.mark
        again.type("7")
        #expect(again.waitFor("menu: Remembered headset: SHOKZ OpenRun", after: mark))
        again.type("quit\r")
        #expect(again.waitForExit() == 0)
    }
}
