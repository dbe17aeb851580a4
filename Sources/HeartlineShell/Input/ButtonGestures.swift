/// Presses, releases and auto-repeats of media buttons, turned into short and long presses.
///
/// Time is an input: each event carries its timestamp, and `tick(at:)` lets the caller say that
/// time has passed while a button is held (a Bluetooth headset sends no auto-repeat). A button
/// with no long-press action acts as soon as it is pressed; one with a long-press action waits:
/// released before `threshold` seconds it is a short press, held that long it is a long press
/// at once, without waiting for the release. Auto-repeat never repeats an action, and a release
/// or repeat with no press before it (a button held when the device was opened, or garbage) is
/// ignored.
public struct ButtonGestures: Sendable {
    public enum Gesture: Equatable, Sendable {
        case short(UInt16)
        case long(UInt16)
    }

    /// The long-press threshold, in seconds.
    public static let longPress = 0.8

    private struct Held: Sendable {
        var since: Double
        /// The press already acted (at once, or as a long press): the release does nothing.
        var acted: Bool
    }

    private var held: [UInt16: Held] = [:]
    private let longCodes: Set<UInt16>
    private let threshold: Double

    /// - Parameters:
    ///   - longPressCodes: the buttons that have a long-press action.
    ///   - threshold: how long a press must last to be long.
    public init(longPressCodes: Set<UInt16>, threshold: Double = ButtonGestures.longPress) {
        longCodes = longPressCodes
        self.threshold = threshold
    }

    /// Takes one key event; returns the gestures it completes.
    public mutating func handle(_ event: InputEvent) -> [Gesture] {
        guard event.type == InputEvent.key, let value = InputEvent.KeyValue(rawValue: event.value) else { return [] }
        let code = event.code
        switch value {
        case .press:
            // A press while held means a release was lost: this is a new press.
            guard longCodes.contains(code) else {
                held[code] = Held(since: event.time, acted: true)
                return [.short(code)]
            }
            held[code] = Held(since: event.time, acted: false)
            return []
        case .autoRepeat:
            return expire(code, at: event.time)
        case .release:
            guard let press = held.removeValue(forKey: code), !press.acted else { return [] }
            return [event.time - press.since >= threshold ? .long(code) : .short(code)]
        }
    }

    /// Time has passed: the long presses it completes.
    public mutating func tick(at time: Double) -> [Gesture] {
        held.keys.sorted().flatMap { expire($0, at: time) }
    }

    /// When the next long press completes if its button stays down, for the caller's timer.
    public var nextDeadline: Double? {
        held.values.filter { !$0.acted }.map { $0.since + threshold }.min()
    }

    private mutating func expire(_ code: UInt16, at time: Double) -> [Gesture] {
        guard let press = held[code], !press.acted, time - press.since >= threshold else { return [] }
        held[code]?.acted = true
        return [.long(code)]
    }
}
