import Foundation
import HeartlineIO

/// For `heartline-bench loop` (`HEARTLINE_LOOP_PROBE=FILE`): the loop's stalls while a workout
/// records, kept apart from the others, written as `key value` lines when Heartline exits:
/// `turns`, `longest_ms`, `over_50ms`, `over_10ms`, `longest_processor_ms` (the most processor
/// time the loop's thread spent in one stall: a longest stall far above it was the machine
/// running something else) and `outside_longest_ms`.
///
/// A stall counts as "while recording" when the workout recorded both when the loop woke and
/// when it polled again; the turns that start or end a workout (creating it, saving it) count
/// as outside.
final class StallProbe {
    private let recording: () -> Bool
    private var recordingAtWake = false
    private var during = StallRecord()
    private var outside = StallRecord()

    init(loop: EventLoop, recording: @escaping () -> Bool) {
        self.recording = recording
        loop.stallObserver = { [weak self] stall, processor in self?.observe(stall, processor: processor) }
    }

    private func observe(_ stall: Duration, processor: Duration) {
        let now = recording()
        if recordingAtWake && now {
            during.record(stall, processor: processor)
        } else {
            outside.record(stall, processor: processor)
        }
        // Nothing happens while the loop polls: the state now is the state at the next wake.
        recordingAtWake = now
    }

    func write(to path: String) {
        let milliseconds = { (duration: Duration) in plainNumber(Double(duration / .microseconds(1)) / 1000) }
        let text = """
            turns \(during.turns)
            longest_ms \(milliseconds(during.longest))
            over_50ms \(during.over50ms)
            over_10ms \(during.over10ms)
            longest_processor_ms \(milliseconds(during.longestProcessor))
            outside_longest_ms \(milliseconds(outside.longest))

            """
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
