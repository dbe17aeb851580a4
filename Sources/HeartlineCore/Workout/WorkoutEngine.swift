import Foundation

/// One workout's clock, samples and totals, with time as an input.
///
/// The engine counts active time only (pauses stop the clock), turns heart-rate readings into
/// one sample per active second, integrates calories per second over the seconds that had a
/// fresh heart rate, and says when an interval readout is due.
///
/// Only data a heart can produce is used (`ReadingCheck`), and a reading counts only for the
/// seconds around its arrival: from a second before it to `freshness` after. Seconds in which
/// the program did not run (the process was frozen, or the machine suspended: no input for
/// more than `stallLimit`) are recorded without a heart rate, never filled with a copy of the
/// last one; readings queued during such a stall arrive together when it ends, and their RR
/// intervals, which belong to seconds already recorded as missing, are dropped.
public struct WorkoutEngine: Sendable {
    /// A reading older than this is not a current heart rate (a strap that went quiet).
    public static let freshness: TimeInterval = 5
    /// No input for longer than this, while running, means the program did not run: the shell
    /// ticks the core at least once a second while a workout records.
    public static let stallLimit: TimeInterval = 3

    public let start: Date
    public let configuration: WorkoutConfiguration
    public let calories: CalorieModel

    public private(set) var isPaused = false
    /// Active time accumulated before the current running stretch.
    private var banked: TimeInterval = 0
    /// When the current running stretch began (nil while paused).
    private var runningSince: Date?
    /// Samples produced so far (one per active second).
    public private(set) var recordedSeconds = 0
    /// Heart rate, calories and movement counted over the recorded seconds.
    public private(set) var totals: WorkoutTotals
    private var lastReading: (reading: HeartRateReading, at: Date)?
    private var pendingRR: [Int] = []
    /// RR intervals of this second beyond what a heart can beat: the rest of the second's go too.
    private var rrFlooded = false
    /// What was dropped, and what is to be said about the strap's data.
    public private(set) var check = ReadingCheck()
    /// What was dropped of the footpod's, the bike sensor's and the power meter's data.
    public private(set) var motionCheck = MotionCheck()
    /// The last moment the program gave the engine an input.
    private var lastInput: Date?
    /// Stretches in which the program did not run, until their seconds are recorded.
    private var stalls: [(from: Date, to: Date)] = []
    /// Until when readings are the backlog of a stall (their RR intervals are unplaceable).
    private var backlogUntil: Date?
    /// The next multiple of the readout interval, in active seconds.
    private var nextReadout: Int?

    // Movement: the latest reading of each sensor kind.
    /// The footpod's distances and speeds are multiplied by this (its calibration).
    public var footpodCalibration = 1.0
    private var lastRunning: (reading: RunningReading, at: Date)?
    private var lastCycling: (reading: CyclingReading, at: Date)?
    private var lastPower: (reading: PowerReading, at: Date)?
    private var lastMachine: (reading: MachineReading, at: Date)?
    /// The fitness machine that gave a reading in this workout, for the summary's configuration:
    /// a new workout's own readings say it, whatever configuration it was started with.
    private var machineType: MachineType?

    public init(start: Date, configuration: WorkoutConfiguration, calories: CalorieModel) {
        self.start = start
        self.configuration = configuration
        self.calories = calories
        runningSince = start
        lastInput = start
        nextReadout = configuration.interval.seconds
        totals = WorkoutTotals(configuration: configuration)
    }

    /// Restores an engine for a workout recorded before (an unfinished workout resumed), paused
    /// at its last recorded second.
    ///
    /// Its totals are counted again from `samples`, its stored seconds, as they were counted
    /// while it recorded: distance, the laps by distance and the next distance readout go on
    /// from where the samples left them. Only samples that do not reach the summary's duration
    /// (none stored) leave the summary's totals to go on from.
    public init(resuming summary: WorkoutSummary, samples: [Sample], calories: CalorieModel) {
        self.init(start: summary.start, configuration: summary.configuration, calories: calories)
        banked = TimeInterval(summary.duration)
        recordedSeconds = summary.duration
        runningSince = nil
        lastInput = nil
        isPaused = true
        machineType = summary.configuration.machine
        if let interval = configuration.interval.seconds {
            nextReadout = (summary.duration / interval + 1) * interval
        }
        if let last = samples.last, last.elapsed == summary.duration {
            totals = WorkoutTotals(replaying: samples, configuration: configuration, calories: calories)
        } else {
            totals = WorkoutTotals(approximating: summary)
        }
    }

