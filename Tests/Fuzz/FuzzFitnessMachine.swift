// libFuzzer target: the Fitness Machine Service decoders (feature, treadmill, bike and rower
// data, supported ranges, training status, machine status, the control point's requests and
// answers) and the assembler of split records. Built by contrib/fuzz.sh with
// Sources/HeartlineBluetooth/Protocol/*.swift and HeartlineCore's sensor types.
//
// Every decoded value must encode to bytes that decode to the same value. The same input read
// as records of [length][value] goes through the assemblers of the three machines' data.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFitnessMachine(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let announced = size >= 2 ? (UInt16(bytes[0]) | UInt16(bytes[1]) << 8) & 0x1FFF : 0
    if let treadmill = try? TreadmillData.decode(bytes) {
        precondition(treadmill.flags == announced, "treadmill flags")
        precondition(try! TreadmillData.decode(treadmill.encoded) == treadmill, "treadmill round trip")
        precondition(treadmill.encoded.count <= size, "treadmill encoding longer than its input")
        precondition(treadmill.totalDistance.map { $0 <= 0xFF_FFFF } ?? true, "distance wider than 24 bits")
    }
    if let bike = try? IndoorBikeData.decode(bytes) {
        precondition(bike.flags == announced, "bike flags")
        precondition(try! IndoorBikeData.decode(bike.encoded) == bike, "bike round trip")
        precondition(bike.encoded.count <= size, "bike encoding longer than its input")
    }
    if let rower = try? RowerData.decode(bytes) {
        precondition(rower.flags == announced, "rower flags")
        precondition(try! RowerData.decode(rower.encoded) == rower, "rower round trip")
        precondition(rower.encoded.count <= size, "rower encoding longer than its input")
    }
    if let features = try? FitnessMachineFeatures.decode(bytes) {
        precondition(features.encoded == Array(bytes.prefix(8)), "features round trip")
    }
    checkRanges(bytes)
    if let status = try? TrainingStatus.decode(bytes) {
        let sent = [bytes[0] & 0x03, bytes[1]] + (bytes[0] & 0x01 != 0 ? Array(bytes.dropFirst(2)) : [])
        precondition(status.encoded == sent, "training status round trip")
        if let text = status.text {
            precondition(!text.isEmpty && text.count <= AdvertisedName.maximumLength, "training status text length")
            precondition(text.unicodeScalars.allSatisfy(SafeText.isPrintable), "training status text not printable")
        }
    }
    if let status = try? FitnessMachineStatus.decode(bytes) {
        precondition(status.encoded == Array(bytes.prefix(status.encoded.count)), "status encoding")
        precondition(try! FitnessMachineStatus.decode(status.encoded) == status, "status round trip")
    }
    if let request = try? FitnessMachineControlRequest.decode(bytes) {
        precondition(request.encoded == bytes, "control request round trip")
    }
    if let response = try? FitnessMachineControlResponse.decode(bytes) {
        precondition(response.encoded == bytes, "control response round trip")
    }
    assemble(bytes)
    return 0
}

private func checkRanges(_ bytes: [UInt8]) {
    if let range = try? SupportedSpeedRange.decode(bytes) {
        precondition(range.minimum <= range.maximum && SupportedSpeedRange.encode(range) == Array(bytes.prefix(6)), "speed range")
    }
    if let range = try? SupportedInclinationRange.decode(bytes) {
        precondition(
            range.minimum <= range.maximum && SupportedInclinationRange.encode(range) == Array(bytes.prefix(6)), "inclination range")
    }
    if let range = try? SupportedResistanceLevelRange.decode(bytes) {
        precondition(
            range.minimum <= range.maximum && SupportedResistanceLevelRange.encode(range) == Array(bytes.prefix(6)), "resistance range")
    }
    if let range = try? SupportedHeartRateRange.decode(bytes) {
        precondition(range.minimum <= range.maximum && SupportedHeartRateRange.encode(range) == Array(bytes.prefix(3)), "heart rate range")
    }
    if let range = try? SupportedPowerRange.decode(bytes) {
        precondition(range.minimum <= range.maximum && SupportedPowerRange.encode(range) == Array(bytes.prefix(6)), "power range")
    }
}

/// Feeds the records of `bytes` to an assembler for each machine's data.
private func assemble(_ bytes: [UInt8]) {
    var treadmill = FitnessMachineDataAssembler<TreadmillData>()
    var bike = FitnessMachineDataAssembler<IndoorBikeData>()
    var rower = FitnessMachineDataAssembler<RowerData>()
    var offset = 0
    while offset < bytes.count {
        let length = min(Int(bytes[offset]) % 40, bytes.count - offset - 1)
        let value = Array(bytes[offset + 1..<offset + 1 + length])
        offset += 1 + length
        if let part = try? TreadmillData.decode(value) { check(treadmill.add(part), part: part, pending: treadmill.pending) }
        if let part = try? IndoorBikeData.decode(value) { check(bike.add(part), part: part, pending: bike.pending) }
        if let part = try? RowerData.decode(value) { check(rower.add(part), part: part, pending: rower.pending) }
    }
}

/// A part gives out at most the record it broke off and the one it completed; what is held
/// waits for more data, and what is given out whole carries every field of the part.
private func check<Record: FitnessMachineData>(_ completed: [Record], part: Record, pending: Record?) {
    precondition(completed.count <= 2, "more than two records from one part")
    precondition(pending.map(\.hasMoreData) ?? true, "a complete record held back")
    if completed.count == 2 { precondition(completed[0].hasMoreData && !completed[1].hasMoreData, "broken-off record order") }
    if !part.hasMoreData {
        precondition(pending == nil, "a last part did not complete its record")
        let last = completed.last!
        precondition(last.flags & part.flags == part.flags, "the completed record lost a field of its last part")
    } else {
        precondition(pending.map { $0.flags & part.flags == part.flags } ?? false, "a part was not held")
    }
}
