import Foundation
import HeartlineTestSupport
import Testing

/// Exporting from a workout's details in the shell writes the file and says where.
@Suite(.timed) struct DetailsExportTests {
    @Test func exportingFromTheDetailsWritesTheFileAndSaysItsName() throws {
        let data = TemporaryDirectory()
        let exports = TemporaryDirectory()
        let script = """
            configure
            next
            start workout
            :wait 20
            end
            yes
            save
            review
            browse all workouts
            1
            export to tcx
            export to csv
            """
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8),
            environment: ["HEARTLINE_EXPORT_DIR": exports.path + "/out"])
        #expect(result.status == 0)
        let exported = result.lines.filter { $0.hasPrefix("answer: Exported as ") }
        #expect(exported.count == 2)
        #expect(exported.allSatisfy { $0.hasSuffix(", in the folder out.") })
        let files = try FileManager.default.contentsOfDirectory(atPath: exports.path + "/out").sorted()
        #expect(files.count == 2)
        #expect(files.first?.hasPrefix("heartline-") == true && files.first?.hasSuffix(".csv") == true)
        #expect(files.last?.hasSuffix(".tcx") == true)
        for file in files {
            // Said for the ear: the start's time as a time, the extension after a spoken dot.
            let spoken = ShellWords.words.spokenFileName(file)
            #expect(spoken != file)
            #expect(exported.contains { $0.contains(spoken) }, "\(spoken) in \(exported)")
            let text = try String(contentsOfFile: exports.path + "/out/" + file, encoding: .utf8)
            #expect(text.count > 500)
        }
    }
}
