import Foundation
import HeartlineTestSupport
import Testing

@testable import HeartlineShell

/// heartline(1)'s options, subcommands, synopsis and configuration sections, heartline.conf(5),
/// the example configuration file and the administrator's guide's settings are generated from the
/// option table and the configuration's settings: the committed files are what the tables make,
/// so an edit to one side alone fails here. `HEARTLINE_WRITE_MANUALS=1` writes what the tables
/// make (then this passes, and the difference is in the commit).
@Suite(.timed) struct ManualPagesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static var files: [(path: String, keyPath: WritableKeyPath<ManualPages.Documents, String>)] {
        [
            ("contrib/heartline.1", \.heartline1), ("contrib/heartline.conf.5", \.heartlineConf5),
            ("contrib/heartline.conf.example", \.example), ("contrib/doc/admin-guide.md", \.adminGuide),
        ]
    }

    static func committed() throws -> ManualPages.Documents {
        var documents = ManualPages.Documents(heartline1: "", heartlineConf5: "", example: "", adminGuide: "")
        for file in files {
            let path = root + "/" + file.path
            documents[keyPath: file.keyPath] =
                FileManager.default.fileExists(atPath: path) ? try String(contentsOfFile: path, encoding: .utf8) : ""
        }
        return documents
    }

    @Test func theCommittedDocumentsAreWhatTheTablesGenerate() throws {
        let committed = try Self.committed()
        let generated = ManualPages.generate(from: committed)
        if ProcessInfo.processInfo.environment["HEARTLINE_WRITE_MANUALS"] == "1" {
            for file in Self.files where generated[keyPath: file.keyPath] != committed[keyPath: file.keyPath] {
                try generated[keyPath: file.keyPath].write(toFile: Self.root + "/" + file.path, atomically: true, encoding: .utf8)
            }
            return
        }
        for file in Self.files {
            #expect(
                generated[keyPath: file.keyPath] == committed[keyPath: file.keyPath],
                "\(file.path) differs from what the tables generate: run HEARTLINE_WRITE_MANUALS=1 swift test --filter ManualPagesTests"
            )
        }
        // Generating again changes nothing: the hand-written parts are kept as they are.
        #expect(ManualPages.generate(from: generated) == generated)
    }

    /// The comparison can fail: a word changed in a generated section, in a page alone, is put
    /// back by generating; a word changed in a hand-written section is kept.
    @Test func anEditToAGeneratedSectionAloneIsUndoneAndOneToAWrittenSectionKept() throws {
        let committed = try Self.committed()
        var edited = committed
        edited.heartline1 = committed.heartline1.replacing("Print the version and exit.", with: "Print the version.")
        #expect(edited.heartline1 != committed.heartline1)
        #expect(ManualPages.generate(from: edited).heartline1 == committed.heartline1)
        edited.adminGuide = committed.adminGuide.replacing("How long one try may take", with: "How long a try takes")
        #expect(edited.adminGuide != committed.adminGuide)
        #expect(ManualPages.generate(from: edited).adminGuide == committed.adminGuide)
        var written = committed
        written.heartline1 = committed.heartline1.replacing(".SH KEYS\n", with: ".SH KEYS\nA sentence of the keys.\n")
        #expect(ManualPages.generate(from: written).heartline1 == written.heartline1)
    }

    @Test func everyOptionAndSettingIsInItsPageAndEveryPrecedenceNamesARealOption() throws {
        let documents = ManualPages.generate(from: try Self.committed())
        for command in [CommandSpec.shell] + CommandSpec.subcommands {
            for option in command.options {
                #expect(documents.heartline1.contains(ManualText.roffLine("`\(option.name)`")), "\(option.name)")
            }
        }
        for (name, document) in Configuration.documented {
            #expect(documents.heartlineConf5.contains(ManualText.roffLine("`\(name)`")), "\(name)")
            #expect(documents.example.contains(name), "\(name)")
            #expect(documents.adminGuide.contains("`\(name) = "), "\(name)")
            if let option = document.option { #expect(CommandSpec.shell.option(option) != nil, "\(name) names \(option)") }
        }
    }

    @Test func theMarkupBecomesRoffMarkdownAndPlainText() {
        let text = "Use `--seed` <N>, -h, -100; a \\ and a heart-rate.\n.starts\n\nAgain."
        #expect(
            ManualText.roff(text, paragraph: ".IP")
                == "Use \\fB\\-\\-seed\\fR \\fIN\\fR, \\-h, \\-100; a \\e and a heart-rate.\n\\&.starts\n.IP\nAgain.")
        #expect(ManualText.markdown(text) == ["Use `--seed` N, -h, -100; a \\ and a heart-rate. .starts", "Again."])
        #expect(ManualText.plain(text, width: 20) == "Use --seed N, -h,\n-100; a \\ and a\nheart-rate. .starts\n\nAgain.")
    }
}
