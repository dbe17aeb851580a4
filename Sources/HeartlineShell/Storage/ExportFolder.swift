import Foundation
import HeartlineCore
import HeartlineStorage

/// Where exports from the workout details screen go: `$HEARTLINE_EXPORT_DIR`, or the folder
/// heartline-exports in the home folder.
struct ExportFolder {
    let path: String
    let exporter: WorkoutExporter

    init(environment: [String: String], store: WorkoutStore) {
        if let explicit = environment["HEARTLINE_EXPORT_DIR"], !explicit.isEmpty {
            path = explicit
        } else {
            path = (environment["HOME"] ?? NSHomeDirectory()) + "/heartline-exports"
        }
        exporter = WorkoutExporter(store: store)
    }

    /// The folder's own name, which is what is said (a whole path is no sentence).
    var spokenName: String { (path as NSString).lastPathComponent }

    /// Exports and turns the outcome into the core's input.
    func export(_ id: Int64, format: ExportFormat) -> Input {
        do {
            let written = try exporter.export(id, format: format, to: path)
            return .exported(format, file: (written as NSString).lastPathComponent, folder: spokenName)
        } catch let error as ExportError {
            if case .diskFull = error { return .exportFailed(diskFull: true, folder: spokenName) }
            return .exportFailed(diskFull: false, folder: spokenName)
        } catch {
            return .exportFailed(diskFull: false, folder: spokenName)
        }
    }
}
