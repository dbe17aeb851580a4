import Foundation

/// A yes-or-no question over the screen that asked it: asked, asked again with what yes will do,
/// its keys taken as answers, and the answers of the questions that are about nothing else
/// (powering off, leaving with seconds unwritten). Any other answer is handed back to what the
/// question is about.
enum QuestionsFeature: Feature {
    /// The question on screen; it does not change while it waits.
    typealias State = Question

    enum Action: Sendable {
        /// Asks it; asked again, it also says what yes will do.
        case ask(again: Bool)
        /// A key pressed on the question.
        case key(Character)
        /// A command typed or given on the question: yes, or no (back is no); any other asks it
        /// again.
        case command(Command?)
        /// Escape on the question: nothing to cancel, and it still waits.
        case escape
        /// The answer, for the questions this feature answers itself.
        case answered(yes: Bool)
    }

    static func title(_ question: Question) -> Prompt {
        switch question {
        case .endWorkout: .titleConfirmEnd
        case .deleteEnded, .deleteSaved, .discardUnfinished: .titleConfirmDelete
        case .powerOff: .titleConfirmPowerOff
        case .quitUnwritten: .titleConfirmQuit
        case .keepSpeech: .titleConfirmSpeech
        }
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch action {
        case .ask(let again): return ask(state, again: again, environment)
        case .key(let key):
            // The keypad's yes is its Enter (an empty line), a key of its own: the key that
            // asked, pressed twice by a bounce or a double tap, only asks again. A letter is
            // English's y or n, or the language's own one-letter word ("s" for sí, "j" for ja).
            let letter = String(key).lowercased()
            let words = environment.words
            if letter == "y" || words.ownNames(of: .yes).contains(letter) { return [.answer(state, yes: true)] }
            // Minus is no where the keypad has no letters; a wrong no is harmless.
            if letter == "n" || letter == "-" || words.ownNames(of: .no).contains(letter) { return [.answer(state, yes: false)] }
            return ask(state, again: true, environment)
        case .command(let command):
            switch command {
            case .yes: return [.answer(state, yes: true)]
            case .no, .back: return [.answer(state, yes: false)]
            default: return ask(state, again: true, environment)
            }
        case .escape: return [.say(.answer, .nothingToCancel)] + ask(state, again: false, environment)
        case .answered(let yes):
            switch state {
            case .powerOff:
                guard yes else { return [.leave(screens: 1, showing: true)] }
                return [.leave(screens: 1, showing: false), .say(.answer, .powerOffNow), .emit(.store(.flush)), .emit(.powerOff)]
            case .quitUnwritten:
                return yes ? [.say(.answer, .quitBye), .emit(.quit)] : [.leave(screens: 1, showing: true)]
            case .endWorkout, .deleteEnded, .deleteSaved, .discardUnfinished, .keepSpeech:
                // Answered by what the question is about.
                return []
            }
        }
    }

    private static func ask(_ question: Question, again: Bool, _ environment: FeatureEnvironment) -> [FeatureStep] {
        var steps: [FeatureStep]
        switch question {
        case .endWorkout(let quitting): steps = [.say(.answer, quitting && !again ? .confirmEndBeforeQuit : .confirmEnd)]
        case .deleteEnded, .deleteSaved: steps = [.say(.answer, .confirmDelete)]
        case .discardUnfinished: steps = [.say(.answer, .confirmDiscard)]
        case .powerOff: steps = [.say(.answer, .confirmPowerOff)]
        case .quitUnwritten(let seconds):
            let prompt: Prompt = environment.writeFailure == .diskFull ? .confirmQuitUnwritten : .confirmQuitUnwrittenFailing
            steps = [.say(.answer, prompt, ["duration": environment.words.duration(seconds)])]
        case .keepSpeech: steps = [.say(.answer, .confirmKeepSpeech)]
        }
        guard again else { return steps }
        let yes: Prompt =
            switch question {
            case .endWorkout: .questionEndYes
            case .deleteEnded, .deleteSaved: .questionDeleteYes
            case .discardUnfinished: .questionDiscardYes
            case .powerOff: .questionPowerOffYes
            case .quitUnwritten: .questionQuitUnwrittenYes
            case .keepSpeech: .questionKeepSpeechYes
            }
        return steps + [.say(.answer, yes), .say(.answer, .questionKeys)]
    }
}
