import Foundation
import HeartlineCore
@testable import HeartlineShell
import HeartlineTestSupport
import Testing

/// The catalogue and words of the source tree, for the shell's own sentences.
enum ShellWords {
    static let catalogue = try! PromptFiles.load(from: [CatalogueTests.root.appendingPathComponent("Prompts").path])
    static let words = Words(catalogue: catalogue, calendar: Calendar(identifier: .gregorian))
    static let voice = EchoVoice(words: words)
}

/// Drives the echo differ with a script of lines and cursors, as readline would show them.
private struct EchoScript {
    var echo: KeyEcho
    var said: [String] = []

    init(_ mode: KeyEchoMode) {
        echo = KeyEcho(mode: mode)
    }

    /// The line and cursor after one edit; `|` marks the cursor (the end when absent).
    mutating func show(_ marked: String, cause: KeyEcho.Cause = .editing) {
        let point = marked.firstIndex(of: "|").map { marked.distance(from: marked.startIndex, to: $0) } ?? marked.count
        let line = marked.replacingOccurrences(of: "|", with: "")
        said += echo.update(line: line, point: point, cause: cause).map(ShellWords.voice.sentence(for:))
    }
}

@Suite(.timed, .tags(.threads)) struct EchoTests {
    // MARK: The differ

    @Test func charactersModeSaysEachTypedCharacterByName() {
        var script = EchoScript(.characters)
        for line in ["b", "bA", "bA ", "bA ?", "bA ?7"] { script.show(line) }
        #expect(script.said == ["b", "capital a", "space", "question mark", "7"])
    }

    @Test func wordsModeSaysAWordWhenASeparatorFinishesIt() {
        var script = EchoScript(.words)
        for line in ["b", "br", "bro", "bro ", "bro a", "bro al", "bro al,"] { script.show(line) }
        #expect(script.said == ["bro", "al"])
    }

    @Test func bothModeSaysTheCharacterThenTheWord() {
        var script = EchoScript(.both)
        for line in ["h", "hi", "hi "] { script.show(line) }
        #expect(script.said == ["h", "i", "space", "hi"])
    }

    @Test func noneModeSaysNothingWhileTypingButStillSaysARecalledLine() {
        var script = EchoScript(.none)
        for line in ["a", "ab", "a", "|a"] { script.show(line) }
        script.show("settings", cause: .recall)
        #expect(script.said == ["settings"])
    }

    @Test func deletionsSayWhatWentAway() {
        var script = EchoScript(.characters)
        script.show("hello")
        script.show("hell")  // Backspace
        script.show("|hell")  // Home
        script.show("|ell")  // Delete
        script.show("")  // Control-K
        #expect(script.said == ["hello", "o deleted", "h", "h deleted", "ell deleted"])
    }

    @Test func aLetterTypedBeforeTheSameLetterIsFoundAtTheCursor() {
        var script = EchoScript(.characters)
        script.show("helo")
        script.show("hel|o")
        script.show("hell|o")
        script.show("hel|o")
        #expect(script.said == ["helo", "o", "l", "l deleted"])
    }

    @Test func cursorMovesSayTheCharacterOrTheWordReached() {
        var script = EchoScript(.characters)
        script.show("browse all workouts")
        script.said = []
        script.show("browse all workout|s")  // Left: the character reached
        script.show("browse all |workouts")  // Alt-b: the word it lands on
        script.show("browse |all workouts")
        script.show("|browse all workouts")  // at the start: the character there
        script.show("browse| all workouts")  // Alt-f: the word passed
        script.show("browse all workouts|")  // End
        #expect(script.said == ["s", "workouts", "all", "b", "browse", "blank"])
    }

    @Test func typeAheadChunkIsSaidAsOnePiece() {
        var buffer = EchoBuffer()
        var echo = KeyEcho(mode: .characters)
        for line in ["s", "se", "set"] {
            buffer.add(echo.update(line: line, point: line.count, cause: .editing))
        }
        buffer.add(echo.update(line: "settings", point: 8, cause: .editing))
        #expect(buffer.take(voice: ShellWords.voice) == [Utterance(.echo, "settings")])
    }

    @Test func replacedTextSaysTheWholeLine() {
        var script = EchoScript(.characters)
        script.show("xy")
        script.show("yx")  // Control-T
        script.show("other", cause: .recall)
        script.show("", cause: .recall)
        #expect(script.said == ["xy", "yx", "other", "blank"])
    }

    @Test func completionIsTakenInSilence() {
        var script = EchoScript(.characters)
        script.show("br")
        script.show("browse ", cause: .completion)
        script.show("browse b")
        #expect(script.said == ["br", "b"])
    }

    @Test func spellingSaysEachWordLetterByLetter() {
        #expect(ShellWords.voice.words.spelling(of: "Heart rate, 142.") == ["capital h, e, a, r, t", "r, a, t, e, comma", "1, 4, 2, dot"])
    }

    @Test(arguments: [
        (Character(" "), "space"), ("?", "question mark"), ("A", "capital a"), ("a", "a"), ("7", "7"),
        ("-", "minus"), ("\"", "quote"), ("é", "é"), ("É", "capital é"),
    ])
    func charactersAreNamedFromTheCatalogue(character: Character, name: String) {
        #expect(ShellWords.voice.name(of: character) == name)
    }

    // MARK: On a real terminal

    @Test(
        .inProcessTerminal,
        arguments: [
            ("characters", ["echo: s", "echo: e", "echo: t", "echo: space"]),
            ("words", ["echo: set"]),
            ("both", ["echo: s", "echo: t", "echo: space", "echo: set"]),
        ])
    func eachEchoModeOnATerminal(mode: String, expected: [String]) throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", mode])
        #expect(terminal.waitFor("menu: 4, Settings."))
        let mark = terminal.mark
        for key in ["s", "e", "t", " "] {
            terminal.type(key)
            // Real time: a typist's pace, 100 ms a key (what is echoed depends on the pace of typing).
            usleep(100_000)
        }
        for line in expected { #expect(terminal.waitForLine(line, after: mark)) }
        #expect(terminal.typeAndAwaitDrawing("\u{15}"))  // Control-U empties the line
        terminal.type("\u{04}")  // Control-D on the empty line leaves
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.inProcessTerminal) func noEchoOnATerminalSaysNothingWhileTyping() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"])
        #expect(terminal.waitFor("menu: 4, Settings."))
        let mark = terminal.mark
        #expect(terminal.typeAndAwaitDrawing("set"))
        #expect(terminal.typeAndAwaitDrawing("\u{7F}"))
        terminal.type("ttings\r")
        #expect(terminal.waitFor("menu: Settings.", after: mark))
        // No echo line (the Settings menu itself names "Key echo: ...", which is no echo).
        #expect(!terminal.output(after: mark).split(whereSeparator: { $0 == "\n" || $0 == "\r" }).contains { $0.hasPrefix("echo: ") })
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.inProcessTerminal) func deletionAndCursorMovesOnATerminal() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        terminal.type("bacx")
        #expect(terminal.waitForLine("echo: bacx"))
        var mark = terminal.mark
        terminal.type("\u{7F}")  // Backspace
        #expect(terminal.waitForLine("echo: x deleted", after: mark))
        mark = terminal.mark
        terminal.type("\u{1B}[D")  // Left
        #expect(terminal.waitForLine("echo: c", after: mark))
        mark = terminal.mark
        terminal.type("\u{01}")  // Control-A: the start of the line
        #expect(terminal.waitForLine("echo: b", after: mark))
        mark = terminal.mark
        terminal.type("\u{05}")  // Control-E: the end
        #expect(terminal.waitForLine("echo: blank", after: mark))
        mark = terminal.mark
        terminal.type("k\r")
        #expect(terminal.waitFor("answer: This is the home screen.", after: mark))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.inProcessTerminal) func historyRecallSaysTheRecalledLine() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        terminal.type("where\r")
        #expect(terminal.waitFor("answer: You are on Heartline home."))
        terminal.type("help\r")
        #expect(terminal.waitFor("answer: Everywhere:"))
        var mark = terminal.mark
        terminal.type("\u{1B}[A")  // Up
        #expect(terminal.waitForLine("echo: help", after: mark))
        mark = terminal.mark
        terminal.type("\u{1B}[A")
        #expect(terminal.waitForLine("echo: where", after: mark))
        mark = terminal.mark
        terminal.type("\u{1B}[B\u{1B}[B")  // Down twice: back to the empty line
        #expect(terminal.waitForLine("echo: blank", after: mark))
        mark = terminal.mark
        terminal.type("\u{12}wh")  // Control-R, an incremental search
        #expect(terminal.waitForLine("echo: where", after: mark))
        mark = terminal.mark
        terminal.type("\r\r")
        #expect(terminal.waitFor("answer: You are on Heartline home.", after: mark))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    /// The terminal as drawn (a screen reader's review reads it so): a recalled line and a line
    /// typed in one burst are drawn once, with no old line left under the new prompt.
    @Test(.inProcessTerminal) func aRecalledLineAndABurstAreDrawnCleanly() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        terminal.type("home\r")  // a burst: the whole word and Enter in one read
        #expect(terminal.waitFor("menu: 5, Resting check.", after: mark))
        mark = terminal.mark
        terminal.type("\u{1B}[A")  // Up
        #expect(terminal.waitForLine("echo: home", after: mark))
        mark = terminal.mark
        terminal.type("\r")
        #expect(terminal.waitFor("menu: 5, Resting check.", after: mark))
        mark = terminal.mark
        terminal.type("where\r")
        #expect(terminal.waitFor("answer: You are on Heartline home.", after: mark))
        mark = terminal.mark
        terminal.type("\u{1B}[A")
        #expect(terminal.waitForLine("echo: where", after: mark))
        let rows = terminal.drawn
        let echoes = rows.filter { $0.hasPrefix("echo: ") }
        #expect(echoes.allSatisfy { ["echo: home", "echo: where"].contains($0) }, "drawn:\n\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.components(separatedBy: "> ").count > 2 }, "drawn:\n\(rows.joined(separator: "\n"))")
        mark = terminal.mark
        terminal.type("\r")
        #expect(terminal.waitFor("answer: You are on Heartline home.", after: mark))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.inProcessTerminal) func enterOnAnEmptyLineSaysWhereYouAre() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        terminal.type("\r")
        #expect(terminal.waitFor("answer: You are on Heartline home."))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }
}

