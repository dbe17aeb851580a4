import CEspeakNG
import Dispatch
import HeartlineCore
import HeartlineIO
@testable import HeartlineSpeech
import HeartlineTestSupport
import Synchronization
import Testing

/// libespeak-ng's entry points, standing in for the library where what is tested cannot be
/// produced on demand: its audio output failing. With Debian's espeak-ng 1.51 and libpcaudio
/// 1.2, a PulseAudio stream left open while espeak-ng opens another makes every later open
/// fail ("Entity exists"): each sentence then ends at once, with no word played, and nothing is
/// heard for the rest of the run (met in the VM's headset journey, 4 runs in 13). This plays
/// the library's side as it does then: events on a thread of its own, through the callback
/// Heartline registered, with the request's user data. Everything above the function table
/// (`EspeakLibrary`, `EspeakEngine`, the driver) is the production code.
enum StandInEspeak {
    enum Output {
        /// Each sentence's SENTENCE and WORD events, then its end.
        case plays
        /// Its end only, at once: the output refused to open.
        case refuses
        /// Its SENTENCE and WORD events, then nothing: the output hangs mid-sentence.
        case hangs
        /// No event at all: the output blocks before it plays a word (a sound server that
        /// stopped taking the stream).
        case blocks
    }

    struct State {
        var callback: EspeakFunctions.SynthCallback?
        /// How the next sentences go, one per sentence; `plays` once these are used.
        var outputs: [Output] = []
        /// Whether `espeak_Initialize` answers (a sample rate) or fails (0), one per call;
        /// it answers once these are used.
        var starts: [Bool] = []
        var initializations = 0
        var terminations = 0
        /// The sentences asked for (the warm-up's space left out).
        var synthesized: [String] = []
    }

    static let state = Mutex(State())
    private static let thread = DispatchQueue(label: "stand-in espeak-ng events")

    static func reset(outputs: [Output], starts: [Bool] = []) {
        state.withLock { $0 = State(outputs: outputs, starts: starts) }
    }

    static let functions = EspeakFunctions(
        initialize: { _, _, _, _ in
            state.withLock { state in
                state.initializations += 1
                return state.starts.isEmpty || state.starts.removeFirst() ? 22050 : 0
            }
        },
        setSynthCallback: { callback in state.withLock { $0.callback = callback } },
        synth: { text, _, _, _, _, _, _, userData in
            let sentence = text.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
            let token = Int(bitPattern: userData)
            let (output, callback) = state.withLock { state -> (Output, EspeakFunctions.SynthCallback?) in
                guard token != 0 else { return (.plays, state.callback) }
                state.synthesized.append(sentence)
                return (state.outputs.isEmpty ? .plays : state.outputs.removeFirst(), state.callback)
            }
            guard let callback else { return EE_OK }
            let types: [espeak_EVENT_TYPE] =
                switch output {
                case .plays: [espeakEVENT_SENTENCE, espeakEVENT_WORD, espeakEVENT_MSG_TERMINATED]
                case .refuses: [espeakEVENT_MSG_TERMINATED]
                case .hangs: [espeakEVENT_SENTENCE, espeakEVENT_WORD]
                case .blocks: []
                }
            guard !types.isEmpty else { return EE_OK }
            thread.asyncAfter(deadline: .now() + 0.02) {
                var events = (types + [espeakEVENT_LIST_TERMINATED]).map { type in
                    var event = espeak_EVENT()
                    event.type = type
                    event.user_data = UnsafeMutableRawPointer(bitPattern: token)
                    return event
                }
                _ = events.withUnsafeMutableBufferPointer { callback(nil, 0, $0.baseAddress) }
            }
            return EE_OK
        },
        cancel: { EE_OK },
        terminate: {
            state.withLock { $0.terminations += 1 }
            return EE_OK
        },
        setParameter: { _, _, _ in EE_OK },
        setVoiceByName: { _ in EE_OK },
        setVoiceByProperties: { _ in EE_OK },
        listVoices: { _ in nil })
}

