import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// Plans as people type them, from the plan step: read back one part a sentence, refused naming
/// the word with nothing kept, explained by help while typing, and coached with their targets.
@Suite(.timed) struct PlanGoldenTests {
    /// Warm-up, "then", "4x3min hard 2min easy", a cool-down: read back a part a sentence.
    @Test func aNaturalPlanIsReadBackOnePartASentence() throws {
        let session = try GoldenSession()
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
            > 2
            answer: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            > warm up 5 minutes, then 4x3min hard 2min easy, cool down 5 minutes
            answer: Training plan, 28 minutes in all.
            answer: Warm-up 5 minutes.
            answer: 4 times 3 minutes work, 2 minutes rest.
            answer: Cool-down 5 minutes.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 28 minutes in all.
            menu: Warm-up 5 minutes.
            menu: 4 times 3 minutes work, 2 minutes rest.
            menu: Cool-down 5 minutes.
            menu: 1, Start workout.
            > back
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan.
            menu: 2, Type a plan: 28 minutes in all.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            """#)
    }

    /// A word that is no plan word is named, the question is asked again with the way back, and
    /// nothing of the refused plan is kept: the plan before it stays.
    @Test func aRefusedPlanNamesTheWordAndAsksAgain() throws {
        let session = try GoldenSession()
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
            > 2
            answer: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            > 4 times 3 minutes hard, 2 minutes blorp
            answer: I did not understand 'blorp'.
            answer: Type the plan again, or press Escape to choose from the list.
            > 4 times 3 minuts hard, 2 minuts easy
            answer: Training plan, 18 minutes in all.
            answer: 4 times 3 minutes work, 2 minutes rest.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 18 minutes in all.
            menu: 4 times 3 minutes work, 2 minutes rest.
            menu: 1, Start workout.
            > back
            menu: Training plan.
            menu: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            menu: 1, No plan.
            menu: 2, Type a plan: 18 minutes in all.
            menu: 3, Countdown before each change: on.
            menu: 4, Plans from files.
            menu: 5, Next.
            > 2 times 5 minutes at 250 watts, 2 minutes at 8 oclock
            answer: I did not understand 'oclock'.
            answer: Type the plan again, or press Escape to choose from the list.
            :key escape
            answer: Command cancelled.
            > 6 times
            answer: '6 times' needs a time, such as 3 minutes.
            answer: Type the plan again, or press Escape to choose from the list.
            > next
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 18 minutes in all.
            menu: 4 times 3 minutes work, 2 minutes rest.
            menu: 1, Start workout.
            """#)
    }

    /// Help while typing a plan explains the plan words, and the line stays open for the plan.
    @Test func helpWhileTypingAPlanExplainsThePlanWords() throws {
        let session = try GoldenSession()
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
            > 2
            answer: Type a plan such as: 6 times 3 minutes work, 1 minute rest. Warm-up and cool-down may follow.
            > help
            answer: Type a plan such as 4 times 3 minutes hard, 2 minutes easy. Join blocks with then; work may be hard or on, rest easy or off. Add warm-up 5 minutes, cool-down 5 minutes, or targets such as at 250 watts.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            """#)
        // A plan begins with a digit: after help the digit types the plan, it chooses no item.
        #expect(!session.core.takesKey("2"))
        expectGolden(
            session,
            #"""
            > 2 times 3 minutes on, 2 minutes off, then 2 times 1 minute on, 30 seconds off
            answer: Training plan, 12 minutes and 30 seconds in all.
            answer: 2 times 3 minutes work, 2 minutes rest.
            answer: 2 times 1 minute work, 30 seconds rest.
            menu: Ready to start.
            menu: Audio metrics on: time elapsed, heart rate and calories burned.
            menu: Interval: No time.
            menu: Training plan, 12 minutes and 30 seconds in all.
            menu: 2 times 3 minutes work, 2 minutes rest.
            menu: 2 times 1 minute work, 30 seconds rest.
            menu: 1, Start workout.
            """#)
    }

    /// Two blocks with targets: each phase change says its target, and so does the warning before it.
    @Test func aTwoBlockPlanIsCoachedWithItsTargetsSpoken() throws {
        let session = try GoldenSession()
        let plan = try TrainingPlanText.read(
            "warm up 20 seconds, 2 times 30 seconds at 250 watts, 20 seconds at 120, then 2 times 15 seconds at 300 watts, 10 seconds easy, cool down 10 seconds"
        )
        session.startWorkout(WorkoutConfiguration(metrics: [], interval: .none, plan: plan))
        expectGolden(
            session,
            #"""
            answer: Workout started.
            event: Warm-up, 20 seconds.
            :wait 20
            event: Work at 250 watts in 5 seconds.
            event: Work, round 1 of 2, 30 seconds at 250 watts.
            :wait 30
            event: Rest at 120 watts in 5 seconds.
            event: Rest, 20 seconds at 120 watts.
            :wait 20
            event: Work at 250 watts in 5 seconds.
            event: Work, round 2 of 2, 30 seconds at 250 watts.
            :wait 30
            event: Rest at 120 watts in 5 seconds.
            event: Rest, 20 seconds at 120 watts.
            > i
            answer: Rest after round 2 of 2, 20 seconds left.
            :wait 20
            event: Work at 300 watts in 5 seconds.
            event: Work, round 1 of 2, 15 seconds at 300 watts.
            :wait 15
            event: Rest in 5 seconds.
            event: Rest, 10 seconds.
            :wait 10
            event: Work at 300 watts in 5 seconds.
            event: Work, round 2 of 2, 15 seconds at 300 watts.
            :wait 15
            event: Cool-down in 5 seconds.
            event: Cool-down, 10 seconds.
            :wait 10
            event: Training plan finished.
            """#)
    }
}
