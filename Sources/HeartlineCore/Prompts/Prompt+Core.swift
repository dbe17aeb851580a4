// Lists and names made of the core's prompts. The prompts themselves are declared from the
// catalogue at build time (Sources/prompt-declarations): `Prompt.unitSecondOne` is
// `unit.second.one` in Prompts/en/core.prompts.

extension Prompt {
    /// Weekday names, indexed by `Calendar` weekday minus one (0 is Sunday).
    public static let weekdays = [weekday1, weekday2, weekday3, weekday4, weekday5, weekday6, weekday7]
    /// Month names, indexed by month minus one.
    public static let months = [month1, month2, month3, month4, month5, month6, month7, month8, month9, month10, month11, month12]
}

extension SpeechSetting {
    /// The setting's spoken name: "rate", "voice".
    public var name: Prompt {
        switch self {
        case .rate: .speechRate
        case .pitch: .speechPitch
        case .volume: .speechVolume
        case .voice: .speechVoice
        case .language: .speechLanguage
        case .module: .speechModule
        }
    }
}

extension KeyEchoSetting {
    /// The mode's spoken name: "characters", "words".
    public var name: Prompt {
        switch self {
        case .none: .echoNone
        case .characters: .echoCharacters
        case .words: .echoWords
        case .both: .echoBoth
        }
    }
}
