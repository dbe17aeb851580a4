import Foundation

/// The state of a feature that keeps none of its own: what it changes, it changes through steps.
struct NoState: Equatable, Sendable {}

/// The Settings screen's own values: auto-pause, automatic export, upload and the units, each
/// changed in one step, stored and said. The screens it opens are features of their own.
enum SettingsFeature: Feature {
    /// Settings keeps nothing of its own: what it changes is the stored settings.
    typealias State = NoState

    enum Action: Sendable {
        case toggleAutoPause
        case cycleAutoExport
        case toggleUpload
        case cycleUnits
        case cycleLanguage
    }

    static func items(_ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        let settings = environment.settings
        // With one catalogue installed there is nothing to choose: no Language item.
        let language =
            environment.languages.count > 1
            ? [MenuItem(label: words(.speechLanguage), state: words.languageName(words.language), action: .cycleLanguage)] : []
        // Nine items at most, so that a digit reaches each: what records and keeps a workout is
        // grouped under Recording and saving.
        return [
            MenuItem(label: words(.settingsProfile), action: .openProfile),
            MenuItem(label: words(.settingsRecording), action: .open(.recording)),
            MenuItem(label: words(.settingsSensor), action: .open(.sensor)),
            MenuItem(label: words(.settingsSpeech), action: .open(.speech)),
            MenuItem(label: words(.settingsEcho), state: words(settings.keyEcho.name), action: .cycleKeyEcho),
            MenuItem(label: words(.settingsCaptions), state: words.onOff(settings.captions), action: .toggleCaptions),
            MenuItem(label: words(.settingsHeadset), action: .open(.headset)),
            MenuItem(label: words(.settingsPowerOff), action: .ask(.powerOff)),
        ] + language
    }

    /// Settings, Recording and saving: how a workout is paused, the resting check timed, and
    /// every saved workout exported and uploaded.
    static func recordingItems(_ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        let settings = environment.settings
        return [
            MenuItem(label: words(.settingsAutoPause), state: words.onOff(settings.autoPause), action: .toggleAutoPause),
            MenuItem(
                label: words(.settingsRestingLength), state: RestingCheckFeature.length(environment), action: .cycleRestingCheckLength),
            MenuItem(label: words(.settingsAutoExport), state: describe(autoExport: settings.autoExport, words), action: .cycleAutoExport),
            MenuItem(label: words(.settingsUpload), state: words.onOff(settings.upload), action: .toggleUpload),
        ]
    }

    /// The formats every saved workout is written in, or "off".
    static func describe(autoExport formats: [ExportFormat], _ words: Words) -> String {
        formats.isEmpty ? words.onOff(false) : words.list(formats.map { $0.rawValue.uppercased() })
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        var changed = environment.settings
        let said: FeatureStep
        switch action {
        case .toggleAutoPause:
            changed.autoPause.toggle()
            said = .say(.answer, .autoPauseChanged, ["state": words.onOff(changed.autoPause)])
        case .cycleAutoExport:
            changed.cycleAutoExport()
            said = .say(.answer, .autoExportChanged, ["formats": describe(autoExport: changed.autoExport, words)])
        case .toggleUpload:
            changed.upload.toggle()
            said = .say(.answer, .uploadChanged, ["state": words.onOff(changed.upload)])
        case .cycleUnits:
            changed.units = changed.units == .kilometres ? .miles : .kilometres
            said = .say(.answer, .unitsChanged, ["unit": words.unitsName(changed.units)])
        case .cycleLanguage:
            let codes = environment.languages.keys.sorted()
            guard !codes.isEmpty else { return [] }
            return choose(language: codes[((codes.firstIndex(of: words.language) ?? -1) + 1) % codes.count], environment)
        }
        return [.saveSettings(changed), said]
    }

    /// Speaks the installed language `code` from now on (nothing, if it is not installed): stored
    /// with whatever `change` adds, and said in the new language. The voice follows the language:
    /// a voice language chosen in Speech is forgotten.
    static func choose(
        language code: String, _ environment: FeatureEnvironment, changing change: (inout Settings) -> Void = { _ in }
    ) -> [FeatureStep] {
        guard let new = environment.languages[code] else { return [] }
        var changed = environment.settings
        changed.language = code
        changed.setSpeech(.language, to: nil)
        change(&changed)
        // Said after the change is stored, so in the new language and, at the edge, its voice.
        return [
            .saveSettings(changed), .emit(.languageChanged(code)),
            .sayText(.answer, new(.speechChanged, ["field": new(.speechLanguage), "value": new.languageName(code)])),
        ]
    }
}
