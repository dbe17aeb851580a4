/// Names of the settings Heartline keeps in its store.
enum SettingKey {
    /// The remembered strap: a Bluetooth address or `att-socket:PATH`.
    static let sensorAddress = "sensor.address"
}
