import HeartlineCore

/// Names of the settings Heartline keeps in its store.
enum SettingKey {
    /// The remembered strap: a Bluetooth address or `att-socket:PATH`.
    static let sensorAddress = Heartline.sensorAddressSetting
    /// The remembered strap's spoken name.
    static let sensorName = Heartline.sensorNameSetting
}
