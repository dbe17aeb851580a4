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
    /// Sentences said with captions off before the sound check has answered: if it finds that
    /// nothing can be heard, they were never heard, and are printed after the line saying so.
    private var unheard: [String] = []
    private var keepingUnheard: Bool
    /// Enough for the first sentence and the home screen; the check answers within seconds.
    private static let unheardLimit = 20

    /// Where captions go before the terminal exists.
    private let output: Int32

    init(_ voice: Speaker, enabled: Bool = true, output: Int32 = STDOUT_FILENO) {
        self.voice = voice
        self.output = output
        self.enabled = enabled
        keepingUnheard = !enabled
    }

    func speak(_ utterances: [Utterance]) {
        voice.speak(utterances)
        let lines = utterances.filter { $0.kind != .echo && !$0.text.isEmpty }.map { $0.text + "\n" }
        guard enabled else {
            if keepingUnheard { unheard = Array((unheard + lines).suffix(Self.unheardLimit)) }
            return
        }
        print(lines.joined())
    }

    /// The sound check found an output: what was said so far was heard.
    func soundHeard() {
        keepingUnheard = false
        unheard = []
    }

    /// Nothing can be heard: prints `line` (why), then the sentences said so far that nobody
    /// heard ("Heartline is ready.", the home screen), and every sentence from now on.
    func startForUnheardSound(_ line: String) {
        enabled = true
        print(([line + "\n"] + unheard).joined())
        soundHeard()
    }

    private func print(_ lines: String) {
        guard !lines.isEmpty else { return }
        if let terminal {
            terminal.printAbove(lines)
        } else {
            let bytes = Array(lines.utf8)
            _ = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        }
    }

    func silenceUI() { voice.silenceUI() }
}
