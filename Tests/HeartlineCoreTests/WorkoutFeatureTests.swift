import Foundation
@testable import HeartlineCore
import Testing

/// The workout as a feature on its own: started, paused, ended, fed time and readings, asked its
/// keys and the machine's commands, from a state and with no root and no storage.
struct WorkoutFeatureTests {
    typealias Store = FeatureStore<WorkoutFeature>

    static let treadmill = MachineDescription(
        type: .treadmill, targets: [.speed: MachineRange(minimum: 0.5, maximum: 18, step: 0.1)], steerable: true)

    /// A store on the workout screen with a workout started at the golden start, the strap
    /// connected unless `strap` says otherwise, and `machine` connected when given.
    static func recording(
        _ configuration: WorkoutConfiguration = WorkoutConfiguration(), strap: SensorStatus = .connected(name: "HRM-Pro"),
        machine: MachineDescription? = nil
    ) -> Store {
        var store = Store(WorkoutFeature.self, state: Training(), screen: .workout, strap: strap)
        store.sensors.strap = strap
        if let machine {
            store.sensors.machine.description = machine
            store.sensors.motion[.fitnessMachine] = .connected(name: "Track 5")
        }
        _ = WorkoutFeature.reduce(&store.state, .start(configuration), store.environment)
        return store
    }

    /// The engine moved on to `now` and its seconds kept as the last minute's, as the workout
    /// records them; the seconds recorded.
    @discardableResult
    static func advanced(_ state: inout Training, to now: Date) -> [Sample] {
        let samples = state.workout!.engine.advance(to: now).samples
        state.workout!.recent = Array((state.workout!.recent + samples).suffix(ActiveWorkout.recentSeconds))
        for sample in samples { state.workout!.countLap(sample) }
        return samples
    }

    // MARK: - Start

