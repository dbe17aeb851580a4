// Compiled standalone into the fuzz targets with HeartlineCore's sensor types beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// The advertising-data fields a strap scanner needs: name, 16-bit services, appearance, flags.
public struct AdvertisingData: Equatable, Sendable {
    public var flags: UInt8?
    /// 16-bit service UUIDs from the complete and incomplete lists, first mention first.
    public var serviceUUIDs: [UInt16]
    /// The sanitised name (see `AdvertisedName`).
    public var name: String?
    /// Whether `name` came from a Complete Local Name rather than a shortened one.
    public var nameIsComplete: Bool
    /// The GAP appearance, e.g. 0x0340 generic heart-rate sensor, 0x0341 heart-rate belt.
    public var appearance: UInt16?

    public init(
        flags: UInt8? = nil, serviceUUIDs: [UInt16] = [], name: String? = nil, nameIsComplete: Bool = false, appearance: UInt16? = nil
    ) {
        self.flags = flags
        self.serviceUUIDs = serviceUUIDs
        self.name = name
        self.nameIsComplete = nameIsComplete
        self.appearance = appearance
    }

    /// Parses runs of [length][type][length-1 bytes] up to a zero length or the end.
    ///
    /// A run claiming more bytes than remain ends parsing and the fields read before it are
    /// kept: controllers pass on whatever the advertiser sent, and a strap with one broken
    /// field is still a strap. An odd byte in a UUID list is ignored the same way.
    public static func parse(_ bytes: [UInt8]) -> AdvertisingData {
        var data = AdvertisingData()
        var offset = 0
        while offset < bytes.count {
            let length = Int(bytes[offset])
            guard length > 0, offset + 1 + length <= bytes.count else { break }
            let type = bytes[offset + 1]
            let value = Array(bytes[offset + 2..<offset + 1 + length])
            offset += 1 + length
            switch type {
            case 0x01:
                data.flags = value.first
            case 0x02, 0x03:
                for index in stride(from: 0, to: value.count - 1, by: 2) {
                    let uuid = UInt16(value[index]) | UInt16(value[index + 1]) << 8
                    if !data.serviceUUIDs.contains(uuid) { data.serviceUUIDs.append(uuid) }
                }
            case 0x08, 0x09:
                let complete = type == 0x09
                if let name = AdvertisedName.sanitize(value), complete || !data.nameIsComplete {
                    data.name = name
                    data.nameIsComplete = complete
                }
            case 0x16 where value.count >= 2:
                // Service Data: a fitness machine advertises 0x1826 this way, with its flags and types.
                let uuid = UInt16(value[0]) | UInt16(value[1]) << 8
                if !data.serviceUUIDs.contains(uuid) { data.serviceUUIDs.append(uuid) }
            case 0x19 where value.count >= 2:
                data.appearance = UInt16(value[0]) | UInt16(value[1]) << 8
            default:
                continue
            }
        }
        return data
    }

    /// Adds what a later packet from the same device says (a scan response to an ADV_IND).
    public mutating func merge(_ later: AdvertisingData) {
        flags = later.flags ?? flags
        for uuid in later.serviceUUIDs where !serviceUUIDs.contains(uuid) {
            serviceUUIDs.append(uuid)
        }
        if let laterName = later.name, later.nameIsComplete || !nameIsComplete {
            name = laterName
            nameIsComplete = later.nameIsComplete
        }
        appearance = later.appearance ?? appearance
    }

    /// What the advertiser measures, from its services or its appearance, strap first: a
    /// device may be more than one (a footpod with a heart-rate service is listed as a strap).
    public var sensorKinds: [SensorKind] {
        let category = appearance.map { $0 >> 6 }
        var kinds: [SensorKind] = []
        if isHeartRateSensor { kinds.append(.heartRateStrap) }
        // Appearance categories: 0x011 running walking sensor, 0x012 cycling (0x0483 speed,
        // 0x0484 cadence, 0x0485 power, 0x0486 speed and cadence).
        if serviceUUIDs.contains(0x1814) || category == 0x11 { kinds.append(.footpod) }
        if serviceUUIDs.contains(0x1816) || appearance == 0x0483 || appearance == 0x0484 || appearance == 0x0486 {
            kinds.append(.cyclingSpeedCadence)
        }
        if serviceUUIDs.contains(0x1818) || appearance == 0x0485 { kinds.append(.powerMeter) }
        if serviceUUIDs.contains(0x1826) { kinds.append(.fitnessMachine) }
        return kinds
    }

    /// Whether the advertiser offers the Heart Rate service or looks like a heart-rate sensor.
    public var isHeartRateSensor: Bool {
        // Appearance category 0x0D (bits 6-15) covers 0x0340 generic and 0x0341 belt.
        serviceUUIDs.contains(0x180D) || appearance.map { $0 >> 6 == 0x0D } == true
    }
}
