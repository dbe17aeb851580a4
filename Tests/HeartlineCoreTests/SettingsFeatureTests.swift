import Foundation
@testable import HeartlineCore
import Testing

/// Settings' own values as a feature on its own: each toggle and cycle started from settings,
/// its stored change and its sentence asserted, with no root and no storage.
struct SettingsFeatureTests {
    static let words = TestCatalogue.words

    static func with(_ change: (inout Settings) -> Void) -> Settings {
        var settings = Settings()
        change(&settings)
        return settings
    }

    @Test func autoPauseTogglesOffAndOnAgain() {
        var store = FeatureStore(SettingsFeature.self, state: NoState())
        var steps = store.send(.toggleAutoPause)
        #expect(
            steps == [
                .saveSettings(Self.with { $0.autoPause = false }),
                .say(.answer, .autoPauseChanged, ["state": Self.words.onOff(false)]),
            ])
        steps = store.send(.toggleAutoPause)
        #expect(steps == [.saveSettings(Settings()), .say(.answer, .autoPauseChanged, ["state": Self.words.onOff(true)])])
    }

    @Test func automaticExportStepsThroughEveryChoiceAndBackToOff() {
        var store = FeatureStore(SettingsFeature.self, state: NoState())
        var said: [String] = []
        for _ in Settings.autoExportChoices {
            said += FeatureStore<SettingsFeature>.said(store.send(.cycleAutoExport))
        }
        #expect(store.settings.autoExport.isEmpty)
        let off = Self.words.onOff(false)
        #expect(
            said == ["FIT", "TCX", Self.words.list(["FIT", "TCX"]), off].map { Self.words(.autoExportChanged, ["formats": $0]) })
    }

    @Test func uploadTogglesOnAndOff() {
        var store = FeatureStore(SettingsFeature.self, state: NoState())
        var steps = store.send(.toggleUpload)
        #expect(
            steps == [.saveSettings(Self.with { $0.upload = true }), .say(.answer, .uploadChanged, ["state": Self.words.onOff(true)])])
        steps = store.send(.toggleUpload)
        #expect(!store.settings.upload)
        #expect(FeatureStore<SettingsFeature>.said(steps) == [Self.words(.uploadChanged, ["state": Self.words.onOff(false)])])
    }

    @Test func unitsGoFromKilometresToMilesAndBack() {
        var store = FeatureStore(SettingsFeature.self, state: NoState())
        var steps = store.send(.cycleUnits)
        #expect(
            steps == [
                .saveSettings(Self.with { $0.units = .miles }), .say(.answer, .unitsChanged, ["unit": Self.words(.unitsMiles)]),
            ])
        steps = store.send(.cycleUnits)
        #expect(store.settings.units == .kilometres)
        #expect(steps.last == .say(.answer, .unitsChanged, ["unit": Self.words(.unitsKilometres)]))
    }

    @Test func aToggleChangesOnlyItsOwnSettingAndKeepsTheRest() {
        let stored = Self.with {
            $0.captions = true
            $0.units = .miles
            $0.strap = RememberedSensor(address: "AA", name: "Polar H10")
        }
        var store = FeatureStore(SettingsFeature.self, state: NoState(), settings: stored)
        store.send(.toggleUpload)
        var expected = stored
        expected.upload = true
        #expect(store.settings == expected)
    }

    @Test func theItemsSayEachValueAsStored() {
        let stored = Self.with {
            $0.autoPause = false
            $0.autoExport = [.fit, .tcx]
            $0.upload = true
            $0.captions = true
            $0.keyEcho = .words
        }
        let store = FeatureStore(SettingsFeature.self, state: NoState(), settings: stored, screen: .settings)
        // Settings, and what it groups under Recording and saving.
        let items = SettingsFeature.items(store.environment) + SettingsFeature.recordingItems(store.environment)
        #expect(items.count == 12)
        func state(of action: MenuAction) -> String? { items.first { $0.action == action }?.state }
        #expect(state(of: .toggleAutoPause) == Self.words.onOff(false))
        #expect(state(of: .cycleAutoExport) == Self.words.list(["FIT", "TCX"]))
        #expect(state(of: .toggleUpload) == Self.words.onOff(true))
        #expect(state(of: .toggleCaptions) == Self.words.onOff(true))
        #expect(state(of: .cycleKeyEcho) == Self.words(KeyEchoSetting.words.name))
        #expect(state(of: .cycleRestingCheckLength) == Self.words.duration(3 * 60))
        #expect(items.first?.action == .openProfile && items.last?.action == .toggleUpload)
    }

    /// A second language "xx" that says only its own name for Language.
    static let other: Words = {
        var catalogue = PromptCatalogue(language: "xx")
        try! catalogue.add("speech.language = Xx-language\n", source: "core.prompts")
        _ = catalogue.fillIn(from: TestCatalogue.shared)
        return Words(catalogue: catalogue, calendar: TestCatalogue.calendar)
    }()

    /// A digit reaches every item: with a second language installed Settings has nine items,
    /// its last Language, and what records and keeps a workout is one item, a screen of four.
    @Test func settingsKeepsToNineItemsWithTheLanguageItem() {
        var store = FeatureStore(SettingsFeature.self, state: NoState())
        store.languages = ["en": Self.words, "xx": Self.other]
        let items = SettingsFeature.items(store.environment)
        #expect(items.count == 9)
        #expect(items.last?.action == .cycleLanguage)
        #expect(items.contains { $0.action == .open(.recording) })
        #expect(
            SettingsFeature.recordingItems(store.environment).map(\.action) == [
                .toggleAutoPause, .cycleRestingCheckLength, .cycleAutoExport, .toggleUpload,
            ])
    }

    @Test func withOneLanguageInstalledSettingsHasNoLanguageItem() {
        let store = FeatureStore(SettingsFeature.self, state: NoState())
        #expect(!SettingsFeature.items(store.environment).contains { $0.action == .cycleLanguage })
    }

    @Test func theLanguageItemStepsThroughTheInstalledLanguagesSayingEachInItself() {
        var store = FeatureStore(SettingsFeature.self, state: NoState(), settings: Self.with { $0.setSpeech(.language, to: "en-GB") })
        store.languages = ["en": Self.words, "xx": Self.other]
        let item = SettingsFeature.items(store.environment).last
        #expect(item?.label == "Language" && item?.state == "English" && item?.action == .cycleLanguage)
        var steps = store.send(.cycleLanguage)
        #expect(store.settings.language == "xx")
        // The voice language chosen in Speech is forgotten: the voice follows the language.
        #expect(store.settings.speech[.language] == nil)
        #expect(FeatureStore<SettingsFeature>.effects(steps) == [.languageChanged("xx")])
        #expect(steps.last == .sayText(.answer, "Xx-language: Xx."))
        #expect(SettingsFeature.items(store.environment).last?.label == "Xx-language")
        steps = store.send(.cycleLanguage)
        #expect(store.settings.language == "en")
        #expect(steps.last == .sayText(.answer, "Language: English."))
    }
}
