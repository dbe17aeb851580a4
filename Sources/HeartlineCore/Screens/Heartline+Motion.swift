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

    /// A fitness machine is named by its kind once it has said what it is ("treadmill").
    func sensorName(_ kind: SensorKind) -> String {
        SensorsFeature.name(of: kind, sensors, words)
    }

    func sensorTitle(_ kind: SensorKind) -> String {
        SensorsFeature.title(of: kind, sensors, words)
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
            sensorSettings(.problem(problem, kind: kind))
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
