import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Plans from a coach's files, from the plan step: the plans folder listed by name, a file that
/// cannot be read said with why, a chosen file read back phase by phase after what became of
/// its steps, then started and coached like a typed plan.
@Suite(.timed) struct CoachPlanGoldenTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/coach").standardized.path

    /// A session whose plans folder holds `files` from the fixtures, and a damaged FIT file.
    static func session(_ files: [String]) throws -> (GoldenSession, TemporaryDirectory) {
        let session = try GoldenSession()
        let plans = TemporaryDirectory()
        for file in files { try FileManager.default.copyItem(atPath: fixtures + "/" + file, toPath: plans.path + "/" + file) }
        try Data([14, 0x10, 0, 0, 9, 0, 0, 0] + Array(".FIT".utf8) + [0, 0, 1, 2, 3]).write(
            to: URL(fileURLWithPath: plans.path + "/hills.fit"))
        try Data("a note to self".utf8).write(to: URL(fileURLWithPath: plans.path + "/notes.txt"))
        session.edge.plansDirectory = plans.path
        return (session, plans)
    }

    /// No FTP: the Zwift file's power said as shares of FTP, that said first; chosen, read back
    /// and run, each phase said with its share as it comes.
    @Test func aZwiftFileIsChosenReadBackAndRun() throws {
        let (session, plans) = try Self.session(["gorby.zwo", "unknown.zwo"])
        defer { _ = plans }
        session.open(.configure(.plan, Draft()), below: [.home, .configure(.zone, Draft())])
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
            > 4
            menu: Plans from files.
            menu: 3 plan files.
            menu: hills.fit cannot be read: it ends too soon.
            menu: 1, The Gorby: 30 minutes.
            menu: 2, Sprints: 10 minutes.
            > 1
            answer: The Gorby.
            answer: No FTP is set in the profile: power is said as a share of FTP.
            answer: Step 1, a ramp, is not supported: taken as steady 50 per cent of FTP.
            answer: It has 1 message from the coach, said in the ride.
            answer: Training plan, 30 minutes in all.
            answer: Warm-up 10 minutes at 50 per cent of FTP.
            answer: Once, 5 minutes work at 88 per cent of FTP.
            answer: 5 times 1 minute work at 120 per cent of FTP.
            answer: Then 1 minute rest at 50 per cent of FTP.
            answer: The last round has its rest too.
            answer: Cool-down 5 minutes at 60 per cent of FTP.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 30 minutes in all.
            menu: Warm-up 10 minutes at 50 per cent of FTP.
            menu: Once, 5 minutes work at 88 per cent of FTP.
            menu: 5 times 1 minute work at 120 per cent of FTP.
            menu: Then 1 minute rest at 50 per cent of FTP.
            menu: The last round has its rest too.
            menu: Cool-down 5 minutes at 60 per cent of FTP.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            event: Warm-up, 10 minutes at 50 per cent of FTP.
            :wait 660
            event: Work at 88 per cent of FTP in 5 seconds.
            event: Work, 5 minutes at 88 per cent of FTP.
            event: Coach: Settle in & hold it.
            :wait 360
            event: Work at 120 per cent of FTP in 5 seconds.
            event: Work, round 1 of 5, 1 minute at 120 per cent of FTP.
            event: Rest at 50 per cent of FTP in 5 seconds.
            event: Rest, 1 minute at 50 per cent of FTP.
            event: Work at 120 per cent of FTP in 5 seconds.
            event: Work, round 2 of 5, 1 minute at 120 per cent of FTP.
            > i
            answer: Work, round 2 of 5, 1 minute left.
            """#)
    }

    /// An FTP typed in the profile turns the file's shares into watts; an empty plans folder is
    /// said and the plan step stays.
    @Test func withAnFTPSharesAreWattsAndAnEmptyFolderIsSaid() throws {
        let (session, plans) = try Self.session(["ramps.zwo"])
        defer { _ = plans }
        session.open(.profile(Profile()), below: [.home, .settings])
        expectGolden(
            session,
            #"""
            menu: Profile.
            menu: 1, Age: not set.
            menu: 2, Sex: not set.
            menu: 3, Weight: not set.
            menu: 4, Maximum heart rate: not set.
            menu: 5, Resting heart rate: not set.
            menu: 6, FTP: not set.
            menu: 7, Units: Kilometres.
            > 6
            menu: Type your FTP in watts, or clear to have none.
            > 200
            answer: FTP: 200 watts.
            answer: You are on Profile.
            > home
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            > 1
            menu: Sport.
            menu: 1, Running.
            menu: 2, Cycling.
            menu: 3, Rowing.
            menu: 4, Other, selected.
            menu: 5, Next.
            > next
            menu: Metrics for audio feedback.
            menu: 1, Time elapsed: on.
            menu: 2, Heart rate: on.
            menu: 3, Calories burned: on.
            menu: 4, Next.
            > next
            menu: Time interval for audio feedback.
            menu: 1, No time, selected.
            menu: 2, 30 seconds.
            menu: 3, 1 minute.
            menu: 4, 2 minutes.
            menu: 5, 5 minutes.
            menu: 6, 10 minutes.
            menu: 7, 15 minutes.
            menu: 8, 30 minutes.
            menu: 9, 1 hour.
            menu: 10, 2 hours.
            menu: Press 0 for the tenth, 2 hours.
            > next
            menu: Target heart rate zone.
            menu: 1, No target, selected.
            menu: 2, Zone 1, 93 to 111 beats per minute.
            menu: 3, Zone 2, 112 to 130 beats per minute.
            menu: 4, Zone 3, 131 to 148 beats per minute.
            menu: 5, Zone 4, 149 to 167 beats per minute.
            menu: 6, Zone 5, 168 to 185 beats per minute.
            menu: 7, Type a range.
            menu: 8, Next.
            > next
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan, selected.
            menu: 2, Type a plan.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > 4
            menu: Plans from files.
            menu: 2 plan files.
            menu: hills.fit cannot be read: it ends too soon.
            menu: 1, Ramps & Overs: 22 minutes.
            > 1
            answer: Ramps & Overs.
            answer: Step 1, a ramp, is not supported: taken as steady 120 watts.
            answer: Training plan, 22 minutes in all.
            answer: Once, 8 minutes work at 120 watts.
            answer: 3 times 2 minutes work at 210 watts, 1 minute rest at 120 watts.
            answer: Once, 5 minutes work.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 22 minutes in all.
            menu: Once, 8 minutes work at 120 watts.
            menu: 3 times 2 minutes work at 210 watts, 1 minute rest at 120 watts.
            menu: Once, 5 minutes work.
            menu: 1, Start workout.
            """#)
        session.edge.plansDirectory = plans.path + "/none"
        expectGolden(
            session,
            #"""
            > back
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan.
            menu: 2, Type a plan: 22 minutes in all.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > 4
            answer: There are no plan files in the plans folder.
            """#)
    }

    /// A coach's text events are said at their times in the ride: in a step from its start, or
    /// from the workout's start where the step they fall in (a Sprint) is left out.
    @Test func aCoachsMessagesAreSaidAtTheirTimes() throws {
        let (session, plans) = try Self.session(["text-events.zwo"])
        defer { _ = plans }
        try FileManager.default.removeItem(atPath: plans.path + "/hills.fit")
        session.open(.configure(.plan, Draft()), below: [.home, .configure(.zone, Draft())])
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
            """#)
        expectGolden(
            session,
            #"""
            > 4
            menu: Plans from files.
            menu: 1 plan file.
            menu: 1, Talking coach: 14 minutes.
            """#)
        expectGolden(
            session,
            #"""
            > 1
            answer: Talking coach.
            answer: No FTP is set in the profile: power is said as a share of FTP.
            answer: Step 3, Sprint, is not known: left out.
            answer: It has 3 messages from the coach, said in the ride.
            answer: Training plan, 14 minutes in all.
            answer: Once, 5 minutes work at 60 per cent of FTP.
            answer: Once, 4 minutes work at 105 per cent of FTP.
            answer: Once, 5 minutes work at 50 per cent of FTP.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 14 minutes in all.
            menu: Once, 5 minutes work at 60 per cent of FTP.
            menu: Once, 4 minutes work at 105 per cent of FTP.
            menu: Once, 5 minutes work at 50 per cent of FTP.
            menu: 1, Start workout.
            """#)
        expectGolden(
            session,
            #"""
            > start workout
            answer: Workout started.
            event: Work, 5 minutes at 60 per cent of FTP.
            """#)
        expectGolden(
            session,
            #"""
            :wait 15
            event: Coach: Settle in.
            """#)
        expectGolden(
            session,
            #"""
            :wait 300
            event: Work at 105 per cent of FTP in 5 seconds.
            event: Work, 4 minutes at 105 per cent of FTP.
            event: Coach: Here comes the hard part.
            """#)
        expectGolden(
            session,
            #"""
            :wait 240
            event: Work at 50 per cent of FTP in 5 seconds.
            event: Work, 5 minutes at 50 per cent of FTP.
            event: Coach: Easy now.
            """#)
    }

    /// A folder of 23 plans is read ten at a time, in the order a person expects ("week 2"
    /// before "week 10"), turned with next and previous up to its ends, and searched by the
    /// words of a plan's own name or its file's, whatever the case or accents; a plan found is
    /// chosen as from the folder's own page.
    @Test func aLargeFolderIsPagedInOrderAndSearchedByName() throws {
        let session = try GoldenSession()
        let plans = TemporaryDirectory()
        for week in 1...22 {
            let text =
                "<workout_file><name>Week \(week) base</name><workout><SteadyState Duration=\"\(week * 60)\" Power=\"0.6\"/></workout></workout_file>"
            try Data(text.utf8).write(to: URL(fileURLWithPath: plans.path + "/week \(week).zwo"))
        }
        let hills =
            "<workout_file><name>Côte de la Redoute</name><workout><SteadyState Duration=\"1800\" Power=\"0.8\"/></workout></workout_file>"
        try Data(hills.utf8).write(to: URL(fileURLWithPath: plans.path + "/liège.zwo"))
        session.edge.plansDirectory = plans.path
        session.open(.configure(.plan, Draft()), below: [.home, .configure(.zone, Draft())])
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
            """#)
        expectGolden(
            session,
            #"""
            > 4
            menu: Plans from files.
            menu: Page 1 of 3, 23 plan files.
            menu: 1, Côte de la Redoute: 30 minutes.
            menu: 2, Week 1 base: 1 minute.
            menu: 3, Week 2 base: 2 minutes.
            menu: 4, Week 3 base: 3 minutes.
            menu: 5, Week 4 base: 4 minutes.
            menu: 6, Week 5 base: 5 minutes.
            menu: 7, Week 6 base: 6 minutes.
            menu: 8, Week 7 base: 7 minutes.
            menu: 9, Week 8 base: 8 minutes.
            menu: 10, Week 9 base: 9 minutes.
            menu: Press 0 for the tenth, Week 9 base.
            menu: Type next for more.
            """#)
        expectGolden(
            session,
            #"""
            > next
            menu: Plans from files.
            menu: Page 2 of 3, 23 plan files.
            menu: 1, Week 10 base: 10 minutes.
            menu: 2, Week 11 base: 11 minutes.
            menu: 3, Week 12 base: 12 minutes.
            menu: 4, Week 13 base: 13 minutes.
            menu: 5, Week 14 base: 14 minutes.
            menu: 6, Week 15 base: 15 minutes.
            menu: 7, Week 16 base: 16 minutes.
            menu: 8, Week 17 base: 17 minutes.
            menu: 9, Week 18 base: 18 minutes.
            menu: 10, Week 19 base: 19 minutes.
            menu: Press 0 for the tenth, Week 19 base.
            menu: Type next for more.
            """#)
        expectGolden(
            session,
            #"""
            > next
            menu: Plans from files.
            menu: Page 3 of 3, 23 plan files.
            menu: 1, Week 20 base: 20 minutes.
            menu: 2, Week 21 base: 21 minutes.
            menu: 3, Week 22 base: 22 minutes.
            """#)
        expectGolden(
            session,
            #"""
            > next
            answer: End of list.
            """#)
        expectGolden(
            session,
            #"""
            > previous
            menu: Plans from files.
            menu: Page 2 of 3, 23 plan files.
            menu: 1, Week 10 base: 10 minutes.
            menu: 2, Week 11 base: 11 minutes.
            menu: 3, Week 12 base: 12 minutes.
            menu: 4, Week 13 base: 13 minutes.
            menu: 5, Week 14 base: 14 minutes.
            menu: 6, Week 15 base: 15 minutes.
            menu: 7, Week 16 base: 16 minutes.
            menu: 8, Week 17 base: 17 minutes.
            menu: 9, Week 18 base: 18 minutes.
            menu: 10, Week 19 base: 19 minutes.
            menu: Press 0 for the tenth, Week 19 base.
            menu: Type next for more.
            """#)
        expectGolden(
            session,
            #"""
            :key pagedown
            menu: Plans from files.
            menu: Page 3 of 3, 23 plan files.
            menu: 1, Week 20 base: 20 minutes.
            menu: 2, Week 21 base: 21 minutes.
            menu: 3, Week 22 base: 22 minutes.
            """#)
        expectGolden(
            session,
            #"""
            :key pageup
            menu: Plans from files.
            menu: Page 2 of 3, 23 plan files.
            menu: 1, Week 10 base: 10 minutes.
            menu: 2, Week 11 base: 11 minutes.
            menu: 3, Week 12 base: 12 minutes.
            menu: 4, Week 13 base: 13 minutes.
            menu: 5, Week 14 base: 14 minutes.
            menu: 6, Week 15 base: 15 minutes.
            menu: 7, Week 16 base: 16 minutes.
            menu: 8, Week 17 base: 17 minutes.
            menu: 9, Week 18 base: 18 minutes.
            menu: 10, Week 19 base: 19 minutes.
            menu: Press 0 for the tenth, Week 19 base.
            menu: Type next for more.
            """#)
        expectGolden(
            session,
            #"""
            > describe keys
            answer: Press a key to hear what it does, or Escape to cancel.
            :key pagedown
            answer: Page Down: next.
            """#)
        expectGolden(
            session,
            #"""
            > cote
            menu: Plans from files with cote.
            menu: Found 1 plan file.
            menu: 1, Côte de la Redoute: 30 minutes.
            """#)
        expectGolden(
            session,
            #"""
            > marathon
            answer: No plan file has marathon in its name.
            """#)
        expectGolden(
            session,
            #"""
            > 1
            answer: Côte de la Redoute.
            answer: No FTP is set in the profile: power is said as a share of FTP.
            answer: Training plan, 30 minutes in all.
            answer: Once, 30 minutes work at 80 per cent of FTP.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 30 minutes in all.
            menu: Once, 30 minutes work at 80 per cent of FTP.
            menu: 1, Start workout.
            """#)
        _ = plans
    }

    /// A file of many steps not known says six of them and counts the rest in one sentence.
    @Test func manyStepsNotAsWrittenAreCountedAfterSix() throws {
        let session = try GoldenSession()
        let plans = TemporaryDirectory()
        let unknown = (1...40).map { _ in "<Sprint Duration=\"20\"/>" }.joined()
        let text = "<workout_file><name>Noise</name><workout><SteadyState Duration=\"300\"/>\(unknown)</workout></workout_file>"
        try Data(text.utf8).write(to: URL(fileURLWithPath: plans.path + "/noise.zwo"))
        session.edge.plansDirectory = plans.path
        session.open(.configure(.plan, Draft()), below: [.home, .configure(.zone, Draft())])
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
            > 4
            menu: Plans from files.
            menu: 1 plan file.
            menu: 1, Noise: 5 minutes.
            > 1
            answer: Noise.
            answer: Step 2, Sprint, is not known: left out.
            answer: Step 3, Sprint, is not known: left out.
            answer: Step 4, Sprint, is not known: left out.
            answer: Step 5, Sprint, is not known: left out.
            answer: Step 6, Sprint, is not known: left out.
            answer: Step 7, Sprint, is not known: left out.
            answer: 34 more steps are not as the file writes them.
            answer: Training plan, 5 minutes in all.
            answer: Once, 5 minutes work.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 5 minutes in all.
            menu: Once, 5 minutes work.
            menu: 1, Start workout.
            """#)
    }

    static var python: String {
        if let given = ProcessInfo.processInfo.environment["HEARTLINE_TEST_PYTHON"] { return given }
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache"
        return cache + "/heartline/test-venv/bin/python"
    }

    /// Runs the fixtures' script with the test venv's Python; its exit status.
    static func python(_ arguments: [String]) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    static let fitToolInstalled = python(["-c", "import fit_tool"]) == 0

    /// FIT workouts written by fit-tool (PyPI) in the plans folder: an activity file said as no
    /// workout, the rest listed by their names; the repeat chosen and run with its heart-rate
    /// cool-down in the athlete's zone 1.
    @Test(.enabled(if: fitToolInstalled, "fit-tool (PyPI) is not installed: contrib/setup.sh --test installs it"))
    func aFITWorkoutIsChosenReadBackAndRun() throws {
        let session = try GoldenSession()
        let plans = TemporaryDirectory()
        try #require(Self.python([Self.fixtures + "/make-fit-workouts.py", plans.path]) == 0, "fit-tool wrote no fixtures")
        // The rests' and the cadence zone's files are CoachFileTests'; this folder is the coach's
        // that came before them.
        for name in ["rests.fit", "cadence-zone.fit"] { try FileManager.default.removeItem(atPath: plans.path + "/" + name) }
        session.edge.plansDirectory = plans.path
        session.open(.configure(.plan, Draft()), below: [.home, .configure(.zone, Draft())])
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
            > 4
            menu: Plans from files.
            menu: 6 plan files.
            menu: activity.fit cannot be read: it is a FIT file but not a workout.
            menu: all-day.fit cannot be read: it has no step Heartline can follow.
            menu: Step 1 lasts 10 hours, which a plan cannot hold: left out.
            menu: 1, Threes and a recovery: 21 minutes.
            menu: 2, Track session: 10 minutes.
            menu: 3, Threshold fours: 52 minutes.
            menu: 4, Threshold fours: 52 minutes.
            > 3
            answer: Threshold fours.
            answer: No FTP is set in the profile: power is said as a share of FTP.
            answer: Training plan, 52 minutes in all.
            answer: Warm-up 10 minutes at 55 per cent of FTP.
            answer: 4 times 5 minutes work at 260 watts, 3 minutes rest.
            answer: The last round has its rest too.
            answer: Cool-down 10 minutes at 93 to 111 beats per minute.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 52 minutes in all.
            menu: Warm-up 10 minutes at 55 per cent of FTP.
            menu: 4 times 5 minutes work at 260 watts, 3 minutes rest.
            menu: The last round has its rest too.
            menu: Cool-down 10 minutes at 93 to 111 beats per minute.
            menu: 1, Start workout.
            > start workout
            answer: Workout started.
            event: Warm-up, 10 minutes at 55 per cent of FTP.
            :wait 600
            event: Work at 260 watts in 5 seconds.
            event: Work, round 1 of 4, 5 minutes at 260 watts.
            > i
            answer: Work, round 1 of 4, 5 minutes left.
            """#)
    }
}
