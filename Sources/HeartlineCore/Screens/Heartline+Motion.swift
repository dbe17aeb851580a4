import Foundation

/// Pace, speed, distance, cadence and power: the answers, the readouts by distance, and the
/// sensors that give them, each connecting and dropping out on its own.
extension Heartline {
    var distanceUnit: DistanceUnit { settings.units }

    /// The footpod's calibration factor (1.03): its distances and speeds are multiplied by it.
    var footpodCalibration: Double { settings.footpodCalibration }

    /// The sensor kind that gives `metric` in `sport`, for saying which one is missing.
    static func source(of metric: Metric, in sport: Sport) -> SensorKind {
        switch (metric, sport) {
        case (.power, _): .powerMeter
        case (_, .running): .footpod
        case (_, .rowing): .fitnessMachine
        default: .cyclingSpeedCadence
        }
    }

    /// A sensor kind's name within a sentence, and at its start.
    private static func sensorPrompts(_ kind: SensorKind) -> (name: Prompt, title: Prompt) {
        switch kind {
        case .footpod: (.sensorFootpod, .sensorFootpodTitle)
        case .cyclingSpeedCadence: (.sensorCycling, .sensorCyclingTitle)
        case .powerMeter: (.sensorPower, .sensorPowerTitle)
        case .heartRateStrap: (.sensorStrap, .sensorStrapTitle)
        case .fitnessMachine: (.sensorMachine, .sensorMachineTitle)
        }
    }

    /// A fitness machine is named by its kind once it has said what it is ("treadmill").
    func sensorName(_ kind: SensorKind) -> String {
        kind == .fitnessMachine ? machineName(machineType).name : words(Self.sensorPrompts(kind).name)
    }

    func sensorTitle(_ kind: SensorKind) -> String {
        kind == .fitnessMachine ? machineName(machineType).title : words(Self.sensorPrompts(kind).title)
    }

    mutating func motionSensorEvent(_ kind: SensorKind, _ event: SensorEvent) {
        guard kind != .heartRateStrap else { return sensorEvent(event) }
        let title = ["sensor": sensorTitle(kind)]
        switch event {
        case .connected(let name):
            if sensors.motionConnected(kind, name: name, duringWorkout: training.workout != nil) {
                say(.event, .eventSensorKindConnected, title)
            }
        case .disconnected:
            if sensors.motionLost(kind) {
                if kind == .fitnessMachine { machineLost() } else { say(.event, .eventSensorKindLost, title) }
            }
            training.workout?.engine.motionLost(kind)
        case .sensorReading(let reading):
            if sensors.motionSent(kind) { say(.event, .eventSensorKindConnected, title) }
            let now = now
            for notice in training.workout?.engine.receive(reading, at: now) ?? [] { sayNotice(notice) }
            if case .machine(let machine) = reading { machineReading(machine) }
        case .machine(let event):
            machineEvent(event)
        case .reading, .battery, .identified, .pairing:
            // A strap's own news; the other kinds' maker and pairing are only logged.
            break
        case .problem(let problem):
            sayProblem(problem, kind: kind)
        }
    }

    /// A notice about a sensor's data, said once a workout (the engine decides when).
    mutating func sayNotice(_ notice: SensorNotice) {
        switch notice {
        case .implausible: say(.notice, .noticeImplausible)
        case .possiblyStuck: say(.notice, .noticeStuck)
        case .implausibleMotion(let kind): say(.notice, .noticeImplausibleMotion, ["sensor": sensorName(kind)])
        }
    }

