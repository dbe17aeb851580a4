import Foundation
import HeartlineTestSupport
import Testing

/// The README and the guides under contrib/doc, as a screen reader moves through them: a short
/// README that opens with the two commands, headings in order, sections short enough to hear
/// through, no box drawing, and links that lead somewhere.
@Suite(.timed) struct DocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path
    /// The most lines the README may have.
    static let readmeLines = 150
    /// The most lines between one heading and the next.
    static let sectionLines = 80

    /// A file's lines, as `wc -l` counts them: a last newline ends a line, it starts none.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A Markdown file's lines outside its fenced code blocks, each with its line number (from 1).
    static func prose(_ text: String) -> [(number: Int, line: String)] {
        var result: [(number: Int, line: String)] = []
        var fenced = false
        for (index, line) in lines(text).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { result.append((index + 1, line)) }
        }
        return result
    }

    /// The level of an ATX heading ("## Title" is 2), or nil for any other line.
    static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    /// The guides: every Markdown file under contrib/doc, relative to the root, sorted.
    static func guides() -> [String] {
        let directory = root + "/contrib/doc"
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".md") { paths.append("contrib/doc/" + path) }
        }
        return paths.sorted()
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// The faults of `text`'s headings: a level skipped on the way down (the first heading is
    /// level 1), and a section whose body runs over `sectionLines`.
    static func headingFaults(_ path: String, _ text: String) -> [String] {
        var faults: [String] = []
        var level = 0
        var start: (number: Int, line: String)?
        let total = lines(text).count
        for (number, line) in prose(text) {
            guard let next = headingLevel(line) else { continue }
            if next > level + 1 { faults.append("\(path):\(number): \"\(line)\" skips from level \(level) to \(next)") }
            level = next
            if let start, number - start.number - 1 > sectionLines {
                faults.append("\(path):\(start.number): \"\(start.line)\" runs \(number - start.number - 1) lines")
            }
            start = (number, line)
        }
        if let start, total - start.number > sectionLines {
            faults.append("\(path):\(start.number): \"\(start.line)\" runs \(total - start.number) lines")
        }
        if level == 0 { faults.append("\(path) has no heading") }
        return faults
    }

    /// The targets of `text`'s inline links ("[words](target)") and reference definitions
    /// ("[name]: target"), outside code blocks and code spans.
    static func linkTargets(_ text: String) -> [(number: Int, target: String)] {
        var targets: [(number: Int, target: String)] = []
        for (number, line) in prose(text) {
            // Code spans hold examples, not links.
            let spans = line.split(separator: "`", omittingEmptySubsequences: false)
            let outside = spans.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(outside)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append((number, String(after[..<close]).trimmingCharacters(in: .whitespaces)))
                rest = after[close...]
            }
            let trimmed = outside.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("["), let definition = trimmed.range(of: "]: ") {
                targets.append((number, String(trimmed[definition.upperBound...].prefix { $0 != " " })))
            }
        }
        return targets
    }

    /// The relative links of `path` that lead to no file, anchors left aside.
    static func brokenLinks(_ path: String, _ text: String) -> [String] {
        let directory = URL(fileURLWithPath: root + "/" + path).deletingLastPathComponent()
        var broken: [String] = []
        for (number, target) in linkTargets(text) {
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
            let file = String(target.prefix { $0 != "#" })
            if file.isEmpty { continue }
            let resolved = directory.appendingPathComponent(file).standardized.path
            if !FileManager.default.fileExists(atPath: resolved) { broken.append("\(path):\(number): \(target)") }
        }
        return broken
    }

    @Test func theReadmeIsShortAndOpensWithTheTwoCommands() throws {
        let text = try Self.read("README.md")
        let count = Self.lines(text).count
        #expect(count < Self.readmeLines, "README.md has \(count) lines")
        var blocks: [[String]] = []
        var block: [String]?
        for line in Self.lines(text) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                if let finished = block { blocks.append(finished) }
                block = block == nil ? [] : nil
            } else {
                block?.append(line)
            }
        }
        #expect(blocks.count >= 2)
        #expect(blocks.first == ["contrib/run.sh"], "the first code block runs Heartline")
        #expect(blocks.dropFirst().first == ["contrib/test.sh"], "the second code block runs the tests")
    }

    @Test func theGuidesHaveHeadingsInOrderAndShortSections() throws {
        let guides = Self.guides()
        for guide in ["contrib/doc/user-guide.md", "contrib/doc/admin-guide.md"] {
            #expect(guides.contains(guide), "\(guide) is there")
        }
        var faults: [String] = []
        for path in ["README.md"] + guides { faults += Self.headingFaults(path, try Self.read(path)) }
        #expect(faults == [])
    }

    @Test func noBoxDrawing() throws {
        var found: [String] = []
        for path in ["README.md"] + Self.guides() {
            for (number, line) in Self.lines(try Self.read(path)).enumerated()
            where line.unicodeScalars.contains(where: { (0x2500...0x257F).contains($0.value) }) {
                found.append("\(path):\(number + 1): \(line)")
            }
        }
        #expect(found == [], "box-drawing characters: say it in words")
    }

    @Test func everyRelativeLinkLeadsToAFile() throws {
        var broken: [String] = []
        var count = 0
        for path in ["README.md"] + Self.guides() {
            let text = try Self.read(path)
            count += Self.linkTargets(text).count
            broken += Self.brokenLinks(path, text)
        }
        #expect(count > 10, "the documents link to each other")
        #expect(broken == [])
    }

    /// The checks themselves: each finds the fault it is for.
    @Test func theChecksFindWhatTheyAreFor() {
        #expect(Self.headingFaults("a.md", "# A\n\n### C\n").count == 1)
        #expect(Self.headingFaults("a.md", "# A\n\n## B\n\n### C\n\n## D\n") == [])
        #expect(Self.headingFaults("a.md", "# A\n```\n## not a heading\n```\n") == [])
        let long = "# A\n" + String(repeating: "line\n", count: Self.sectionLines + 1) + "## B\n"
        #expect(Self.headingFaults("a.md", long).count == 1)
        #expect(Self.headingFaults("a.md", "# A\n" + String(repeating: "line\n", count: Self.sectionLines + 1)).count == 1)
        let links = Self.linkTargets("See [the guide](contrib/doc/user-guide.md#settings), `[no](link)`.\n[ref]: LICENSE\n")
        #expect(links.map(\.target) == ["contrib/doc/user-guide.md#settings", "LICENSE"])
        #expect(
            Self.brokenLinks("README.md", "[gone](contrib/doc/no-such-guide.md) [there](LICENSE#top)") == [
                "README.md:1: contrib/doc/no-such-guide.md"
            ])
    }
}
