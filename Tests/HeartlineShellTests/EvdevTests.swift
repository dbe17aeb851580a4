#if canImport(Glibc)
    import Glibc
#endif
import Foundation
@testable import HeartlineShell
import HeartlineIO
import HeartlineTestSupport
import Testing

/// Bytes from a hexadecimal dump ("78 d4 0b 6b ...").
private func hex(_ text: String) -> [UInt8] {
    text.split(whereSeparator: \.isWhitespace).map { UInt8($0, radix: 16)! }
}

/// Key codes from linux/input-event-codes.h.
private enum Code {
    static let playPause: UInt16 = 164, next: UInt16 = 163, previous: UInt16 = 165
    static let volumeUp: UInt16 = 115, volumeDown: UInt16 = 114, playCD: UInt16 = 200, letterA: UInt16 = 30
}

/// What /proc/bus/input/devices says on a machine with a USB headset, a Bluetooth headset's
/// AVRCP buttons and a power button.
private let deviceList = """
    I: Bus=0019 Vendor=0000 Product=0001 Version=0000
    N: Name="Power Button"
    P: Phys=LNXPWRBN/button/input0
    S: Sysfs=/devices/LNXSYSTM:00/LNXPWRBN:00/input/input0
    U: Uniq=
    H: Handlers=kbd event0
    B: PROP=0
    B: EV=3
    B: KEY=10000000000000 0

    I: Bus=0003 Vendor=0b0e Product=0305 Version=0111
    N: Name="Jabra Evolve 65 Consumer Control"
    P: Phys=usb-0000:00:14.0-2/input3
    S: Sysfs=/devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.3/0003:0B0E:0305.0004/input/input12
    U: Uniq=
    H: Handlers=kbd event7
    B: PROP=0
    B: EV=13
    B: KEY=3800000000 e000000000000 0
    B: MSC=10

    I: Bus=0005 Vendor=054c Product=0d58 Version=0001
    N: Name="WH-1000XM4 (AVRCP)"
    P: Phys=
    S: Sysfs=/devices/virtual/input/input15
    U: Uniq=14:3f:a6:00:00:00
    H: Handlers=kbd event9
    B: PROP=0
    B: EV=100007
    B: KEY=10300 16800000000 0 0

    """

@Suite(.timed) struct EvdevTests {
    // MARK: Decoding

    /// A USB headset's play/pause button, pressed for 150 ms, as evtest recorded it on 64-bit
    /// Linux: each press and release comes with its scan code (EV_MSC) and a report end (EV_SYN).
    static let recordedPlayPause = hex(
        """
        78 d4 0b 6b 00 00 00 00 a0 86 01 00 00 00 00 00 04 00 04 00 cd 00 0c 00
        78 d4 0b 6b 00 00 00 00 a0 86 01 00 00 00 00 00 01 00 a4 00 01 00 00 00
        78 d4 0b 6b 00 00 00 00 a0 86 01 00 00 00 00 00 00 00 00 00 00 00 00 00
        78 d4 0b 6b 00 00 00 00 90 d0 03 00 00 00 00 00 04 00 04 00 cd 00 0c 00
        78 d4 0b 6b 00 00 00 00 90 d0 03 00 00 00 00 00 01 00 a4 00 00 00 00 00
        78 d4 0b 6b 00 00 00 00 90 d0 03 00 00 00 00 00 00 00 00 00 00 00 00 00
        """)

    @Test(.enabled(if: InputEvent.size == 24, "the recording is of 64-bit Linux"))
    func aRecordedPressAndReleaseDecode() {
        var decoder = InputEventDecoder()
        let events = decoder.decode(Self.recordedPlayPause)
        #expect(events.count == 6)
        #expect(events[1] == .key(Code.playPause, .press, at: 1_795_937_400.1))
        #expect(events[4] == .key(Code.playPause, .release, at: 1_795_937_400.25))
        #expect(events[0].type == 4 && events[0].value == 0xC00CD)
        #expect(events[2].type == InputEvent.synchronization)
    }

    @Test func shortReadsDecodeToTheSameEvents() {
        let stream = [InputEvent.key(Code.next, .press, at: 10), .key(Code.next, .release, at: 10.2)].flatMap(\.bytes)
        var whole = InputEventDecoder()
        var pieces = InputEventDecoder()
        var events: [InputEvent] = []
        // Reads of 1, 2, 3, ... bytes.
        var offset = 0
        var length = 1
        while offset < stream.count {
            let end = min(stream.count, offset + length)
            events += pieces.decode(stream[offset..<end])
            offset = end
            length += 1
        }
        #expect(events == whole.decode(stream))
        #expect(events.count == 2)
    }

