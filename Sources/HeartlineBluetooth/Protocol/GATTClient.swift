// Compiled standalone into the fuzz targets with HeartlineCore's SensorEvent.swift beside it.
#if canImport(HeartlineCore)
    import HeartlineCore
#endif

/// Why a connection to a strap cannot go on.
public enum GATTFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The strap did not answer a request within the transaction timeout (30 s).
    case transactionTimeout(request: UInt8)
    /// The answer to a request could not be decoded.
    case malformedResponse(opcode: UInt8, FrameError)
    /// An answer arrived that does not answer the request in flight.
    case unexpectedResponse(opcode: UInt8)
    /// Discovery returned handles outside the range asked for or going backwards.
    case inconsistentDiscovery(request: UInt8)
    /// The strap refused a step the connection needs.
    case attributeError(request: UInt8, handle: UInt16, code: UInt8)
    /// The device has no Heart Rate service.
    case noHeartRateService
    /// The Heart Rate service has no Heart Rate Measurement that notifies or indicates.
    case noHeartRateMeasurement
    /// Heart Rate Measurement has no Client Characteristic Configuration to switch it on.
    case noClientConfiguration
    /// The device lacks the service of the sensor kind asked for (a footpod's, a bike's).
    case noSensorService(SensorKind)
    /// That service has no measurement characteristic that notifies or indicates.
    case noSensorMeasurement(SensorKind)
    /// The device lacks the service asked for but has another kind's: it is that kind.
    case otherKind(SensorKind)

    /// Whether the device itself is unusable (a wrong or locked device), so trying again
    /// cannot help and the user must hear about it; otherwise the link was merely unreliable.
    public var isPermanent: Bool {
        switch self {
        case .transactionTimeout, .malformedResponse, .unexpectedResponse, .inconsistentDiscovery: false
        case .attributeError, .noHeartRateService, .noHeartRateMeasurement, .noClientConfiguration, .noSensorService,
            .noSensorMeasurement, .otherKind:
            true
        }
    }

    public var description: String {
        switch self {
        case .transactionTimeout(let request): "no answer to ATT request 0x\(request.hexDigits) within the transaction timeout"
        case .malformedResponse(let opcode, let error): "malformed ATT response 0x\(opcode.hexDigits): \(error)"
        case .unexpectedResponse(let opcode): "ATT response 0x\(opcode.hexDigits) does not answer the request in flight"
        case .inconsistentDiscovery(let request): "discovery answer to 0x\(request.hexDigits) is out of order"
        case .attributeError(let request, let handle, let code):
            "ATT request 0x\(request.hexDigits) on handle \(handle) refused with error 0x\(code.hexDigits)"
        case .noHeartRateService: "the device has no Heart Rate service"
        case .noHeartRateMeasurement: "the device has no Heart Rate Measurement to subscribe to"
        case .noClientConfiguration: "Heart Rate Measurement has no configuration descriptor"
        case .noSensorService(let kind): "the device has no \(kind.serviceName) service"
        case .noSensorMeasurement(let kind): "the device has no \(kind.serviceName) measurement to subscribe to"
        case .otherKind(let kind): "the device is not what was asked for: it has a \(kind.serviceName) service"
        }
    }
}

