// libFuzzer target: the Heart Rate Measurement, Battery Level and Body Sensor Location decoders.
// Built by contrib/fuzz.sh with Sources/HeartlineBluetooth/Protocol/*.swift and HeartlineCore's
// SensorEvent.swift compiled into the same module.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMeasurement(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let reading = try? HeartRateMeasurement.decode(bytes) {
        precondition((0...0xFFFF).contains(reading.beatsPerMinute), "heart rate out of range")
        precondition(reading.rrIntervals.count * 2 <= size, "more RR intervals than bytes")
        precondition(reading.rrIntervals.allSatisfy { (0...0xFFFF).contains($0) }, "RR interval out of range")
        precondition(reading.energyExpended.map { (0...0xFFFF).contains($0) } ?? true, "energy out of range")
    }
    if let level = try? BatteryLevel.decode(bytes) {
        precondition((0...100).contains(level), "battery level out of range")
    }
    _ = try? BodySensorLocation.decode(bytes)
    return 0
}
