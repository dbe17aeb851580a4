import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing
@testable import HeartlineStorage

/// The settings are one document, written as a whole; the key/value rows of schema 8 and
/// earlier become it on open.
@Suite(.timed, .tags(.threads)) struct SettingsStorageTests {
    /// Every key Heartline wrote before schema 9, with a value other than its default.
    static let legacyRows = [
        ("workout.auto-pause", "off"), ("export.auto", "fit,tcx"), ("check.minutes", "5"), ("input.echo", "words"),
        ("display.captions", "on"), ("units", "miles"), ("footpod.calibration", "1.03"),
        ("sensor.address", "F0:13:C3:00:11:22"), ("sensor.name", "HRM-Pro 9F8E"), ("sensor.manufacturer", "Garmin"),
        ("sensor.model", "HRM-Pro"), ("sensor.footpod.address", "C1:22:33:44:55:66"), ("sensor.footpod.name", "Stryd"),
        ("sensor.bike.address", "D2:22:33:44:55:66"), ("sensor.bike.name", "Wahoo CADENCE"),
        ("sensor.power.address", "E3:22:33:44:55:66"), ("sensor.power.name", "Assioma"), ("speech.rate", "40"),
        ("speech.pitch", "-10"), ("speech.volume", "80"), ("speech.voice", "female2"), ("speech.language", "de"),
        ("speech.module", "espeak-ng"),
    ]

    /// A database left by schema 8 with `rows` in its settings table.
    static func writeVersion8(_ directory: String, rows: [(String, String)]) throws {
        let database = try Database(path: directory + "/heartline.sqlite")
        try Schema.migrate(database, to: 8)
        for (key, value) in rows {
            try database.execute("INSERT INTO settings (key, value) VALUES (?, ?)", [.text(key), .text(value)])
        }
    }

    @Test func everyOldSettingRowSurvivesTheMigrationCaptionsIncluded() throws {
        try withTemporaryDirectory { directory in
            try Self.writeVersion8(directory, rows: Self.legacyRows)
            let store = try SQLiteStore(directory: directory)
            let settings = try store.settings()
            #expect(settings.autoPause == false)
            #expect(settings.autoExport == [.fit, .tcx])
            #expect(settings.restingCheckMinutes == 5)
            #expect(settings.keyEcho == .words)
            #expect(settings.captions == true)
            #expect(settings.units == .miles)
            #expect(settings.footpodCalibration == 1.03)
            #expect(
                settings.strap
                    == RememberedSensor(address: "F0:13:C3:00:11:22", name: "HRM-Pro 9F8E", manufacturer: "Garmin", model: "HRM-Pro"))
            #expect(
                settings.motionSensors == [
                    .footpod: RememberedSensor(address: "C1:22:33:44:55:66", name: "Stryd"),
                    .cyclingSpeedCadence: RememberedSensor(address: "D2:22:33:44:55:66", name: "Wahoo CADENCE"),
                    .powerMeter: RememberedSensor(address: "E3:22:33:44:55:66", name: "Assioma"),
                ])
            #expect(
                settings.speech == [.rate: "40", .pitch: "-10", .volume: "80", .voice: "female2", .language: "de", .module: "espeak-ng"])
            let tables = try store.database.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.text(0) }
            #expect(!tables.contains("settings"))
        }
    }

    /// Rows that were never written are the defaults; a row an older version could not have
    /// meant (an out-of-range calibration, an unknown unit) is its default too.
    @Test func missingOrUnreadableOldRowsTakeTheirDefaults() throws {
        try withTemporaryDirectory { directory in
            try Self.writeVersion8(
                directory,
                rows: [
                    ("sensor.address", "F0:13:C3:00:11:22"), ("footpod.calibration", "2.5"), ("units", "leagues"),
                    ("check.minutes", "4"), ("display.captions", "off"), ("speech.rate", "300"),
                ])
            let settings = try SQLiteStore(directory: directory).settings()
            var expected = Settings()
            expected.strap = RememberedSensor(address: "F0:13:C3:00:11:22", name: "F0:13:C3:00:11:22")
            #expect(settings == expected)
        }
    }

    @Test func settingsAreOneDocumentWrittenAsAWholeAndReadBackAfterReopening() throws {
        try withTemporaryDirectory { directory in
            var settings = Settings()
            settings.captions = true
            settings.units = .miles
            settings.remember(RememberedSensor(address: "C1:22:33:44:55:66", name: "Stryd"), as: .footpod)
            settings.setSpeech(.rate, to: "25")
            settings.remember(RememberedSensor(address: "C4:22:33:44:55:66", name: "Track 5"), as: .fitnessMachine)
            settings.setTreadmillTopSpeed(14.5)
            settings.setMachinePowerStep(25)
            do {
                let store = try SQLiteStore(directory: directory)
                #expect(try store.settings() == Settings())
                try store.saveSettings(settings)
            }
            let store = try SQLiteStore(directory: directory)
            #expect(try store.settings() == settings)
            let rows = try store.database.query("SELECT name FROM documents WHERE name = 'settings'") { $0.text(0) }
            #expect(rows.count == 1)
        }
    }

    /// A document written before fitness machines reads with no top speed and the default steps;
    /// a top speed outside its range reads as none.
    @Test func settingsWithoutMachineFieldsReadWithTheirDefaults() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            try store.database.execute(
                "INSERT INTO documents (name, json) VALUES ('settings', ?) ON CONFLICT (name) DO UPDATE SET json = excluded.json",
                [.text(#"{"captions":true,"motionSensors":{"footpod":{"address":"C1:22:33:44:55:66","name":"Stryd"}}}"#)])
            var settings = try store.settings()
            #expect(settings.captions && settings.treadmillTopSpeed == nil && settings.machineSpeedStep == 0.5)
            #expect(settings.motionSensors.keys.sorted { "\($0)" < "\($1)" } == [.footpod])
            try store.database.execute(
                "UPDATE documents SET json = ? WHERE name = 'settings'", [.text(#"{"treadmillTopSpeed":99,"machineSpeedStep":2}"#)])
            settings = try store.settings()
            #expect(settings.treadmillTopSpeed == nil && settings.machineSpeedStep == 2)
        }
    }

    /// A field this version cannot read (a newer Heartline's, or damage) takes its default; the
    /// others are kept. A document that is not JSON at all gives the defaults.
    @Test func anUnreadableFieldLosesOnlyItself() throws {
        try withTemporaryDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            try store.database.execute(
                "INSERT INTO documents (name, json) VALUES ('settings', ?) ON CONFLICT (name) DO UPDATE SET json = excluded.json",
                [.text(#"{"captions":true,"units":7,"keyEcho":"shouting","autoPause":false,"future":{"x":1}}"#)])
            var expected = Settings()
            expected.captions = true
            expected.autoPause = false
            #expect(try store.settings() == expected)
            try store.database.execute("UPDATE documents SET json = 'not json' WHERE name = 'settings'")
            #expect(try store.settings() == Settings())
        }
    }
}
