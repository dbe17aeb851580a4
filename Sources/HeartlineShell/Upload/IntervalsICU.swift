import Foundation
import HeartlineCore
import HeartlineStorage

/// intervals.icu's upload: `POST /api/v1/athlete/{athlete}/activities` with the FIT file as the
/// multipart field `file`, HTTP basic auth as user `API_KEY` with the key as the password, and
/// the activity's `name` and an `external_id` as query parameters.
///
/// What intervals.icu does with an `external_id` sent again, and what a 409 means, is not in its
/// documentation: neither is trusted to prevent a duplicate. Before an upload is sent again (an
/// earlier try may have reached the service without its answer reaching Heartline), and on a
/// 409, the service is asked for the athlete's activities around the workout's start
/// (`GET /api/v1/athlete/{athlete}/activities?oldest=&newest=`, documented) and one carrying
/// this external id counts as the upload done.
struct IntervalsICU: UploadService {
    static let serviceName = "intervals.icu"
    /// Without a trailing slash, e.g. https://intervals.icu.
    let baseURL: String
    /// "0" is the key's own athlete.
    let athlete: String

    var name: String { Self.serviceName }

    func request(for upload: PendingUpload, key: UploadKey) -> HTTPRequest {
        let boundary = MultipartBody.boundary(avoiding: upload.file)
        let fileName = "heartline-\(upload.externalID).fit"
        let body = MultipartBody(field: "file", fileName: fileName, file: upload.file, boundary: boundary)
        var components = URLComponents()
        components.queryItems = [
            URLQueryItem(name: "name", value: upload.name), URLQueryItem(name: "external_id", value: upload.externalID),
        ]
        // URLComponents leaves "+" alone, which a server reads as a space.
        let query = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        let credentials = Data("API_KEY:\(key.value)".utf8).base64EncodedString()
        return HTTPRequest(
            url: "\(baseURL)/api/v1/athlete/\(athlete)/activities?\(query)",
            headers: ["Authorization: Basic \(credentials)", "Content-Type: \(body.contentType)", "Accept: application/json"],
            body: body.bytes)
    }

    func lookup(for upload: PendingUpload, key: UploadKey) -> HTTPRequest {
        let start = Self.start(of: upload) ?? Date()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        // A day either side: the service files an activity under the athlete's own date.
        let oldest = formatter.string(from: start.addingTimeInterval(-86400))
        let newest = formatter.string(from: start.addingTimeInterval(86400))
        let credentials = Data("API_KEY:\(key.value)".utf8).base64EncodedString()
        return HTTPRequest(
            url: "\(baseURL)/api/v1/athlete/\(athlete)/activities?oldest=\(oldest)&newest=\(newest)&fields=id,external_id",
            headers: ["Authorization: Basic \(credentials)", "Accept: application/json"], body: [], isGet: true)
    }

    func lists(_ upload: PendingUpload, in response: HTTPResponse) -> Bool? {
        guard response.status == 200,
            let activities = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]]
        else { return nil }
        return activities.contains { $0["external_id"] as? String == upload.externalID }
    }

    /// The workout's start, from its external id (`heartline-START-ID`).
    static func start(of upload: PendingUpload) -> Date? {
        let parts = upload.externalID.split(separator: "-")
        guard parts.count == 3, let seconds = TimeInterval(parts[1]) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    func result(of response: HTTPResponse) -> UploadResult {
        switch response.status {
        case 200...299: .uploaded
        // 409 is not documented: the uploader asks the service whether the activity is there.
        case 409: .fileRefused
        // Never followed: the key would go on to wherever it points.
        case 300...399: .redirected
        case 401, 403: .keyRefused
        case 408: .noAnswer
        case 429: .serverFailed
        case 400...499: .fileRefused
        default: .serverFailed
        }
    }
}
