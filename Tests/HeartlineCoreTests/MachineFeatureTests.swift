import Foundation
@testable import HeartlineCore
import Testing

/// A treadmill and a smart trainer through the core alone: the commands that steer them, the
/// limits Heartline keeps (the user's top speed, the machine's ranges), and the safety rules,
/// asserted as the effects the core asks for and the sentences it says.
struct MachineFeatureTests {
    typealias Harness = StorageEffectTests.Harness

    static let treadmill = MachineDescription(
        type: .treadmill,
        targets: [.speed: MachineRange(minimum: 0.5, maximum: 18, step: 0.1), .incline: MachineRange(minimum: -3, maximum: 15, step: 0.5)],
        steerable: true)
    static let trainer = MachineDescription(
        type: .indoorBike, targets: [.power: MachineRange(minimum: 25, maximum: 1000, step: 1), .resistance: nil], steerable: true)

    /// A workout under way with `machine` connected, and the top speed set when given.
    static func harness(_ machine: MachineDescription = treadmill, topSpeed: Double? = 14) -> Harness {
        var stored = StoredState()
        if let topSpeed { stored.settings.setTreadmillTopSpeed(topSpeed) }
        var harness = Harness(stored: stored)
        _ = harness.send(.motionSensor(.fitnessMachine, .machine(.described(machine))))
        _ = harness.send(.motionSensor(.fitnessMachine, .connected(name: "Track 5")))
        _ = harness.startWorkout()
        return harness
    }

    static func steered(_ effects: [Effect]) -> [MachineCommand] {
        effects.compactMap { effect in
            if case .steerMachine(let command) = effect { return command }
            return nil
        }
    }

    @Test func typedCommandsSayTheChangeAndSendIt() {
        var harness = Self.harness()
        var effects = harness.command("speed 10")
        #expect(Self.steered(effects) == [.set(.speed, 10)])
        #expect(Harness.said(effects) == ["Setting speed to 10 kilometres per hour."])
        effects = harness.command("incline 2.5")
        #expect(Self.steered(effects) == [.set(.incline, 2.5)])
        effects = harness.send(.motionSensor(.fitnessMachine, .machine(.answered(.set(.incline, 2.5), .success))))
        #expect(Harness.said(effects) == ["Treadmill confirmed."])
        effects = harness.command("start machine")
        #expect(Self.steered(effects) == [.start])
        #expect(Harness.said(effects) == ["Starting the treadmill."])
    }

    @Test func eachAnswerOfTheMachineIsOneSentence() {
        var harness = Self.harness()
        let answers: [(MachineResult, String)] = [
            (.success, "Treadmill confirmed."), (.notSupported, "The treadmill does not support that."),
            (.invalidParameter, "The treadmill refused that value as out of its range."),
            (.controlNotPermitted, "The treadmill does not grant control."),
        ]
        for (result, sentence) in answers {
            let effects = harness.send(.motionSensor(.fitnessMachine, .machine(.answered(.set(.speed, 9), result))))
            #expect(Harness.said(effects) == [sentence])
        }
        // Stopped with its own keys: said as news.
        let effects = harness.send(.motionSensor(.fitnessMachine, .machine(.stoppedOnMachine)))
        #expect(Harness.said(effects) == ["Treadmill stopped on the machine."])
    }

    @Test func aSpeedAboveTheTopSpeedOrOutsideTheRangeIsNeverSent() {
        var harness = Self.harness(topSpeed: 12)
        var effects = harness.command("speed 13")
        #expect(Self.steered(effects) == [])
        #expect(Harness.said(effects) == ["13 kilometres per hour is above your top speed of 12 kilometres per hour."])
        effects = harness.command("incline 20")
        #expect(Self.steered(effects) == [])
        #expect(Harness.said(effects) == ["The treadmill takes -3 to 15 percent."])
        effects = harness.command("watts 200")
        #expect(Self.steered(effects) == [])
        #expect(Harness.said(effects) == ["The treadmill takes no power target."])
    }

    @Test func noSpeedIsSetBeforeTheTopSpeedIsGiven() {
        var harness = Self.harness(topSpeed: nil)
        var effects = harness.command("speed 8")
        #expect(Self.steered(effects) == [])
        #expect(Harness.said(effects) == ["First set your top treadmill speed: type top speed, then a number."])
        effects = harness.command("top speed 12")
        #expect(Harness.said(effects) == ["Top treadmill speed, 12 kilometres per hour."])
        #expect(harness.core.settings.treadmillTopSpeed == 12)
        #expect(Harness.writes(effects).contains { if case .settings = $0 { true } else { false } })
        effects = harness.command("speed 8")
        #expect(Self.steered(effects) == [.set(.speed, 8)])
    }

