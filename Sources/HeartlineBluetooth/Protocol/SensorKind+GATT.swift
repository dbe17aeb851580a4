// Compiled standalone into the fuzz targets with HeartlineCore's sensor types beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

extension BluetoothUUID {
    public static let runningSpeedCadenceService = BluetoothUUID(0x1814)
    public static let cyclingSpeedCadenceService = BluetoothUUID(0x1816)
    public static let cyclingPowerService = BluetoothUUID(0x1818)

    public static let runningSpeedCadenceMeasurement = BluetoothUUID(0x2A53)
    public static let runningSpeedCadenceFeature = BluetoothUUID(0x2A54)
    public static let cyclingSpeedCadenceMeasurement = BluetoothUUID(0x2A5B)
    public static let cyclingSpeedCadenceFeature = BluetoothUUID(0x2A5C)
    public static let sensorLocation = BluetoothUUID(0x2A5D)
    public static let cyclingPowerMeasurement = BluetoothUUID(0x2A63)
    public static let cyclingPowerFeature = BluetoothUUID(0x2A65)
}

extension SensorKind {
    /// The primary service a sensor of this kind must have.
    public var service: BluetoothUUID {
        switch self {
        case .heartRateStrap: .heartRateService
        case .footpod: .runningSpeedCadenceService
        case .cyclingSpeedCadence: .cyclingSpeedCadenceService
        case .powerMeter: .cyclingPowerService
        case .fitnessMachine: .fitnessMachineService
        }
    }

    /// The characteristic it notifies its readings on.
    public var measurement: BluetoothUUID {
        switch self {
        case .heartRateStrap: .heartRateMeasurement
        case .footpod: .runningSpeedCadenceMeasurement
        case .cyclingSpeedCadence: .cyclingSpeedCadenceMeasurement
        case .powerMeter: .cyclingPowerMeasurement
        case .fitnessMachine: .treadmillData
        }
    }

    /// The characteristic that says where it is worn or fitted.
    public var location: BluetoothUUID {
        self == .heartRateStrap ? .bodySensorLocation : .sensorLocation
    }

    /// The service's name in the specifications, for log lines.
    public var serviceName: String {
        switch self {
        case .heartRateStrap: "Heart Rate"
        case .footpod: "Running Speed and Cadence"
        case .cyclingSpeedCadence: "Cycling Speed and Cadence"
        case .powerMeter: "Cycling Power"
        case .fitnessMachine: "Fitness Machine"
        }
    }
}
