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
            loop: loop, clock: ShellClock(), core: Heartline(words: ShellWords.words), storage: storage, speaker: Silent(), log: { _ in })
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