    @Test func theEndAndPauseKeysStopAndPauseASteeredMachineAndResumeNeverStartsIt() {
        var harness = Self.harness()
        // Not yet steered: the workout's pause leaves the machine alone.
        var effects = harness.command("pause")
        #expect(Self.steered(effects) == [])
        _ = harness.command("resume")
        _ = harness.command("speed 9")
        _ = harness.send(.motionSensor(.fitnessMachine, .machine(.answered(.set(.speed, 9), .success))))
        effects = harness.command("pause")
        #expect(Self.steered(effects) == [.pause])
        effects = harness.command("resume")
        #expect(Self.steered(effects) == [])
        #expect(Harness.said(effects).last == "The treadmill stays paused; type start machine to start it.")
        _ = harness.command("end")
        effects = harness.command("yes")
        #expect(Self.steered(effects) == [.stop])
        #expect(Harness.said(effects).first == "Stopping the treadmill.")
    }

    @Test func aLostTreadmillSaysItCanNoLongerBeStoppedAndIsSteeredNoMore() {
        var harness = Self.harness()
        var effects = harness.send(.motionSensor(.fitnessMachine, .disconnected))
        #expect(Harness.said(effects) == ["The treadmill is disconnected; use its own stop key."])
        effects = harness.command("speed 9")
        #expect(Self.steered(effects) == [])
        #expect(Harness.said(effects) == ["No fitness machine is connected."])
    }

    @Test func aTreadmillSteeredBeforeADropIsStoppedByTheEndKeyWhenBack() {
        var harness = Self.harness()
        _ = harness.command("speed 9")
        _ = harness.send(.motionSensor(.fitnessMachine, .machine(.answered(.set(.speed, 9), .success))))
        _ = harness.send(.motionSensor(.fitnessMachine, .disconnected))
        _ = harness.send(.motionSensor(.fitnessMachine, .machine(.described(Self.treadmill))))
        let effects = harness.send(.motionSensor(.fitnessMachine, .connected(name: "Track 5")))
        #expect(Harness.said(effects) == ["Treadmill connected."])
        _ = harness.command("end")
        #expect(Self.steered(harness.command("yes")) == [.stop])
    }

    @Test func controlTakenBackStopsTheEndKeyFromSendingAnything() {
        var harness = Self.harness()
        _ = harness.command("speed 9")
        _ = harness.send(.motionSensor(.fitnessMachine, .machine(.answered(.set(.speed, 9), .success))))
        var effects = harness.send(.motionSensor(.fitnessMachine, .machine(.controlLost)))
        #expect(Harness.said(effects) == ["The treadmill took control back; use its own keys."])
        _ = harness.command("end")
        effects = harness.command("yes")
        #expect(Self.steered(effects) == [])
    }

    @Test func aTrainerTakesWattsAndTheFasterKeyStepsThemByTheUsersStep() {
        var harness = Self.harness(Self.trainer, topSpeed: nil)
        var effects = harness.command("watts 200")
        #expect(Self.steered(effects) == [.set(.power, 200)])
        #expect(Harness.said(effects) == ["Setting power to 200 watts."])
        effects = harness.command("step 25")
        #expect(harness.core.settings.machinePowerStep == 25)
        effects = harness.send(.key("u"))
        #expect(Self.steered(effects) == [.set(.power, 225)])
        effects = harness.send(.key("j"))
        #expect(Self.steered(effects) == [.set(.power, 200)])
        effects = harness.command("speed 30")
        #expect(Self.steered(effects) == [])
        effects = harness.command("watts 2000")
        #expect(Harness.said(effects) == ["The smart trainer takes 25 to 1,000 watts."])
    }

    @Test func theMachinesHeartRateCountsOnlyWithoutAStrapAndIsSaidOnce() {
        var harness = Self.harness()
        let reading = MachineReading(type: .treadmill, speed: 2.5, heartRate: 131)
        var effects = harness.send(.motionSensor(.fitnessMachine, .sensorReading(.machine(reading))))
        #expect(Harness.said(effects) == ["Heart rate from the treadmill: no strap is connected."])
        effects = harness.send(.motionSensor(.fitnessMachine, .sensorReading(.machine(reading))))
        #expect(Harness.said(effects) == [])
        #expect(harness.core.training.workout?.engine.currentHeartRate(at: harness.now) == .beats(131))
        // A strap connected: the machine's heart rate is not taken.
        _ = harness.send(.sensor(.reading(HeartRateReading(beatsPerMinute: 150))))
        effects = harness.send(.motionSensor(.fitnessMachine, .sensorReading(.machine(reading))))
        #expect(harness.core.training.workout?.engine.currentHeartRate(at: harness.now) == .beats(150))
    }

    @Test func aTreadmillsSpeedDistanceAndInclineAreInTheReadout() {
        var harness = Self.harness()
        _ = harness.command("end")
        _ = harness.command("yes")
        harness.core.startWorkout(WorkoutConfiguration(sport: .running, metrics: [.pace, .distance], interval: .seconds30))
        var said: [String] = []
        for second in 1...30 {
            let reading = MachineReading(type: .treadmill, speed: 10 / 3.6, distance: Double(second) * 10 / 3.6, incline: 1.5)
            _ = harness.send(.motionSensor(.fitnessMachine, .sensorReading(.machine(reading))))
            said += Harness.said(harness.wait(1))
        }
        #expect(said == ["Pace, 6 minutes per kilometre.", "Distance, 0.08 kilometres.", "Incline, 1.5 percent."])
    }

