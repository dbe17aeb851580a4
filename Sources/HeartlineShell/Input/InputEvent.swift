/// One `struct input_event` read from a Linux input device (/dev/input/event*).
///
/// The kernel writes it in the machine's own byte order: the time as two C longs (seconds and
/// microseconds), then type (u16), code (u16) and value (s32). That is 24 bytes on 64-bit Linux
/// and 16 on 32-bit.
public struct InputEvent: Equatable, Sendable {
    /// `EV_SYN`: the end of a group of events.
    public static let synchronization: UInt16 = 0
    /// `EV_KEY`: a key or button; value 1 is a press, 0 a release, 2 an auto-repeat.
    public static let key: UInt16 = 1

    public enum KeyValue: Int32, Sendable {
        case release = 0
        case press = 1
        case autoRepeat = 2
    }

    /// Seconds, from the event's timestamp.
    public var time: Double
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    /// A key event: `code` pressed, released or repeated at `time`.
    public static func key(_ code: UInt16, _ value: KeyValue, at time: Double) -> InputEvent {
        InputEvent(time: time, type: key, code: code, value: value.rawValue)
    }

    /// The size of `struct input_event` on this machine.
    public static let size = 2 * MemoryLayout<Int>.size + 8

    /// The bytes the kernel would write for this event (for recordings and tests).
    public var bytes: [UInt8] {
        let seconds = time.rounded(.down)
        var result: [UInt8] = []
        withUnsafeBytes(of: Int(seconds)) { result += $0 }
        withUnsafeBytes(of: Int(((time - seconds) * 1_000_000).rounded())) { result += $0 }
        withUnsafeBytes(of: type) { result += $0 }
        withUnsafeBytes(of: code) { result += $0 }
        withUnsafeBytes(of: value) { result += $0 }
        return result
    }
}

/// Turns the bytes read from an input device into events, whatever sizes the reads come in:
/// the bytes of an event split over two reads wait for the rest.
public struct InputEventDecoder: Sendable {
    private var partial: [UInt8] = []

    public init() {}

    public mutating func decode(_ bytes: some Collection<UInt8>) -> [InputEvent] {
        partial += bytes
        let whole = partial.count / InputEvent.size
        guard whole > 0 else { return [] }
        var events: [InputEvent] = []
        events.reserveCapacity(whole)
        partial.withUnsafeBytes { raw in
            let word = MemoryLayout<Int>.size
            for index in 0..<whole {
                let base = index * InputEvent.size
                let seconds = raw.loadUnaligned(fromByteOffset: base, as: Int.self)
                let microseconds = raw.loadUnaligned(fromByteOffset: base + word, as: Int.self)
                events.append(
                    InputEvent(
                        time: Double(seconds) + Double(microseconds) / 1_000_000,
                        type: raw.loadUnaligned(fromByteOffset: base + 2 * word, as: UInt16.self),
                        code: raw.loadUnaligned(fromByteOffset: base + 2 * word + 2, as: UInt16.self),
                        value: raw.loadUnaligned(fromByteOffset: base + 2 * word + 4, as: Int32.self)))
            }
        }
        partial.removeFirst(whole * InputEvent.size)
        return events
    }
}
