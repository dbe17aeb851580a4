#if canImport(Glibc)
    import Glibc
#endif
@preconcurrency import CSpeechd
import HeartlineCore
import HeartlineIO

/// One libspeechd connection in threaded mode, confined to its `SpeechdWorker`'s thread.
///
/// libspeechd calls its notification callbacks on its own thread with no user data, only the
/// client id; `SpeechdRoutes` finds the engine by that id and posts to its loop. No spd_* call is
/// ever made from a callback (that deadlocks), and every spd_* call of a connection happens on
/// its worker, one at a time. A call can block for as long as the server does not answer
/// (stopped, swapped out): that is the worker's problem, never the loop's.
final class SpeechdConnection {
    let name: String
    let clientID: Int
    /// A duplicate of the socket, for the engine to watch on its loop: it reports a hang-up when
    /// the server goes, even after libspeechd has closed (and the kernel may have reused) its
    /// own descriptor. The engine owns it and closes it; -1 when it could not be made.
    let hangupFD: Int32
    private var handle: UnsafeMutablePointer<SPDConnection>?

    /// Connects without autospawn (the engine starts the server itself, as a child process).
    init(name: String, route: SpeechdRoutes.Route) throws(SpeechError) {
        self.name = name
        var error: UnsafeMutablePointer<CChar>?
        guard let handle = spd_open2("heartline", name, nil, SPD_MODE_THREADED, nil, 0, &error) else {
            let reason = error.map { String(cString: $0) } ?? "spd_open2 failed"
            free(error)
            throw SpeechError(engine: SpeechdEngine.engineName, reason: reason)
        }
        free(error)
        self.handle = handle
        handle.pointee.callback_begin = speechdNotification
        handle.pointee.callback_end = speechdNotification
        handle.pointee.callback_cancel = speechdNotification
        let client = Int(spd_get_client_id(handle))
        // Routed before notifications are switched on, so that none is lost.
        if client > 0 { SpeechdRoutes.routes.add(client, route) }
        let notifying = [SPD_BEGIN, SPD_END, SPD_CANCEL].allSatisfy { spd_set_notification_on(handle, $0) == 0 }
        guard client > 0, notifying else {
            if client > 0 { SpeechdRoutes.routes.remove(client) }
            spd_close(handle)
            throw SpeechError(engine: SpeechdEngine.engineName, reason: "the server did not accept notifications")
        }
        clientID = client
        hangupFD = dup(handle.pointee.socket)
    }

    deinit {
        close()
    }

    /// Queues `text` at `priority`; returns the message id, or nil when the server is gone.
    func say(_ text: String, priority: SPDPriority) -> Int? {
        guard let handle else { return nil }
        let id = spd_say(handle, priority, text)
        return id >= 0 ? Int(id) : nil
    }

    /// Cancels this connection's speaking and queued messages (never another connection's).
    func cancel() -> Bool {
        guard let handle else { return false }
        return spd_cancel(handle) == 0
    }

    /// A round trip that changes nothing: GET VOLUME.
    func ping() {
        guard let handle else { return }
        _ = spd_get_volume(handle)
    }

    /// Applies rate, pitch, volume, language, voice and output module to later messages.
    func apply(_ settings: SpeechSettings) -> Bool {
        guard let handle else { return false }
        var ok = spd_set_voice_rate(handle, Int32(settings.rate)) == 0
        ok = spd_set_voice_pitch(handle, Int32(settings.pitch)) == 0 && ok
        ok = spd_set_volume(handle, Int32(settings.volume)) == 0 && ok
        ok = spd_set_language(handle, settings.language) == 0 && ok
        if let module = settings.outputModule {
            ok = spd_set_output_module(handle, module) == 0 && ok
        }
        if let voice = settings.voice {
            ok = spd_set_synthesis_voice(handle, voice) == 0 && ok
        }
        return ok
    }

    /// What the server offers: its output modules, and `module`'s voices with their languages
    /// (the server's default module when nil); nil when no server answers.
    ///
    /// Asked on a connection of its own, in single mode and without notifications, on the
    /// caller's thread: listing thousands of voices keeps libspeechd busy for about two seconds
    /// (13362 voices in 1.7 to 2.0 s measured with espeak-ng's module), and the connections that
    /// speak must never wait behind it. Meanwhile the server still answers them (a GET VOLUME on
    /// another connection took 0.34 s at worst).
    static func offer(module: String?) -> SpeechOffer? {
        var error: UnsafeMutablePointer<CChar>?
        let handle = spd_open2("heartline", "offer", nil, SPD_MODE_SINGLE, nil, 0, &error)
        free(error)
        guard let handle else { return nil }
        defer { spd_close(handle) }
        if let module { _ = spd_set_output_module(handle, module) }
        guard let modules = spd_list_modules(handle) else { return nil }
        var names: [String] = []
        var index = 0
        while let name = modules[index] {
            names.append(String(cString: name))
            index += 1
        }
        free_spd_modules(modules)
        guard let voices = spd_list_synthesis_voices(handle) else { return SpeechOffer(modules: names) }
        var voiceNames: [String] = []
        var languages: [String] = []
        var seen: Set<String> = []
        index = 0
        while let voice = voices[index] {
            if let name = voice.pointee.name { voiceNames.append(String(cString: name)) }
            if let language = voice.pointee.language.map({ String(cString: $0) }), seen.insert(language.lowercased()).inserted {
                languages.append(language)
            }
            index += 1
        }
        free_spd_voices(voices)
        return SpeechOffer(modules: names, voices: voiceNames, languages: languages)
    }

    /// Closes the connection; safe to call twice, and after the server died.
    func close() {
        guard let handle else { return }
        self.handle = nil
        SpeechdRoutes.routes.remove(clientID)
        spd_close(handle)
    }
}

/// The notification callback libspeechd calls on its own thread.
private func speechdNotification(_ messageID: Int, _ clientID: Int, _ state: SPDNotificationType) {
    // spd_close cancels this thread; never let that happen half-way through posting.
    var previous: Int32 = 0
    pthread_setcancelstate(Int32(PTHREAD_CANCEL_DISABLE), &previous)
    defer { pthread_setcancelstate(previous, nil) }
    let notification: SpeechdRoutes.Notification
    switch state {
    case SPD_EVENT_BEGIN: notification = .begin
    case SPD_EVENT_END: notification = .end
    case SPD_EVENT_CANCEL: notification = .cancel
    default: return
    }
    SpeechdRoutes.deliver(notification, messageID: messageID, clientID: clientID)
}

/// Which engine each libspeechd client id belongs to, for the callback thread.
enum SpeechdRoutes {
    enum Notification: Sendable {
        case begin, end, cancel
    }

    typealias Route = CallbackRoutes<SpeechdEngine>.Route
    static let routes = CallbackRoutes<SpeechdEngine>()

    /// Called on libspeechd's thread: hands the notification to the engine's loop.
    static func deliver(_ notification: Notification, messageID: Int, clientID: Int) {
        routes.deliver(to: clientID) { $0.notified(notification, messageID: messageID, clientID: clientID) }
    }
}
