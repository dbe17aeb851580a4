import Foundation
@testable import HeartlineCore
import Testing

/// The spoken interface by ear: readouts that fall together said once, "where" naming what is
/// pending, figures and words as a new user hears them.
@Suite struct EarPassGoldenTests {
    /// A run at 4 minutes 16 seconds a kilometre with readouts every 30 seconds and every
    /// kilometre: the interval readout due 2 seconds before kilometre 2 and the one due 4 seconds
    /// before kilometre 4 are said once, with the split first.
    @Test func readoutsDueTogetherAreSaidOnceWithTheSplitFirst() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(sport: .running, interval: .minutes5, distanceReadout: DistanceReadout(every: 1, unit: .kilometres)))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 150
            :run 5:00 176
            :wait 295
            :wait 10
            readout: Kilometre 1 in 5 minutes and 1 second.
            readout: Time elapsed, 5 minutes and 1 second.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 5 minutes per kilometre.
            :run 4:56 176
            :wait 285
            :wait 10
            readout: Kilometre 2 in 4 minutes and 56 seconds.
            readout: Time elapsed, 9 minutes and 57 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 4 minutes and 56 seconds per kilometre.
            """#)
    }

    /// "where" on the workout screen says why it is paused, by the user or by lost contact, and
    /// a strap that dropped out.
    @Test func whereSaysWhyTheWorkoutIsPausedAndAStrapThatIsGone() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 10
            > pause
            answer: Workout paused.
            :wait 20
            > where
            answer: You are on Workout in progress.
            answer: You paused it.
            answer: Paused for 20 seconds.
            > resume
            answer: Workout resumed.
            :contact off
            :wait 20
            event: Strap contact lost. Workout paused.
            > where
            answer: You are on Workout in progress.
            answer: Paused because the strap lost skin contact.
            answer: Paused for 16 seconds.
            :contact on
            :wait 10
            event: Strap contact back. Workout resumed.
            :sensor lost
            event: Heart rate strap disconnected.
            :wait 5
            > where
            answer: You are on Workout in progress.
            answer: The heart rate strap is disconnected. Heartline is trying again.
            """#)
    }

    /// "where" during a resting check says it is running and the time left.
    @Test func whereSaysARestingCheckAndItsTimeLeft() throws {
        let session = try GoldenSession()
        session.open(.restingCheck)
        expectGolden(
            session,
            #"""
            menu: Resting check.
            menu: Sit still and breathe normally for 3 minutes, with the strap on.
            menu: 1, Start the check.
            menu: 2, Back.
            > start the check
            answer: Resting check started: sit still for 3 minutes. The end is said.
            :wait 70
            > where
            answer: You are on Resting check.
            answer: A resting check is running, 1 minute and 50 seconds left.
            """#)
    }

    /// "where" while a range is being typed says what is awaited, and the range is still taken.
    @Test func whereSaysTheTypedRangeAwaited() throws {
        let session = try GoldenSession()
        session.open(.configure(.zone, Draft()), below: [.home])
        expectGolden(
            session,
            #"""
            menu: Target heart rate zone.
            menu: 1, No target, selected.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range.
            menu: 8, Next.
            > type a range
            answer: Type a range such as 140 to 160, then press Enter.
            > where
            answer: You are on Target heart rate zone.
            answer: Type a range such as 140 to 160, then press Enter.
            > 140 to 160
            answer: Target heart rate zone: 140 to 160 beats per minute.
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Next.
            """#)
    }

    /// A strap that drops out and fails its first attempts to come back is said to be tried
    /// again, never given up on, so its connection contradicts nothing said before.
    @Test func aStrapThatCannotReconnectYetIsTriedAgain() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 5
            :sensor lost
            event: Heart rate strap disconnected.
            :strap fails to connect
            answer: The heart rate strap is not connected yet. Heartline keeps trying.
            :wait 5
            :sensor back
            event: Heart rate strap connected.
            :wait 2
            """#)
    }

    /// Looking for footpods on a computer without Bluetooth says no sensor can be found, not
    /// that Heartline goes on without a strap.
    @Test func findingFootpodsWithoutBluetoothSaysNoneCanBeFound() throws {
        let session = try GoldenSession()
        session.open(.sensor, below: [.home, .settings])
        expectGolden(
            session,
            #"""
            menu: Sensors.
            menu: No strap is remembered.
            menu: 1, Find straps.
            menu: 2, Find footpods, bike sensors and power meters.
            menu: 3, Footpod calibration: 100 percent.
            > find footpods, bike sensors and power meters
            answer: Looking for footpods, bike sensors and power meters for 8 seconds.
            (scan other)
            :scan fails without Bluetooth
            answer: This computer has no Bluetooth, so no sensors can be found.
            """#)
    }

    /// With Caps Lock on, the workout's letter keys do what their small letters do, and a
    /// question takes a capital Y or N.
    @Test func capitalLettersWorkOnTheWorkoutScreenAndOnQuestions() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 3
            :key T
            answer: Time elapsed, 3 seconds.
            :key H
            answer: Heart rate, 68 beats per minute.
            :key Q
            answer: capital q does nothing here. Press question mark for help.
            :key E
            answer: Definitely end workout? Yes or no.
            :key N
            answer: Workout continues.
            :key P
            answer: Workout paused.
            :key P
            answer: Workout resumed.
            """#)
    }
}
