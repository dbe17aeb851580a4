#if canImport(Glibc)
    import Glibc
#endif
import HeartlineCore
import HeartlineIO

/// A heart-rate strap over Bluetooth LE (or an ATT socket), kept connected while started.
///
/// It connects, lets `GATTClient` discover the strap and switch notifications on, and delivers
/// `.connected(name:)` (then `.identified` when the strap has a Device Information service),
/// `.reading`, `.battery`, `.pairing` when the strap asks for an encrypted link, and
/// `.disconnected` when the link drops. Then it
/// reconnects after 1, 2, 4, 8 and then every 10 seconds for as long as it runs, switching
/// notifications on again each time (straps are not bonded, so they forget).
///
/// A problem the user must act on (no adapter, no permission, another program holds the strap,
/// a device that is not a usable strap) is delivered once as `.problem` until a connection
/// succeeds; attempts go on meanwhile, so plugging in an adapter or waking the strap needs no
/// restart. An unreachable strap is not a problem: it is asleep or away, and it is normal.
/// Deciding that a connected strap has gone quiet is the core's job: it has the clock.
///
/// Before each attempt on a strap's address the adapter is made ready through the management
/// socket (there, and powered on as the management interface counts it). An adapter that has
/// just appeared, plugged in again with no bluetoothd, is up only for the kernel's own setup and
/// powers itself off two seconds later; a connection started in that window is aborted
/// (ECONNABORTED), and on Linux 6.1 closing that socket can hit a kernel bug (list corruption
/// in hci_chan_del) that kills the process. Powering the adapter on first cancels the
/// automatic power-off, so no connection is ever started on an adapter about to go down.
public final class BluetoothHeartRateSource: HeartRateSource {
    public let target: SensorTarget
    /// Where the strap says it is worn, once read; kept across reconnections.
    public private(set) var bodySensorLocation: BodySensorLocation?
    /// What the Device Information service says, once read; kept across reconnections.
    public private(set) var manufacturer: String?
    public private(set) var model: String?
    /// Where the system's words for each failed attempt and lost link go (never spoken).
    public var log: ((String) -> Void)?

    private let fallbackName: String
    private let transactionTimeout: Double
    private let sensor: SensorKind
    private var backoff: ReconnectBackoff
    private let origin = ContinuousClock.now

    private var loop: EventLoop?
    private var deliver: ((SensorEvent) -> Void)?
    private var transport: (any ATTTransport)?
    private var client: GATTClient?
    private var watch: EventLoop.Token?
    private var transactionTimer: EventLoop.Token?
    /// Waits for the link to carry data again after its security was raised.
    private var securityWatch: EventLoop.Token?
    /// While the kernel pairs: the management socket on which it asks to confirm, and its watch.
    private var pairingAgent: ManagementSocket?
    private var pairingWatch: EventLoop.Token?
    private var retry: EventLoop.Token?
    /// Whether `.connected` was delivered for the current connection.
    private var connected = false
    private var reportedProblem: SensorProblem?
    /// Notifications a second on the current connection, and the drops not yet logged.
    private var notificationBudget = NotificationBudget()
    private var unloggedDrops = 0
    private var lastDropLog: Double?
    /// The last failed attempt's words, logged only when they change.
    private var lastFailure: String?
    /// Makes the adapter ready before each attempt on an address: there, and powered on through
    /// the management socket (a test's fake stands in for the kernel's).
    var prepareAdapter: () throws(SensorProblemError) -> Void = { _ = try Adapter.prepare() }

    /// - Parameters:
    ///   - target: the strap's address, or an ATT socket.
    ///   - name: the name announced when the strap has no readable device name (the name it
    ///     advertised during the scan, say).
    ///   - reconnectDelays: the waits between attempts; the last repeats forever.
    ///   - transactionTimeout: how long the strap may leave a request unanswered.
    ///   - sensor: the kind of sensor to set up; a heart-rate strap unless told.
    public init(
        target: SensorTarget, name: String = "", reconnectDelays: [Double] = ReconnectBackoff.standard,
        transactionTimeout: Double = 30, sensor: SensorKind = .heartRateStrap
    ) {
        self.target = target
        self.sensor = sensor
        self.fallbackName = name
        self.transactionTimeout = transactionTimeout
        self.backoff = ReconnectBackoff(delays: reconnectDelays)
    }

