#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineTestSupport
import Testing

/// 100 kB pasted into Heartline's terminal during a workout: refused at once with one
/// sentence, nothing of it echoed or taken, the next key answered, and the loop's probe
/// (`HEARTLINE_LOOP_PROBE`) never more than 50 ms without polling while the workout records.
@Suite(.timed, .serialized, .tags(.threads)) struct PasteTests {
    static let tooLong = "answer: That line is too long. Type a short command."

    /// The probe's `key value` lines.
    static func probe(at path: String) -> [String: Double] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }

    static func count(_ text: String, in screen: String) -> Int {
        screen.components(separatedBy: text).count - 1
    }

    /// Pastes `bytes` and returns the seconds until `answer` was printed after `mark`, nil when
    /// it never was; the paste is all written first (so it must have been read).
    static func paste(_ bytes: [UInt8], into terminal: InProcessTerminal, answer: String, mark: Int) -> (written: Bool, answered: Double?) {
        let started = Date()
        let written = terminal.paste(bytes, timeout: 60)
        guard terminal.waitFor(answer, after: mark, timeout: 10) else { return (written, nil) }
        // The paste's own drain saw the answer no later than this; how much sooner is bounded
        // by the time the paste took.
        return (written, Date().timeIntervalSince(started))
    }

    @Test(.inProcessTerminal) func a100kBPasteDuringAWorkoutIsRefusedAtOnceAndTheLoopGoesOn() throws {
        let data = TemporaryDirectory()
        let probePath = data.path + "/probe"
        let terminal = try InProcessTerminal(
            arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path + "/data"],
            environment: ["HEARTLINE_LOOP_PROBE": probePath])
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        terminal.type("configure\r")
        #expect(terminal.waitFor("menu: 5, Next.", after: mark))
        mark = terminal.mark
        terminal.type("start workout\r")
        try #require(terminal.waitFor("answer: Workout started.", after: mark))

        // Into a typed line opened with the colon key.
        mark = terminal.mark
        terminal.type(":")
        #expect(terminal.waitFor("answer: Type a command, then press Enter. Escape cancels.", after: mark))
        mark = terminal.mark
        let letters = Array(String(repeating: "heart rate ", count: 100_000 / 11).utf8)
        let intoLine = Self.paste(letters, into: terminal, answer: Self.tooLong, mark: mark)
        #expect(intoLine.written, "the paste was not all read within 60 s")
        let refusedAfter = try #require(intoLine.answered, "no refusal; \(terminal.screen.suffix(400))")
        #expect(refusedAfter < 1, "the paste was answered after \(refusedAfter) s")
        // The rest is dropped once the input pauses; the next key acts.
        // Real time: the pause in the input that ends a paste.
        usleep(500_000)
        var screen = String(decoding: Array(terminal.screen.utf8).dropFirst(mark), as: UTF8.self)
        #expect(Self.count(Self.tooLong, in: screen) == 1, "\(screen.suffix(600))")
        #expect(!screen.contains("echo: "), "\(screen.suffix(600))")
        #expect(!screen.contains("answer: Heart rate"), "\(screen.suffix(600))")
        mark = terminal.mark
        var asked = Date()
        terminal.type("t")
        #expect(terminal.waitFor("answer: Time elapsed, ", after: mark))
        let firstKey = Date().timeIntervalSince(asked)
        #expect(firstKey < 1, "the key after the paste was answered after \(firstKey) s")

        // Onto the workout screen, where single keys act: none of it is taken as keys.
        mark = terminal.mark
        let keys = [UInt8](repeating: UInt8(ascii: "j"), count: 100_000)
        let asKeys = Self.paste(keys, into: terminal, answer: Self.tooLong, mark: mark)
        #expect(asKeys.written, "the paste was not all read within 60 s")
        let keysRefusedAfter = try #require(asKeys.answered, "no refusal; \(terminal.screen.suffix(400))")
        #expect(keysRefusedAfter < 1, "the paste was answered after \(keysRefusedAfter) s")
        // Real time: the pause in the input that ends a paste.
        usleep(500_000)
        screen = String(decoding: Array(terminal.screen.utf8).dropFirst(mark), as: UTF8.self)
        #expect(Self.count(Self.tooLong, in: screen) == 1, "\(screen.suffix(600))")
        #expect(Self.count("does nothing here", in: screen) == 0, "\(screen.suffix(600))")
        mark = terminal.mark
        asked = Date()
        terminal.type("h")
        #expect(terminal.waitFor("answer: Heart rate", after: mark))
        let secondKey = Date().timeIntervalSince(asked)
        #expect(secondKey < 1, "the key after the paste was answered after \(secondKey) s")

        mark = terminal.mark
        terminal.type("e")
        #expect(terminal.waitFor("answer: Definitely end workout? Yes or no.", after: mark))
        mark = terminal.mark
        terminal.type("y")
        #expect(terminal.waitFor("menu: 2, Delete workout.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: Workout saved.", after: mark))
        terminal.type("quit\r")
        #expect(terminal.waitForExit(timeout: 20) == 0)

        let figures = Self.probe(at: probePath)
        let longest = try #require(figures["longest_ms"], "no probe report")
        print(
            "paste: refused after \(refusedAfter) s in a line, \(keysRefusedAfter) s as keys; keys after it answered in \(firstKey) s and \(secondKey) s; the loop's longest stall while recording \(longest) ms (\(figures["longest_processor_ms"] ?? -1) ms of processor time at most), \(figures["over_50ms"] ?? -1) over 50 ms of \(figures["turns"] ?? -1) turns"
        )
        // The loop's own work per turn is held to 50 ms: its processor time, which a loaded machine
        // does not stretch. The wall clock is held more loosely, so that other processes on the
        // cores cannot fail the test; the unbounded reads it guards against took seconds.
        let processor = try #require(figures["longest_processor_ms"], "no processor figure")
        #expect(processor <= 50, "longest stall's processor time \(processor) ms")
        #expect(longest <= 250, "longest stall \(longest) ms")
    }
}
