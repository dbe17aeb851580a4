@preconcurrency import CSpeechd
import HeartlineCore
@testable import HeartlineSpeech
import HeartlineTestSupport
import Testing

/// A notice ("The strap sends readings that cannot be right.") waits for the sentence being
/// spoken, goes before what is queued, and is never dropped: not by silencing, not by an event.
@Suite(.timed) struct NoticeScheduleTests {
    static let notice = Utterance(.notice, "The strap sends readings that cannot be right.")

    @Test func aNoticeWaitsForTheAnswerSpeakingAndGoesBeforeQueuedOnes() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Time elapsed, 10 seconds."), Utterance(.answer, "Heart rate, 142 beats per minute."))
        script.speak(Self.notice)
        #expect(script.take() == ["start answer: Time elapsed, 10 seconds."])
        script.finish()
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "ended answer: Time elapsed, 10 seconds.",
                "start notice: The strap sends readings that cannot be right.",
                "ended notice: The strap sends readings that cannot be right.",
                "start answer: Heart rate, 142 beats per minute.",
                "ended answer: Heart rate, 142 beats per minute.",
            ])
    }

    @Test func anAnswerOrAMenuDoesNotCutANotice() {
        var script = ScheduleScript()
        script.speak(Self.notice)
        script.speak(Utterance(.answer, "Heart rate, 142 beats per minute."))
        script.speak(Utterance(.menu, "Heartline."))
        script.finish()
        #expect(
            script.take() == [
                "start notice: The strap sends readings that cannot be right.",
                "ended notice: The strap sends readings that cannot be right.",
                "start answer: Heart rate, 142 beats per minute.",
            ])
    }

    @Test func silencingLeavesANoticeSpeakingAndQueued() {
        var script = ScheduleScript()
        script.speak(Self.notice)
        script.speak(Utterance(.notice, "The strap may be stuck: the same heart rate for a minute."))
        script.silenceUI()
        script.finish()
        script.silenceUI()
        script.finish()
        #expect(
            script.take() == [
                "start notice: The strap sends readings that cannot be right.",
                "ended notice: The strap sends readings that cannot be right.",
                "start notice: The strap may be stuck: the same heart rate for a minute.",
                "ended notice: The strap may be stuck: the same heart rate for a minute.",
            ])
    }

    @Test func anEventCutsANoticeWhichIsSaidAgainAfterIt() {
        var script = ScheduleScript()
        script.speak(Self.notice)
        script.speak(Utterance(.event, "Heart rate sensor disconnected."))
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "start notice: The strap sends readings that cannot be right.",
                "stop notice: The strap sends readings that cannot be right.",
                "start event: Heart rate sensor disconnected.",
                "ended event: Heart rate sensor disconnected.",
                "start notice: The strap sends readings that cannot be right.",
                "ended notice: The strap sends readings that cannot be right.",
            ])
    }

    @Test func eventsGoBeforeQueuedNotices() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Time elapsed, 10 seconds."))
        script.speak(Self.notice)
        script.speak(Utterance(.event, "Heart rate sensor disconnected."))
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "start answer: Time elapsed, 10 seconds.",
                "stop answer: Time elapsed, 10 seconds.",
                "start event: Heart rate sensor disconnected.",
                "ended event: Heart rate sensor disconnected.",
                "start notice: The strap sends readings that cannot be right.",
                "ended notice: The strap sends readings that cannot be right.",
                "start answer: Time elapsed, 10 seconds.",
            ])
    }

    @Test func aQueuedNoticeDelaysAReadoutWithoutDroppingIt() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Time elapsed, 10 seconds."))
        script.speak(Self.notice)
        script.speak(Utterance(.readout, "Heart rate, 140 beats per minute."))
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "start answer: Time elapsed, 10 seconds.",
                "ended answer: Time elapsed, 10 seconds.",
                "start notice: The strap sends readings that cannot be right.",
                "ended notice: The strap sends readings that cannot be right.",
                "start readout: Heart rate, 140 beats per minute.",
            ])
    }

    @Test func aNoticeIsNotDroppedForBeingLate() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Time elapsed, 10 seconds."))
        script.speak(Self.notice)
        script.wait(30)
        script.finish()
        #expect(script.take().last == "start notice: The strap sends readings that cannot be right.")
    }

    @Test func speechDispatcherHearsANoticeAsAMessage() {
        #expect(SpeechdEngine.priority(for: .notice) == SPD_MESSAGE)
        #expect(SpeechKind.notice.isKeptUntilSaid)
        #expect(!SpeechKind.answer.isKeptUntilSaid)
    }
}
