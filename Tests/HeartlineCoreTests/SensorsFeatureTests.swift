@testable import HeartlineCore
import Testing

/// The sensors' own state, driven on its own: what each event changes, and whether it is news.
struct SensorsFeatureTests {
    @Test func aStrapBackAfterADropOutIsNewsOnceAndDataIsAConnection() {
        var sensors = Sensors()
        var news: Bool
        news = sensors.strapConnected("Polar H10", awaited: false)
        #expect(!news)
        news = sensors.strapLost()
        #expect(news)
        news = sensors.strapLost()
        #expect(!news)
        news = sensors.strapSent(awaited: false)
        #expect(news)
        #expect(sensors.strap == .connected(name: ""))
        news = sensors.strapSent(awaited: false)
        #expect(!news)
        // Awaited by a workout that started without it: its first data is news.
        news = sensors.strapSent(awaited: true)
        #expect(news)
    }

    @Test func aProblemSaidMakesTheConnectionNewsAndIsForgottenByIt() {
        var sensors = Sensors()
        var news: Bool
        sensors.saidProblem = true
        news = sensors.strapConnected("Strap", awaited: false)
        #expect(news)
        #expect(!sensors.saidProblem)
        news = sensors.strapConnected("Strap", awaited: false)
        #expect(!news)
    }

    @Test func aLowBatteryAndPairingAreNewsOncePerRun() {
        var sensors = Sensors()
        var news: Bool
        news = sensors.battery(40, lowAt: 15)
        #expect(!news)
        news = sensors.battery(15, lowAt: 15)
        #expect(news)
        news = sensors.battery(10, lowAt: 15)
        #expect(!news)
        #expect(sensors.batteryLevel == 10)
        news = sensors.pairingAsked()
        #expect(news)
        news = sensors.pairingAsked()
        #expect(!news)
    }

    @Test func aMotionSensorIsNewsWhenBackOrArrivingDuringAWorkout() {
        var sensors = Sensors()
        var news: Bool
        // First heard at idle: no news; again during a workout: news.
        news = sensors.motionConnected(.footpod, name: "Stryd", duringWorkout: false)
        #expect(!news)
        news = sensors.motionConnected(.footpod, name: "Stryd", duringWorkout: true)
        #expect(news)
        news = sensors.motionLost(.footpod)
        #expect(news)
        news = sensors.motionLost(.footpod)
        #expect(!news)
        news = sensors.motionSent(.footpod)
        #expect(news)
        news = sensors.motionSent(.footpod)
        #expect(!news)
        news = sensors.motionLost(.powerMeter)
        #expect(!news)
    }
}

/// Settings, Sensors as a feature: each action started from the sensors' state and the
/// settings, its change of state and its steps asserted, with no root and no storage.
extension SensorsFeatureTests {
    typealias Store = FeatureStore<SensorsFeature>
    static let words = TestCatalogue.words
    static let polar = FoundSensor(name: "Polar H10", address: "AA:00", signal: -60)
    static let stryd = FoundSensor(name: "Stryd", address: "BB:00", signal: -90, kind: .footpod)
    static let scan = ["duration": words.duration(8)]

    static func remembering(strap: Bool = true, footpod: Bool = false, machine: Bool = false) -> Settings {
        var settings = Settings()
        if strap { settings.strap = RememberedSensor(address: polar.address, name: polar.name) }
        if footpod { settings.remember(RememberedSensor(address: stryd.address, name: stryd.name), as: .footpod) }
        if machine { settings.remember(RememberedSensor(address: "CC:00", name: "KICKR"), as: .fitnessMachine) }
        return settings
    }

    static func run(distance: Double?) -> WorkoutSummary {
        var summary = WorkoutSummary(
            id: 3, start: goldenStart, state: .saved, configuration: WorkoutConfiguration(sport: .running), duration: 1500)
        summary.distance = distance
        return summary
    }