extension TerminalUnderTest {
    /// The rows as a terminal draws them: carriage return, line feed, backspace, erase to the
    /// end of the line and cursor moves applied, other escape sequences left out. (Scalars, not
    /// characters: "\r\n" is one Character.)
    var drawn: [String] {
        _ = mark
        var rows: [[Unicode.Scalar]] = [[]]
        var row = 0
        var column = 0
        var characters = Array(printed.unicodeScalars)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\r": column = 0
            case "\n":
                row += 1
                if row == rows.count { rows.append([]) }
            case "\u{08}": column = max(0, column - 1)
            case "\u{07}": break
            case "\u{1B}":
                guard characters.first == "[" else {
                    _ = characters.popFirst()
                    continue
                }
                characters.removeFirst()
                var parameter = ""
                while let next = characters.first, next.properties.numericType != nil || next == ";" || next == "?" {
                    parameter.unicodeScalars.append(next)
                    characters.removeFirst()
                }
                let count = Int(parameter) ?? 1
                switch characters.popFirst() {
                case "K": if column < rows[row].count { rows[row].removeSubrange(column...) }
                case "C": column += count
                case "D": column = max(0, column - count)
                default: break
                }
            default:
                while rows[row].count < column { rows[row].append(" ") }
                if column < rows[row].count { rows[row][column] = character } else { rows[row].append(character) }
                column += 1
            }
        }
        return rows.map {
            String(String.UnicodeScalarView($0)).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
    }

    /// What was printed after `mark`, with carriage returns turned into line ends.
    func output(after mark: Int) -> String {
        _ = self.mark
        return String(decoding: Array(screen.utf8).dropFirst(mark), as: UTF8.self)
    }

    /// Waits until a transcript line ends with `text` after `mark` (the terminal may print the
    /// typed characters just before it, on the same line).
    @discardableResult
    func waitForLine(_ text: String, after mark: Int = 0, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output(after: mark).contains(text + "\n") { return true }
            // Until the program prints more, or hangs up.
            if awaitTerminal(events: Int16(POLLIN), until: deadline).hungUp { return output(after: mark).contains(text + "\n") }
        }
        return false
    }
}
