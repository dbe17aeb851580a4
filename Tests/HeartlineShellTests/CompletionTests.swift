import Foundation
import HeartlineCore
@testable import HeartlineShell
import HeartlineStorage
import HeartlineTestSupport
import Testing

@Suite(.timed) struct CompletionTests {
    static let review = [
        "browse all workouts", "browse by date", "browse by metric", "browse by averages", "help", "where",
        "repeat", "back", "home", "quit", "next", "previous",
    ]

    @Test func severalMatchesAreCountedAndListedInTheScreensOrder() {
        let completion = Completion(typed: "browse b", candidates: Self.review)
        #expect(completion.matches == ["browse by date", "browse by metric", "browse by averages"])
        #expect(completion.replacement == "browse by ")
        #expect(completion.sentence(ShellWords.words) == "3 matches: browse by date, browse by metric, browse by averages.")
    }

    @Test func oneMatchIsTheCompletedCommand() {
        let completion = Completion(typed: "Browse A", candidates: Self.review)
        #expect(completion.matches == ["browse all workouts"])
        #expect(completion.replacement == "browse all workouts")
        #expect(completion.sentence(ShellWords.words) == "browse all workouts")
    }

    @Test func noMatchSaysSo() {
        let completion = Completion(typed: "xyz", candidates: Self.review)
        #expect(completion.matches == [])
        #expect(completion.replacement == "xyz")
        #expect(completion.sentence(ShellWords.words) == "No match.")
    }

    @Test func theStartOfEachWordFindsACommand() {
        let completion = Completion(typed: "br da", candidates: Self.review)
        #expect(completion.matches == ["browse by date"])
        // Matches that do not start with the typed text leave it as it is until one is left.
        #expect(Completion(typed: "b d", candidates: ["browse by date", "back down"]).replacement == "b d")
    }

    @Test func anEmptyLineListsEverythingTheScreenAccepts() {
        #expect(Completion(typed: "", candidates: Self.review).matches == Self.review)
    }

    // MARK: The core's words

    @Test func eachScreenOffersItsItemsThenItsCommands() throws {
        let directory = TemporaryDirectory()
        let storage = StorageEdge(try SQLiteStore(directory: directory.path))
        var core = Heartline(words: ShellWords.words)
        let start = Date(timeIntervalSince1970: 1_795_937_400)
        _ = storage.settle(core.start(at: start, stored: storage.storedState()), with: &core, at: start)
        let home = core.completions()
        #expect(
            Array(home.prefix(4)) == ["configure a new workout", "use last workout configuration", "review previous workouts", "settings"])
        #expect(home.contains("help") && home.contains("quit"))
        _ = storage.settle(core.handle(.command("review"), at: start), with: &core, at: start)
        #expect(core.completions().filter { $0.hasPrefix("browse") }.count == 4)
        _ = storage.settle(core.handle(.command("back"), at: start), with: &core, at: start)
        _ = storage.settle(core.handle(.command("configure"), at: start), with: &core, at: start)
        _ = storage.settle(core.handle(.command("next"), at: start), with: &core, at: start)
        _ = storage.settle(core.handle(.command("start workout"), at: start), with: &core, at: start)
        #expect(core.isRecording)
        let workout = core.completions()
        #expect(workout.contains("heart rate") && workout.contains("pause or resume") && workout.contains("all metrics"))
        #expect(!workout.contains("back"))
        _ = storage.settle(core.handle(.command("end"), at: start), with: &core, at: start)
        #expect(core.completions() == ["yes", "no"])
    }

    // MARK: On a real terminal

    @Test(.inProcessTerminal) func tabCompletesAndSaysTheMatchesOnATerminal() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"])
        #expect(terminal.waitFor("menu: 4, Settings."))
        terminal.type("3")
        #expect(terminal.waitFor("menu: 4, Browse by averages."))
        var mark = terminal.mark
        terminal.type("browse b\t")
        #expect(terminal.waitForLine("echo: 3 matches: browse by date, browse by metric, browse by averages.", after: mark))
        mark = terminal.mark
        terminal.type("m\t")
        #expect(terminal.waitForLine("echo: browse by metric", after: mark))
        mark = terminal.mark
        terminal.type("\r")
        #expect(terminal.waitFor("menu: Browse by metric.", after: mark))
        mark = terminal.mark
        terminal.type("zz\t")
        #expect(terminal.waitForLine("echo: No match.", after: mark))
        #expect(terminal.typeAndAwaitDrawing("\u{15}"))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }
}
