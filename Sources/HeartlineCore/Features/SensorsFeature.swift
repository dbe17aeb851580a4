import Foundation

/// A fitness machine's limit the user sets in Settings, Sensors: typed as a value, a speed in the
/// units setting's unit (kilometres or miles per hour), a trainer's step in watts.
enum MachineSetting: CaseIterable, Equatable, Sendable {
    /// The fastest a treadmill is ever set to.
    case topSpeed
    /// How far a treadmill's faster and slower keys change its speed.
    case speedStep
    /// How far a trainer's faster and slower keys change its watts.
    case powerStep
}

/// Settings, Sensors: finding, choosing and forgetting the heart-rate strap and one sensor of
/// each other kind, the footpod's calibration and a fitness machine's limits, and what is said
/// when a sensor cannot work.
///
/// Its state is the sensors as far as the core knows, and their own news; their readings and
/// contact during a workout are the workout's.
enum SensorsFeature: Feature {
    static let scanSeconds = 8.0

    typealias State = Sensors

    enum Action: Sendable {
        /// The Sensors screen or the list of those found is entered or said again.
        case present
        /// The search is asked for; it is said once it has begun (`started`), and a problem
        /// instead when it cannot begin.
        case find
        case findMotion
        case started
        /// The scan's answer.
        case found([FoundSensor])
        case choose(FoundSensor)
        case forget
        case forgetMotion(SensorKind)
        /// What the strap says about itself: the remembered one's is kept, in silence.
        case identified(strap: String, manufacturer: String?, model: String?)
        /// A sensor that cannot work; `scanning`: the scan could not run.
        case problem(SensorProblem, scanning: Bool = false, kind: SensorKind = .heartRateStrap)
        /// A value typed on the calibration entry, from Settings or from a run's summary.
        case enterCalibration(String, WorkoutSummary?)
        case enterMachineValue(String, MachineSetting)
        /// A sensor's event, said when it is news (`SensorsFeature+Heard.swift`).
        case heard(SensorKind, SensorEvent, awaited: Bool, duringWorkout: Bool)
    }

    // MARK: - Items and names

    static func items(_ state: State, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        let settings = environment.settings
        var items = [MenuItem(label: words(.sensorFind), action: .findSensors)]
        if settings.strap != nil { items.append(MenuItem(label: words(.sensorForget), action: .forgetSensor)) }
        items.append(MenuItem(label: words(.sensorFindOther), action: .findMotionSensors))
        items += remembered(settings).map { kind, _ in
            MenuItem(label: words(.sensorForgetKind, ["kind": name(of: kind, state, words)]), action: .forgetMotionSensor(kind))
        }
        items.append(
            MenuItem(
                label: words(.settingsCalibration),
                state: words(.calibrationValue, ["factor": percent(settings.footpodCalibration, words)]),
                action: .open(.calibrationEntry(nil))))
        return items + machineItems(state, environment)
    }

    static func choiceItems(_ found: [FoundSensor], _ state: State, _ environment: FeatureEnvironment) -> [MenuItem] {
        found.map {
            MenuItem(label: foundLabel($0, state, environment.words), state: environment.words.signal($0.signal), action: .chooseSensor($0))
        }
    }

    /// The items for the machine's limits, once a fitness machine is remembered or connected.
    private static func machineItems(_ state: State, _ environment: FeatureEnvironment) -> [MenuItem] {
        guard environment.settings.motionSensors[.fitnessMachine] != nil || state.motion[.fitnessMachine] != nil else { return [] }
        return MachineSetting.allCases.map {
            MenuItem(
                label: label(of: $0, environment.words), state: value(of: $0, environment.settings, environment.words),
                action: .open(.machineEntry($0)))
        }
    }

    /// The remembered footpod, bike sensor, power meter and machine, in that order.
    static func remembered(_ settings: Settings) -> [(kind: SensorKind, sensor: RememberedSensor)] {
        Settings.motionKinds.compactMap { kind in settings.motionSensors[kind].map { (kind, $0) } }
    }

    /// A sensor kind's name within a sentence, and at its start.
    private static func prompts(_ kind: SensorKind) -> (name: Prompt, title: Prompt) {
        switch kind {
        case .footpod: (.sensorFootpod, .sensorFootpodTitle)
        case .cyclingSpeedCadence: (.sensorCycling, .sensorCyclingTitle)
        case .powerMeter: (.sensorPower, .sensorPowerTitle)
        case .heartRateStrap: (.sensorStrap, .sensorStrapTitle)
        case .fitnessMachine: (.sensorMachine, .sensorMachineTitle)
        }
    }

