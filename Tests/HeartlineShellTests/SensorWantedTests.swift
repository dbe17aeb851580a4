import Foundation
import HeartlineCore
import HeartlineIO
@testable import HeartlineShell
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// The simulated strap sends only while the core wants it: a workout asks for it and its end
/// (after the recovery's two minutes) lets it go, so an idle Heartline is not woken each second.
@Suite(.timed, .serialized)
struct SensorWantedTests {
    final class Silent: Speaker {
        var said: [Utterance] = []
        func speak(_ utterances: [Utterance]) { said += utterances }
        func silenceUI() {}
    }

    /// Runs the loop for `seconds` of real time.
    static func run(_ loop: EventLoop, for seconds: Double) {
        _ = loop.after(seconds) { loop.stop() }
        loop.run()
    }

    @Test func theSimulatedStrapSendsOnlyWhileAWorkoutWantsIt() throws {
        let directory = TemporaryDirectory()
        let loop = try EventLoop()
        let storage = StorageEdge(try SQLiteStore(directory: directory.path))
        let session = Session(
            loop: loop, clock: ShellClock(), core: Heartline(words: ShellWords.words), storage: storage, speaker: Silent(),
            edges: .unexpected, log: { _ in })
        session.start(stored: storage.storedState())
        session.attachSimulatedStrap(seed: 7, name: "Simulated strap")
        Self.run(loop, for: 2.5)
        #expect(session.strapSecond == 0, "readings at idle")

        for command in ["configure", "next", "start workout"] { session.send(.command(command)) }
        #expect(session.core.isRecording)
        Self.run(loop, for: 2.5)
        #expect(session.strapSecond >= 2, "readings during the workout: \(session.strapSecond)")
    }
}

extension Edges {
    /// For a session a test makes itself and expects to ask nothing of the edge: each capability
    /// asked for fails the test, naming it.
    static var unexpected: Edges {
        func fail(_ what: String) { Issue.record("the session asked the edge to \(what)") }
        return Edges(
            selfCheck: {
                fail("check the system")
                return []
            },
            applySpeechSetting: { _, _ in fail("apply a speech setting") }, applyLanguage: { _ in fail("apply a language") },
            listSpeechOffer: { fail("list the speech offer") },
            exportWorkout: { _, _ in
                fail("export")
                return .exportFailed(diskFull: false, folder: "")
            },
            uploadWorkout: { _ in fail("upload") }, setCaptions: { _ in fail("set captions") },
            powerOff: {
                fail("power off")
                return nil
            },
            fillInHistory: { fail("fill in the history") }, headsetCommand: { _ in fail("command the headset") },
            stickCommand: { _ in fail("command a stick") })
    }
}
