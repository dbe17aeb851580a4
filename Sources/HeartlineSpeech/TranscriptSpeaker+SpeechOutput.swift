extension TranscriptSpeaker: SpeechOutput {
    public var engineName: String? { "transcript" }

    /// A transcript has no voice to configure.
    public func apply(_ settings: SpeechSettings) {}

    /// Lines already written stay written; the descriptor belongs to the caller.
    public func close() {}
}
