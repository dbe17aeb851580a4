import HeartlineCore
@testable import HeartlineSpeech
import HeartlineTestSupport
import Testing

/// Drives the pure schedule and writes each action as one line, so that a test reads as a
/// script of what the engine is told and what the user would hear.
struct ScheduleScript {
    var schedule = SpeechSchedule(readoutDeadline: .seconds(2))
    var now = ContinuousClock.now
    var lines: [String] = []

    mutating func speak(_ utterances: Utterance...) {
        record(schedule.speak(utterances, now: now))
    }

    /// The engine reports the speaking sentence began, then ended.
    mutating func finish() {
        guard let id = schedule.current?.id else { return }
        record(schedule.began(id))
        record(schedule.ended(id, now: now))
    }

    mutating func silenceUI() { record(schedule.silenceUI(now: now)) }
    mutating func announce(_ utterance: Utterance) { record(schedule.announce(utterance, now: now)) }
    mutating func loseEngine() { record(schedule.engineLost()) }
    mutating func resume() { record(schedule.resume(now: now)) }

    /// Another client (or the server) cancels the speaking sentence.
    mutating func interruptFromOutside() {
        guard let id = schedule.current?.id else { return }
        record(schedule.interrupted(id, now: now))
    }
    mutating func wait(_ seconds: Double) { now = now.advanced(by: .milliseconds(Int64(seconds * 1000))) }

    /// What was written since the last call.
    mutating func take() -> [String] {
        defer { lines = [] }
        return lines
    }

    private mutating func record(_ actions: [SpeechSchedule.Action]) {
        for action in actions {
            switch action {
            case .start(let item): lines.append("start \(item.utterance)")
            case .stop(let item): lines.append("stop \(item.utterance)")
            case .report(let item, let state) where state != .began: lines.append("\(state.rawValue) \(item.utterance)")
            case .report: break
            }
        }
    }
}

