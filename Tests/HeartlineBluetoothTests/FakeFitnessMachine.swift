import Foundation

/// A treadmill's or a smart trainer's GATT server: the Fitness Machine service on a `FakeStrap`'s
/// database, and a control point that keeps the specification's rules, written out by hand from
/// Fitness Machine Service 1.0 rather than with HeartlineBluetooth's encoders.
///
/// Every request but Request Control is refused (0x05, control not permitted) until control is
/// requested; a speed outside its Supported Speed Range (0.5 to 18 km/h) or an inclination
/// outside -3 to 15 % (which it has no range characteristic to say) is refused with 0x03,
/// invalid parameter. Each write is answered by its write response, then the indication.
///
/// The trainer has the same handles: Indoor Bike Data (speed, cadence, distance and power) in
/// place of Treadmill Data, a Supported Power Range (25 to 1,000 W) in place of the speed range,
/// and takes Set Target Power only, which in ERG mode its power then follows.
final class FakeFitnessMachine {
    enum Kind {
        case treadmill
        case trainer
    }

    let strap: FakeStrap
    let kind: Kind

    // The handles of the layout below, after the strap's common services.
    static let featureHandle: UInt16 = 0x001A
    static let dataHandle: UInt16 = 0x001C
    static let dataConfigurationHandle: UInt16 = 0x001D
    static let speedRangeHandle: UInt16 = 0x001F
    static let controlPointHandle: UInt16 = 0x0021
    static let controlPointConfigurationHandle: UInt16 = 0x0022
    static let statusHandle: UInt16 = 0x0024

    /// The values written to the control point, in order.
    private(set) var controlWrites: [[UInt8]] = []
    private(set) var granted = false
    private(set) var running = true
    /// 1/100 km/h and 1/10 %.
    private(set) var speed: UInt16 = 800
    private(set) var inclination: Int16 = 0
    /// Watts, the ERG target.
    private(set) var power: Int16 = 100
    /// Metres, as the belt has run.
    private var distance = 0.0
    /// Beats per minute, from the hand grips.
    var heartRate: UInt8 = 128

    init(name: String = "Track 5", kind: Kind = .treadmill) {
        self.kind = kind
        strap = FakeStrap(name: name, heartRateService: false)
        strap.service(0x0018, uuid: [0x26, 0x18])
        switch kind {
        case .treadmill:
            // Features: total distance and inclination; targets: speed and inclination.
            strap.characteristic(0x0019, properties: 0x02, uuid: [0xCC, 0x2A], value: [0x0C, 0, 0, 0, 0x03, 0, 0, 0])
            strap.characteristic(0x001B, properties: 0x10, uuid: [0xCD, 0x2A], value: [])
            strap.configuration(0x001D)
            // 0.5 to 18 km/h in steps of 0.1.
            strap.characteristic(0x001E, properties: 0x02, uuid: [0xD4, 0x2A], value: [0x32, 0x00, 0x08, 0x07, 0x0A, 0x00])
        case .trainer:
            // Features: cadence, total distance and power; targets: power.
            strap.characteristic(0x0019, properties: 0x02, uuid: [0xCC, 0x2A], value: [0x06, 0x40, 0, 0, 0x08, 0, 0, 0])
            strap.characteristic(0x001B, properties: 0x10, uuid: [0xD2, 0x2A], value: [])
            strap.configuration(0x001D)
            // 25 to 1,000 W in steps of 1.
            strap.characteristic(0x001E, properties: 0x02, uuid: [0xD8, 0x2A], value: [0x19, 0x00, 0xE8, 0x03, 0x01, 0x00])
        }
        strap.characteristic(0x0020, properties: 0x28, uuid: [0xD9, 0x2A], value: [])
        strap.configuration(0x0022)
        strap.characteristic(0x0023, properties: 0x10, uuid: [0xDA, 0x2A], value: [])
        strap.configuration(0x0025)
        strap.writeHandler = { [unowned self] handle, value in
            guard handle == Self.controlPointHandle else { return nil }
            // Indications not switched on: the specification's "client characteristic configuration
            // descriptor improperly configured".
            guard strap.value(at: Self.controlPointConfigurationHandle) == [0x02, 0x00] else {
                return [[0x01, 0x12] + FakeStrap.le(handle) + [0xFD]]
            }
            controlWrites.append(value)
            return [[0x13], [0x1D] + FakeStrap.le(handle) + [0x80, value.first ?? 0, obey(value)]]
        }
    }

    private func obey(_ value: [UInt8]) -> UInt8 {
        guard let opCode = value.first else { return 0x02 }
        if opCode == 0x00 {
            granted = true
            return 0x01
        }
        guard granted else { return 0x05 }
        switch (opCode, value.count) {
        case (0x05, 3) where kind == .trainer:
            let target = Int16(bitPattern: FakeStrap.uint16(value, 1))
            guard (25...1000).contains(target) else { return 0x03 }
            power = target
        case (0x02, 3) where kind == .treadmill:
            let target = FakeStrap.uint16(value, 1)
            guard (50...1800).contains(target) else { return 0x03 }
            speed = target
        case (0x03, 3) where kind == .treadmill:
            let target = Int16(bitPattern: FakeStrap.uint16(value, 1))
            guard (-30...150).contains(target) else { return 0x03 }
            inclination = target
        case (0x07, 1): running = true
        case (0x08, 2): running = false
        default: return 0x02
        }
        return 0x01
    }

    /// Whether the client switched the treadmill data's notifications on.
    var notifying: Bool { strap.value(at: Self.dataConfigurationHandle) == [0x01, 0x00] }

    /// The Treadmill Data notification after `seconds` more: speed, total distance, inclination
    /// and ramp angle, heart rate from its grips (flags 0x010C).
    func notification(after seconds: Double) -> [UInt8] {
        if kind == .trainer { return bikeNotification(after: seconds) }
        let belt = running ? speed : 0
        distance += Double(belt) / 360 * seconds
        let metres = UInt32(distance)
        let incline = UInt16(bitPattern: inclination)
        return [0x1B] + FakeStrap.le(Self.dataHandle) + [0x0C, 0x01] + FakeStrap.le(belt)
            + [UInt8(metres & 0xFF), UInt8(metres >> 8 & 0xFF), UInt8(metres >> 16 & 0xFF)] + FakeStrap.le(incline) + [0x00, 0x00]
            + [heartRate]
    }

    /// The Indoor Bike Data notification after `seconds` more: 30 km/h, 90 rpm, total distance
    /// and the power it holds (flags 0x0054).
    private func bikeNotification(after seconds: Double) -> [UInt8] {
        let kilometresPerHour: UInt16 = running ? 3000 : 0
        distance += Double(kilometresPerHour) / 360 * seconds
        let metres = UInt32(distance)
        let watts = UInt16(bitPattern: running ? power : 0)
        return [0x1B] + FakeStrap.le(Self.dataHandle) + [0x54, 0x00] + FakeStrap.le(kilometresPerHour)
            + FakeStrap.le(UInt16(running ? 180 : 0))
            + [UInt8(metres & 0xFF), UInt8(metres >> 8 & 0xFF), UInt8(metres >> 16 & 0xFF)] + FakeStrap.le(watts)
    }

    /// A Fitness Machine Status notification: control permission lost.
    var controlLostNotification: [UInt8] { [0x1B] + FakeStrap.le(Self.statusHandle) + [0xFF] }
}
