#if canImport(Glibc)
import Glibc
#endif
import HeartlineCore

/// Speaks through `voice` and prints each sentence as a caption: one line per sentence, above
/// the line being typed (readline draws that line again), so typing is never broken.
///
/// For a helper who cannot hear (or a machine where nothing can be heard). Key echo is not
/// captioned: the typed line already shows what was typed.
final class Captions: Speaker {
    private let voice: Speaker
    /// The terminal to print through once it exists; before that, lines go straight to stdout.
    weak var terminal: Terminal?

    init(_ voice: Speaker) {
        self.voice = voice
    }

    func speak(_ utterances: [Utterance]) {
        voice.speak(utterances)
        let lines = utterances.filter { $0.kind != .echo && !$0.text.isEmpty }.map { $0.text + "\n" }.joined()
        guard !lines.isEmpty else { return }
        if let terminal {
            terminal.printAbove(lines)
        } else {
            let bytes = Array(lines.utf8)
            _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
    }

    func silenceUI() { voice.silenceUI() }
}
