import HeartlineCore
import HeartlineIO

/// What an engine tells its driver, always on the loop's thread.
enum EngineEvent: Equatable {
    /// The sentence with this schedule id started.
    case began(Int)
    /// The sentence finished.
    case ended(Int)
    /// Something outside Heartline cut the sentence.
    case interrupted(Int)
    /// The engine can no longer speak (server gone, no progress within a deadline).
    case lost(String)
    /// The engine can speak again after a loss.
    case available
}

/// One way of producing speech: speech-dispatcher or espeak-ng. It speaks one sentence at a time
/// (the schedule decides which), reports progress through `report`, and never blocks the loop
/// for long.
protocol SpeechEngine: AnyObject {
    var name: String { get }
    /// Whether it can speak now.
    var isReady: Bool { get }
    /// Where progress goes; called on the loop's thread, never from inside a driver call.
    var report: ((EngineEvent) -> Void)? { get set }
    /// Starts speaking `item`. Returns false when the engine is gone; it then reports nothing
    /// more about `item` and waits for `recover()`.
    func speak(_ item: SpeechSchedule.Item) -> Bool
    /// Stops `item` if it is still speaking.
    func stop(_ item: SpeechSchedule.Item)
    /// Uses `settings` from the next sentence on.
    func apply(_ settings: SpeechSettings)
    /// Asks what the engine offers (output modules, voices, languages); `answer` runs on the
    /// loop's thread, with lists not known left nil.
    func offer(_ answer: @escaping (SpeechOffer) -> Void)
    /// After a loss: tries to come back, and reports `.available` when it has.
    func recover()
    /// Stops everything and releases the connection or library.
    func close()
}
