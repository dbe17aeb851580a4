import Foundation

/// Why storage failed, in terms the core can say in one sentence.
public enum StorageError: Error, Equatable, Sendable {
    /// The disk is full (ENOSPC, a quota, or the file-size limit); unsaved samples are kept in
    /// memory and written when space returns.
    case diskFull
    /// The card or disk fails to write or read (EIO and the like): unsaved samples are kept in
    /// memory and writing is tried again, less and less often. SQLite's or the system's words.
    case deviceFailing(String)
    /// The data directory, or a file Heartline keeps in it, cannot be written (a read-only file
    /// system, or permissions). The system's words for the log.
    case notWritable(String)
    /// The database was written by a newer Heartline, whose schema this one does not know.
    case newerDatabase(String)
    /// Another Heartline holds the data directory.
    case locked
    /// The database could not be read; it was moved aside to `movedTo` and a fresh one started.
    case corrupt(movedTo: String)
    /// Any other failure, with SQLite's or the system's own words for the log.
    case failed(String)
}

extension StorageError {
    /// Whether the card or disk failed the call.
    public var isDeviceFailure: Bool {
        if case .deviceFailing = self { true } else { false }
    }

    /// Whether writes that failed with this error are held in memory and tried again: the disk
    /// is full or failing, which may pass; anything else is not waited for.
    public var isHeldForRetry: Bool {
        switch self {
        case .diskFull, .deviceFailing: true
        case .locked, .corrupt, .failed, .notWritable, .newerDatabase: false
        }
    }
}

/// The kinds of storage trouble the user is told of, each in its own sentence.
enum StorageTrouble: Equatable {
    /// No space: ENOSPC, a quota, the file-size limit.
    case diskFull
    /// The card or disk refuses writes: EIO and the like.
    case deviceFailing
    /// Anything else.
    case failed

    init(_ error: any Error) {
        switch error as? StorageError {
        case .diskFull: self = .diskFull
        case .deviceFailing: self = .deviceFailing
        case .locked, .corrupt, .failed, .notWritable, .newerDatabase, nil: self = .failed
        }
    }
}

/// What of one workout is held only in memory, waiting for disk space: what a sentence about
/// storage may claim is written is everything else.
public struct UnwrittenWork: Equatable, Sendable {
    /// Seconds of the workout appended but not on disk.
    public var seconds: Int
    /// The workout itself is not on disk: it was begun while the disk was full.
    public var workout: Bool
    /// Its latest totals and state (paused, ended, saved) are not on disk.
    public var summary: Bool

    public init(seconds: Int = 0, workout: Bool = false, summary: Bool = false) {
        self.seconds = seconds
        self.workout = workout
        self.summary = summary
    }

    /// Everything of the workout is on disk.
    public var isEmpty: Bool { seconds == 0 && !workout && !summary }
}
