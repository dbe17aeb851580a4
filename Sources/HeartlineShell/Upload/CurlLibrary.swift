#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// One HTTP request, as a service adapter builds it.
struct HTTPRequest: Equatable, Sendable {
    var url: String
    /// Whole header lines, `Name: value`.
    var headers: [String]
    /// Sent with POST.
    var body: [UInt8]
    /// GET rather than POST (the body is then not sent).
    var isGet = false
}

/// The server's answer: its status and up to `HTTPClient.longestAnswer` bytes of its body.
struct HTTPResponse: Equatable, Sendable {
    var status: Int
    var body: [UInt8]
    /// The seconds a Retry-After header asks to wait (given as seconds or as a date), if any.
    var retryAfter: Int? = nil
}

/// Why a request got no answer.
enum HTTPFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing came back in time.
    case timedOut
    /// The server could not be reached: refused, no route, no such name.
    case cannotConnect(String)
    /// Anything else: TLS, a broken connection, libcurl missing.
    case failed(String)

    var description: String {
        switch self {
        case .timedOut: "no answer in time"
        case .cannotConnect(let reason): "cannot connect: \(reason)"
        case .failed(let reason): reason
        }
    }
}

/// HTTPS through libcurl, the one file that knows it.
///
/// libcurl is loaded with dlopen on the first upload, not linked: it brings OpenSSL, nghttp2,
/// libssh2, LDAP, Kerberos and more, and a Heartline that never uploads should neither load them
/// at every launch nor fail to start without them. Only the few functions used are looked up;
/// their types are those of <curl/curl.h>, so no headers are needed. `curl_easy_setopt` and
/// `curl_easy_getinfo` are variadic in C and are called here with their one argument's type,
/// which the System V (x86-64) and AAPCS64 (Linux arm64) calling conventions pass as they pass a
/// variadic argument.
final class HTTPClient: @unchecked Sendable {
    /// Debian's libcurl4 (OpenSSL), else libcurl3-gnutls.
    static let libraryNames = ["libcurl.so.4", "libcurl-gnutls.so.4"]
    /// More of an answer than this is not kept: the adapters read a status and a short body.
    static let longestAnswer = 65536

    /// The process's client, or why libcurl could not be loaded.
    static let shared: Result<HTTPClient, HTTPFailure> = {
        do throws(HTTPFailure) {
            return .success(try HTTPClient())
        } catch {
            return .failure(error)
        }
    }()

    private typealias SetLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    private typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32
    private typealias Writer = @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int

    private let easyInit: @convention(c) () -> OpaquePointer?
    private let easyCleanup: @convention(c) (OpaquePointer?) -> Void
    private let easyPerform: @convention(c) (OpaquePointer?) -> Int32
    private let setLong: SetLong
    private let setPointer: SetPointer
    private let getInfo: @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    private let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?
    private let listAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    private let listFree: @convention(c) (OpaquePointer?) -> Void

    // The values of <curl/curl.h>: CURLOPTTYPE_LONG 0, OBJECTPOINT 10000, FUNCTIONPOINT 20000,
    // OFF_T 30000; CURLINFO_LONG 0x200000.
    private enum Option {
        static let writeData: Int32 = 10001
        static let url: Int32 = 10002
        static let postFields: Int32 = 10015
        static let userAgent: Int32 = 10018
        static let httpHeader: Int32 = 10023
        static let writeFunction: Int32 = 20011
        static let postFieldSizeLarge: Int32 = 30120
        static let post: Int32 = 47
        static let noSignal: Int32 = 99
        static let timeoutMilliseconds: Int32 = 155
        static let connectTimeoutMilliseconds: Int32 = 156
        static let protocols: Int32 = 181
        static let responseCode: Int32 = 0x20_0002
        /// CURLINFO_RETRY_AFTER: CURLINFO_OFF_T (0x600000) + 57, libcurl 7.66 and later.
        static let retryAfter: Int32 = 0x60_0039
    }
    private enum Code {
        static let ok: Int32 = 0
        static let couldNotResolveProxy: Int32 = 5
        static let couldNotResolveHost: Int32 = 6
        static let couldNotConnect: Int32 = 7
        static let timedOut: Int32 = 28
    }