    @Test func eventsRoundTripThroughTheirBytes() {
        let event = InputEvent(time: 1234.5, type: 1, code: 164, value: 2)
        var decoder = InputEventDecoder()
        #expect(event.bytes.count == InputEvent.size)
        #expect(decoder.decode(event.bytes) == [event])
    }

    // MARK: Press, release, auto-repeat and long press

    static let gestures = ButtonGestures(longPressCodes: [Code.playPause])

    @Test func aQuickPressAndReleaseIsShort() {
        var gestures = Self.gestures
        #expect(gestures.handle(.key(Code.playPause, .press, at: 10)) == [])
        #expect(gestures.nextDeadline == 10.8)
        #expect(gestures.handle(.key(Code.playPause, .release, at: 10.3)) == [.short(Code.playPause)])
        #expect(gestures.nextDeadline == nil)
    }

    @Test func aButtonWithoutALongPressActsWhenPressed() {
        var gestures = Self.gestures
        #expect(gestures.handle(.key(Code.next, .press, at: 10)) == [.short(Code.next)])
        #expect(gestures.handle(.key(Code.next, .release, at: 12)) == [])
    }

    @Test func autoRepeatPastTheThresholdIsALongPressOnce() {
        var gestures = Self.gestures
        var said: [ButtonGestures.Gesture] = gestures.handle(.key(Code.playPause, .press, at: 10))
        // The kernel repeats after 250 ms, every 33 ms.
        var time = 10.25
        while time < 11.5 {
            said += gestures.handle(.key(Code.playPause, .autoRepeat, at: time))
            time += 0.033
        }
        said += gestures.handle(.key(Code.playPause, .release, at: 11.5))
        #expect(said == [.long(Code.playPause)])
    }

    @Test func autoRepeatNeverRepeatsAnAction() {
        var gestures = Self.gestures
        var said = gestures.handle(.key(Code.volumeUp, .press, at: 10))
        for step in 0..<30 { said += gestures.handle(.key(Code.volumeUp, .autoRepeat, at: 10.25 + Double(step) * 0.033)) }
        said += gestures.handle(.key(Code.volumeUp, .release, at: 11.3))
        #expect(said == [.short(Code.volumeUp)])
    }

    @Test func aHeldButtonWithoutRepeatsIsLongByTimeAlone() {
        var gestures = Self.gestures
        _ = gestures.handle(.key(Code.playPause, .press, at: 10))
        #expect(gestures.tick(at: 10.5) == [])
        #expect(gestures.tick(at: 10.8) == [.long(Code.playPause)])
        #expect(gestures.tick(at: 11.5) == [])
        #expect(gestures.handle(.key(Code.playPause, .release, at: 12)) == [])
    }

    @Test func aLateReleaseIsStillLong() {
        var gestures = Self.gestures
        _ = gestures.handle(.key(Code.playPause, .press, at: 10))
        #expect(gestures.handle(.key(Code.playPause, .release, at: 10.9)) == [.long(Code.playPause)])
    }

    @Test func garbageIsIgnored() {
        var gestures = Self.gestures
        // A release with no press, unknown types and values, a repeat before any press.
        #expect(gestures.handle(.key(Code.playPause, .release, at: 9)) == [])
        #expect(gestures.handle(InputEvent(time: 9, type: 0x7F, code: Code.playPause, value: 1)) == [])
        #expect(gestures.handle(InputEvent(time: 9, type: InputEvent.key, code: Code.playPause, value: 7)) == [])
        #expect(gestures.handle(.key(Code.playPause, .autoRepeat, at: 9.5)) == [])
        // A lost release: the next press starts afresh.
        _ = gestures.handle(.key(Code.playPause, .press, at: 10))
        _ = gestures.handle(.key(Code.playPause, .press, at: 20))
        #expect(gestures.handle(.key(Code.playPause, .release, at: 20.1)) == [.short(Code.playPause)])
    }

    // MARK: The mapping

    @Test func theStandardMappingReachesTheWorkoutActions() {
        let mapping = MediaButtonMapping.standard
        #expect(mapping.action(for: .short(Code.playPause)) == "heart rate")
        #expect(mapping.action(for: .long(Code.playPause)) == "all metrics")
        #expect(mapping.action(for: .short(Code.playCD)) == "heart rate")
        #expect(mapping.action(for: .short(Code.next)) == "time")
        #expect(mapping.action(for: .short(Code.previous)) == "repeat")
        #expect(mapping.action(for: .long(Code.volumeDown)) == "pause or resume")
        #expect(mapping.action(for: .short(Code.letterA)) == nil)
    }

