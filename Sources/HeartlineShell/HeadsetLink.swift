import HeartlineCore
import HeartlineHeadset
import HeartlineIO

/// The headset client, connected to the system bus (or `HEARTLINE_DBUS_ADDRESS`) only once
/// a headset is remembered or looked for: a board without a headset never talks to bluetoothd.
final class HeadsetLink {
    private let loop: EventLoop
    private let address: String?
    private let log: (String) -> Void
    private let send: (Input) -> Void
    private var client: HeadsetClient?

    init(loop: EventLoop, address: String?, log: @escaping (String) -> Void, send: @escaping (Input) -> Void) {
        self.loop = loop
        self.address = address
        self.log = log
        self.send = send
    }

    func perform(_ command: HeadsetCommand) {
        if case .keep(nil) = command, client == nil { return }
        guard let client = connected() else {
            switch command {
            case .find, .pairAndConnect: send(.headset(.failed(.noService)))
            case .forget(let address): send(.headset(.forgotten(address: address)))
            case .keep: break
            }
            return
        }
        client.perform(command)
    }

    private func connected() -> HeadsetClient? {
        if let client { return client }
        do {
            let bus = try DBusConnection(address: address, loop: loop)
            let client = HeadsetClient(bus: bus, loop: loop) { [weak self] event in self?.send(.headset(event)) }
            client.start()
            self.client = client
            return client
        } catch {
            log("headset: no D-Bus system bus: \(error)")
            return nil
        }
    }
}