/// The GATT client for one connection to a heart-rate strap, as a state machine.
///
/// It exchanges the MTU, discovers the primary services, the characteristics of the Generic
/// Access, Heart Rate and Battery services and the configuration descriptors it needs, reads
/// the device name and body sensor location, switches on Heart Rate Measurement notifications
/// (and battery notifications where offered), announces `.connected`, then reads the battery.
/// From then on notifications and indications become `.reading` and `.battery` events.
///
/// Set up for another `SensorKind`, it wants that kind's service and measurement instead, reads
/// the Sensor Location, and delivers `.sensorReading` events: a footpod's as sent, a bike
/// sensor's and a power meter's through the cycling calculators, on the arrival clock `now`.
///
/// Each input is a mutating function returning the actions the caller must carry out, in
/// order. Time is an input: every call takes `now`, seconds on any monotonic clock, and the
/// caller calls `tick(now:)` when the timer it was told to start fires. One client serves one
/// connection: after `.fail`, or when the connection drops, start a new one.
public struct GATTClient {
    public enum Action: Equatable, Sendable {
        /// Send this PDU to the strap.
        case send([UInt8])
        case deliver(SensorEvent)
        /// Arm (or re-arm) the transaction timer to call `tick(now:)` after `seconds`.
        case startTimer(seconds: Double)
        case cancelTimer
        /// Close the connection: it cannot go on.
        case fail(GATTFailure)
        /// The strap refused a request for want of an encrypted link: raise the link's
        /// security (the kernel pairs, Just Works) and call `securityRaised(now:)` once the link
        /// can carry data again. The request is sent again then.
        case raiseSecurity
    }

    private struct Service: Equatable {
        var uuid: BluetoothUUID
        var range: HandleRange
    }

    private struct Characteristic {
        var properties: UInt8
        var valueHandle: UInt16
        var uuid: BluetoothUUID
        /// The last handle that can hold one of its descriptors.
        var lastHandle: UInt16
        var clientConfiguration: UInt16?

        var notifies: Bool { properties & 0x10 != 0 }
        var indicates: Bool { properties & 0x20 != 0 }
    }

    private enum Step: Equatable {
        case discoverCharacteristics(Service)
        /// Decide the rest once the characteristics are known.
        case planSubscriptions
        case discoverDescriptors(BluetoothUUID)
        case read(BluetoothUUID)
        case subscribe(BluetoothUUID)
        case announce
    }

    private enum State {
        case idle
        case exchangingMTU
        case discoveringServices(next: UInt16)
        case discoveringCharacteristics(Service, next: UInt16)
        case discoveringDescriptors(BluetoothUUID, next: UInt16)
        case reading(BluetoothUUID)
        case subscribing(BluetoothUUID)
        /// A request written to a fitness machine's control point, waiting for the write response.
        case writingControl
        /// Nothing in flight; notifications flow.
        case ready
        case failed
    }

    private static let commonServices: Set<BluetoothUUID> = [
        .genericAccessService, .batteryService, .deviceInformationService,
    ]
    private static let commonCharacteristics: Set<BluetoothUUID> = [
        .deviceName, .batteryLevel, .manufacturerName, .modelNumber,
    ]
    private var wantedServices: Set<BluetoothUUID> { Self.commonServices.union([sensor.service]) }
    private var wantedCharacteristics: Set<BluetoothUUID> {
        let own: Set<BluetoothUUID> = sensor == .fitnessMachine ? Self.machineCharacteristics : [sensor.measurement, sensor.location]
        return Self.commonCharacteristics.union(own)
    }
    private static let machineCharacteristics: Set<BluetoothUUID> = [
        .treadmillData, .indoorBikeData, .rowerData, .fitnessMachineFeature, .supportedSpeedRange, .supportedInclinationRange,
        .supportedResistanceLevelRange, .supportedPowerRange, .fitnessMachineControlPoint, .fitnessMachineStatus,
    ]
    /// The characteristic the readings come on: a fitness machine's is the data characteristic
    /// it has (treadmill's first, then a bike's, then a rower's).
    private var measurement: BluetoothUUID {
        guard sensor == .fitnessMachine else { return sensor.measurement }
        return machineType.data
    }
    /// Which machine a fitness machine is, by its data characteristic.
    private var machineType: MachineType {
        MachineType.allCases.first { characteristics[$0.data] != nil } ?? .treadmill
    }

