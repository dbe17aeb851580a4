#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO

/// Which speech the shell uses (`--speech`).
public enum SpeechChoice: String, CaseIterable, Sendable {
    /// speech-dispatcher with espeak-ng as fallback, else espeak-ng, else the transcript.
    case auto
    /// speech-dispatcher only.
    case speechd
    /// espeak-ng directly.
    case espeak
    /// `KIND: sentence` lines on standard output.
    case transcript
}

/// Builds the speaker for `choice`, logging (through `log`, meant for standard error) which
/// engine speaks and why.
///
/// Call it on the loop's thread before `loop.run()`: connecting may start speech-dispatcher and
/// wait up to about 3 s for it. A choice that cannot speak falls back to the transcript, so the
/// shell always gets a speaker. Afterwards drive the loop (`run()`): progress from the engines
/// reaches the speaker only through it.
public func makeSpeaker(
    _ choice: SpeechChoice, loop: EventLoop, catalogue: PromptCatalogue, settings: SpeechSettings = SpeechSettings(),
    transcript output: Int32 = STDOUT_FILENO, log: @escaping (String) -> Void
) -> any SpeechOutput {
    let transcript = { (reason: String) -> any SpeechOutput in
        log("speech: transcript on standard output (\(reason))")
        return TranscriptSpeaker(fd: output)
    }
    /// The engine asked for by name, or the transcript when it cannot start.
    func asked(_ name: String, _ make: () throws -> any SpeechOutput) -> any SpeechOutput {
        do {
            let speaker = try make()
            log("speech: \(name) (asked for)")
            return speaker
        } catch {
            return transcript("\(error)")
        }
    }
    switch choice {
    case .transcript:
        return transcript("asked for")
    case .speechd:
        return asked("speech-dispatcher") { try SpeechDispatcherSpeaker(loop: loop, settings: settings, log: log) }
    case .espeak:
        return asked("espeak-ng directly") { try EspeakSpeaker(loop: loop, settings: settings, log: log) }
    case .auto:
        do {
            let router = try SpeechRouter(loop: loop, catalogue: catalogue, settings: settings, log: log)
            if router.engineName == SpeechdEngine.engineName {
                log("speech: speech-dispatcher, with espeak-ng directly if the server is lost")
            } else {
                log("speech: espeak-ng directly, speech-dispatcher when it can be reached")
            }
            return router
        } catch {
            return transcript("\(error)")
        }
    }
}
