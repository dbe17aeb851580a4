/// A workout's totals, counted one recorded second at a time: heart rate and calories, distance,
/// cadence and power, and the readouts and laps by distance.
///
/// The live engine counts each second as it ends; after a crash the same totals are counted
/// again from the stored samples (`init(replaying:configuration:calories:)`), so a recovered
/// workout and one that never stopped cannot disagree.
public struct WorkoutTotals: Equatable, Sendable {
    /// How close to a distance readout counts as there, in metres.
    static let distanceTolerance = 0.01

    private var heartRateSum = 0
    public private(set) var heartRateSeconds = 0
    public private(set) var maximumHeartRate: Int?
    public private(set) var kilocalories = 0.0
    /// Metres so far, once any sensor has given a speed.
    public private(set) var distance: Double?
    private var cadenceSum = 0
    private var cadenceSeconds = 0
    private var powerSum = 0
    private var powerSeconds = 0
    public private(set) var maximumPower: Int?
    /// The distance between readouts in metres, nil without readouts by distance.
    private let readoutStep: Double?
    /// Without a plan each distance readout ends a lap (a plan's phases are its laps).
    private let lapsByDistance: Bool
    /// The next distance readout, in metres.
    public private(set) var nextDistanceReadout: Double?
    /// The active seconds at which a lap by distance ended.
    public private(set) var distanceLaps: [Int] = []
    /// The active second the last distance readout was passed at, for the split.
    public private(set) var lastSplitSecond = 0

    public init(configuration: WorkoutConfiguration) {
        readoutStep = configuration.distanceReadout?.metres
        lapsByDistance = configuration.plan == nil
        nextDistanceReadout = readoutStep
    }

    /// The totals of `samples`, counted in order as the engine counted them while recording.
    public init(replaying samples: [Sample], configuration: WorkoutConfiguration, calories: CalorieModel) {
        self.init(configuration: configuration)
        for sample in samples {
            if let heartRate = sample.heartRate { count(heartRate: heartRate, calories: calories) }
            count(sample.motion, second: sample.elapsed)
        }
    }

    /// Totals carried on from a stored summary alone, when its samples are not there to count:
    /// the averages are weighted by the duration, as the per-second counts are not stored.
    public init(approximating summary: WorkoutSummary) {
        self.init(configuration: summary.configuration)
        maximumHeartRate = summary.maximumHeartRate
        kilocalories = summary.calories ?? 0
        if let average = summary.averageHeartRate {
            heartRateSeconds = summary.duration
            heartRateSum = average * summary.duration
        }
        distance = summary.distance
        distanceLaps = summary.distanceLaps
        lastSplitSecond = summary.distanceLaps.last ?? 0
        if let step = readoutStep {
            nextDistanceReadout = ((summary.distance ?? 0) / step).rounded(.down) * step + step
        }
        if let cadence = summary.averageCadence {
            cadenceSeconds = summary.duration
            cadenceSum = cadence * summary.duration
        }
        if let power = summary.averagePower {
            powerSeconds = summary.duration
            powerSum = power * summary.duration
        }
        maximumPower = summary.maximumPower
    }

    public var averageHeartRate: Int? {
        heartRateSeconds == 0 ? nil : Int((Double(heartRateSum) / Double(heartRateSeconds)).rounded())
    }

    /// Calories so far, or nil while no second has had a heart rate.
    public var caloriesBurned: Double? { heartRateSeconds == 0 ? nil : kilocalories }

    public var averageCadence: Int? {
        cadenceSeconds == 0 ? nil : Int((Double(cadenceSum) / Double(cadenceSeconds)).rounded())
    }

    public var averagePower: Int? {
        powerSeconds == 0 ? nil : Int((Double(powerSum) / Double(powerSeconds)).rounded())
    }

    /// Counts one second with a heart rate.
    public mutating func count(heartRate beats: Int, calories model: CalorieModel) {
        heartRateSum += beats
        heartRateSeconds += 1
        maximumHeartRate = max(maximumHeartRate ?? 0, beats)
        kilocalories += model.kilocaloriesPerMinute(heartRate: beats) / 60
    }

    /// Counts one second of movement, the one ending at active second `second`.
    /// - Returns: the distance readout passed in it, if any: its number (1 for the first) and
    ///   the split's seconds. Without a plan it also ended a lap.
    @discardableResult
    public mutating func count(_ motion: Motion, second: Int) -> (number: Int, split: Int)? {
        if let speed = motion.speed {
            distance = (distance ?? 0) + max(0, speed)
        }
        if let cadence = motion.cadence {
            cadenceSum += cadence
            cadenceSeconds += 1
        }
        if let power = motion.power {
            powerSum += power
            powerSeconds += 1
            maximumPower = max(maximumPower ?? 0, power)
        }
        // A centimetre short is there: sums of speeds carry rounding, and a split must not be
        // said a second late for it.
        guard let step = readoutStep, let distance, var next = nextDistanceReadout, distance >= next - Self.distanceTolerance
        else { return nil }
        while next <= distance + Self.distanceTolerance { next += step }
        nextDistanceReadout = next
        let passed = (number: Int(((next - step) / step).rounded()), split: second - lastSplitSecond)
        lastSplitSecond = second
        if lapsByDistance { distanceLaps.append(second) }
        return passed
    }

    /// Writes these totals into `summary`.
    public func fill(_ summary: inout WorkoutSummary) {
        summary.averageHeartRate = averageHeartRate
        summary.maximumHeartRate = maximumHeartRate
        summary.calories = caloriesBurned
        summary.distance = distance
        summary.averageCadence = averageCadence
        summary.averagePower = averagePower
        summary.maximumPower = maximumPower
        summary.distanceLaps = distanceLaps
    }
}
