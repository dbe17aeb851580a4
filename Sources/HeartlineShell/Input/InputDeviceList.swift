/// One input device as /proc/bus/input/devices describes it.
public struct InputDeviceInfo: Equatable, Sendable {
    /// "N: Name=...", for example "Jabra Evolve 65 Consumer Control".
    public var name: String
    /// "H: Handlers=...", for example ["kbd", "event5"].
    public var handlers: [String]
    /// The key codes of "B: KEY=...": the keys and buttons the device can send.
    public var keys: Set<UInt16>

    public init(name: String, handlers: [String], keys: Set<UInt16>) {
        self.name = name
        self.handlers = handlers
        self.keys = keys
    }

    /// Its event device, /dev/input/eventN, if it has one.
    public var eventPath: String? {
        handlers.first { $0.hasPrefix("event") && $0.dropFirst(5).allSatisfy(\.isNumber) }.map { "/dev/input/" + $0 }
    }
}

/// Reads /proc/bus/input/devices: a block of lines per device, separated by blank lines.
public enum InputDeviceList {
    /// - Parameter bitsPerWord: the kernel's `long`, in which the KEY bitmap is printed.
    public static func parse(_ text: String, bitsPerWord: Int = Int.bitWidth) -> [InputDeviceInfo] {
        var devices: [InputDeviceInfo] = []
        var current: InputDeviceInfo?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if let device = current { devices.append(device) }
                current = nil
                continue
            }
            guard line.count > 3, line.dropFirst().hasPrefix(": ") else { continue }
            let body = line.dropFirst(3)
            var device = current ?? InputDeviceInfo(name: "", handlers: [], keys: [])
            if line.hasPrefix("N"), let value = field(body, "Name") {
                device.name =
                    value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
            } else if line.hasPrefix("H"), let value = field(body, "Handlers") {
                device.handlers = value.split(separator: " ").map(String.init)
            } else if line.hasPrefix("B"), let value = field(body, "KEY") {
                device.keys = bitmap(value, bitsPerWord: bitsPerWord)
            }
            current = device
        }
        if let device = current { devices.append(device) }
        return devices
    }

    private static func field(_ body: Substring, _ name: String) -> String? {
        guard body.hasPrefix(name + "=") else { return nil }
        return String(body.dropFirst(name.count + 1))
    }

    /// "KEY=1000000000007 ff800000000007ff ...": hexadecimal words, the most significant first.
    static func bitmap(_ text: String, bitsPerWord: Int) -> Set<UInt16> {
        var codes: Set<UInt16> = []
        let words = text.split(separator: " ").reversed()
        for (index, word) in words.enumerated() {
            guard let value = UInt64(word, radix: 16) else { continue }
            for bit in 0..<min(bitsPerWord, 64) where value & (1 << UInt64(bit)) != 0 {
                let code = index * bitsPerWord + bit
                if code <= Int(UInt16.max) { codes.insert(UInt16(code)) }
            }
        }
        return codes
    }
}
