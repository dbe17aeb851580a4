import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Speech settings that protect themselves: a number outside its audible range or a name the
/// engine does not offer is refused; a change is applied (`(speech ...)`), said in the new
/// setting and asked about, stored only with a yes, and undone by no or by 10 seconds without
/// an answer; a reset at start forgets every speech setting.
@Suite(.timed) struct SpeechSafetyGoldenTests {
    /// What the engine offers in these sessions, as speech-dispatcher's espeak-ng module spells it.
    static let offer = SpeechOffer(
        modules: ["espeak-ng", "dummy"], voices: ["English (Great Britain)", "English (America)+Annie"],
        languages: ["en", "en-gb", "en-us"])

    /// On Speech, below Settings, with the engine's offer known.
    static func onSpeech() throws -> GoldenSession {
        let session = try GoldenSession(strapSeed: nil)
        session.speechOffer = offer
        session.open(.speech, below: [.home, .settings])
        return session
    }

    @Test func aSilentVolumeOrAnUnfollowableRateIsRefusedAndNothingIsApplied() throws {
        expectGolden(
            try Self.onSpeech(),
            #"""
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 3
            menu: Type a number from -50 to 100 for volume, or default.
            > -100
            answer: Volume must be from -50 to 100.
            answer: Type a number from -50 to 100 for volume, or default.
            answer: Type back to leave without a change.
            > -51
            answer: Volume must be from -50 to 100.
            answer: Type a number from -50 to 100 for volume, or default.
            answer: Type back to leave without a change.
            > back
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 1
            menu: Type a number from -60 to 80 for rate, or default.
            > 100
            answer: Rate must be from -60 to 80.
            answer: Type a number from -60 to 80 for rate, or default.
            answer: Type back to leave without a change.
            """#)
    }

    @Test func aChangeIsKeptOnlyWithYesAndThenOutlivesARestart() throws {
        expectGolden(
            try Self.onSpeech(),
            #"""
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 3
            menu: Type a number from -50 to 100 for volume, or default.
            > -20
            answer: Volume: -20.
            answer: Keep this? Yes or no.
            (speech volume -20)
            > where
            answer: You are on Confirm speech setting.
            answer: Keep this? Yes or no.
            answer: Yes keeps it. No, or 10 seconds without an answer, undoes it.
            answer: Press y or Enter for yes, n or minus for no.
            :key y
            answer: Volume kept at -20.
            answer: You are on Speech.
            :wait 15
            :restart
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 4
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
            menu: 3, Volume: -20.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            """#)
    }

    @Test func noOrBackUndoesTheChangeInTheSettingBefore() throws {
        expectGolden(
            try Self.onSpeech(),
            #"""
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 1
            menu: Type a number from -60 to 80 for rate, or default.
            > 50
            answer: Rate: 50.
            answer: Keep this? Yes or no.
            (speech rate 50)
            > no
            answer: Rate back to default.
            answer: You are on Speech.
            (speech rate default)
            > 2
            menu: Type a number from -100 to 100 for pitch, or default.
            > -30
            answer: Pitch: -30.
            answer: Keep this? Yes or no.
            (speech pitch -30)
            :key -
            answer: Pitch back to default.
            answer: You are on Speech.
            (speech pitch default)
            > 2
            menu: Type a number from -100 to 100 for pitch, or default.
            > 30
            answer: Pitch: 30.
            answer: Keep this? Yes or no.
            (speech pitch 30)
            > back
            answer: Pitch back to default.
            answer: You are on Speech.
            (speech pitch default)
            """#)
    }

    /// Keys that are no answer ask again but do not hold the deadline back: 10 seconds after the
    /// change it is undone, and a restart finds the default.
    @Test func withoutAYesWithinTenSecondsTheChangeIsUndoneAndNotStored() throws {
        expectGolden(
            try Self.onSpeech(),
            #"""
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 3
            menu: Type a number from -50 to 100 for volume, or default.
            > -50
            answer: Volume: -50.
            answer: Keep this? Yes or no.
            (speech volume -50)
            :wait 5
            :key x
            answer: Keep this? Yes or no.
            answer: Yes keeps it. No, or 10 seconds without an answer, undoes it.
            answer: Press y or Enter for yes, n or minus for no.
            :wait 4
            :wait 1
            answer: No answer, so volume is back to default.
            answer: You are on Speech.
            (speech volume default)
            > yes
            answer: There is no question to answer.
            :restart
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 4
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
            """#)
    }

    /// An undone change goes back to the value kept before it, not to the default.
    @Test func anUndoneChangeGoesBackToTheKeptValue() throws {
        expectGolden(
            try Self.onSpeech(),
            #"""
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 3
            menu: Type a number from -50 to 100 for volume, or default.
            > 60
            answer: Volume: 60.
            answer: Keep this? Yes or no.
            (speech volume 60)
            > yes
            answer: Volume kept at 60.
            answer: You are on Speech.
            > 3
            menu: Type a number from -50 to 100 for volume, or default.
            > -40
            answer: Volume: -40.
            answer: Keep this? Yes or no.
            (speech volume -40)
            :wait 10
            answer: No answer, so volume is back to 60.
            answer: You are on Speech.
            (speech volume 60)
            """#)
    }

    @Test func namesAreCheckedAgainstWhatTheEngineOffersAndTakeItsSpelling() throws {
        expectGolden(
            try Self.onSpeech(),
            #"""
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 4
            menu: Type the voice name, or default.
            > klingon
            answer: The speech engine has no voice called klingon.
            > english (great britain)
            answer: Voice: English (Great Britain).
            answer: Keep this? Yes or no.
            (speech voice English (Great Britain))
            > yes
            answer: Voice kept at English (Great Britain).
            answer: You are on Speech.
            > 5
            menu: Type the language name, or default.
            > xx-yy
            answer: The speech engine has no language called xx-yy.
            > EN-GB
            answer: Language: en-gb.
            answer: Keep this? Yes or no.
            (speech language en-gb)
            > y
            answer: Language kept at en-gb.
            answer: You are on Speech.
            > 6
            menu: Type the output module name, or default.
            > festival
            answer: The speech engine has no output module called festival.
            answer: Output modules here: espeak-ng and dummy.
            > dummy
            answer: Output module: dummy.
            answer: Keep this? Yes or no.
            (speech module dummy)
            :wait 10
            answer: No answer, so output module is back to default.
            answer: You are on Speech.
            (speech module default)
            """#)
    }

    /// The engine is asked what it offers when Speech is first entered, once: a start or a
    /// workout never pays for listing its voices.
    @Test func theOfferIsAskedForOnceWhenSpeechIsFirstEntered() throws {
        let session = try GoldenSession(strapSeed: nil)
        session.speechOffer = nil
        session.open(.settings)
        expectGolden(
            session,
            #"""
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
            (list speech)
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
            > 4
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            """#)
    }

    /// Until the engine has said what it offers, a name is not taken unchecked.
    @Test func aNameTypedBeforeTheEngineSaysWhatItOffersIsAskedAgain() throws {
        let session = try GoldenSession(strapSeed: nil)
        session.speechOffer = nil
        session.open(.speechEntry(.voice), below: [.home, .settings, .speech])
        expectGolden(
            session,
            #"""
            menu: Type the voice name, or default.
            > no-such-voice
            answer: Speech is still listing what it offers. Type the name again shortly.
            """#)
        _ = session.send(.speechOffered(Self.offer))
        expectGolden(
            session,
            #"""
            > no-such-voice
            answer: The speech engine has no voice called no-such-voice.
            """#)
    }

    /// `--reset-speech`, or the reset key held at start: every speech setting is forgotten and
    /// stored so, and that is said.
    @Test func aResetAtStartForgetsEverySpeechSetting() throws {
        expectGolden(
            try Self.onSpeech(),
            #"""
            menu: Speech.
            menu: 1, Rate: default.
            menu: 2, Pitch: default.
            menu: 3, Volume: default.
            menu: 4, Voice: default.
            menu: 5, Language: default.
            menu: 6, Output module: default.
            > 3
            menu: Type a number from -50 to 100 for volume, or default.
            > -50
            answer: Volume: -50.
            answer: Keep this? Yes or no.
            (speech volume -50)
            > yes
            answer: Volume kept at -50.
            answer: You are on Speech.
            :restart reset-speech
            answer: Speech settings are back to their defaults.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :restart
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 4
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
            """#)
    }
}
