// Compiled standalone into the fuzz targets with HeartlineCore's sensor types beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// A heart-rate strap heard during a scan.
public struct FoundStrap: Equatable, Sendable {
    public var address: BluetoothAddress
    /// The sanitised advertised name; nil when the strap sent none.
    public var name: String?
    /// The strongest signal heard from it, in dBm (nearer straps are stronger).
    public var rssi: Int
    /// What it was found as: a strap, or a footpod, bike sensor or power meter.
    public var kind: SensorKind

    public init(address: BluetoothAddress, name: String?, rssi: Int, kind: SensorKind = .heartRateStrap) {
        self.address = address
        self.name = name
        self.rssi = rssi
        self.kind = kind
    }
}

/// Gathers advertising reports into one entry per device and picks out heart-rate straps.
///
/// A strap's ADV_IND carries its services and its SCAN_RSP carries its name (or the other way
/// round), so reports are merged by address before deciding what a device is.
public struct StrapCollector: Sendable {
    private struct Device: Sendable {
        var data: AdvertisingData
        var rssi: Int?
    }

    private var devices: [BluetoothAddress: Device] = [:]

    public init() {}

    public mutating func add(_ report: AdvertisingReport) {
        var device = devices[report.address] ?? Device(data: AdvertisingData(), rssi: nil)
        device.data.merge(report.data)
        if report.rssi != AdvertisingReport.rssiUnavailable {
            device.rssi = max(device.rssi ?? report.rssi, report.rssi)
        }
        devices[report.address] = device
    }

    /// Heart-rate straps only, strongest signal first; ties by name, then address, so the
    /// spoken list keeps its order from one scan to the next.
    public var straps: [FoundStrap] { sensors(of: [.heartRateStrap]) }

    /// The devices that are one of `kinds`, each as the first of them it is, strongest first.
    public func sensors(of kinds: Set<SensorKind>) -> [FoundStrap] {
        devices.compactMap { address, device -> FoundStrap? in
            guard let kind = device.data.sensorKinds.first(where: kinds.contains) else { return nil }
            return FoundStrap(address: address, name: device.data.name, rssi: device.rssi ?? Int(Int8.min), kind: kind)
        }
        .sorted { left, right in
            if left.rssi != right.rssi { return left.rssi > right.rssi }
            if (left.name == nil) != (right.name == nil) { return left.name != nil }
            if let leftName = left.name, let rightName = right.name, leftName != rightName {
                return leftName < rightName
            }
            return left.address.description < right.address.description
        }
    }
}
