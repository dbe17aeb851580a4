import Foundation
import HeartlineCore

/// Which workout action each media button does, on a short and on a long press.
///
/// Written as `button = action` entries, separated by new lines or semicolons:
///
///     playpause = heart rate; playpause long = all metrics
///     next = time; previous = repeat; volumeup = none
///
/// A button is one of `MediaButtonMapping.buttons` or a Linux key code (`164`); `long` after it
/// (or `.long`) names its long press (0.8 seconds or more). An action is a command of the
/// workout screen's single keys ("heart rate", "pause or resume", ...), "stop speech", or
/// "none" to leave the button alone. Later entries win over earlier ones and over the defaults.
public struct MediaButtonMapping: Equatable, Sendable {
    /// The short-press action of each key code.
    public private(set) var short: [UInt16: String] = [:]
    /// The long-press action of each key code.
    public private(set) var long: [UInt16: String] = [:]

    /// The action that silences speech instead of asking the core.
    public static let stopSpeech = "stop speech"
    /// The action that leaves a button alone.
    public static let none = "none"

    /// Button names and the Linux key codes (linux/input-event-codes.h) each stands for.
    public static let buttons: [String: [UInt16]] = [
        "playpause": [164],  // KEY_PLAYPAUSE
        "play": [200, 207],  // KEY_PLAYCD (Bluetooth AVRCP), KEY_PLAY
        "pause": [201],  // KEY_PAUSECD
        "stop": [166, 128],  // KEY_STOPCD, KEY_STOP
        "next": [163],  // KEY_NEXTSONG
        "previous": [165],  // KEY_PREVIOUSSONG
        "forward": [208],  // KEY_FASTFORWARD
        "rewind": [168],  // KEY_REWIND
        "volumeup": [115],  // KEY_VOLUMEUP
        "volumedown": [114],  // KEY_VOLUMEDOWN
        "mute": [113],  // KEY_MUTE
        "media": [226],  // KEY_MEDIA: the one button of many wired headsets
        "phone": [169],  // KEY_PHONE: the call button of a headset
    ]

    /// Every action a button can do.
    public static var actions: [String] {
        Vocabulary.actionNames + [stopSpeech]
    }

    /// Why an entry could not be used; the description names it, for a spoken warning.
    public enum ParseError: Error, Equatable, CustomStringConvertible, Sendable {
        /// No `=`, or nothing on one side of it.
        case malformed(String)
        case unknownButton(String)
        case unknownAction(String)

        public var description: String {
            switch self {
            case .malformed(let entry): "\(entry): expected button = action"
            case .unknownButton(let name): "\(name): not a media button"
            case .unknownAction(let action): "\(action): not a workout action"
            }
        }
    }

    /// No button does anything.
    public init() {}

    /// Play or pause: heart rate, held: all metrics. Next: time, held: calories. Previous:
    /// repeat, held: average heart rate. Stop: pause or resume. Volume up: calories. Volume
    /// down: average heart rate, held: pause or resume.
    public static let standard: MediaButtonMapping = {
        var mapping = MediaButtonMapping()
        let entries: [(String, String)] = [
            ("playpause", "heart rate"), ("playpause long", "all metrics"),
            ("play", "heart rate"), ("play long", "all metrics"),
            ("pause", "heart rate"), ("pause long", "all metrics"),
            ("media", "heart rate"), ("media long", "all metrics"),
            ("next", "time"), ("next long", "calories"),
            ("previous", "repeat"), ("previous long", "average heart rate"),
            ("stop", "pause or resume"),
            ("volumeup", "calories"),
            ("volumedown", "average heart rate"), ("volumedown long", "pause or resume"),
        ]
        for (button, action) in entries { try! mapping.bind(button, to: action) }
        return mapping
    }()

    /// `standard` changed by the entries of `text`.
    public static func parse(_ text: String, over base: MediaButtonMapping = .standard) throws(ParseError) -> MediaButtonMapping {
        var mapping = base
        for entry in text.split(whereSeparator: { $0 == "\n" || $0 == ";" }) {
            let entry = entry.trimmingCharacters(in: .whitespaces)
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            guard let equals = entry.firstIndex(of: "=") else { throw .malformed(entry) }
            try mapping.bind(String(entry[..<equals]), to: String(entry[entry.index(after: equals)...]))
        }
        return mapping
    }

    /// Sets what one button does: `button` is a name or a key code, with `long` after it for its
    /// long press; `action` is a workout action, "stop speech" or "none".
    public mutating func bind(_ button: String, to action: String) throws(ParseError) {
        let button = button.trimmingCharacters(in: .whitespaces)
        var parts = button.lowercased().split(whereSeparator: { $0 == " " || $0 == "." || $0 == "\t" }).map(String.init)
        let isLong = parts.count == 2 && parts[1] == "long"
        if isLong { parts.removeLast() }
        guard parts.count == 1 else { throw button.isEmpty ? .malformed(button) : .unknownButton(button) }
        let codes: [UInt16]
        if let named = Self.buttons[parts[0]] {
            codes = named
        } else if let code = UInt16(parts[0]), code > 0, code < 0x300 {
            codes = [code]
        } else {
            throw .unknownButton(parts[0])
        }
        let typed = action.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !typed.isEmpty else { throw .malformed(button) }
        let action = Vocabulary.actionName(for: typed) ?? typed
        guard action == Self.none || Self.actions.contains(action) else { throw .unknownAction(action) }
        for code in codes {
            if isLong {
                long[code] = action == Self.none ? nil : action
            } else {
                short[code] = action == Self.none ? nil : action
            }
        }
    }

    /// Every key code that does something.
    public var codes: Set<UInt16> { Set(short.keys).union(long.keys) }

    /// The action of a gesture, if the button has one for it.
    public func action(for gesture: ButtonGestures.Gesture) -> String? {
        switch gesture {
        case .short(let code): short[code]
        case .long(let code): long[code]
        }
    }
}
