// libFuzzer target: HCI LE advertising reports, advertising data, strap merging and the
// sanitising of advertised names. Built by contrib/fuzz.sh with
// Sources/HeartlineBluetooth/Protocol/*.swift and HeartlineCore's SensorEvent.swift.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdvertising(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let reports = try? AdvertisingReport.parse(event: bytes) {
        var collector = StrapCollector()
        for report in reports {
            collector.add(report)
        }
        for strap in collector.straps {
            if let name = strap.name { checkSpeakable(name) }
        }
    }
    // The same bytes as a report's data, and as a name, reach the other parsers directly.
    if let name = AdvertisingData.parse(bytes).name { checkSpeakable(name) }
    if let name = AdvertisedName.sanitize(bytes) { checkSpeakable(name) }
    return 0
}

/// What every sanitised name must be: short, trimmed, with no control or format character
/// (so no escape sequence can reach a terminal).
func checkSpeakable(_ name: String) {
    precondition(!name.isEmpty && name.count <= AdvertisedName.maximumLength, "name length")
    precondition(name.first != " " && name.last != " " && !name.contains("  "), "name spacing")
    for scalar in name.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            preconditionFailure("name keeps U+\(String(scalar.value, radix: 16))")
        default:
            precondition(scalar == " " || !scalar.properties.isWhitespace, "name keeps whitespace U+\(String(scalar.value, radix: 16))")
        }
    }
}
