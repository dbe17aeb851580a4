import HeartlineCore

extension Prompt {
    /// Said once, as an event, when speech-dispatcher is lost and espeak-ng speaks directly.
    public static let speechServerLost = Prompt("speech.server.lost")
    /// Said once, as an event, when speech-dispatcher speaks again after a loss.
    public static let speechServerBack = Prompt("speech.server.back")

    /// Every sentence HeartlineSpeech itself speaks (Prompts/en/speech.prompts).
    public static let speech: [Prompt] = [.speechServerLost, .speechServerBack]
}
