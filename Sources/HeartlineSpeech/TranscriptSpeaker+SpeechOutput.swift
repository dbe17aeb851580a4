import HeartlineCore

extension TranscriptSpeaker: SpeechOutput {
    public var engineName: String? { "transcript" }

    /// A transcript has no voice to configure.
    public func apply(_ settings: SpeechSettings) {}

    /// A transcript has no voices to offer: any name is taken.
    public func offer(_ answer: @escaping (SpeechOffer) -> Void) {
        answer(SpeechOffer())
    }

    /// Lines already written stay written; the descriptor belongs to the caller.
    public func close() {}
}
