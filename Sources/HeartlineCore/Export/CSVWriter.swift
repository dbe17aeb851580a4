/// Writes a workout's samples as CSV: a header, then one row per second of active time.
///
/// Columns: active seconds since the start (paused time not counted), the wall-clock time the
/// second ended (ISO 8601), the heart rate in beats per minute (empty when there was none), and
/// the RR intervals that arrived in that second in milliseconds, separated by spaces (empty when
/// none); then, added after those four so that older readers keep working, the speed in metres
/// per second (to the millimetre), the cadence (steps a minute running, crank revolutions a
/// minute cycling), the power in watts and the distance from the start in metres (to the
/// centimetre), each empty when unknown. No field ever needs quoting.
public enum CSVWriter {
    public static let header = "elapsed_seconds,time,heart_rate_bpm,rr_intervals_ms,speed_m_s,cadence,power_w,distance_m"

    public static func document(summary: WorkoutSummary, samples: [Sample], timeZone: TimeZoneOffset = .utc) -> String {
        let start = Timestamp.unixSeconds(summary.start)
        var text = header + "\n"
        text.reserveCapacity(samples.count * 48 + 64)
        for sample in samples {
            text += String(sample.elapsed)
            text += ","
            text += Timestamp.iso8601(start + sample.wallOffset, in: timeZone)
            text += ","
            if let heartRate = sample.heartRate { text += String(heartRate) }
            text += ","
            text += sample.rrIntervals.map { String(milliseconds($0)) }.joined(separator: " ")
            text += ","
            if let speed = sample.motion.speed, speed.isFinite { text += DecimalText.write(speed, places: 3) }
            text += ","
            if let cadence = sample.motion.cadence { text += String(cadence) }
            text += ","
            if let power = sample.motion.power { text += String(power) }
            text += ","
            if let distance = sample.distance, distance.isFinite { text += DecimalText.write(distance, places: 2) }
            text += "\n"
        }
        return text
    }

    /// An RR interval in 1/1024 s (as straps send it) to whole milliseconds, rounded.
    static func milliseconds(_ interval: Int) -> Int {
        Int((Double(interval) * 1000 / 1024).rounded())
    }
}
