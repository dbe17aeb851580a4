import Foundation
@testable import HeartlineCore
import Testing

/// The yes-or-no questions as a feature on its own: each asked and asked again, its keys taken
/// as answers, Escape, and the answers it gives itself, from the question on screen.
struct QuestionsFeatureTests {
    typealias Store = FeatureStore<QuestionsFeature>

    static let words = TestCatalogue.words

    static let workout = WorkoutSummary(id: 3, start: goldenStart, state: .ended, configuration: WorkoutConfiguration(), duration: 60)

    static func store(_ question: Question) -> Store {
        Store(QuestionsFeature.self, state: question, screen: .question(question))
    }

    static let trial = SpeechTrial(setting: .rate, value: "20", previous: nil, deadline: goldenStart)

    @Test func eachQuestionIsAskedInItsSentence() {
        let asked: [(Question, Prompt)] = [
            (.endWorkout(quitting: false), .confirmEnd), (.endWorkout(quitting: true), .confirmEndBeforeQuit),
            (.deleteEnded(Self.workout, quitting: false), .confirmDelete), (.deleteSaved(Self.workout), .confirmDelete),
            (.discardUnfinished(Self.workout), .confirmDiscard), (.powerOff, .confirmPowerOff),
            (.keepSpeech(Self.trial), .confirmKeepSpeech),
        ]
        for (question, prompt) in asked {
            var store = Self.store(question)
            #expect(store.send(.ask(again: false)) == [.say(.answer, prompt)])
        }
    }

    @Test func askedAgainAQuestionSaysWhatYesDoesAndItsKeys() {
        let yes: [(Question, Prompt, Prompt)] = [
            (.endWorkout(quitting: true), .confirmEnd, .questionEndYes),
            (.deleteEnded(Self.workout, quitting: false), .confirmDelete, .questionDeleteYes),
            (.deleteSaved(Self.workout), .confirmDelete, .questionDeleteYes),
            (.discardUnfinished(Self.workout), .confirmDiscard, .questionDiscardYes),
            (.powerOff, .confirmPowerOff, .questionPowerOffYes),
            (.keepSpeech(Self.trial), .confirmKeepSpeech, .questionKeepSpeechYes),
        ]
        for (question, asked, then) in yes {
            var store = Self.store(question)
            #expect(store.send(.ask(again: true)) == [.say(.answer, asked), .say(.answer, then), .say(.answer, .questionKeys)])
        }
    }

    @Test func leavingWithSecondsUnwrittenSaysWhyWritingFails() {
        var store = Self.store(.quitUnwritten(seconds: 90))
        let duration = ["duration": Self.words.duration(90)]
        store.writeFailure = .diskFull
        #expect(store.send(.ask(again: false)) == [.say(.answer, .confirmQuitUnwritten, duration)])
        store.writeFailure = .deviceFailing("EIO")
        #expect(
            store.send(.ask(again: true)) == [
                .say(.answer, .confirmQuitUnwrittenFailing, duration), .say(.answer, .questionQuitUnwrittenYes),
                .say(.answer, .questionKeys),
            ])
    }

    @Test func yAndNAndMinusAnswerAndAnyOtherKeyAsksAgain() {
        let question = Question.deleteSaved(Self.workout)
        var store = Self.store(question)
        #expect(store.send(.key("y")) == [.answer(question, yes: true)])
        #expect(store.send(.key("Y")) == [.answer(question, yes: true)])
        #expect(store.send(.key("n")) == [.answer(question, yes: false)])
        #expect(store.send(.key("N")) == [.answer(question, yes: false)])
        #expect(store.send(.key("-")) == [.answer(question, yes: false)])
        #expect(store.send(.key("5")) == [.say(.answer, .confirmDelete), .say(.answer, .questionDeleteYes), .say(.answer, .questionKeys)])
    }

    @Test func yesAnswersYesNoAndBackAnswerNoAndAnyOtherCommandAsksAgain() {
        let question = Question.discardUnfinished(Self.workout)
        var store = Self.store(question)
        #expect(store.send(.command(.yes)) == [.answer(question, yes: true)])
        #expect(store.send(.command(.no)) == [.answer(question, yes: false)])
        #expect(store.send(.command(.back)) == [.answer(question, yes: false)])
        let again: [FeatureStep] = [.say(.answer, .confirmDiscard), .say(.answer, .questionDiscardYes), .say(.answer, .questionKeys)]
        #expect(store.send(.command(.home)) == again)
        #expect(store.send(.command(.next)) == again)
        #expect(store.send(.command(nil)) == again)
    }

    @Test func escapeCancelsNothingAndAsksAgain() {
        var store = Self.store(.powerOff)
        #expect(store.send(.escape) == [.say(.answer, .nothingToCancel), .say(.answer, .confirmPowerOff)])
    }

    @Test func powerOffYesLeavesTheQuestionAndPowersOffAfterAFlush() {
        var store = Self.store(.powerOff)
        #expect(
            store.send(.answered(yes: true)) == [
                .leave(screens: 1, showing: false), .say(.answer, .powerOffNow), .emit(.store(.flush)), .emit(.powerOff),
            ])
        #expect(store.send(.answered(yes: false)) == [.leave(screens: 1, showing: true)])
    }

    @Test func quittingWithSecondsUnwrittenYesLeavesAndNoGoesBack() {
        var store = Self.store(.quitUnwritten(seconds: 5))
        #expect(store.send(.answered(yes: true)) == [.say(.answer, .quitBye), .emit(.quit)])
        #expect(store.send(.answered(yes: false)) == [.leave(screens: 1, showing: true)])
    }

    @Test func theAnswersOfOtherFeaturesQuestionsAreNotItsOwn() {
        for question in [Question.endWorkout(quitting: false), .deleteSaved(Self.workout), .keepSpeech(Self.trial)] {
            var store = Self.store(question)
            #expect(store.send(.answered(yes: true)).isEmpty)
        }
    }

    @Test func eachQuestionHasItsTitle() {
        #expect(QuestionsFeature.title(.endWorkout(quitting: true)) == .titleConfirmEnd)
        #expect(QuestionsFeature.title(.discardUnfinished(Self.workout)) == .titleConfirmDelete)
        #expect(QuestionsFeature.title(.powerOff) == .titleConfirmPowerOff)
        #expect(QuestionsFeature.title(.quitUnwritten(seconds: 1)) == .titleConfirmQuit)
        #expect(QuestionsFeature.title(.keepSpeech(Self.trial)) == .titleConfirmSpeech)
    }
}
