#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineSpeech

/// The transcript on an interactive terminal: each `KIND: sentence` line is printed above the
/// line being typed, which readline then draws again, so output never tears the input.
final class TerminalTranscript: Speaker {
    /// The terminal to print through once it exists; before that, lines go straight to `fd`.
    weak var terminal: Terminal?
    private let plain: TranscriptSpeaker

    /// - Parameter fd: the terminal's output.
    init(fd: Int32 = STDOUT_FILENO) {
        plain = TranscriptSpeaker(fd: fd)
    }

    func speak(_ utterances: [Utterance]) {
        guard let terminal else { return plain.speak(utterances) }
        terminal.printAbove(utterances.map { $0.description + "\n" }.joined())
    }

    /// A transcript is never interrupted.
    func silenceUI() {}
}
