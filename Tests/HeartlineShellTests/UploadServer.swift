#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// Tests/Fixtures/upload/intervals-server.py on 127.0.0.1: intervals.icu's upload endpoint as
/// its documentation describes it, checking every request and logging what it found.
final class UploadServer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/upload/intervals-server.py").standardized.path

    enum Mode: String {
        /// 201, or 400 when a check failed.
        case ok
        /// 500.
        case fail
        /// Reads the request and never answers.
        case hang
        /// 429 with Retry-After: 120.
        case busy
        /// 308 to another path of the same server.
        case moved
        /// Takes the activity and never answers: the answer is lost on its way.
        case lost
        /// 409, whatever was sent.
        case conflict
    }

    let directory = TemporaryDirectory()
    let process = Process()
    let port: Int
    let key: String
    let athlete: String

    init(key: String, athlete: String = "0", mode: Mode = .ok) throws {
        self.key = key
        self.athlete = athlete
        try FileManager.default.createDirectory(atPath: directory.path + "/received", withIntermediateDirectories: true)
        let portFile = directory.path + "/port"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            Self.script, "--port-file", portFile, "--log", directory.path + "/log", "--mode-file", directory.path + "/mode", "--key", key,
            "--athlete", athlete, "--keep", directory.path + "/received",
        ]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        // The server renames its port file into place once it listens.
        var found: Int?
        _ = FileWatch.wait(in: directory.path, timeout: 10) {
            found = Int(FileWatch.contents(of: portFile))
            return found != nil
        }
        port = try #require(found, "the upload server did not start")
        set(mode)
    }

    deinit {
        // SIGKILL: a handler thread that hangs on purpose must not keep it alive, and a SIGTERM
        // ignored by whatever started the tests is ignored by the server too.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func set(_ mode: Mode) {
        try? mode.rawValue.write(toFile: directory.path + "/mode", atomically: true, encoding: .utf8)
    }

    /// One line of the log: a request as the server saw it.
    struct Request {
        let fields: [String: Any]
        var method: String? { fields["method"] as? String }
        var path: String? { fields["path"] as? String }
        var auth: Bool? { fields["auth"] as? Bool }
        var externalID: String? { fields["external_id"] as? String }
        var filename: String? { fields["filename"] as? String }
        var bytes: Int? { fields["bytes"] as? Int }
        /// What was wrong with it; nil when every check passed.
        var problem: String? { fields["problem"] as? String }
    }

    var requests: [Request] {
        let text = (try? String(contentsOfFile: directory.path + "/log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.map(Request.init)
    }

    /// The uploads (POSTs) among the requests.
    var posts: [Request] { requests.filter { $0.method == "POST" } }

    /// Waits until the server has logged `count` requests.
    func waitForRequests(_ count: Int, timeout: TimeInterval = 20) -> Bool {
        FileWatch.wait(in: directory.path, timeout: timeout) { requests.count >= count }
    }

    /// The FIT files received whole, in order.
    var receivedFiles: [[UInt8]] {
        let folder = directory.path + "/received"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        return names.compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map { [UInt8]($0) } }
    }

    /// A port on 127.0.0.1 that nothing listens on.
    static func closedPort() -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                _ = bind(socket, pointer, length)
                return getsockname(socket, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
