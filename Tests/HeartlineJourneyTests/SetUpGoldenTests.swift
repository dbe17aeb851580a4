import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// A board's first start (`--set-up`), by ear: the set-up's steps before home, a language
/// chosen (German from then on), a headset paired from its step, the strap's step, finished.
@Suite(.timed) struct SetUpGoldenTests {
    @Test func aBoardsFirstStartSetsUpByEarInTheLanguageChosen() throws {
        let session = try GoldenSession(
            strapSeed: nil, words: TestCatalogue.words, languages: [TestCatalogue.spanish, TestCatalogue.german])
        session.setUp = true
        expectGolden(
            session,
            #"""
            menu: Welcome to Heartline. 3 steps set it up; each can be skipped.
            menu: Set-up, step 1 of 3: Language.
            menu: 1, Deutsch.
            menu: 2, English, selected.
            menu: 3, Español.
            menu: 4, Next step.
            menu: 5, Skip set-up.
            > help
            answer: This sets Heartline up: the language, then the headset, then the strap.
            answer: Each step opens its Settings screen, and Back returns here. Back here leaves until the next start.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > 1
            answer: Sprache: Deutsch.
            menu: Einrichtung, Schritt 2 von 3: Kopfhörer.
            menu: 1, Kopfhörer.
            menu: 2, Nächster Schritt.
            menu: 3, Einrichtung überspringen.
            (language de)
            > 1
            menu: Kopfhörer.
            menu: Kein Kopfhörer ist gemerkt.
            menu: 1, Kopfhörer suchen.
            menu: 2, Auf dem Gerät sprechen, solange der Kopfhörer weg ist: aus.
            > 1
            (headset find)
            :headset found SHOKZ OpenRun@AA:BB:CC:DD:EE:01@-55
            menu: Gefundene Kopfhörer.
            menu: 1, SHOKZ OpenRun, starkes Signal.
            > 1
            answer: Heartline koppelt mit SHOKZ OpenRun.
            (headset pair AA:BB:CC:DD:EE:01)
            :headset connected AA:BB:CC:DD:EE:01
            answer: SHOKZ OpenRun ist verbunden. Die Sprache geht dorthin.
            answer: Du bist hier: Kopfhörer.
            (headset keep AA:BB:CC:DD:EE:01)
            > back
            menu: Einrichtung, Schritt 2 von 3: Kopfhörer.
            menu: 1, Kopfhörer.
            menu: 2, Nächster Schritt.
            menu: 3, Einrichtung überspringen.
            > where
            answer: Du bist hier: Einrichtung, Schritt 2 von 3: Kopfhörer.
            > 2
            menu: Einrichtung, Schritt 3 von 3: Sensoren.
            menu: 1, Sensoren.
            menu: 2, Einrichtung beenden.
            menu: 3, Einrichtung überspringen.
            > 1
            menu: Sensoren.
            menu: Kein Gurt ist gemerkt.
            menu: 1, Gurte suchen.
            menu: 2, Laufsensoren, Radsensoren, Leistungsmesser und Fitnessgeräte suchen.
            menu: 3, Kalibrierung des Laufsensors: 100 Prozent.
            > back
            menu: Einrichtung, Schritt 3 von 3: Sensoren.
            menu: 1, Sensoren.
            menu: 2, Einrichtung beenden.
            menu: 3, Einrichtung überspringen.
            > 2
            answer: Die Einrichtung ist fertig. In den Einstellungen lässt sich jeder Teil ändern.
            menu: Heartline Startseite.
            menu: 1, Neues Training einrichten.
            menu: 2, Letzte Trainingseinstellung verwenden.
            menu: 3, Frühere Trainings anhören.
            menu: 4, Einstellungen.
            menu: 5, Ruhemessung.
            """#)
    }

    /// With one language, two steps; Back leaves the set-up for the next start, Skip for good.
    @Test func backLeavesItForTheNextStartAndSkipForGood() throws {
        let session = try GoldenSession(strapSeed: nil)
        session.setUp = true
        expectGolden(
            session,
            #"""
            menu: Welcome to Heartline. 2 steps set it up; each can be skipped.
            menu: Set-up, step 1 of 2: Headset.
            menu: 1, Headset.
            menu: 2, Next step.
            menu: 3, Skip set-up.
            > back
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            :restart
            menu: Welcome to Heartline. 2 steps set it up; each can be skipped.
            menu: Set-up, step 1 of 2: Headset.
            menu: 1, Headset.
            menu: 2, Next step.
            menu: 3, Skip set-up.
            > skip set-up
            answer: Set-up skipped. Settings has each of its steps.
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
            """#)
    }
}
