/// A heart-rate strap heard during a scan.
public struct FoundStrap: Equatable, Sendable {
    public var address: BluetoothAddress
    /// The sanitised advertised name; nil when the strap sent none.
    public var name: String?
    /// The strongest signal heard from it, in dBm (nearer straps are stronger).
    public var rssi: Int

    public init(address: BluetoothAddress, name: String?, rssi: Int) {
        self.address = address
        self.name = name
        self.rssi = rssi
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
    public var straps: [FoundStrap] {
        devices.filter { $0.value.data.isHeartRateSensor }
            .map { FoundStrap(address: $0.key, name: $0.value.data.name, rssi: $0.value.rssi ?? Int(Int8.min)) }
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
