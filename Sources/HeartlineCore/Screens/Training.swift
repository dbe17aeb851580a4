import Foundation

/// What records in time: the workout, the recovery measured after it ends, a resting check.
struct Training: Sendable {
    var workout: ActiveWorkout?
    /// The recovery after the last end is being measured: the strap is still listened to.
    var recovery: RecoveryWatch?
    /// A resting check under way.
    var resting: RestingMeasurement?
    /// A readout that came due while an announcement was said: said after it while fresh.
    var pendingReadout: Date?
    /// An interval readout that came due a few seconds before a distance readout: held so that
    /// both are said once, the split first.
    var heldReadout: Date?
    /// A distance readout passed while a question or a typed line waited: said when it is done.
    var unsaidSplit: (number: Int, split: Int)?
    /// When the last distance readout was said: an interval readout due soon after is said in it.
    var lastDistanceReadout: Date?
    /// Whether "no strap connected" was said for this workout.
    var saidNoStrap = false

    /// Whether the user heard this workout start without a strap: its arrival is news.
    var awaitsStrap: Bool { workout != nil && saidNoStrap }

    /// Whether time and the strap are needed.
    var isRecording: Bool { workout != nil || recovery != nil || resting != nil }
}
