import HeartlineCore

/// What the session carries out beyond the core, the speaker and storage: the edge's
/// capabilities, every one required when the session is made, so that one left unconnected is a
/// compile error rather than an effect that does nothing, silently. A capability a run does not
/// have (captions with no terminal, sticks with no one to answer their offer) is given as such,
/// and says so in the log when asked for.
struct Edges {
    /// The self-check's sentences, for the "check" command.
    var selfCheck: () -> [Utterance]
    /// Applies a changed speech setting to the speaker.
    var applySpeechSetting: (SpeechSetting, String?) -> Void
    /// Speaks the language chosen in Settings (the speaker, and key echo at the terminal).
    var applyLanguage: (String) -> Void
    /// Asks the speaker what it offers; the answer comes back as `Input.speechOffered`.
    var listSpeechOffer: () -> Void
    /// Writes a workout to a file; says how it went, as an input for the core.
    var exportWorkout: (Int64, ExportFormat) -> Input
    /// Queues a saved workout's upload; the result comes back later as `Input.uploaded`.
    var uploadWorkout: (Int64) -> Void
    /// Switches captions on or off.
    var setCaptions: (Bool) -> Void
    /// Asks the system to power off; the input to send when it refuses.
    var powerOff: () -> Input?
    /// Counts what saved workouts derive from the profile, in the background.
    var fillInHistory: () -> Void
    /// Carries out a headset command through bluetoothd.
    var headsetCommand: (HeadsetCommand) -> Void
    /// Carries out a USB stick command.
    var stickCommand: (StickCommand) -> Void

    /// For a capability this run does not have: asked for anyway, it is logged.
    static func missing<Argument>(_ what: String, log: @escaping (String) -> Void) -> (Argument) -> Void {
        { _ in log("\(what): not available in this run") }
    }
}

/// The session, for what is made before it and sends it inputs later (the headset, the sticks,
/// the uploads, speech's offer): held weakly, set once the session is made.
final class SessionReference {
    weak var session: Session?

    func send(_ input: Input) { session?.send(input) }
}
