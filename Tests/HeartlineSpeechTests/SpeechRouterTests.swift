#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO
@testable import HeartlineSpeech
import Testing

extension AudioTests {
    /// SpeechRouter: speech-dispatcher killed mid-session, espeak-ng takes over, and back.
    @Suite struct SpeechRouterTests {
        @Test func killingSpeechDispatcherFallsBackToEspeakOnceAndComesBack() throws {
            try AudioEnvironment.require()
            let loop = try EventLoop()
            let recorder = try AudioRecorder()
            defer { recorder.stop() }
            var messages: [String] = []
            // The first probe waits 3 s, so that espeak-ng has time to say the cut answer.
            var timing = SpeechdEngine.Timing()
            timing.probeDelays = [3, 1]
            let router = try SpeechRouter(
                loop: loop, catalogue: SpeechCatalogue.shared, settings: AudioEnvironment.settings, timing: timing
            ) { messages.append($0) }
            defer { router.close() }
            let log = ProgressLog()
            router.onProgress = log.record
            var engines: [String?] = []
            router.onEngineChange = { engines.append($0) }
            let lost = SpeechCatalogue.shared.render(.speechServerLost)
            let back = SpeechCatalogue.shared.render(.speechServerBack)
            let answer = Sentences.answer
            let later = "Calories, 210 kilocalories."
            #expect(router.engineName == "speech-dispatcher")

            router.speak([Utterance(.answer, answer)])
            #expect(loop.spin(until: { log.first(.began, of: answer) != nil }, timeout: 5), "\(log.transcript)")
            loop.spin(for: 0.3)
            let pid = try #require(AudioEnvironment.speechDispatcherPID(), "no speech-dispatcher pid file")
            #expect(kill(pid, SIGKILL) == 0)
            let killed = ContinuousClock.now

            // Noticed within a second; said once through espeak-ng; the cut answer said again.
            #expect(loop.spin(until: { router.engineName == "espeak-ng" }, timeout: 1), "\(messages)")
            #expect(killed.duration(to: .now) < .seconds(1))
            #expect(loop.spin(until: { log.last(.ended, of: answer) != nil }, timeout: 10), "\(log.transcript)")
            #expect(log.last(.ended, of: answer)?.engine == "espeak-ng", "\(log.transcript)")
            #expect(log.first(.ended, of: lost)?.engine == "espeak-ng")
            let lostEnded = try #require(log.first(.ended, of: lost)).time
            let answerAgain = try #require(log.last(.began, of: answer)).time
            #expect(lostEnded <= answerAgain, "the announcement comes before the answer is said again")
            let answerEnded = try #require(log.last(.ended, of: answer)).time
            #expect(recorder.loudness(from: answerAgain, to: answerEnded).peak > 2000, "espeak-ng is heard")

            // Back on speech-dispatcher once it answers again (the router starts it), said once.
            #expect(loop.spin(until: { log.first(.ended, of: back) != nil }, timeout: 15), "\(messages)\n\(log.transcript)")
            #expect(log.first(.ended, of: back)?.engine == "speech-dispatcher")
            router.speak([Utterance(.answer, later)])
            #expect(loop.spin(until: { log.first(.ended, of: later) != nil }, timeout: 10), "\(log.transcript)")
            #expect(log.first(.ended, of: later)?.engine == "speech-dispatcher")
            #expect(log.count(.began, of: lost) == 1)
            #expect(log.count(.began, of: back) == 1)
            #expect(engines == ["espeak-ng", "speech-dispatcher"])
        }

        @Test func theFactoryLogsWhichEngineItChose() throws {
            try AudioEnvironment.require()
            let loop = try EventLoop()
            var messages: [String] = []
            let auto = makeSpeaker(.auto, loop: loop, catalogue: SpeechCatalogue.shared, settings: AudioEnvironment.settings) {
                messages.append($0)
            }
            defer { auto.close() }
            #expect(auto is SpeechRouter)
            #expect(auto.engineName == "speech-dispatcher")
            #expect(messages.last?.contains("speech-dispatcher") == true, "\(messages)")
            let transcript = makeSpeaker(.transcript, loop: loop, catalogue: SpeechCatalogue.shared) { messages.append($0) }
            #expect(transcript is TranscriptSpeaker)
            #expect(messages.last?.contains("transcript") == true)
        }
    }
}
