#if canImport(Glibc)
    import Glibc
#endif
@testable import HeartlineBluetooth
import HeartlineCore
import HeartlineIO
import HeartlineTestSupport
import Testing

/// Whether this kernel has Bluetooth sockets at all (CI machines have none).
let kernelHasBluetooth: Bool = {
    let fd = socket(AF_BLUETOOTH, Int32(SOCK_SEQPACKET.rawValue), 0)
    if fd >= 0 { close(fd) }
    return fd >= 0
}()

@Suite(.timed, .enabled(if: !kernelHasBluetooth, "this machine has Bluetooth: the no-adapter path cannot be seen"))
struct NoBluetoothTests {
    static let strap = BluetoothAddress("C8:03:F1:B9:0B:4E/random")!

    @Test("the L2CAP transport fails cleanly with no adapter")
    func l2capFailsWithNoAdapter() {
        #expect {
            _ = try SensorTarget.address(Self.strap).openTransport()
        } throws: { error in
            (error as? SensorProblemError)?.problem == .noAdapter
        }
    }

    @Test("a source for a strap address says no adapter once, and keeps trying")
    func sourceSaysNoAdapterOnce() throws {
        let loop = try EventLoop()
        let source = BluetoothHeartRateSource(target: .address(Self.strap), reconnectDelays: [0.02])
        var events: [SensorEvent] = []
        source.start(on: loop) { events.append($0) }
        let end = ContinuousClock.now.advanced(by: .milliseconds(300))
        while ContinuousClock.now < end { loop.turn(maximumWait: 0.01) }
        source.stop()
        #expect(events == [.problem(.noAdapter)])
    }

    @Test("the scanner fails cleanly with no adapter, on a later turn of the loop")
    func scannerFailsWithNoAdapter() throws {
        let loop = try EventLoop()
        let scanner = StrapScanner()
        var result: Result<[FoundStrap], SensorProblemError>?
        scanner.scan(on: loop, seconds: 5) { result = $0 }
        #expect(result == nil)
        let end = ContinuousClock.now.advanced(by: .seconds(2))
        while result == nil, ContinuousClock.now < end { loop.turn(maximumWait: 0.01) }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(String(describing: result))")
            return
        }
        #expect(error.problem == .noAdapter)
        #expect(error.detail.hasPrefix("socket"))
    }
}

/// The adapter is made ready (there, powered on through the management socket) before every
/// attempt on a strap's address: a connection started on an adapter that the kernel powers off
/// by itself is aborted, and closing that socket can crash Linux 6.1 (contrib/vm/run.sh unplug).
@Suite(.timed) struct AdapterFirstTests {
    static let strap = BluetoothAddress("C8:03:F1:B9:0B:4E/random")!

    @Test("every attempt on an address readies the adapter first; its problem is said once")
    func adapterReadiedBeforeEveryAttempt() throws {
        let loop = try EventLoop()
        let source = BluetoothHeartRateSource(target: .address(Self.strap), reconnectDelays: [0.02])
        var readied = 0
        source.prepareAdapter = { () throws(SensorProblemError) in
            readied += 1
            throw SensorProblemError(.permissionDenied, detail: "mgmt Set Powered: status 0x14")
        }
        var events: [SensorEvent] = []
        source.start(on: loop) { events.append($0) }
        let end = ContinuousClock.now.advanced(by: .milliseconds(300))
        while ContinuousClock.now < end { loop.turn(maximumWait: 0.01) }
        source.stop()
        // Had a socket been opened first, a machine without Bluetooth would have said no adapter.
        #expect(events == [.problem(.permissionDenied)])
        #expect(readied >= 3)
    }

    @Test("a strap reached through an ATT socket needs no adapter")
    func attSocketNeedsNoAdapter() throws {
        let session = try StrapSession()
        var readied = 0
        session.source.prepareAdapter = { () throws(SensorProblemError) in readied += 1 }
        session.start()
        #expect(session.run { session.count(SourceTests.connected) == 1 })
        #expect(readied == 0)
    }
}

@Suite(.timed) struct SensorProblemErrorTests {
    static let errnos: [(Int32, SensorProblem)] = [
        (EAFNOSUPPORT, .noAdapter), (ENODEV, .noAdapter), (EPERM, .permissionDenied), (EACCES, .permissionDenied),
        (EBUSY, .busy), (ETIMEDOUT, .unreachable), (ECONNREFUSED, .unreachable), (EHOSTDOWN, .unreachable),
        (ECONNABORTED, .unreachable),
    ]

    @Test("each errno becomes the problem the user can act on", arguments: errnos)
    func errnoSorted(code: Int32, problem: SensorProblem) {
        #expect(SensorProblemError(SystemError(operation: "connect", code: code)).problem == problem)
    }

    @Test("any other errno is another problem, in the system's words")
    func otherErrno() {
        let error = SensorProblemError(SystemError(operation: "connect", code: ENOENT))
        #expect(error.problem == .other("connect: No such file or directory"))
    }
}

@Suite(.timed) struct SensorTargetTests {
    static let arguments: [(String, SensorTarget?)] = [
        ("C8:03:F1:B9:0B:4E", .address(BluetoothAddress(bytes: [0xC8, 0x03, 0xF1, 0xB9, 0x0B, 0x4E], kind: .random))),
        ("00:22:D0:11:22:33", .address(BluetoothAddress(bytes: [0x00, 0x22, 0xD0, 0x11, 0x22, 0x33], kind: .public))),
        ("c8:03:f1:b9:0b:4e/public", .address(BluetoothAddress(bytes: [0xC8, 0x03, 0xF1, 0xB9, 0x0B, 0x4E], kind: .public))),
        ("00:22:D0:11:22:33/random", .address(BluetoothAddress(bytes: [0x00, 0x22, 0xD0, 0x11, 0x22, 0x33], kind: .random))),
        ("att-socket:/run/heartline/strap.sock", .attSocket(path: "/run/heartline/strap.sock")),
        ("att-socket:", nil),
        ("C8:03:F1:B9:0B", nil),
        ("C8:03:F1:B9:0B:4E:11", nil),
        ("C8:03:F1:B9:0B:4G", nil),
        ("C8:03:F1:B9:0B:4E/static", nil),
        ("C8:03:F1:B9:0B:4E/random/x", nil),
        ("C8:3:F1:B9:0B:4E", nil),
        ("", nil),
    ]

    @Test("the --sensor argument names a strap address or an ATT socket", arguments: arguments)
    func parse(argument: String, target: SensorTarget?) {
        #expect(SensorTarget(argument: argument) == target)
    }

    @Test("a target reads back from its own description")
    func roundTrip() {
        for argument in ["C8:03:F1:B9:0B:4E/random", "00:22:D0:11:22:33/public", "att-socket:/tmp/s"] {
            #expect(SensorTarget(argument: argument)?.description == argument)
        }
    }
}

@Suite(.timed) struct ReconnectBackoffTests {
    @Test("waits 1, 2, 4, 8 and then 10 seconds for ever")
    func standardDelays() {
        var backoff = ReconnectBackoff()
        #expect((0..<8).map { _ in backoff.nextDelay() } == [1, 2, 4, 8, 10, 10, 10, 10])
    }

    @Test("a success starts the delays again")
    func resetStartsAgain() {
        var backoff = ReconnectBackoff()
        _ = backoff.nextDelay()
        _ = backoff.nextDelay()
        backoff.reset()
        #expect(backoff.nextDelay() == 1)
    }
}
