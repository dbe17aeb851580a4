#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineIO

/// The configuration file's `upload.*` settings: which athlete, where the key is, which server,
/// and how long one try may take.
public struct UploadConfiguration: Equatable, Sendable {
    /// intervals.icu's athlete id; "0" is the key's own athlete.
    public var athlete = "0"
    /// The key file; nil: `intervals.key` beside the configuration file. Absolute, or `~/...`.
    public var keyFile: String?
    /// The server, without a trailing slash: HTTPS, or plain HTTP only to this machine's own
    /// loopback address (a test points it at http://127.0.0.1:PORT), so the key never crosses a
    /// network in the clear.
    public var baseURL = "https://intervals.icu"
    /// Seconds one try may take, connecting included.
    public var timeout = 60

    public static let timeoutRange = 1...600

    public init() {}

    /// The `upload.*` settings, each name written here only.
    enum Setting: String, CaseIterable {
        case keyFile = "upload.key-file"
        case athlete = "upload.athlete"
        case url = "upload.url"
        case timeout = "upload.timeout"

        /// What the documents say of it.
        var document: Configuration.Document {
            switch self {
            case .keyFile:
                Configuration.Document(
                    value: "<FILE>",
                    manual: """
                        The file holding the intervals.icu API key, mode 0600 or tighter (default <intervals.key> beside
                        the configuration file): a full path, or one starting with `~/`.
                        """,
                    note: """
                        Upload to intervals.icu (Settings, "Upload every saved workout", or "upload" on a workout). \
                        The API key goes alone in its own file, readable only by you: chmod 600 intervals.key.
                        """,
                    example: ["#upload.key-file = ~/.config/heartline/intervals.key"])
            case .athlete:
                Configuration.Document(
                    value: "<ID>",
                    manual: "The intervals.icu athlete that workouts are uploaded to (default 0, the key's own athlete).",
                    note: "0 is the key's own athlete; another athlete's id looks like i12345.",
                    example: ["#upload.athlete = 0"])
            case .url:
                Configuration.Document(
                    value: "<URL>",
                    manual: """
                        The server uploads go to (default https://intervals.icu): HTTPS, or plain HTTP only to this
                        machine's own loopback address.
                        """,
                    example: ["#upload.url = https://intervals.icu"])
            case .timeout:
                Configuration.Document(
                    value: "<SECONDS>",
                    manual: """
                        How long one try may take, connecting included, \(UploadConfiguration.timeoutRange.lowerBound) to \
                        \(UploadConfiguration.timeoutRange.upperBound) (default 60).
                        """,
                    note: "Seconds one try may take before it is kept for later.", example: ["#upload.timeout = 60"])
            }
        }
    }

    mutating func set(_ setting: Setting, to value: String) -> Configuration.Problem.Reason? {
        guard !value.isEmpty else { return .empty }
        switch setting {
        case .athlete:
            guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), value.count <= 20 else {
                return .choice(["0", "i12345"])
            }
            athlete = value
        case .keyFile:
            guard value.hasPrefix("/") || value.hasPrefix("~/") else { return .path }
            keyFile = value
        case .url:
            guard Self.carriesTheKeySafely(value) else { return .webAddress }
            baseURL = value.hasSuffix("/") ? String(value.dropLast()) : value
        case .timeout:
            guard let seconds = Int(value), Self.timeoutRange.contains(seconds) else {
                return .number(Self.timeoutRange)
            }
            timeout = seconds
        }
        return nil
    }

    /// Whether the key may go to `url`: over HTTPS anywhere, over plain HTTP only to
    /// 127.0.0.1, [::1] or localhost (the tests' local server), never through a network.
    static func carriesTheKeySafely(_ url: String) -> Bool {
        guard !url.contains(where: { $0.isWhitespace || $0 == "@" || $0 == "\\" }) else { return false }
        let lowered = url.lowercased()
        if lowered.hasPrefix("https://") { return lowered.count > "https://".count }
        guard lowered.hasPrefix("http://") else { return false }
        let rest = lowered.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            host = authority[...close]
            guard authority[authority.index(after: close)...].allSatisfy({ $0 == ":" || $0.isNumber }) else { return false }
        } else {
            host = authority.prefix { $0 != ":" }
            guard authority.dropFirst(host.count).allSatisfy({ $0 == ":" || $0.isNumber }) else { return false }
        }
        return ["127.0.0.1", "[::1]", "localhost"].contains(String(host))
    }

    /// The key file's path: the one set, with `~` expanded, or `intervals.key` in Heartline's
    /// configuration folder.
    public func keyPath(environment: [String: String], home: String) -> String {
        if let keyFile { return keyFile.hasPrefix("~") ? home + keyFile.dropFirst() : keyFile }
        let configuration = Configuration.defaultPath(environment: environment, home: home)
        return (configuration as NSString).deletingLastPathComponent + "/intervals.key"
    }
}

/// The API key, read from its file; never said, logged, printed or exported.
struct UploadKey: Sendable {
    let value: String

    /// Why there is no key to use.
    enum Missing: Error, Equatable, CustomStringConvertible {
        /// No key file, or an empty one.
        case noFile
        /// Others than the owner may read or write the file.
        case tooOpen
        /// A symbolic link: refused, not followed.
        case link
        /// A FIFO, a device, a socket or a folder, or a file larger than a key file can be.
        case notPlain

        var result: UploadResult {
            switch self {
            case .noFile: .notSetUp
            case .tooOpen: .keyFileOpen
            case .link: .keyFileLink
            case .notPlain: .keyFileNotPlain
            }
        }

        var description: String {
            switch self {
            case .noFile: "no key file"
            case .tooOpen: "the key file may be read by others"
            case .link: "the key file is a symbolic link, refused"
            case .notPlain: "the key file is not a plain file of at most \(UploadKey.largestFile) bytes"
            }
        }
    }

    /// The most of a key file that is read: a key is one short line.
    static let largestFile = 4096

    /// Reads the key at `path` as a file from outside (`OutsideFile`: no link followed, no FIFO
    /// waited on, read bounded): it must be a regular file of at most `largestFile` bytes that
    /// only its owner may read (mode 0600 or tighter); the key is its first line, trimmed.
    static func read(_ path: String) throws(Missing) -> UploadKey {
        let bytes: [UInt8]
        switch OutsideFile.read(at: path, upTo: largestFile + 1, mode: { $0 & 0o077 == 0 }) {
        case .success(let read): bytes = read
        case .failure(.missing): throw .noFile
        case .failure(.link): throw .link
        case .failure(.notAFile): throw .notPlain
        case .failure(.refusedMode): throw .tooOpen
        case .failure(.unreadable): throw .noFile
        }
        guard bytes.count <= largestFile else { throw .notPlain }
        guard !bytes.isEmpty else { throw .noFile }
        let text = String(decoding: bytes, as: UTF8.self)
        let key = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !key.isEmpty else { throw .noFile }
        return UploadKey(value: key)
    }

    /// Whether a usable key is there, without keeping it.
    static func check(_ path: String) -> UploadResult? {
        do {
            _ = try read(path)
            return nil
        } catch {
            return error.result
        }
    }
}
