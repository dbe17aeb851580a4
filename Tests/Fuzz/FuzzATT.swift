// libFuzzer target: the ATT PDU decoder and encoder, and the GATT client fed whatever a
// hostile strap could send. Built by contrib/fuzz.sh with
// Sources/HeartlineBluetooth/Protocol/*.swift and HeartlineCore's SensorEvent.swift.
//
// Input: the first PDU is the whole input (decoded, re-encoded, decoded again); then the
// input is read as a conversation of [length][PDU] records fed to a GATT client, with the
// clock advancing between them.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzATT(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let pdu = try? ATTPDU(decoding: bytes) {
        let again = try? ATTPDU(decoding: pdu.encoded)
        precondition(again == pdu, "PDU does not survive encoding: \(pdu)")
    }

    var client = GATTClient()
    var now = 0.0
    var failed = false
    var armed = false
    var pendingSecurity = false
    func check(_ actions: [GATTClient.Action]) {
        for action in actions {
            precondition(!failed, "action after failure: \(action)")
            switch action {
            case .send(let pdu):
                precondition(!pdu.isEmpty && pdu.count <= 23, "PDU longer than the default MTU")
            case .startTimer:
                armed = true
            case .cancelTimer:
                armed = false
            case .fail:
                failed = true
            case .deliver:
                break
            case .raiseSecurity:
                // The link is encrypted at once here: the request goes out again.
                pendingSecurity = true
            }
        }
    }
    check(client.start(now: now))
    var offset = 0
    while offset < bytes.count {
        let length = Int(bytes[offset])
        offset += 1
        let record = Array(bytes[offset..<min(offset + length, bytes.count)])
        offset += length
        check(client.receive(record, now: now))
        if pendingSecurity {
            pendingSecurity = false
            check(client.securityRaised(now: now))
        }
        now += 1
        check(client.requestBattery(now: now))
    }
    let final = client.tick(now: now + 31)
    check(final)
    precondition(!armed, "a request in flight outlived its timeout")
    return 0
}
