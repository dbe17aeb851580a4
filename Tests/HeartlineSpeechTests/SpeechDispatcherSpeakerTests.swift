import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import Testing

extension AudioTests {
    /// SpeechDispatcherSpeaker against the real server, heard through the null sink's monitor.
    @Suite struct SpeechDispatcherSpeakerTests {
        let loop: EventLoop
        let recorder: AudioRecorder
        let speaker: SpeechDispatcherSpeaker
        let log = ProgressLog()

        init() throws {
            try AudioEnvironment.require()
            loop = try EventLoop()
            recorder = try AudioRecorder()
            speaker = try SpeechDispatcherSpeaker(loop: loop, settings: AudioEnvironment.settings)
            speaker.onProgress = log.record
        }

        func finish() {
            speaker.close()
            recorder.stop()
        }

        @Test func anAnswerIsSpokenToItsEndAndHeard() throws {
            defer { finish() }
            speaker.speak([Utterance(.answer, Sentences.answer)])
            #expect(loop.spin(until: { log.first(.ended, of: Sentences.answer) != nil }, timeout: 10), "\(log.transcript)")
            #expect(log.states(of: Sentences.answer) == [.requested, .began, .ended])
            let began = try #require(log.first(.began, of: Sentences.answer)).time
            let ended = try #require(log.first(.ended, of: Sentences.answer)).time
            loop.spin(for: 0.3)
            let heard = recorder.loudness(from: began.advanced(by: .milliseconds(-100)), to: ended.advanced(by: .milliseconds(300)))
            #expect(heard.peak > 2000, "peak \(heard.peak)")
            #expect(heard.rms > 300, "RMS \(heard.rms)")
        }

        @Test func anEventDuringALongReadoutCutsItAndIsHeardWhole() throws {
            defer { finish() }
            speaker.speak([Utterance(.readout, Sentences.longReadout)])
            #expect(loop.spin(until: { log.first(.began, of: Sentences.longReadout) != nil }, timeout: 5), "\(log.transcript)")
            loop.spin(for: 0.5)
            speaker.speak([Utterance(.event, Sentences.event)])
            #expect(loop.spin(until: { log.first(.ended, of: Sentences.event) != nil }, timeout: 10), "\(log.transcript)")
            #expect(log.states(of: Sentences.longReadout) == [.requested, .began, .cut])
            #expect(log.states(of: Sentences.event) == [.requested, .began, .ended])
            let eventBegan = try #require(log.first(.began, of: Sentences.event)).time
            let eventEnded = try #require(log.first(.ended, of: Sentences.event)).time
            // The readout is not resumed: nothing is heard after the event.
            loop.spin(for: 1.5)
            #expect(log.states(of: Sentences.longReadout) == [.requested, .began, .cut])
            #expect(recorder.loudness(from: eventBegan, to: eventEnded.advanced(by: .milliseconds(200))).peak > 2000)
            #expect(recorder.firstSound(after: eventEnded.advanced(by: .milliseconds(300))) == nil)
        }

        /// The long event outlasts a readout's 3 seconds of freshness: it is never heard stale.
        @Test func aReadoutDueWhileALongEventSpeaksIsNeverHeardStale() throws {
            defer { finish() }
            let readout = "Time elapsed, 5 minutes."
            speaker.speak([Utterance(.event, Sentences.longEvent)])
            #expect(loop.spin(until: { log.first(.began, of: Sentences.longEvent) != nil }, timeout: 5), "\(log.transcript)")
            speaker.speak([Utterance(.readout, readout)])
            #expect(loop.spin(until: { log.first(.ended, of: Sentences.longEvent) != nil }, timeout: 15), "\(log.transcript)")
            let eventEnded = try #require(log.first(.ended, of: Sentences.longEvent)).time
            loop.spin(for: 1.5)
            #expect(log.states(of: readout) == [.dropped])
            #expect(recorder.firstSound(after: eventEnded.advanced(by: .milliseconds(300))) == nil)
        }

        @Test func silencingTheUINeverCutsAnEvent() throws {
            defer { finish() }
            speaker.speak([Utterance(.event, Sentences.longEvent)])
            #expect(loop.spin(until: { log.first(.began, of: Sentences.longEvent) != nil }, timeout: 5), "\(log.transcript)")
            loop.spin(for: 0.3)
            speaker.speak([Utterance(.answer, Sentences.answer)])
            speaker.silenceUI()
            let silenced = ContinuousClock.now
            #expect(loop.spin(until: { log.first(.ended, of: Sentences.longEvent) != nil }, timeout: 15), "\(log.transcript)")
            #expect(log.states(of: Sentences.longEvent) == [.requested, .began, .ended])
            #expect(log.states(of: Sentences.answer) == [.dropped])
            // Still heard after the silencing.
            #expect(recorder.loudness(from: silenced.advanced(by: .milliseconds(300))).peak > 2000)
        }

        @Test func aResponseOfSeveralSentencesIsHeardInOrderAndWhole() throws {
            defer { finish() }
            let menu = ["Home.", "1, Configure a new workout.", "2, Use last workout configuration."]
            speaker.speak(menu.map { Utterance(.menu, $0) })
            #expect(loop.spin(until: { log.endedTexts.count == 3 }, timeout: 15), "\(log.transcript)")
            #expect(log.endedTexts == menu)
            for text in menu {
                #expect(log.states(of: text) == [.requested, .began, .ended])
            }
        }

        @Test func aFasterRateAppliesFromTheNextSentence() throws {
            defer { finish() }
            func duration() throws -> Duration {
                let before = log.entries.count
                speaker.speak([Utterance(.answer, Sentences.answer)])
                #expect(loop.spin(until: { log.entries.dropFirst(before).contains { $0.state == .ended } }, timeout: 10))
                let fresh = Array(log.entries.dropFirst(before))
                let began = try #require(fresh.first { $0.state == .began }).time
                let ended = try #require(fresh.first { $0.state == .ended }).time
                return began.duration(to: ended)
            }
            speaker.apply(SpeechSettings(rate: 0))
            let normal = try duration()
            speaker.apply(SpeechSettings(rate: 100))
            let fast = try duration()
            #expect(fast < normal * 0.8, "normal \(normal), fast \(fast)")
        }
    }
}
