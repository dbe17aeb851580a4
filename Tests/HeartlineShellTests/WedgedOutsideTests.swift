#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// Outside things wedged before Heartline first touches them: a key is still answered while they
/// stay wedged. The order of the sentences is what is checked (the answer to a key comes before
/// the wedged thing's bound runs out); the milliseconds belong to the benchmark.
@Suite(.timed) struct WedgedOutsideTests {
    /// A Unix socket that takes connections into its backlog and never reads them: a bus whose
    /// daemon is stopped, as a wedged system bus is.
    final class SilentSocket {
        let path: String
        private let descriptor: Int32

        init(path: String) throws {
            self.path = path
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(descriptor, 16) == 0 else {
                close(descriptor)
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }

        var busAddress: String { "unix:path=" + path }

        deinit { close(descriptor) }
    }

    /// "Find headsets" on a bus that never answers: "where" typed after it is answered first,
    /// then the search is said to have no Bluetooth once the opening's bound has passed.
    @Test func aBusThatNeverAnswersHoldsNoKeyWhileHeadsetsAreLookedFor() throws {
        let folder = TemporaryDirectory()
        let bus = try SilentSocket(path: folder.path + "/bus")
        let heartline = try InProcessScript(
            ["--speech", "transcript", "--data-dir", folder.path + "/data", "--config", "/dev/null"],
            environment: ["HEARTLINE_DBUS_ADDRESS": bus.busAddress])
        heartline.send("settings", "headset", "find headsets", "where")
        let answers = ["answer: You are on", "answer: Bluetooth is not running, so no headset can be found."]
        let first = heartline.waitForLine(timeout: 40) { line in answers.contains { line.hasPrefix($0) } }
        #expect(first?.hasPrefix(answers[0]) == true, "\(heartline.transcript)")
        #expect(heartline.waitForLine(answers[1], timeout: 40) != nil, "\(heartline.transcript)")
        heartline.send("quit")
        #expect(heartline.waitForExit() == 0)
    }

    /// The stick watch opens the bus as a terminal's run starts: on a bus that never answers,
    /// the first key is answered all the same.
    @Test(.inProcessTerminal) func aBusThatNeverAnswersHoldsNoKeyAtStart() throws {
        let folder = TemporaryDirectory()
        let bus = try SilentSocket(path: folder.path + "/bus")
        let log = folder.path + "/log"
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", folder.path + "/data", "--config", "/dev/null", "--echo", "none"],
            environment: ["HEARTLINE_DBUS_ADDRESS": bus.busAddress], logFile: log)
        #expect(terminal.waitFor("menu: 5, Resting check.", after: 0, timeout: 20))
        let mark = terminal.mark
        terminal.type("where\r")
        #expect(terminal.waitFor("answer: You are on", after: mark, timeout: 20), "\(terminal.screen.suffix(400))")
        // Still wedged: the watch has not given up yet.
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(!logged.contains("stick: no D-Bus system bus"), "\(logged)")
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
    }
}