    /// The machine's name within a sentence ("treadmill") and at its start ("Treadmill").
    static func machineName(_ type: MachineType?, _ words: Words) -> (name: String, title: String) {
        switch type {
        case .treadmill: (words(.sensorTreadmill), words(.sensorTreadmillTitle))
        case .indoorBike: (words(.sensorIndoorBike), words(.sensorIndoorBikeTitle))
        case .rower: (words(.sensorRower), words(.sensorRowerTitle))
        case nil: (words(.sensorMachine), words(.sensorMachineTitle))
        }
    }

    /// A fitness machine is named by its kind once it has said what it is ("treadmill").
    static func name(of kind: SensorKind, _ state: State, _ words: Words) -> String {
        kind == .fitnessMachine ? machineName(state.machine.description?.type, words).name : words(prompts(kind).name)
    }

    static func title(of kind: SensorKind, _ state: State, _ words: Words) -> String {
        kind == .fitnessMachine ? machineName(state.machine.description?.type, words).title : words(prompts(kind).title)
    }

    /// "Footpod 7, footpod" in a scan's list; a strap is named alone.
    static func foundLabel(_ found: FoundSensor, _ state: State, _ words: Words) -> String {
        found.kind == .heartRateStrap
            ? found.name : words(.sensorFoundKind, ["name": found.name, "kind": name(of: found.kind, state, words)])
    }

    /// "Made by Garmin, model HRM-Pro.", or the half that is known; nil when neither is.
    static func identity(manufacturer: String?, model: String?) -> (Prompt, [String: String])? {
        switch (manufacturer, model) {
        case (let manufacturer?, let model?): (.sensorIdentity, ["manufacturer": manufacturer, "model": model])
        case (let manufacturer?, nil): (.sensorIdentityManufacturer, ["manufacturer": manufacturer])
        case (nil, let model?): (.sensorIdentityModel, ["model": model])
        case (nil, nil): nil
        }
    }

    /// A calibration factor as the percentage it is said in: "103", "98.5".
    static func percent(_ factor: Double, _ words: Words) -> String { words.decimal(factor * 100, decimals: 1) }

    static func label(of setting: MachineSetting, _ words: Words) -> String {
        switch setting {
        case .topSpeed: words(.settingsMachineTopSpeed)
        case .speedStep: words(.settingsMachineSpeedStep)
        case .powerStep: words(.settingsMachinePowerStep)
        }
    }

    /// The setting's value as its item says it: "12 kilometres per hour", "not set", "10 watts".
    static func value(of setting: MachineSetting, _ settings: Settings, _ words: Words) -> String {
        /// A speed in km/h, said in the user's unit with "per hour".
        func speed(_ kilometresPerHour: Double) -> String {
            words(.machineSpeedValue, ["speed": words.speed(kilometresPerHour / 3.6, in: settings.units)])
        }
        switch setting {
        case .topSpeed: return settings.treadmillTopSpeed.map(speed) ?? words(.valueNotSet)
        case .speedStep: return speed(settings.machineSpeedStep)
        case .powerStep: return words(.machinePowerValue, ["watts": words.decimal(settings.machinePowerStep, decimals: 0)])
        }
    }

    /// What the entry asks, with the range in the user's unit.
    static func question(for setting: MachineSetting, _ settings: Settings, _ words: Words) -> (Prompt, [String: String]) {
        let unit = settings.units
        // The range in the user's unit, to the tenth within it: every number said is taken.
        func speeds(_ range: ClosedRange<Double>) -> [String: String] {
            let perUnit = 1000 / unit.metres
            let lowest = (range.lowerBound * perUnit * 10).rounded(.up) / 10
            let highest = (range.upperBound * perUnit * 10).rounded(.down) / 10
            return ["minimum": words.decimal(lowest, decimals: 1), "maximum": words.speed(highest / perUnit / 3.6, in: unit)]
        }
        switch setting {
        case .topSpeed: return (.machineTopSpeedEntry, speeds(Settings.topSpeedRange))
        case .speedStep: return (.machineSpeedStepEntry, speeds(Settings.speedStepRange))
        case .powerStep:
            let range = Settings.powerStepRange
            return (
                .machinePowerStepEntry,
                ["minimum": words.decimal(range.lowerBound, decimals: 0), "maximum": words.decimal(range.upperBound, decimals: 0)]
            )
        }
    }

