#if canImport(Glibc)
    import Glibc
#endif
import HeartlineIO

/// Commands from a pipe or file, one per line: the same words a user types.
///
/// `:wait N` holds the following lines back while N seconds pass (a day at most); a line of the
/// Escape character alone is Escape pressed on an empty line. Lines are read as bytes and
/// decoded leniently, so invalid UTF-8 reaches the core as replacement characters and gets a
/// spoken answer instead of stopping the script.
final class ScriptInput {
    enum Line: Equatable {
        case command(String)
        case wait(seconds: Double)
        case escape
        case end
    }

    /// The longest `:wait`, in seconds: one day.
    static let longestWait: Double = 86_400

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var ended = false

    init(fd: Int32 = STDIN_FILENO) {
        self.fd = fd
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    var fileDescriptor: Int32 { fd }

    /// Reads of 64 kB in one wake-up of the loop.
    static let chunksPerWake = 4

    /// Whether the end of the input was read (lines may still be buffered).
    var isEnded: Bool { ended }

    /// Reads what is available, up to `chunksPerWake` reads of 64 kB, leaving the rest for the
    /// loop's next turn; `isEnded` tells when the input is over.
    func fill() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<Self.chunksPerWake {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer += chunk[0..<count]
                continue
            }
            if count == 0 { ended = true }
            if count < 0, errno == EINTR { continue }
            return
        }
    }

    /// The next complete line, if one is buffered.
    func nextLine() -> Line? {
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let bytes = buffer[..<newline]
            buffer.removeSubrange(...newline)
            return parse(String(decoding: bytes, as: UTF8.self))
        }
        if ended {
            if buffer.isEmpty { return .end }
            let bytes = buffer
            buffer.removeAll()
            return parse(String(decoding: bytes, as: UTF8.self))
        }
        return nil
    }

    private func parse(_ text: String) -> Line {
        let trimmed = text.hasSuffix("\r") ? String(text.dropLast()) : text
        if trimmed == "\u{1B}" { return .escape }
        if trimmed.hasPrefix(":wait") {
            let argument = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces)
            // At most a day: `:wait 1e308` (or inf) would otherwise step the simulated clock for
            // ever, or hold a real-time script back past any use.
            if let seconds = Double(argument), seconds >= 0 { return .wait(seconds: min(seconds, Self.longestWait)) }
        }
        return .command(trimmed)
    }
}
