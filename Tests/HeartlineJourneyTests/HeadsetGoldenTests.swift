import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Settings, Headset: finding a Bluetooth headset, pairing and connecting it by ear,
/// forgetting it, and a headset that goes mid-workout. `(headset ...)` is what the core asks
/// of the headset client; `:headset ...` is what the client tells it.
@Suite(.timed) struct HeadsetGoldenTests {
    static let address = "AA:BB:CC:DD:EE:01"

    @Test func findPairConnectAndForgetAHeadset() throws {
        let session = try GoldenSession(strapSeed: nil)
        session.open(.headset, below: [.home, .settings])
        expectGolden(
            session,
            #"""
            menu: Headset.
            menu: No headset is remembered.
            menu: 1, Find headsets.
            menu: 2, Speak on the board while the headset is away: off.
            > help
            answer: Here Heartline pairs a Bluetooth headset and connects to it at every start.
            answer: Find looks for headsets in pairing mode; Forget drops the remembered one.
            answer: When the headset goes, Heartline holds what it would say, or speaks on the board.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > 1
            (headset find)
            :headset searching
            answer: Looking for Bluetooth headsets for 10 seconds. Put the headset in pairing mode.
            :headset found
            answer: No headset was found. Put it in pairing mode, then try again.
            > find headsets
            (headset find)
            :headset searching
            answer: Looking for Bluetooth headsets for 10 seconds. Put the headset in pairing mode.
            :headset found SHOKZ OpenRun@AA:BB:CC:DD:EE:01@-55; Car kit@AA:BB:CC:DD:EE:03@-88
            menu: Headsets found.
            menu: 1, SHOKZ OpenRun, strong signal.
            menu: 2, Car kit, weak signal.
            > help
            answer: These headsets were found nearby, each with its signal strength.
            answer: Choose one by its number or name to pair and connect it.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > 1
            answer: Pairing with SHOKZ OpenRun.
            (headset pair AA:BB:CC:DD:EE:01)
            :headset passkey 4096
            answer: The headset shows passkey 0 0 4 0 9 6.
            :headset paired AA:BB:CC:DD:EE:01
            answer: SHOKZ OpenRun is paired.
            :headset trusted AA:BB:CC:DD:EE:01
            answer: SHOKZ OpenRun is trusted: it may connect by itself.
            :headset connected AA:BB:CC:DD:EE:01
            answer: SHOKZ OpenRun is connected. Speech goes to it.
            answer: You are on Headset.
            (headset keep AA:BB:CC:DD:EE:01)
            > where
            answer: You are on Headset.
            :restart
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            (headset keep AA:BB:CC:DD:EE:01)
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
            > 7
            menu: Headset.
            menu: Remembered headset: SHOKZ OpenRun.
            menu: 1, Find headsets.
            menu: 2, Forget headset.
            menu: 3, Speak on the board while the headset is away: off.
            > 3
            answer: While the headset is away, Heartline speaks on the board's own output.
            > 3
            answer: While the headset is away, Heartline holds what it would say.
            > 2
            answer: SHOKZ OpenRun forgotten.
            menu: Headset.
            menu: No headset is remembered.
            menu: 1, Find headsets.
            menu: 2, Speak on the board while the headset is away: off.
            (headset keep none)
            (headset forget AA:BB:CC:DD:EE:01)
            """#)
    }

    @Test func aNamePicksAndAFailureIsSaid() throws {
        let session = try GoldenSession(strapSeed: nil)
        session.open(.headset, below: [.home, .settings])
        expectGolden(
            session,
            #"""
            menu: Headset.
            menu: No headset is remembered.
            menu: 1, Find headsets.
            menu: 2, Speak on the board while the headset is away: off.
            > 1
            (headset find)
            :headset searching
            answer: Looking for Bluetooth headsets for 10 seconds. Put the headset in pairing mode.
            :headset found SHOKZ OpenRun@AA:BB:CC:DD:EE:01@-55@paired; Car kit@AA:BB:CC:DD:EE:03@-88
            menu: Headsets found.
            menu: 1, SHOKZ OpenRun, strong signal.
            menu: 2, Car kit, weak signal.
            > car kit
            answer: Pairing with Car kit.
            (headset pair AA:BB:CC:DD:EE:03)
            :headset failed pairing
            answer: Car kit did not pair. Put it in pairing mode, then try again.
            > shokz openrun
            answer: Connecting to SHOKZ OpenRun.
            (headset pair AA:BB:CC:DD:EE:01)
            :headset failed connect
            answer: SHOKZ OpenRun did not connect. Switch it on, then try again.
            > back
            menu: Headset.
            menu: No headset is remembered.
            menu: 1, Find headsets.
            menu: 2, Speak on the board while the headset is away: off.
            :headset failed service
            answer: Bluetooth is not running, so no headset can be found.
            """#)
    }

    @Test func aHeadsetThatGoesHoldsWhatIsSaidUntilItIsBack() throws {
        let session = try GoldenSession()
        session.open(.headset, below: [.home, .settings])
        _ = session.run(
            """
            > 1
            :headset found SHOKZ OpenRun@AA:BB:CC:DD:EE:01@-55@paired
            > 1
            :headset connected AA:BB:CC:DD:EE:01
            """)
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :headset connected AA:BB:CC:DD:EE:01
            :wait 60
            :headset disconnected AA:BB:CC:DD:EE:01
            :wait 30
            :contact off
            :wait 10
            :contact on
            :wait 10
            > t
            answer: Time elapsed, 1 minute and 41 seconds.
            :wait 30
            :headset connected AA:BB:CC:DD:EE:01
            answer: SHOKZ OpenRun is back.
            answer: While the headset was away:
            answer: 46 seconds ago. Strap contact lost. Workout paused.
            answer: 37 seconds ago. Strap contact back. Workout resumed.
            :wait 10
            :contact off
            :wait 10
            event: Strap contact lost. Workout paused.
            """#)
    }

    @Test func withTheFallbackOnWhatHappensIsSaidOnTheBoardMeanwhile() throws {
        let session = try GoldenSession()
        session.open(.headset, below: [.home, .settings])
        _ = session.run(
            """
            > 1
            :headset found SHOKZ OpenRun@AA:BB:CC:DD:EE:01@-55@paired
            > 1
            :headset connected AA:BB:CC:DD:EE:01
            > 3
            """)
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :headset connected AA:BB:CC:DD:EE:01
            :wait 30
            :headset disconnected AA:BB:CC:DD:EE:01
            :wait 5
            :contact off
            :wait 10
            event: Strap contact lost. Workout paused.
            :contact on
            :wait 10
            event: Strap contact back. Workout resumed.
            :headset connected AA:BB:CC:DD:EE:01
            answer: SHOKZ OpenRun is back.
            """#)
    }

    @Test func bluetoothdGoingAndComingBackIsTheHeadsetAwayAndBack() throws {
        let session = try GoldenSession()
        session.open(.headset, below: [.home, .settings])
        _ = session.run(
            """
            > 1
            :headset found SHOKZ OpenRun@AA:BB:CC:DD:EE:01@-55@paired
            > 1
            :headset connected AA:BB:CC:DD:EE:01
            """)
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 30
            :headset disconnected AA:BB:CC:DD:EE:01
            :headset gone
            :contact off
            :wait 10
            :headset back
            :wait 5
            :headset connected AA:BB:CC:DD:EE:01
            answer: SHOKZ OpenRun is back.
            answer: While the headset was away:
            answer: 11 seconds ago. Strap contact lost. Workout paused.
            """#)
    }

    @Test func aLongAbsenceKeepsTheLatestTwentyOldestFirst() throws {
        let session = try GoldenSession()
        session.open(.headset, below: [.home, .settings])
        _ = session.run(
            """
            > 1
            :headset found SHOKZ OpenRun@AA:BB:CC:DD:EE:01@-55@paired
            > 1
            :headset connected AA:BB:CC:DD:EE:01
            """)
        session.startWorkout()
        var script = ":headset connected AA:BB:CC:DD:EE:01\n:wait 30\n:headset disconnected AA:BB:CC:DD:EE:01\n"
        for _ in 0..<12 { script += ":contact off\n:wait 10\n:contact on\n:wait 10\n" }
        let said = session.run(script + ":headset connected AA:BB:CC:DD:EE:01").split(separator: "\n")
        let missed = said.drop { $0 != "answer: While the headset was away:" }.dropFirst()
        // 24 held (12 losses and 12 returns); the 4 oldest are dropped.
        #expect(missed.count == 20)
        #expect(missed.first?.hasSuffix("ago. Strap contact lost. Workout paused.") == true)
        #expect(missed.last?.hasSuffix("ago. Strap contact back. Workout resumed.") == true)
        #expect(!said.contains { $0.hasPrefix("event:") })
    }
}
