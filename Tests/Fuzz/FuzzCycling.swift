// libFuzzer target: the cycling calculators fed whatever sequence of measurements a broken or
// hostile sensor could send. Built by contrib/fuzz.sh with
// Sources/HeartlineBluetooth/Protocol/*.swift and HeartlineCore's sensor types.
//
// Input: records of [delay][length][measurement]; the delay moves the arrival clock in
// 1/32 s (up to 8 s, so stops and long pauses happen), the measurement goes to both the
// speed-and-cadence and the power calculator, and raw revolution data to a bare rate.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCycling(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let maximumSpeed = 35.0
    let maximumCadence = 250.0
    var cycling = CyclingSpeedCadenceCalculator(maximumSpeed: maximumSpeed, maximumCadence: maximumCadence)
    var power = CyclingPowerCalculator(maximumSpeed: maximumSpeed, maximumCadence: maximumCadence)
    var crank = RevolutionRate(counterBits: 16, ticksPerSecond: 1024, maximumRate: 4)
    var now = 0.0
    var distance = 0.0
    var offset = 0
    // Rates are revolutions over time, rounded once: allow for the rounding.
    let slack = 1 + 1e-9
    while offset + 2 <= bytes.count {
        now += Double(bytes[offset]) / 32
        let length = min(Int(bytes[offset + 1]) % 40, bytes.count - offset - 2)
        let value = Array(bytes[offset + 2..<offset + 2 + length])
        offset += 2 + length

        if let measurement = try? CyclingSpeedCadenceMeasurement.decode(value) {
            let reading = cycling.update(measurement, now: now)
            if let speed = reading.speed { precondition(speed >= 0 && speed <= maximumSpeed * slack, "speed \(speed)") }
            if let cadence = reading.cadence {
                precondition(cadence >= 0 && cadence <= maximumCadence * slack, "cadence \(cadence)")
            }
            if let total = reading.distance {
                precondition(total.isFinite && total >= distance, "distance went back from \(distance) to \(total)")
                distance = total
            }
            precondition(measurement.wheel != nil || reading.speed == nil, "speed without wheel data")
        }
        if let measurement = try? CyclingPowerMeasurement.decode(value) {
            let reading = power.update(measurement, now: now)
            precondition(reading.power == Int(measurement.power), "power changed")
            if let speed = reading.speed { precondition(speed >= 0 && speed <= maximumSpeed * slack, "power speed \(speed)") }
            if let cadence = reading.cadence {
                precondition(cadence >= 0 && cadence <= maximumCadence * slack, "power cadence \(cadence)")
            }
            if let balance = reading.balance { precondition((0...127.5).contains(balance.percent), "balance \(balance.percent)") }
        }
        if value.count >= 4 {
            let data = RevolutionData(
                revolutions: UInt32(value[0]) | UInt32(value[1]) << 8, eventTime: UInt16(value[2]) | UInt16(value[3]) << 8)
            let step = crank.update(data, now: now)
            if let rate = step.rate { precondition(rate >= 0 && rate <= 4 * slack, "rate \(rate)") }
            precondition((0...0xFFFF).contains(step.revolutions), "revolutions \(step.revolutions)")
        }
    }
    return 0
}
