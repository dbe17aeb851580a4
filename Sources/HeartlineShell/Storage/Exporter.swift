#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import HeartlineCore
import HeartlineStorage

/// Why an export wrote nothing.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// No workout has this id.
    case noSuchWorkout(Int64)
    /// The file could not be written: the path and the system's reason.
    case cannotWrite(path: String, reason: String)
    /// The disk is full.
    case diskFull(path: String)
    /// Reading the workout failed.
    case storage(StorageError)

    public var description: String {
        switch self {
        case .noSuchWorkout(let id): "there is no workout \(id)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .diskFull(let path): "the disk is full; \(path) was not written"
        case .storage(let error): "cannot read the workout: \(error)"
        }
    }
}

/// Writes stored workouts to TCX or CSV files: the file side of `WorkoutExport`.
///
/// Files are named by the workout's start in local time, `heartline-2026-11-29-0730.tcx`; a second
/// workout that started in the same minute gets `-2`, and so on, by id, so exporting the same
/// workout again replaces its own file and never another's. Files are 0600 (health data), written
/// to a temporary name and renamed, so a reader never sees half a file.
public final class WorkoutExporter {
    private let store: WorkoutStore
    private let timeZone: TimeZone
    private var calendar: Calendar

    /// - Parameters:
    ///   - store: where the workouts are.
    ///   - timeZone: the zone of file names and of the CSV's times (TCX times are UTC).
    public init(store: WorkoutStore, timeZone: TimeZone = .current) {
        self.store = store
        self.timeZone = timeZone
        calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
    }

    /// Exports workout `id` as `format` into `directory` (created 0700 if missing).
    /// - Returns: the path of the file written.
    /// - Throws: `ExportError`.
    public func export(_ id: Int64, format: ExportFormat, to directory: String) throws -> String {
        let made = try file(id, format: format)
        let path = (directory as NSString).appendingPathComponent(made.name)
        try Self.createDirectory(directory)
        try Self.writePrivately(made.bytes, to: path)
        return path
    }

    /// Workout `id` as a file of `format`: its summary, the file's name and its bytes.
    /// - Throws: `ExportError`.
    public func file(_ id: Int64, format: ExportFormat) throws -> (summary: WorkoutSummary, name: String, bytes: [UInt8]) {
        let summary: WorkoutSummary
        let samples: [Sample]
        do {
            guard let found = try store.workout(id) else { throw ExportError.noSuchWorkout(id) }
            summary = found
            samples = try store.samples(of: id)
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.storage(error as? StorageError ?? .failed(String(describing: error)))
        }
        let bytes = WorkoutExport.file(format, summary: summary, samples: samples, timeZone: .zone(timeZone))
        return (summary, try fileName(for: summary, format: format), bytes)
    }

    /// Workout `id` as a file of `format`: its name in the export folder and its bytes.
    /// - Throws: `ExportError`.
    public func rendered(_ id: Int64, format: ExportFormat) throws -> (name: String, bytes: [UInt8]) {
        let made = try file(id, format: format)
        return (made.name, made.bytes)
    }

    /// "heartline-2026-11-29-0730.tcx", with "-2", "-3" for later workouts of the same minute.
    func fileName(for summary: WorkoutSummary, format: ExportFormat) throws -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: summary.start)
        let base = String(
            format: "heartline-%04d-%02d-%02d-%02d%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!)
        let minute =
            calendar.dateInterval(of: .minute, for: summary.start)
            ?? DateInterval(start: summary.start, duration: 60)
        var sameMinute = ((try? store.savedWorkouts(startingIn: minute)) ?? []).map(\.id)
        if !sameMinute.contains(summary.id) { sameMinute.append(summary.id) }
        let rank = sameMinute.sorted().firstIndex(of: summary.id)!
        return base + (rank == 0 ? "" : "-\(rank + 1)") + "." + format.fileExtension
    }

    static func createDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ExportError.cannotWrite(path: path, reason: "not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ExportError.cannotWrite(path: path, reason: "cannot create the directory")
        }
    }

    /// Writes `bytes` to a 0600 temporary file beside `path`, then renames it into place.
    static func writePrivately(_ bytes: [UInt8], to path: String) throws {
        let temporary = (path as NSString).deletingLastPathComponent + "/.heartline-export-\(getpid())-\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path) }
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = failure(path)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        // Closing reports a deferred write error (NFS, a full disk) that write did not.
        if close(descriptor) != 0 {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    private static func failure(_ path: String) -> ExportError {
        let code = errno
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: path) }
        return .cannotWrite(path: path, reason: String(cString: strerror(code)))
    }
}
