import Foundation

/// A resting check: heart rate and heart-rate variability measured sitting still, from Home.
public struct RestingCheck: Equatable, Sendable {
    public var start: Date
    /// Mean heart rate over the check, in beats per minute.
    public var heartRate: Int
    /// RMSSD in milliseconds, after artefact correction.
    public var rmssd: Double
    /// Intervals removed as artefacts, and kept.
    public var artefacts: Int
    public var intervals: Int

    public init(start: Date, heartRate: Int, rmssd: Double, artefacts: Int, intervals: Int) {
        self.start = start
        self.heartRate = heartRate
        self.rmssd = rmssd
        self.artefacts = artefacts
        self.intervals = intervals
    }
}