    /// The search is said once it has begun, for the kind asked for; a scan that cannot begin
    /// says only its problem (the next test), never "Looking for" first.
    @Test func findingStrapsOrOtherSensorsIsSaidOnceTheScanBeganAndRemembersWhichOne() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .sensor)
        var steps = store.send(.findMotion) { $0.scanningMotion = true }
        #expect(steps == [.emit(.scanForMotionSensors(seconds: SensorsFeature.scanSeconds))])
        #expect(store.send(.started) == [.say(.answer, .sensorScanningOther, Self.scan)])
        steps = store.send(.find) { $0.scanningMotion = false }
        #expect(steps == [.emit(.scanForSensors(seconds: SensorsFeature.scanSeconds))])
        #expect(store.send(.started) == [.say(.answer, .sensorScanning, Self.scan)])
    }

    @Test func nothingFoundIsSaidForTheScanThatRanAndSomethingFoundIsListed() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .sensor)
        #expect(store.send(.found([])) == [.say(.answer, .sensorNoneFound)])
        store.state.scanningMotion = true
        #expect(store.send(.found([])) == [.say(.answer, .sensorNoneFoundOther)])
        #expect(store.send(.found([Self.polar, Self.stryd])) == [.push(.sensorChoice([Self.polar, Self.stryd]))])
    }

    @Test func aScanAnsweredAfterTheUserLeftSensorsIsNotSaid() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .settings)
        #expect(store.send(.found([Self.polar])).isEmpty)
        #expect(store.send(.found([])).isEmpty)
    }

    @Test func choosingAStrapRemembersItAndUsesIt() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .sensorChoice([Self.polar]))
        let steps = store.send(.choose(Self.polar))
        #expect(
            steps == [
                .saveSettings(Self.remembering()), .say(.answer, .sensorChosen, ["name": "Polar H10"]), .emit(.useSensor("AA:00")),
                .returnToPrevious,
            ])
    }

    @Test func choosingAFootpodRemembersItAsTheFootpodAndLeavesTheStrap() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), settings: Self.remembering(), screen: .sensorChoice([Self.stryd]))
        let steps = store.send(.choose(Self.stryd))
        #expect(store.settings == Self.remembering(footpod: true))
        #expect(Store.effects(steps) == [.useMotionSensor(.footpod, "BB:00")])
        #expect(steps.last == .returnToPrevious)
    }

    @Test func forgettingTheStrapLetsItGoAndSaysSensorsAgain() {
        var sensors = Sensors()
        sensors.strap = .connected(name: "Polar H10")
        var store = FeatureStore(SensorsFeature.self, state: sensors, settings: Self.remembering(footpod: true), screen: .sensor)
        let steps = store.send(.forget) { $0.strap = .absent }
        #expect(store.settings == Self.remembering(strap: false, footpod: true))
        #expect(Array(steps.dropFirst()) == [.say(.answer, .sensorForgotten), .emit(.useSensor(nil)), .replace(.sensor)])
    }

    @Test func forgettingAMotionSensorForgetsThatKindOnly() {
        var sensors = Sensors()
        sensors.motion[.footpod] = .connected(name: "Stryd")
        sensors.motion[.powerMeter] = .lost
        var store = FeatureStore(SensorsFeature.self, state: sensors, settings: Self.remembering(footpod: true), screen: .sensor)
        let steps = store.send(.forgetMotion(.footpod)) { $0.motion[.footpod] = nil }
        #expect(store.settings == Self.remembering())
        #expect(
            Array(steps.dropFirst()) == [
                .say(.answer, .sensorKindForgotten, ["sensor": Self.words(.sensorFootpodTitle)]), .emit(.useMotionSensor(.footpod, nil)),
                .replace(.sensor),
            ])
    }

    @Test func theRememberedStrapsMakerAndModelAreKeptInSilenceAndOnlyOnce() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), settings: Self.remembering())
        let steps = store.send(.identified(strap: "AA:00", manufacturer: "Polar", model: "H10"))
        #expect(Store.said(steps).isEmpty)
        #expect(store.settings.strap?.manufacturer == "Polar" && store.settings.strap?.model == "H10")
        // The same again, and another strap's, store nothing.
        #expect(store.send(.identified(strap: "AA:00", manufacturer: "Polar", model: "H10")).isEmpty)
        #expect(store.send(.identified(strap: "FF:00", manufacturer: "Garmin", model: "HRM-Pro")).isEmpty)
        var none = FeatureStore(SensorsFeature.self, state: Sensors())
        #expect(none.send(.identified(strap: "AA:00", manufacturer: "Polar", model: nil)).isEmpty)
    }

    @Test func theSensorsScreenSaysWhatIsRememberedThenItsItems() {
        var settings = Self.remembering(footpod: true)
        settings.strap?.manufacturer = "Polar"
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), settings: settings, screen: .sensor)
        #expect(
            store.send(.present) == [
                .say(.menu, .sensorRemembered, ["name": "Polar H10"]), .say(.menu, .sensorIdentityManufacturer, ["manufacturer": "Polar"]),
                .say(.menu, .sensorRememberedKind, ["kind": Self.words(.sensorFootpod), "name": "Stryd"]), .sayItems,
            ])
        store.settings = Settings()
        #expect(store.send(.present) == [.say(.menu, .sensorNoneRemembered), .sayItems])
    }

    @Test func theListOfThoseFoundSaysEachWithItsKindAndSignal() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .sensorChoice([Self.polar, Self.stryd]))
        let said = Store.said(store.send(.present))
        #expect(
            said == [
                Self.words(.sensorFound, ["number": "1", "name": "Polar H10", "signal": Self.words(.sensorSignalStrong)]),
                Self.words(
                    .sensorFound,
                    [
                        "number": "2", "name": Self.words(.sensorFoundKind, ["name": "Stryd", "kind": Self.words(.sensorFootpod)]),
                        "signal": Self.words(.sensorSignalWeak),
                    ]),
            ])
        let items = SensorsFeature.choiceItems([Self.polar, Self.stryd], store.state, store.environment)
        #expect(items.map(\.action) == [.chooseSensor(Self.polar), .chooseSensor(Self.stryd)])
    }

    @Test func theItemsOfferForgettingOnlyWhatIsRememberedAndTheMachinesLimitsOnlyWithOne() {
        let bare = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .sensor)
        #expect(
            SensorsFeature.items(bare.state, bare.environment).map(\.action) == [
                .findSensors, .findMotionSensors, .open(.calibrationEntry(nil)),
            ])
        let full = FeatureStore(
            SensorsFeature.self, state: Sensors(), settings: Self.remembering(footpod: true, machine: true), screen: .sensor)
        #expect(
            SensorsFeature.items(full.state, full.environment).map(\.action) == [
                .findSensors, .forgetSensor, .findMotionSensors, .forgetMotionSensor(.footpod), .forgetMotionSensor(.fitnessMachine),
                .open(.calibrationEntry(nil)), .open(.machineEntry(.topSpeed)), .open(.machineEntry(.speedStep)),
                .open(.machineEntry(.powerStep)),
            ])
        // A machine connected but not remembered offers its limits too.
        var connected = Sensors()
        connected.motion[.fitnessMachine] = .connected(name: "KICKR")
        let items = SensorsFeature.items(connected, bare.environment)
        #expect(items.suffix(3).map(\.state) == [Self.words(.valueNotSet), "0.5 kilometres per hour", "10 watts"].map(Optional.some))
    }

    @Test func aStrapsProblemIsSaidAndRememberedAsSaid() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors())
        let steps = store.send(.problem(.busy)) { $0.saidProblem = true }
        #expect(steps == [.say(.answer, .sensorProblemBusy)])
        // A scan's problem is the scan's, not the strap's.
        var scanning = FeatureStore(SensorsFeature.self, state: Sensors())
        #expect(scanning.send(.problem(.busy, scanning: true)) == [.say(.answer, .sensorProblemScanBusy)])
    }

    @Test func aScanForOtherSensorsThatCannotRunSaysNoSensorsCanBeFound() {
        var sensors = Sensors()
        sensors.scanningMotion = true
        var store = FeatureStore(SensorsFeature.self, state: sensors)
        #expect(store.send(.problem(.noAdapter, scanning: true)) == [.say(.answer, .sensorProblemScanOtherNoAdapter)])
        #expect(store.send(.problem(.busy, scanning: true)) == [.say(.answer, .sensorProblemScanBusy)])
    }

    @Test func anotherKindsProblemNamesItAndLeavesTheStrapAlone() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors())
        #expect(
            store.send(.problem(.unreachable, kind: .powerMeter)) == [
                .say(.answer, .sensorProblemKindTrying, ["sensor": Self.words(.sensorPower)])
            ])
        #expect(store.send(.problem(.blocked, kind: .powerMeter)) == [.say(.answer, .sensorProblemBlocked)])
    }

    @Test func aDeviceOfAnotherKindGivenAsTheStrapIsNamedAndTheStrapNoLongerAwaited() {
        var sensors = Sensors()
        sensors.strap = .waiting
        var store = FeatureStore(SensorsFeature.self, state: sensors)
        let steps = store.send(.problem(.otherKind(.footpod, taken: true))) { $0.strap = .absent }
        #expect(steps == [.say(.answer, .sensorProblemOtherKindTaken, ["found": Self.words(.sensorFootpod)])])
        // About a motion sensor's link, the strap stays as it is.
        store.state.strap = .waiting
        store.send(.problem(.otherKind(.heartRateStrap, taken: false), kind: .footpod))
        #expect(store.state.strap == .waiting)
    }

    @Test func aCalibrationInPercentIsStoredSaidAndLeavesTheEntry() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .calibrationEntry(nil))
        let steps = store.send(.enterCalibration("103 percent", nil))
        #expect(store.settings.footpodCalibration == 1.03)
        #expect(Array(steps.dropFirst()) == [.say(.answer, .calibrationChanged, ["factor": "103"]), .returnToPrevious])
        for refused in ["160", "abc", "49.9"] {
            #expect(store.send(.enterCalibration(refused, nil)) == [.refuse(.calibrationOutOfRange, [:])])
        }
        #expect(store.settings.footpodCalibration == 1.03)
    }

    @Test func aRunsRealDistanceSetsTheFactorThatWouldHaveSaidIt() {
        var settings = Settings()
        settings.setFootpodCalibration(1.02)
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), settings: settings)
        let steps = store.send(.enterCalibration("5 km", Self.run(distance: 4800)))
        #expect(store.settings.footpodCalibration == 1.063)
        #expect(steps.dropFirst().first == .say(.answer, .calibrateDone, ["factor": "106.3"]))
        #expect(store.send(.enterCalibration("far", Self.run(distance: 4800))) == [.refuse(.calibrateNotUnderstood, [:])])
        #expect(store.send(.enterCalibration("5 km", Self.run(distance: nil))) == [.say(.answer, .calibrateNoDistance)])
        // Twice the distance measured is outside the range: refused, the factor kept.
        #expect(store.send(.enterCalibration("10 km", Self.run(distance: 4800))) == [.refuse(.calibrationOutOfRange, [:])])
        #expect(store.settings.footpodCalibration == 1.063)
    }

    @Test func distancesAreReadWithTheirUnits() {
        #expect(SensorsFeature.parseDistance("5 km") == 5000)
        #expect(SensorsFeature.parseDistance("400m") == 400)
        #expect(SensorsFeature.parseDistance("3.1 miles") == 3.1 * DistanceUnit.miles.metres)
        #expect(SensorsFeature.parseDistance("5") == nil)
        #expect(SensorsFeature.parseDistance("0 km") == nil)
        #expect(SensorsFeature.parseDistance("5 furlongs") == nil)
    }

    @Test func aTopSpeedIsTakenInTheUsersUnitOrTheOneTyped() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .machineEntry(.topSpeed))
        var steps = store.send(.enterMachineValue("14", .topSpeed))
        #expect(store.settings.treadmillTopSpeed == 14)
        #expect(steps.dropFirst().first == .say(.answer, .machineTopSpeedSet, ["speed": Self.words.speed(14 / 3.6, in: .kilometres)]))
        #expect(steps.last == .returnToPrevious)
        store.settings.units = .miles
        steps = store.send(.enterMachineValue("10 km/h", .topSpeed))
        #expect(store.settings.treadmillTopSpeed == 10)
        steps = store.send(.enterMachineValue("5", .topSpeed))
        #expect(store.settings.treadmillTopSpeed == 8)
        #expect(steps.dropFirst().first == .say(.answer, .machineTopSpeedSet, ["speed": Self.words.speed(8 / 3.6, in: .miles)]))
    }

    @Test func aMachineValueThatIsNoNumberOrOutOfRangeIsRefusedAndNothingStored() {
        var store = FeatureStore(SensorsFeature.self, state: Sensors(), screen: .machineEntry(.powerStep))
        #expect(store.send(.enterMachineValue("fast", .topSpeed)) == [.refuse(.machineEntryNotANumber, [:])])
        #expect(store.send(.enterMachineValue("31", .topSpeed)) == [.refuse(.machineEntryInvalid, [:])])
        #expect(store.send(.enterMachineValue("500 watts", .powerStep)) == [.refuse(.machineEntryInvalid, [:])])
        #expect(store.settings == Settings())
        let steps = store.send(.enterMachineValue("25 watts", .powerStep))
        #expect(store.settings.machinePowerStep == 25)
        #expect(steps.dropFirst().first == .say(.answer, .machineStepSet, ["step": Self.words(.machinePowerValue, ["watts": "25"])]))
    }

    @Test func theMachineEntryAsksForTheRangeInTheUsersUnit() {
        var settings = Settings()
        #expect(SensorsFeature.question(for: .topSpeed, settings, Self.words).1["minimum"] == "1")
        settings.units = .miles
        let (prompt, values) = SensorsFeature.question(for: .topSpeed, settings, Self.words)
        #expect(prompt == .machineTopSpeedEntry)
        #expect(values["minimum"] == Self.words.decimal(0.7, decimals: 1))
        #expect(SensorsFeature.question(for: .powerStep, settings, Self.words).1 == ["minimum": "1", "maximum": "100"])
    }
}
