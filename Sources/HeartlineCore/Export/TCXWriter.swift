/// Writes a workout as a Garmin Training Center v2 (TCX) activity: Strava, Garmin Connect and
/// GoldenCheetah import it.
///
/// Element order follows TrainingCenterDatabasev2.xsd exactly (importers validate it):
/// Activities / Activity Sport="Running", "Biking" or "Other" / Id / Lap StartTime /
/// TotalTimeSeconds / DistanceMeters / MaximumSpeed / Calories / AverageHeartRateBpm /
/// MaximumHeartRateBpm / Intensity / Cadence / TriggerMethod / Track / Trackpoint (Time,
/// DistanceMeters, HeartRateBpm, Cadence, Extensions) / Extensions; after the laps, Creator.
/// Every sample is a trackpoint, timed when its second ended; a second without a heart rate, speed or cadence is a trackpoint
/// without that element, so gaps stay visible. There is no GPS, so there are no positions; a
/// lap's DistanceMeters (required) is what the footpod or wheel measured in it, else 0.
///
/// Cadence and power go where Garmin's own files put them: a ride's crank cadence in the
/// trackpoint's and lap's Cadence; a run's in the ActivityExtension v2 (TPX RunCadence, and LX
/// AvgRunCadence and MaxRunCadence per lap), per foot, that is half the steps a minute; speed and
/// watts in TPX Speed and Watts, and per lap in LX AvgSpeed, AvgWatts and MaxWatts. A workout
/// without any of them is written exactly as before there were sports.
///
/// A workout on a fitness machine is indoor: no positions, the machine's sport (a treadmill's
/// running, a smart trainer's biking, a rower's other), its speed, cadence and watts as above. The
/// schema has no place for a treadmill's incline; the FIT export carries it.
///
/// Laps (see `Laps`): one for the whole workout, or one per phase of its interval training plan
/// (warm-up, each work and rest, cool-down; rests are "Resting") and one more for any time after
/// the plan ended, each cut again where the user pressed the lap key ("Manual") or, without a
/// plan, at each distance readout ("Distance").
public enum TCXWriter {
    public static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let schemaLocation = namespace + " http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd"
    /// Garmin's ActivityExtension v2, written with the prefix `ax`.
    public static let extensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

