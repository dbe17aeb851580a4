#if canImport(Glibc)
import Glibc
#endif
import HeartlineCore

/// Writes each sentence as a `KIND: sentence` line: for tests, scripts and a sighted helper.
public final class TranscriptSpeaker: Speaker {
    private let fd: Int32

    /// - Parameter fd: where lines go; standard output by default.
    public init(fd: Int32 = STDOUT_FILENO) {
        self.fd = fd
    }

    public func speak(_ utterances: [Utterance]) {
        for utterance in utterances {
            write(utterance.description + "\n")
        }
    }

    /// A transcript cannot be interrupted: every line stays written.
    public func silenceUI() {}

    private func write(_ line: String) {
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
