import Foundation
import HeartlineCore
import HeartlineShell
import HeartlineTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files, typed lines and scripts that are damaged or hostile: a bounded number of clean
/// sentences, and a script that ends.
@Suite(.timed) struct HostileInputTests {
    static let words = ConfigurationTests.words

    /// Random bytes, escape sequences among them, with a line break every few dozen bytes.
    static func garbage(bytes count: Int, seed: UInt64) -> Data {
        var random = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        let escapes: [[UInt8]] = [
            Array("\u{1B}[2J".utf8), Array("\u{1B}]0;owned\u{07}".utf8), [0x9B, 0x33, 0x31, 0x6D], Array("a=b\u{1B}[31m".utf8),
        ]
        while bytes.count < count {
            switch random.next() % 16 {
            case 0: bytes += escapes[Int(random.next() % UInt64(escapes.count))]
            case 1: bytes.append(0x0A)
            default: bytes.append(UInt8(truncatingIfNeeded: random.next()))
            }
        }
        return Data(bytes)
    }

    static func write(_ data: Data) throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory()
        let path = directory.path + "/heartline.conf"
        try data.write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    @Test func aGarbageFileGivesFiveWarningsAndACount() throws {
        // Just under the largest file read: a larger one is refused whole (HostileStartTests).
        let (directory, path) = try Self.write(Self.garbage(bytes: Configuration.largestFile - 100, seed: 3))
        _ = directory
        let loaded = Configuration.load(explicit: path, environment: [:])
        #expect(loaded.problems.count > 100)
        let warnings = loaded.warnings(Self.words)
        #expect(warnings.count == 6)
        #expect(
            warnings.last?.text == "Configuration file: \(Self.words.number(loaded.problems.count - 5)) more lines cannot be used either.")
        for warning in warnings {
            #expect(warning.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
        }
    }

    @Test(arguments: [
        (5, 5, nil), (6, 6, "Configuration file: 1 more line cannot be used either."),
        (9, 6, "Configuration file: 4 more lines cannot be used either."),
    ])
    func warningsStopAfterFive(bad: Int, sentences: Int, last: String?) throws {
        let text = (1...bad).map { "nonsense.\($0) = 1" }.joined(separator: "\n")
        let (directory, path) = try Self.write(Data(text.utf8))
        _ = directory
        let warnings = Configuration.load(explicit: path, environment: [:]).warnings(Self.words)
        #expect(warnings.count == sentences)
        #expect(warnings.first?.text == "Configuration file, line 1: there is no setting called nonsense.1. The line is ignored.")
        if let last { #expect(warnings.last?.text == last) }
    }

    @Test func escapeSequencesInALineAreNotSaid() throws {
        let (directory, path) = try Self.write(Data("\u{1B}]0;owned\u{07}speech\u{1B}[2J.rate = fast\n".utf8))
        _ = directory
        let warnings = Configuration.load(explicit: path, environment: [:]).warnings(Self.words)
        // The file's setting is not speech.rate, whatever a terminal would have shown.
        #expect(warnings.map(\.text) == ["Configuration file, line 1: there is no setting called speech.rate. The line is ignored."])
    }

    /// The built binary with a garbage file of nearly 64 kB: six warnings on standard output, no escape.
    @Test func theBinarySaysAGarbageFileInSixSentences() throws {
        let (directory, path) = try Self.write(Self.garbage(bytes: Configuration.largestFile - 100, seed: 11))
        let data = TemporaryDirectory()
        _ = directory
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--config", path, "--data-dir", data.path], input: Data("quit\n".utf8))
        #expect(result.status == 0)
        #expect(result.lines.filter { $0.hasPrefix("answer: Configuration file") }.count == 6)
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) })
    }

    /// Typed escape sequences and control characters reach the transcript as nothing.
    @Test func typedEscapeSequencesNeverReachTheTranscript() throws {
        let data = TemporaryDirectory()
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path],
            input: Data("\u{1B}]0;owned\u{07}frob\u{1B}[31mnicate\u{9B}2J\nwhere\n".utf8))
        #expect(result.status == 0)
        #expect(!result.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) })
        #expect(result.lines.contains { $0.contains("frobnicate") })
    }
}

/// Exporting into a folder whose name holds escape sequences, over a planted symbolic link.
@Suite(.timed) struct HostileExportTests {
    @Test func theFolderNameReachesTheTerminalCleanAndALinkIsReplacedNotFollowed() throws {
        let data = TemporaryDirectory()
        let scratch = TemporaryDirectory()
        let generated = try runInProcess(["generate", "--days", "1", "--data-dir", data.path, "--seed", "2"], input: Data())
        #expect(generated.status == 0)
        let folder = scratch.path + "/out\u{1B}]0;owned\u{07}\u{1B}[2J"
        let first = try runInProcess(
            ["export", "--format", "csv", "--id", "1", "--output", folder, "--data-dir", data.path], input: Data())
        #expect(first.status == 0, "\(first.standardError)")
        #expect(!first.standardOutput.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        let name = try #require(FileManager.default.contentsOfDirectory(atPath: folder).first)

        // Someone plants a link where the file goes: the export replaces the link, the target stays.
        let victim = scratch.path + "/victim"
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("precious\n".utf8)))
        try FileManager.default.removeItem(atPath: folder + "/" + name)
        #expect(symlink(victim, folder + "/" + name) == 0)
        let again = try runInProcess(
            ["export", "--format", "csv", "--id", "1", "--output", folder, "--data-dir", data.path], input: Data())
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }
}
