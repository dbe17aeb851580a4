#if canImport(Glibc)
    import Glibc
#endif
@preconcurrency import CEspeakNG
import HeartlineIO
import Synchronization

/// The espeak-ng functions Heartline calls, found in the library when it is first needed.
///
/// libespeak-ng is loaded with dlopen, not linked: it brings about 25 more libraries (PulseAudio,
/// ALSA, X11, sndfile and its codecs, ...), about 3 MB of resident pages in every process, and
/// only a process that speaks through espeak-ng directly needs them. The types are the C
/// declarations of <espeak-ng/speak_lib.h>.
struct EspeakFunctions: @unchecked Sendable {
    /// The soname of Debian's libespeak-ng1.
    static let libraryName = "libespeak-ng.so.1"

    typealias SynthCallback =
        @convention(c) (
            UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?
        ) -> Int32

    let initialize: @convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    let setSynthCallback: @convention(c) (SynthCallback?) -> Void
    let synth:
        @convention(c) (
            UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32, UnsafeMutablePointer<UInt32>?,
            UnsafeMutableRawPointer?
        ) -> espeak_ERROR
    let cancel: @convention(c) () -> espeak_ERROR
    let terminate: @convention(c) () -> espeak_ERROR
    let setParameter: @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR
    let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR
    let setVoiceByProperties: @convention(c) (UnsafeMutablePointer<espeak_VOICE>?) -> espeak_ERROR
    let listVoices: @convention(c) (UnsafeMutablePointer<espeak_VOICE>?) -> UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>?

    /// Loads the library and looks up every function, or says which one is missing.
    static func load(_ name: String = libraryName) throws(SpeechError) -> EspeakFunctions {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? name
            throw SpeechError(engine: EspeakEngine.engineName, reason: "cannot load \(name): \(reason)")
        }
        func symbol<Function>(_ symbol: String) throws(SpeechError) -> Function {
            guard let address = dlsym(handle, symbol) else {
                throw SpeechError(engine: EspeakEngine.engineName, reason: "\(name) has no \(symbol)")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        return EspeakFunctions(
            initialize: try symbol("espeak_Initialize"),
            setSynthCallback: try symbol("espeak_SetSynthCallback"),
            synth: try symbol("espeak_Synth"),
            cancel: try symbol("espeak_Cancel"),
            terminate: try symbol("espeak_Terminate"),
            setParameter: try symbol("espeak_SetParameter"),
            setVoiceByName: try symbol("espeak_SetVoiceByName"),
            setVoiceByProperties: try symbol("espeak_SetVoiceByProperties"),
            listVoices: try symbol("espeak_ListVoices"))
    }
}

/// libespeak-ng, initialised once per process and driven from one serial queue.
///
/// The library keeps global state and is not thread-safe, so every espeak_* call goes through
/// `queue`. It plays through its own audio threads (AUDIO_OUTPUT_PLAYBACK) and reports progress
/// to `espeakSynthesis` on them; each request carries a token in `user_data` that
/// `EspeakRoutes` maps to the engine's loop.
final class EspeakLibrary: @unchecked Sendable {
    /// The process's library, or why it could not start.
    static let shared: Result<EspeakLibrary, SpeechError> = {
        do throws(SpeechError) {
            return .success(try EspeakLibrary())
        } catch {
            return .failure(error)
        }
    }()

    private let queue = Worker("heartline.espeak-ng")
    private let espeak: EspeakFunctions
    let sampleRate: Int32
    /// The settings espeak-ng has now; read and written on `queue` only.
    private var applied: SpeechSettings?

    private convenience init() throws(SpeechError) {
        try self.init(functions: EspeakFunctions.load())
    }

    /// The library behind `functions` (the loaded one, or a test's stand-in for it).
    init(functions espeak: EspeakFunctions) throws(SpeechError) {
        self.espeak = espeak
        let rate = queue.sync { Self.start(espeak) }
        guard rate > 0 else {
            throw SpeechError(engine: EspeakEngine.engineName, reason: "espeak_Initialize failed (voice data missing?)")
        }
        sampleRate = rate
        warmUp()
    }

    /// Initialises the library for playback; its sample rate, or 0 when it could not start.
    private static func start(_ espeak: EspeakFunctions) -> Int32 {
        // DONT_EXIT: missing voice data must be an error, not exit(1).
        let rate = espeak.initialize(AUDIO_OUTPUT_PLAYBACK, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        if rate > 0 { espeak.setSynthCallback(espeakSynthesis) }
        return rate
    }

    /// The first sentence after initialising opens the audio stream (0.4–1.9 s measured): pay
    /// that now, with a sentence of silence nobody waits for.
    private func warmUp() {
        queue.async { [self] in
            apply(SpeechSettings())
            _ = synthesize(" ", token: 0)
        }
    }

    /// Ends the library and initialises it again: its audio output is opened afresh. For an
    /// output that failed for good (libpcaudio's stream left open while espeak-ng opens another
    /// one, every later sentence refused), which nothing less than this clears. `done` runs on
    /// the library's queue with whether it started again; it waits behind a call that hangs.
    func restart(done: @escaping @Sendable (Bool) -> Void) {
        queue.async { [self] in
            _ = espeak.terminate()
            applied = nil
            let started = Self.start(espeak) > 0
            if started { warmUp() }
            done(started)
        }
    }

    /// Speaks `text` with `settings`; progress goes to `token`'s route.
    func speak(_ text: String, token: Int, settings: SpeechSettings, failed: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            apply(settings)
            if synthesize(text, token: token) != EE_OK {
                failed()
            }
        }
    }

