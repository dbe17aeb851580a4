import Foundation
import HeartlineTestSupport
import Testing

/// Script mode: commands on a pipe, the transcript on standard output, run inside this process
/// (`runInProcess`). What only the binary shows (a power-off refused by a system bus it alone is
/// pointed at, a lock released at its exit) is in StartupTests.
@Suite(.timed, .tags(.threads)) struct ScriptModeTests {
    @Test func theIssuesScriptedRunProducesReadoutsSummaryAndHistory() throws {
        let data = TemporaryDirectory()
        let script = """
            configure
            next
            calories burned
            next
            1 minute
            start workout
            :wait 125
            heart rate
            end
            yes
            save
            review
            browse by metric
            average heart rate
            """
        let result = try runInProcess(["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8))
        #expect(result.status == 0)
        let lines = result.lines
        // Only transcript lines on standard output.
        #expect(lines.allSatisfy { line in ["event", "answer", "readout", "menu", "echo"].contains { line.hasPrefix($0 + ": ") } })
        let readouts = lines.filter { $0.hasPrefix("readout: ") }
        #expect(
            readouts.filter { $0.hasPrefix("readout: Time elapsed") } == [
                "readout: Time elapsed, 1 minute.", "readout: Time elapsed, 2 minutes.",
            ])
        #expect(readouts.count == 4)
        #expect(readouts.allSatisfy { !$0.contains("Calories") })
        #expect(lines.contains { $0.hasPrefix("answer: Heart rate, ") && $0.hasSuffix(" beats per minute.") })
        #expect(lines.contains("menu: Time elapsed, 2 minutes and 5 seconds."))
        #expect(lines.contains("answer: Workout saved."))
        #expect(lines.contains { $0.hasPrefix("menu: 1, today, Average heart rate: ") && $0.hasSuffix("beats per minute.") })
    }

    /// Piped, a line of the Escape character alone is Escape: answered where there is nothing to
    /// cancel, and leaving the describe mode as it does on a terminal.
    @Test func aPipedEscapeIsEscape() throws {
        let data = TemporaryDirectory()
        let script = "\u{1B}\nconfigure\n\u{1B}\r\n"
        let result = try runInProcess(["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8))
        #expect(result.status == 0)
        #expect(result.lines.filter { $0 == "answer: Nothing to cancel." }.count == 2)
        #expect(!result.lines.contains { $0.contains("did not understand") || $0.contains("is not a command") })
    }

    /// Piped, the describe mode takes the next line as its key and ends: the readouts due
    /// while it waited are said, and so are all those after it.
    @Test func thePipedDescribeModeDescribesOneKeyAndHoldsBackNoReadout() throws {
        let data = TemporaryDirectory()
        let script = """
            configure
            next
            next
            1 minute
            start workout
            k
            :wait 65
            h
            h
            :wait 60
            end
            yes
            """
        let result = try runInProcess(["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8))
        #expect(result.status == 0)
        let lines = result.lines
        #expect(lines.contains("answer: Press a key to hear what it does, or Escape to cancel."))
        #expect(
            lines.filter { $0.hasPrefix("readout: Time elapsed") } == [
                "readout: Time elapsed, 1 minute.", "readout: Time elapsed, 2 minutes.",
            ])
        let described = try #require(lines.firstIndex(of: "answer: h: heart rate."))
        #expect(lines[(described + 1)...].contains { $0.hasPrefix("answer: Heart rate, ") })
        #expect(lines.contains("menu: Workout summary."))
    }

    @Test func badInputGetsOneSentenceEachAndTheShellGoesOn() throws {
        let data = TemporaryDirectory()
        var input = Data("frobnicate\n\n42\n".utf8)
        input += Data(String(repeating: "x", count: 10_000).utf8) + Data("\n".utf8)
        input += Data([0x68, 0xFF, 0xFE, 0x6C, 0x70, 0x0A])  // "h\xff\xfelp": invalid UTF-8
        input += Data("where\n".utf8)
        let result = try runInProcess(["--speech", "transcript", "--data-dir", data.path], input: input)
        #expect(result.status == 0)
        let answers = result.lines.filter { $0.hasPrefix("answer: ") }
        #expect(
            answers == [
                "answer: Heartline is ready.",
                "answer: I don't know frobnicate. Type help for what you can do here.",
                "answer: You are on Heartline home.",
                "answer: There is no item 42. Choose 1 to 5.",
                "answer: That line is too long. Type a short command.",
                "answer: Some characters of that line could not be read. Please type it again.",
                "answer: You are on Heartline home.",
            ])
    }

    /// `--simulate footpod` and `--simulate bike,power`: the sensors' bytes through the real
    /// decoders, the same seed giving the same run.
    @Test func simulatedSensorsAnswerPaceSpeedCadenceAndPower() throws {
        func run(_ kinds: String, _ sport: String, _ questions: [String]) throws -> [String] {
            let data = TemporaryDirectory()
            let script = (["configure", sport, "start workout", ":wait 120"] + questions).joined(separator: "\n") + "\n"
            let result = try runInProcess(
                ["--simulate", kinds, "--seed", "9", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8))
            #expect(result.status == 0)
            return result.lines.filter { $0.hasPrefix("answer: ") }
        }
        let running = try run("footpod", "running", ["pace", "cadence", "distance"])
        #expect(running.contains { $0.hasPrefix("answer: Pace, ") && $0.hasSuffix(" per kilometre.") }, "\(running)")
        #expect(running.contains { $0.hasPrefix("answer: Cadence, ") && $0.hasSuffix(" steps per minute.") }, "\(running)")
        #expect(running.contains { $0.hasPrefix("answer: Distance, 0.") && $0.hasSuffix(" kilometres.") }, "\(running)")
        #expect(try run("footpod", "running", ["pace", "cadence", "distance"]) == running)
        let riding = try run("bike,power", "cycling", ["speed", "cadence", "power"])
        #expect(riding.contains { $0.hasPrefix("answer: Speed, ") && $0.hasSuffix(" kilometres per hour.") }, "\(riding)")
        #expect(riding.contains { $0.hasPrefix("answer: Cadence, ") && $0.hasSuffix(" revolutions per minute.") }, "\(riding)")
        #expect(riding.contains { $0.hasPrefix("answer: Power, ") && $0.hasSuffix(" watts.") }, "\(riding)")
    }

    /// `--simulate treadmill` and `--simulate trainer`: machines that obey their control point, steered
    /// within their ranges and the user's top speed, stopped at the end of the workout.
    @Test func simulatedTreadmillAndTrainerAreReadAndSteered() throws {
        func run(_ kind: String, _ sport: String, _ lines: [String]) throws -> [String] {
            let data = TemporaryDirectory()
            let script = (["configure", sport, "start workout", ":wait 5"] + lines + ["end", "yes"]).joined(separator: "\n") + "\n"
            let result = try runInProcess(
                ["--simulate", kind, "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8))
            #expect(result.status == 0)
            return result.lines.filter { $0.hasPrefix("answer: ") || $0.hasPrefix("event: ") }
        }
        let treadmill = try run(
            "treadmill", "running", ["speed 10", "top speed 12", "speed 13", "speed 10", ":wait 5", "pace", "incline 20"])
        for line in [
            "answer: First set your top treadmill speed: type top speed, then a number.",
            "answer: 13 kilometres per hour is above your top speed of 12 kilometres per hour.",
            "answer: Setting speed to 10 kilometres per hour.", "answer: Treadmill confirmed.",
            "answer: Pace, 6 minutes per kilometre.", "answer: The treadmill takes -3 to 15 percent.", "answer: Stopping the treadmill.",
        ] {
            #expect(treadmill.contains(line), "\(treadmill)")
        }
        let trainer = try run("trainer", "cycling", ["watts 200", ":wait 5", "power", "watts 1500", "speed 20"])
        for line in [
            "answer: Setting power to 200 watts.", "answer: Smart trainer confirmed.", "answer: The smart trainer takes 25 to 1,000 watts.",
            "answer: The smart trainer takes no speed target.", "answer: Stopping the smart trainer.",
        ] {
            #expect(trainer.contains(line), "\(trainer)")
        }
        #expect(trainer.contains { $0.hasPrefix("answer: Power, 19") || $0.hasPrefix("answer: Power, 20") }, "\(trainer)")
    }

    @Test func usageErrorsExitWithTwo() throws {
        let result = try runInProcess(["--speech", "loud"], input: Data())
        #expect(result.status == 2)
        #expect(result.standardError.contains("--speech takes auto, speechd, espeak or transcript"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpAndVersionPrintAndExit() throws {
        let help = try runInProcess(["--help"], input: Data())
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("--simulate"))
        let version = try runInProcess(["--version"], input: Data())
        #expect(version.standardOutput.hasPrefix("heartline "))
    }
}