    public var heartRateSeconds: Int { totals.heartRateSeconds }
    public var maximumHeartRate: Int? { totals.maximumHeartRate }
    public var kilocalories: Double { totals.kilocalories }
    /// Metres so far, once any sensor has given a speed.
    public var distance: Double? { totals.distance }
    public var maximumPower: Int? { totals.maximumPower }
    /// The active seconds at which a lap by distance ended.
    public var distanceLaps: [Int] { totals.distanceLaps }
    /// The active second the last distance readout was passed at, for the split.
    public var lastSplitSecond: Int { totals.lastSplitSecond }

    /// Active seconds at `now`, fractional.
    public func elapsed(at now: Date) -> TimeInterval {
        banked + (runningSince.map { max(0, now.timeIntervalSince($0)) } ?? 0)
    }

    public var averageHeartRate: Int? { totals.averageHeartRate }

    /// Calories so far, or nil while no second has had a heart rate.
    public var caloriesBurned: Double? { totals.caloriesBurned }

    /// Why there is or is not a current heart rate.
    public enum CurrentHeartRate: Equatable, Sendable {
        case beats(Int)
        case noContact
        case stale(seconds: Int)
        case none
    }

    /// The heart rate to speak or record at `now`.
    public func currentHeartRate(at now: Date) -> CurrentHeartRate {
        Self.current(lastReading, at: now)
    }

    static func current(_ last: (reading: HeartRateReading, at: Date)?, at now: Date) -> CurrentHeartRate {
        guard let last else { return .none }
        let age = now.timeIntervalSince(last.at)
        if age > freshness { return .stale(seconds: Int(age.rounded(.down))) }
        if last.reading.contact == .lost { return .noContact }
        if last.reading.beatsPerMinute <= 0 { return .noContact }
        return .beats(last.reading.beatsPerMinute)
    }

    /// Whether the strap has skin contact at `now`: nil when it does not say, or has said
    /// nothing fresh.
    public func contact(at now: Date) -> Bool? {
        guard let last = lastReading, now.timeIntervalSince(last.at) <= Self.freshness else { return nil }
        switch last.reading.contact {
        case .unsupported: return nil
        case .detected: return true
        case .lost: return false
        }
    }

    /// Takes a reading from the strap. RR intervals are kept for the second they arrive in.
    /// - Returns: what to tell the user about the strap's data, each at most once a workout.
    @discardableResult
    public mutating func receive(_ reading: HeartRateReading, at now: Date) -> [SensorNotice] {
        noteInput(at: now)
        var verdict = check.check(reading, at: now)
        guard let kept = verdict.reading else { return verdict.notices }
        lastReading = (kept, now)
        guard !isPaused, !kept.rrIntervals.isEmpty else { return verdict.notices }
        if let until = backlogUntil, now <= until { return verdict.notices }
        if rrFlooded || pendingRR.count + kept.rrIntervals.count > ReadingCheck.maximumRRPerSecond {
            verdict.notices += check.countDropped(kept.rrIntervals.count + pendingRR.count)
            pendingRR.removeAll()
            rrFlooded = true
        } else {
            pendingRR += kept.rrIntervals
        }
        return verdict.notices
    }

    /// Notes that the program runs at `now`; a long silence before it was a stall.
    private mutating func noteInput(at now: Date) {
        if let last = lastInput, !isPaused, now.timeIntervalSince(last) > Self.stallLimit {
            stalls.append((last, now))
            backlogUntil = now.addingTimeInterval(1)
            pendingRR.removeAll()
        }
        if lastInput.map({ now > $0 }) ?? true { lastInput = now }
    }

