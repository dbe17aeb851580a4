import HeartlineIO

/// Finds heart-rate straps nearby with an active LE scan on the default adapter.
///
/// It scans through a raw HCI socket with libbluetooth (hci_le_set_scan_parameters,
/// hci_le_set_scan_enable, an event filter for LE meta events), not through the mgmt socket:
/// a raw socket works on a box with no bluetoothd at all (a speech-only Raspberry Pi often has
/// none), needs only libbluetooth, and hands over the controller's own advertising reports,
/// including scan responses, which `AdvertisingReport` parses. The price: it needs
/// CAP_NET_RAW (`setcap cap_net_raw,cap_net_admin+ep`), and while bluetoothd is scanning the
/// controller refuses, which comes back as `.busy`. The mgmt socket (Start Discovery) would
/// cooperate with bluetoothd instead; it is the way to go if that becomes the common case.
public final class StrapScanner {
    private var scanner: HCIScanner?
    private var watch: EventLoop.Token?
    private var deadline: EventLoop.Token?
    private var loop: EventLoop?

    public init() {}

    /// Scans for `seconds`, then calls `completion` on `loop` with the heart-rate straps heard,
    /// strongest signal first, names sanitised. The completion always comes on a later turn
    /// of the loop, also when the scan cannot start (`.noAdapter`, `.permissionDenied`,
    /// `.busy`). A scan already running is cancelled first, without its completion.
    public func scan(on loop: EventLoop, seconds: Double, completion: @escaping (Result<[FoundStrap], SensorProblemError>) -> Void) {
        cancel()
        self.loop = loop
        let scanner: HCIScanner
        do {
            scanner = try HCIScanner()
            try scanner.start()
        } catch {
            deadline = loop.after(0) { [weak self] in
                self?.deadline = nil
                completion(.failure(error))
            }
            return
        }
        self.scanner = scanner
        var collector = StrapCollector()
        watch = loop.watch(scanner.fileDescriptor) {
            while let packet = scanner.readEvent() {
                // A malformed event costs only its own reports.
                for report in (try? AdvertisingReport.parse(event: packet)) ?? [] {
                    collector.add(report)
                }
            }
        }
        deadline = loop.after(seconds) { [weak self] in
            self?.cancel()
            completion(.success(collector.straps))
        }
    }

    /// Stops a running scan without calling its completion.
    public func cancel() {
        if let watch { loop?.cancel(watch) }
        if let deadline { loop?.cancel(deadline) }
        watch = nil
        deadline = nil
        scanner?.stop()
        scanner = nil
    }
}