    public static func document(summary: WorkoutSummary, samples: [Sample]) -> String {
        let start = Timestamp.unixSeconds(summary.start)
        // An unfinished workout's summary may lag its samples: the samples are the record.
        let duration = max(summary.duration, samples.last?.elapsed ?? 0)
        let spans = summary.lapSpans(duration: duration)
        let groups = group(samples, into: spans)
        let calories = apportion(
            max(0, min(Int(UInt16.max), Int((summary.calories ?? 0).rounded()))),
            by: groups.map(calorieWeight))

        var xml = ""
        xml.reserveCapacity(samples.count * 100 + 1024)
        xml += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<TrainingCenterDatabase xmlns="\#(namespace)" "#
        xml += #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" "#
        let running = summary.configuration.sport == .running
        // Any movement can make a lap's LX (a ride's cadence alone gives MaxBikeCadence).
        let extended = samples.contains { !$0.motion.isEmpty }
        if extended { xml += #"xmlns:ax="\#(extensionNamespace)" "# }
        xml += #"xsi:schemaLocation="\#(schemaLocation)">"# + "\n"
        xml += "  <Activities>\n"
        xml += #"    <Activity Sport="\#(sport(summary.configuration.sport, on: summary.configuration.machine))">"# + "\n"
        xml += "      <Id>\(Timestamp.iso8601(start))</Id>\n"
        var previous = (elapsed: 0, wallOffset: 0, distance: 0.0)
        for (index, lap) in spans.enumerated() {
            let lapSamples = groups[index]
            // The wall clock when the lap's first active second began: pauses before it counted.
            let anchor =
                lapSamples.first.map { (elapsed: $0.elapsed - 1, wallOffset: $0.wallOffset - 1) } ?? (
                    elapsed: previous.elapsed, wallOffset: previous.wallOffset
                )
            let lapStart = start + anchor.wallOffset - (anchor.elapsed - lap.start)
            let rates = lapSamples.compactMap(\.heartRate)
            let single = spans.count == 1
            let average = single ? summary.averageHeartRate ?? mean(rates) : mean(rates)
            let maximum = single ? summary.maximumHeartRate ?? rates.max() : rates.max()

            xml += #"      <Lap StartTime="\#(Timestamp.iso8601(lapStart))">"# + "\n"
            let movement = LapMotion(lapSamples, from: previous.distance)
            xml += "        <TotalTimeSeconds>\(lap.duration)</TotalTimeSeconds>\n"
            xml += "        <DistanceMeters>\(DecimalText.write(movement.distance, places: 2))</DistanceMeters>\n"
            if let fastest = movement.maximumSpeed {
                xml += "        <MaximumSpeed>\(DecimalText.write(fastest, places: 3))</MaximumSpeed>\n"
            }
            xml += "        <Calories>\(calories[index])</Calories>\n"
            if let average { xml += "        <AverageHeartRateBpm><Value>\(byte(average))</Value></AverageHeartRateBpm>\n" }
            if let maximum { xml += "        <MaximumHeartRateBpm><Value>\(byte(maximum))</Value></MaximumHeartRateBpm>\n" }
            xml += "        <Intensity>\(lap.resting ? "Resting" : "Active")</Intensity>\n"
            if !running, let cadence = movement.averageCadence { xml += "        <Cadence>\(cadenceValue(cadence))</Cadence>\n" }
            xml += "        <TriggerMethod>\(trigger(lap.trigger))</TriggerMethod>\n"
            if !lapSamples.isEmpty {
                xml += "        <Track>\n"
                for sample in lapSamples {
                    xml += "          <Trackpoint><Time>"
                    xml += Timestamp.iso8601(start + sample.wallOffset)
                    xml += "</Time>"
                    if let distance = sample.distance, distance.isFinite {
                        xml += "<DistanceMeters>"
                        xml += DecimalText.write(distance, places: 2)
                        xml += "</DistanceMeters>"
                    }
                    if let heartRate = sample.heartRate, (1...255).contains(heartRate) {
                        xml += "<HeartRateBpm><Value>"
                        xml += String(heartRate)
                        xml += "</Value></HeartRateBpm>"
                    }
                    if !running, let cadence = sample.motion.cadence {
                        xml += "<Cadence>\(cadenceValue(cadence))</Cadence>"
                    }
                    xml += trackpointExtension(sample.motion, running: running)
                    xml += "</Trackpoint>\n"
                }
                xml += "        </Track>\n"
                previous = (lapSamples.last!.elapsed, lapSamples.last!.wallOffset, movement.endDistance)
            }
            xml += lapExtension(movement, running: running)
            xml += "      </Lap>\n"
        }
        xml += creator
        xml += "    </Activity>\n"
        xml += "  </Activities>\n"
        xml += "</TrainingCenterDatabase>\n"
        return xml
    }

    /// Activity_t's Creator, a Device_t as the schema asks (no unit or product number: 0), so
    /// that an importer names Heartline as the recorder (GoldenCheetah's TcxParser names the
    /// device by it, and otherwise takes it for a Garmin).
    static var creator: String {
        let numbers = HeartlineRelease.version.split(separator: ".").map { Int($0).map { min($0, Int(UInt16.max)) } ?? 0 }
        let major = numbers.first ?? 0
        let minor = numbers.dropFirst().first ?? 0
        let build = numbers.dropFirst(2).first ?? 0
        return #"      <Creator xsi:type="Device_t">"# + "\n"
            + "        <Name>\(HeartlineRelease.name)</Name>\n"
            + "        <UnitId>0</UnitId>\n"
            + "        <ProductID>0</ProductID>\n"
            + "        <Version><VersionMajor>\(major)</VersionMajor><VersionMinor>\(minor)</VersionMinor>"
            + "<BuildMajor>\(build)</BuildMajor><BuildMinor>0</BuildMinor></Version>\n"
            + "      </Creator>\n"
    }

    /// Activity_t's Sport: the schema knows running, biking and other; on a fitness machine the
    /// machine's (a rower's is other).
    static func sport(_ sport: Sport, on machine: MachineType? = nil) -> String {
        switch (machine, sport) {
        case (.treadmill, _), (nil, .running): "Running"
        case (.indoorBike, _), (nil, .cycling): "Biking"
        case (.rower, _), (nil, .rowing), (nil, .other): "Other"
        }
    }

    /// A trackpoint's TPX: speed, a run's cadence per foot, and watts; nothing when it has none.
    private static func trackpointExtension(_ motion: Motion, running: Bool) -> String {
        let speed = motion.speed.flatMap { $0.isFinite ? max(0, $0) : nil }
        let runCadence = running ? motion.cadence.map(perFoot) : nil
        guard speed != nil || runCadence != nil || motion.power != nil else { return "" }
        var xml = "<Extensions><ax:TPX>"
        if let speed { xml += "<ax:Speed>\(DecimalText.write(speed, places: 3))</ax:Speed>" }
        if let runCadence { xml += "<ax:RunCadence>\(cadenceValue(runCadence))</ax:RunCadence>" }
        if let power = motion.power { xml += "<ax:Watts>\(min(Int(UInt16.max), max(0, power)))</ax:Watts>" }
        return xml + "</ax:TPX></Extensions>"
    }

    /// A lap's LX: average speed, cadence and watts, in the schema's order; nothing without them.
    private static func lapExtension(_ movement: LapMotion, running: Bool) -> String {
        var fields = ""
        if let speed = movement.averageSpeed { fields += "<ax:AvgSpeed>\(DecimalText.write(speed, places: 3))</ax:AvgSpeed>" }
        if !running, let cadence = movement.maximumCadence { fields += "<ax:MaxBikeCadence>\(cadenceValue(cadence))</ax:MaxBikeCadence>" }
        if running, let average = movement.averageCadence, let maximum = movement.maximumCadence {
            fields += "<ax:AvgRunCadence>\(cadenceValue(perFoot(average)))</ax:AvgRunCadence>"
            fields += "<ax:MaxRunCadence>\(cadenceValue(perFoot(maximum)))</ax:MaxRunCadence>"
        }
        if let average = movement.averagePower, let maximum = movement.maximumPower {
            fields += "<ax:AvgWatts>\(min(Int(UInt16.max), max(0, average)))</ax:AvgWatts>"
            fields += "<ax:MaxWatts>\(min(Int(UInt16.max), max(0, maximum)))</ax:MaxWatts>"
        }
        return fields.isEmpty ? "" : "        <Extensions><ax:LX>" + fields + "</ax:LX></Extensions>\n"
    }

    /// Steps a minute as Garmin counts a run's cadence: strides of one foot, half the steps.
    static func perFoot(_ steps: Int) -> Int { Int((Double(steps) / 2).rounded()) }

    /// CadenceValue_t: 0 to 254.
    private static func cadenceValue(_ cadence: Int) -> Int { min(254, max(0, cadence)) }

    /// The samples of each lap, in order; a sample belongs to the lap its second ended in.
    static func group(_ samples: [Sample], into laps: [Laps.Lap]) -> [ArraySlice<Sample>] {
        var groups: [ArraySlice<Sample>] = []
        var index = samples.startIndex
        for (number, lap) in laps.enumerated() {
            let first = index
            let isLast = number == laps.count - 1
            while index < samples.endIndex, isLast || samples[index].elapsed <= lap.end { index += 1 }
            groups.append(samples[first..<index])
        }
        return groups
    }

    /// How much of the workout's calories a lap's seconds burned, relative to the others: Keytel's
    /// rate for an average adult at each second's heart rate. Only the shares matter; the laps
    /// always add up to the workout's own total.
    static func calorieWeight(_ samples: ArraySlice<Sample>) -> Double {
        let model = CalorieModel(profile: Profile())
        return samples.reduce(0) { total, sample in
            total + (sample.heartRate.map { model.kilocaloriesPerMinute(heartRate: $0) } ?? 0)
        }
    }

    /// Splits `total` into whole parts in proportion to `weights` (equal parts when every weight
    /// is zero), by largest remainder, so the parts add up to `total` exactly.
    static func apportion(_ total: Int, by weights: [Double]) -> [Int] {
        guard !weights.isEmpty else { return [] }
        let sum = weights.reduce(0, +)
        let shares = sum > 0 ? weights.map { Double(total) * $0 / sum } : weights.map { _ in Double(total) / Double(weights.count) }
        var parts = shares.map { Int($0.rounded(.down)) }
        let byRemainder = shares.indices.sorted { shares[$0] - Double(parts[$0]) > shares[$1] - Double(parts[$1]) }
        for index in byRemainder.prefix(total - parts.reduce(0, +)) { parts[index] += 1 }
        return parts
    }

    private static func mean(_ rates: [Int]) -> Int? {
        rates.isEmpty ? nil : Int((Double(rates.reduce(0, +)) / Double(rates.count)).rounded())
    }

    /// TriggerMethod_t: Manual, Distance, Location, Time, HeartRate.
    static func trigger(_ trigger: Laps.Trigger) -> String {
        switch trigger {
        case .manual: "Manual"
        case .time: "Time"
        case .distance: "Distance"
        }
    }

    /// The schema's heart rates are 1 to 255.
    private static func byte(_ value: Int) -> Int { min(255, max(1, value)) }
}

/// What moved in one lap: its distance, and its speeds, cadences and powers.
struct LapMotion {
    /// Metres covered in the lap: from the distance at its start to the last one known in it.
    var distance = 0.0
    /// The last distance known by the lap's end (the start's when none is known in it).
    var endDistance: Double
    var maximumSpeed: Double?
    var averageSpeed: Double?
    var averageCadence: Int?
    var maximumCadence: Int?
    var averagePower: Int?
    var maximumPower: Int?

    init(_ samples: ArraySlice<Sample>, from startDistance: Double) {
        endDistance = samples.last { $0.distance?.isFinite == true }?.distance ?? startDistance
        distance = max(0, endDistance - startDistance)
        let speeds = samples.compactMap { $0.motion.speed.flatMap { $0.isFinite ? max(0, $0) : nil } }
        maximumSpeed = speeds.max()
        averageSpeed = speeds.isEmpty ? nil : speeds.reduce(0, +) / Double(speeds.count)
        let cadences = samples.compactMap(\.motion.cadence)
        averageCadence = Self.mean(cadences)
        maximumCadence = cadences.max()
        let powers = samples.compactMap(\.motion.power)
        averagePower = Self.mean(powers)
        maximumPower = powers.max()
    }

    static func mean(_ values: [Int]) -> Int? {
        values.isEmpty ? nil : Int((Double(values.reduce(0, +)) / Double(values.count)).rounded())
    }
}
