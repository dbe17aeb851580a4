import HeartlineBluetooth
import HeartlineTestSupport
import Testing

/// The management socket's packets, byte for byte as BlueZ's doc/mgmt-api.txt lays them out
/// (and as btmon showed them in the VM suite, contrib/vm).
@Suite(.timed) struct ManagementMessageTests {
    @Test("commands carry code, index and parameter length, little-endian")
    func commandsEncode() {
        #expect(ManagementCommand.readIndexList.encoded == [0x03, 0x00, 0xFF, 0xFF, 0x00, 0x00])
        #expect(ManagementCommand.readControllerInfo(index: 0).encoded == [0x04, 0x00, 0x00, 0x00, 0x00, 0x00])
        #expect(ManagementCommand.setPowered(index: 1, on: true).encoded == [0x05, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01])
        #expect(ManagementCommand.startLEDiscovery(index: 0).encoded == [0x23, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06])
        #expect(ManagementCommand.stopLEDiscovery(index: 0).encoded == [0x24, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06])
    }

    @Test("the pairing the kernel asks about is confirmed for the strap's address and type")
    func userConfirmation() throws {
        let strap = try #require(BluetoothAddress("D4:36:39:E5:77:12/random"))
        // User Confirmation Request: address, LE random, Just Works (hint 1), value 0.
        let request: [UInt8] = [0x0F, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x12, 0x77, 0xE5, 0x39, 0x36, 0xD4, 0x02, 0x01, 0, 0, 0, 0]
        #expect(try ManagementEvent.parse(request) == .userConfirmRequest(index: 0, address: strap, justWorks: true))
        var numeric = request
        numeric[13] = 0x00
        #expect(try ManagementEvent.parse(numeric) == .userConfirmRequest(index: 0, address: strap, justWorks: false))
        #expect(
            ManagementCommand.userConfirmReply(index: 0, address: strap).encoded
                == [0x1C, 0x00, 0x00, 0x00, 0x07, 0x00, 0x12, 0x77, 0xE5, 0x39, 0x36, 0xD4, 0x02])
    }

    @Test("Device Found becomes an advertising report with the strap's address type, RSSI and data")
    func deviceFound() throws {
        // C8:03:F1:B9:0B:4E, LE random, -58 dBm, flags 0, services 180D 180F and the name.
        let data: [UInt8] = [0x02, 0x01, 0x06, 0x05, 0x03, 0x0D, 0x18, 0x0F, 0x18, 0x0B, 0x09] + Array("TICKR B321".utf8)
        let parameters: [UInt8] = [0x4E, 0x0B, 0xB9, 0xF1, 0x03, 0xC8, 0x02, 0xC6, 0, 0, 0, 0, UInt8(data.count), 0] + data
        let packet: [UInt8] = [0x12, 0x00, 0x00, 0x00, UInt8(parameters.count), 0x00] + parameters
        guard case .deviceFound(0, let report) = try ManagementEvent.parse(packet) else {
            Issue.record("not a Device Found")
            return
        }
        #expect(report.address == BluetoothAddress("C8:03:F1:B9:0B:4E/random"))
        #expect(report.rssi == -58)
        #expect(report.data.name == "TICKR B321")
        #expect(report.data.isHeartRateSensor)
    }

    @Test("a public address (type 1) stays public; a scan response alone is marked as one")
    func publicScanResponse() throws {
        let data: [UInt8] = [0x05, 0x09] + Array("H10!".utf8)
        let parameters: [UInt8] = [0x2C, 0x1B, 0x0A, 0xD0, 0x22, 0x00, 0x01, 0xA8, 0x20, 0, 0, 0, UInt8(data.count), 0] + data
        let packet: [UInt8] = [0x12, 0x00, 0x00, 0x00, UInt8(parameters.count), 0x00] + parameters
        guard case .deviceFound(_, let report) = try ManagementEvent.parse(packet) else {
            Issue.record("not a Device Found")
            return
        }
        #expect(report.address == BluetoothAddress("00:22:D0:0A:1B:2C/public"))
        #expect(report.eventType == .scanResponse)
        #expect(report.rssi == -88)
    }

    @Test("Command Complete and Command Status name the command and its status")
    func completions() throws {
        #expect(
            try ManagementEvent.parse([0x01, 0x00, 0xFF, 0xFF, 0x07, 0x00, 0x03, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00])
                == .commandComplete(command: 0x0003, status: 0, parameters: [0x01, 0x00, 0x00, 0x00]))
        #expect(
            try ManagementEvent.parse([0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x05, 0x00, 0x12])
                == .commandStatus(command: 0x0005, status: 0x12))
        #expect(try ManagementEvent.parse([0x13, 0x00, 0x00, 0x00, 0x02, 0x00, 0x06, 0x00]) == .discovering(index: 0, active: false))
        #expect(try ManagementEvent.parse([0x05, 0x00, 0x01, 0x00, 0x00, 0x00]) == .indexRemoved(1))
    }

    @Test("a length that disagrees with the packet is refused, so nothing is read past it")
    func lengthsChecked() {
        #expect(throws: FrameError.self) { try ManagementEvent.parse([0x12, 0x00, 0x00, 0x00, 0x40, 0x00, 0x01]) }
        #expect(throws: FrameError.self) { try ManagementEvent.parse([0x13, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06]) }
        #expect(throws: FrameError.self) { try ManagementEvent.parse([0x12, 0x00]) }
    }

    @Test("the index list and the powered bit of Controller Information")
    func replies() {
        #expect(ManagementEvent.indices(fromIndexList: [0x02, 0x00, 0x00, 0x00, 0x01, 0x00]) == [0, 1])
        #expect(ManagementEvent.indices(fromIndexList: [0x00, 0x00]) == [])
        var info = [UInt8](repeating: 0, count: 280)
        info[13] = 0x01
        #expect(ManagementEvent.currentSettings(fromControllerInfo: info) == 1)
        info[13] = 0x00
        info[16] = 0x80
        #expect(ManagementEvent.currentSettings(fromControllerInfo: info) == 0x8000_0000)
        #expect(ManagementEvent.currentSettings(fromControllerInfo: [0x00]) == nil)
    }
}
