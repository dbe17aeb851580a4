import Foundation
import HeartlineCore
@testable import HeartlineShell
import HeartlineTestSupport
import Testing

@Suite(.timed) struct KeypadTests {
    static let escape: UInt8 = 0x1B

    // MARK: Splitting bytes into keys

    @Test func bytesAreSplitIntoCharactersAndWholeEscapeSequences() {
        var reader = KeyReader()
        let keys = reader.keys(from: Array("a\u{1B}[A\u{1B}OP\u{1B}[15~\u{1B}[[E\u{1B}fé\r".utf8))
        #expect(
            keys.map { String(decoding: $0, as: UTF8.self) } == [
                "a", "\u{1B}[A", "\u{1B}OP", "\u{1B}[15~", "\u{1B}[[E", "\u{1B}f", "é", "\r",
            ])
    }

    @Test func aKeySplitOverTwoReadsWaitsForItsEnd() {
        var reader = KeyReader()
        #expect(reader.keys(from: [Self.escape, UInt8(ascii: "[")]) == [])
        #expect(reader.keys(from: Array("15".utf8)) == [])
        #expect(reader.keys(from: Array("~x".utf8)) == [Array("\u{1B}[15~".utf8), Array("x".utf8)])
        #expect(reader.keys(from: [0xC3]) == [])
        #expect(reader.keys(from: [0xA9]) == [[0xC3, 0xA9]])
    }

    @Test func brokenSequencesAndBytesStillReachReadline() {
        var reader = KeyReader()
        // A control character inside a sequence ends it; a lead byte without continuation goes alone.
        #expect(
            reader.keys(from: [Self.escape, UInt8(ascii: "["), UInt8(ascii: "1"), 0x0D]) == [
                [Self.escape, UInt8(ascii: "["), UInt8(ascii: "1")], [0x0D],
            ])
        #expect(reader.keys(from: [0xC3, UInt8(ascii: "a")]) == [[0xC3], [UInt8(ascii: "a")]])
    }

    // MARK: What a key does

    /// The workout screen and a question take every key; a menu of four items takes digits.
    static func workout(_ key: Character) -> Bool { true }
    static func menu(_ key: Character) -> Bool { key.isNumber }

    static func route(
        _ text: String, keypad: Bool = true, empty: Bool = true, terminal: String = "xterm",
        takesKey: (Character) -> Bool = workout
    ) -> KeyRouter.Action {
        KeyRouter.route(
            Array(text.utf8),
            context: KeyRouter.Context(emptyLine: empty, keypadActive: keypad, terminal: terminal),
            takesKey: takesKey)
    }

    /// The name of the workout command a key reaches: routed by the shell, read by the vocabulary.
    static func action(_ text: String, terminal: String = "xterm") -> String? {
        guard case .key(let key) = route(text, terminal: terminal), let command = Vocabulary.command(key: key) else { return nil }
        return Vocabulary.entry(command).name
    }

    @Test(arguments: [
        ("1", "time"), ("2", "heart rate"), ("3", "calories"), ("4", "average heart rate"), ("5", "all metrics"),
        ("6", "zone"), ("7", "plan"), ("8", "announcements"), ("9", "end"), ("0", "pause or resume"),
        (".", "help"), ("*", "repeat"), ("-", "battery"), ("+", "where"),
    ])
    func everyKeypadKeyReachesAWorkoutAction(key: String, command: String) {
        #expect(Self.action(key) == command)
    }

    @Test(arguments: [
        ("\u{1B}[F", "time"), ("\u{1B}[4~", "time"), ("\u{1B}[B", "heart rate"), ("\u{1B}[6~", "calories"),
        ("\u{1B}[D", "average heart rate"), ("\u{1B}[E", "all metrics"), ("\u{1B}[G", "all metrics"),
        ("\u{1B}[C", "zone"), ("\u{1B}[H", "plan"), ("\u{1B}[1~", "plan"), ("\u{1B}[A", "announcements"),
        ("\u{1B}[5~", "end"), ("\u{1B}[2~", "pause or resume"), ("\u{1B}[3~", "help"),
    ])
    func withNumLockOffTheCursorKeysStandForTheirDigits(sequence: String, command: String) {
        #expect(Self.action(sequence) == command)
    }

    @Test func applicationKeypadModeIsReadOnEveryTerminal() {
        #expect(Self.action("\u{1B}Oq") == "time")
        #expect(Self.action("\u{1B}Op") == "pause or resume")
        #expect(Self.action("\u{1B}Ok") == "where")
        #expect(Self.action("\u{1B}Ol", terminal: "linux") == "where")
        #expect(Self.action("\u{1B}OS", terminal: "linux") == "battery")
        // Enter and digits reach readline as the characters they are, on any screen.
        #expect(Self.route("\u{1B}OM") == .edit(Array("\r".utf8)))
        #expect(Self.route("\u{1B}Ot", keypad: false, empty: false) == .edit(Array("4".utf8)))
    }

    @Test func cursorKeysKeepTheirMeaningOutsideAWorkoutAndOnATypedLine() {
        #expect(Self.route("\u{1B}[A", keypad: false, takesKey: Self.menu) == .edit(Array("\u{1B}[A".utf8)))
        #expect(Self.route("\u{1B}[A", empty: false) == .edit(Array("\u{1B}[A".utf8)))
        #expect(Self.route("1", empty: false) == .edit(Array("1".utf8)))
        // A letter on a menu starts a typed line; a digit acts at once.
        #expect(Self.route("s", keypad: false, takesKey: Self.menu) == .edit(Array("s".utf8)))
        #expect(Self.route("3", keypad: false, takesKey: Self.menu) == .key("3"))
    }

    @Test func controlKeysAreNeverTakenAsSingleKeys() {
        // Control-A, Backspace and Tab edit the line even where every key acts at once.
        for control in ["\u{01}", "\u{7F}", "\t"] {
            #expect(Self.route(control) == .edit(Array(control.utf8)))
        }
    }

    /// A lone Escape never reaches readline, which would hold it as a prefix of the next key:
    /// it drops a half-typed line, or goes to the core, on every screen.
    @Test func aLoneEscapeIsTheCoresOnEveryScreen() {
        for takesKey in [Self.workout, Self.menu, { _ in false }] {
            #expect(Self.route("\u{1B}", empty: false, takesKey: takesKey) == .cancelLine)
            #expect(Self.route("\u{1B}", keypad: false, takesKey: takesKey) == .escape)
        }
        // Meta and a key stay readline's.
        #expect(Self.route("\u{1B}f", keypad: false, takesKey: Self.menu) == .edit(Array("\u{1B}f".utf8)))
    }

    @Test func aLoneEscapeIsHeldUntilTakenAlone() {
        var reader = KeyReader()
        #expect(reader.keys(from: [Self.escape]) == [])
        #expect(reader.holdsEscape)
        let taken = reader.takeEscape()
        #expect(taken)
        #expect(!reader.holdsEscape)
        let again = reader.takeEscape()
        #expect(!again)
    }

    @Test func theShellsOwnKeysWorkEverywhere() {
        for empty in [true, false] {
            #expect(Self.route("\u{07}", keypad: false, empty: empty) == .stopSpeech(passOn: true))
            #expect(Self.route("\u{1B}[15~", keypad: false, empty: empty) == .command(.repeatLast))
            #expect(Self.route("\u{1B}[[E", keypad: false, empty: empty, terminal: "linux") == .command(.repeatLast))
            #expect(Self.route("\u{1B}[17~", keypad: false, empty: empty) == .command(.spell))
            #expect(Self.route("\u{1B}OP", keypad: false, empty: empty) == .command(.keysHelp))
        }
        // Slash stops speech during a workout only; elsewhere it is typed.
        #expect(Self.route("/") == .stopSpeech(passOn: false))
        #expect(Self.route("/", keypad: false, takesKey: Self.menu) == .edit(Array("/".utf8)))
        #expect(Self.route(":") == .key(":"))
    }

    // MARK: Keys that print nothing

    /// Every function key, Insert, Page Up and Page Down as xterm, rxvt and the Linux console
    /// send them is decoded whole and handed to the core, never to readline, on any line.
    @Test(arguments: [
        ("\u{1B}OQ", NamedKey.function(2)), ("\u{1B}[12~", .function(2)), ("\u{1B}[[B", .function(2)),
        ("\u{1B}OR", .function(3)), ("\u{1B}[13~", .function(3)), ("\u{1B}[[C", .function(3)),
        ("\u{1B}OS", .function(4)), ("\u{1B}[14~", .function(4)), ("\u{1B}[[D", .function(4)),
        ("\u{1B}[18~", .function(7)), ("\u{1B}[19~", .function(8)), ("\u{1B}[20~", .function(9)),
        ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}[2~", .insert), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[1;2P", .unknown),
        ("\u{1B}[29~", .unknown),
    ])
    func keysThatPrintNothingAreTheCores(sequence: String, key: NamedKey) {
        for empty in [true, false] {
            #expect(Self.route(sequence, keypad: false, empty: empty, takesKey: Self.menu) == .named(key))
            // During a workout, on a typed line, they never reach the line either.
            #expect(Self.route(sequence, empty: false) == .named(key))
        }
        // On the Linux console ESC O Q to S are the application keypad's slash, star and minus.
        if !sequence.hasPrefix("\u{1B}O") { #expect(Self.route(sequence, empty: false, terminal: "linux") == .named(key)) }
    }

    /// readline keeps its editing keys, and any sequence a user's inputrc binds whole.
    @Test func editingKeysAndBoundSequencesStayReadlines() {
        for sequence in ["\u{1B}[A", "\u{1B}[D", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[4~", "\u{1B}[3~", "\u{1B}[7~", "\u{1B}[8~"] {
            #expect(Self.route(sequence, keypad: false, takesKey: Self.menu) == .edit(Array(sequence.utf8)))
        }
        let controlRight = "\u{1B}[1;5C"
        let context = KeyRouter.Context(emptyLine: false, keypadActive: false, terminal: "xterm", readlineBinds: { _ in true })
        #expect(KeyRouter.route(Array(controlRight.utf8), context: context, takesKey: Self.menu) == .edit(Array(controlRight.utf8)))
        #expect(Self.route(controlRight, keypad: false, empty: false) == .named(.unknown))
    }

    /// In the key-describe mode Tab and the keypad's slash are described, not done.
    @Test func theKeyToDescribeIsTheCoresTabAndSlashIncluded() {
        let context = KeyRouter.Context(emptyLine: true, keypadActive: true, terminal: "xterm", describing: true)
        #expect(KeyRouter.route(Array("\t".utf8), context: context, takesKey: Self.workout) == .key("\t"))
        #expect(KeyRouter.route(Array("/".utf8), context: context, takesKey: Self.workout) == .key("/"))
        #expect(KeyRouter.route(Array("9".utf8), context: context, takesKey: Self.menu) == .key("9"))
        // readline's editing keys too, but during a workout the keypad's are its digits.
        let menu = KeyRouter.Context(emptyLine: true, keypadActive: false, terminal: "xterm", describing: true)
        #expect(KeyRouter.route(Array("\u{1B}[D".utf8), context: menu, takesKey: Self.menu) == .named(.left))
        #expect(KeyRouter.route([0x7F], context: menu, takesKey: Self.menu) == .named(.backspace))
        #expect(KeyRouter.route(Array("\u{1B}[D".utf8), context: context, takesKey: Self.workout) == .key("4"))
        // The shell's own keys too: F5 is described, not a repeat.
        #expect(KeyRouter.route(Array("\u{1B}[15~".utf8), context: context, takesKey: Self.workout) == .named(.function(5)))
        #expect(KeyRouter.route(Array("\u{1B}[[A".utf8), context: context, takesKey: Self.workout) == .named(.function(1)))
    }

    // MARK: On a real terminal

    /// A stray function key during a workout says it does nothing and the keys after it act at
    /// once; typed into a line, it leaves the line as it was. No "~" is ever typed or echoed.
    @Test(.inProcessTerminal) func aStrayFunctionKeyTypesNothing() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 5, Resting check."))
        #expect(terminal.waitUntilNotCanonical())
        var mark = terminal.mark
        terminal.type("\u{1B}[6~")  // Page Down on a menu
        #expect(terminal.waitFor("answer: Page Down does nothing here. Press question mark for help.", after: mark))
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("menu: 4, Other, selected.", after: mark))
        for (key, reached) in [
            ("5", "menu: 4, Next."), ("4", "menu: Time interval for audio feedback."), ("1", "menu: Target heart rate zone."),
            ("1", "menu: Training plan."), ("1", "menu: Ready to start."), ("1", "answer: Workout started."),
        ] {
            mark = terminal.mark
            terminal.type(key)
            #expect(terminal.waitFor(reached, after: mark))
        }
        for (sequence, name) in [
            ("\u{1B}[18~", "F7"), ("\u{1B}[19~", "F8"), ("\u{1B}[21~", "F10"), ("\u{1B}[23~", "F11"), ("\u{1B}[24~", "F12"),
        ] {
            mark = terminal.mark
            terminal.type(sequence)
            #expect(terminal.waitFor("answer: \(name) does nothing here. Press question mark for help.", after: mark))
            mark = terminal.mark
            terminal.type("1")
            #expect(terminal.waitFor("answer: Time elapsed, ", after: mark), "after \(name)")
        }
        // A typed line keeps what was typed around a stray key.
        mark = terminal.mark
        terminal.type(":")
        #expect(terminal.waitFor("answer: Type a command, then press Enter.", after: mark))
        terminal.type("ti")
        mark = terminal.mark
        terminal.type("\u{1B}[20~")
        #expect(terminal.waitFor("answer: F9 does nothing here.", after: mark))
        mark = terminal.mark
        terminal.type("me\r")
        #expect(terminal.waitFor("answer: Time elapsed, ", after: mark))
        #expect(!terminal.screen.contains("tilde"))
        #expect(!terminal.screen.contains("I don't know"))
        terminal.type("9")
        #expect(terminal.waitFor("answer: Definitely end workout? Yes or no."))
        terminal.type("y")
        #expect(terminal.waitFor("menu: Workout summary."))
        terminal.type("1")
        #expect(terminal.waitFor("answer: Workout saved."))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    /// Keys that change nothing on an empty line are still answered: the line is blank, or
    /// there is no earlier command to bring back.
    @Test(.inProcessTerminal) func keysThatChangeNothingOnAnEmptyLineAreAnswered() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 5, Resting check."))
        // Home, End, Left, Backspace, Delete, Control-A, Control-E, Control-K.
        for key in ["\u{1B}[H", "\u{1B}[F", "\u{1B}[D", "\u{7F}", "\u{1B}[3~", "\u{01}", "\u{05}", "\u{0B}"] {
            let mark = terminal.mark
            terminal.type(key)
            #expect(terminal.waitFor("echo: blank", after: mark), "after \(key.debugDescription)")
        }
        for key in ["\u{12}", "\u{1B}[A"] {
            let mark = terminal.mark
            terminal.type(key)
            #expect(terminal.waitFor("echo: No earlier commands.", after: mark), "after \(key.debugDescription)")
        }
        let mark = terminal.mark
        terminal.type("\u{1B}[2~")
        #expect(terminal.waitFor("answer: Insert does nothing here.", after: mark))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.inProcessTerminal) func aWholeWorkoutFromTheKeypadOnATerminal() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(arguments: ["--simulate", "--speech", "transcript", "--data-dir", data.path])
        #expect(terminal.waitFor("menu: 4, Settings."))
        terminal.type("1")
        #expect(terminal.waitFor("menu: 4, Other, selected."))
        var mark = terminal.mark
        terminal.type("5")  // Next: the sport stays Other
        #expect(terminal.waitFor("menu: 4, Next.", after: mark))
        mark = terminal.mark
        terminal.type("4")
        #expect(terminal.waitFor("menu: Time interval for audio feedback.", after: mark))
        // One key a step: no time, no target, no plan, then Start workout.
        for (key, reached) in [("1", "menu: Target heart rate zone."), ("1", "menu: Training plan."), ("1", "menu: Ready to start.")] {
            mark = terminal.mark
            terminal.type(key)
            #expect(terminal.waitFor(reached, after: mark))
        }
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: Workout started.", after: mark))
        let steps: [(keys: String, answer: String)] = [
            ("1", "answer: Time elapsed, "),  // Num Lock on
            ("\u{1B}[B", "answer: Heart rate"),  // Num Lock off: 2 is Down
            ("\u{1B}[D", "answer: Average heart rate"),  // 4 is Left
            ("-", "answer: Heart rate strap battery"),
            ("+", "answer: You are on Workout in progress."),
            ("\u{1B}[2~", "answer: Workout paused."),  // 0 is Insert
            ("0", "answer: Workout resumed."),
            ("9", "answer: Definitely end workout? Yes or no."),
            ("-", "answer: Workout continues."),
            ("\u{1B}[5~", "answer: Definitely end workout? Yes or no."),  // 9 is Page Up
            ("+", "answer: Definitely end workout? Yes or no."),  // plus is where: the question again
            ("9", "answer: Yes ends the workout and reads its summary."),  // the end key again only asks again
            ("\u{1B}OM", "menu: Workout summary."),  // the keypad's Enter is yes
        ]
        for step in steps {
            mark = terminal.mark
            terminal.type(step.keys)
            #expect(terminal.waitFor(step.answer, after: mark), "after \(step.keys.debugDescription)")
        }
        mark = terminal.mark
        terminal.type("1")
        #expect(terminal.waitFor("answer: Workout saved.", after: mark))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    /// Escape on a menu is answered, and the key after it acts: readline never holds it as the
    /// prefix of the next key. On a half-typed line it drops the line, said.
    @Test(.inProcessTerminal) func escapeOnAMenuIsAnsweredAndSwallowsNoKey() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"])
        #expect(terminal.waitFor("menu: 5, Resting check."))
        var mark = terminal.mark
        terminal.type("\u{1B}")
        #expect(terminal.waitFor("answer: Nothing to cancel.", after: mark))
        mark = terminal.mark
        terminal.type("settings\r")
        #expect(terminal.waitFor("menu: 8, Power off.", after: mark), "the s after Escape is typed, not taken as Meta-s")
        #expect(!terminal.output(after: mark).contains("I don't know"))
        mark = terminal.mark
        #expect(terminal.typeAndAwaitDrawing("pro"))
        terminal.type("\u{1B}")
        #expect(terminal.waitFor("answer: Command cancelled.", after: mark))
        mark = terminal.mark
        // The line was dropped: 1 is a key on an empty line, not "pro1".
        terminal.type("1")
        #expect(terminal.waitFor("menu: 1, Age: not set.", after: mark))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(.inProcessTerminal) func theStopSpeechKeySilencesWithoutTouchingTheLine() throws {
        let data = TemporaryDirectory()
        let terminal = try InProcessTerminal(
            arguments: ["--speech", "transcript", "--data-dir", data.path, "--echo", "none"])
        #expect(terminal.waitFor("menu: 4, Settings."))
        var mark = terminal.mark
        // Control-G draws nothing: the keys after it, drawn, show it was read (keys are read in order).
        terminal.type("\u{07}")  // Control-G on the empty line: no hotkey, nothing typed
        #expect(terminal.typeAndAwaitDrawing("sett"))
        terminal.type("\u{07}")  // and in the middle of a word
        terminal.type("ings\r")
        #expect(terminal.waitFor("menu: 1, Profile.", after: mark))
        #expect(!terminal.output(after: mark).contains("answer: I don't know"))
        terminal.type("where\r")
        #expect(terminal.waitFor("answer: You are on Settings.", after: mark))
        mark = terminal.mark
        terminal.type("\u{1B}[15~")  // F5 repeats the last answer
        #expect(terminal.waitFor("answer: You are on Settings.", after: mark))
        mark = terminal.mark
        terminal.type("\u{1B}[17~")  // F6 spells its last sentence
        for word in ["capital y, o, u", "a, r, e", "o, n", "capital s, e, t, t, i, n, g, s, dot"] {
            #expect(terminal.waitForLine("answer: " + word, after: mark))
        }
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
    }
}