    @Test func aMachineFoundInSettingsSensorsIsRememberedAsTheFitnessMachineAndConnected() {
        var harness = Harness()
        _ = harness.command("settings")
        _ = harness.command("sensors")
        var effects = harness.command("find footpods, bike sensors, power meters and fitness machines")
        #expect(effects.contains(.scanForMotionSensors(seconds: SensorsFeature.scanSeconds)))
        let found = FoundSensor(name: "Track 5", address: "C4:22:33:44:55:66", signal: -50, kind: .fitnessMachine)
        effects = harness.send(.sensorsFound([found]))
        #expect(Harness.said(effects).contains("1, Track 5, fitness machine, strong signal."), "\(Harness.said(effects))")
        effects = harness.command("1")
        #expect(effects.contains(.useMotionSensor(.fitnessMachine, "C4:22:33:44:55:66")))
        #expect(harness.core.settings.motionSensors[.fitnessMachine] == RememberedSensor(address: "C4:22:33:44:55:66", name: "Track 5"))
        let stored = try? JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(harness.core.settings))
        #expect(stored?.motionSensors[.fitnessMachine]?.name == "Track 5")
        // Connected and described, it is named by its kind.
        _ = harness.send(.motionSensor(.fitnessMachine, .machine(.described(Self.treadmill))))
        _ = harness.send(.motionSensor(.fitnessMachine, .connected(name: "Track 5")))
        _ = harness.startWorkout()
        _ = harness.send(.motionSensor(.fitnessMachine, .sensorReading(.machine(MachineReading(type: .treadmill, speed: 2)))))
        effects = harness.send(.motionSensor(.fitnessMachine, .disconnected))
        #expect(Harness.said(effects) == ["The treadmill is disconnected; use its own stop key."])
        effects = harness.send(.motionSensor(.fitnessMachine, .connected(name: "Track 5")))
        #expect(Harness.said(effects) == ["Treadmill connected."])
    }

    /// Faster and slower before any target was asked go from what the machine says it is set
    /// to; before it has said anything, that is said, and nothing is sent.
    @Test func fasterWithNoTargetGoesFromTheMachinesOwnSetting() {
        var harness = Self.harness()
        var effects = harness.command("faster")
        #expect(Harness.said(effects) == ["The treadmill has not said its setting yet."])
        #expect(Self.steered(effects) == [])
        _ = harness.send(.motionSensor(.fitnessMachine, .sensorReading(.machine(MachineReading(type: .treadmill, speed: 8 / 3.6)))))
        effects = harness.command("faster")
        #expect(Self.steered(effects) == [.set(.speed, 8.5)])
    }

    @Test func aRowersSplitAndStrokeRateAreAnswered() {
        var harness = Self.harness(MachineDescription(type: .rower), topSpeed: nil)
        var effects = harness.command("split")
        #expect(Harness.said(effects) == ["Split unknown: no rower says it."])
        effects = harness.command("stroke rate")
        #expect(Harness.said(effects) == ["Stroke rate unknown: no rower says it."])
        let reading = MachineReading(type: .rower, speed: 500 / 125, cadence: 27, power: 160, split: 125)
        _ = harness.send(.motionSensor(.fitnessMachine, .sensorReading(.machine(reading))))
        effects = harness.command("split")
        #expect(Harness.said(effects) == ["Split, 2 minutes and 5 seconds per 500 metres."])
        effects = harness.command("stroke rate")
        #expect(Harness.said(effects) == ["Stroke rate, 27 strokes per minute."])
        // Not steerable: nothing is sent.
        effects = harness.command("resistance 4")
        #expect(Self.steered(effects) == [])
        #expect(Harness.said(effects) == ["The rower cannot be steered."])
    }

    @Test func theTopSpeedIsSetOnAnyScreen() {
        var harness = Harness()
        let effects = harness.command("top speed 11.5")
        #expect(Harness.said(effects) == ["Top treadmill speed, 11.5 kilometres per hour."])
        #expect(harness.core.settings.treadmillTopSpeed == 11.5)
    }

    @Test func aTrainerLostIsSaidByItsKind() {
        var harness = Self.harness(Self.trainer, topSpeed: nil)
        let effects = harness.send(.motionSensor(.fitnessMachine, .disconnected))
        #expect(Harness.said(effects) == ["Smart trainer disconnected."])
    }

    @Test func settingsWrittenBeforeMachinesStillReadAndTheTopSpeedIsKept() throws {
        let old = #"{"autoPause":false,"units":"miles"}"#
        let settings = try JSONDecoder().decode(Settings.self, from: Data(old.utf8))
        #expect(settings.treadmillTopSpeed == nil && settings.machineSpeedStep == 0.5 && !settings.autoPause)
        var changed = settings
        let taken = changed.setTreadmillTopSpeed(13.26)
        let refused = changed.setTreadmillTopSpeed(45)
        #expect(taken && !refused)
        let again = try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(changed))
        #expect(again.treadmillTopSpeed == 13.3)
    }
}