    /// Stops whatever is speaking. espeak_Cancel also resets the voice parameters, so they are
    /// applied again before the next sentence.
    func cancel() {
        queue.async { [self] in
            _ = espeak.cancel()
            applied = nil
        }
    }

    /// Applies `settings` now (also done before every sentence, so this only saves time).
    func prepare(_ settings: SpeechSettings) {
        queue.async { [self] in apply(settings) }
    }

    /// The voices' names and languages espeak-ng has data for; `done` runs on the library's
    /// queue.
    func offer(done: @escaping @Sendable (_ voices: [String], _ languages: [String]) -> Void) {
        queue.async { [self] in
            var voices: [String] = []
            var languages: [String] = []
            var seen: Set<String> = []
            if let list = espeak.listVoices(nil) {
                var index = 0
                while let voice = list[index] {
                    if let name = voice.pointee.name { voices.append(String(cString: name)) }
                    for language in Self.languages(voice.pointee.languages) where seen.insert(language.lowercased()).inserted {
                        languages.append(language)
                    }
                    index += 1
                }
            }
            done(voices, languages)
        }
    }

    /// espeak-ng's list of languages: a priority byte, then the language, zero-terminated, again
    /// and again until a zero priority.
    private static func languages(_ list: UnsafePointer<CChar>?) -> [String] {
        guard var cursor = list else { return [] }
        var languages: [String] = []
        while cursor.pointee != 0 {
            cursor += 1
            let language = String(cString: cursor)
            if !language.isEmpty { languages.append(language) }
            cursor += strlen(cursor) + 1
        }
        return languages
    }

    // MARK: On `queue` only

    private func synthesize(_ text: String, token: Int) -> espeak_ERROR {
        var identifier: UInt32 = 0
        return text.withCString { pointer in
            espeak.synth(
                pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), &identifier,
                UnsafeMutableRawPointer(bitPattern: token))
        }
    }

    private func apply(_ settings: SpeechSettings) {
        guard settings != applied else { return }
        if applied?.voice != settings.voice || applied?.language != settings.language || applied == nil {
            selectVoice(settings)
        }
        _ = espeak.setParameter(espeakRATE, Self.wordsPerMinute(rate: settings.rate), 0)
        _ = espeak.setParameter(espeakPITCH, Self.pitch(settings.pitch), 0)
        _ = espeak.setParameter(espeakVOLUME, Int32(settings.volume + 100), 0)
        applied = settings
    }

    private func selectVoice(_ settings: SpeechSettings) {
        if let voice = settings.voice, espeak.setVoiceByName(voice) == EE_OK { return }
        let language = settings.language.lowercased()
        let chosen = language.withCString { code -> espeak_ERROR in
            var properties = espeak_VOICE()
            properties.languages = code
            return espeak.setVoiceByProperties(&properties)
        }
        if chosen != EE_OK {
            _ = espeak.setVoiceByName("en")
        }
    }

    /// speech-dispatcher's espeak-ng module mapping (EspeakMinRate 80, EspeakNormalRate 170,
    /// EspeakMaxRate 449), so the pace does not change when espeak-ng takes over.
    static func wordsPerMinute(rate: Int) -> Int32 {
        let normal = 170
        let minimum = 80
        let maximum = 449
        let rate = min(max(rate, -100), 100)
        return Int32(rate < 0 ? normal + (normal - minimum) * rate / 100 : normal + (maximum - normal) * rate / 100)
    }

    /// speech-dispatcher's pitch mapping around espeak-ng's baseline of 50.
    static func pitch(_ pitch: Int) -> Int32 {
        let pitch = min(max(pitch, -100), 100)
        return Int32(pitch < 0 ? (pitch + 100) * 50 / 100 : pitch * 50 / 100 + 50)
    }
}

/// Called by espeak-ng on its event thread for every batch of events.
private func espeakSynthesis(_ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard var event = events else { return 0 }
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        let token = Int(bitPattern: event.pointee.user_data)
        if token != 0 {
            switch event.pointee.type {
            case espeakEVENT_SENTENCE, espeakEVENT_WORD:
                EspeakRoutes.deliver(.began, token: token)
            case espeakEVENT_MSG_TERMINATED:
                EspeakRoutes.deliver(.ended, token: token)
            default:
                break
            }
        }
        event += 1
    }
    return 0
}

/// Which engine each request token belongs to, for espeak-ng's event thread.
enum EspeakRoutes {
    enum Notification: Sendable {
        case began, ended, failed
    }

    static let routes = CallbackRoutes<EspeakEngine>()
    private static let tokens = Atomic<Int>(0)

    /// A token no other request in this process has.
    static func nextToken() -> Int {
        tokens.add(1, ordering: .relaxed).newValue
    }

    static func deliver(_ notification: Notification, token: Int) {
        routes.deliver(to: token, last: notification == .ended) { $0.notified(notification, token: token) }
    }
}