    // MARK: - Actions

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        switch action {
        case .present:
            return present(state, environment)
        case .find:
            state.scanningMotion = false
            return [.emit(.scanForSensors(seconds: scanSeconds))]
        case .findMotion:
            state.scanningMotion = true
            return [.emit(.scanForMotionSensors(seconds: scanSeconds))]
        case .started:
            let duration = ["duration": words.duration(Int(scanSeconds))]
            return [.say(.answer, state.scanningMotion ? .sensorScanningOther : .sensorScanning, duration)]
        case .found(let found):
            guard case .sensor = environment.screen else { return [] }
            guard !found.isEmpty else { return [.say(.answer, state.scanningMotion ? .sensorNoneFoundOther : .sensorNoneFound)] }
            return [.push(.sensorChoice(found))]
        case .choose(let found):
            let remembered = RememberedSensor(address: found.address, name: found.name)
            let strap = found.kind == .heartRateStrap
            return [
                environment.saving { if strap { $0.strap = remembered } else { $0.remember(remembered, as: found.kind) } },
                .say(.answer, .sensorChosen, ["name": found.name]),
                .emit(strap ? .useSensor(found.address) : .useMotionSensor(found.kind, found.address)), .returnToPrevious,
            ]
        case .forget:
            state.strap = .absent
            return [environment.saving { $0.strap = nil }, .say(.answer, .sensorForgotten), .emit(.useSensor(nil)), .replace(.sensor)]
        case .forgetMotion(let kind):
            state.motion[kind] = nil
            return [
                environment.saving { $0.remember(nil, as: kind) },
                .say(.answer, .sensorKindForgotten, ["sensor": title(of: kind, state, words)]), .emit(.useMotionSensor(kind, nil)),
                .replace(.sensor),
            ]
        case .identified(let strap, let manufacturer, let model):
            // Another strap's (one given with --sensor) is not kept; it is read on this screen.
            guard var remembered = environment.settings.strap, strap == remembered.address,
                remembered.manufacturer != manufacturer || remembered.model != model
            else { return [] }
            remembered.manufacturer = manufacturer
            remembered.model = model
            return [environment.saving { $0.strap = remembered }]
        case .problem(let problem, let scanning, let kind):
            return self.problem(problem, scanning: scanning, kind: kind, &state, words)
        case .enterCalibration(let text, let workout):
            return enterCalibration(text, workout: workout, environment)
        case .enterMachineValue(let text, let setting):
            return enterMachineValue(text, for: setting, environment)
        case .heard(let kind, let event, let awaited, let duringWorkout):
            return heard(kind, event, awaited: awaited, duringWorkout: duringWorkout, &state, environment)
        }
    }

    private static func present(_ state: State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        if case .sensorChoice(let found) = environment.screen {
            return found.enumerated().map { index, sensor in
                .say(
                    .menu, .sensorFound,
                    ["number": String(index + 1), "name": foundLabel(sensor, state, words), "signal": words.signal(sensor.signal)])
            }
        }
        var steps: [FeatureStep]
        if let strap = environment.settings.strap {
            steps = [.say(.menu, .sensorRemembered, ["name": strap.name])]
            if let (prompt, values) = identity(manufacturer: strap.manufacturer, model: strap.model) {
                steps.append(.say(.menu, prompt, values))
            }
        } else {
            steps = [.say(.menu, .sensorNoneRemembered)]
        }
        steps += remembered(environment.settings).map { kind, sensor in
            .say(.menu, .sensorRememberedKind, ["kind": name(of: kind, state, words), "name": sensor.name])
        }
        return steps + [.sayItems]
    }

    /// One sentence for a sensor that cannot work, true to what the source does: it keeps
    /// trying, or Heartline goes on without it. `kind` is the sensor the problem is about.
    private static func problem(_ problem: SensorProblem, scanning: Bool, kind: SensorKind, _ state: inout State, _ words: Words)
        -> [FeatureStep]
    {
        if case .otherKind(let found, let taken) = problem {
            // Named by what it is; a strap given in its place was never this link's to wait for.
            if kind == .heartRateStrap { state.strap = .absent }
            return [
                .say(.answer, taken ? .sensorProblemOtherKindTaken : .sensorProblemOtherKindKept, ["found": name(of: found, state, words)])
            ]
        }
        if !scanning, kind == .heartRateStrap { state.saidProblem = true }
        if scanning, state.scanningMotion {
            switch problem {
            case .noAdapter: return [.say(.answer, .sensorProblemScanOtherNoAdapter)]
            case .permissionDenied: return [.say(.answer, .sensorProblemScanOtherPermission)]
            case .busy, .adapterBusy, .unreachable, .blocked, .other, .otherKind: break
            }
        }
        if kind != .heartRateStrap, !scanning {
            let sensor = ["sensor": name(of: kind, state, words)]
            switch problem {
            case .noAdapter: return [.say(.answer, .sensorProblemKindNoAdapter, sensor)]
            case .permissionDenied: return [.say(.answer, .sensorProblemKindPermission, sensor)]
            case .busy, .unreachable, .other: return [.say(.answer, .sensorProblemKindTrying, sensor)]
            case .adapterBusy, .blocked, .otherKind: break
            }
        }
        let prompt: Prompt? =
            switch problem {
            case .noAdapter: .sensorProblemNoAdapter
            case .permissionDenied: .sensorProblemPermission
            case .busy: scanning ? .sensorProblemScanBusy : .sensorProblemBusy
            case .adapterBusy: scanning ? .sensorProblemScanAdapterBusy : .sensorProblemAdapterBusy
            case .unreachable: .sensorProblemUnreachable
            case .blocked: .sensorProblemBlocked
            case .other: .sensorProblemOther
            case .otherKind: nil
            }
        return prompt.map { [.say(.answer, $0)] } ?? []
    }

    /// A typed calibration: a percentage (50 to 150), or from a run's summary the distance
    /// really covered, which sets the factor that would have made the footpod say it.
    private static func enterCalibration(_ text: String, workout: WorkoutSummary?, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let factor: Double
        if let workout {
            guard let real = parseDistance(text) else { return [.refuse(.calibrateNotUnderstood, [:])] }
            guard let measured = workout.distance, measured > 0 else { return [.say(.answer, .calibrateNoDistance)] }
            factor = environment.settings.footpodCalibration * real / measured
        } else {
            guard let typed = Double(text.replacingOccurrences(of: "percent", with: "").trimmingCharacters(in: .whitespaces)) else {
                return [.refuse(.calibrationOutOfRange, [:])]
            }
            factor = typed / 100
        }
        var changed = environment.settings
        guard changed.setFootpodCalibration(factor) else { return [.refuse(.calibrationOutOfRange, [:])] }
        return [
            .saveSettings(changed),
            .say(
                .answer, workout == nil ? .calibrationChanged : .calibrateDone,
                ["factor": percent(changed.footpodCalibration, environment.words)]),
            .returnToPrevious,
        ]
    }

    /// "5 km", "400 m", "3.1 miles", "5 kilometres": metres, or nil.
    static func parseDistance(_ text: String) -> Double? {
        let parts = text.lowercased().split(whereSeparator: { $0 == " " })
        var number: Double?
        var unit = ""
        if parts.count == 2 {
            number = Double(parts[0])
            unit = String(parts[1])
        } else if parts.count == 1, let index = parts[0].firstIndex(where: \.isLetter) {
            number = Double(parts[0][..<index])
            unit = String(parts[0][index...])
        }
        guard let number, number > 0 else { return nil }
        switch unit {
        case "km", "kilometre", "kilometres", "kilometer", "kilometers": return number * 1000
        case "m", "metre", "metres", "meter", "meters": return number
        case "mi", "mile", "miles": return number * DistanceUnit.miles.metres
        default: return nil
        }
    }

    /// A typed limit: a number, its unit words allowed ("12", "12 km/h", "7.5 mph", "20 watts");
    /// a speed without a unit is in the user's. Out of range or not a number: refused, and asked again.
    private static func enterMachineValue(_ text: String, for setting: MachineSetting, _ environment: FeatureEnvironment)
        -> [FeatureStep]
    {
        let words = environment.words
        let typed = text.lowercased()
        let kilometres = ["kilometres per hour", "kilometers per hour", "km/h", "kmh", "kph"]
        let miles = ["miles per hour", "mph"]
        let unit: DistanceUnit =
            kilometres.contains(where: typed.hasSuffix)
            ? .kilometres : miles.contains(where: typed.hasSuffix) ? .miles : environment.settings.units
        guard let number = Double(CommandText.withoutUnit(typed, kilometres + miles + ["watts", "watt", "w"])), number.isFinite else {
            return [.refuse(.machineEntryNotANumber, [:])]
        }
        var changed = environment.settings
        let kilometresPerHour = number * unit.metres / 1000
        let fits =
            switch setting {
            case .topSpeed: changed.setTreadmillTopSpeed(kilometresPerHour)
            case .speedStep: changed.setMachineSpeedStep(kilometresPerHour)
            case .powerStep: changed.setMachinePowerStep(number)
            }
        guard fits else { return [.refuse(.machineEntryInvalid, [:])] }
        let said: FeatureStep =
            switch setting {
            case .topSpeed: .say(.answer, .machineTopSpeedSet, ["speed": words.speed(changed.treadmillTopSpeed! / 3.6, in: changed.units)])
            case .speedStep, .powerStep: .say(.answer, .machineStepSet, ["step": value(of: setting, changed, words)])
            }
        return [.saveSettings(changed), said, .returnToPrevious]
    }
}
