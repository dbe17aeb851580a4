#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// The built binary end to end on a real pseudo-terminal, once for each capability whose
/// behaviour is tested in-process (`UploadTerminalTests`, `StickTests`): what the binary adds is
/// its own process (its threads, its children, its standard error moved to the log) around the
/// same code, so one path each, short, is what there is to prove here.
@Suite(.timed, .serialized) struct EndToEndTests {
    /// A workout recorded on a terminal, saved with "Upload and save workout" and sent to the
    /// local stand-in for intervals.icu with the key from the key file, which is never printed.
    @Test func aWorkoutRecordedOnATerminalIsUploaded() throws {
        let server = try UploadServer(key: UploadTerminalTests.key)
        let setup = try UploadTerminalTests.Setup(url: server.baseURL)
        let terminal = try PseudoTerminal(arguments: setup.arguments, standardErrorOnTerminal: true)
        let mark = terminal.mark
        try UploadTerminalTests.recordAndUpload(terminal)
        #expect(terminal.waitFor(UploadTerminalTests.uploaded, after: mark, timeout: 30), "\(terminal.screen.suffix(600))")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.path == "/api/v1/athlete/0/activities" && request.auth == true)
        #expect(server.receivedFiles.count == 1)
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)
        #expect(!terminal.screen.contains(UploadTerminalTests.key))
    }

    /// A stick plugged in (the udisks2 mock on a private bus) is offered by ear; "Copy all
    /// workouts" copies the board's three, reads its plan, and says when to pull it out.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/mockobject.py")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus"),
            "needs python3-dbusmock and gdbus (contrib/setup.sh --test)"))
    func aStickIsOfferedAndWorkoutsCopiedToIt() throws {
        let bus = try StickTests.MockUDisks()
        let data = try StickTests.board()
        let stick = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: StickTests.coachPlan, toPath: stick.path + "/gorby.zwo")
        let terminal = try PseudoTerminal(arguments: StickTests.arguments(data), environment: ["HEARTLINE_DBUS_ADDRESS": bus.address])
        #expect(terminal.waitFor("menu: 5, Resting check."))
        let said = try StickTests.plugInAndChoose("1", stick.path, bus, on: terminal)
        #expect(said.contains("answer: 3 workouts copied to the stick."), "\(said)")
        #expect(said.contains("answer: 1 plan file read from the stick, under Plans from files."), "\(said)")
        #expect(StickTests.copied(stick.path).count == 3)
        #expect(StickTests.marker(stick.path) == StickTests.copied(stick.path))
        terminal.type("quit\r")
        #expect(terminal.waitForExit() == 0)
    }
}
