import Foundation

/// Something wrong with the strap's data that the user hears once, as a notice.
public enum SensorNotice: Equatable, Sendable {
    /// Values no heart can produce were dropped ("The strap sends readings that cannot be right.").
    case implausible
    /// One exact heart rate for a minute while the beat-to-beat intervals stopped: the strap may
    /// be repeating its last value instead of measuring.
    case possiblyStuck
    /// Values no human can produce came from a footpod, a bike sensor or a power meter and were
    /// dropped ("The footpod sends readings that cannot be right.").
    case implausibleMotion(SensorKind)
}

/// Sorts a strap's readings into what a heart can produce and what it cannot.
///
/// A heart beats between 25 and 250 times a minute, so a beat-to-beat (RR) interval lasts
/// between 250 and 2500 milliseconds, and no more than five of them fit in a second. Values
/// outside those bounds (a 16-bit 65535, a flood of 120 intervals in one notification) are
/// dropped and counted; an irregular but possible beat is kept for the heart-rate variability
/// analysis to judge. 0 beats per minute is what straps send without skin contact: no reading,
/// not an impossible one.
public struct ReadingCheck: Sendable {
    public static let heartRates = 25...250
    public static let rrMilliseconds = 250...2500
    /// More RR intervals than this in one second cannot all be beats.
    public static let maximumRRPerSecond = 5
    /// How long one exact value must repeat, with no RR intervals, to sound stuck.
    public static let stuckAfter: TimeInterval = 60

    /// Values dropped so far: heart rates and RR intervals.
    public private(set) var dropped = 0
    private var saidImplausible = false
    private var saidStuck = false
    /// Whether the strap ever sent RR intervals: only then does their stopping mean something.
    private var sendsRR = false
    /// The value repeated without RR intervals, and since when.
    private var repeated: (beatsPerMinute: Int, since: Date)?

    public init() {}

    /// Whether an RR interval (in 1/1024 s) is one a heart can produce.
    public static func isPlausible(rrInterval: Int) -> Bool {
        let milliseconds = Double(rrInterval) * 1000 / 1024
        return milliseconds >= Double(rrMilliseconds.lowerBound) && milliseconds <= Double(rrMilliseconds.upperBound)
    }

    /// What of `reading` may be used.
    public struct Verdict: Equatable, Sendable {
        /// The reading with its impossible parts taken out; nil when its heart rate is impossible
        /// (it then tells nothing about the heart, nor about contact).
        public var reading: HeartRateReading?
        /// Its plausible RR intervals, in order.
        public var rrIntervals: [Int]
        /// What to say about it, at most once each.
        public var notices: [SensorNotice] = []
    }

    /// Checks one notification that arrived at `now`.
    public mutating func check(_ reading: HeartRateReading, at now: Date) -> Verdict {
        var rrIntervals = reading.rrIntervals.filter(Self.isPlausible(rrInterval:))
        var droppedHere = reading.rrIntervals.count - rrIntervals.count
        if rrIntervals.count > Self.maximumRRPerSecond {
            // Nothing tells which of them would be the real beats.
            droppedHere += rrIntervals.count
            rrIntervals = []
        }
        var kept: HeartRateReading? = reading
        kept?.rrIntervals = rrIntervals
        let beats = reading.beatsPerMinute
        if beats != 0, !Self.heartRates.contains(beats) {
            droppedHere += 1
            kept = nil
        }
        var verdict = Verdict(reading: kept, rrIntervals: rrIntervals)
        if droppedHere > 0 { verdict.notices += countDropped(droppedHere) }
        if kept != nil, beats != 0 { verdict.notices += watchRepetition(beats, hasRR: !reading.rrIntervals.isEmpty, at: now) }
        return verdict
    }

    /// Counts values dropped elsewhere (too many RR intervals in one second, over several
    /// notifications).
    public mutating func countDropped(_ count: Int) -> [SensorNotice] {
        guard count > 0 else { return [] }
        dropped += count
        guard !saidImplausible else { return [] }
        saidImplausible = true
        return [.implausible]
    }

    private mutating func watchRepetition(_ beats: Int, hasRR: Bool, at now: Date) -> [SensorNotice] {
        if hasRR {
            sendsRR = true
            repeated = nil
            return []
        }
        guard sendsRR else { return [] }
        guard let run = repeated, run.beatsPerMinute == beats else {
            repeated = (beats, now)
            return []
        }
        guard !saidStuck, now.timeIntervalSince(run.since) >= Self.stuckAfter else { return [] }
        saidStuck = true
        return [.possiblyStuck]
    }
}
