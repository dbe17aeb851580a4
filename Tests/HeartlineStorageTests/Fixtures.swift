import Foundation
import HeartlineCore
@testable import HeartlineStorage

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` with a fresh private directory under /tmp, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    var template = Array("/tmp/heartline-storage-tests-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let path = String(cString: created)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// A clock that moves only when the test says so.
final class ManualClock {
    var now: Date

    init(_ now: Date = Date(timeIntervalSince1970: 1_773_480_900)) {  // 2026-03-14 09:35 UTC
        self.now = now
    }

    func advance(_ seconds: TimeInterval) { now += seconds }
}

extension SQLiteStore {
    /// A store whose batching clock is `clock`.
    convenience init(directory: String, clock: ManualClock) throws {
        try self.init(directory: directory, now: { clock.now })
    }
}

/// Steady one-per-second samples, `elapsed` from `first`, with a heart rate and one RR interval.
func steadySamples(_ range: ClosedRange<Int>, heartRate: Int = 120) -> [Sample] {
    range.map { Sample(elapsed: $0, wallOffset: $0, heartRate: heartRate + $0 % 7, rrIntervals: [512 + $0 % 13]) }
}

/// The samples of `workout` a separate connection can see: what is committed, not what is buffered.
func committedSampleCount(in directory: String, workout: Int64) throws -> Int {
    let reader = try Database(path: directory + "/heartline.sqlite", readOnly: true)
    return try reader.queryFirst(
        "SELECT coalesce(sum(count), 0) FROM sample_chunks WHERE workout = ?", [.integer(workout)]
    ) { $0.int(0) } ?? 0
}

/// The permission bits of `path`.
func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

let sampleConfiguration = WorkoutConfiguration(metrics: [.time, .heartRate], interval: .minutes5)
