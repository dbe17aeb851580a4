/// The file formats a workout can be exported to.
public enum ExportFormat: String, CaseIterable, Codable, Sendable {
    /// Garmin Training Center v2: Strava, Garmin Connect and GoldenCheetah import it.
    case tcx
    /// One row per second, for spreadsheets and heart-rate variability tools.
    case csv
    /// FIT activity: Garmin Connect, intervals.icu and GoldenCheetah read it, RR intervals included.
    case fit

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }
}

/// Renders a stored workout in an export format: the file's bytes, no files written.
public enum WorkoutExport {
    /// The whole file for `summary` and its `samples`.
    /// - Parameter timeZone: the zone of the CSV's wall-clock column (TCX and FIT times are UTC).
    public static func file(
        _ format: ExportFormat, summary: WorkoutSummary, samples: [Sample], timeZone: TimeZoneOffset = .utc
    ) -> [UInt8] {
        switch format {
        case .tcx: Array(TCXWriter.document(summary: summary, samples: samples).utf8)
        case .csv: Array(CSVWriter.document(summary: summary, samples: samples, timeZone: timeZone).utf8)
        case .fit: FITWriter.file(summary: summary, samples: samples)
        }
    }
}
