#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// The system buses the loop benchmark hands Heartline through `HEARTLINE_DBUS_ADDRESS`.
enum OutsideBus {
    /// A Unix socket that takes connections into its backlog and never reads them: a bus whose
    /// daemon is stopped, as a wedged system bus is.
    final class Silent {
        let address: String
        private let descriptor: Int32

        init(path: String) throws {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw StorageBenchmark.BenchmarkError("socket: \(String(cString: strerror(errno)))") }
            var socketAddress = sockaddr_un()
            socketAddress.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &socketAddress.sun_path) { bytes in
                for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(descriptor, 16) == 0 else {
                close(descriptor)
                throw StorageBenchmark.BenchmarkError("cannot listen on \(path)")
            }
            self.descriptor = descriptor
            address = "unix:path=" + path
        }

        deinit { close(descriptor) }
    }

    /// A private dbus-daemon with python3-dbusmock's udisks2 template on it (the test suite's
    /// template, which adds and pulls out sticks on request).
    final class UDisks {
        let address: String
        private let daemon = Process()
        private let udisks = Process()

        init(template: String) throws {
            guard FileManager.default.fileExists(atPath: template) else {
                throw StorageBenchmark.BenchmarkError(
                    "no udisks2 mock template at \(template); run from the package's root or pass --stick-template")
            }
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            daemon.arguments = ["--session", "--nofork", "--print-address=1"]
            let output = Pipe()
            daemon.standardOutput = output
            daemon.standardError = FileHandle.nullDevice
            try daemon.run()
            var text = Data()
            while !text.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text.append(chunk)
            }
            address = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            udisks.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            udisks.arguments = ["-m", "dbusmock", "--session", "--template", template]
            udisks.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
            udisks.standardOutput = FileHandle.nullDevice
            udisks.standardError = FileHandle.nullDevice
            try udisks.run()
            // gdbus waits on the bus's NameOwnerChanged signal for the name.
            guard try Self.gdbus(["wait", "--address", address, "--timeout", "20", "org.freedesktop.UDisks2"]) == 0 else {
                throw StorageBenchmark.BenchmarkError("the udisks2 mock did not take its name")
            }
        }

        func plugIn(_ directory: String) throws { try mock("AddStick", ["sdb", directory, "false"]) }
        func pullOut() throws { try mock("RemoveStick", ["sdb"]) }

        private func mock(_ method: String, _ arguments: [String]) throws {
            let status = try Self.gdbus(
                [
                    "call", "--address", address, "--dest", "org.freedesktop.UDisks2", "--object-path", "/org/freedesktop/UDisks2",
                    "--method", "org.freedesktop.DBus.Mock." + method,
                ] + arguments)
            guard status == 0 else { throw StorageBenchmark.BenchmarkError("the udisks2 mock refused \(method)") }
        }

        private static func gdbus(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }

        deinit {
            for process in [udisks, daemon] where process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }
}
