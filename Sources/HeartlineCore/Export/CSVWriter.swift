/// Writes a workout's samples as CSV: a header, then one row per second of active time.
///
/// Columns: active seconds since the start (paused time not counted), the wall-clock time the
/// second ended (ISO 8601), the heart rate in beats per minute (empty when there was none), and
/// the RR intervals that arrived in that second in milliseconds, separated by spaces (empty when
/// none). No field ever needs quoting.
public enum CSVWriter {
    public static let header = "elapsed_seconds,time,heart_rate_bpm,rr_intervals_ms"

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
            text += "\n"
        }
        return text
    }

    /// An RR interval in 1/1024 s (as straps send it) to whole milliseconds, rounded.
    static func milliseconds(_ interval: Int) -> Int {
        Int((Double(interval) * 1000 / 1024).rounded())
    }
}
