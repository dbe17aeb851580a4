import Foundation
import HeartlineShell
import HeartlineTestSupport
import Testing

/// contrib/install.sh, the systemd unit and the manual page, as a user's system sees them.
@Suite(.timed) struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    /// On CI every tool is installed by contrib/setup.sh, so a missing one is a failure there.
    static let onCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs `arguments` (found on PATH) in `directory` with exactly `environment`.
    static func run(_ arguments: [String], environment: [String: String], directory: String = root, input: String = "") throws -> RunResult
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        stdinPipe.fileHandleForWriting.write(Data(input.utf8))
        try stdinPipe.fileHandleForWriting.close()
        let output = ReadAll(stdoutPipe.fileHandleForReading)
        let errors = ReadAll(stderrPipe.fileHandleForReading)
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, standardOutput: output.text(), standardError: errors.text())
    }

    static func install(into destdir: String, _ arguments: [String] = []) throws -> RunResult {
        try run(
            ["bash", "contrib/install.sh"] + arguments,
            environment: [
                "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "DESTDIR": destdir, "HEARTLINE_BUILT_BINARY": Binary.path,
            ])
    }

    /// Every path under `directory`, relative to it, sorted.
    static func tree(_ directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String { paths.append(path) }
        return paths.sorted()
    }

    static func tool(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    @Test func installsIntoADestdirRunsFromThereAndUninstallsExactlyWhatItInstalled() throws {
        let destdir = TemporaryDirectory()
        let elsewhere = TemporaryDirectory()
        // Something of the user's own, in a directory the install also uses.
        let man1 = destdir.path + "/usr/local/share/man/man1"
        try FileManager.default.createDirectory(atPath: man1, withIntermediateDirectories: true)
        try "mine\n".write(toFile: man1 + "/other.1", atomically: true, encoding: .utf8)
        let before = Self.tree(destdir.path)

        let installed = try Self.install(into: destdir.path)
        #expect(installed.status == 0, "\(installed.standardError)")
        let prefix = destdir.path + "/usr/local"
        for path in [
            "bin/heartline", "share/man/man1/heartline.1", "share/man/man5/heartline.conf.5",
            "lib/systemd/user/heartline.service",
            "share/heartline/prompts/en/core.prompts", "share/heartline/prompts/en/system.prompts",
            "share/heartline/autologin.conf", "share/doc/heartline/heartline.conf.example",
            "share/heartline/wireplumber-bluetooth.lua", "share/heartline/bluetooth-restart.conf",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path) is installed")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/heartline"))
        // The unit names the installed program, not the staging directory.
        let unit = try String(contentsOfFile: prefix + "/lib/systemd/user/heartline.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=/usr/local/bin/heartline\n"))

        // Prove the installed catalogue is the one found: change a sentence in the installed copy
        // only. The binary also knows the source tree it was built from, as a last resort, so the
        // changed sentence can only come from the installed catalogue, found first.
        let systemPrompts = prefix + "/share/heartline/prompts/en/system.prompts"
        let original = try String(contentsOfFile: systemPrompts, encoding: .utf8)
        try original.replacingOccurrences(of: "system.ready = Heartline is ready.", with: "system.ready = Heartline is ready, installed.")
            .write(toFile: systemPrompts, atomically: true, encoding: .utf8)
        // Run it as a user would: by name from PATH, from /, with a home of its own and no
        // HEARTLINE_PROMPTS.
        let environment = ["PATH": prefix + "/bin:/usr/bin:/bin", "HOME": elsewhere.path, "LANG": "C.UTF-8"]
        let run = try Self.run(
            ["heartline", "--speech", "transcript", "--data-dir", elsewhere.path + "/data"],
            environment: environment, directory: "/", input: "where\nquit\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.lines.first == "answer: Heartline is ready, installed.")
        #expect(run.lines.contains("answer: You are on Heartline home."))
        #expect(run.lines.last == "answer: Goodbye.")

        let removed = try Self.install(into: destdir.path, ["--uninstall"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(Self.tree(destdir.path) == before)
        #expect(try String(contentsOfFile: man1 + "/other.1", encoding: .utf8) == "mine\n")
    }

    @Test func aSecondInstallAndAnUninstallLeaveNothingBehind() throws {
        let destdir = TemporaryDirectory()
        #expect(try Self.install(into: destdir.path).status == 0)
        #expect(try Self.install(into: destdir.path).status == 0)
        #expect(try Self.install(into: destdir.path, ["--uninstall"]).status == 0)
        #expect(Self.tree(destdir.path) == [])
        // Uninstalling again says there is nothing to remove.
        let again = try Self.install(into: destdir.path, ["--uninstall"])
        #expect(again.status == 1)
        #expect(again.standardError.contains("nothing to uninstall"))
    }

    @Test func theUserUnitPassesSystemdAnalyzeVerify() throws {
        guard Self.tool("/usr/bin/systemd-analyze") || Self.onCI else { return }
        let destdir = TemporaryDirectory()
        let runtime = TemporaryDirectory()
        #expect(try Self.install(into: destdir.path).status == 0)
        let prefix = destdir.path + "/usr/local"
        // verify checks that ExecStart's program exists, so it is pointed at the staged copy;
        // MANPATH lets it find the installed page that Documentation= names.
        let staged = prefix + "/lib/systemd/user/heartline.service"
        let unit = try String(contentsOfFile: staged, encoding: .utf8)
        try unit.replacingOccurrences(of: "ExecStart=/usr/local/bin/heartline", with: "ExecStart=\(prefix)/bin/heartline")
            .write(toFile: staged, atomically: true, encoding: .utf8)
        let result = try Self.run(
            ["systemd-analyze", "--user", "verify", staged],
            environment: [
                "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path, "MANPATH": prefix + "/share/man",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "")
    }

    @Test func theAutologinDropInNamesTheUserAndKeepsDebiansGetty() throws {
        let text = try String(contentsOfFile: Self.root + "/contrib/autologin.conf", encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(
            lines == [
                "[Service]",
                "ExecStart=",
                "ExecStart=-/sbin/agetty -o '-p -f -- \\\\u' --noclear --autologin @USER@ - $TERM",
            ])
    }

    /// Both pages render without a warning from man(1), with their sections; what each says is
    /// generated from the tables and compared in `ManualPagesTests`.
    @Test(arguments: [
        (
            "heartline.1", "HEARTLINE(1)",
            ["SYNOPSIS", "OPTIONS", "KEYS", "COMMANDS", "CONFIGURATION", "FILES", "ENVIRONMENT", "EXIT STATUS"]
        ),
        ("heartline.conf.5", "HEARTLINE.CONF(5)", ["SYNOPSIS", "DESCRIPTION", "SETTINGS", "EXAMPLE", "FILES", "SEE ALSO"]),
    ])
    func theManualPagesRenderWithoutWarnings(file: String, title: String, sections: [String]) throws {
        guard Self.tool("/usr/bin/man") || Self.onCI else { return }
        let result = try Self.run(
            ["man", "--warnings", "-l", Self.root + "/contrib/" + file],
            environment: [
                "PATH": "/usr/bin:/bin", "MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8",
            ])
        #expect(result.status == 0)
        #expect(result.standardError == "", "roff warnings")
        let page = result.standardOutput
        #expect(page.contains(title))
        for section in sections { #expect(page.contains("\n" + section + "\n"), "section \(section)") }
        // Laid out for a screen reader: no word broken at a line's end.
        #expect(!page.contains("\u{2010}\n") && !page.contains("-\n       "), "a word broken at a line's end")
    }

    @Test func theExampleConfigurationParsesWithoutAProblem() throws {
        let text = try String(contentsOfFile: Self.root + "/contrib/heartline.conf.example", encoding: .utf8)
        #expect(Configuration.parse(text).problems == [])
        // With its commented lines switched on too.
        let all = text.split(separator: "\n").map { $0.hasPrefix("#") && !$0.hasPrefix("# ") ? String($0.dropFirst()) : String($0) }
        let (configuration, problems) = Configuration.parse(all.joined(separator: "\n"))
        #expect(problems == [])
        #expect(configuration.keys.actions["+"] == .workout(.heartRate))
    }

    @Test func helpAndVersionNameEveryNewOption() throws {
        let help = try runHeartline(["--help"], input: Data())
        #expect(help.status == 0)
        for option in ["--check", "--config", "--version", "--help", "--data-dir", "--speech", "--sensor"] {
            #expect(help.standardOutput.contains(option))
        }
        let version = try runHeartline(["--version"], input: Data())
        #expect(version.standardOutput == "heartline \(HeartlineMain.version)\n")
    }
}