    @Test func aMappingStringChangesTheDefaults() throws {
        let mapping = try MediaButtonMapping.parse(
            """
            playpause = pause or resume; playpause long = none
            # a comment
            next.long = Stop  Speech
            165 = calories
            volumeup = none
            """)
        #expect(mapping.action(for: .short(Code.playPause)) == "pause or resume")
        #expect(mapping.long[Code.playPause] == nil)
        #expect(mapping.action(for: .long(Code.next)) == MediaButtonMapping.stopSpeech)
        #expect(mapping.action(for: .short(Code.previous)) == "calories")
        #expect(!mapping.codes.contains(Code.volumeUp))
        #expect(try MediaButtonMapping.parse("next = time", over: MediaButtonMapping()).codes == [Code.next])
    }

    @Test(arguments: [
        ("next time", MediaButtonMapping.ParseError.malformed("next time")),
        ("eject = time", .unknownButton("eject")),
        ("next = dance", .unknownAction("dance")),
        ("next = type a command", .unknownAction("type a command")),
        ("next = ", .malformed("next")),
        ("99999 = time", .unknownButton("99999")),
    ])
    func aBadEntryIsNamed(entry: String, error: MediaButtonMapping.ParseError) {
        #expect(throws: error) { try MediaButtonMapping.parse(entry) }
    }

    @Test func aParseErrorNamesTheEntryForTheSpokenWarning() {
        #expect(MediaButtonMapping.ParseError.unknownButton("eject").description == "eject: not a media button")
        #expect(MediaButtonMapping.ParseError.unknownAction("dance").description == "dance: not a workout action")
    }

    // MARK: Finding devices

    @Test func devicesWithMediaKeysAreFoundInTheList() {
        let devices = InputDeviceList.parse(deviceList, bitsPerWord: 64)
        #expect(devices.map(\.name) == ["Power Button", "Jabra Evolve 65 Consumer Control", "WH-1000XM4 (AVRCP)"])
        #expect(devices.map(\.eventPath) == ["/dev/input/event0", "/dev/input/event7", "/dev/input/event9"])
        #expect(devices[0].keys == [116])
        #expect(devices[1].keys == [113, 114, 115, 163, 164, 165])
        #expect(devices[2].keys == [163, 165, 166, 168, 200, 201, 208])
        let codes = MediaButtonMapping.standard.codes
        #expect(
            devices.filter { !$0.keys.isDisjoint(with: codes) }.map(\.name) == ["Jabra Evolve 65 Consumer Control", "WH-1000XM4 (AVRCP)"])
    }

    // MARK: Reading devices on the loop

    @Test(.enabled(if: InputEvent.size == 24, "the recording is of 64-bit Linux"))
    func aRecordedPressOnADeviceAsksForTheHeartRate() throws {
        let rig = try ButtonRig()
        rig.buttons.start()
        #expect(rig.buttons.openDevices == 2)
        rig.send(EvdevTests.recordedPlayPause, to: "event7")
        #expect(rig.run { rig.actions.count == 1 })
        #expect(rig.actions == ["heart rate"])
        #expect(rig.notices == [])
    }

    @Test func aHeldButtonIsALongPressWithoutItsRelease() throws {
        let rig = try ButtonRig()
        rig.buttons.start()
        let pressed = Date()
        rig.send(InputEvent.key(Code.playPause, .press, at: 500).bytes, to: "event7")
        #expect(rig.run(for: 2) { !rig.actions.isEmpty })
        #expect(rig.actions == ["all metrics"])
        #expect(Date().timeIntervalSince(pressed) >= ButtonGestures.longPress - 0.05)
        rig.send(InputEvent.key(Code.playPause, .release, at: 501.5).bytes, to: "event7")
        rig.run(for: 0.2) { false }
        #expect(rig.actions == ["all metrics"])
    }

    @Test func unpluggedMidWorkoutIsSaidOnceAndFoundAgain() throws {
        let rig = try ButtonRig()
        rig.buttons.start()
        rig.send([InputEvent.key(Code.next, .press, at: 1), .key(Code.next, .release, at: 1.1)].flatMap(\.bytes), to: "event9")
        #expect(rig.run { rig.actions == ["time"] })
        // The headset goes: both its devices end, one by end of file, one by a read error.
        rig.unplug("event7")
        rig.unplug("event9", byError: true)
        #expect(rig.run { !rig.notices.isEmpty })
        rig.run(for: 0.2) { false }
        #expect(rig.notices == [.disconnected])
        #expect(rig.buttons.openDevices == 0)
        // It comes back: the next reading of the list opens it again.
        try rig.plugIn("event7")
        rig.buttons.rescan()
        #expect(rig.run { rig.notices.count == 2 })
        #expect(rig.notices == [.disconnected, .connected])
        rig.send([InputEvent.key(Code.previous, .press, at: 2), .key(Code.previous, .release, at: 2.1)].flatMap(\.bytes), to: "event7")
        #expect(rig.run { rig.actions.count == 2 })
        #expect(rig.actions == ["time", "repeat"])
    }

    @Test func noPermissionIsSaidOncePerRun() throws {
        let rig = try ButtonRig(denied: true)
        rig.buttons.start()
        rig.buttons.rescan()
        rig.run(for: 0.2) { false }
        #expect(rig.notices == [.permissionDenied])
        #expect(rig.buttons.openDevices == 0)
    }

    @Test func aDeviceSendingGarbageInShortReadsOnlyActsOnRealPresses() throws {
        let rig = try ButtonRig()
        rig.buttons.start()
        var generator = SystemRandomNumberGenerator()
        var stream: [UInt8] = []
        for _ in 0..<200 {
            // Unknown types, codes and values, but never a key event of a mapped button.
            var type = UInt16.random(in: 0...0x1F, using: &generator)
            if type == InputEvent.key { type = 0x1F }
            stream +=
                InputEvent(
                    time: 3, type: type, code: .random(in: 0...0x2FF, using: &generator),
                    value: .random(in: .min ... .max, using: &generator)
                ).bytes
        }
        stream += InputEvent(time: 3, type: InputEvent.key, code: Code.letterA, value: 1).bytes
        stream += InputEvent(time: 3, type: InputEvent.key, code: Code.next, value: 9).bytes
        stream += [InputEvent.key(Code.next, .press, at: 4), .key(Code.next, .release, at: 4.1)].flatMap(\.bytes)
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + 7)
            rig.send(Array(stream[offset..<end]), to: "event9")
            rig.run(for: 0) { false }
            offset = end
        }
        #expect(rig.run { !rig.actions.isEmpty })
        rig.run(for: 0.2) { false }
        #expect(rig.actions == ["time"])
        #expect(rig.notices == [])
    }
}

