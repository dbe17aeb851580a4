/// Writes a workout as a Garmin Training Center v2 (TCX) activity: Strava, Garmin Connect and
/// GoldenCheetah import it.
///
/// Element order follows TrainingCenterDatabasev2.xsd exactly (importers validate it):
/// Activities / Activity Sport="Other" / Id / Lap StartTime / TotalTimeSeconds / DistanceMeters /
/// Calories / AverageHeartRateBpm / MaximumHeartRateBpm / Intensity / TriggerMethod / Track /
/// Trackpoint (Time, HeartRateBpm). Every sample is a trackpoint, timed when its second ended;
/// a second without a heart rate is a trackpoint without HeartRateBpm, so gaps stay visible.
/// There is no GPS, so DistanceMeters (required) is 0 and there are no positions.
///
/// Laps (see `Laps`): one for the whole workout, or one per phase of its interval training plan
/// (warm-up, each work and rest, cool-down; rests are "Resting") and one more for any time after
/// the plan ended, each cut again where the user pressed the lap key ("Manual").
public enum TCXWriter {
    public static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
    static let schemaLocation = namespace + " http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd"

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
        xml += #"xsi:schemaLocation="\#(schemaLocation)">"# + "\n"
        xml += "  <Activities>\n"
        xml += #"    <Activity Sport="Other">"# + "\n"
        xml += "      <Id>\(Timestamp.iso8601(start))</Id>\n"
        var previous = (elapsed: 0, wallOffset: 0)
        for (index, lap) in spans.enumerated() {
            let lapSamples = groups[index]
            // The wall clock when the lap's first active second began: pauses before it counted.
            let anchor = lapSamples.first.map { (elapsed: $0.elapsed - 1, wallOffset: $0.wallOffset - 1) } ?? previous
            let lapStart = start + anchor.wallOffset - (anchor.elapsed - lap.start)
            let rates = lapSamples.compactMap(\.heartRate)
            let single = spans.count == 1
            let average = single ? summary.averageHeartRate ?? mean(rates) : mean(rates)
            let maximum = single ? summary.maximumHeartRate ?? rates.max() : rates.max()

            xml += #"      <Lap StartTime="\#(Timestamp.iso8601(lapStart))">"# + "\n"
            xml += "        <TotalTimeSeconds>\(lap.duration)</TotalTimeSeconds>\n"
            xml += "        <DistanceMeters>0</DistanceMeters>\n"
            xml += "        <Calories>\(calories[index])</Calories>\n"
            if let average { xml += "        <AverageHeartRateBpm><Value>\(byte(average))</Value></AverageHeartRateBpm>\n" }
            if let maximum { xml += "        <MaximumHeartRateBpm><Value>\(byte(maximum))</Value></MaximumHeartRateBpm>\n" }
            xml += "        <Intensity>\(lap.resting ? "Resting" : "Active")</Intensity>\n"
            xml += "        <TriggerMethod>\(trigger(lap.trigger))</TriggerMethod>\n"
            if !lapSamples.isEmpty {
                xml += "        <Track>\n"
                for sample in lapSamples {
                    xml += "          <Trackpoint><Time>"
                    xml += Timestamp.iso8601(start + sample.wallOffset)
                    xml += "</Time>"
                    if let heartRate = sample.heartRate, (1...255).contains(heartRate) {
                        xml += "<HeartRateBpm><Value>"
                        xml += String(heartRate)
                        xml += "</Value></HeartRateBpm>"
                    }
                    xml += "</Trackpoint>\n"
                }
                xml += "        </Track>\n"
                previous = (lapSamples.last!.elapsed, lapSamples.last!.wallOffset)
            }
            xml += "      </Lap>\n"
        }
        xml += "    </Activity>\n"
        xml += "  </Activities>\n"
        xml += "</TrainingCenterDatabase>\n"
        return xml
    }

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
