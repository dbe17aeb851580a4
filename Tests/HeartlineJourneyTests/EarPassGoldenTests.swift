import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// The spoken interface by ear: readouts that fall together said once, "where" naming what is
/// pending, figures and words as a new user hears them.
@Suite(.timed) struct EarPassGoldenTests {
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
            readout: 1 kilometre, split 5 minutes and 1 second.
            readout: Time elapsed, 5 minutes and 1 second.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 5 minutes per kilometre.
            :run 4:56 176
            :wait 285
            :wait 10
            readout: 2 kilometres, split 4 minutes and 56 seconds.
            readout: Time elapsed, 9 minutes and 57 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace, 4 minutes and 56 seconds per kilometre.
            """#)
    }

    /// An interval readout held for a split that does not come (the footpod dropped out a
    /// metre short) is said a few seconds late, with the values of that moment.
    @Test func aHeldReadoutWhoseSplitDoesNotComeIsSaidLate() throws {
        let session = try GoldenSession()
        session.startWorkout(
            WorkoutConfiguration(sport: .running, interval: .minutes5, distanceReadout: DistanceReadout(every: 1, unit: .kilometres)))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 150
            :run 5:00 176
            :wait 300
            :motion footpod lost
            event: Footpod disconnected.
            :wait 10
            readout: Time elapsed, 5 minutes and 6 seconds.
            readout: Heart rate, 150 beats per minute.
            readout: Pace unknown: no footpod is connected.
            readout: Distance, 1 kilometre.
            """#)
    }

    /// "where" while a plan is being typed says what is awaited.
    @Test func whereSaysTheTypedPlanAwaited() throws {
        let session = try GoldenSession()
        session.open(.configure(.plan, Draft()), below: [.home])
        expectGolden(
            session,
            #"""
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > type a plan
            answer: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            > where
            answer: You are on Training plan.
            answer: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
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
            menu: 4, Plans from files.
            menu: 5, Next.
            """#)
    }

    /// A range refused on the target step says how to try again or go back, and the typed line
    /// stays open for the next try, so its digits are not taken as a zone's number.
    @Test func aRefusedRangeOpensTheTypedLineAgain() throws {
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
            > 300 to 400
            answer: A target range must lie between 40 and 230 beats per minute.
            answer: Type the range again, or press Escape to choose a zone.
            > where
            answer: You are on Target heart rate zone.
            answer: Type a range such as 140 to 160, then press Enter.
            > 140 and a bit
            answer: I did not understand 140 and a bit. Choose a zone by its number, or type a range such as 140 to 160.
            answer: Type the range again, or press Escape to choose a zone.
            """#)
        // The digit that begins the next try is typing, not the choice of a zone.
        #expect(!session.core.takesKey("1"))
        #expect(session.send(.command("140 to 160")).contains("answer: Target heart rate zone: 140 to 160 beats per minute."))
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
            menu: 2, Find footpods, bike sensors, power meters and fitness machines.
            menu: 3, Footpod calibration: 100 percent.
            > 2
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

    /// A menu of one item says so, not "Choose 1 to 1."
    @Test func aOneItemMenuSaysItsOnlyItem() throws {
        let session = try GoldenSession()
        try session.saveTotals(daysAgo: 1, duration: 1800, zone2: 600)
        session.open(.review)
        expectGolden(
            session,
            #"""
            menu: Review previous workouts.
            menu: 1, Browse all workouts.
            menu: 2, Browse by date.
            menu: 3, Browse by metric.
            menu: 4, Browse by averages.
            > browse all workouts
            menu: All workouts.
            menu: Items 1 to 1 of 1.
            menu: 1, yesterday at 7:30, 30 minutes.
            > 2
            answer: There is no item 2. Item 1 is the only one.
            """#)
    }

    /// A day the month never has is explained as 29 February of a common year is.
    @Test func aDayTheMonthDoesNotHaveIsExplained() throws {
        let session = try GoldenSession()
        session.open(.dateEntry, below: [.home, .review])
        expectGolden(
            session,
            #"""
            menu: Browse by date.
            menu: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            > 31 april
            answer: April never has more than 30 days.
            answer: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            answer: Type back to leave without a change.
            > 30 february
            answer: February never has more than 29 days.
            answer: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            answer: Type back to leave without a change.
            > 29 february
            answer: 2026 is not a leap year, so February has 28 days.
            answer: Type a date, such as today, yesterday, monday, 28 november or 2026-11-28.
            answer: Type back to leave without a change.
            """#)
    }

    /// "start workout" on Home says how to configure one before any was started, and starts the
    /// last configuration once there is one.
    @Test func startWorkoutOnHomeStartsTheLastConfiguration() throws {
        let session = try GoldenSession()
        expectGolden(
            session,
            #"""
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > start workout
            answer: No workout has been configured yet. Choose Configure a new workout.
            > configure
            menu: Sport.
            menu: 1, Running.
            menu: 2, Cycling.
            menu: 3, Rowing.
            menu: 4, Other, selected.
            menu: 5, Next.
            > start workout
            answer: Workout started.
            :wait 2
            > end
            answer: Definitely end workout? Yes or no.
            > yes
            menu: Workout summary.
            menu: Time elapsed, 2 seconds.
            menu: Average heart rate, 68 beats per minute.
            menu: Maximum heart rate, 68 beats per minute.
            menu: Calories burned, 0 kilocalories.
            menu: Training load, 0 points.
            menu: 1, Save workout.
            menu: 2, Delete workout.
            menu: 3, Time in zones.
            menu: 4, Upload and save workout.
            > save
            answer: Workout saved.
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > start workout
            answer: Starting the last workout configuration.
            answer: Workout started.
            """#)
    }

    /// "stop" pauses, as the headset's stop button does; help says so, and end is what ends.
    @Test func stopPausesAndHelpSaysSo() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :wait 2
            > stop
            answer: Workout paused.
            > help
            answer: Keys: t or 1, time; h or 2, heart rate; c or 3, calories.
            answer: Keys: a or 4, average heart rate; m or 5, all metrics.
            answer: Keys: z or 6, zone; i or 7, plan; v or 8, announcements.
            answer: Keys: e or 9, end; p or 0 or space, pause or resume.
            answer: Keys: r or star, repeat; question mark or dot, help; b or minus, battery.
            answer: Keys: x, heart rate variability; l, lap; w or plus, where.
            answer: Stop pauses, as the headset's stop button does. End ends the workout.
            answer: Colon lets you type a command, then Enter. Escape cancels it.
            answer: k, then any key, says what that key does.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            """#)
    }

    /// Tab on a workout offers only the metrics its sport has.
    @Test func completionOffersOnlyTheSportsMetrics() throws {
        let other = try GoldenSession()
        other.startWorkout()
        let offered = other.core.completions()
        for metric in ["pace", "speed", "distance", "cadence", "power"] { #expect(!offered.contains(metric), "\(metric) offered") }
        #expect(offered.contains("heart rate") && offered.contains("calories"))
        let running = try GoldenSession()
        running.startWorkout(WorkoutConfiguration(sport: .running))
        let forRunning = running.core.completions()
        #expect(forRunning.contains("pace") && forRunning.contains("distance") && forRunning.contains("cadence"))
        #expect(!forRunning.contains("speed") && !forRunning.contains("power"))
    }
}
