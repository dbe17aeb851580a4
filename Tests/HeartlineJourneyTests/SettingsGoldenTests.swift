import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// Settings, Speech and Key echo: checked, handed to the adapters (`(speech ...)`, `(echo ...)`)
/// before the confirmation, which is then spoken in the new setting; a speech setting is
/// stored once it is kept (SpeechSafetyGoldenTests has the rest of its question).
@Suite(.timed) struct SettingsGoldenTests {
    @Test func speechSettingsAndKeyEchoAreCheckedStoredAndApplied() throws {
        let session = try GoldenSession(strapSeed: nil)
        expectGolden(
            session,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > settings
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            > 4
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 1
            menu: Type a number from -60 to 80 for rate, or default.
            > 150
            answer: Rate must be from -60 to 80.
            answer: Type a number from -60 to 80 for rate, or default.
            answer: Type back to leave without a change.
            > 40
            answer: Rate: 40.
            answer: Keep this? Yes or no.
            (speech rate 40)
            > yes
            answer: Rate kept at 40.
            answer: You are on Speech.
            > 3
            menu: Type a number from -50 to 100 for volume, or default.
            > loud
            answer: Volume must be from -50 to 100.
            answer: Type a number from -50 to 100 for volume, or default.
            answer: Type back to leave without a change.
            > -20
            answer: Volume: -20.
            answer: Keep this? Yes or no.
            (speech volume -20)
            > yes
            answer: Volume kept at -20.
            answer: You are on Speech.
            > 4
            menu: Type the voice name, or default.
            > en-gb-x-rp
            answer: Voice: en-gb-x-rp.
            answer: Keep this? Yes or no.
            (speech voice en-gb-x-rp)
            > yes
            answer: Voice kept at en-gb-x-rp.
            answer: You are on Speech.
            > 1
            menu: Type a number from -60 to 80 for rate, or default.
            > default
            answer: Rate: default.
            answer: Keep this? Yes or no.
            (speech rate default)
            > yes
            answer: Rate kept at default.
            answer: You are on Speech.
            > back
            menu: Settings.
            menu: 1, Profile.
            menu: 2, Recording and saving.
            menu: 3, Sensors.
            menu: 4, Speech.
            menu: 5, Key echo: characters.
            menu: 6, Captions on the screen: off.
            menu: 7, Headset.
            menu: 8, Power off.
            > 5
            answer: Key echo: words.
            (echo words)
            > 5
            answer: Key echo: characters and words.
            (echo both)
            > 5
            answer: Key echo: none.
            (echo none)
            > 5
            answer: Key echo: characters.
            (echo characters)
            > where
            answer: You are on Settings.
            """#)
    }

    /// "check" runs the edge's checks; their sentences are said as answers, so "repeat" says them again.
    @Test func theSelfCheckIsSaidAndRepeated() throws {
        let session = try GoldenSession(strapSeed: nil)
        expectGolden(
            session,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > check
            (check)
            answer: Speech works.
            answer: Storage works.
            > repeat
            answer: Speech works.
            answer: Storage works.
            > chek
            answer: I don't know chek. Did you mean check?
            """#)
    }
}