    public func start(on loop: EventLoop, deliver: @escaping (SensorEvent) -> Void) {
        guard self.loop == nil else { return }
        self.loop = loop
        self.deliver = deliver
        backoff.reset()
        reportedProblem = nil
        connect()
    }

    public func stop() {
        if let retry { loop?.cancel(retry) }
        retry = nil
        closeConnection()
        connected = false
        loop = nil
        deliver = nil
    }

    public func requestBattery() {
        let now = self.now
        drive { $0.requestBattery(now: now) }
    }

    public func steer(_ command: MachineCommand) {
        let now = self.now
        drive { $0.steer(command, now: now) }
    }

    // MARK: - Connecting

    private func connect() {
        guard let loop else { return }
        retry = nil
        do {
            if case .address = target { try prepareAdapter() }
            let transport = try target.openTransport()
            self.transport = transport
            watch = loop.watch(transport.fileDescriptor, events: Int16(POLLOUT)) { [weak self] in
                self?.connectionEstablished()
            }
        } catch {
            attemptFailed(error)
        }
    }

    private func connectionEstablished() {
        guard let loop, let transport else { return }
        if let watch { loop.cancel(watch) }
        do {
            try transport.finishConnecting()
        } catch {
            closeConnection()
            attemptFailed(error)
            return
        }
        client = GATTClient(fallbackName: fallbackName, transactionTimeout: transactionTimeout, sensor: sensor)
        notificationBudget = NotificationBudget()
        unloggedDrops = 0
        lastDropLog = nil
        watch = loop.watch(transport.fileDescriptor) { [weak self] in
            self?.readable()
        }
        let now = self.now
        drive { $0.start(now: now) }
    }

    private func attemptFailed(_ error: SensorProblemError) {
        if error.detail != lastFailure {
            lastFailure = error.detail
            log?("strap \(target): \(error.detail)")
        }
        if error.problem != .unreachable { report(error.problem) }
        scheduleRetry()
    }

    private func scheduleRetry() {
        guard let loop else { return }
        retry = loop.after(backoff.nextDelay()) { [weak self] in
            self?.connect()
        }
    }

    private func report(_ problem: SensorProblem) {
        guard problem != reportedProblem else { return }
        reportedProblem = problem
        deliver?(.problem(problem))
    }

    // MARK: - Connected

    /// Reads what the socket holds, up to the wake-up's budget: the rest waits in the kernel's
    /// buffer for the loop's next turn (the watch is level-triggered).
    private func readable() {
        for _ in 0..<NotificationBudget.pdusPerWake {
            guard let transport, client != nil else { return }
            let pdu: [UInt8]?
            do {
                pdu = try transport.receive()
            } catch {
                log?("strap \(target): \(error.detail)")
                connectionLost()
                return
            }
            guard let pdu else { return }
            let now = self.now
            if let opcode = pdu.first, ATTPDU.kind(of: opcode) == .notification, !admitNotification(now: now) { continue }
            drive { $0.receive(pdu, now: now) }
        }
    }

    /// Counts a notification against the second's budget. The drops of the seconds that ended
    /// are logged at most every ten seconds, with the count since the last line.
    private func admitNotification(now: Double) -> Bool {
        let (taken, closed) = notificationBudget.admit(now: now)
        if let closed { unloggedDrops += closed }
        if unloggedDrops > 0, lastDropLog.map({ now - $0 >= 10 }) ?? true {
            log?(
                "strap \(target): \(unloggedDrops) notifications dropped, over \(NotificationBudget.perSecond) a second (\(notificationBudget.dropped) on this connection)"
            )
            lastDropLog = now
            unloggedDrops = 0
        }
        return taken
    }

