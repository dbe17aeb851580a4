#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// A private dbus-daemon for one test, with python3-dbusmock's services on it (bluetoothd,
/// udisks2): every process it started is killed when the value goes.
public final class PrivateBus {
    public let address: String
    private let daemon = Process()
    private var services: [Process] = []

    public init() throws {
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // The daemon prints its address, one line, once it listens.
        var text = Data()
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text.append(chunk)
        }
        address = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        // SIGKILL: a test runner's children may inherit a mask that blocks SIGTERM.
        for process in services.reversed() + [daemon] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Starts python3-dbusmock with `template` (a template's name, or a file's path) on the bus
    /// and waits until it owns `name`: gdbus waits on the bus's NameOwnerChanged signal for it.
    /// - Parameter log: where the mock logs each method called on it.
    @discardableResult
    public func startMock(template: String, name: String, log: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "dbusmock", "--session", "--template", template] + (log.map { ["-l", $0] } ?? [])
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        services.append(process)
        let (status, _) = try gdbus(["wait", "--address", address, "--timeout", "20", name])
        guard status == 0 else { throw POSIXError(.ETIMEDOUT) }
        return process
    }

    /// Calls a method on the bus with gdbus, its arguments in GVariant text; gdbus's output.
    @discardableResult
    public func call(_ destination: String, _ path: String, _ method: String, _ arguments: [String]) throws -> String {
        try gdbus(
            ["call", "--address", address, "--timeout", "20", "--dest", destination, "--object-path", path, "--method", method]
                + arguments
        ).output
    }

    private func gdbus(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}
