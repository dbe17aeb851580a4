import Foundation
@testable import HeartlineCore
import Testing

/// The sensors' own news through `SensorsFeature`'s `.heard`, from a state: what each event
/// changes, and what of it is said.
struct SensorsHeardTests {
    typealias Store = FeatureStore<SensorsFeature>

    static func heard(_ kind: SensorKind, _ event: SensorEvent, awaited: Bool = false, duringWorkout: Bool = true)
        -> SensorsFeature.Action
    {
        .heard(kind, event, awaited: awaited, duringWorkout: duringWorkout)
    }

    @Test func theStrapLostAndBackIsSaidOnceEach() {
        var store = Store(SensorsFeature.self, state: Sensors())
        #expect(store.send(Self.heard(.heartRateStrap, .connected(name: "HRM-Pro"))) { $0.strap = .connected(name: "HRM-Pro") }.isEmpty)
        #expect(store.send(Self.heard(.heartRateStrap, .disconnected)) { $0.strap = .lost } == [.say(.event, .eventSensorLost)])
        #expect(store.send(Self.heard(.heartRateStrap, .disconnected)).isEmpty)
        let reading = SensorEvent.reading(HeartRateReading(beatsPerMinute: 120))
        #expect(store.send(Self.heard(.heartRateStrap, reading)) { $0.strap = .connected(name: "") } == [.say(.event, .eventSensorBack)])
        #expect(store.send(Self.heard(.heartRateStrap, reading)).isEmpty)
        // Awaited by a workout that started without it, its data is news.
        #expect(store.send(Self.heard(.heartRateStrap, reading, awaited: true)) == [.say(.event, .eventSensorBack)])
    }

    @Test func aLowBatteryAndPairingAreSaidOnceARun() {
        var store = Store(SensorsFeature.self, state: Sensors())
        #expect(store.send(Self.heard(.heartRateStrap, .battery(80))) { $0.batteryLevel = 80 }.isEmpty)
        let low = SensorsFeature.batteryLowPercent
        var steps = store.send(Self.heard(.heartRateStrap, .battery(low))) { state in
            state.batteryLevel = low
            state.warnedBatteryLow = true
        }
        #expect(steps == [.say(.answer, .answerBatteryLow, ["percent": String(low)])])
        #expect(store.send(Self.heard(.heartRateStrap, .battery(low - 5))) { $0.batteryLevel = low - 5 }.isEmpty)
        steps = store.send(Self.heard(.heartRateStrap, .pairing)) { $0.saidPairing = true }
        #expect(steps == [.say(.notice, .sensorPairing)])
        #expect(store.send(Self.heard(.heartRateStrap, .pairing)).isEmpty)
    }

    @Test func anotherKindArrivingDuringAWorkoutIsNewsAndItsReadingsGoToItsKind() {
        var store = Store(SensorsFeature.self, state: Sensors())
        #expect(
            store.send(Self.heard(.footpod, .connected(name: "Stryd"), duringWorkout: false)) {
                $0.motion[.footpod] = .connected(name: "Stryd")
            }.isEmpty)
        var steps = store.send(Self.heard(.footpod, .disconnected)) { $0.motion[.footpod] = .lost }
        #expect(Store.said(steps) == ["Footpod disconnected."])
        // A reading that came through the strap is its own kind's: the footpod is back.
        let running = SensorReading.running(RunningReading(speed: 3, cadence: 170))
        steps = store.send(Self.heard(.heartRateStrap, .sensorReading(running))) { $0.motion[.footpod] = .connected(name: "") }
        #expect(Store.said(steps) == ["Footpod connected."])
    }

    @Test func aMachinesAnswersSetWhetherItIsControlledAndItsDropOutSaysHowToStopIt() {
        var store = Store(SensorsFeature.self, state: Sensors())
        let treadmill = MachineDescription(type: .treadmill, targets: [.speed: nil], steerable: true)
        store.send(Self.heard(.fitnessMachine, .machine(.described(treadmill)))) { $0.machine.description = treadmill }
        store.send(Self.heard(.fitnessMachine, .connected(name: "Track 5"))) { $0.motion[.fitnessMachine] = .connected(name: "Track 5") }
        var steps = store.send(Self.heard(.fitnessMachine, .machine(.answered(.start, .success)))) { $0.machine.controlled = true }
        #expect(Store.said(steps) == ["Treadmill started."])
        steps = store.send(Self.heard(.fitnessMachine, .machine(.answered(.set(.speed, 8), .success))))
        #expect(Store.said(steps) == ["Treadmill confirmed."])
        steps = store.send(Self.heard(.fitnessMachine, .machine(.controlLost))) { $0.machine.controlled = false }
        #expect(steps.count == 1)
        steps = store.send(Self.heard(.fitnessMachine, .disconnected)) { $0.motion[.fitnessMachine] = .lost }
        #expect(Store.said(steps) == ["The treadmill is disconnected; use its own stop key."])
    }
}
