import HeartlineCore
import HeartlineIO
@testable import HeartlineSpeech
import Testing

extension AudioTests {
    /// EspeakSpeaker: libespeak-ng in the process, heard through the null sink's monitor.
    @Suite(.tags(.threads)) struct EspeakSpeakerTests {
        let loop: EventLoop
        let recorder: AudioRecorder
        let speaker: EspeakSpeaker
        let log = ProgressLog()

        init() throws {
            try AudioEnvironment.require()
            loop = try EventLoop()
            // Recording first: it also lowers the null sink's latency, which espeak-ng's
            // progress events follow.
            recorder = try AudioRecorder()
            speaker = try EspeakSpeaker(loop: loop, settings: AudioEnvironment.settings)
            speaker.onProgress = log.record
        }

        func finish() {
            speaker.close()
            recorder.stop()
        }

        @Test func espeakSpeaksAnAnswerThatIsHeard() throws {
            defer { finish() }
            speaker.speak([Utterance(.answer, Sentences.answer)])
            #expect(loop.spin(until: { log.first(.ended, of: Sentences.answer) != nil }, timeout: 10), "\(log.transcript)")
            #expect(log.states(of: Sentences.answer) == [.requested, .began, .ended])
            let began = try #require(log.first(.began, of: Sentences.answer)).time
            let ended = try #require(log.first(.ended, of: Sentences.answer)).time
            let heard = recorder.loudness(from: began.advanced(by: .milliseconds(-100)), to: ended.advanced(by: .milliseconds(300)))
            #expect(heard.peak > 2000, "peak \(heard.peak)")
            #expect(heard.rms > 300, "RMS \(heard.rms)")
        }

        /// The restart a failed audio output gets (`EspeakOutputLossTests`), on the real library:
        /// ended and initialised again in the process, it speaks, and is heard.
        @Test func theLibraryStartedAgainIsHeard() throws {
            defer { finish() }
            let restarted = Locked<Bool?>(nil)
            try EspeakLibrary.shared.get().restart { started in restarted.withLock { $0 = started } }
            #expect(loop.spin(until: { restarted.withLock { $0 } != nil }, timeout: 10))
            #expect(restarted.withLock { $0 } == true)
            speaker.speak([Utterance(.answer, Sentences.answer)])
            #expect(loop.spin(until: { log.first(.ended, of: Sentences.answer) != nil }, timeout: 10), "\(log.transcript)")
            let began = try #require(log.first(.began, of: Sentences.answer)).time
            let ended = try #require(log.first(.ended, of: Sentences.answer)).time
            let heard = recorder.loudness(from: began.advanced(by: .milliseconds(-100)), to: ended.advanced(by: .milliseconds(300)))
            #expect(heard.peak > 2000, "peak \(heard.peak)")
            #expect(heard.rms > 300, "RMS \(heard.rms)")
        }

        /// The event cuts the readout speaking for good; a readout due during the event is heard
        /// right after it, while fresh.
        @Test func anEventCutsAReadoutOnEspeakToo() throws {
            defer { finish() }
            speaker.speak([Utterance(.readout, Sentences.longReadout)])
            #expect(loop.spin(until: { log.first(.began, of: Sentences.longReadout) != nil }, timeout: 10), "\(log.transcript)")
            loop.spin(for: 0.5)
            speaker.speak([Utterance(.event, Sentences.event)])
            let readoutAfter = "Time elapsed, 5 minutes."
            speaker.speak([Utterance(.readout, readoutAfter)])
            #expect(loop.spin(until: { log.first(.ended, of: Sentences.event) != nil }, timeout: 10), "\(log.transcript)")
            let eventEnded = try #require(log.first(.ended, of: Sentences.event)).time
            loop.spin(for: 1.5)
            #expect(log.states(of: Sentences.longReadout) == [.requested, .began, .cut])
            #expect(log.states(of: Sentences.event) == [.requested, .began, .ended])
            #expect(log.states(of: readoutAfter) == [.requested, .began, .ended])
            let readoutBegan = try #require(log.first(.began, of: readoutAfter)).time
            #expect(readoutBegan >= eventEnded)
            #expect(recorder.firstSound(after: eventEnded.advanced(by: .milliseconds(100))) != nil)
        }
    }
}
