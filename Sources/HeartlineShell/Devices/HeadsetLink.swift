import HeartlineCore
import HeartlineHeadset
import HeartlineIO

/// The headset client, connected to the system bus (or `HEARTLINE_DBUS_ADDRESS`) only once
/// a headset is remembered or looked for: a board without a headset never talks to bluetoothd.
/// The kept headset's sink is made the sound output when it connects, and its sink going is
/// the headset going (`SoundServerLink`).
final class HeadsetLink {
    private let loop: EventLoop
    private let address: String?
    private let log: (String) -> Void
    private let send: (Input) -> Void
    private var client: HeadsetClient?
    /// Commands given while the bus is being opened, in order.
    private var waiting: [HeadsetCommand] = []
    private let sound: SoundServerLink

    init(
        loop: EventLoop, address: String?, environment: [String: String], log: @escaping (String) -> Void,
        send: @escaping (Input) -> Void
    ) {
        self.loop = loop
        self.address = address
        self.log = log
        self.send = send
        sound = SoundServerLink(loop: loop, environment: environment, log: log) { address, present in
            send(.headset(present ? .connected(address: address) : .disconnected(address: address)))
        }
    }

    func perform(_ command: HeadsetCommand) {
        if case .keep(let address) = command { sound.keep(address) }
        if case .keep(nil) = command, client == nil { return }
        if let client { return client.perform(command) }
        waiting.append(command)
        guard waiting.count == 1 else { return }
        // Commands wait for the bus, on the loop, within `DBusConnection.openBound`: a bus that
        // takes the connection and never answers holds only the opening's own thread.
        DBusConnection.open(address: address, loop: loop) { [weak self] result in
            guard let self else { return }
            let commands = self.waiting
            self.waiting = []
            switch result {
            case .success(let bus):
                let client = HeadsetClient(bus: bus, loop: self.loop) { [weak self] event in self?.heard(event) }
                client.start()
                self.client = client
                for command in commands { client.perform(command) }
            case .failure(let error):
                self.log("headset: no D-Bus system bus: \(error)")
                for command in commands { self.unanswered(command) }
            }
        }
    }

    /// What a command gets when there is no bus to carry it.
    private func unanswered(_ command: HeadsetCommand) {
        switch command {
        case .find, .pairAndConnect: send(.headset(.failed(.noService)))
        case .forget(let address): send(.headset(.forgotten(address: address)))
        case .keep: break
        }
    }

    /// Stops watching the sound server; at exit.
    func finish() {
        sound.finish()
    }

    private func heard(_ event: HeadsetEvent) {
        switch event {
        case .connected(let address): sound.headsetConnection(address, connected: true)
        case .disconnected(let address): sound.headsetConnection(address, connected: false)
        default: break
        }
        send(.headset(event))
    }

}
