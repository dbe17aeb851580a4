/// Decides when leaving or re-entering the target zone is worth an announcement.
///
/// The numbers, and why:
/// - The heart rate is smoothed over the last 10 seconds (at least 5 readings), so one odd beat
///   or a strap hiccup never triggers a cue.
/// - Hysteresis: leaving needs the smoothed rate 3 beats per minute beyond the edge; coming back
///   needs it 2 inside (less for very narrow ranges). A rate hovering on the edge stays put.
/// - At most one zone announcement every 30 seconds; a change inside that window is said when the
///   window ends, and only if it still holds.
/// - Starting below the zone is the warm-up and is not announced; reaching it is.
/// - Only a second with a reading is judged: once the strap is gone, the last readings are not
///   the heart now, and a change held back by the quiet window waits for a live one.
public struct ZoneCoach: Sendable {
    public static let window = 10
    public static let minimumReadings = 5
    public static let leaveMargin = 3.0
    public static let enterMargin = 2.0
    public static let quietSeconds = 30

    public enum Position: Equatable, Sendable {
        case below, inside, above
    }

    /// An announcement: where the heart rate now is, with the smoothed rate.
    public struct Cue: Equatable, Sendable {
        public var position: Position
        public var heartRate: Int
    }

    public let range: HeartRateRange
    private var recent: [Int?] = []
    /// Where the smoothed rate is now, with hysteresis (nil until known).
    public private(set) var position: Position?
    /// What the user last heard.
    private var announced: Position?
    private var lastCueSecond: Int?

    public init(range: HeartRateRange) {
        self.range = range
    }

    /// The smoothed heart rate, when enough readings are at hand.
    public var smoothed: Double? {
        let values = recent.compactMap { $0 }
        guard values.count >= Self.minimumReadings else { return nil }
        return Double(values.reduce(0, +)) / Double(values.count)
    }

    /// Takes one active second's heart rate (nil when none) and returns a cue if one is due.
    public mutating func take(heartRate: Int?, atSecond second: Int) -> Cue? {
        recent.append(heartRate)
        if recent.count > Self.window { recent.removeFirst(recent.count - Self.window) }
        guard heartRate != nil, let smoothed else { return nil }
        let width = Double(range.high - range.low)
        let enter = min(Self.enterMargin, width / 4)
        let low = Double(range.low)
        let high = Double(range.high)
        if smoothed > high + Self.leaveMargin {
            position = .above
        } else if smoothed < low - Self.leaveMargin {
            position = .below
        } else if smoothed >= low + enter, smoothed <= high - enter {
            position = .inside
        } else if position == nil {
            // First judgement, on the edge: call it by the edge it is nearer.
            position = smoothed > high ? .above : smoothed < low ? .below : .inside
        }
        guard let position, position != announced else { return nil }
        if announced == nil, position == .below {
            // The warm-up: below the zone at the start is expected, not news.
            announced = .below
            return nil
        }
        if let last = lastCueSecond, second - last < Self.quietSeconds { return nil }
        announced = position
        lastCueSecond = second
        return Cue(position: position, heartRate: Int(smoothed.rounded()))
    }
}
