import Foundation

/// Pace, speed, distance, cadence and power: the answers, the readouts by distance, and the
/// sensors that give them, each connecting and dropping out on its own.
extension Heartline {
    static let unitsSetting = "units"
    /// The footpod's calibration factor ("1.03"): its distances and speeds are multiplied by it.
    static let calibrationSetting = "footpod.calibration"
    static let calibrationRange = 0.5...1.5

    var distanceUnit: DistanceUnit { settings[Self.unitsSetting].flatMap(DistanceUnit.init) ?? .kilometres }

    var footpodCalibration: Double {
        settings[Self.calibrationSetting].flatMap(Double.init).flatMap { Self.calibrationRange.contains($0) ? $0 : nil } ?? 1
    }

    /// The sensor kind that gives `metric` in `sport`, for saying which one is missing.
    static func source(of metric: Metric, in sport: Sport) -> SensorKind {
        switch (metric, sport) {
        case (.power, _): .powerMeter
        case (_, .running): .footpod
        default: .cyclingSpeedCadence
        }
    }

    func sensorName(_ kind: SensorKind) -> String {
        switch kind {
        case .footpod: words(.sensorFootpod)
        case .cyclingSpeedCadence: words(.sensorCycling)
        case .powerMeter: words(.sensorPower)
        case .heartRateStrap: words(.sensorStrap)
        }
    }

    func sensorTitle(_ kind: SensorKind) -> String {
        switch kind {
        case .footpod: words(.sensorFootpodTitle)
        case .cyclingSpeedCadence: words(.sensorCyclingTitle)
        case .powerMeter: words(.sensorPowerTitle)
        case .heartRateStrap: words(.sensorStrapTitle)
        }
    }

    mutating func motionSensorEvent(_ kind: SensorKind, _ event: SensorEvent) {
        guard kind != .heartRateStrap else { return sensorEvent(event) }
        let title = ["sensor": sensorTitle(kind)]
        switch event {
        case .connected(let name):
            // Said when it matters: back after a drop-out, or arriving during a workout.
            let status = motionSensors[kind]
            if status == .lost || (workout != nil && status != nil) { say(.event, .eventSensorKindConnected, title) }
            motionSensors[kind] = .connected(name: name)
        case .disconnected:
            if case .connected = motionSensors[kind] { say(.event, .eventSensorKindLost, title) }
            motionSensors[kind] = .lost
            workout?.engine.motionLost(kind)
        case .sensorReading(let reading):
            if motionSensors[kind] == .lost { say(.event, .eventSensorKindConnected, title) }
            if case .connected = motionSensors[kind] {} else { motionSensors[kind] = .connected(name: "") }
            workout?.engine.receive(reading, at: now)
        case .reading, .battery:
            break
        case .problem(let problem):
            sayProblem(problem)
        }
    }

    /// One motion metric, said now: its value with its unit, or why it is unknown.
    mutating func speakMotion(_ metric: Metric, _ kind: SpeechKind) {
        guard let active = workout else { return }
        let sport = active.engine.configuration.sport
        let name = ["metric": words.metric(metric)]
        guard Metric.offered(for: sport).contains(metric) else { return say(kind, .answerMotionNotInSport, name) }
        let unit = distanceUnit
        if metric == .distance, let distance = active.engine.distance {
            return say(kind, .answerDistance, ["distance": words.distance(distance, in: unit)])
        }
        let motion = active.engine.motion(at: now)
        switch metric {
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
        let source = Self.source(of: metric, in: sport)
        if case .connected = motionSensors[source] {
            say(kind, .answerMotionStanding, name)
        } else {
            say(kind, .answerMotionNoSensor, name.merging(["sensor": sensorName(source)]) { $1 })
        }
    }

    /// Below this a pace is not a pace (a walker stops at about 0.5 m/s; 33 minutes a kilometre).
    static let movingSpeed = 0.5

    /// A distance readout was passed: the split ("Kilometre 3 in 5 minutes and 31 seconds."),
    /// then the chosen metrics but distance, which the split has just said.
    mutating func distanceReadout(number: Int, split: Int) {
        guard let active = workout, let readout = active.engine.configuration.distanceReadout else { return }
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