    /// The receive MTU offered to the strap and given back when the strap asks.
    public let mtu: UInt16
    public let transactionTimeout: Double
    /// The kind of sensor this client sets up: its service and measurement.
    public let sensor: SensorKind
    /// The strap's sanitised device name, or the fallback until it has been read.
    public private(set) var name: String
    public private(set) var bodySensorLocation: BodySensorLocation?
    /// Where a footpod or bike sensor says it is fitted (Sensor Location, 0x2A5D).
    public private(set) var sensorLocation: SensorLocation?
    /// The Device Information service's manufacturer name and model number, sanitised, when
    /// the strap has them: for the settings and the log, never announced.
    public private(set) var manufacturer: String?
    public private(set) var model: String?

    private var state = State.idle
    private var plan: [Step] = []
    private var services: [Service] = []
    /// The characteristics of the service being discovered, in handle order.
    private var serviceCharacteristics: [Characteristic] = []
    private var characteristics: [BluetoothUUID: Characteristic] = [:]
    private var outstanding: (request: UInt8, deadline: Double)?
    /// The request in flight, to send again once the link is encrypted.
    private var lastRequest: ATTPDU?
    /// The request waiting for `securityRaised(now:)`.
    private var waitingForSecurity: ATTPDU?
    /// Whether security was raised on this connection already; a second refusal is final.
    public private(set) var securityRaisedOnce = false
    private var announced = false
    /// Bike sensors send counters: rates need the measurements before.
    private var cycling: CyclingSpeedCadenceCalculator
    private var power: CyclingPowerCalculator
    /// A fitness machine's: what it said about itself, its records, its control point rules.
    public private(set) var machine: MachineDescription?
    private var machineFeatures: FitnessMachineFeatures?
    private var machineRanges: [MachineTarget: MachineRange] = [:]
    private var machineRecords = MachineRecords()
    public private(set) var controller = FitnessMachineController()
    /// When the control point request in flight was written, to give up on an indication that
    /// never comes.
    private var controlWritten: Double?

    /// - Parameters:
    ///   - fallbackName: the name announced when the strap has no readable device name.
    ///   - mtu: the receive MTU to offer (at least 23).
    ///   - transactionTimeout: how long a request may go unanswered; 30 s in the ATT spec.
    ///   - sensor: the kind of sensor to set up; a heart-rate strap unless told.
    ///   - wheelCircumference: metres per wheel revolution, for bike sensors and power meters.
    public init(
        fallbackName: String = "", mtu: UInt16 = 247, transactionTimeout: Double = 30, sensor: SensorKind = .heartRateStrap,
        wheelCircumference: Double = CyclingSpeedCadenceCalculator.standardWheelCircumference
    ) {
        self.name = fallbackName
        self.mtu = max(23, mtu)
        self.transactionTimeout = transactionTimeout
        self.sensor = sensor
        cycling = CyclingSpeedCadenceCalculator(wheelCircumference: wheelCircumference)
        power = CyclingPowerCalculator(wheelCircumference: wheelCircumference)
    }

    /// Starts on a freshly connected bearer.
    public mutating func start(now: Double) -> [Action] {
        guard case .idle = state else { return [] }
        state = .exchangingMTU
        return request(.exchangeMTURequest(mtu: mtu), now: now)
    }

