/// A change the machine reports on the Fitness Machine Status characteristic (0x2ADA), whether a
/// control point request or the user on the machine made it.
///
/// Layout (Fitness Machine Service 1.0): op code (uint8), then its parameter, sized by the op
/// code. Bytes after the parameter are ignored, as they belong to a later version.
public enum FitnessMachineStatus: Equatable, Sendable {
    /// 0x01.
    case reset
    /// 0x02, with the stop or pause the user chose on the machine.
    case stoppedOrPausedByUser(StopOrPause)
    /// 0x03: the safety key was pulled.
    case stoppedBySafetyKey
    /// 0x04.
    case startedOrResumedByUser
    /// 0x05, 1/100 km/h.
    case targetSpeedChanged(UInt16)
    /// 0x06, 1/10 %.
    case targetInclinationChanged(Int16)
    /// 0x07, 1/10 of the machine's unitless level.
    case targetResistanceLevelChanged(UInt8)
    /// 0x08, watts.
    case targetPowerChanged(Int16)
    /// 0x09, beats per minute.
    case targetHeartRateChanged(UInt8)
    /// 0x0A-0x11: a targeted energy, step or stride number, distance, training time or time in
    /// heart rate zones, with its parameter as sent.
    case targetedSettingChanged(opCode: UInt8, parameter: [UInt8])
    /// 0x12.
    case indoorBikeSimulationChanged(IndoorBikeSimulation)
    /// 0x13, 1/10 mm.
    case wheelCircumferenceChanged(UInt16)
    /// 0x14: 1 spin down requested, 2 success, 3 error, 4 stop pedalling.
    case spinDownStatus(UInt8)
    /// 0x15, 1/2 per minute.
    case targetCadenceChanged(UInt16)
    /// 0xFF: the machine took control back, and no request is obeyed until control is asked again.
    case controlPermissionLost

    /// The parameter sizes of op codes 0x0A to 0x11: energy, steps, strides (uint16), distance
    /// (uint24), training time (uint16), times in two, three and five zones (uint16 each).
    private static let targetedSettingSizes: [UInt8: Int] = [
        0x0A: 2, 0x0B: 2, 0x0C: 2, 0x0D: 3, 0x0E: 2, 0x0F: 4, 0x10: 6, 0x11: 10,
    ]

    /// - Throws: `FrameError` for an empty value, a reserved op code or a parameter missing or out
    ///   of its values.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineStatus {
        var reader = ByteReader(value)
        let opCode = try reader.uint8("status op code")
        switch opCode {
        case 0x01: return .reset
        case 0x02: return .stoppedOrPausedByUser(try StopOrPause.format.read(&reader))
        case 0x03: return .stoppedBySafetyKey
        case 0x04: return .startedOrResumedByUser
        case 0x05: return .targetSpeedChanged(try reader.uint16("new target speed"))
        case 0x06: return .targetInclinationChanged(try reader.int16("new target inclination"))
        case 0x07: return .targetResistanceLevelChanged(try reader.uint8("new target resistance level"))
        case 0x08: return .targetPowerChanged(try reader.int16("new target power"))
        case 0x09: return .targetHeartRateChanged(try reader.uint8("new target heart rate"))
        case 0x0A...0x11:
            let size = targetedSettingSizes[opCode] ?? 0
            return .targetedSettingChanged(opCode: opCode, parameter: try reader.bytes(size, "new targeted setting"))
        case 0x12: return .indoorBikeSimulationChanged(try IndoorBikeSimulation.format.read(&reader))
        case 0x13: return .wheelCircumferenceChanged(try reader.uint16("new wheel circumference"))
        case 0x14: return .spinDownStatus(try reader.uint8("spin down status"))
        case 0x15: return .targetCadenceChanged(try reader.uint16("new target cadence"))
        case 0xFF: return .controlPermissionLost
        default: throw .invalid(field: "status op code", value: Int(opCode))
        }
    }

    public var opCode: UInt8 { encoded[0] }

    /// The value as a machine notifies it: the op code, then the parameter.
    public var encoded: [UInt8] {
        switch self {
        case .reset: [0x01]
        case .stoppedOrPausedByUser(let action): [0x02, action.rawValue]
        case .stoppedBySafetyKey: [0x03]
        case .startedOrResumedByUser: [0x04]
        case .targetSpeedChanged(let speed): [0x05] + speed.littleEndianBytes
        case .targetInclinationChanged(let inclination): [0x06] + inclination.littleEndianBytes
        case .targetResistanceLevelChanged(let level): [0x07, level]
        case .targetPowerChanged(let power): [0x08] + power.littleEndianBytes
        case .targetHeartRateChanged(let heartRate): [0x09, heartRate]
        case .targetedSettingChanged(let opCode, let parameter): [opCode] + parameter
        case .indoorBikeSimulationChanged(let simulation): [0x12] + IndoorBikeSimulation.format.encode(simulation)
        case .wheelCircumferenceChanged(let circumference): [0x13] + circumference.littleEndianBytes
        case .spinDownStatus(let status): [0x14, status]
        case .targetCadenceChanged(let cadence): [0x15] + cadence.littleEndianBytes
        case .controlPermissionLost: [0xFF]
        }
    }
}

/// What the machine says the training is doing: the Training Status characteristic (0x2AD3).
///
/// Layout (Fitness Machine Service 1.0): flags (uint8: bit 0 a status string follows, bit 1 the
/// string goes on past this value, to be read with a long read), training status (uint8), then
/// the status string (UTF-8, to the end) when bit 0 is set. Bits 2-7 are reserved and ignored.
public struct TrainingStatus: Equatable, Sendable {
    public var state: State
    /// The string's bytes as sent; `text` is what may be printed or spoken.
    public var string: [UInt8]?
    /// Whether the machine has more of the string than this value carries.
    public var isExtended: Bool

    public enum State: UInt8, CaseIterable, Sendable {
        case other = 0x00
        case idle = 0x01
        case warmingUp = 0x02
        case lowIntensityInterval = 0x03
        case highIntensityInterval = 0x04
        case recoveryInterval = 0x05
        case isometric = 0x06
        case heartRateControl = 0x07
        case fitnessTest = 0x08
        /// Too slow for the machine to control: speed up to return to its control region.
        case speedBelowControlRegion = 0x09
        /// Too fast for the machine to control: slow down to return to its control region.
        case speedAboveControlRegion = 0x0A
        case coolDown = 0x0B
        case wattControl = 0x0C
        case manualMode = 0x0D
        case preWorkout = 0x0E
        case postWorkout = 0x0F
    }

    public init(state: State, string: [UInt8]? = nil, isExtended: Bool = false) {
        (self.state, self.string, self.isExtended) = (state, string, isExtended)
    }

    /// The string cleaned as an advertised name is: nil when absent or nothing speakable is left.
    public var text: String? { string.flatMap(AdvertisedName.sanitize) }

    /// - Throws: `FrameError` when the status is missing or reserved (0x10-0xFF).
    public static func decode(_ value: [UInt8]) throws(FrameError) -> TrainingStatus {
        var reader = ByteReader(value)
        let flags = try reader.uint8("flags")
        let state = try WireFormat<State>.oneByte("training status").read(&reader)
        return TrainingStatus(state: state, string: flags & 0x01 != 0 ? reader.rest() : nil, isExtended: flags & 0x02 != 0)
    }

    /// The value as a machine sends it.
    public var encoded: [UInt8] {
        let flags: UInt8 = (string != nil ? 0x01 : 0) | (isExtended ? 0x02 : 0)
        return [flags, state.rawValue] + (string ?? [])
    }
}