    @Test func aStartTakesTheNextIdWritesItAndSaysTheStrapIsMissing() {
        var store = Store(WorkoutFeature.self, state: Training(), screen: .configure(.sport, Draft()))
        store.nextWorkoutID = 7
        let configuration = WorkoutConfiguration(sport: .running)
        let steps = store.send(.start(configuration)) { state in
            let engine = WorkoutEngine(start: goldenStart, configuration: configuration, calories: CalorieModel(profile: Profile()))
            state.workout = ActiveWorkout(id: 7, engine: engine, zone: nil, plan: nil, contact: ContactWatch(isEnabled: true))
            state.saidNoStrap = true
        }
        #expect(
            steps == [
                .began(id: 7, configuration), .emit(.store(.begin(id: 7, start: goldenStart, configuration: configuration))),
                .startOver(.workout, present: false), .say(.answer, .workoutStarted), .say(.answer, .workoutNoStrap),
                .emit(.sensorWanted(true)),
            ])
        #expect(store.nextWorkoutID == 8)
        #expect(store.screen == .workout)
    }

    @Test func aStartWithTheStrapSaysNothingOfItAndEndsTheRecoveryWatch() {
        var store = Store(WorkoutFeature.self, state: Training(), strap: .connected(name: "HRM-Pro"))
        store.state.recovery = RecoveryWatch(id: 3, endedAt: goldenStart, recovery: HeartRateRecovery(lastSeconds: []))
        let steps = store.send(.start(WorkoutConfiguration())) { state in
            state.recovery = nil
            let engine = WorkoutEngine(
                start: goldenStart, configuration: WorkoutConfiguration(), calories: CalorieModel(profile: Profile()))
            state.workout = ActiveWorkout(id: 1, engine: engine, zone: nil, plan: nil, contact: ContactWatch(isEnabled: true))
        }
        // The strap stays wanted: the new workout needs it.
        #expect(!steps.contains(.emit(.sensorWanted(false))))
        #expect(!steps.contains(.say(.answer, .workoutNoStrap)))
        #expect(steps.last == .emit(.sensorWanted(true)))
    }

    // MARK: - Keys

    @Test func aWorkoutKeyOffTheWorkoutScreenIsRefused() {
        var store = Self.recording()
        store.screen = .home
        #expect(store.send(.command(.time)) == [.say(.answer, .workoutOnly)])
        var idle = Store(WorkoutFeature.self, state: Training(), screen: .workout)
        #expect(idle.send(.command(.heartRate)) == [.say(.answer, .workoutOnly)])
    }

    @Test func theTimeOfAPausedWorkoutSaysSinceWhen() {
        var store = Self.recording()
        store.now = goldenStart.addingTimeInterval(20)
        store.send(.command(.pause)) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(20))
            state.workout!.engine.pause(at: goldenStart.addingTimeInterval(20))
            state.workout!.pausedAt = goldenStart.addingTimeInterval(20)
        }
        #expect(Store.said(store.send(.command(.time))) == ["Time elapsed, 20 seconds.", "Paused just now."])
        store.now = goldenStart.addingTimeInterval(25)
        #expect(Store.said(store.send(.command(.time))) == ["Time elapsed, 20 seconds.", "Paused for 5 seconds."])
        #expect(Store.said(store.send(.present)) == ["Paused for 5 seconds."])
    }

    @Test func pauseAndResumeEachSayTheirStateAndRefuseTwice() {
        var store = Self.recording()
        store.now = goldenStart.addingTimeInterval(3)
        var steps = store.send(.command(.pause)) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(3))
            state.workout!.engine.pause(at: goldenStart.addingTimeInterval(3))
            state.workout!.pausedAt = goldenStart.addingTimeInterval(3)
        }
        #expect(steps.contains(.emit(.store(.flush))))
        #expect(steps.last == .say(.answer, .workoutPaused))
        #expect(store.send(.command(.pause)) == [.say(.answer, .workoutAlreadyPaused)])
        store.now = goldenStart.addingTimeInterval(9)
        steps = store.send(.command(.pauseOrResume)) { state in
            state.workout!.engine.resume(at: goldenStart.addingTimeInterval(9))
            state.workout!.pausedAt = nil
        }
        #expect(steps == [.say(.answer, .workoutResumed)])
        #expect(store.send(.command(.resume)) == [.say(.answer, .workoutAlreadyRunning)])
        #expect(Store.said(store.send(.present)).isEmpty)
    }

    @Test func theEndKeyAsksFirstAndNoKeepsTheWorkoutAsItWas() {
        var store = Self.recording()
        #expect(store.send(.command(.end)) == [.ask(.endWorkout(quitting: false))])
        #expect(store.screen == .question(.endWorkout(quitting: false)))
        #expect(store.send(.keep) == [.leave(screens: 1, showing: false), .say(.answer, .workoutContinues)])
        store.screen = .workout
        store.send(.command(.pause)) { state in
            state.workout!.engine.pause(at: goldenStart)
            state.workout!.pausedAt = goldenStart
        }
        #expect(store.send(.keep) == [.leave(screens: 1, showing: false), .say(.answer, .workoutContinuesPaused)])
    }

    @Test func theBatteryZoneAndPlanSayWhatIsNotKnown() {
        var store = Self.recording()
        #expect(store.send(.command(.battery)) == [.say(.answer, .answerBatteryUnknown), .emit(.requestBattery)])
        store.sensors.batteryLevel = 40
        #expect(Store.said(store.send(.command(.battery))) == ["Heart rate strap battery, 40 percent."])
        #expect(store.send(.command(.zone)) == [.say(.answer, .answerZoneNone)])
        #expect(store.send(.command(.plan)) == [.say(.answer, .answerPlanNone)])
        #expect(store.send(.command(.heartRateVariability)) == [.say(.answer, .answerHrvUnknown)])
    }

    @Test func aLapEndsTheOneRunningAndAPressInTheSameSecondReadsItAgain() {
        var store = Self.recording()
        store.now = goldenStart.addingTimeInterval(10)
        var steps = store.send(.command(.lap)) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(10))
            state.workout!.endedLap = (ActiveWorkout.Lap(number: 1, start: 0), 10)
            state.workout!.lap = ActiveWorkout.Lap(number: 2, start: 10)
            state.workout!.lapMarks = [10]
        }
        #expect(Store.said(steps) == ["Lap 1, 10 seconds.", "Lap 1 average heart rate unknown."])
        #expect(steps.contains { if case .emit(.store(.summary)) = $0 { true } else { false } })
        // Lap 2 has not run a second: the lap that ended is read again, not a lap of 0 seconds.
        steps = store.send(.command(.lap))
        #expect(Store.said(steps) == ["Lap 1, 10 seconds.", "Lap 1 average heart rate unknown."])
        #expect(Store.effects(steps).isEmpty)
    }

    // MARK: - Where and events

    @Test func whereSaysWhoPausedAndTheStrapThatIsNotThere() {
        var store = Self.recording(strap: .absent)
        store.send(.command(.pause)) { state in
            state.workout!.engine.pause(at: goldenStart)
            state.workout!.pausedAt = goldenStart
        }
        #expect(
            store.send(.whereAmI) == [.say(.answer, .wherePausedYou), .say(.answer, .workoutPausedNow), .say(.answer, .whereStrapAbsent)])
        store.screen = .question(.endWorkout(quitting: false))
        #expect(store.send(.whereAmI).isEmpty)
    }

    @Test func eventsAreSaidNewestFirstWithHowLongAgo() {
        var store = Self.recording()
        #expect(store.send(.events) == [.say(.answer, .eventsNone)])
        store.events = [
            (goldenStart.addingTimeInterval(-5), "Strap connected again."), (goldenStart.addingTimeInterval(-65), "Above zone."),
        ]
        #expect(
            Store.said(store.send(.events)) == [
                "2 recent announcements, newest first.", "5 seconds ago. Strap connected again.", "1 minute and 5 seconds ago. Above zone.",
            ])
    }

    // MARK: - Time

    @Test func aTickWritesTheSecondsRecorded() {
        var store = Self.recording()
        store.now = goldenStart.addingTimeInterval(3)
        var samples: [Sample] = []
        let steps = store.send(.tick) { samples = Self.advanced(&$0, to: goldenStart.addingTimeInterval(3)) }
        #expect(samples.count == 3)
        #expect(steps == [.emit(.store(.append(samples, workout: 1)))])
        // Nothing new to record, nothing to say: no steps at all.
        #expect(store.send(.tick).isEmpty)
        var idle = Store(WorkoutFeature.self, state: Training())
        #expect(idle.send(.tick).isEmpty)
    }

    @Test func aReadoutWaitsForATypedLineWhileFreshThenIsDropped() {
        var store = Self.recording(WorkoutConfiguration(metrics: [.time], interval: .seconds30))
        store.typingLine = true
        store.now = goldenStart.addingTimeInterval(30)
        var steps = store.send(.tick) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(30))
            state.pendingReadout = goldenStart.addingTimeInterval(30)
        }
        #expect(Store.said(steps).isEmpty)
        store.typingLine = false
        store.now = goldenStart.addingTimeInterval(32)
        steps = store.send(.tick) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(32))
            state.pendingReadout = nil
        }
        #expect(steps.contains(.say(.readout, .answerTime, ["duration": "32 seconds"])))

        // One that waited longer than it stays fresh is not said.
        store.typingLine = true
        store.now = goldenStart.addingTimeInterval(60)
        store.send(.tick) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(60))
            state.pendingReadout = goldenStart.addingTimeInterval(60)
        }
        store.typingLine = false
        store.now = goldenStart.addingTimeInterval(64)
        steps = store.send(.tick) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(64))
            state.pendingReadout = nil
        }
        #expect(Store.said(steps).isEmpty)
    }

    // MARK: - The end and the recovery

    @Test func theEndStopsTheClockWritesTheWorkoutAndShowsItsSummary() {
        var store = Self.recording()
        store.screen = .question(.endWorkout(quitting: true))
        store.now = goldenStart.addingTimeInterval(2)
        var ended: WorkoutSummary?
        let steps = store.send(.end(quitting: true)) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(2))
            state.workout!.engine.pause(at: goldenStart.addingTimeInterval(2))
            ended = state.workout!.summary(.ended)
            state.recovery = RecoveryWatch(
                id: 1, endedAt: goldenStart.addingTimeInterval(2), recovery: HeartRateRecovery(lastSeconds: state.workout!.recent))
            state.workout = nil
        }
        guard let ended else { return }
        #expect(
            Array(steps.suffix(3)) == [
                .emit(.store(.summary(ended))), .emit(.store(.flush)), .startOver(.summary(ended, quitting: true), present: true),
            ])
        // Answered twice, the end finds no workout.
        #expect(store.send(.end(quitting: true)).isEmpty)
    }

    @Test func theRecoveryIsSaidAtEachMarkThenTheStrapIsLetGo() {
        let ended = goldenStart
        let last = (0..<10).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 150) }
        var store = Store(
            WorkoutFeature.self,
            state: Training(recovery: RecoveryWatch(id: 4, endedAt: ended, recovery: HeartRateRecovery(lastSeconds: last))))
        store.now = ended.addingTimeInterval(55)
        store.send(.heard(.heartRateStrap, .reading(HeartRateReading(beatsPerMinute: 120)))) { state in
            state.recovery!.lastReading = RecoveryWatch.Reading(heartRate: 120, at: ended.addingTimeInterval(55))
        }
        // No mark passed: nothing said, nothing written.
        #expect(store.send(.watchRecovery).isEmpty)
        store.now = ended.addingTimeInterval(60)
        var drops = HeartRateRecovery(lastSeconds: last)
        _ = drops.measured(120, secondsAfterEnd: 60)
        var steps = store.send(.watchRecovery) { state in
            state.recovery!.measured = 1
            state.recovery!.recovery = drops
        }
        #expect(
            steps == [
                .say(.notice, .recoveryDrop, ["minutes": "1 minute", "bpm": "30 beats per minute"]),
                .recovered(workout: 4, drops: drops.drops), .emit(.store(.recovery(workout: 4, drops: drops.drops))),
            ])
        // The strap fell quiet: the second mark is unknown, and the watch ends.
        store.now = ended.addingTimeInterval(120)
        steps = store.send(.watchRecovery) { $0.recovery = nil }
        #expect(Store.said(steps) == ["Heart rate recovery, 2 minutes: unknown, the strap was quiet."])
        #expect(steps.last == .emit(.sensorWanted(false)))
    }

    @Test func theInputEndingWritesTheWorkoutAsItStands() {
        var store = Self.recording()
        store.now = goldenStart.addingTimeInterval(1)
        var summary: WorkoutSummary?
        let steps = store.send(.shutdown) { state in
            Self.advanced(&state, to: goldenStart.addingTimeInterval(1))
            summary = state.workout!.summary(.recording)
        }
        #expect(Array(steps.suffix(2)) == [.emit(.store(.summary(summary!))), .emit(.store(.flush))])
        var idle = Store(WorkoutFeature.self, state: Training())
        #expect(idle.send(.shutdown) == [.emit(.store(.flush))])
    }

    // MARK: - Sensors

    @Test func theStrapsFirstReadingEndsTheWaitForIt() {
        var store = Self.recording(strap: .absent)
        #expect(store.state.awaitsStrap)
        let steps = store.send(.heard(.heartRateStrap, .reading(HeartRateReading(beatsPerMinute: 120)))) { $0.saidNoStrap = false }
        #expect(steps.isEmpty)
    }

    @Test func aMachinesHeartRateStandsInOnceForTheStrapUntilItDropsOut() {
        var store = Self.recording(strap: .absent, machine: Self.treadmill)
        let reading = SensorEvent.sensorReading(.machine(MachineReading(type: .treadmill, speed: 2.5, heartRate: 131)))
        var steps = store.send(.heard(.fitnessMachine, reading)) { $0.machine.saidHeartRate = true }
        #expect(Store.said(steps) == ["Heart rate from the treadmill: no strap is connected."])
        steps = store.send(.heard(.fitnessMachine, reading))
        #expect(steps.isEmpty)
        // Dropping out while connected, its heart rate is news again when it is back.
        store.send(.heard(.fitnessMachine, .disconnected)) { $0.machine.saidHeartRate = false }
        store.send(.heard(.fitnessMachine, reading)) { $0.machine.saidHeartRate = true }
        // A drop-out of a machine not connected changes nothing.
        store.sensors.motion[.fitnessMachine] = .lost
        store.send(.heard(.fitnessMachine, .disconnected))
    }

    @Test func withTheStrapConnectedAMachinesHeartRateIsNotTaken() {
        var store = Self.recording(machine: Self.treadmill)
        let reading = SensorEvent.sensorReading(.machine(MachineReading(type: .treadmill, speed: 2.5, heartRate: 131)))
        #expect(store.send(.heard(.fitnessMachine, reading)).isEmpty)
    }

    // MARK: - The machine

    @Test func typedMachineCommandsAreReadOnlyWhereTheyWork() {
        #expect(WorkoutFeature.typed("top speed 14", onWorkout: false, TestCatalogue.words) == .topSpeed(14))
        #expect(WorkoutFeature.typed("step fast", onWorkout: false, TestCatalogue.words) == .step(nil))
        #expect(WorkoutFeature.typed("speed 10", onWorkout: false, TestCatalogue.words) == nil)
        #expect(WorkoutFeature.typed("speed 10", onWorkout: true, TestCatalogue.words) == .set(.speed, 10))
        #expect(WorkoutFeature.typed("speed fast", onWorkout: true, TestCatalogue.words) == .notANumber)
        #expect(WorkoutFeature.typed("stop treadmill", onWorkout: true, TestCatalogue.words) == .stop)
        #expect(WorkoutFeature.typed("jump machine", onWorkout: true, TestCatalogue.words) == nil)
        #expect(WorkoutFeature.typed("strokes", onWorkout: true, TestCatalogue.words) == .rowing(split: false))
        #expect(WorkoutFeature.typed("hello", onWorkout: true, TestCatalogue.words) == nil)
    }

    @Test func theTopSpeedAndTheStepAreStoredOrRefused() {
        var store = Store(WorkoutFeature.self, state: Training())
        var steps = store.send(.typed(.topSpeed(14)))
        #expect(store.settings.treadmillTopSpeed == 14)
        #expect(Store.said(steps) == ["Top treadmill speed, 14 kilometres per hour."])
        steps = store.send(.typed(.topSpeed(99)))
        #expect(steps == [.say(.answer, .machineTopSpeedInvalid)])
        steps = store.send(.typed(.step(nil)))
        #expect(steps == [.say(.answer, .machineStepInvalid)])
        steps = store.send(.typed(.step(0.5)))
        #expect(store.settings.machineSpeedStep == 0.5)
        #expect(Store.said(steps) == ["Step for faster and slower, 0.5 kilometres per hour."])
    }

    @Test func theMachineIsSteeredWithinTheTopSpeedAndItsRange() {
        var store = Store(WorkoutFeature.self, state: Training())
        #expect(store.send(.typed(.set(.speed, 10))) == [.say(.answer, .machineNone)])
        store = Self.recording(machine: Self.treadmill)
        #expect(store.send(.typed(.set(.speed, 10))) == [.say(.answer, .machineTopSpeedAsk)])
        store.settings.setTreadmillTopSpeed(14)
        #expect(
            Store.said(store.send(.typed(.set(.speed, 15)))) == [
                "15 kilometres per hour is above your top speed of 14 kilometres per hour."
            ])
        #expect(Store.effects(store.send(.typed(.set(.speed, 0.1)))).isEmpty)
        #expect(store.send(.typed(.set(.incline, 2))).count == 1)
        var steps = store.send(.typed(.set(.speed, 10))) { $0.machine.targets[.speed] = 10 }
        #expect(Store.effects(steps) == [.steerMachine(.set(.speed, 10))])
        // Faster goes from the last target asked, by the step.
        steps = store.send(.command(.faster)) { $0.machine.targets[.speed] = 10.5 }
        #expect(Store.effects(steps) == [.steerMachine(.set(.speed, 10.5))])
        #expect(store.send(.typed(.notANumber)) == [.say(.answer, .machineNotUnderstood)])
    }

    @Test func thePauseAndTheEndStopOnlyAMachineThatGrantedControl() {
        var store = Self.recording(machine: Self.treadmill)
        var steps = store.send(.command(.pause)) { state in
            state.workout!.engine.pause(at: goldenStart)
            state.workout!.pausedAt = goldenStart
        }
        #expect(!Store.effects(steps).contains(.steerMachine(.pause)))
        store.sensors.machine.controlled = true
        steps = store.send(.command(.resume)) { state in
            state.workout!.engine.resume(at: goldenStart)
            state.workout!.pausedAt = nil
            state.machine.leftPaused = true
        }
        #expect(Store.said(steps) == ["Workout resumed.", "The treadmill stays paused; type start machine to start it."])
        steps = store.send(.command(.pause)) { state in
            state.workout!.engine.pause(at: goldenStart)
            state.workout!.pausedAt = goldenStart
        }
        #expect(Store.effects(steps).contains(.steerMachine(.pause)))
    }
}
