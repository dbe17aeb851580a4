/// How speech sounds: rate, pitch, volume, voice and (for speech-dispatcher) the output module.
///
/// The numbers use speech-dispatcher's scale, -100...100, for every engine; espeak-ng direct maps
/// them the way speech-dispatcher's own espeak-ng module does, so a fallback keeps the same pace.
public struct SpeechSettings: Equatable, Codable, Sendable {
    /// The range of `rate`, `pitch` and `volume`.
    public static let range = -100...100

    /// -100 is the slowest, 0 the engine's normal rate, 100 the fastest.
    public var rate: Int
    /// -100 is the lowest, 0 the voice's normal pitch, 100 the highest.
    public var pitch: Int
    /// -100 is the quietest, 100 full volume (speech-dispatcher's default).
    public var volume: Int
    /// A language code such as "en" or "en-GB".
    public var language: String
    /// A synthesis voice name (speech-dispatcher's `spd_list_synthesis_voices`, or an espeak-ng
    /// voice name), or nil for the language's default voice.
    public var voice: String?
    /// A speech-dispatcher output module ("espeak-ng", ...), or nil for the server's default.
    public var outputModule: String?

    public init(
        rate: Int = 0, pitch: Int = 0, volume: Int = 100, language: String = "en", voice: String? = nil, outputModule: String? = nil
    ) {
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.language = language
        self.voice = voice
        self.outputModule = outputModule
    }

    /// The same settings with every number brought into `range`.
    public var clamped: SpeechSettings {
        var copy = self
        copy.rate = Self.clamp(rate)
        copy.pitch = Self.clamp(pitch)
        copy.volume = Self.clamp(volume)
        return copy
    }

    private static func clamp(_ value: Int) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }

    private enum CodingKeys: String, CodingKey {
        case rate, pitch, volume, language, voice, outputModule
    }

    /// Decodes stored settings; a field missing from an older file takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SpeechSettings()
        rate = try container.decodeIfPresent(Int.self, forKey: .rate) ?? defaults.rate
        pitch = try container.decodeIfPresent(Int.self, forKey: .pitch) ?? defaults.pitch
        volume = try container.decodeIfPresent(Int.self, forKey: .volume) ?? defaults.volume
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? defaults.language
        voice = try container.decodeIfPresent(String.self, forKey: .voice)
        outputModule = try container.decodeIfPresent(String.self, forKey: .outputModule)
    }
}
