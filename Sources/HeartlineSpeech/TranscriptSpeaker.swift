#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore

/// Writes each sentence as a `KIND: sentence` line: for tests, scripts and a sighted helper.
public final class TranscriptSpeaker: Speaker {
    private let fd: Int32

    /// Told that each line was requested, began and ended once it is written (a transcript line
    /// is "spoken" when it is written), before `speak` returns.
    public var onProgress: ((SpeechProgress) -> Void)?

    /// - Parameter fd: where lines go; standard output by default.
    public init(fd: Int32 = STDOUT_FILENO) {
        self.fd = fd
    }

    public func speak(_ utterances: [Utterance]) {
        for utterance in utterances {
            write(utterance.description + "\n")
            if let onProgress {
                let now = ContinuousClock.now
                for state in [SpeechProgress.State.requested, .began, .ended] {
                    onProgress(SpeechProgress(utterance: utterance, state: state, engine: "transcript", time: now))
                }
            }
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
