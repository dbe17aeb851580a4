import Foundation
import HeartlineCore

/// Powers the computer off through logind, which allows it to the user at the console (polkit's
/// default for an active local session), so the SD card is never pulled from under a running
/// database. Nothing is forced: where logind says no, or is not there, the core says so.
enum PowerOff {
    static let busctl = "/usr/bin/busctl"
    static let manager = ["org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager"]

    /// Asks logind to power off; the input for the core when it cannot.
    static func request() -> Input? {
        guard let answer = call(["CanPowerOff"]), answer.contains("\"yes\"") else { return .powerOffRefused }
        // false: no interactive authentication; the console user is allowed or refused at once.
        guard call(["PowerOff", "b", "false"]) != nil else { return .powerOffRefused }
        return nil
    }

    /// Runs one busctl method call on logind's manager; its output, or nil when it failed.
    private static func call(_ method: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: busctl)
        process.arguments = ["--system", "call"] + manager + method
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
