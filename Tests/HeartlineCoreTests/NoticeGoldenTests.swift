import Foundation
import HeartlineCore
import Testing

/// A strap sending what no heart can: said once as a notice, kept in "events", and nothing of it
/// spoken, counted or stored.
@Suite struct NoticeGoldenTests {
    @Test func anImpossibleHeartRateIsANoticeOnceAndNeverAValue() throws {
        let session = try GoldenSession()
        expectGolden(session, #"""
        menu: Heartline home.
        menu: 1, Configure a new workout.
        menu: 2, Use last workout configuration.
        menu: 3, Review previous workouts.
        menu: 4, Settings.
        > 1
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
        menu: 11, Target heart rate zone: none.
        menu: 12, Training plan: none.
        menu: 13, Start workout.
        > 13
        answer: Workout started.
        :hr 120
        :wait 10
        :hr 65535
        :wait 1
        notice: The strap sends readings that cannot be right.
        :wait 20
        > h
        answer: No current heart rate: the monitor has sent nothing for 21 seconds.
        :hr 120
        :wait 2
        > h
        answer: Heart rate, 120 beats per minute.
        > v
        answer: 1 recent announcement, newest first.
        answer: 22 seconds ago: The strap sends readings that cannot be right.
        """#)
        let id = try #require(session.store.unfinishedWorkouts().first?.id)
        let samples = try session.store.samples(of: id)
        #expect(samples.count == 33)
        #expect(samples.compactMap(\.heartRate).allSatisfy { $0 == 120 })
        #expect(samples.flatMap(\.rrIntervals).allSatisfy { $0 == 512 })
    }
}
