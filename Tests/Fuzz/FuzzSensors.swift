// libFuzzer target: the running, cycling speed and cadence, and cycling power decoders, their
// feature characteristics and the sensor location. Built by contrib/fuzz.sh with
// Sources/HeartlineBluetooth/Protocol/*.swift and HeartlineCore's sensor types.
//
// Every decoded measurement must encode to bytes that decode to the same measurement.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSensors(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let running = try? RunningSpeedCadenceMeasurement.decode(bytes) {
        precondition(try! RunningSpeedCadenceMeasurement.decode(running.encoded) == running, "RSC round trip")
        let reading = running.reading
        precondition(reading.speed >= 0 && reading.speed < 256, "speed out of range")
        precondition((0...255).contains(reading.cadence), "cadence out of range")
        precondition(running.encoded.count <= size, "RSC encoding longer than its input")
    }
    if let cycling = try? CyclingSpeedCadenceMeasurement.decode(bytes) {
        precondition(try! CyclingSpeedCadenceMeasurement.decode(cycling.encoded) == cycling, "CSC round trip")
        precondition(cycling.crank.map { $0.revolutions <= 0xFFFF } ?? true, "crank count wider than 16 bits")
    }
    if let power = try? CyclingPowerMeasurement.decode(bytes) {
        let again = try! CyclingPowerMeasurement.decode(power.encoded)
        precondition(again.power == power.power && again.pedalBalance == power.pedalBalance, "power round trip")
        precondition(again.pedalBalanceIsLeft == power.pedalBalanceIsLeft, "balance reference round trip")
        precondition(again.accumulatedTorque == power.accumulatedTorque, "torque round trip")
        precondition(again.wheel == power.wheel && again.crank == power.crank, "revolution data round trip")
        precondition(again.accumulatedEnergy == power.accumulatedEnergy, "energy round trip")
        precondition(power.encoded.count <= size, "power encoding longer than its input")
    }
    if let features = try? RunningSpeedCadenceFeatures.decode(bytes) {
        precondition(size >= 2 && features.rawValue == UInt16(bytes[0]) | UInt16(bytes[1]) << 8, "RSC features")
    }
    _ = try? CyclingSpeedCadenceFeatures.decode(bytes)
    if let features = try? CyclingPowerFeatures.decode(bytes) {
        precondition((0...3).contains(features.distributedSystemSupport), "distributed system support out of range")
    }
    if let location = try? SensorLocation.decode(bytes) {
        precondition(location.rawValue <= 16, "reserved sensor location accepted")
    }
    return 0
}
