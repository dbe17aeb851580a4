#if canImport(Glibc)
    import Glibc
#endif
import CHeartlineSystem
import Foundation
import HeartlineCore
import HeartlineIO
import HeartlineSpeech
import HeartlineStorage

/// The program: parses the command line, builds the session and runs its loop.
public enum HeartlineMain {
    public static let version = HeartlineRelease.version

    /// Runs Heartline and returns the process's exit status.
    ///
    /// - Parameter streams: the process's own standard streams in the binary; a test's pipes or
    ///   files when it runs Heartline inside its own process, or a pseudo-terminal's side, one run
    ///   on a terminal at a time (readline's state is the process's). Such a run leaves the
    ///   process's signals and standard error alone.
    public static func run(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment, streams: ProcessStreams = .standard
    ) -> Int32 {
        if let status = Subcommands.run(arguments, environment: environment, streams: streams) { return status }
        let launch: Launch
        switch Launch.prepare(arguments, environment: environment, streams: streams) {
        case .success(let prepared): launch = prepared
        case .failure(let exit): return exit.status
        }
        let speech = launch.makeSpeech()
        if launch.options.check { return launch.selfCheck(speaking: speech.speaker) }
        let voice = launch.makeVoice(speech)
        // Block the stop signals before the store opens, so none can kill the process outright
        // between opening the store and watching for them; they are read from the loop below.
        let signals = streams.ownsProcess ? heartline_signalfd() : -1
        guard let store = launch.openStore(voice) else {
            voice.draining?.drain(on: launch.loop, seconds: 3)
            return 1
        }
        // On real time, commits run on a storage thread (a slow disk must not hold the loop); a
        // script's simulated clock keeps them in step with its simulated seconds.
        let background = launch.clock.isSimulated ? nil : BackgroundCommits(store)
        let running = launch.start(store: background ?? store, voice: voice)
        launch.attachSensors(to: running)
        if signals >= 0 { launch.watch(signals: signals, session: running.session) }
        launch.takeInput(running, voice: voice)
        // For heartline-bench loop: how long the loop went without polling while a workout
        // recorded, and outside that (start-up of the loop, the commit creating the workout).
        let probePath = environment["HEARTLINE_LOOP_PROBE"]
        let probe = probePath.map { _ in StallProbe(loop: launch.loop) { running.session.core.isRecording } }
        launch.loop.run()
        running.headset.finish()
        if let probePath, let probe { probe.write(to: probePath) }
        // What the last turns handed to the storage thread is on disk before the process exits.
        background?.finish()
        // Saved workouts must not depend on the -wal file: it goes into the database file now.
        store.finishWrites()
        voice.draining?.drain(on: launch.loop, seconds: 3)
        return 0
    }
}

/// Turns captions on, with the one line saying why, when the sound turns out not to work after
/// start: the sound server's only output is its dummy one (pactl, asked off the loop), or no
/// speech engine can speak any more. Logs the sound server and the sink it plays to.
func watchSound(
    _ captions: Captions, output: (any SpeechOutput)?, loop: EventLoop, words: Words, environment: [String: String],
    log: @escaping (String) -> Void
) {
    let noSound = { (why: String) in
        guard !captions.enabled else { return }
        log("sound: \(why); captions are on")
        captions.startForUnheardSound(words(.systemNoSound))
    }
    if let router = output as? SpeechRouter {
        router.onEngineChange = { engine in
            if engine == nil { noSound("no speech engine can speak") }
        }
    }
    // Asked with captions on too: the log says where speech goes whatever is on the terminal.
    loop.inBackground(
        "heartline.sound-check",
        {
            // On an emulated or small board at boot pactl can take seconds: a time-out would read
            // as an output that works, and the captions would never come on.
            let found = SystemProbe.soundOutput(environment: environment, waiting: 15)
            if case .none = found.output { return (false, found.seen) }
            return (true, found.seen)
        },
        then: { (heard: Bool, seen: String) in
            log("sound: \(seen)")
            if heard { captions.soundHeard() } else { noSound("the sound server has no output but its dummy one") }
        })
}

/// Runs the database's `quick_check` on a thread of its own after the first sentence; a damaged
/// database is said then, and moved aside at the next start; a sound one has its history filled in.
func checkInBackground(directory: String, loop: EventLoop, session: Session) {
    let reference = LoopBoundReference(session)
    loop.inBackground(
        "heartline.check",
        {
            let started = ContinuousClock.now
            let problems = SQLiteStore.quickCheck(directory: directory)
            return (problems, started.duration(to: .now))
        },
        then: { (problems: [String]?, took: Duration) in
            guard let session = reference.object else { return }
            session.log(
                "storage: quick_check \(problems == nil ? "ok" : "found \(problems!.prefix(3).joined(separator: "; "))") in \(plainSeconds(took.seconds))"
            )
            if problems != nil { session.send(.databaseDamaged) } else { session.fillInHistory() }
        })
}
