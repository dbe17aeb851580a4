import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

/// What the core asks of the edge besides speech, which the golden transcripts leave out: the
/// harness keeps every effect, so these can be asserted.
@Suite(.timed) struct EffectTests {
    /// The strap is kept after the end for the heart-rate recovery, then let go.
    @Test func aWorkoutAsksForTheStrapAndLetsItGoAfterTheRecovery() throws {
        let session = try GoldenSession()
        _ = session.run(
            """
            > configure
            > start workout
            :wait 5
            """)
        #expect(session.sensorRequests == [true])
        let transcript = session.run(
            """
            > end
            > yes
            > save
            """)
        #expect(transcript.contains("answer: Workout saved."))
        #expect(session.sensorRequests == [true])
        _ = session.run(":wait 130")
        #expect(session.sensorRequests == [true, false])
    }

    @Test func aResumedWorkoutAsksForTheStrapAgain() throws {
        let session = try GoldenSession()
        _ = session.run(
            """
            > configure
            > start workout
            :wait 12
            :restart
            > 1
            """)
        #expect(session.sensorRequests == [true, true])
    }

    @Test func theBatteryIsAskedForOnlyWhenTheUserAsks() throws {
        let session = try GoldenSession()
        _ = session.run(
            """
            > configure
            > start workout
            :wait 5
            """)
        let before = session.batteryRequests
        _ = session.run("> battery")
        #expect(session.batteryRequests == before + 1)
    }
}
