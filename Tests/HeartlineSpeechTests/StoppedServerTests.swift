#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO
@testable import HeartlineSpeech
import Testing

extension AudioTests {
    /// A speech-dispatcher that stops answering (SIGSTOP: as if wedged or swapped out) never
    /// holds the loop: espeak-ng speaks within a couple of seconds, and the server is used
    /// again once it answers.
    @Suite struct StoppedServerTests {
        /// Turns the loop until `condition` holds, recording the longest single turn.
        final class TurnWatch {
            var longest: Duration = .zero

            func spin(_ loop: EventLoop, until condition: () -> Bool, timeout: Double) -> Bool {
                let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(timeout * 1000)))
                while !condition() {
                    if ContinuousClock.now >= deadline { return false }
                    let start = ContinuousClock.now
                    loop.turn(maximumWait: 0.02)
                    longest = max(longest, start.duration(to: .now))
                }
                return true
            }
        }

        @Test func aStoppedServerIsLeftAfterASecondAndUsedAgainWhenItAnswers() throws {
            try AudioEnvironment.require()
            let loop = try EventLoop()
            let recorder = try AudioRecorder()
            defer { recorder.stop() }
            var messages: [String] = []
            let router = try SpeechRouter(
                loop: loop, catalogue: SpeechCatalogue.shared, settings: AudioEnvironment.settings, timing: SpeechdEngine.Timing()
            ) { messages.append($0) }
            defer { router.close() }
            let log = ProgressLog()
            router.onProgress = log.record
            let watch = TurnWatch()
            let lost = SpeechCatalogue.shared.render(.speechServerLost)
            let back = SpeechCatalogue.shared.render(.speechServerBack)
            let later = "Calories, 210 kilocalories."
            #expect(router.engineName == "speech-dispatcher")

            router.speak([Utterance(.readout, Sentences.longReadout)])
            #expect(watch.spin(loop, until: { log.first(.began, of: Sentences.longReadout) != nil }, timeout: 5), "\(log.transcript)")
            let pid = try #require(AudioEnvironment.speechDispatcherPID(), "no speech-dispatcher pid file")
            #expect(kill(pid, SIGSTOP) == 0)
            var continued = false
            defer { if !continued { kill(pid, SIGCONT) } }

            // A key's answer while the server is stopped: heard through espeak-ng, after the
            // one sentence saying why the voice changed.
            let pressed = ContinuousClock.now
            router.speak([Utterance(.event, Sentences.event)])
            #expect(watch.spin(loop, until: { log.last(.ended, of: Sentences.event) != nil }, timeout: 8), "\(messages)\n\(log.transcript)")
            #expect(log.last(.began, of: Sentences.event)?.engine == "espeak-ng", "\(log.transcript)")
            let eventBegan = try #require(log.last(.began, of: Sentences.event)).time
            #expect(pressed.duration(to: eventBegan) < .seconds(3), "\(log.transcript)")
            let eventEnded = try #require(log.last(.ended, of: Sentences.event)).time
            #expect(recorder.loudness(from: eventBegan, to: eventEnded).peak > 2000, "espeak-ng is heard")
            #expect(log.count(.began, of: lost) == 1)

            // Still stopped: a second answer goes straight to espeak-ng, and nothing says "lost" again.
            _ = watch.spin(loop, until: { false }, timeout: 2)
            router.speak([Utterance(.answer, Sentences.answer)])
            #expect(watch.spin(loop, until: { log.first(.ended, of: Sentences.answer) != nil }, timeout: 8), "\(log.transcript)")
            #expect(log.first(.ended, of: Sentences.answer)?.engine == "espeak-ng")
            #expect(log.count(.began, of: lost) == 1)

            // The server answers again: used again, said once.
            #expect(kill(pid, SIGCONT) == 0)
            continued = true
            #expect(watch.spin(loop, until: { log.first(.ended, of: back) != nil }, timeout: 15), "\(messages)\n\(log.transcript)")
            #expect(log.first(.ended, of: back)?.engine == "speech-dispatcher")
            router.speak([Utterance(.answer, later)])
            #expect(watch.spin(loop, until: { log.first(.ended, of: later) != nil }, timeout: 10), "\(log.transcript)")
            #expect(log.first(.ended, of: later)?.engine == "speech-dispatcher")
            #expect(log.count(.began, of: back) == 1)
            // Nothing waited on the server: no turn of the loop came near the one-second deadline.
            #expect(watch.longest < .milliseconds(500), "longest turn \(watch.longest)")
        }
    }
}
