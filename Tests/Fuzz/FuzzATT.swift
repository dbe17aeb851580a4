// libFuzzer target: the ATT PDU decoder and encoder, and the GATT client fed whatever a
// hostile strap could send. Built by contrib/fuzz.sh with
// Sources/HeartlineBluetooth/Protocol/*.swift and HeartlineCore's sensor types.
//
// Input: the first PDU is the whole input (decoded, re-encoded, decoded again); then the
// input is read as a conversation of [length][PDU] records fed to a heart-rate strap's GATT
// client, with the clock advancing between them; and again to a footpod's, bike sensor's or
// power meter's client, by the input's length modulo 3.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzATT(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let pdu = try? ATTPDU(decoding: bytes) {
        let again = try? ATTPDU(decoding: pdu.encoded)
        precondition(again == pdu, "PDU does not survive encoding: \(pdu)")
    }
    converse(bytes, with: GATTClient())
    let others: [SensorKind] = [.footpod, .cyclingSpeedCadence, .powerMeter, .fitnessMachine]
    converse(bytes, with: GATTClient(sensor: others[size % others.count]))
    return 0
}

/// Feeds the records of `bytes` to `client` as the strap's PDUs, checking every action.
private func converse(_ bytes: [UInt8], with client: GATTClient) {
    var client = client
    let kind = client.sensor
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
            case .deliver(.sensorReading(let reading)):
                precondition(reading.kind == kind, "a \(reading.kind) reading from a \(kind) client")
            case .deliver(.reading):
                precondition(kind == .heartRateStrap, "a heart-rate reading from a \(kind) client")
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
        // A fitness machine is steered meanwhile: its control point writes wait their turn.
        if kind == .fitnessMachine, record.count % 2 == 0 { check(client.steer(.set(.speed, Double(record.count)), now: now)) }
    }
    let final = client.tick(now: now + 31)
    check(final)
    precondition(!armed, "a request in flight outlived its timeout")
}
