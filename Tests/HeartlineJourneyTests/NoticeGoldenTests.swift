import Foundation
@testable import HeartlineCore
import HeartlineTestSupport
import Testing

/// A strap sending what no heart can: said once as a notice, kept in "events", and nothing of it
/// spoken, counted or stored.
@Suite(.timed) struct NoticeGoldenTests {
    @Test func anImpossibleHeartRateIsANoticeOnceAndNeverAValue() throws {
        let session = try GoldenSession()
        session.startWorkout()
        expectGolden(
            session,
            #"""
            answer: Workout started.
            :hr 120
            :wait 10
            :hr 65535
            :wait 1
            notice: The strap sends readings that cannot be right.
            :wait 20
            > h
            answer: No current heart rate: the strap has sent nothing for 21 seconds.
            :hr 120
            :wait 2
            > h
            answer: Heart rate, 120 beats per minute.
            > v
            answer: 1 recent announcement, newest first.
            answer: 22 seconds ago. The strap sends readings that cannot be right.
            """#)
        let id = try #require(session.store.unfinishedWorkouts().first?.id)
        let samples = try session.store.samples(of: id)
        #expect(samples.count == 33)
        #expect(samples.compactMap(\.heartRate).allSatisfy { $0 == 120 })
        #expect(samples.flatMap(\.rrIntervals).allSatisfy { $0 == 512 })
    }
}
