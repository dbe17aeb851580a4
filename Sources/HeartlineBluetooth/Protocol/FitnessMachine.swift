/// What a treadmill, bike trainer or rower can report and be set to: the Fitness Machine Feature
/// characteristic (0x2ACC).
///
/// Layout (Fitness Machine Service 1.0): the fitness machine features (uint32 of bits), then the
/// target setting features (uint32 of bits). Reserved bits are kept as sent.
public struct FitnessMachineFeatures: Equatable, Sendable {
    public var machine: Machine
    public var targetSettings: TargetSettings

    public init(machine: Machine, targetSettings: TargetSettings) { (self.machine, self.targetSettings) = (machine, targetSettings) }

    /// The fields the machine can fill in its data characteristic.
    public struct Machine: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let averageSpeed = Self(bit: 0)
        public static let cadence = Self(bit: 1)
        public static let totalDistance = Self(bit: 2)
        public static let inclination = Self(bit: 3)
        public static let elevationGain = Self(bit: 4)
        public static let pace = Self(bit: 5)
        public static let stepCount = Self(bit: 6)
        public static let resistanceLevel = Self(bit: 7)
        public static let strideCount = Self(bit: 8)
        public static let expendedEnergy = Self(bit: 9)
        public static let heartRate = Self(bit: 10)
        public static let metabolicEquivalent = Self(bit: 11)
        public static let elapsedTime = Self(bit: 12)
        public static let remainingTime = Self(bit: 13)
        public static let power = Self(bit: 14)
        public static let forceOnBeltAndPowerOutput = Self(bit: 15)
        public static let userDataRetention = Self(bit: 16)
    }

    /// The targets the machine takes through its control point.
    public struct TargetSettings: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let speed = Self(bit: 0)
        public static let inclination = Self(bit: 1)
        public static let resistanceLevel = Self(bit: 2)
        public static let power = Self(bit: 3)
        public static let heartRate = Self(bit: 4)
        public static let expendedEnergy = Self(bit: 5)
        public static let stepNumber = Self(bit: 6)
        public static let strideNumber = Self(bit: 7)
        public static let distance = Self(bit: 8)
        public static let trainingTime = Self(bit: 9)
        public static let timeInTwoHeartRateZones = Self(bit: 10)
        public static let timeInThreeHeartRateZones = Self(bit: 11)
        public static let timeInFiveHeartRateZones = Self(bit: 12)
        public static let indoorBikeSimulation = Self(bit: 13)
        public static let wheelCircumference = Self(bit: 14)
        public static let spinDown = Self(bit: 15)
        public static let cadence = Self(bit: 16)
    }

    /// The two words, reserved bits and all.
    static let format = WireFormat.fields(
        FitnessMachineFeatures(machine: [], targetSettings: []),
        .init(\.machine, WireFormat.integer("fitness machine features").map({ Machine(rawValue: $0) }, back: \.rawValue)),
        .init(\.targetSettings, WireFormat.integer("target setting features").map({ TargetSettings(rawValue: $0) }, back: \.rawValue)))

    /// Bytes after the two fields are ignored, as they belong to a later version.
    /// - Throws: `FrameError` when the value is shorter than eight bytes.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineFeatures { try format.decode(value) }

    /// The value as a machine sends it.
    public var encoded: [UInt8] { Self.format.encode(self) }
}

extension OptionSet where RawValue == UInt32 {
    /// The set of bit `bit` alone, as the specification numbers them.
    init(bit: UInt32) { self.init(rawValue: 1 << bit) }
}

/// The energy fields the treadmill, bike and rower data share, sent together under one flag:
/// total (uint16 kcal), per hour (uint16 kcal), per minute (uint8 kcal). A machine that cannot
/// tell one of them sends all ones (0xFFFF, 0xFF).
public struct ExpendedEnergy: Equatable, Sendable {
    static let format = WireFormat.fields(
        ExpendedEnergy(total: 0, perHour: 0, perMinute: 0), .init(\.total, .integer("total energy")),
        .init(\.perHour, .integer("energy per hour")), .init(\.perMinute, .integer("energy per minute")))

    public var total: UInt16
    public var perHour: UInt16
    public var perMinute: UInt8

    public init(total: UInt16, perHour: UInt16, perMinute: UInt8) {
        (self.total, self.perHour, self.perMinute) = (total, perHour, perMinute)
    }
}

/// The fields a treadmill, bike and rower all send after their own, each under its own flag, in
/// this order: expended energy, heart rate (uint8), metabolic equivalent (uint8, 1/10), elapsed
/// time (uint16 s), remaining time (uint16 s).
public struct FitnessMachineTail: Equatable, Sendable {
    public var expendedEnergy: ExpendedEnergy?
    /// Beats per minute.
    public var heartRate: UInt8?
    /// 1/10 MET.
    public var metabolicEquivalent: UInt8?
    /// Seconds.
    public var elapsedTime: UInt16?
    /// Seconds.
    public var remainingTime: UInt16?
}

/// A treadmill's, bike's or rower's data characteristic, whose long records a machine may split
/// over several notifications.
///
/// Flag bit 0 is More Data: set in every part but the last, and clear only in the part that
/// carries the first field (instantaneous speed, or a rower's stroke rate and count). Each part's
/// other flags announce the fields that part carries.
@dynamicMemberLookup
public protocol FitnessMachineData: Equatable, Sendable {
    /// The record's fields in the order they are sent, which decodes, encodes and merges it.
    static var layout: FitnessMachineLayout<Self> { get }