@Suite(.timed, .tags(.threads)) struct SpeechScheduleTests {
    @Test func anEventCutsAnAnswerWhichIsSaidAgainAfterIt() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Heart rate, 142 beats per minute."))
        script.speak(Utterance(.event, "Heart rate sensor disconnected."))
        #expect(
            script.take() == [
                "start answer: Heart rate, 142 beats per minute.",
                "stop answer: Heart rate, 142 beats per minute.",
                "start event: Heart rate sensor disconnected.",
            ])
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "ended event: Heart rate sensor disconnected.",
                "start answer: Heart rate, 142 beats per minute.",
                "ended answer: Heart rate, 142 beats per minute.",
            ])
    }

    @Test func anEventCutsAReadoutForGoodWithTheRestOfItsResponse() {
        var script = ScheduleScript()
        script.speak(Utterance(.readout, "Time elapsed, 5 minutes."), Utterance(.readout, "Heart rate, 140 beats per minute."))
        script.speak(Utterance(.event, "Heart rate above target zone."))
        script.finish()
        #expect(
            script.take() == [
                "start readout: Time elapsed, 5 minutes.",
                "stop readout: Time elapsed, 5 minutes.",
                "cut readout: Time elapsed, 5 minutes.",
                "dropped readout: Heart rate, 140 beats per minute.",
                "start event: Heart rate above target zone.",
                "ended event: Heart rate above target zone.",
            ])
        #expect(script.schedule.isIdle)
    }

    @Test func aReadoutDueWhileAnEventSpeaksIsSaidRightAfterIt() {
        var script = ScheduleScript()
        script.speak(Utterance(.event, "Rest, 1 minute."), Utterance(.readout, "Time elapsed, 5 minutes."))
        script.wait(1.5)
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "start event: Rest, 1 minute.",
                "ended event: Rest, 1 minute.",
                "start readout: Time elapsed, 5 minutes.",
                "ended readout: Time elapsed, 5 minutes.",
            ])
    }

    @Test func aReadoutHeldBehindAnEventPastItsFreshnessIsDropped() {
        var script = ScheduleScript()
        script.speak(Utterance(.event, "Strap contact lost. Workout paused."))
        script.speak(Utterance(.readout, "Time elapsed, 5 minutes."))
        script.wait(2.5)
        script.finish()
        #expect(
            script.take() == [
                "start event: Strap contact lost. Workout paused.",
                "ended event: Strap contact lost. Workout paused.",
                "dropped readout: Time elapsed, 5 minutes.",
            ])
    }

    @Test func theFreshnessOfAReadoutIsThreeSeconds() {
        #expect(SpeechSchedule.freshness == .seconds(3))
        #expect(SpeechSchedule().readoutDeadline == .seconds(3))
    }

    @Test func aReadoutThatWaitsPastItsDeadlineIsDropped() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Calories, 210 kilocalories."))
        script.speak(Utterance(.readout, "Time elapsed, 5 minutes."))
        script.wait(2.5)
        script.finish()
        #expect(
            script.take() == [
                "start answer: Calories, 210 kilocalories.",
                "ended answer: Calories, 210 kilocalories.",
                "dropped readout: Time elapsed, 5 minutes.",
            ])
    }

    @Test func aReadoutThatStartedInTimeIsHeardWhole() {
        var script = ScheduleScript()
        script.speak(Utterance(.readout, "Time elapsed, 5 minutes."), Utterance(.readout, "Heart rate, 140 beats per minute."))
        script.wait(3)
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "start readout: Time elapsed, 5 minutes.",
                "ended readout: Time elapsed, 5 minutes.",
                "start readout: Heart rate, 140 beats per minute.",
                "ended readout: Heart rate, 140 beats per minute.",
            ])
    }

    @Test func anAnswerCutsAMenuAndItsQueuedItems() {
        var script = ScheduleScript()
        script.speak(Utterance(.menu, "Home."), Utterance(.menu, "1, Configure a new workout."))
        script.speak(Utterance(.answer, "Heart rate monitor is not connected."))
        #expect(
            script.take() == [
                "start menu: Home.",
                "dropped menu: 1, Configure a new workout.",
                "stop menu: Home.",
                "cut menu: Home.",
                "start answer: Heart rate monitor is not connected.",
            ])
    }

    @Test func theNewestMenuReplacesOlderOnesButWaitsForAnAnswer() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Workout saved."))
        script.speak(Utterance(.menu, "Settings."), Utterance(.menu, "1, Profile."))
        script.speak(Utterance(.menu, "Home."), Utterance(.menu, "1, Configure a new workout."))
        script.finish()
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "start answer: Workout saved.",
                "dropped menu: Settings.",
                "dropped menu: 1, Profile.",
                "ended answer: Workout saved.",
                "start menu: Home.",
                "ended menu: Home.",
                "start menu: 1, Configure a new workout.",
                "ended menu: 1, Configure a new workout.",
            ])
    }

    @Test func severalAnswersAreHeardInOrderAndWhole() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Time elapsed, 12 seconds."), Utterance(.answer, "Heart rate, 98 beats per minute."))
        script.speak(Utterance(.answer, "Calories, 3 kilocalories."))
        for _ in 0..<3 { script.finish() }
        #expect(
            script.take() == [
                "start answer: Time elapsed, 12 seconds.",
                "ended answer: Time elapsed, 12 seconds.",
                "start answer: Heart rate, 98 beats per minute.",
                "ended answer: Heart rate, 98 beats per minute.",
                "start answer: Calories, 3 kilocalories.",
                "ended answer: Calories, 3 kilocalories.",
            ])
    }

    @Test func echoIsDroppedWhileAnythingElseSpeaksAndANewerEchoCutsAnOlder() {
        var script = ScheduleScript()
        script.speak(Utterance(.echo, "h"))
        script.speak(Utterance(.echo, "e"))
        script.speak(Utterance(.answer, "Heart rate, 98 beats per minute."))
        script.speak(Utterance(.echo, "l"))
        #expect(
            script.take() == [
                "start echo: h",
                "stop echo: h",
                "cut echo: h",
                "start echo: e",
                "stop echo: e",
                "cut echo: e",
                "start answer: Heart rate, 98 beats per minute.",
                "dropped echo: l",
            ])
    }

    @Test func silencingTheUINeverCutsAnEvent() {
        var script = ScheduleScript()
        script.speak(Utterance(.event, "Set finished."))
        script.speak(Utterance(.answer, "Heart rate, 98 beats per minute."))
        script.silenceUI()
        script.finish()
        #expect(
            script.take() == [
                "start event: Set finished.",
                "dropped answer: Heart rate, 98 beats per minute.",
                "ended event: Set finished.",
            ])
    }

    @Test func silencingTheUICutsWhatIsSpeakingAndEmptiesTheQueue() {
        var script = ScheduleScript()
        script.speak(Utterance(.menu, "Home."), Utterance(.menu, "1, Configure a new workout."))
        script.silenceUI()
        #expect(
            script.take() == [
                "start menu: Home.",
                "dropped menu: 1, Configure a new workout.",
                "stop menu: Home.",
                "cut menu: Home.",
            ])
        #expect(script.schedule.isIdle)
    }

    @Test func eventsQueueInOrderAndAreNeverDropped() {
        var script = ScheduleScript()
        script.speak(Utterance(.event, "Heart rate sensor disconnected."))
        script.speak(Utterance(.event, "Strap contact lost."))
        script.silenceUI()
        script.finish()
        script.finish()
        #expect(
            script.take() == [
                "start event: Heart rate sensor disconnected.",
                "ended event: Heart rate sensor disconnected.",
                "start event: Strap contact lost.",
                "ended event: Strap contact lost.",
            ])
    }

    @Test func aLostEngineGivesBackItsEventAndDropsItsAnnouncement() {
        var script = ScheduleScript()
        script.speak(Utterance(.event, "Set finished."))
        script.loseEngine()
        script.announce(Utterance(.event, "Speech server lost, speaking directly."))
        script.loseEngine()
        script.resume()
        script.finish()
        #expect(
            script.take() == [
                "start event: Set finished.",
                "start event: Speech server lost, speaking directly.",
                "cut event: Speech server lost, speaking directly.",
                "start event: Set finished.",
                "ended event: Set finished.",
            ])
    }

    @Test func aLostEngineDropsAReadoutButKeepsAnAnswer() {
        var script = ScheduleScript()
        script.speak(Utterance(.readout, "Time elapsed, 5 minutes."))
        script.loseEngine()
        script.speak(Utterance(.answer, "Workout saved."))
        script.loseEngine()
        script.resume()
        #expect(
            script.take() == [
                "start readout: Time elapsed, 5 minutes.",
                "cut readout: Time elapsed, 5 minutes.",
                "start answer: Workout saved.",
                "start answer: Workout saved.",
            ])
    }

    @Test func aSentenceCutFromOutsideIsSaidAgainOnlySoOften() {
        var script = ScheduleScript()
        script.speak(Utterance(.answer, "Workout saved."))
        for _ in 0..<3 { script.interruptFromOutside() }
        #expect(
            script.take() == [
                "start answer: Workout saved.",
                "start answer: Workout saved.",
                "start answer: Workout saved.",
                "cut answer: Workout saved.",
            ])
        #expect(script.schedule.isIdle)
    }

    @Test func nothingStartsWhilePaused() {
        var script = ScheduleScript()
        script.schedule.paused = true
        script.speak(Utterance(.event, "Set finished."))
        #expect(script.take() == [])
        script.schedule.paused = false
        script.resume()
        #expect(script.take() == ["start event: Set finished."])
    }
}
