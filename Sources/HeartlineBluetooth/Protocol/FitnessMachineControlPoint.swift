/// A request written to the Fitness Machine Control Point (0x2AD9).
///
/// Layout (Fitness Machine Service 1.0): op code (uint8), then its parameter: request control
/// (0x00), reset (0x01), set target speed (0x02, uint16 1/100 km/h), set target inclination
/// (0x03, sint16 1/10 %), set target resistance level (0x04, uint8 1/10), set target power
/// (0x05, sint16 W), set target heart rate (0x06, uint8 beats per minute), start or resume
/// (0x07), stop or pause (0x08, uint8: 1 stop, 2 pause), set indoor bike simulation parameters
/// (0x11). The machine answers each by an indication, a `FitnessMachineControlResponse`.
public enum FitnessMachineControlRequest: Equatable, Sendable {
    /// Must come first: until the machine grants it, every other request is refused.
    case requestControl
    case reset
    /// 1/100 km/h.
    case setTargetSpeed(UInt16)
    /// 1/10 %; negative downhill.
    case setTargetInclination(Int16)
    /// 1/10 of the machine's unitless level, one byte as Fitness Machine Service 1.0 lays it out
    /// and as the machine's status reports it back; some clients write a sint16 here instead.
    case setTargetResistanceLevel(UInt8)
    /// Watts.
    case setTargetPower(Int16)
    /// Beats per minute.
    case setTargetHeartRate(UInt8)
    case startOrResume
    case stopOrPause(StopOrPause)
    case setIndoorBikeSimulation(IndoorBikeSimulation)

    public var opCode: UInt8 { encoded[0] }

    /// The value to write: the op code, then the parameter.
    public var encoded: [UInt8] {
        switch self {
        case .requestControl: [0x00]
        case .reset: [0x01]
        case .setTargetSpeed(let speed): [0x02] + speed.littleEndianBytes
        case .setTargetInclination(let inclination): [0x03] + inclination.littleEndianBytes
        case .setTargetResistanceLevel(let level): [0x04, level]
        case .setTargetPower(let power): [0x05] + power.littleEndianBytes
        case .setTargetHeartRate(let heartRate): [0x06, heartRate]
        case .startOrResume: [0x07]
        case .stopOrPause(let action): [0x08, action.rawValue]
        case .setIndoorBikeSimulation(let simulation): [0x11] + IndoorBikeSimulation.format.encode(simulation)
        }
    }

    /// Decodes a written value, as a machine reads it.
    /// - Throws: `FrameError` for an op code this type does not know, a parameter missing or out
    ///   of its values, or bytes after the parameter.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineControlRequest {
        var reader = ByteReader(value)
        let opCode = try reader.uint8("op code")
        let request: FitnessMachineControlRequest =
            switch opCode {
            case 0x00: .requestControl
            case 0x01: .reset
            case 0x02: .setTargetSpeed(try reader.uint16("target speed"))
            case 0x03: .setTargetInclination(try reader.int16("target inclination"))
            case 0x04: .setTargetResistanceLevel(try reader.uint8("target resistance level"))
            case 0x05: .setTargetPower(try reader.int16("target power"))
            case 0x06: .setTargetHeartRate(try reader.uint8("target heart rate"))
            case 0x07: .startOrResume
            case 0x08: .stopOrPause(try StopOrPause.format.read(&reader))
            case 0x11: .setIndoorBikeSimulation(try IndoorBikeSimulation.format.read(&reader))
            default: throw .invalid(field: "op code", value: Int(opCode))
            }
        try reader.expectEnd(after: "op code \(opCode)")
        return request
    }
}

/// The parameter of a stop or pause, asked through the control point or reported by the
/// machine's status.
public enum StopOrPause: UInt8, CaseIterable, Sendable {
    static let format = WireFormat<StopOrPause>.oneByte("stop or pause")

    case stop = 0x01
    case pause = 0x02
}

/// The indoor bike simulation parameters: wind speed (sint16, 1/1000 m/s), grade (sint16,
/// 1/100 %), rolling resistance coefficient (uint8, 1/10000), wind resistance coefficient
/// (uint8, 1/100 kg/m).
public struct IndoorBikeSimulation: Equatable, Sendable {
    static let format = WireFormat.fields(
        IndoorBikeSimulation(windSpeed: 0, grade: 0, rollingResistance: 0, windResistance: 0), .init(\.windSpeed, .integer("wind speed")),
        .init(\.grade, .integer("grade")), .init(\.rollingResistance, .integer("rolling resistance coefficient")),
        .init(\.windResistance, .integer("wind resistance coefficient")))

    public var windSpeed: Int16
    public var grade: Int16
    public var rollingResistance: UInt8
    public var windResistance: UInt8

    public init(windSpeed: Int16, grade: Int16, rollingResistance: UInt8, windResistance: UInt8) {
        (self.windSpeed, self.grade, self.rollingResistance, self.windResistance) = (windSpeed, grade, rollingResistance, windResistance)
    }
}

/// The machine's answer to a control point request, indicated on the control point.
///
/// Layout: response code 0x80 (uint8), the request's op code (uint8), the result (uint8), then
/// parameters a few requests answer with (a spin down's target speeds), kept as sent.
public struct FitnessMachineControlResponse: Equatable, Sendable {
    /// The op code of the request this answers, as the machine sent it.
    public var requestOpCode: UInt8
    public var result: Result
    public var parameter: [UInt8]

    public enum Result: UInt8, CaseIterable, Sendable {
        case success = 0x01
        case opCodeNotSupported = 0x02
        case invalidParameter = 0x03
        case operationFailed = 0x04
        case controlNotPermitted = 0x05
    }

    public init(requestOpCode: UInt8, result: Result, parameter: [UInt8] = []) {
        (self.requestOpCode, self.result, self.parameter) = (requestOpCode, result, parameter)
    }

    /// - Throws: `FrameError` when the value is not a response (its first byte is not 0x80), is
    ///   shorter than three bytes, or carries a reserved result.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineControlResponse {
        var reader = ByteReader(value)
        let code = try reader.uint8("response code")
        guard code == 0x80 else { throw .invalid(field: "response code", value: Int(code)) }
        let opCode = try reader.uint8("request op code")
        let result = try WireFormat<Result>.oneByte("result code").read(&reader)
        return FitnessMachineControlResponse(requestOpCode: opCode, result: result, parameter: reader.rest())
    }

    /// The value as a machine indicates it.
    public var encoded: [UInt8] { [0x80, requestOpCode, result.rawValue] + parameter }
}