/// espeak-ng's audio output failing mid-run: the engine notices, starts the library again, and
/// the sentence it lost is said.
@Suite(.serialized, .timed, .tags(.threads)) struct EspeakOutputLossTests {
    let loop: EventLoop
    let log = ProgressLog()
    let logged = Locked<[String]>([])

    init() throws {
        loop = try EventLoop()
    }

    private func driver(timing: EspeakEngine.Timing = EspeakEngine.Timing()) throws -> SpeechDriver {
        let library = try EspeakLibrary(functions: StandInEspeak.functions)
        let logged = self.logged
        let engine = EspeakEngine(
            loop: loop, settings: SpeechSettings(), library: library, timing: timing,
            log: { line in logged.withLock { $0.append(line) } })
        let driver = SpeechDriver(
            engines: [engine], settings: SpeechSettings(), announcements: nil,
            log: { line in logged.withLock { $0.append(line) } })
        driver.onProgress = log.record
        return driver
    }

    private var lines: [String] { logged.withLock { $0 } }

    @Test func aSentenceEndedWithNoWordPlayedRestartsTheLibraryAndIsSaidAgain() throws {
        StandInEspeak.reset(outputs: [.refuses])
        let driver = try driver()
        defer { driver.close() }
        let event = "Work, round 2 of 8, 30 seconds."
        driver.speak([Utterance(.event, event)])
        #expect(loop.spin(until: { log.first(.ended, of: event) != nil }, timeout: 10), "\(log.transcript)\n\(lines)")
        #expect(lines.contains { $0.contains("espeak-ng lost: espeak-ng ended a sentence without playing a word of it") }, "\(lines)")
        #expect(lines.contains("speech: espeak-ng started again"), "\(lines)")
        let state = StandInEspeak.state.withLock { $0 }
        #expect(state.terminations == 1)
        #expect(state.initializations == 2)
        #expect(state.synthesized == [event, event])
        // The first attempt is not reported as said: began and ended belong to the second.
        #expect(log.count(.ended, of: event) == 1)
        #expect(log.count(.began, of: event) == 1)
    }

    /// A sentence with no word (only punctuation) ends with no word event by nature; that is no
    /// failure.
    @Test func aSentenceWithNoWordsEndingSoIsNoLoss() throws {
        StandInEspeak.reset(outputs: [.refuses])
        let driver = try driver()
        defer { driver.close() }
        driver.speak([Utterance(.answer, "…")])
        #expect(loop.spin(until: { log.first(.ended, of: "…") != nil }, timeout: 10), "\(log.transcript)")
        #expect(StandInEspeak.state.withLock { $0.terminations } == 0)
        #expect(!lines.contains { $0.contains("lost") }, "\(lines)")
    }

    /// Begun and never ended: lost by the deadline counted from its first word.
    @Test func aSentenceThatNeverEndsLosesTheEngineByItsDeadline() throws {
        StandInEspeak.reset(outputs: [.hangs])
        let driver = try driver(timing: EspeakEngine.Timing(endDeadlineBase: 0.3, endDeadlinePerCharacter: 0))
        defer { driver.close() }
        let event = "Rest, 30 seconds."
        driver.speak([Utterance(.event, event)])
        #expect(loop.spin(until: { log.first(.ended, of: event) != nil }, timeout: 10), "\(log.transcript)\n\(lines)")
        #expect(lines.contains("speech: espeak-ng lost: no end within 0.3 seconds of its first word"), "\(lines)")
        #expect(StandInEspeak.state.withLock { $0.synthesized } == [event, event])
    }

    /// Never begun: lost by the deadline counted from its request, and said once the library
    /// has started again. Before that deadline it is only waited for: a first word that comes
    /// late (an output slow to open) is no loss.
    @Test func aSentenceWhoseFirstWordNeverComesLosesTheEngineByItsDeadline() throws {
        StandInEspeak.reset(outputs: [.blocks])
        let driver = try driver(timing: EspeakEngine.Timing(beginDeadline: 0.3))
        defer { driver.close() }
        let event = "Work, round 3 of 8, 30 seconds."
        driver.speak([Utterance(.event, event)])
        #expect(loop.spin(until: { log.first(.ended, of: event) != nil }, timeout: 10), "\(log.transcript)\n\(lines)")
        #expect(lines.contains("speech: espeak-ng lost: no first word within 0.3 seconds of its request"), "\(lines)")
        #expect(StandInEspeak.state.withLock { $0.synthesized } == [event, event])
        #expect(log.count(.began, of: event) == 1)
    }

    /// The first word's deadline is over once the word came: a sentence that then plays to its
    /// end in time is no loss, however long its first deadline was.
    @Test func aSentenceThatBeginsInTimeIsNoLoss() throws {
        StandInEspeak.reset(outputs: [.plays, .plays])
        let driver = try driver(timing: EspeakEngine.Timing(beginDeadline: 0.2))
        defer { driver.close() }
        driver.speak([Utterance(.answer, "Heart rate, 72 beats per minute."), Utterance(.answer, "Battery, 85 percent.")])
        #expect(loop.spin(until: { log.first(.ended, of: "Battery, 85 percent.") != nil }, timeout: 10), "\(log.transcript)")
        _ = loop.spin(until: { false }, timeout: 0.4)
        #expect(!lines.contains { $0.contains("lost") }, "\(lines)")
        #expect(StandInEspeak.state.withLock { $0.terminations } == 0)
    }

    /// A restart that fails is tried again after its back-off; the event waits, and is said
    /// once the library has started.
    @Test func aRestartThatFailsIsTriedAgain() throws {
        StandInEspeak.reset(outputs: [.refuses], starts: [true, false, false])
        let driver = try driver(timing: EspeakEngine.Timing(restartDelays: [0.05]))
        defer { driver.close() }
        let event = "Cool down, 2 minutes."
        driver.speak([Utterance(.event, event)])
        #expect(loop.spin(until: { log.first(.ended, of: event) != nil }, timeout: 10), "\(log.transcript)\n\(lines)")
        #expect(lines.filter { $0.hasPrefix("speech: espeak-ng did not start again") }.count == 2, "\(lines)")
        #expect(StandInEspeak.state.withLock { $0.initializations } == 4)
    }
}
