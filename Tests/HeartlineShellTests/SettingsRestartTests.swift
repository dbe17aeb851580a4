import Foundation
@testable import HeartlineStorage
import HeartlineTestSupport
import Testing

/// Settings as the user left them, read back by the built binary after a restart.
@Suite(.timed) struct SettingsRestartTests {
    @Test func captionsTurnedOnInSettingsReadOnAfterARestart() throws {
        let data = TemporaryDirectory()
        let arguments = ["--simulate", "--speech", "transcript", "--data-dir", data.path]
        let first = try runInProcess(arguments, input: Data("settings\ncaptions on the screen\nquit\n".utf8))
        #expect(first.lines.contains("menu: 6, Captions on the screen: off."))
        #expect(first.lines.contains("answer: Captions on the screen: on."))
        let second = try runInProcess(arguments, input: Data("settings\ncaptions on the screen\nquit\n".utf8))
        // Read as on, so the first toggle after the restart turns them off.
        #expect(second.standardOutput.contains("menu: 6, Captions on the screen: on."))
        #expect(second.standardOutput.contains("answer: Captions on the screen: off."))
        let third = try runInProcess(arguments, input: Data("settings\nquit\n".utf8))
        #expect(third.lines.contains("menu: 6, Captions on the screen: off."))
    }

    /// A database from before settings were one document: the binary reads every row it had.
    @Test func settingsKeptByAnOlderHeartlineReadTheSameAfterTheUpgrade() throws {
        let data = TemporaryDirectory()
        do {
            let database = try Database(path: data.path + "/heartline.sqlite")
            try Schema.migrate(database, to: 8)
            let rows = [
                ("workout.auto-pause", "off"), ("input.echo", "words"), ("display.captions", "on"), ("export.auto", "fit,tcx"),
                ("check.minutes", "5"), ("speech.rate", "40"), ("speech.voice", "female2"),
                ("sensor.address", "att-socket:\(data.path)/strap.sock"), ("sensor.name", "HRM-Pro 9F8E"),
                ("sensor.manufacturer", "Garmin"), ("sensor.model", "HRM-Pro"), ("sensor.footpod.address", "C1:22:33:44:55:66"),
                ("sensor.footpod.name", "Stryd"), ("footpod.calibration", "1.03"),
            ]
            for (key, value) in rows {
                try database.execute("INSERT INTO settings (key, value) VALUES (?, ?)", [.text(key), .text(value)])
            }
        }
        let result = try runInProcess(
            ["--speech", "transcript", "--data-dir", data.path, "--config", "/dev/null"],
            input: Data("settings\nspeech\nback\nrecording and saving\nback\nsensors\nquit\n".utf8))
        for line in [
            "menu: 1, Auto-pause when the strap loses contact: off.", "menu: 5, Key echo: words.",
            "menu: 6, Captions on the screen: on.", "menu: 3, Export every saved workout: FIT and TCX.",
            "menu: 2, Resting check length: 5 minutes.", "menu: 1, Rate: 40.", "menu: 4, Voice: female2.",
            "menu: Remembered strap: HRM-Pro 9F8E.", "Made by Garmin, model HRM-Pro.", "menu: Remembered footpod: Stryd.",
            "menu: 5, Footpod calibration: 103 percent.",
        ] {
            #expect(result.standardOutput.contains(line), "\(line)\n\(result.standardOutput)")
        }
    }
}
