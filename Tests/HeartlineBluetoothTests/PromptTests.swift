import Foundation
import HeartlineBluetooth
import HeartlineCore
import HeartlineTestSupport
import Testing

@Suite(.timed) struct BluetoothPromptTests {
    /// Prompts/en/bluetooth.prompts, read from the repository.
    static func catalogue() throws -> PromptCatalogue {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Prompts/en/bluetooth.prompts")
        var catalogue = PromptCatalogue()
        try catalogue.add(String(contentsOf: file, encoding: .utf8), source: file.lastPathComponent)
        return catalogue
    }

    @Test("the catalogue file and Prompt.declaredInHeartlineBluetooth agree key by key and placeholder by placeholder")
    func catalogueAgrees() throws {
        let catalogue = try Self.catalogue()
        #expect(Set(catalogue.templates.keys) == Set(Prompt.declaredInHeartlineBluetooth.map(\.key)))
        for prompt in Prompt.declaredInHeartlineBluetooth {
            #expect(PromptCatalogue.placeholders(in: catalogue.templates[prompt.key] ?? "") == prompt.placeholders, "\(prompt.key)")
        }
    }

    static let locations: [(BodySensorLocation, String)] = [
        (.other, "Strap position: other."),
        (.chest, "Strap position: chest."),
        (.wrist, "Strap position: wrist."),
        (.finger, "Strap position: finger."),
        (.hand, "Strap position: hand."),
        (.earLobe, "Strap position: ear lobe."),
        (.foot, "Strap position: foot."),
    ]

    @Test("each body sensor location is said in one sentence", arguments: locations)
    func locationSentence(location: BodySensorLocation, sentence: String) throws {
        #expect(location.sentence(in: try Self.catalogue()) == sentence)
    }

    @Test("a strap is called by its name, or by the end of its address")
    func strapNames() throws {
        let catalogue = try Self.catalogue()
        let address = BluetoothAddress("C8:03:F1:B9:0B:4E/random")!
        #expect(FoundStrap(address: address, name: "TICKR B321", rssi: -60).spokenName(in: catalogue) == "TICKR B321")
        #expect(
            FoundStrap(address: address, name: nil, rssi: -60).spokenName(in: catalogue)
                == "Unnamed heart rate strap, address ending 0 B 4 E")
    }
}
