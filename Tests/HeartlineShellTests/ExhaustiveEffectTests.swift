import Foundation
import Testing

/// Every switch over an effect names every case: a new effect is then a compile error at each
/// place that must decide what to do with it (storage, the settings applied first, the edge),
/// rather than passing through a `default:` unseen.
@Suite struct ExhaustiveEffectTests {
    struct Fault: CustomStringConvertible {
        var file: String
        var line: Int
        var description: String { "\(file):\(line)" }
    }

    /// The `default:` lines at the top level of each `switch effect {` in `text`.
    static func defaults(in text: String, file: String) -> (switches: Int, faults: [Fault]) {
        let lines = text.components(separatedBy: "\n")
        var switches = 0
        var faults: [Fault] = []
        for (start, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("switch effect {") {
            switches += 1
            var depth = 0
            for index in start..<lines.count {
                let text = lines[index]
                // The switch's own cases stand at depth 1, inside its first brace.
                if depth == 1, text.trimmingCharacters(in: .whitespaces).hasPrefix("default:") {
                    faults.append(Fault(file: file, line: index + 1))
                }
                depth += text.filter { $0 == "{" }.count - text.filter { $0 == "}" }.count
                if depth == 0, index > start { break }
            }
        }
        return (switches, faults)
    }

    @Test func noSwitchOverAnEffectHasADefault() throws {
        let folder = DocumentTests.root + "/Sources"
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: folder) as [String]?)
        var switches = 0
        var faults: [Fault] = []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let found = Self.defaults(in: try String(contentsOfFile: folder + "/" + file, encoding: .utf8), file: "Sources/" + file)
            switches += found.switches
            faults += found.faults
        }
        #expect(faults.isEmpty, "a switch over an effect with a default: \(faults)")
        // The rule reads what it is meant to: the session and the storage edge switch over effects.
        #expect(switches >= 4, "\(switches) switches over an effect found")
    }

    @Test func theRuleFindsADefaultAtTheSwitchesOwnDepthOnly() {
        let text = """
            switch effect {
            case .speak:
                switch other {
                default: break
                }
            default: break
            }
            """
        let found = Self.defaults(in: text, file: "example")
        #expect(found.switches == 1)
        #expect(found.faults.map(\.line) == [6])
    }
}
