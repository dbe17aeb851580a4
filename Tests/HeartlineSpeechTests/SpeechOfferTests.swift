import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import HeartlineTestSupport
import Testing

extension AudioTests {
    /// What the real engines offer for Settings, Speech to check names against, and the quietest
    /// volume Settings, Speech takes still heard through the null sink's monitor.
    @Suite struct SpeechOfferTests {
        let loop: EventLoop

        init() throws {
            try AudioEnvironment.require()
            loop = try EventLoop()
        }

        /// Asks `speaker` what it offers and turns the loop until it answers.
        func offer(of speaker: any SpeechOutput) throws -> SpeechOffer {
            var answered: SpeechOffer?
            speaker.offer { answered = $0 }
            #expect(loop.spin(until: { answered != nil }, timeout: 20))
            return try #require(answered)
        }

        @Test func speechDispatcherOffersItsModulesVoicesAndLanguages() throws {
            let speaker = try SpeechDispatcherSpeaker(loop: loop, settings: AudioEnvironment.settings)
            defer { speaker.close() }
            let offer = try offer(of: speaker)
            let modules = try #require(offer.modules)
            #expect(modules.contains("espeak-ng"), "\(modules)")
            let voices = try #require(offer.voices)
            #expect(voices.count > 10, "\(voices.prefix(5))")
            #expect(offer.spelling(of: "afrikaans", for: .voice) == "Afrikaans", "\(voices.prefix(5))")
            #expect(offer.spelling(of: "EN-GB", for: .language)?.lowercased() == "en-gb", "\(offer.languages ?? [])")
            #expect(offer.spelling(of: "no-such-voice", for: .voice) == nil)
            #expect(offer.spelling(of: "festival-extra", for: .module) == nil)
        }

        @Test func espeakNGOffersItsVoicesAndLanguagesAndLeavesModulesUnknown() throws {
            let speaker = try EspeakSpeaker(loop: loop, settings: AudioEnvironment.settings)
            defer { speaker.close() }
            let offer = try offer(of: speaker)
            #expect(offer.modules == nil)
            let languages = try #require(offer.languages)
            for language in ["en", "de", "es"] {
                #expect(offer.spelling(of: language, for: .language) != nil, "\(languages.prefix(20))")
            }
            #expect(try #require(offer.voices).count > 10)
        }

        /// The router offers both engines' names: speech-dispatcher's modules, and a voice of
        /// either.
        @Test func theRouterOffersBothEnginesNames() throws {
            let router = try SpeechRouter(loop: loop, catalogue: SpeechCatalogue.shared, settings: AudioEnvironment.settings)
            defer { router.close() }
            let offer = try offer(of: router)
            #expect(offer.modules?.contains("espeak-ng") == true)
            #expect(offer.spelling(of: "en", for: .language) != nil)
        }

        /// The lowest volume Settings, Speech takes is still heard; the silence below it is why
        /// the range stops there.
        @Test func theQuietestVolumeTakenIsStillHeard() throws {
            let recorder = try AudioRecorder()
            defer { recorder.stop() }
            let speaker = try SpeechDispatcherSpeaker(loop: loop, settings: AudioEnvironment.settings)
            defer { speaker.close() }
            let log = ProgressLog()
            speaker.onProgress = log.record
            func loudness(volume: Int) throws -> (peak: Int, rms: Double) {
                var settings = AudioEnvironment.settings
                settings.volume = volume
                speaker.apply(settings)
                let sentence = "Volume \(volume), heart rate 142 beats per minute."
                speaker.speak([Utterance(.answer, sentence)])
                #expect(loop.spin(until: { log.first(.ended, of: sentence) != nil }, timeout: 10), "\(log.transcript)")
                let began = try #require(log.first(.began, of: sentence)).time
                let ended = try #require(log.first(.ended, of: sentence)).time
                loop.spin(for: 0.3)
                return recorder.loudness(from: began.advanced(by: .milliseconds(-100)), to: ended.advanced(by: .milliseconds(300)))
            }
            let lowest = try #require(SpeechSetting.volume.audibleRange).lowerBound
            let quietest = try loudness(volume: lowest)
            let silent = try loudness(volume: -100)
            print("volume \(lowest): peak \(quietest.peak), RMS \(quietest.rms); volume -100: peak \(silent.peak), RMS \(silent.rms)")
            #expect(quietest.peak > 2000, "peak \(quietest.peak)")
            #expect(silent.peak < quietest.peak / 10, "volume -100 peak \(silent.peak)")
        }
    }
}

extension AudioTests {
    /// The built binary on the real speech stack, in script mode on the real clock.
    @Suite struct BinarySpeechSafetyTests {
        /// Settings, Speech takes a voice only as speech-dispatcher offers it, listing the voices
        /// never costs the server its deadlines, and an unconfirmed voice is undone.
        ///
        /// Listing the voices on the speaking connection lost the server at every listing; a
        /// machine busy with other builds can make it miss one deadline now and then. So the run
        /// is made up to three times, and one of them must keep the server.
        @Test func aVoiceIsCheckedAgainstTheRealServerAndUndoneWithoutAYes() throws {
            try AudioEnvironment.require()
            var logs: [String] = []
            for _ in 0..<3 {
                let log = try Self.runOnce()
                logs.append(log)
                if !log.contains("speech-dispatcher lost") { break }
            }
            #expect(logs.contains { !$0.contains("speech-dispatcher lost") }, "lost in every run:\n\(logs.joined(separator: "\n"))")
        }

        /// One run: every sentence is checked; gives the log.
        static func runOnce() throws -> String {
            let directory = NSTemporaryDirectory() + "heartline-offer-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BinaryServerLossTests.binary)
            process.arguments = [
                "--speech", "auto", "--captions", "--data-dir", directory + "/data", "--log", directory + "/log", "--config", "/dev/null",
            ]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The voices are listed when Speech is entered, for about two seconds (longer on a
            // busy machine): a volume changed meanwhile is applied at once, and the voice is
            // typed once the log says the list has come.
            input.fileHandleForWriting.write(Data("settings\nspeech\n3\n60\ny\n4\n".utf8))
            let listed = Date().addingTimeInterval(60)
            var log: String { (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? "" }
            _ = FileWatch.wait(in: directory, timeout: listed.timeIntervalSinceNow) {
                log.contains("speech: the engine offers") || !process.isRunning
            }
            input.fileHandleForWriting.write(Data("no-such-voice\nafrikaans\n:wait 12\nquit\n".utf8))
            try input.fileHandleForWriting.close()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(log.contains("speech: the engine offers"), "\(log)")
            #expect(process.terminationStatus == 0)
            for sentence in [
                "Volume kept at 60.", "The speech engine has no voice called no-such-voice.", "Voice: Afrikaans.", "Keep this? Yes or no.",
                "No answer, so voice is back to default.",
            ] {
                #expect(said.contains(sentence), "\(sentence)\n\(said)")
            }
            return log
        }
    }
}