    /// The fields every machine sends after its own.
    var tail: FitnessMachineTail { get set }
}

extension FitnessMachineData {
    /// The tail's fields, as `record.heartRate`.
    public subscript<Value>(dynamicMember path: WritableKeyPath<FitnessMachineTail, Value>) -> Value {
        get { tail[keyPath: path] }
        set { tail[keyPath: path] = newValue }
    }

    /// Decodes one notification's value; bytes after the announced fields are ignored.
    /// - Throws: `FrameError` when a field the flags announce is missing.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> Self { try layout.decode(value) }

    /// The flags this record is sent with, More Data included: set when the first field is absent.
    public var flags: UInt16 { Self.layout.flags(of: self) }

    /// The value as the machine sends it.
    public var encoded: [UInt8] { Self.layout.encode(self) }

    /// Whether another part of the same record follows.
    public var hasMoreData: Bool { flags & 0x0001 != 0 }

    /// Takes every field `later` has, keeping this record's others.
    public mutating func merge(_ later: Self) { Self.layout.merge(later, into: &self) }
}

/// The fields of a machine's data record in the order they are sent, each an optional property.
///
/// Flag bit n announces field n, except that the first field is present when bit 0, More Data,
/// is clear. Flag bits past the last field are reserved and ignored.
public struct FitnessMachineLayout<Record: FitnessMachineData>: Sendable {
    let blank: Record
    let fields: [Field]

    /// `own` are the machine's fields, in flag order from bit 0; `after` follow the shared tail.
    init(_ blank: Record, _ own: [Field], after: [Field] = []) {
        self.blank = blank
        self.fields = own + Self.tailFields + after
    }

    /// Expended energy, heart rate, metabolic equivalent, elapsed and remaining time: sent by
    /// every machine, in this order, after its own fields.
    private static var tailFields: [Field] {
        [
            Field(\.tail.expendedEnergy, ExpendedEnergy.format), .integer(\.tail.heartRate, "heart rate"),
            .integer(\.tail.metabolicEquivalent, "metabolic equivalent"), .integer(\.tail.elapsedTime, "elapsed time"),
            .integer(\.tail.remainingTime, "remaining time"),
        ]
    }

    func decode(_ value: [UInt8]) throws(FrameError) -> Record {
        var reader = ByteReader(value)
        let present = try reader.uint16("flags") ^ 0x0001
        var record = blank
        for (bit, field) in fields.enumerated() where present & 1 << bit != 0 { try field.read(&reader, &record) }
        return record
    }

    func flags(of record: Record) -> UInt16 {
        fields.enumerated().reduce(0x0001) { flags, entry in entry.element.isPresent(record) ? flags ^ 1 << entry.offset : flags }
    }

    func encode(_ record: Record) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(flags(of: record))
        for field in fields { field.write(record, &bytes) }
        return bytes
    }

    func merge(_ later: Record, into record: inout Record) {
        for field in fields { field.merge(later, &record) }
    }

    /// One optional field of a record: read when its flag announces it, written when present.
    struct Field: Sendable {
        let isPresent: @Sendable (Record) -> Bool
        let read: @Sendable (inout ByteReader, inout Record) throws(FrameError) -> Void
        let write: @Sendable (Record, inout [UInt8]) -> Void
        let merge: @Sendable (Record, inout Record) -> Void

        init<Value: Sendable>(_ path: WritableKeyPath<Record, Value?> & Sendable, _ format: WireFormat<Value>) {
            isPresent = { record in record[keyPath: path] != nil }
            read = { reader, record throws(FrameError) in record[keyPath: path] = try format.read(&reader) }
            write = { record, bytes in
                if let value = record[keyPath: path] { format.write(value, &bytes) }
            }
            merge = { later, record in record[keyPath: path] = later[keyPath: path] ?? record[keyPath: path] }
        }

        static func integer<Value: FixedWidthInteger & Sendable>(_ path: WritableKeyPath<Record, Value?> & Sendable, _ field: String)
            -> Field
        {
            Field(path, .integer(field))
        }

        static func uint24(_ path: WritableKeyPath<Record, UInt32?> & Sendable, _ field: String) -> Field {
            Field(path, .uint24(field))
        }
    }
}

/// Joins the parts of a split treadmill, bike or rower record into one.
///
/// Parts are merged until the last (More Data clear) arrives. The parts of one record carry
/// different fields; a part that repeats a field already held starts a new record, and the held
/// one is given out as it is, since its last part was lost.
public struct FitnessMachineDataAssembler<Record: FitnessMachineData>: Sendable {
    /// The parts received so far of a record not yet complete.
    public private(set) var pending: Record?

    public init() {}

    /// Adds one notification's record.
    /// - Returns: the records it completes, oldest first: none while parts are missing, two when
    ///   it broke off a record whose last part was lost and was itself complete.
    public mutating func add(_ part: Record) -> [Record] {
        var completed: [Record] = []
        var record = part
        if var held = pending {
            if held.flags & part.flags & 0xFFFE == 0 {
                held.merge(part)
                record = held
            } else {
                completed.append(held)
            }
        }
        if record.hasMoreData {
            pending = record
        } else {
            pending = nil
            completed.append(record)
        }
        return completed
    }
}