    /// Feeds one input to the GATT client and carries out what it asks, in order.
    private func drive(_ input: (inout GATTClient) -> [GATTClient.Action]) {
        guard client != nil else { return }
        let actions = input(&client!)
        bodySensorLocation = client?.bodySensorLocation ?? bodySensorLocation
        manufacturer = client?.manufacturer ?? manufacturer
        model = client?.model ?? model
        for action in actions {
            // An earlier action, or the receiver of an event, may have ended the connection.
            guard client != nil else { return }
            switch action {
            case .send(let pdu):
                do {
                    try transport?.send(pdu)
                } catch {
                    connectionLost()
                    return
                }
            case .deliver(let event):
                if case .connected = event {
                    connected = true
                    lastFailure = nil
                    log?(
                        "strap \(target): connected; made by \(manufacturer ?? "unknown"), model \(model ?? "unknown"), worn on \(bodySensorLocation.map { "\($0)" } ?? "unknown")"
                    )
                    backoff.reset()
                    reportedProblem = nil
                }
                deliver?(event)
                if case .connected = event, manufacturer != nil || model != nil {
                    deliver?(.identified(strap: target.description, manufacturer: manufacturer, model: model))
                }
            case .startTimer(let seconds):
                if let transactionTimer { loop?.cancel(transactionTimer) }
                transactionTimer = loop?.after(seconds) { [weak self] in
                    guard let self else { return }
                    let now = self.now
                    self.drive { $0.tick(now: now) }
                }
            case .cancelTimer:
                if let transactionTimer { loop?.cancel(transactionTimer) }
                transactionTimer = nil
            case .raiseSecurity:
                log?("strap \(target): the strap asks for an encrypted link; raising the link's security")
                deliver?(.pairing)
                if case .address(let address) = target { startPairingAgent(for: address) }
                do {
                    try transport?.raiseSecurity()
                } catch {
                    log?("strap \(target): \(error.detail)")
                    connectionLost()
                    return
                }
                if let transport {
                    securityWatch = loop?.watch(transport.fileDescriptor, events: Int16(POLLOUT)) { [weak self] in
                        self?.securityReady()
                    }
                }
            case .fail(let failure):
                log?("strap \(target): \(failure)")
                if case .otherKind(let kind) = failure {
                    report(.otherKind(kind, taken: false))
                } else if failure.isPermanent {
                    report(.other(failure.description))
                }
                connectionLost()
                return
            }
        }
    }

    /// Confirms the pairing Heartline asked for, as bluetoothd's agent would.
    ///
    /// Linux 6.1 asks user space to confirm even Just Works pairing (User Confirmation Request,
    /// on the trusted management sockets open at that moment), and without bluetoothd nobody
    /// answers: the kernel then sends nothing after the strap's Pairing Response until its
    /// 30-second timeout. Heartline raised the link's security itself, so it confirms, for its
    /// own strap and only without a number to compare.
    private func startPairingAgent(for address: BluetoothAddress) {
        guard pairingAgent == nil, let loop else { return }
        do {
            try Adapter.requireAdministration("User Confirmation Reply")
            let agent = try ManagementSocket()
            pairingAgent = agent
            pairingWatch = loop.watch(agent.fileDescriptor) { [weak self] in
                self?.confirmPairing(with: address)
            }
        } catch {
            log?("strap \(target): \(error.detail); the kernel's request to confirm the pairing goes unanswered")
        }
    }

    private func confirmPairing(with address: BluetoothAddress) {
        guard let agent = pairingAgent else { return }
        while let event = try? agent.nextEvent() {
            guard case .userConfirmRequest(let index, address, true) = event else { continue }
            do {
                let (status, _) = try agent.call(.userConfirmReply(index: index, address: address))
                log?("strap \(target): pairing confirmed (status 0x\(String(status, radix: 16)))")
                stopPairingAgent()
                return
            } catch {
                log?("strap \(target): \(error.detail)")
            }
        }
    }

    private func stopPairingAgent() {
        if let pairingWatch { loop?.cancel(pairingWatch) }
        pairingWatch = nil
        pairingAgent = nil
    }

    private func securityReady() {
        if let securityWatch { loop?.cancel(securityWatch) }
        securityWatch = nil
        let now = self.now
        drive { $0.securityRaised(now: now) }
    }

    private func connectionLost() {
        closeConnection()
        if connected {
            connected = false
            deliver?(.disconnected)
        }
        scheduleRetry()
    }

    private func closeConnection() {
        if let watch { loop?.cancel(watch) }
        if let transactionTimer { loop?.cancel(transactionTimer) }
        if let securityWatch { loop?.cancel(securityWatch) }
        watch = nil
        transactionTimer = nil
        securityWatch = nil
        stopPairingAgent()
        transport = nil
        client = nil
    }

    /// Seconds since this source was made, on the loop's monotonic clock.
    private var now: Double {
        let elapsed = origin.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
