/// The metrics the app can read aloud, in the app's order.
public enum Metric: String, CaseIterable, Codable, Sendable {
    case time
    case heartRate = "heart-rate"
    case calories
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

/// A workout's settings: which metrics are read aloud and how often.
public struct WorkoutConfiguration: Equatable, Codable, Sendable {
    /// The metrics switched on, in the app's order.
    public var metrics: [Metric]
    public var interval: ReadoutInterval
    /// The heart rate to hold; leaving and regaining it are announced.
    public var target: TargetZone?
    /// An interval training plan whose phases are announced.
    public var plan: TrainingPlan?

    /// The app's defaults: every metric on, no interval readouts, no target, no plan.
    public init(
        metrics: [Metric] = Metric.allCases, interval: ReadoutInterval = .none, target: TargetZone? = nil, plan: TrainingPlan? = nil
    ) {
        self.metrics = Metric.allCases.filter(metrics.contains)
        self.interval = interval
        self.target = target
        self.plan = plan
    }

    public func isOn(_ metric: Metric) -> Bool { metrics.contains(metric) }

    public mutating func toggle(_ metric: Metric) {
        if isOn(metric) {
            metrics.removeAll { $0 == metric }
        } else {
            metrics = Metric.allCases.filter { $0 == metric || metrics.contains($0) }
        }
    }
}
