import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// A USB stick by ear: said when it comes, offered, and said when it may be pulled out; a
/// read-only, full or early-pulled stick in one sentence. `(stick ...)` is what the core asks
/// of the stick's edge; `:stick ...` is what the edge tells it.
@Suite(.timed) struct StickGoldenTests {
    @Test func aStickIsOfferedCopiedToAndSaidReadyToPullOut() throws {
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
            :stick in
            answer: A USB stick is in.
            menu: USB stick.
            menu: 1, Copy new workouts and read plans.
            menu: 2, Copy new workouts: FIT.
            menu: 3, Read plans.
            menu: 4, Unmount the stick.
            > help
            answer: Copies new workouts to the stick and reads its plan files. Then it is unmounted.
            answer: Everywhere: back, home, where, repeat, help, check and quit.
            > 1
            answer: Working on the stick. Leave it in until it says you may pull it out.
            (stick copy fit plans yes)
            > 2
            answer: The stick is still being written. Leave it in.
            :stick finished 3 1
            answer: 3 workouts copied to the stick.
            answer: 1 plan file read from the stick, under Plans from files.
            :stick ejected
            answer: You may pull out the stick.
            answer: You are on Heartline home.
            :stick out
            :stick in
            answer: A USB stick is in.
            menu: USB stick.
            menu: 1, Copy new workouts and read plans.
            menu: 2, Copy new workouts: FIT.
            menu: 3, Read plans.
            menu: 4, Unmount the stick.
            > 2
            answer: Working on the stick. Leave it in until it says you may pull it out.
            (stick copy fit plans no)
            :stick finished 0 0
            answer: The stick has every workout already.
            :stick eject-failed
            answer: The stick is still in use. Choose Unmount the stick again in a moment.
            > 4
            (stick eject)
            :stick ejected
            answer: You may pull out the stick.
            answer: You are on Heartline home.
            """#)
    }

    @Test(arguments: [
        ("read-only", "answer: The stick is read-only, so no workouts were copied to it."),
        ("full", "answer: The stick is full after 1 workout; the rest stay on the board."),
        ("failed", "answer: Writing to the stick failed after 1 workout; the board keeps every workout."),
    ])
    func aStickThatTakesNoMoreIsSaidInOneSentenceThenUnmounted(problem: String, sentence: String) throws {
        let session = try GoldenSession(strapSeed: nil)
        _ = session.run(
            """
            :stick in
            > 2
            """)
        expectGolden(
            session,
            """
            :stick finished 1 0 \(problem)
            \(sentence)
            :stick ejected
            answer: You may pull out the stick.
            answer: You are on Heartline home.
            """)
    }

    /// A stick left dirty by an early pull is mended before the copy, and said so; one that
    /// cannot be mended is said in one sentence, nothing is written, and its screen is left.
    @Test func aStickMendedBeforeTheCopyIsSaidAndOneThatCannotBeIsLeftAlone() throws {
        let session = try GoldenSession(strapSeed: nil)
        _ = session.run(
            """
            :stick in
            > 2
            """)
        expectGolden(
            session,
            #"""
            :stick mended
            answer: The stick was checked and mended.
            :stick finished 3 0
            answer: 3 workouts copied to the stick.
            :stick ejected
            answer: You may pull out the stick.
            answer: You are on Heartline home.
            :stick out
            :stick in
            answer: A USB stick is in.
            menu: USB stick.
            menu: 1, Copy new workouts and read plans.
            menu: 2, Copy new workouts: FIT.
            menu: 3, Read plans.
            menu: 4, Unmount the stick.
            > 1
            answer: Working on the stick. Leave it in until it says you may pull it out.
            (stick copy fit plans yes)
            :stick finished 0 0 damaged
            answer: The stick is damaged and could not be mended, so nothing was copied.
            answer: You are on Heartline home.
            :stick out
            """#)
    }

    @Test func aStickPulledOutEarlyIsSaidOnceAndItsScreenLeft() throws {
        let session = try GoldenSession(strapSeed: nil)
        _ = session.run(
            """
            :stick in
            > 1
            """)
        expectGolden(
            session,
            #"""
            :stick finished 2 0 removed
            answer: The stick was pulled out early; plug it in again to copy the rest.
            answer: You are on Heartline home.
            :stick out
            > 6
            answer: There is no item 6. Choose 1 to 5.
            :stick in
            answer: A USB stick is in.
            menu: USB stick.
            menu: 1, Copy new workouts and read plans.
            menu: 2, Copy new workouts: FIT.
            menu: 3, Read plans.
            menu: 4, Unmount the stick.
            > back
            menu: Heartline home.
            menu: 1, Configure a new workout.
            menu: 2, Use last workout configuration.
            menu: 3, Review previous workouts.
            menu: 4, Settings.
            menu: 5, Resting check.
            menu: 6, USB stick.
            :stick out
            answer: The USB stick is out.
            > 6
            answer: There is no item 6. Choose 1 to 5.
            """#)
    }

    @Test func aStickDuringAWorkoutIsSaidAndWaitsOnTheHomeScreen() throws {
        let session = try GoldenSession()
        _ = session.run(
            """
            > 1
            > next
            > start workout
            :wait 5
            """)
        expectGolden(
            session,
            #"""
            :stick in
            notice: A USB stick is in. Its choices are on the home screen after the workout.
            """#)
        #expect(session.core.stick.present)
        #expect(!session.core.stack.contains(.stick))
    }
}
