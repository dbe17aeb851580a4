import HeartlineCore

extension Prompt {
    /// "Heart rate sensor position: {location}." with a `BodySensorLocation` name.
    public static let bluetoothLocation = Prompt("bluetooth.location", ["location"])
    /// A strap that advertised no name, told apart by the end of its address.
    public static let bluetoothScanUnnamed = Prompt("bluetooth.scan.unnamed", ["ending"])

    /// Every prompt HeartlineBluetooth uses (Prompts/en/bluetooth.prompts).
    public static let bluetooth: [Prompt] =
        [bluetoothLocation, bluetoothScanUnnamed] + BodySensorLocation.allCases.map(\.prompt)
}

extension BodySensorLocation {
    /// The location's name, as `Prompt.bluetoothLocation` takes it.
    public var prompt: Prompt { Prompt("bluetooth.location.\(self)") }

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
