import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// The typed settings: defaults in one place, rules in their changing functions, and decoding
/// that loses only the field it cannot read.
@Suite(.timed) struct SettingsTests {
    static func decode(_ json: String) throws -> Settings {
        try JSONDecoder().decode(Settings.self, from: Data(json.utf8))
    }

    @Test func theDefaults() {
        let settings = Settings()
        #expect(settings.autoPause)
        #expect(settings.autoExport.isEmpty)
        #expect(settings.restingCheckMinutes == 3)
        #expect(settings.keyEcho == .characters)
        #expect(!settings.captions)
        #expect(settings.units == .kilometres)
        #expect(settings.footpodCalibration == 1)
        #expect(settings.strap == nil && settings.motionSensors.isEmpty && settings.speech.isEmpty)
        #expect(settings.headset == nil && !settings.headsetFallback)
        #expect(!settings.upload)
    }

    @Test func everyFieldRoundTrips() throws {
        var settings = Settings()
        settings.autoPause = false
        settings.autoExport = [.tcx]
        settings.setRestingCheckMinutes(2)
        settings.keyEcho = .both
        settings.captions = true
        settings.units = .miles
        settings.setFootpodCalibration(0.985)
        settings.strap = RememberedSensor(address: "F0:13:C3:00:11:22", name: "HRM-Pro", manufacturer: "Garmin", model: nil)
        settings.remember(RememberedSensor(address: "E3:22:33:44:55:66", name: "Assioma"), as: .powerMeter)
        settings.setSpeech(.volume, to: "-20")
        settings.setSpeech(.module, to: "espeak-ng")
        settings.headset = RememberedHeadset(address: "AA:BB:CC:DD:EE:01", name: "SHOKZ OpenRun")
        settings.headsetFallback = true
        settings.upload = true
        settings.language = "es"
        #expect(try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings)) == settings)
    }

    @Test func aStoredLanguageThatIsNoLanguageCodeIsNone() throws {
        #expect(try Self.decode(#"{"language": "de"}"#).language == "de")
        #expect(try Self.decode(#"{"language": "../../etc"}"#).language == nil)
        #expect(try Self.decode(#"{"language": 4, "captions": true}"#).captions)
        #expect(Settings().language == nil)
    }

    @Test func aDocumentFromBeforeTheHeadsetKeepsItsFieldsAndAnUnreadableHeadsetIsNone() throws {
        let old = try Self.decode(#"{"autoPause": false, "strap": {"address": "F0:13:C3:00:11:22", "name": "HRM-Pro"}}"#)
        #expect(old.headset == nil && !old.autoPause && old.strap?.name == "HRM-Pro")
        let broken = try Self.decode(#"{"captions": true, "headset": {"address": 7}}"#)
        #expect(broken.headset == nil && broken.captions)
    }

    @Test func aDocumentFromBeforeUploadHasItOffAndAnUnreadableOneIsOff() throws {
        let old = try Self.decode(#"{"captions": true}"#)
        #expect(!old.upload && old.captions)
        #expect(try Self.decode(#"{"upload": true}"#).upload)
        #expect(try !Self.decode(#"{"upload": "yes", "captions": true}"#).upload)
    }

    @Test func anEmptyDocumentIsTheDefaults() throws {
        #expect(try Self.decode("{}") == Settings())
    }

    /// Each field that is missing, of the wrong type or breaking its rule is the default; the
    /// fields around it are kept.
    @Test(arguments: [
        #""units":"furlongs""#, #""units":3"#, #""captions":"on""#, #""footpodCalibration":1.9"#,
        #""restingCheckMinutes":4"#, #""keyEcho":null"#, #""strap":{"name":"no address"}"#, #""speech":"loud""#,
        #""motionSensors":[1,2]"#, #""autoPause":"off""#,
    ])
    func aFieldThatCannotBeReadTakesItsDefaultAndKeepsTheOthers(field: String) throws {
        let name = String(field.prefix { $0 != ":" })
        let kept = [#""captions":true"#, #""autoPause":false"#, #""units":"miles""#].filter { !$0.hasPrefix(name) }
        let settings = try Self.decode("{" + (kept + [field]).joined(separator: ",") + "}")
        var expected = Settings()
        expected.captions = name != #""captions""#
        expected.autoPause = name == #""autoPause""#
        expected.units = name == #""units""# ? .kilometres : .miles
        #expect(settings == expected)
    }

    @Test func oneUnreadableSensorOrSpeechValueLosesOnlyItself() throws {
        let settings = try Self.decode(
            #"""
            {"motionSensors":{"footpod":{"address":"C1","name":"Stryd"},"bike":{"name":7},"kite":{"address":"K","name":"K"}},
             "speech":{"rate":"40","pitch":"500","voice":9,"accent":"posh"}}
            """#)
        #expect(settings.motionSensors == [.footpod: RememberedSensor(address: "C1", name: "Stryd")])
        #expect(settings.speech == [.rate: "40"])
    }

    @Test func theCalibrationIsRefusedOutsideItsRangeAndRoundedWithin() {
        var settings = Settings()
        let refused = [1.51, 0.49].map { settings.setFootpodCalibration($0) }
        #expect(refused == [false, false])
        #expect(settings.footpodCalibration == 1)
        let taken = settings.setFootpodCalibration(1.03456)
        #expect(taken)
        #expect(settings.footpodCalibration == 1.035)
    }

    @Test func theRestingCheckTakesOnlyItsLengthsAndStepsThroughThem() {
        var settings = Settings()
        let taken = settings.setRestingCheckMinutes(4)
        #expect(!taken)
        #expect(settings.restingCheckMinutes == 3)
        var seen: [Int] = []
        for _ in 0..<3 {
            settings.cycleRestingCheckLength()
            seen.append(settings.restingCheckMinutes)
        }
        #expect(seen == [5, 2, 3])
    }

    @Test func speechNumbersAreCheckedAgainstTheirAudibleRangesAndNamesCut() {
        var settings = Settings()
        let taken = [
            settings.setSpeech(.rate, to: "101"), settings.setSpeech(.pitch, to: "high"), settings.setSpeech(.rate, to: "-60"),
            settings.setSpeech(.voice, to: String(repeating: "v", count: 60)), settings.setSpeech(.volume, to: "-100"),
            settings.setSpeech(.volume, to: "-51"), settings.setSpeech(.rate, to: "81"), settings.setSpeech(.pitch, to: "-100"),
        ]
        #expect(taken == [false, false, true, true, false, false, false, true])
        #expect(settings.speech == [.rate: "-60", .pitch: "-100", .voice: String(repeating: "v", count: SpeechSetting.longestName)])
        settings.setSpeech(.rate, to: nil)
        #expect(settings.speech[.rate] == nil)
    }

    /// A Heartline from before the audible ranges stored volume -100 (silence): it reads as
    /// the default, so the next start speaks.
    @Test func aStoredSilentVolumeReadsAsTheDefault() throws {
        let stored = #"{"speech":{"volume":"-100","rate":"100","pitch":"-20"}}"#
        let settings = try JSONDecoder().decode(Settings.self, from: Data(stored.utf8))
        #expect(settings.speech == [.pitch: "-20"])
    }

    @Test func autoExportStepsThroughItsChoices() {
        var settings = Settings()
        var seen: [[ExportFormat]] = []
        for _ in 0..<4 {
            settings.cycleAutoExport()
            seen.append(settings.autoExport)
        }
        #expect(seen == [[.fit], [.tcx], [.fit, .tcx], []])
    }
}
