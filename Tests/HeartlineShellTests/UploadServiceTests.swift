import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

@testable import HeartlineShell
@testable import HeartlineStorage

/// The intervals.icu adapter and the libcurl client against a local server that checks each
/// request as intervals.icu's API documents it, and that fails, hangs or is not there.
@Suite(.timed, .serialized) struct UploadServiceTests {
    static let key = "k3y-Only+For/Tests="

    /// A small whole FIT file, as the exporter makes it.
    static func fitFile() -> [UInt8] {
        let start = Date(timeIntervalSince1970: 1_764_000_000)
        let summary = WorkoutSummary(
            id: 7, start: start, state: .saved, configuration: WorkoutConfiguration(), duration: 60, averageHeartRate: 123,
            maximumHeartRate: 126, calories: 9)
        let samples = (1...60).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 120 + $0 % 7, rrIntervals: [1024]) }
        return FITWriter.file(summary: summary, samples: samples)
    }

    static func upload(_ file: [UInt8]) -> PendingUpload {
        PendingUpload(
            workout: 7, service: IntervalsICU.serviceName, externalID: "heartline-1764000000-7", name: "Heartline 2025-11-24 16:00",
            file: file, nextTry: Date())
    }

    static func post(to baseURL: String, athlete: String = "0", key: String = key, timeout: Double = 5) throws -> UploadResult {
        let service = IntervalsICU(baseURL: baseURL, athlete: athlete)
        let client = try HTTPClient.shared.get()
        let request = service.request(for: upload(fitFile()), key: UploadKey(value: key))
        switch client.post(request, timeout: timeout) {
        case .success(let response): return service.result(of: response)
        case .failure(let failure): return UploadResult(failure)
        }
    }

    @Test func aWorkoutGoesAsTheDocumentedRequestAndIsTakenWhole() throws {
        let server = try UploadServer(key: Self.key, athlete: "i4242")
        #expect(try Self.post(to: server.baseURL, athlete: "i4242") == .uploaded)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/api/v1/athlete/i4242/activities")
        #expect(request.auth == true)
        #expect(request.externalID == "heartline-1764000000-7")
        #expect(request.fields["name"] as? String == "Heartline 2025-11-24 16:00")
        #expect(request.filename == "heartline-heartline-1764000000-7.fit" || request.filename?.hasSuffix(".fit") == true)
        #expect(request.problem == nil, "\(request.fields)")
        #expect(server.receivedFiles == [Self.fitFile()])
    }

    @Test func aWrongKeyIsRefusedAndNotTriedAgain() throws {
        let server = try UploadServer(key: Self.key)
        let result = try Self.post(to: server.baseURL, key: "another key")
        #expect(result == .keyRefused)
        #expect(!result.triesAgain)
        #expect(server.requests.first?.auth == false)
    }

    @Test func aServerErrorIsTriedAgain() throws {
        let server = try UploadServer(key: Self.key, mode: .fail)
        let result = try Self.post(to: server.baseURL)
        #expect(result == .serverFailed)
        #expect(result.triesAgain)
    }

    @Test func aServerThatNeverAnswersTimesOutAndIsTriedAgain() throws {
        let server = try UploadServer(key: Self.key, mode: .hang)
        let started = Date()
        let result = try Self.post(to: server.baseURL, timeout: 2)
        let took = Date().timeIntervalSince(started)
        #expect(result == .noAnswer)
        #expect(result.triesAgain)
        // The request's own deadline ends it, generously bounded for a loaded machine.
        #expect(took >= 1.5 && took < 30, "took \(took) s")
    }

    @Test func aClosedPortIsNoConnectionAndIsTriedAgain() throws {
        let result = try Self.post(to: "http://127.0.0.1:\(UploadServer.closedPort())")
        #expect(result == .noConnection)
        #expect(result.triesAgain)
    }

    /// An answer lost on its way (the service took the upload): the next try asks the service
    /// first, finds the activity by its external id, and sends nothing again.
    @Test func aRetryAsksTheServiceFirstAndSendsNothingItHasAlready() throws {
        let server = try UploadServer(key: Self.key, mode: .lost)
        let service = IntervalsICU(baseURL: server.baseURL, athlete: "0")
        let client = try HTTPClient.shared.get()
        var upload = Self.upload(Self.fitFile())
        let first = UploadWorker.exchange(upload, key: UploadKey(value: Self.key), service: service, client: client, timeout: 2)
        #expect(first.result == .noAnswer)
        server.set(.ok)
        upload.attempts = 1
        let second = UploadWorker.exchange(upload, key: UploadKey(value: Self.key), service: service, client: client, timeout: 5)
        #expect(second.result == .uploaded)
        #expect(server.posts.count == 1)
        #expect(server.requests.last?.method == "GET" && server.requests.last?.problem == nil)
        #expect(server.receivedFiles.count == 1)
        // Another workout, not listed, is sent after asking.
        var other = upload
        other.externalID = "heartline-1764000000-8"
        let third = UploadWorker.exchange(other, key: UploadKey(value: Self.key), service: service, client: client, timeout: 5)
        #expect(third.result == .uploaded)
        #expect(server.posts.count == 2)
    }

    /// A 409 is not documented: it counts as done only when the service lists the activity.
    @Test func aConflictIsDoneOnlyWhenTheServiceListsTheActivity() throws {
        let server = try UploadServer(key: Self.key, mode: .conflict)
        let service = IntervalsICU(baseURL: server.baseURL, athlete: "0")
        let client = try HTTPClient.shared.get()
        let upload = Self.upload(Self.fitFile())
        let key = UploadKey(value: Self.key)
        #expect(UploadWorker.exchange(upload, key: key, service: service, client: client, timeout: 5).result == .fileRefused)
        server.set(.ok)
        #expect(UploadWorker.exchange(upload, key: key, service: service, client: client, timeout: 5).result == .uploaded)
        server.set(.conflict)
        #expect(UploadWorker.exchange(upload, key: key, service: service, client: client, timeout: 5).result == .uploaded)
    }

    @Test(arguments: [
        (200, UploadResult.uploaded), (201, .uploaded), (409, .fileRefused), (401, .keyRefused), (403, .keyRefused), (400, .fileRefused),
        (413, .fileRefused), (429, .serverFailed), (500, .serverFailed), (503, .serverFailed), (408, .noAnswer),
        (301, .redirected), (302, .redirected), (307, .redirected), (308, .redirected),
    ])
    func answersAreReadAsTheirStatusSays(status: Int, result: UploadResult) {
        #expect(IntervalsICU(baseURL: "https://intervals.icu", athlete: "0").result(of: HTTPResponse(status: status, body: [])) == result)
    }

    /// A 429's Retry-After is the wait before the next try (at most a day), not the back-off.
    @Test func aBusyServersRetryAfterIsTheWaitBeforeTheNextTry() throws {
        let server = try UploadServer(key: Self.key, mode: .busy)
        let service = IntervalsICU(baseURL: server.baseURL, athlete: "0")
        let request = service.request(for: Self.upload(Self.fitFile()), key: UploadKey(value: Self.key))
        let response = try HTTPClient.shared.get().post(request, timeout: 5).get()
        #expect(response.status == 429 && response.retryAfter == 120)
        #expect(service.result(of: response) == .serverFailed)
        #expect(UploadWorker.delay(after: 1, retryAfter: response.retryAfter) == 120)
        #expect(UploadWorker.delay(after: 1, retryAfter: nil) == 60)
        #expect(UploadWorker.delay(after: 2, retryAfter: 10_000_000) == 86400)
    }

    /// A redirect is never followed (the key would go with it) and not tried again as a server
    /// fault: it is said as one, kept for the next start.
    @Test func aRedirectIsNotFollowedNorRetriedAsAServerFault() throws {
        let server = try UploadServer(key: Self.key, mode: .moved)
        let result = try Self.post(to: server.baseURL)
        #expect(result == .redirected)
        #expect(!result.triesAgain && !result.isFinal)
        // The server logs each request before it answers: a followed redirect would be logged
        // before the post returned.
        #expect(server.requests.count == 1)
    }

    /// The key file is read as a file from outside: a link is refused as a link, a FIFO and a
    /// file too large for a key as not a plain file, each at once.
    @Test func aLinkAFIFOAndAnOversizedKeyFileAreRefusedEachForWhatItIs() throws {
        let folder = TemporaryDirectory()
        let real = folder.path + "/real.key"
        try (Self.key + "\n").write(toFile: real, atomically: true, encoding: .utf8)
        chmod(real, 0o600)
        let link = folder.path + "/link.key"
        symlink(real, link)
        #expect(UploadKey.check(link) == .keyFileLink)
        let fifo = folder.path + "/fifo.key"
        mkfifo(fifo, 0o600)
        #expect(UploadKey.check(fifo) == .keyFileNotPlain)
        let large = folder.path + "/large.key"
        try String(repeating: "k", count: UploadKey.largestFile + 1).write(toFile: large, atomically: true, encoding: .utf8)
        chmod(large, 0o600)
        #expect(UploadKey.check(large) == .keyFileNotPlain)
        #expect(UploadKey.check(real) == nil)
    }

    /// The key travels only over HTTPS; plain HTTP only to this machine's loopback address.
    @Test func theKeyGoesOnlyOverHTTPSOrToTheLoopbackAddress() throws {
        for url in [
            "https://intervals.icu", "https://example.org:8443/base", "http://127.0.0.1:8080", "http://localhost:1/", "http://[::1]:99",
            "HTTP://127.0.0.1",
        ] {
            #expect(Configuration.parse("upload.url = \(url)\n").problems.isEmpty, "\(url)")
        }
        for url in [
            "http://intervals.icu", "http://example.org:8080", "http://127.0.0.1.example.org", "http://localhost.example.org/",
            "http://127.0.0.1@example.org", "http://10.0.0.1", "ftp://intervals.icu", "https://", "http://[::1].example.org",
        ] {
            let (configuration, problems) = Configuration.parse("upload.url = \(url)\n")
            #expect(problems.map(\.reason) == [.webAddress], "\(url)")
            #expect(configuration.upload.baseURL == "https://intervals.icu", "\(url)")
        }
        // Asked to send over plain HTTP anywhere else, libcurl refuses before connecting.
        let service = IntervalsICU(baseURL: "http://192.0.2.1", athlete: "0")
        let request = service.request(for: Self.upload(Self.fitFile()), key: UploadKey(value: Self.key))
        let started = Date()
        guard case .failure(.failed) = try HTTPClient.shared.get().post(request, timeout: 20) else {
            Issue.record("plain HTTP to another host was not refused")
            return
        }
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func theBackOffIsOneFiveFifteenAndSixtyMinutesThenHourly() {
        #expect((1...6).map { UploadWorker.delay(after: $0) } == [60, 300, 900, 3600, 3600, 3600])
    }

    @Test func theKeyFileMustBeOnlyItsOwnersAndIsNeverInTheRequestInTheClear() throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/intervals.key"
        #expect(UploadKey.check(path) == .notSetUp)
        try (Self.key + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        #expect(UploadKey.check(path) == .keyFileOpen)
        chmod(path, 0o600)
        #expect(UploadKey.check(path) == nil)
        #expect(try UploadKey.read(path).value == Self.key)
        let request = IntervalsICU(baseURL: "https://intervals.icu", athlete: "0").request(
            for: Self.upload(Self.fitFile()), key: try UploadKey.read(path))
        #expect(request.url.hasPrefix("https://intervals.icu/api/v1/athlete/0/activities?"))
        #expect(!request.url.contains(Self.key))
        #expect(!request.headers.contains { $0.contains(Self.key) })
    }
}
