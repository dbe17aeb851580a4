import Foundation

/// Heart-rate variability from RR intervals: RMSSD, the root mean square of successive
/// differences, after artefact correction.
///
/// An interval more than 20 % away from the median of its neighbours (up to five on each side)
/// is an artefact (a missed or an extra beat, a strap shifting): it is removed and counted, and no
/// difference is taken across the gap it leaves. More than 5 % artefacts make the value
/// unreliable, which is said with it.
public struct HeartRateVariability: Equatable, Sendable {
    /// RMSSD in milliseconds.
    public var rmssd: Double
    /// Intervals kept and removed.
    public var kept: Int
    public var artefacts: Int

    public static let artefactTolerance = 0.20
    public static let reliableArtefactShare = 0.05
    /// Fewer successive differences than this say nothing.
    public static let minimumDifferences = 10

    public var isReliable: Bool { Double(artefacts) <= Self.reliableArtefactShare * Double(kept + artefacts) }

    /// - Parameter intervals: RR intervals in milliseconds, oldest first.
    public static func measure(_ intervals: [Double]) -> HeartRateVariability? {
        guard intervals.count >= 3 else { return nil }
        var good = [Bool](repeating: true, count: intervals.count)
        for index in intervals.indices {
            let neighbours = intervals[max(0, index - 5)..<index] + intervals[(index + 1)..<min(intervals.count, index + 6)]
            let median = Self.median(Array(neighbours))
            if abs(intervals[index] - median) > artefactTolerance * median { good[index] = false }
        }
        var squares = 0.0
        var count = 0
        for index in intervals.indices.dropFirst() where good[index] && good[index - 1] {
            let difference = intervals[index] - intervals[index - 1]
            squares += difference * difference
            count += 1
        }
        guard count >= minimumDifferences else { return nil }
        let kept = good.filter { $0 }.count
        return HeartRateVariability(rmssd: (squares / Double(count)).squareRoot(), kept: kept, artefacts: intervals.count - kept)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// RR intervals of samples (in 1/1024 s) in milliseconds, oldest first.
    public static func milliseconds<S: Sequence>(of samples: S) -> [Double] where S.Element == Sample {
        samples.flatMap { $0.rrIntervals.map { Double($0) * 1000 / 1024 } }
    }
}

/// Training load: Banister's TRIMP, the minutes of a workout weighted by heart-rate reserve.
///
/// Each second adds 1/60 × HRr × a × e^(b × HRr), with HRr = (HR − resting) / (maximum − resting):
/// a = 0.64, b = 1.92 for men and a = 0.86, b = 1.67 for women. Without a sex in the profile it
/// is the mean of the two, as calories are. Seconds without a heart rate add nothing.
public enum TrainingLoad {
    public static func trimp(_ samples: [Sample], profile: Profile) -> Double {
        let maximum = Double(HeartRateZones(profile: profile).maximum)
        let resting = Double(profile.restingHeartRate ?? 60)
        guard maximum > resting else { return 0 }
        func load(_ reserve: Double) -> Double {
            let male = 0.64 * exp(1.92 * reserve)
            let female = 0.86 * exp(1.67 * reserve)
            let factor: Double =
                switch profile.sex {
                case .male: male
                case .female: female
                case nil: (male + female) / 2
                }
            return reserve * factor
        }
        return samples.reduce(0) { total, sample in
            guard let rate = sample.heartRate else { return total }
            let reserve = min(1, max(0, (Double(rate) - resting) / (maximum - resting)))
            return total + load(reserve) / 60
        }
    }
}

/// Seconds spent in each of the five zones the user's guide defines (shares of the maximum heart
/// rate), and below zone 1.
public struct TimeInZones: Equatable, Sendable {
    /// Index 0 is below zone 1; 1 to 5 are the zones.
    public var seconds: [Int]
    /// The maximum heart rate the zones were cut from: counts made with another are stale.
    public var maximum: Int

    public init(_ samples: some Sequence<Sample> = [], zones: HeartRateZones) {
        seconds = [Int](repeating: 0, count: HeartRateZones.count + 1)
        maximum = zones.maximum
        add(samples)
    }

    public init(seconds: [Int], maximum: Int) {
        self.seconds = seconds
        self.maximum = maximum
    }

    /// Counts more seconds, as a recording workout gets them.
    public mutating func add(_ samples: some Sequence<Sample>) {
        let zones = HeartRateZones(maximum: maximum)
        let lows = (1...HeartRateZones.count).map { zones.range(ofZone: $0).low }
        for sample in samples {
            guard let rate = sample.heartRate else { continue }
            seconds[lows.lastIndex { rate >= $0 }.map { $0 + 1 } ?? 0] += 1
        }
    }
}

/// Heart-rate recovery: how far the heart rate falls 1 and 2 minutes after the end, from the mean
/// of the last 10 seconds before it. A strap with nothing to say at a mark gives no value there,
/// never a guess.
public struct HeartRateRecovery: Equatable, Sendable {
    public static let marks = [60, 120]
    /// The heart rate at the end: the mean of the last 10 seconds' readings.
    public var atEnd: Double?
    /// Drops in beats per minute at 1 and 2 minutes, nil where unknown.
    public var drops: [Int?] = [nil, nil]

    public init(lastSeconds samples: [Sample]) {
        let rates = samples.suffix(10).compactMap(\.heartRate)
        atEnd = rates.count >= 5 ? Double(rates.reduce(0, +)) / Double(rates.count) : nil
    }

    /// Takes the heart rate measured `seconds` after the end; the drop at a mark, if this is one.
    public mutating func measured(_ heartRate: Int?, secondsAfterEnd seconds: Int) -> (minutes: Int, drop: Int)? {
        guard let index = Self.marks.firstIndex(of: seconds) else { return nil }
        guard let atEnd, let heartRate else { return nil }
        let drop = Int((atEnd - Double(heartRate)).rounded())
        drops[index] = drop
        return (index + 1, drop)
    }
}