    /// One motion metric, said now: its value with its unit, or why it is unknown.
    mutating func speakMotion(_ metric: Metric, _ kind: SpeechKind) {
        guard let active = training.workout else { return }
        let sport = active.engine.configuration.sport
        let name = ["metric": words.metric(metric)]
        guard Metric.offered(for: sport).contains(metric) else { return say(kind, .answerMotionNotInSport, name) }
        let unit = distanceUnit
        if metric == .distance, let distance = active.engine.distance {
            return say(kind, .answerDistance, ["distance": words.distance(distance, in: unit)])
        }
        let motion = active.engine.motion(at: now)
        switch metric {
        case .pace where sport == .rowing:
            if let split = Self.split(active.engine.machine(at: now)?.split, speed: motion.speed) {
                return say(kind, .answerSplit, ["duration": words.duration(split)])
            }
        case .cadence where sport == .rowing:
            if let rate = active.engine.machine(at: now)?.cadence ?? motion.cadence.map(Double.init) {
                return say(kind, .answerStrokeRate, ["rate": words.decimal(rate, decimals: 1)])
            }
        case .pace:
            if let speed = motion.speed, speed >= Self.movingSpeed {
                return say(kind, .answerPace, ["pace": words.pace(speed, in: unit), "unit": words.unitName(unit)])
            }
        case .speed:
            if let speed = motion.speed { return say(kind, .answerSpeed, ["speed": words.speed(speed, in: unit)]) }
        case .cadence:
            if let cadence = motion.cadence {
                return say(kind, sport == .running ? .answerCadenceRunning : .answerCadenceCycling, ["cadence": words.number(cadence)])
            }
        case .power:
            if let power = motion.power { return say(kind, .answerPower, ["power": words.number(power)]) }
        case .time, .heartRate, .calories, .distance:
            break
        }
        var source = Self.source(of: metric, in: sport)
        if case .connected = sensors.motion[.fitnessMachine] { source = .fitnessMachine }
        if case .connected = sensors.motion[source] {
            say(kind, .answerMotionStanding, name)
        } else {
            say(kind, .answerMotionNoSensor, name.merging(["sensor": sensorName(source)]) { $1 })
        }
    }

    /// A rower's time per 500 metres: its own, else from the speed; none standing still.
    static func split(_ own: Int?, speed: Double?) -> Int? {
        if let own, own > 0 { return own }
        guard let speed, speed >= movingSpeed else { return nil }
        return Int((500 / speed).rounded())
    }

    /// Below this a pace is not a pace (a walker stops at about 0.5 m/s; 33 minutes a kilometre).
    static let movingSpeed = 0.5

    /// A distance readout was passed: the split ("Kilometre 3 in 5 minutes and 31 seconds."),
    /// then the chosen metrics but distance, which the split has just said.
    mutating func distanceReadout(number: Int, split: Int) {
        guard let active = training.workout, let readout = active.engine.configuration.distanceReadout else { return }
        let unitTitle = words(readout.unit == .kilometres ? .unitKilometreTitle : .unitMileTitle)
        let covered = Double(number) * readout.every
        if readout.every == 1 {
            say(.readout, .readoutSplit, ["unit": unitTitle, "number": words.number(number), "duration": words.duration(split)])
        } else {
            say(.readout, .answerDistance, ["distance": words.distance(covered * readout.unit.metres, in: readout.unit)])
        }
        for metric in active.engine.configuration.metrics where metric != .distance {
            speakMetric(metric, .readout)
        }
    }

    /// Any metric, as the readout and its key say it.
    mutating func speakMetric(_ metric: Metric, _ kind: SpeechKind) {
        switch metric {
        case .time: speakTime(kind)
        case .heartRate: speakHeartRate(kind)
        case .calories: speakCalories(kind)
        case .pace, .speed, .distance, .cadence, .power: speakMotion(metric, kind)
        }
    }
}

// MARK: - Units, calibration and totals

extension Heartline {
    mutating func cycleUnits() {
        let next: DistanceUnit = distanceUnit == .kilometres ? .miles : .kilometres
        saveSettings { $0.units = next }
        say(.answer, .unitsChanged, ["unit": words.unitsName(next)])
    }

    /// A calibration factor as the percentage it is said in: "103", "98.5".
    func percent(_ factor: Double) -> String { words.decimal(factor * 100, decimals: 1) }