    /// Whether the program did not run when the second ending at `secondEnd` ended.
    private func isStalled(_ secondEnd: Date) -> Bool {
        stalls.contains { secondEnd.timeIntervalSince($0.from) > 1 && secondEnd < $0.to }
    }

    /// Takes a footpod, cycling sensor or power meter reading: it counts for the seconds from
    /// one before its arrival to `freshness` after, like a heart rate. A reading no human can
    /// produce (`MotionCheck`) is dropped; the last possible one stays until it is stale.
    /// - Returns: what to tell the user about the sensor's data, at most once a workout.
    @discardableResult
    public mutating func receive(_ reading: SensorReading, at now: Date) -> [SensorNotice] {
        noteInput(at: now)
        let verdict = motionCheck.check(reading)
        guard verdict.plausible else { return verdict.notices }
        switch reading {
        case .running(let running): lastRunning = (running, now)
        case .cycling(let cycling): lastCycling = (cycling, now)
        case .power(let power): lastPower = (power, now)
        case .machine(let machine):
            lastMachine = (machine, now)
            machineType = machineType ?? machine.type
        }
        return []
    }

    /// Forgets a movement sensor's last reading (it dropped out).
    public mutating func motionLost(_ kind: SensorKind) {
        switch kind {
        case .footpod: lastRunning = nil
        case .cyclingSpeedCadence: lastCycling = nil
        case .powerMeter: lastPower = nil
        case .fitnessMachine: lastMachine = nil
        case .heartRateStrap: sensorLost()
        }
    }

    /// Speed, cadence, power and incline from the readings fresh at `moment`, to 1/256 m/s
    /// (`Motion.speedResolution`) and 0.1 % (`Motion.quantised(incline:)`); the incline only from
    /// a fitness machine. Speed and cadence come from the sensor made for the sport:
    /// on a ride the wheel, else the power meter's wheel and crank data, else a footpod; on a
    /// run (or any other workout) the footpod (as calibrated), else the bike's sensors.
    public func motion(at moment: Date) -> Motion {
        func fresh<T>(_ last: (reading: T, at: Date)?) -> T? {
            guard let last else { return nil }
            let age = moment.timeIntervalSince(last.at)
            return age <= Self.freshness && age >= -1 ? last.reading : nil
        }
        let running = fresh(lastRunning)
        let cycling = fresh(lastCycling)
        let power = fresh(lastPower)
        let machine = fresh(lastMachine)
        var motion = Motion()
        let footpodSpeed = running.map { $0.speed * footpodCalibration }
        let footpodCadence = running.map { Double($0.cadence) }
        let speed: Double?
        let cadence: Double?
        // A fitness machine measures its belt or flywheel itself: its speed comes first.
        if configuration.sport == .cycling {
            speed = machine?.speed ?? cycling?.speed ?? power?.speed ?? footpodSpeed
            cadence = cycling?.cadence ?? power?.cadence ?? machine?.cadence ?? footpodCadence
        } else {
            speed = machine?.speed ?? footpodSpeed ?? cycling?.speed ?? power?.speed
            cadence = footpodCadence ?? machine?.cadence ?? cycling?.cadence ?? power?.cadence
        }
        motion.speed = speed.map { Motion.quantised(speed: $0) }
        motion.cadence = cadence.map { Int($0.rounded()) }
        motion.power = (power?.power ?? machine?.power).map { max(0, $0) }
        motion.incline = machine?.incline.flatMap { $0.isFinite ? Motion.quantised(incline: $0) : nil }
        return motion
    }

    /// The fitness machine's last record, while it is fresh at `moment`: its incline, resistance
    /// and split, which `Motion` does not carry.
    public func machine(at moment: Date) -> MachineReading? {
        guard let last = lastMachine else { return nil }
        let age = moment.timeIntervalSince(last.at)
        return age <= Self.freshness && age >= -1 ? last.reading : nil
    }

