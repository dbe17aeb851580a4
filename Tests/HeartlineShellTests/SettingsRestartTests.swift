import Foundation
import Testing

/// Settings as the user left them, read back by the built binary after a restart.
@Suite struct SettingsRestartTests {
    @Test func captionsTurnedOnInSettingsReadOnAfterARestart() throws {
        let data = TemporaryDirectory()
        let arguments = ["--simulate", "--speech", "transcript", "--data-dir", data.path]
        let first = try runHeartline(arguments, input: Data("settings\ncaptions on the screen\nquit\n".utf8))
        #expect(first.lines.contains("menu: 6, Captions on the screen: off."))
        #expect(first.lines.contains("answer: Captions on the screen: on."))
        let second = try runHeartline(arguments, input: Data("settings\ncaptions on the screen\nquit\n".utf8))
        // Read as on, so the first toggle after the restart turns them off.
        #expect(second.standardOutput.contains("menu: 6, Captions on the screen: on."))
        #expect(second.standardOutput.contains("answer: Captions on the screen: off."))
        let third = try runHeartline(arguments, input: Data("settings\nquit\n".utf8))
        #expect(third.lines.contains("menu: 6, Captions on the screen: off."))
    }
}
