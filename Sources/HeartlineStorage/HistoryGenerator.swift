import Foundation
import HeartlineCore

/// Fills a store with years of believable saved workouts, for demos and benchmarks.
///
/// One workout a day, an hour of active time each, at a varying time of day; a heart rate that
/// warms up, works and cools down as a random walk between 60 and 180; RR intervals derived from
/// it with beat-to-beat jitter; now and then a pause or a few seconds without the strap.
/// The same seed gives the same history.
public enum HistoryGenerator {
    /// Workouts written per transaction: few commits, and a month's worth of memory at most.
    static let workoutsPerTransaction = 30

    /// Writes one saved workout a day for the `years` × 365 days before `endingAt`.
    /// - Parameter progress: called after each transaction with (workouts written, workouts in all).
    public static func fill(
        store: SQLiteStore, years: Int, endingAt: Date, seed: UInt64,
        progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws {
        try fill(store: store, days: years * 365, endingAt: endingAt, seed: seed, progress: progress)
    }

    /// Writes one saved workout a day for the `days` days before `endingAt`, oldest first.
    public static func fill(
        store: SQLiteStore, days: Int, endingAt: Date, seed: UInt64,
        progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws {
        var random = SeededRandom(seed: seed)
        let duration = 3600
        // Ends two hours before `endingAt` at the latest, so every workout is over by then.
        let latestStart = (endingAt.timeIntervalSince1970 - Double(duration) - 7200).rounded(.down)
        var done = 0
        var batch: [(WorkoutSummary, [Sample])] = []
        for daysBack in stride(from: days - 1, through: 0, by: -1) {
            let start = latestStart - Double(daysBack) * 86_400 - Double(random.next(upTo: 4 * 3600))
            let samples = workoutSamples(duration: duration, using: &random)
            let configuration = configurations[Int(random.next(upTo: UInt64(configurations.count)))]
            batch.append((summary(of: samples, start: Date(timeIntervalSince1970: start), configuration: configuration), samples))
            if batch.count == workoutsPerTransaction || daysBack == 0 {
                try store.insertSavedWorkouts(batch)
                done += batch.count
                batch.removeAll(keepingCapacity: true)
                progress?(done, days)
            }
        }
    }

    /// `duration` seconds of a simulated workout: 1 Hz heart rate and the RR intervals behind it.
    public static func workoutSamples(duration: Int, seed: UInt64) -> [Sample] {
        var random = SeededRandom(seed: seed)
        return workoutSamples(duration: duration, using: &random)
    }

    private static let configurations: [WorkoutConfiguration] = [
        WorkoutConfiguration(),
        WorkoutConfiguration(metrics: [.time, .heartRate], interval: .minutes5),
        WorkoutConfiguration(metrics: [.heartRate], interval: .minutes1),
        WorkoutConfiguration(metrics: [.time, .heartRate, .calories], interval: .minutes10),
    ]

    static func workoutSamples(duration: Int, using random: inout SeededRandom) -> [Sample] {
        guard duration > 0 else { return [] }
        var samples: [Sample] = []
        samples.reserveCapacity(duration)
        let resting = 60 + random.unit() * 25
        let working = 120 + random.unit() * 45
        var heartRate = resting
        // Time of the next beat, in 1/1024 s since the start of the active clock.
        var nextBeat = 0.0
        var lastBeatTime = 0.0
        // One workout in five has a pause; one in eight loses the strap for a while.
        let pauseAt = random.next(upTo: 5) == 0 ? Int(random.next(upTo: UInt64(duration))) : nil
        let pauseLength = 60 + Int(random.next(upTo: 240))
        let dropoutAt = random.next(upTo: 8) == 0 ? Int(random.next(upTo: UInt64(duration))) : nil
        let dropoutLength = 5 + Int(random.next(upTo: 40))
        var wallOffset = 0
        for elapsed in 1...duration {
            // Warm up over ten minutes, work, cool down over the last ten.
            let phase = Double(elapsed) / 600
            let coolDown = Double(duration - elapsed) / 600
            let target = resting + (working - resting) * min(1, phase, max(0, coolDown))
            heartRate += 0.02 * (target - heartRate) + random.gaussian() * 0.9
            heartRate = min(180, max(60, heartRate))

            wallOffset += 1
            if elapsed == pauseAt { wallOffset += pauseLength }
            let secondEnd = Double(elapsed) * 1024
            var intervals: [Int] = []
            while nextBeat <= secondEnd {
                let interval = (61_440 / heartRate + random.gaussian() * 12).rounded()
                lastBeatTime = nextBeat
                nextBeat = lastBeatTime + interval
                if lastBeatTime > 0 { intervals.append(Int(interval)) }
            }
            let strapOff = dropoutAt.map { elapsed >= $0 && elapsed < $0 + dropoutLength } ?? false
            samples.append(
                Sample(
                    elapsed: elapsed, wallOffset: wallOffset, heartRate: strapOff ? nil : Int(heartRate.rounded()),
                    rrIntervals: strapOff ? [] : intervals))
        }
        return samples
    }

    /// `duration` seconds of a run with a footpod or a ride with wheel, crank and power sensors,
    /// recorded by `WorkoutEngine` itself: the heart rate of `workoutSamples` (without its pause),
    /// a reading of each sensor every second, and the engine's own summary, laps by distance
    /// every kilometre included.
    ///
    /// Running: speed wandering around 3 m/s (1/256 m/s, as footpods send it; the pod calibrated
    /// by 1.02, so the engine rounds it again), about 170 steps a minute following the speed.
    /// Cycling: about 8 m/s from a 2.105 m wheel (unrounded, as the calculator gives it), about
    /// 88 rpm, and power around 210 W that changes by tens of watts from second to second.
    public static func motionWorkout(sport: Sport, duration: Int, seed: UInt64) -> (summary: WorkoutSummary, samples: [Sample]) {
        var random = SeededRandom(seed: seed)
        let heart = workoutSamples(duration: duration, using: &random)
        let start = Date(timeIntervalSince1970: 1_773_480_900)
        let configuration = WorkoutConfiguration(sport: sport, distanceReadout: DistanceReadout(every: 1, unit: .kilometres))
        var engine = WorkoutEngine(start: start, configuration: configuration, calories: CalorieModel(profile: Profile()))
        if sport == .running { engine.footpodCalibration = 1.02 }
        var speed = sport == .cycling ? 8.0 : 3.0
        var cadence = sport == .cycling ? 88.0 : 170.0
        var power = 210.0
        var samples: [Sample] = []
        samples.reserveCapacity(duration)
        for second in heart.indices {
            let arrival = start.addingTimeInterval(Double(second) + 0.5)
            let beat = heart[second]
            if let rate = beat.heartRate {
                engine.receive(HeartRateReading(beatsPerMinute: rate, contact: .detected, rrIntervals: beat.rrIntervals), at: arrival)
            }
            let wave = sin(Double(second) / 300)
            switch sport {
            case .running:
                speed += 0.1 * (3 + 0.3 * wave - speed) + random.gaussian() * 0.03
                cadence += 0.2 * (170 + (speed - 3) * 12 - cadence) + random.gaussian() * 0.6
                let podSpeed = (max(0, speed) * 256).rounded() / 256
                engine.receive(.running(RunningReading(speed: podSpeed, cadence: Int(cadence.rounded()), isRunning: true)), at: arrival)
            case .cycling, .rowing, .other:
                speed += 0.1 * (8 + 1.5 * wave - speed) + random.gaussian() * 0.08
                cadence += 0.2 * (88 + (speed - 8) * 3 - cadence) + random.gaussian() * 1.2
                power += 0.3 * (210 + 40 * wave - power) + random.gaussian() * 25
                let revolutions = (max(0, speed) / 2.105 * 1024).rounded() / 1024
                engine.receive(.cycling(CyclingReading(speed: revolutions * 2.105, cadence: max(0, cadence))), at: arrival)
                engine.receive(.power(PowerReading(power: Int(max(0, power + random.gaussian() * 15).rounded()))), at: arrival)
            }
            samples += engine.advance(to: start.addingTimeInterval(Double(second + 1))).samples
        }
        return (engine.summary(id: 0, state: .saved), samples)
    }

    /// `duration` seconds on a fitness machine, recorded by `WorkoutEngine` itself: the heart rate
    /// of `workoutSamples` from a strap, and a record of the machine every second as its decoder
    /// gives it (speed to 0.01 km/h, incline to 0.1 %, cadence to 0.5 a minute).
    ///
    /// A treadmill (a run): the speed set to a new whole 0.5 km/h every 5 minutes between 8 and
    /// 12, the belt wandering a few hundredths around it, the incline set between 0 and 3 % every
    /// 10 minutes. A smart trainer (a ride): about 30 km/h, 90 rpm and 200 W in ERG mode, the
    /// target changing every 5 minutes. A rower: about 28 strokes a minute and 180 W, its split
    /// following the speed.
    public static func machineWorkout(type: MachineType, duration: Int, seed: UInt64) -> (summary: WorkoutSummary, samples: [Sample]) {
        var random = SeededRandom(seed: seed)
        let heart = workoutSamples(duration: duration, using: &random)
        let start = Date(timeIntervalSince1970: 1_773_480_900)
        let sport: Sport = type == .treadmill ? .running : type == .indoorBike ? .cycling : .rowing
        let configuration = WorkoutConfiguration(sport: sport, distanceReadout: DistanceReadout(every: 1, unit: .kilometres))
        var engine = WorkoutEngine(start: start, configuration: configuration, calories: CalorieModel(profile: Profile()))
        var distance = 0.0
        var samples: [Sample] = []
        samples.reserveCapacity(duration)
        var target = 10.0
        var incline = 1.0
        for second in heart.indices {
            let arrival = start.addingTimeInterval(Double(second) + 0.5)
            let beat = heart[second]
            if let rate = beat.heartRate {
                engine.receive(HeartRateReading(beatsPerMinute: rate, contact: .detected, rrIntervals: beat.rrIntervals), at: arrival)
            }
            if second % 300 == 0 { target = [8, 10, 12, 9.5, 11, 8.5][second / 300 % 6] }
            if second % 600 == 0 { incline = Double(Int(random.next() % 31)) / 10 }
            var reading = MachineReading(type: type)
            switch type {
            case .treadmill:
                let kilometresPerHour = (target * 100 + random.gaussian() * 3).rounded() / 100
                reading.speed = kilometresPerHour / 3.6
                reading.incline = incline
            case .indoorBike:
                reading.speed = ((30 + random.gaussian()) * 100).rounded() / 360
                reading.cadence = ((90 + random.gaussian() * 2) * 2).rounded() / 2
                reading.power = Int((target * 20 + random.gaussian() * 4).rounded())
            case .rower:
                reading.speed = ((14 + random.gaussian() * 0.3) * 100).rounded() / 360
                reading.cadence = ((28 + random.gaussian()) * 2).rounded() / 2
                reading.power = Int((180 + random.gaussian() * 10).rounded())
                reading.split = Int((500 / reading.speed!).rounded())
            }
            distance += reading.speed ?? 0
            reading.distance = distance.rounded(.down)
            engine.receive(.machine(reading), at: arrival)
            samples += engine.advance(to: start.addingTimeInterval(Double(second + 1))).samples
        }
        return (engine.summary(id: 0, state: .saved), samples)
    }

    /// The totals the workout engine would have reported for these samples.
    static func summary(of samples: [Sample], start: Date, configuration: WorkoutConfiguration) -> WorkoutSummary {
        let rates = samples.compactMap(\.heartRate)
        // Keytel et al. 2005 for a 40-year-old of 70 kg, the mean of the two equations (no sex
        // given), kJ per minute -> kcal per second, never negative.
        let calories = rates.reduce(0.0) { total, rate in
            let male = -55.0969 + 0.6309 * Double(rate) + 0.1988 * 70 + 0.2017 * 40
            let female = -20.4022 + 0.4472 * Double(rate) - 0.1263 * 70 + 0.074 * 40
            return total + max(0, (male + female) / 2) / 4.184 / 60
        }
        var summary = WorkoutSummary(
            id: 0, start: start, state: .saved, configuration: configuration, duration: samples.count,
            averageHeartRate: rates.isEmpty ? nil : Int((Double(rates.reduce(0, +)) / Double(rates.count)).rounded()),
            maximumHeartRate: rates.max(), calories: rates.isEmpty ? nil : (calories * 10).rounded() / 10)
        summary.trainingLoad = (TrainingLoad.trimp(samples, profile: Profile()) * 10).rounded() / 10
        summary.timeInZones = TimeInZones(samples, zones: HeartRateZones(profile: Profile()))
        return summary
    }
}

extension SQLiteStore {
    /// Writes finished workouts in one transaction, each as a single packed chunk.
    func insertSavedWorkouts(_ workouts: [(WorkoutSummary, [Sample])]) throws(StorageError) {
        try write { database in
            for (summary, samples) in workouts {
                try database.execute(
                    """
                    INSERT INTO workouts (start, state, metrics, readout_interval, configuration, duration,
                        average_heart_rate, maximum_heart_rate, calories, training_load,
                        zone_maximum, zone_0, zone_1, zone_2, zone_3, zone_4, zone_5,
                        sport, distance, average_cadence, average_power, maximum_power, laps)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .real(summary.start.timeIntervalSince1970), .text(summary.state.rawValue),
                        .text(Self.metricsText(summary.configuration.metrics)),
                        .integer(summary.configuration.interval.rawValue),
                        Self.configurationJSON(summary.configuration), .integer(summary.duration),
                        .integer(summary.averageHeartRate), .integer(summary.maximumHeartRate), .real(summary.calories),
                        .real(summary.trainingLoad),
                    ] + Self.zoneValues(summary.timeInZones) + Self.motionValues(summary)
                        + [Self.lapsText(summary.laps, distance: summary.distanceLaps)])
                try database.execute(
                    "INSERT INTO sample_chunks (workout, first, count, data) VALUES (?, 0, ?, ?)",
                    [.integer(database.lastInsertRowID), .integer(samples.count), .blob(SampleCodec.encode(samples))])
            }
        }
    }
}

/// SplitMix64: small, fast, and the same sequence for the same seed on every machine.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0).
    mutating func next(upTo bound: UInt64) -> UInt64 { next() % bound }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Roughly standard normal (Irwin-Hall with four terms): cheap and bounded.
    mutating func gaussian() -> Double {
        (unit() + unit() + unit() + unit() - 2) * 1.732_050_8
    }
}
