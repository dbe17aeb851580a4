/// Sorts footpod, bike sensor and power meter readings into what a human can do and what no one
/// can, as `ReadingCheck` does for a heart.
///
/// Each limit is above the fastest, quickest or strongest anyone has been measured at, with a
/// margin, for the sport the sensor measures (a footpod a runner's feet, a speed and cadence
/// sensor and a power meter a bicycle). A reading with any value beyond its limit is dropped
/// whole (its other values come from the same broken frame) and counted; the first one of each
/// sensor is said once, as a notice. What is dropped never reaches speech, samples, totals or
/// exports.
public struct MotionCheck: Equatable, Sendable {
    /// Metres per second running: the fastest a human has been timed on foot is Usain Bolt's
    /// 12.3 m/s (44.7 km/h) between 60 and 80 metres of the 2009 Berlin 100 m final, in the
    /// championships' biomechanics report.
    public static let runningSpeed = 12.5
    /// Steps per minute running: sprinters at top speed take about 4.5 to 5 steps a second, 270
    /// to 300 a minute; no gait is quicker.
    public static let runningCadence = 300
    /// Metres per second riding: riders' computers record 100 to 120 km/h (28 to 33 m/s) on the
    /// fastest descents of road races; on the flat, the flying 200 m track record is under 9.1 s,
    /// 22 m/s. The bike sensors' calculators take a faster change for a sensor reset
    /// (`CyclingCalculator`'s 35 m/s and 250 a minute), and this check holds the same bounds.
    public static let cyclingSpeed = 35.0
    /// Crank revolutions per minute: track sprinters spin at 200 to 240 at their quickest, the
    /// most a rider's legs are measured at.
    public static let cyclingCadence = 250.0
    /// Watts: the peaks published for the strongest track sprinters are 2,000 to 2,400 W, for a
    /// second or two. A negative power (pedals turned backwards, or 0xFFFF, which the meter's
    /// signed 16 bits make −1 W) is no work the rider did.
    public static let power = 0...2500

    /// Readings dropped so far, by the kind of sensor that sent them.
    public private(set) var dropped: [SensorKind: Int] = [:]
    private var said: Set<SensorKind> = []

    public init() {}

    /// Whether `reading` is one a human can produce.
    public static func isPlausible(_ reading: SensorReading) -> Bool {
        switch reading {
        case .running(let running):
            return running.speed.isFinite && running.speed >= 0 && running.speed <= runningSpeed && running.cadence >= 0
                && running.cadence <= runningCadence
        case .cycling(let cycling):
            return isPlausible(cyclingSpeed: cycling.speed) && isPlausible(cyclingCadence: cycling.cadence)
        case .power(let power):
            return Self.power.contains(power.power) && isPlausible(cyclingSpeed: power.speed)
                && isPlausible(cyclingCadence: power.cadence)
        case .machine(let machine):
            return (machine.power.map { Self.power.contains($0) } ?? true) && isPlausible(cyclingSpeed: machine.speed)
                && isPlausible(cyclingCadence: machine.cadence)
        }
    }

    private static func isPlausible(cyclingSpeed speed: Double?) -> Bool {
        speed.map { $0.isFinite && $0 >= 0 && $0 <= cyclingSpeed } ?? true
    }

    private static func isPlausible(cyclingCadence cadence: Double?) -> Bool {
        cadence.map { $0.isFinite && $0 >= 0 && $0 <= cyclingCadence } ?? true
    }

    /// Checks one reading.
    /// - Returns: whether it may be used, and the notice to give about its sensor (at most once
    ///   a workout for each sensor).
    public mutating func check(_ reading: SensorReading) -> (plausible: Bool, notices: [SensorNotice]) {
        guard !Self.isPlausible(reading) else { return (true, []) }
        let kind = reading.kind
        dropped[kind, default: 0] += 1
        guard !said.contains(kind) else { return (false, []) }
        said.insert(kind)
        return (false, [.implausibleMotion(kind)])
    }
}
