import Foundation
import Testing

/// The suite's rule for time: a test waits on an event, a file descriptor, a child's exit or the
/// virtual clock, never by sleeping and looking again. What sleeps is left is named where it
/// stands: "Real time:" where a test must let real time pass (a kill at a random moment, a
/// workout on the real clock, a key's repeat delay), "Hangs:" where a fake must never answer.
@Suite struct WaitRuleTests {
    static let root = DocumentTests.root
    /// A sleep in Swift, Python or a shell script inside a test.
    static var sleep: Regex<(Substring, Substring?)> {
        #/\busleep\(|(^|[^.\w])sleep\(|Thread\.sleep|Task\.sleep|time\.sleep\(|\bexec sleep\b|"/bin/sleep"/#
    }
    static let reasons = ["Real time:", "Hangs:"]

    struct Sleep: CustomStringConvertible {
        var file: String
        var line: Int
        var reason: String?
        var description: String { "\(file):\(line)" }
    }

    /// Every sleep under Tests, with the reason named on its line or in the three lines above.
    static func sleeps() throws -> [Sleep] {
        let folder = root + "/Tests"
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: folder) as [String]?)
        var found: [Sleep] = []
        for file in files.sorted() where file.hasSuffix(".swift") || file.hasSuffix(".py") || file.hasSuffix(".sh") {
            // This file names the patterns it looks for.
            if file.hasSuffix("/WaitRuleTests.swift") { continue }
            let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.contains(sleep) {
                let context = lines[max(0, index - 3)...index].joined(separator: "\n")
                found.append(Sleep(file: "Tests/" + file, line: index + 1, reason: reasons.first { context.contains($0) }))
            }
        }
        return found
    }

    @Test func everySleepLeftInTheTestsNamesWhyItIsNoPoll() throws {
        let sleeps = try Self.sleeps()
        let unnamed = sleeps.filter { $0.reason == nil }
        #expect(unnamed.isEmpty, "a sleep with no reason (wait on an event instead): \(unnamed)")
        // The pattern finds what it is meant to: the suite does hold named sleeps.
        #expect(sleeps.contains { $0.reason == "Hangs:" } && sleeps.contains { $0.reason == "Real time:" })
        let realTime = sleeps.filter { $0.reason == "Real time:" }.count
        print(
            "wait rule: \(sleeps.count) sleeps under Tests, \(realTime) real time, \(sleeps.count - realTime) hangs, \(unnamed.count) unnamed"
        )
    }

    @Test func theRuleFindsASleepWithNoReason() throws {
        let lines = ["    func poll() {", "        while !ready() { usleep(50_000) }", "    }"]
        #expect(lines[1].contains(Self.sleep))
        #expect(!"        let slept = asleep(3)".contains(Self.sleep))
        #expect("        Thread.sleep(forTimeInterval: 1)".contains(Self.sleep))
        #expect("            time.sleep(0.2)".contains(Self.sleep))
    }
}
