import Foundation
import HeartlineCore
import HeartlineStorage

/// intervals.icu's upload: `POST /api/v1/athlete/{athlete}/activities` with the FIT file as the
/// multipart field `file`, HTTP basic auth as user `API_KEY` with the key as the password, and
/// the activity's `name` and an `external_id` as query parameters; the external id makes a
/// retried upload replace, not add, the activity.
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

    func result(of response: HTTPResponse) -> UploadResult {
        switch response.status {
        // 409: an activity with this external id is there already.
        case 200...299, 409: .uploaded
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
