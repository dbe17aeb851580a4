import Foundation

/// What the speech engine offers for the settings that are names: its output modules, voices
/// and languages, as the edge asked the engine (`Input.speechOffered`).
///
/// A list that is nil was not known (the engine could not be asked, or has no such thing to
/// list): any name is then taken, and only the confirmation guards it. An empty list offers
/// nothing.
public struct SpeechOffer: Equatable, Sendable {
    public var modules: [String]?
    public var voices: [String]?
    public var languages: [String]?

    public init(modules: [String]? = nil, voices: [String]? = nil, languages: [String]? = nil) {
        self.modules = modules
        self.voices = voices
        self.languages = languages
    }

    /// The names offered for `setting`, nil when not known (numbers have none).
    public func names(for setting: SpeechSetting) -> [String]? {
        switch setting {
        case .module: modules
        case .voice: voices
        case .language: languages
        case .rate, .pitch, .volume: nil
        }
    }

    /// `name` as the engine spells it, matched without regard to case; nil when the engine's
    /// list for `setting` is known and has no such name.
    public func spelling(of name: String, for setting: SpeechSetting) -> String? {
        guard let names = names(for: setting) else { return name }
        let wanted = name.lowercased()
        return names.first { $0.lowercased() == wanted }
    }

    /// Both offers together, for a speaker with more than one engine: a list known to either is
    /// known, and a name offered by either is offered.
    public func merged(with other: SpeechOffer) -> SpeechOffer {
        func union(_ first: [String]?, _ second: [String]?) -> [String]? {
            guard let first else { return second }
            guard let second else { return first }
            var seen = Set(first.map { $0.lowercased() })
            return first + second.filter { seen.insert($0.lowercased()).inserted }
        }
        return SpeechOffer(
            modules: union(modules, other.modules), voices: union(voices, other.voices), languages: union(languages, other.languages))
    }
}
