import Foundation
import HeartlineCore
import HeartlineTestSupport
import Testing

@testable import HeartlineShell

/// The command line and its help come from one table: every option the table lists is taken by
/// the parser, and every one is in the help, with its values where they are a fixed list.
@Suite(.timed) struct OptionTableTests {
    /// A value each option takes.
    static func example(_ option: OptionSpec) -> [String] {
        switch option.argument {
        case .none: [option.name]
        case .optional: [option.name, "footpod"]
        case .required:
            switch option.name {
            case "--seed": [option.name, "3"]
            // Refused after parsing: nothing is generated or exported.
            case "--id", "--years", "--days": [option.name, "0"]
            case "--speech": [option.name, "transcript"]
            case "--echo": [option.name, "words"]
            case "--format": [option.name, "fit"]
            case "--language": [option.name, "es"]
            default: [option.name, "/nonexistent/heartline-option"]
            }
        }
    }

    @Test func everyShellOptionOfTheTableIsParsed() throws {
        for option in CommandSpec.shell.options {
            let parsed = try Options(arguments: Self.example(option))
            #expect(parsed.given == [option.name], "\(option.name)")
        }
        #expect(throws: Options.UsageError.self) { try Options(arguments: ["--check=yes"]) }
        #expect(throws: Options.UsageError.self) { try Options(arguments: ["--nonsense"]) }
    }

    @Test func aSimulatedTreadmillOrTrainerIsOneFitnessMachineAndAMachineIsASensorKind() throws {
        let treadmill = try Options(arguments: ["--simulate", "treadmill,footpod"])
        #expect(treadmill.simulatedKinds == [.fitnessMachine, .footpod] && treadmill.simulatedMachine == .treadmill)
        let trainer = try Options(arguments: ["--simulate=trainer,treadmill"])
        #expect(trainer.simulatedKinds == [.fitnessMachine] && trainer.simulatedMachine == .indoorBike)
        let given = try Options(arguments: ["--sensor", "machine=att-socket:/tmp/treadmill.sock"])
        #expect(given.motionSensors == [.fitnessMachine: "att-socket:/tmp/treadmill.sock"])
        #expect(Options.usage.contains("treadmill or trainer"))
    }

    /// A bare --sensor is the strap once; given again it waits to be taken by its kind, and a
    /// strap= given after it moves it aside: nothing given is dropped.
    @Test(arguments: [
        (["--sensor", "A"], "A", [String]()),
        (["--sensor", "A", "--sensor", "B"], "A", ["B"]),
        (["--sensor", "A", "--sensor", "strap=C"], "C", ["A"]),
        (["--sensor", "strap=C", "--sensor", "A"], "C", ["A"]),
        (["--sensor", "A", "--sensor", "footpod=F", "--sensor", "B"], "A", ["B"]),
    ])
    func sensorsWithoutAKindAreKept(arguments: [String], strap: String, withoutKind: [String]) throws {
        let parsed = try Options(arguments: arguments)
        #expect(parsed.sensor == strap)
        #expect(parsed.sensorsWithoutKind == withoutKind)
    }

    @Test func theHelpListsEveryOptionAndEverySubcommandFromTheTable() {
        let usage = Options.usage
        for option in CommandSpec.shell.options { #expect(usage.contains("  " + option.written + " "), "\(option.name)") }
        #expect(usage.contains("heartline export --format tcx|csv|fit (--id N | --all) [--output DIR] [--data-dir DIR]"))
        #expect(usage.contains("heartline generate (--years N | --days N) [--data-dir DIR] [--seed S]"))
        #expect(usage.contains("auto, speechd, espeak or transcript"))
        #expect(usage.contains("none, characters, words or both"))
    }

    @Test(arguments: CommandSpec.subcommands)
    func everySubcommandOptionIsTakenAndInItsHelp(_ command: CommandSpec) throws {
        let home = TemporaryDirectory()
        let environment = ["HOME": home.path, "XDG_DATA_HOME": home.path]
        let help = try runInProcess([command.name!, "--help"], input: Data(), environment: environment)
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("usage: " + command.synopsis + "\n"))
        for option in command.options {
            #expect(help.standardOutput.contains("  " + option.written + " "), "\(option.name)")
            // Taken by the parser: whatever fails after parsing, it is not "unknown option".
            let run = try runInProcess([command.name!] + Self.example(option), input: Data(), environment: environment)
            #expect(!run.standardError.contains("unknown option"), "\(option.name)")
        }
    }
}