/// Media buttons on a real event loop, reading pipes that stand for /dev/input/event7 and
/// /dev/input/event9 (this kernel has no uinput to make real devices).
private final class ButtonRig {
    let loop: EventLoop
    let buttons: MediaButtons
    private let list = TemporaryDirectory()
    private var writers: [String: Int32] = [:]
    private var readers: [String: Int32] = [:]
    /// The descriptors handed out, by device name.
    private var opened: [String: Int32] = [:]
    private(set) var actions: [String] = []
    private(set) var notices: [MediaButtons.Notice] = []

    init(denied: Bool = false) throws {
        loop = try EventLoop()
        let path = list.path + "/devices"
        try deviceList.write(toFile: path, atomically: true, encoding: .utf8)
        let box = OpenBox()
        buttons = MediaButtons(loop: loop, mapping: .standard, listPath: path, open: { box.open($0) }, rescanInterval: 3600)
        box.rig = self
        box.denied = denied
        buttons.onAction = { [unowned self] in actions.append($0) }
        buttons.onNotice = { [unowned self] in notices.append($0) }
        for name in ["event7", "event9"] { try plugIn(name) }
    }

    deinit {
        buttons.stop()
        for fd in writers.values { close(fd) }
    }

    func plugIn(_ name: String) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SystemError(operation: "pipe", code: errno) }
        readers[name] = fds[0]
        writers[name] = fds[1]
    }

    /// The device ends: its writer closes (end of file), or its reads fail as an unplugged
    /// device's do with ENODEV (a directory put in place of the pipe fails them with EISDIR).
    func unplug(_ name: String, byError: Bool = false) {
        if byError, let fd = opened[name] {
            let directory = open("/", O_RDONLY | O_DIRECTORY)
            dup2(directory, fd)
            close(directory)
        }
        if let fd = writers.removeValue(forKey: name) { close(fd) }
    }

    func send(_ bytes: [UInt8], to name: String) {
        guard let fd = writers[name] else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    fileprivate func take(_ path: String) -> Int32? {
        guard let name = path.split(separator: "/").last.map(String.init), let fd = readers.removeValue(forKey: name) else { return nil }
        opened[name] = fd
        return fd
    }

    /// Turns the loop until `done` or `seconds` pass; returns whether `done` came true.
    @discardableResult
    func run(for seconds: Double = 3, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if done() { return true }
            loop.turn(maximumWait: 0.02)
        } while Date() < deadline
        return done()
    }

    func run(until done: () -> Bool) -> Bool {
        run(for: 3, until: done)
    }
}

/// The rig's stand-in for open(2): its pipes, or EACCES.
private final class OpenBox {
    weak var rig: ButtonRig?
    var denied = false

    func open(_ path: String) -> Result<Int32, SystemError> {
        if denied { return .failure(SystemError(operation: "open \(path)", code: EACCES)) }
        guard let fd = rig?.take(path) else { return .failure(SystemError(operation: "open \(path)", code: ENOENT)) }
        return .success(fd)
    }
}