    private init() throws(HTTPFailure) {
        var handle: UnsafeMutableRawPointer?
        var reasons: [String] = []
        for name in Self.libraryNames {
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if handle != nil { break }
            reasons.append(dlerror().map { String(cString: $0) } ?? name)
        }
        guard let handle else { throw .failed("cannot load libcurl: \(reasons.joined(separator: "; "))") }
        func symbol<Function>(_ name: String) throws(HTTPFailure) -> Function {
            guard let address = dlsym(handle, name) else { throw .failed("libcurl has no \(name)") }
            return unsafeBitCast(address, to: Function.self)
        }
        let globalInit: @convention(c) (Int) -> Int32 = try symbol("curl_global_init")
        easyInit = try symbol("curl_easy_init")
        easyCleanup = try symbol("curl_easy_cleanup")
        easyPerform = try symbol("curl_easy_perform")
        setLong = try symbol("curl_easy_setopt")
        setPointer = try symbol("curl_easy_setopt")
        getInfo = try symbol("curl_easy_getinfo")
        errorText = try symbol("curl_easy_strerror")
        listAppend = try symbol("curl_slist_append")
        listFree = try symbol("curl_slist_free_all")
        // CURL_GLOBAL_DEFAULT (SSL | WIN32); once, before any other thread uses libcurl.
        guard globalInit(3) == Code.ok else { throw .failed("curl_global_init failed") }
    }

    /// The answer's bytes as libcurl hands them over.
    private final class Answer {
        var bytes: [UInt8] = []
    }

    /// POSTs `request` (or GETs it, `isGet`) and waits for the answer, at most `timeout`
    /// seconds: call it off the loop's thread only.
    func post(_ request: HTTPRequest, timeout: Double) -> Result<HTTPResponse, HTTPFailure> {
        guard let easy = easyInit() else { return .failure(.failed("curl_easy_init failed")) }
        defer { easyCleanup(easy) }
        var headers: OpaquePointer?
        for line in request.headers { headers = listAppend(headers, line) }
        defer { listFree(headers) }
        let answer = Answer()
        let writer: Writer = { data, size, count, user in
            guard let data, let user else { return 0 }
            let answer = Unmanaged<Answer>.fromOpaque(user).takeUnretainedValue()
            let length = size * count
            let room = max(0, HTTPClient.longestAnswer - answer.bytes.count)
            data.withMemoryRebound(to: UInt8.self, capacity: length) {
                answer.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: min(length, room)))
            }
            return length
        }
        let milliseconds = Int(timeout * 1000)
        // CURLPROTO_HTTP 1, CURLPROTO_HTTPS 2: plain HTTP only to this machine's loopback.
        let protocols = UploadConfiguration.carriesTheKeySafely(request.url) && !request.url.lowercased().hasPrefix("https://") ? 1 : 2
        let code: Int32 = request.url.withCString { url in
            request.body.withUnsafeBytes { body in
                "heartline".withCString { agent in
                    withExtendedLifetime(answer) {
                        // No signals from libcurl's resolver on this thread; HTTPS only (HTTP to
                        // the loopback address alone), and no redirects (a key is never sent on
                        // to another host).
                        _ = setLong(easy, Option.noSignal, 1)
                        _ = setLong(easy, Option.protocols, protocols)
                        _ = setPointer(easy, Option.url, url)
                        _ = setPointer(easy, Option.userAgent, agent)
                        _ = setPointer(easy, Option.httpHeader, headers.map { UnsafeRawPointer($0) })
                        if !request.isGet {
                            _ = setLong(easy, Option.post, 1)
                            _ = setPointer(easy, Option.postFields, body.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
                            _ = setLong(easy, Option.postFieldSizeLarge, body.count)
                        }
                        _ = setPointer(easy, Option.writeFunction, unsafeBitCast(writer, to: UnsafeRawPointer.self))
                        _ = setPointer(easy, Option.writeData, Unmanaged.passUnretained(answer).toOpaque())
                        _ = setLong(easy, Option.timeoutMilliseconds, milliseconds)
                        _ = setLong(easy, Option.connectTimeoutMilliseconds, min(milliseconds, 15000))
                        return easyPerform(easy)
                    }
                }
            }
        }
        guard code == Code.ok else {
            let reason = errorText(code).map { String(cString: $0) } ?? "libcurl error \(code)"
            switch code {
            case Code.timedOut: return .failure(.timedOut)
            case Code.couldNotConnect, Code.couldNotResolveHost, Code.couldNotResolveProxy: return .failure(.cannotConnect(reason))
            default: return .failure(.failed(reason))
            }
        }
        var status = 0
        _ = getInfo(easy, Option.responseCode, &status)
        var retryAfter: Int64 = 0
        let known = getInfo(easy, Option.retryAfter, &retryAfter) == Code.ok && retryAfter > 0
        return .success(HTTPResponse(status: status, body: answer.bytes, retryAfter: known ? Int(retryAfter) : nil))
    }
}
