import HeartlineCore
import HeartlineIO
import HeartlineSpeech

/// Passes sentences to a speech engine and keeps count of those not yet finished, so that the
/// program can let its last words ("Goodbye.", "Workout saved.") be heard before it exits.
final class DrainingSpeaker: Speaker {
    private let output: any SpeechOutput
    private(set) var pending = 0

    init(_ output: any SpeechOutput) {
        self.output = output
        self.output.onProgress = { [weak self] progress in
            guard let self else { return }
            switch progress.state {
            case .ended, .cut, .dropped: self.pending = max(0, self.pending - 1)
            case .requested, .began: break
            }
        }
    }

    func speak(_ utterances: [Utterance]) {
        pending += utterances.count
        output.speak(utterances)
    }

    func silenceUI() { output.silenceUI() }

    /// Turns `loop` until every sentence has finished, or `seconds` have passed.
    func drain(on loop: EventLoop, seconds: Double) {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while pending > 0, ContinuousClock.now < deadline {
            loop.turn(maximumWait: 0.05)
        }
    }
}
