import HeartlineCore

extension BodySensorLocation {
    /// The location's name, as `Prompt.bluetoothLocation` takes it.
    public var prompt: Prompt {
        switch self {
        case .other: .bluetoothLocationOther
        case .chest: .bluetoothLocationChest
        case .wrist: .bluetoothLocationWrist
        case .finger: .bluetoothLocationFinger
        case .hand: .bluetoothLocationHand
        case .earLobe: .bluetoothLocationEarLobe
        case .foot: .bluetoothLocationFoot
        }
    }

    /// "Heart rate sensor position: chest."
    public func sentence(in catalogue: PromptCatalogue) -> String {
        catalogue.render(.bluetoothLocation, ["location": catalogue.render(prompt)])
    }
}

extension FoundStrap {
    /// What to call the strap in a list: its advertised name, or for a strap without one the
    /// last four hexadecimal digits of its address, spaced so speech spells them out.
    public func spokenName(in catalogue: PromptCatalogue) -> String {
        if let name { return name }
        let ending = address.bytes.suffix(2).map(\.hexDigits).joined().map(String.init).joined(separator: " ")
        return catalogue.render(.bluetoothScanUnnamed, ["ending": ending])
    }
}