    /// Seconds until the next distance readout at the speed of `now`, or nil when none is coming
    /// (no readouts by distance, or standing still).
    public func secondsToDistanceReadout(at now: Date) -> TimeInterval? {
        guard let next = totals.nextDistanceReadout, let speed = motion(at: now).speed, speed > 0 else { return nil }
        return max(0, next - (distance ?? 0)) / speed
    }

    public var averageCadence: Int? { totals.averageCadence }

    public var averagePower: Int? { totals.averagePower }

    /// Forgets the last reading (the sensor dropped out): nothing stale is counted.
    public mutating func sensorLost() {
        lastReading = nil
        pendingRR.removeAll()
    }

    /// What a tick produced: the samples of the seconds that ended, and whether a readout is due.
    public struct Progress: Equatable, Sendable {
        public var samples: [Sample] = []
        public var readoutDue = false
        /// A distance readout was passed: its number (1 for the first) and the split's seconds.
        public var distanceReadout: (number: Int, split: Int)?

        public static func == (left: Progress, right: Progress) -> Bool {
            left.samples == right.samples && left.readoutDue == right.readoutDue
                && left.distanceReadout?.number == right.distanceReadout?.number
                && left.distanceReadout?.split == right.distanceReadout?.split
        }
    }

    /// Lets time pass to `now`: one sample for each active second that ended.
    ///
    /// When several readout boundaries pass in one tick (the loop was stalled), one readout is
    /// due, not several: a late readout is worth less than silence.
    public mutating func advance(to now: Date) -> Progress {
        noteInput(at: now)
        var progress = Progress()
        let elapsedNow = elapsed(at: now)
        while Double(recordedSeconds + 1) <= elapsedNow + 1e-9 {
            recordedSeconds += 1
            // The wall-clock moment this second ended, for the freshness of the reading.
            let secondEnd = now.addingTimeInterval(Double(recordedSeconds) - elapsedNow)
            var heartRate: Int?
            let arrivedInTime = lastReading.map { secondEnd.timeIntervalSince($0.at) >= -1 } ?? false
            if arrivedInTime, !isStalled(secondEnd), case .beats(let beats) = Self.current(lastReading, at: secondEnd) {
                heartRate = beats
                totals.count(heartRate: beats, calories: calories)
            }
            let wallOffset = Int(secondEnd.timeIntervalSince(start).rounded())
            let motion = isStalled(secondEnd) ? Motion() : self.motion(at: secondEnd)
            if let passed = totals.count(motion, second: recordedSeconds) {
                // One readout per tick, as with time.
                progress.distanceReadout = passed
            }
            progress.samples.append(
                Sample(
                    elapsed: recordedSeconds, wallOffset: wallOffset, heartRate: heartRate, rrIntervals: pendingRR, motion: motion,
                    distance: distance))
            pendingRR.removeAll()
            rrFlooded = false
        }
        stalls.removeAll { $0.to <= now }
        if let interval = configuration.interval.seconds, var due = nextReadout, recordedSeconds >= due {
            while due <= recordedSeconds { due += interval }
            nextReadout = due
            progress.readoutDue = true
        }
        return progress
    }

    /// Stops the clock. Call `advance(to:)` first so the seconds before the pause are recorded.
    public mutating func pause(at now: Date) {
        guard !isPaused else { return }
        banked = elapsed(at: now)
        runningSince = nil
        isPaused = true
        pendingRR.removeAll()
        rrFlooded = false
    }

    public mutating func resume(at now: Date) {
        guard isPaused else { return }
        runningSince = now
        lastInput = now
        isPaused = false
    }

    /// The totals as stored; the configuration names the fitness machine, once one gave a reading.
    public func summary(id: Int64, state: WorkoutState) -> WorkoutSummary {
        var configuration = configuration
        configuration.machine = machineType
        var summary = WorkoutSummary(id: id, start: start, state: state, configuration: configuration, duration: recordedSeconds)
        totals.fill(&summary)
        return summary
    }
}