    /// Handles one PDU from the strap.
    public mutating func receive(_ bytes: [UInt8], now: Double) -> [Action] {
        switch state {
        case .idle, .failed: return []
        default: break
        }
        guard let opcode = bytes.first else { return [] }
        let kind = ATTPDU.kind(of: opcode)
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU(decoding: bytes)
        } catch {
            switch kind {
            case .request:
                let code = opcode == 0x02 ? ATTErrorCode.invalidPDU : ATTErrorCode.requestNotSupported
                return [.send(ATTPDU.errorResponse(request: opcode, handle: 0, code: code).encoded)]
            case .response where outstanding != nil:
                return fail(.malformedResponse(opcode: opcode, error))
            default:
                return []
            }
        }
        switch (kind, pdu) {
        case (.request, .exchangeMTURequest):
            return [.send(ATTPDU.exchangeMTUResponse(mtu: mtu).encoded)]
        case (.request, _):
            // A client serves no attributes: refuse as BlueZ does, so the strap need not wait.
            return [.send(ATTPDU.errorResponse(request: opcode, handle: 0, code: ATTErrorCode.requestNotSupported).encoded)]
        case (.notification, .notification(let handle, let value)):
            return valueArrived(handle: handle, value: value, now: now)
        case (.indication, .indication(let handle, let value)):
            return [.send(ATTPDU.confirmation.encoded)] + valueArrived(handle: handle, value: value, now: now)
        case (.response, _):
            return responseArrived(pdu, now: now)
        default:
            return []
        }
    }

    /// The link is encrypted (or will carry data again): sends the refused request again.
    public mutating func securityRaised(now: Double) -> [Action] {
        guard let pdu = waitingForSecurity else { return [] }
        waitingForSecurity = nil
        return [.cancelTimer] + request(pdu, now: now)
    }

    /// Checks the transaction timer; call it when the timer fires (early calls are harmless).
    public mutating func tick(now: Double) -> [Action] {
        guard let pending = outstanding, now >= pending.deadline else { return [] }
        return fail(.transactionTimeout(request: pending.request))
    }

    /// Reads the battery level again; the answer arrives as `.battery`. Does nothing before the
    /// connection is announced (setting up reads it anyway) or when the strap has no battery.
    public mutating func requestBattery(now: Double) -> [Action] {
        guard announced, let battery = characteristics[.batteryLevel] else { return [] }
        switch state {
        case .ready:
            state = .reading(.batteryLevel)
            return request(.readRequest(handle: battery.valueHandle), now: now)
        case .reading(.batteryLevel):
            return []
        default:
            if !plan.contains(.read(.batteryLevel)) { plan.append(.read(.batteryLevel)) }
            return []
        }
    }

    /// Sends a command to a fitness machine's control point: Request Control first while the
    /// machine has not granted it, one request at a time. The answer arrives as
    /// `.machine(.answered)`; a device with no control point answers "not supported" at once.
    public mutating func steer(_ command: MachineCommand, now: Double) -> [Action] {
        if case .failed = state { return [] }
        guard announced, characteristics[.fitnessMachineControlPoint]?.clientConfiguration != nil else {
            return [.deliver(.machine(.answered(command, .notSupported)))]
        }
        var actions: [Action] = []
        // A machine that never indicated its answer within the transaction timeout: that request failed.
        if controller.inFlight != nil, let written = controlWritten, now - written > transactionTimeout {
            controlWritten = nil
            actions = answers(controller.writeFailed())
        }
        controller.enqueue(command)
        return actions + writeControl(now: now)
    }

    /// Writes the controller's next request when nothing else is in flight.
    private mutating func writeControl(now: Double) -> [Action] {
        guard case .ready = state, let point = characteristics[.fitnessMachineControlPoint], let next = controller.next() else {
            return []
        }
        state = .writingControl
        controlWritten = now
        return request(.writeRequest(handle: point.valueHandle, value: next.encoded), now: now)
    }

    private func answers(_ answered: [(MachineCommand, MachineResult)]) -> [Action] {
        answered.map { .deliver(.machine(.answered($0.0, $0.1))) }
    }

    // MARK: - Responses

    private mutating func responseArrived(_ pdu: ATTPDU, now: Double) -> [Action] {
        // An answer with no question is dropped; BlueZ would drop the link.
        guard let pending = outstanding else { return [] }
        let answered: Bool =
            if case .errorResponse(let request, _, _) = pdu {
                request == pending.request
            } else {
                pdu.opcode == ATTPDU.responseOpcode(for: pending.request)
            }
        guard answered else { return fail(.unexpectedResponse(opcode: pdu.opcode)) }
        outstanding = nil
        return [.cancelTimer] + handle(pdu, now: now)
    }

    private mutating func handle(_ pdu: ATTPDU, now: Double) -> [Action] {
        if case .errorResponse(let request, let handle, let code) = pdu {
            return refused(request: request, handle: handle, code: code, now: now)
        }
        switch (state, pdu) {
        case (.exchangingMTU, _):
            return startServiceDiscovery(now: now)
        case (.discoveringServices(let next), .readByGroupTypeResponse(let groups)):
            return servicesFound(groups, after: next, now: now)
        case (.discoveringCharacteristics(let service, let next), .readByTypeResponse(let declarations)):
            return characteristicsFound(declarations, in: service, after: next, now: now)
        case (.discoveringDescriptors(let uuid, let next), .findInformationResponse(let descriptors)):
            return descriptorsFound(descriptors, of: uuid, after: next, now: now)
        case (.reading(let uuid), .readResponse(let value)):
            return read(value, of: uuid, now: now)
        case (.subscribing, .writeResponse):
            return advance(now: now)
        case (.writingControl, .writeResponse):
            // The answer comes as an indication; meanwhile other requests may go.
            return advance(now: now)
        default:
            return fail(.unexpectedResponse(opcode: pdu.opcode))
        }
    }

    /// "Attribute not found" ends a discovery step normally; other refusals end the connection
    /// only when the step is one it cannot do without.
    private mutating func refused(request: UInt8, handle: UInt16, code: UInt8, now: Double) -> [Action] {
        // Insufficient Authentication or Encryption: the strap wants an encrypted link. Raise
        // security once and ask again, as BlueZ does; pairing waits within the transaction
        // timeout, so a pairing that never ends fails like an unanswered request.
        if code == ATTErrorCode.insufficientAuthentication || code == ATTErrorCode.insufficientEncryption,
            !securityRaisedOnce, let pdu = lastRequest, pdu.opcode == request
        {
            securityRaisedOnce = true
            waitingForSecurity = pdu
            outstanding = (request, now + transactionTimeout)
            return [.raiseSecurity, .startTimer(seconds: transactionTimeout)]
        }
        let required: Bool
        switch state {
        case .exchangingMTU:
            // A strap that cannot negotiate keeps the default MTU of 23.
            return startServiceDiscovery(now: now)
        case .discoveringServices where code == ATTErrorCode.attributeNotFound:
            return servicesDiscovered(now: now)
        case .discoveringCharacteristics(let service, _) where code == ATTErrorCode.attributeNotFound:
            return characteristicsDiscovered(in: service, now: now)
        case .discoveringDescriptors where code == ATTErrorCode.attributeNotFound:
            return advance(now: now)
        case .discoveringServices, .discoveringCharacteristics:
            required = true
        case .discoveringDescriptors(let uuid, _), .subscribing(let uuid):
            required = uuid == measurement
        case .writingControl:
            return answers(controller.writeFailed()) + advance(now: now)
        default:
            required = false
        }
        if required {
            return fail(.attributeError(request: request, handle: handle, code: code))
        }
        return advance(now: now)
    }

    // MARK: - Discovery

    private mutating func startServiceDiscovery(now: Double) -> [Action] {
        state = .discoveringServices(next: 0x0001)
        return request(.readByGroupTypeRequest(HandleRange(0x0001, 0xFFFF), type: .primaryService), now: now)
    }

    private mutating func servicesFound(_ groups: [AttributeGroup], after next: UInt16, now: Double) -> [Action] {
        var cursor = Int(next)
        for group in groups {
            guard Int(group.handle) >= cursor, group.endGroup >= group.handle,
                let uuid = BluetoothUUID(littleEndian: group.value)
            else {
                return fail(.inconsistentDiscovery(request: 0x10))
            }
            services.append(Service(uuid: uuid, range: HandleRange(group.handle, group.endGroup)))
            cursor = Int(group.endGroup) + 1
        }
        guard cursor <= 0xFFFF else { return servicesDiscovered(now: now) }
        state = .discoveringServices(next: UInt16(cursor))
        return request(.readByGroupTypeRequest(HandleRange(UInt16(cursor), 0xFFFF), type: .primaryService), now: now)
    }

    private mutating func servicesDiscovered(now: Double) -> [Action] {
        guard services.contains(where: { $0.uuid == sensor.service }) else {
            // Its services tell what it is: a footpod given as a strap is named as a footpod.
            if let kind = SensorKind.allCases.first(where: { kind in services.contains { $0.uuid == kind.service } }) {
                return fail(.otherKind(kind))
            }
            return fail(sensor == .heartRateStrap ? .noHeartRateService : .noSensorService(sensor))
        }
        let wanted = wantedServices
        plan = services.filter { wanted.contains($0.uuid) }.map { .discoverCharacteristics($0) }
        plan.append(.planSubscriptions)
        return advance(now: now)
    }

    private mutating func characteristicsFound(
        _ declarations: [AttributeValue], in service: Service, after next: UInt16, now: Double
    ) -> [Action] {
        var cursor = Int(next)
        for declaration in declarations {
            var value = ByteReader(declaration.value)
            guard Int(declaration.handle) >= cursor, declaration.handle <= service.range.end,
                let properties = try? value.uint8("properties"),
                let valueHandle = try? value.uint16("value handle"),
                valueHandle > declaration.handle, valueHandle <= service.range.end,
                let uuid = BluetoothUUID(littleEndian: value.rest())
            else {
                return fail(.inconsistentDiscovery(request: 0x08))
            }
            if !serviceCharacteristics.isEmpty {
                serviceCharacteristics[serviceCharacteristics.count - 1].lastHandle = declaration.handle - 1
            }
            serviceCharacteristics.append(
                Characteristic(
                    properties: properties, valueHandle: valueHandle, uuid: uuid, lastHandle: service.range.end))
            cursor = Int(declaration.handle) + 1
        }
        guard cursor <= Int(service.range.end) else { return characteristicsDiscovered(in: service, now: now) }
        state = .discoveringCharacteristics(service, next: UInt16(cursor))
        return request(.readByTypeRequest(HandleRange(UInt16(cursor), service.range.end), type: .characteristic), now: now)
    }

    private mutating func characteristicsDiscovered(in service: Service, now: Double) -> [Action] {
        let wanted = wantedCharacteristics
        for characteristic in serviceCharacteristics
        where wanted.contains(characteristic.uuid) && characteristics[characteristic.uuid] == nil {
            characteristics[characteristic.uuid] = characteristic
        }
        serviceCharacteristics = []
        return advance(now: now)
    }

    private mutating func descriptorsFound(
        _ descriptors: [AttributeInfo], of uuid: BluetoothUUID, after next: UInt16, now: Double
    ) -> [Action] {
        guard let lastHandle = characteristics[uuid]?.lastHandle else { return advance(now: now) }
        var cursor = Int(next)
        for descriptor in descriptors {
            guard Int(descriptor.handle) >= cursor, descriptor.handle <= lastHandle else {
                return fail(.inconsistentDiscovery(request: 0x04))
            }
            if descriptor.type == .clientConfiguration {
                characteristics[uuid]?.clientConfiguration = descriptor.handle
                return advance(now: now)
            }
            cursor = Int(descriptor.handle) + 1
        }
        guard cursor <= Int(lastHandle) else { return advance(now: now) }
        state = .discoveringDescriptors(uuid, next: UInt16(cursor))
        return request(.findInformationRequest(HandleRange(UInt16(cursor), lastHandle)), now: now)
    }

    /// The steps after discovery, from what it found.
    private func subscriptionPlan() -> [Step]? {
        guard let data = characteristics[measurement], data.notifies || data.indicates else {
            return nil
        }
        let battery = characteristics[.batteryLevel]
        let batteryNotifies = battery?.notifies == true
        var steps: [Step] = [.discoverDescriptors(measurement)]
        if batteryNotifies { steps.append(.discoverDescriptors(.batteryLevel)) }
        if sensor == .fitnessMachine {
            steps += [.discoverDescriptors(.fitnessMachineControlPoint), .discoverDescriptors(.fitnessMachineStatus)]
        }
        steps += [.read(.deviceName), .read(sensor.location), .read(.manufacturerName), .read(.modelNumber)]
        if sensor == .fitnessMachine {
            steps += [
                .read(.fitnessMachineFeature), .read(.supportedSpeedRange), .read(.supportedInclinationRange),
                .read(.supportedResistanceLevelRange), .read(.supportedPowerRange),
                // Indications on before the first write, as the specification asks.
                .subscribe(.fitnessMachineControlPoint), .subscribe(.fitnessMachineStatus),
            ]
        }
        if batteryNotifies { steps.append(.subscribe(.batteryLevel)) }
        steps += [.subscribe(measurement), .announce, .read(.batteryLevel)]
        return steps
    }

    // MARK: - Setting up and running

    /// Carries out the next planned steps until one sends a request or the plan is done.
    private mutating func advance(now: Double) -> [Action] {
        var actions: [Action] = []
        while !plan.isEmpty {
            let step = plan.removeFirst()
            switch step {
            case .discoverCharacteristics(let service):
                state = .discoveringCharacteristics(service, next: service.range.start)
                return actions + request(.readByTypeRequest(service.range, type: .characteristic), now: now)
            case .planSubscriptions:
                guard let steps = subscriptionPlan() else {
                    return actions + fail(sensor == .heartRateStrap ? .noHeartRateMeasurement : .noSensorMeasurement(sensor))
                }
                plan = steps + plan
            case .discoverDescriptors(let uuid):
                guard let characteristic = characteristics[uuid], characteristic.valueHandle < characteristic.lastHandle else {
                    continue
                }
                let first = characteristic.valueHandle + 1
                state = .discoveringDescriptors(uuid, next: first)
                return actions + request(.findInformationRequest(HandleRange(first, characteristic.lastHandle)), now: now)
            case .read(let uuid):
                guard let characteristic = characteristics[uuid] else { continue }
                state = .reading(uuid)
                return actions + request(.readRequest(handle: characteristic.valueHandle), now: now)
            case .subscribe(let uuid):
                guard let characteristic = characteristics[uuid], let configuration = characteristic.clientConfiguration else {
                    if uuid == measurement { return actions + fail(.noClientConfiguration) }
                    continue
                }
                state = .subscribing(uuid)
                // 01 00 switches notifications on, 02 00 indications (for straps that only indicate).
                let value: [UInt8] = characteristic.notifies ? [0x01, 0x00] : [0x02, 0x00]
                return actions + request(.writeRequest(handle: configuration, value: value), now: now)
            case .announce:
                announced = true
                if sensor == .fitnessMachine { actions.append(.deliver(.machine(.described(describeMachine())))) }
                actions.append(.deliver(.connected(name: name)))
            }
        }
        state = .ready
        return actions + writeControl(now: now)
    }

    /// What the machine said about itself: its type by its data characteristic, the targets its
    /// features name (all four when it did not say), each with its range.
    private mutating func describeMachine() -> MachineDescription {
        let steerable = characteristics[.fitnessMachineControlPoint]?.clientConfiguration != nil
        let description = MachineDescription(type: machineType, features: machineFeatures, ranges: machineRanges, steerable: steerable)
        machine = description
        return description
    }

    private mutating func read(_ value: [UInt8], of uuid: BluetoothUUID, now: Double) -> [Action] {
        var actions: [Action] = []
        switch uuid {
        case .deviceName:
            if let sanitized = AdvertisedName.sanitize(value) { name = sanitized }
        case .bodySensorLocation:
            bodySensorLocation = try? BodySensorLocation.decode(value)
        case .sensorLocation:
            sensorLocation = try? SensorLocation.decode(value)
        case .manufacturerName:
            manufacturer = AdvertisedName.sanitize(value)
        case .modelNumber:
            model = AdvertisedName.sanitize(value)
        case .batteryLevel:
            if let level = try? BatteryLevel.decode(value) { actions.append(.deliver(.battery(level))) }
        case .fitnessMachineFeature:
            machineFeatures = try? FitnessMachineFeatures.decode(value)
        case .supportedSpeedRange:
            machineRanges[.speed] = (try? SupportedSpeedRange.decode(value)).map { MachineRange($0, scale: 100) }
        case .supportedInclinationRange:
            machineRanges[.incline] = (try? SupportedInclinationRange.decode(value)).map { MachineRange($0, scale: 10) }
        case .supportedResistanceLevelRange:
            machineRanges[.resistance] = (try? SupportedResistanceLevelRange.decode(value)).map { MachineRange($0, scale: 10) }
        case .supportedPowerRange:
            machineRanges[.power] = (try? SupportedPowerRange.decode(value)).map { MachineRange($0, scale: 1) }
        default:
            break
        }
        return actions + advance(now: now)
    }

    private mutating func valueArrived(handle: UInt16, value: [UInt8], now: Double) -> [Action] {
        if sensor == .fitnessMachine, let actions = machineValue(handle: handle, value: value, now: now) { return actions }
        guard announced else { return [] }
        if sensor == .fitnessMachine, handle == characteristics[measurement]?.valueHandle {
            return machineRecords.add(value, of: machineType).map { .deliver(.sensorReading(.machine($0))) }
        }
        if handle == characteristics[measurement]?.valueHandle, let event = measured(value, now: now) {
            return [.deliver(event)]
        }
        if handle == characteristics[.batteryLevel]?.valueHandle, let level = try? BatteryLevel.decode(value) {
            return [.deliver(.battery(level))]
        }
        return []
    }

    /// A fitness machine's control point answer or status; nil for another handle.
    private mutating func machineValue(handle: UInt16, value: [UInt8], now: Double) -> [Action]? {
        if handle == characteristics[.fitnessMachineControlPoint]?.valueHandle {
            guard let response = try? FitnessMachineControlResponse.decode(value) else { return [] }
            return answers(controller.indicated(response)) + writeControl(now: now)
        }
        guard handle == characteristics[.fitnessMachineStatus]?.valueHandle else { return nil }
        switch try? FitnessMachineStatus.decode(value) {
        case .controlPermissionLost:
            controller.controlLost()
            return [.deliver(.machine(.controlLost))]
        case .stoppedOrPausedByUser, .stoppedBySafetyKey:
            return [.deliver(.machine(.stoppedOnMachine))]
        default:
            return []
        }
    }

    /// The event for one measurement notification; nil when it does not decode.
    private mutating func measured(_ value: [UInt8], now: Double) -> SensorEvent? {
        switch sensor {
        case .heartRateStrap:
            return (try? HeartRateMeasurement.decode(value)).map { .reading($0) }
        case .footpod:
            return (try? RunningSpeedCadenceMeasurement.decode(value)).map { .sensorReading(.running($0.reading)) }
        case .cyclingSpeedCadence:
            guard let measurement = try? CyclingSpeedCadenceMeasurement.decode(value) else { return nil }
            return .sensorReading(.cycling(cycling.update(measurement, now: now)))
        case .powerMeter:
            guard let measurement = try? CyclingPowerMeasurement.decode(value) else { return nil }
            return .sensorReading(.power(power.update(measurement, now: now)))
        case .fitnessMachine:
            return nil
        }
    }

    private mutating func request(_ pdu: ATTPDU, now: Double) -> [Action] {
        outstanding = (pdu.opcode, now + transactionTimeout)
        lastRequest = pdu
        return [.send(pdu.encoded), .startTimer(seconds: transactionTimeout)]
    }

    private mutating func fail(_ failure: GATTFailure) -> [Action] {
        let timerArmed = outstanding != nil
        state = .failed
        outstanding = nil
        plan = []
        return (timerArmed ? [.cancelTimer] : []) + [.fail(failure)]
    }
}
