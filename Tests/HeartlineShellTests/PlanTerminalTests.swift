import Foundation
import HeartlineTestSupport
import Testing

/// A plan typed on the terminal, as a user at a keyboard types it on the plan step.
@Suite(.timed) struct PlanTerminalTests {
    /// Help on the plan step and a refused plan both leave the line open for the plan: a plan
    /// beginning with a digit ("4x3min ...") is typed whole, its digit choosing no item.
    @Test(.inProcessTerminal) func aPlanBeginningWithADigitIsTypedWholeAfterHelpAndAfterARefusal() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        terminal.type("configure\r")
        #expect(terminal.waitFor("menu: Sport.", after: mark))
        for title in ["menu: Metrics for audio feedback.", "menu: Time interval for audio feedback.", "menu: Target heart rate zone."] {
            mark = terminal.mark
            terminal.type("next\r")
            #expect(terminal.waitFor(title, after: mark))
        }
        mark = terminal.mark
        terminal.type("next\r")
        #expect(terminal.waitFor("menu: 5, Next.", after: mark))
        mark = terminal.mark
        terminal.type("help\r")
        #expect(terminal.waitFor("answer: Everywhere: back, home, where, repeat, help, check and quit.", after: mark))
        mark = terminal.mark
        terminal.type("4x3min hard 2min blorp\r")
        #expect(terminal.waitFor("answer: I did not understand 'blorp'.", after: mark), "\(terminal.screen.suffix(600))")
        #expect(terminal.waitFor("answer: Type the plan again, or press Escape to choose from the list.", after: mark))
        mark = terminal.mark
        terminal.type("4x3min hard 2min easy\r")
        #expect(terminal.waitFor("answer: 4 times 3 minutes work, 2 minutes rest.", after: mark), "\(terminal.screen.suffix(600))")
        #expect(terminal.waitFor("menu: Ready to start.", after: mark))
        terminal.type("\u{04}")  // Ctrl-D on an empty line leaves
        #expect(terminal.waitForExit() == 0)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/coach").standardized.path

    /// Heartline reads the plans folder: `--plans DIR`, else the data directory's plans.
    /// A plan file is listed by its name and taken; a damaged one is said with why.
    @Test(.inProcessTerminal, arguments: [true, false])
    func planFilesAreListedFromThePlansFolderAndTaken(givenOnTheCommandLine: Bool) throws {
        let data = TemporaryDirectory()
        let elsewhere = TemporaryDirectory()
        let plans = givenOnTheCommandLine ? elsewhere.path : data.path + "/plans"
        try FileManager.default.createDirectory(atPath: plans, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/ramps.zwo", toPath: plans + "/ramps.zwo")
        try Data("not a workout".utf8).write(to: URL(fileURLWithPath: plans + "/broken.zwo"))
        let arguments =
            ["--simulate", "--speech", "transcript", "--data-dir", data.path] + (givenOnTheCommandLine ? ["--plans", plans] : [])
        let terminal = try InProcessTerminal(arguments: arguments)
        #expect(terminal.waitFor("menu: 4, Settings."))
        Self.configureToThePlanStep(terminal)
        var mark = terminal.mark
        terminal.type("plans from files\r")
        #expect(
            terminal.waitFor("menu: broken.zwo cannot be read: it is not a Zwift or FIT workout file.", after: mark),
            "\(terminal.screen.suffix(600))")
        #expect(terminal.waitFor("menu: 1, Ramps & Overs: 22 minutes.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: Step 1, a ramp, is not supported: taken as steady 60 per cent of FTP.", after: mark))
        #expect(terminal.waitFor("menu: Ready to start.", after: mark))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    /// A page of large plans is read and parsed off the loop's thread: a key typed just after
    /// "plans from files" is answered before the page is said (an order, not a time).
    @Test(.inProcessTerminal) func keysAreAnsweredWhileAPageOfLargePlansIsRead() throws {
        let data = TemporaryDirectory()
        let plans = data.path + "/plans"
        try FileManager.default.createDirectory(atPath: plans, withIntermediateDirectories: true)
        // Ten files of 6,000 steps (about 250 kB each): a page that takes the parser a while.
        let steps = String(repeating: "<SteadyState Duration=\"60\" Power=\"0.5\"/>", count: 6000)
        for number in 1...10 {
            let file = "<workout_file><name>Long \(number)</name><workout>\(steps)</workout></workout_file>"
            try Data(file.utf8).write(to: URL(fileURLWithPath: plans + "/long-\(number).zwo"))
        }
        let terminal = try InProcessTerminal(arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        Self.configureToThePlanStep(terminal)
        let mark = terminal.mark
        terminal.type("plans from files\r")
        terminal.type("where\r")
        #expect(terminal.waitFor("menu: 1, Long 1: ", after: mark, timeout: 60), "\(terminal.screen.suffix(600))")
        let said = terminal.output(after: mark)
        let answered = try #require(said.range(of: "answer: You are on"), "where was not answered: \(said.suffix(600))")
        let listed = try #require(said.range(of: "menu: Plans from files."))
        #expect(answered.lowerBound < listed.lowerBound, "the key waited for the page: \(said.suffix(900))")
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    /// From Home, "configure" and next through the sport, the metrics, the interval and the zone
    /// to the plan step, each screen waited for.
    static func configureToThePlanStep(_ terminal: some TerminalUnderTest) {
        var mark = terminal.mark
        terminal.type("configure\r")
        #expect(terminal.waitFor("menu: Sport.", after: mark, timeout: 10))
        for _ in 0..<4 {
            mark = terminal.mark
            terminal.type("next\r")
            #expect(terminal.waitFor("menu: ", after: mark, timeout: 10))
        }
        #expect(terminal.waitFor("menu: 4, Plans from files.", after: mark, timeout: 10))
    }
}
