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
    /// Whether sentences are printed; when false, they are only spoken.
    var enabled: Bool

    init(_ voice: Speaker, enabled: Bool = true) {
        self.voice = voice
        self.enabled = enabled
    }

    func speak(_ utterances: [Utterance]) {
        voice.speak(utterances)
        guard enabled else { return }
        print(utterances.filter { $0.kind != .echo && !$0.text.isEmpty }.map { $0.text + "\n" }.joined())
    }

    /// Prints one line whether captions are on or not (the line saying why nothing is heard).
    func printLine(_ text: String) {
        print(text + "\n")
    }

    private func print(_ lines: String) {
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
