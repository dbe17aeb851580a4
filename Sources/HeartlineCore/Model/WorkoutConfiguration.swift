/// The metrics the app can read aloud, in the app's order.
public enum Metric: String, CaseIterable, Codable, Sendable {
    case time
    case heartRate = "heart-rate"
    case calories
    /// Minutes per kilometre or mile running; a rower's time per 500 metres (its split).
    case pace
    /// Kilometres or miles per hour: cycling.
    case speed
    case distance
    case cadence
    /// Watts: cycling with a power meter.
    case power

    /// The metrics a sport offers, in the app's order.
    public static func offered(for sport: Sport) -> [Metric] {
        switch sport {
        case .running: [.time, .heartRate, .calories, .pace, .distance, .cadence]
        case .cycling: [.time, .heartRate, .calories, .speed, .distance, .cadence, .power]
        case .rowing: [.time, .heartRate, .calories, .pace, .distance, .cadence, .power]
        case .other: [.time, .heartRate, .calories]
        }
    }

    /// The metrics a new workout of the sport reads aloud: those a runner or rider listens for
    /// (time, heart rate, pace or speed, distance), not every one the sport offers.
    public static func readByDefault(for sport: Sport) -> [Metric] {
        switch sport {
        case .running: [.time, .heartRate, .pace, .distance]
        case .cycling: [.time, .heartRate, .speed, .distance]
        case .rowing: [.time, .heartRate, .pace, .distance]
        case .other: [.time, .heartRate, .calories]
        }
    }
}

/// How often metrics are read aloud: the app's ten choices.
public enum ReadoutInterval: Int, CaseIterable, Codable, Sendable {
    case none = 0
    case seconds30 = 30
    case minutes1 = 60
    case minutes2 = 120
    case minutes5 = 300
    case minutes10 = 600
    case minutes15 = 900
    case minutes30 = 1800
    case hours1 = 3600
    case hours2 = 7200

    /// The interval in seconds, or nil for "No time".
    public var seconds: Int? { rawValue == 0 ? nil : rawValue }
}

/// A workout's settings: the sport, which metrics are read aloud and how often.
public struct WorkoutConfiguration: Equatable, Codable, Sendable {
    public var sport: Sport
    /// The metrics switched on, in the app's order; only those the sport offers.
    public var metrics: [Metric]
    public var interval: ReadoutInterval
    /// Readouts (and, without a plan, laps) by distance, for a sport with a distance.
    public var distanceReadout: DistanceReadout?
    /// The heart rate to hold; leaving and regaining it are announced.
    public var target: TargetZone?
    /// An interval training plan whose phases are announced.
    public var plan: TrainingPlan?
    /// The fitness machine the workout was done on, once one gave a reading (the workout engine
    /// sets it): the exports' indoor sport. Not part of what the user configures.
    public var machine: MachineType?

    /// The app's defaults: the sport's metrics read by default, no interval readouts, no target,
    /// no plan.
    public init(
        sport: Sport = .other, metrics: [Metric]? = nil, interval: ReadoutInterval = .none, distanceReadout: DistanceReadout? = nil,
        target: TargetZone? = nil, plan: TrainingPlan? = nil
    ) {
        self.sport = sport
        let offered = Metric.offered(for: sport)
        self.metrics = offered.filter((metrics ?? Metric.readByDefault(for: sport)).contains)
        self.interval = interval
        self.distanceReadout = sport == .other ? nil : distanceReadout
        self.target = target
        self.plan = plan
    }

    public func isOn(_ metric: Metric) -> Bool { metrics.contains(metric) }

    public mutating func toggle(_ metric: Metric) {
        if isOn(metric) {
            metrics.removeAll { $0 == metric }
        } else {
            metrics = Metric.offered(for: sport).filter { $0 == metric || metrics.contains($0) }
        }
    }

    /// Another sport: its own metrics (those on in both stay as they were, of the new ones those
    /// read by default).
    public mutating func choose(_ sport: Sport) {
        guard sport != self.sport else { return }
        let before = Metric.offered(for: self.sport)
        let readByDefault = Metric.readByDefault(for: sport)
        self.sport = sport
        metrics = Metric.offered(for: sport).filter { before.contains($0) ? metrics.contains($0) : readByDefault.contains($0) }
        if sport == .other { distanceReadout = nil }
    }

    private enum CodingKeys: String, CodingKey {
        case sport, metrics, interval, distanceReadout, target, plan, machine
    }

    /// Configurations saved before sports were chosen are "other".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sport = try container.decodeIfPresent(Sport.self, forKey: .sport) ?? .other
        metrics = try container.decode([Metric].self, forKey: .metrics)
        interval = try container.decode(ReadoutInterval.self, forKey: .interval)
        distanceReadout = try container.decodeIfPresent(DistanceReadout.self, forKey: .distanceReadout)
        target = try container.decodeIfPresent(TargetZone.self, forKey: .target)
        plan = try container.decodeIfPresent(TrainingPlan.self, forKey: .plan)
        machine = try? container.decodeIfPresent(MachineType.self, forKey: .machine)
    }
}
