/// How a sentence behaves in the speech stack (PRODUCT.md, "Kinds of speech").
public enum SpeechKind: String, CaseIterable, Sendable {
    /// Interrupts everything and is never dropped ("Heart rate sensor disconnected.").
    case event
    /// Waits for the sentence being spoken, then goes before anything queued; never dropped and
    /// kept with the announcements ("The strap sends readings that cannot be right.").
    case notice
    /// What the user asked for: cuts menus and readouts and always finishes.
    case answer
    /// An interval readout: dropped rather than spoken late.
    case readout
    /// Screen titles and list items: the newest replaces older ones while navigating.
    case menu
    /// Typed characters and completions: short, dropped freely.
    case echo
}

extension SpeechKind {
    /// Kept until it is said: never dropped for being late, silenced, or having no engine yet.
    public var isKeptUntilSaid: Bool { self == .event || self == .notice }
}

/// One sentence to speak, with its kind.
public struct Utterance: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var kind: SpeechKind
    /// The sentence, never with a control character or escape sequence (see `init`).
    public private(set) var text: String

    /// - Parameter text: the sentence; control characters and escape sequences are taken out
    ///   (`SafeText`), whatever the text came from.
    public init(_ kind: SpeechKind, _ text: String) {
        self.kind = kind
        self.text = SafeText.clean(text)
    }

    /// The transcript line: `KIND: sentence`.
    public var description: String { "\(kind.rawValue): \(text)" }
}

/// Where sentences go: speech-dispatcher, espeak-ng, or a transcript.
///
/// Implementations live at the edge (HeartlineSpeech); the core only produces `Utterance`s.
public protocol Speaker: AnyObject {
    /// Speaks one response: the sentences in order, as one group.
    func speak(_ utterances: [Utterance])
    /// Silences UI speech (answers, readouts, menus, echo) but never an event.
    func silenceUI()
}
