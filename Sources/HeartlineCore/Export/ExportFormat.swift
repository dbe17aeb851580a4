/// The file formats a workout can be exported to.
public enum ExportFormat: String, CaseIterable, Codable, Sendable {
    /// Garmin Training Center v2: Strava, Garmin Connect and GoldenCheetah import it.
    case tcx
    /// One row per second, for spreadsheets and heart-rate variability tools.
    case csv

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }
}

/// Renders a stored workout in an export format: pure text, no files.
public enum WorkoutExport {
    /// The whole file for `summary` and its `samples`.
    /// - Parameter timeZone: the zone of the CSV's wall-clock column (TCX times are always UTC).
    public static func document(
        _ format: ExportFormat, summary: WorkoutSummary, samples: [Sample], timeZone: TimeZoneOffset = .utc
    ) -> String {
        switch format {
        case .tcx: TCXWriter.document(summary: summary, samples: samples)
        case .csv: CSVWriter.document(summary: summary, samples: samples, timeZone: timeZone)
        }
    }
}
