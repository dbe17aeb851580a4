import Foundation
import HeartlineCore
import HeartlineStorage

/// One service workouts are uploaded to: how a request for a FIT file is made and how the
/// answer is read. Everything else (the queue, retries, the key file, HTTP) is the uploader's,
/// so another service (Strava's `POST /api/v3/uploads`) is one more small adapter.
protocol UploadService: Sendable {
    /// Its name in the queue, and in the log.
    var name: String { get }
    /// The request that sends `upload`'s file with `key`.
    func request(for upload: PendingUpload, key: UploadKey) -> HTTPRequest
    /// What the service's answer means.
    func result(of response: HTTPResponse) -> UploadResult
    /// The request that asks the service for the activities `upload` could be among.
    func lookup(for upload: PendingUpload, key: UploadKey) -> HTTPRequest
    /// Whether the service's answer to `lookup` lists `upload`; nil when it cannot be told.
    func lists(_ upload: PendingUpload, in response: HTTPResponse) -> Bool?
}

extension UploadResult {
    /// A request that got no answer is tried again.
    init(_ failure: HTTPFailure) {
        switch failure {
        case .timedOut: self = .noAnswer
        case .cannotConnect: self = .noConnection
        case .failed: self = .noConnection
        }
    }

    /// Whether the upload stays queued and is tried again on the schedule.
    var triesAgain: Bool {
        switch self {
        case .noAnswer, .serverFailed, .noConnection: true
        case .uploaded, .keyRefused, .fileRefused, .notSetUp, .keyFileOpen, .keyFileLink, .keyFileNotPlain, .unreadable, .redirected: false
        }
    }

    /// Whether the upload leaves the queue: it went through, or will never go as it is.
    var isFinal: Bool { self == .uploaded || self == .fileRefused }
}

/// A multipart/form-data body with one file field.
struct MultipartBody: Equatable {
    let boundary: String
    let bytes: [UInt8]

    init(field: String, fileName: String, contentType: String = "application/octet-stream", file: [UInt8], boundary: String) {
        self.boundary = boundary
        let head =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(fileName)\"\r\n"
            + "Content-Type: \(contentType)\r\n\r\n"
        bytes = Array(head.utf8) + file + Array("\r\n--\(boundary)--\r\n".utf8)
    }

    /// A boundary that does not occur in `file`.
    static func boundary(avoiding file: [UInt8]) -> String {
        while true {
            let candidate = "heartline-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let needle = Array(candidate.utf8)
            if !file.indices.contains(where: { file[$0...].starts(with: needle) }) { return candidate }
        }
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }
}