    /// A typed calibration: a percentage (50 to 150), or from a run's summary the distance
    /// really covered, which sets the factor that would have made the footpod say it.
    mutating func enterCalibration(_ text: String, workout: WorkoutSummary?) {
        let factor: Double
        if let workout {
            guard let real = Self.parseDistance(text) else { return refuseValue(.calibrateNotUnderstood) }
            guard let measured = workout.distance, measured > 0 else { return say(.answer, .calibrateNoDistance) }
            factor = footpodCalibration * real / measured
        } else {
            guard let typed = Double(text.replacingOccurrences(of: "percent", with: "").trimmingCharacters(in: .whitespaces)) else {
                return refuseValue(.calibrationOutOfRange)
            }
            factor = typed / 100
        }
        var changed = settings
        guard changed.setFootpodCalibration(factor) else { return refuseValue(.calibrationOutOfRange) }
        saveSettings(changed)
        say(.answer, workout == nil ? .calibrationChanged : .calibrateDone, ["factor": percent(footpodCalibration)])
        returnToPrevious()
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

    /// The movement totals of a workout, after its heart-rate totals: distance, average pace or
    /// speed, cadence and power, each said only when known.
    mutating func speakMotionTotals(of workout: WorkoutSummary, kind: SpeechKind) {
        let sport = workout.configuration.sport
        guard sport != .other else { return }
        let unit = distanceUnit
        if let distance = workout.distance, distance > 0, workout.duration > 0 {
            say(kind, .summaryDistance, ["distance": words.distance(distance, in: unit)])
            let speed = distance / Double(workout.duration)
            if sport == .running, speed >= Self.movingSpeed {
                say(kind, .summaryAveragePace, ["pace": words.pace(speed, in: unit), "unit": words.unitName(unit)])
            } else if sport == .cycling {
                say(kind, .summaryAverageSpeed, ["speed": words.speed(speed, in: unit)])
            } else if sport == .rowing, let split = Self.split(nil, speed: speed) {
                say(kind, .summaryAverageSplit, ["duration": words.duration(split)])
            }
        }
        if sport == .rowing, let rate = workout.averageCadence {
            say(kind, .summaryAverageStrokeRate, ["rate": words.number(rate)])
        } else if let cadence = workout.averageCadence {
            say(
                kind, sport == .running ? .summaryAverageCadenceRunning : .summaryAverageCadenceCycling, ["cadence": words.number(cadence)])
        }
        if let power = workout.averagePower { say(kind, .summaryAveragePower, ["power": words.number(power)]) }
    }

    /// "Calibrate the footpod with this distance", on a run's summary that has a distance, when
    /// a footpod was heard this run (a treadmill's distance is its own, not the footpod's).
    func calibrateItem(_ workout: WorkoutSummary) -> [MenuItem] {
        guard workout.configuration.sport == .running, (workout.distance ?? 0) > 0, sensors.motion[.footpod] != nil else { return [] }
        return [MenuItem(label: words(.itemCalibrate), action: .open(.calibrationEntry(workout)))]
    }
}

// MARK: - Finding and remembering one sensor of each kind

extension Heartline {
    static let motionKinds = Settings.motionKinds

    /// The remembered footpod, bike sensor and power meter, in that order.
    var rememberedMotionSensors: [(kind: SensorKind, address: String, name: String)] {
        Self.motionKinds.compactMap { kind in
            settings.motionSensors[kind].map { (kind, $0.address, $0.name) }
        }
    }

    mutating func findMotionSensors() {
        say(.answer, .sensorScanningOther, ["duration": words.duration(Int(Self.scanSeconds))])
        sensors.scanningMotion = true
        emit(.scanForMotionSensors(seconds: Self.scanSeconds))
    }

    mutating func chooseMotionSensor(_ found: FoundSensor) {
        saveSettings { $0.remember(RememberedSensor(address: found.address, name: found.name), as: found.kind) }
        say(.answer, .sensorChosen, ["name": found.name])
        emit(.useMotionSensor(found.kind, found.address))
        returnToPrevious()
    }

    mutating func forgetMotionSensor(_ kind: SensorKind) {
        saveSettings { $0.remember(nil, as: kind) }
        say(.answer, .sensorKindForgotten, ["sensor": sensorTitle(kind)])
        emit(.useMotionSensor(kind, nil))
        sensors.motion[kind] = nil
        replace(with: .sensor)
    }

    /// The Sensors screen's items for the other kinds: find them, and forget each remembered one.
    var motionSensorItems: [MenuItem] {
        [MenuItem(label: words(.sensorFindOther), action: .findMotionSensors)]
            + rememberedMotionSensors.map { remembered in
                MenuItem(
                    label: words(.sensorForgetKind, ["kind": sensorName(remembered.kind)]), action: .forgetMotionSensor(remembered.kind))
            }
    }

    /// "Footpod 7, footpod" in a scan's list; a strap is named alone.
    func foundLabel(_ found: FoundSensor) -> String {
        found.kind == .heartRateStrap ? found.name : words(.sensorFoundKind, ["name": found.name, "kind": sensorName(found.kind)])
    }
}
