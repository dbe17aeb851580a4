/// What a treadmill, bike trainer or rower can report and be set to: the Fitness Machine Feature
/// characteristic (0x2ACC).
///
/// Layout (Fitness Machine Service 1.0): the fitness machine features (uint32 of bits), then the
/// target setting features (uint32 of bits). Reserved bits are kept as sent.
public struct FitnessMachineFeatures: Equatable, Sendable {
    public var machine: Machine
    public var targetSettings: TargetSettings

    public init(machine: Machine, targetSettings: TargetSettings) {
        self.machine = machine
        self.targetSettings = targetSettings
    }

    /// The fields the machine can fill in its data characteristic.
    public struct Machine: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let averageSpeed = Self(rawValue: 1 << 0)
        public static let cadence = Self(rawValue: 1 << 1)
        public static let totalDistance = Self(rawValue: 1 << 2)
        public static let inclination = Self(rawValue: 1 << 3)
        public static let elevationGain = Self(rawValue: 1 << 4)
        public static let pace = Self(rawValue: 1 << 5)
        public static let stepCount = Self(rawValue: 1 << 6)
        public static let resistanceLevel = Self(rawValue: 1 << 7)
        public static let strideCount = Self(rawValue: 1 << 8)
        public static let expendedEnergy = Self(rawValue: 1 << 9)
        public static let heartRate = Self(rawValue: 1 << 10)
        public static let metabolicEquivalent = Self(rawValue: 1 << 11)
        public static let elapsedTime = Self(rawValue: 1 << 12)
        public static let remainingTime = Self(rawValue: 1 << 13)
        public static let power = Self(rawValue: 1 << 14)
        public static let forceOnBeltAndPowerOutput = Self(rawValue: 1 << 15)
        public static let userDataRetention = Self(rawValue: 1 << 16)
    }

    /// The targets the machine takes through its control point.
    public struct TargetSettings: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let speed = Self(rawValue: 1 << 0)
        public static let inclination = Self(rawValue: 1 << 1)
        public static let resistanceLevel = Self(rawValue: 1 << 2)
        public static let power = Self(rawValue: 1 << 3)
        public static let heartRate = Self(rawValue: 1 << 4)
        public static let expendedEnergy = Self(rawValue: 1 << 5)
        public static let stepNumber = Self(rawValue: 1 << 6)
        public static let strideNumber = Self(rawValue: 1 << 7)
        public static let distance = Self(rawValue: 1 << 8)
        public static let trainingTime = Self(rawValue: 1 << 9)
        public static let timeInTwoHeartRateZones = Self(rawValue: 1 << 10)
        public static let timeInThreeHeartRateZones = Self(rawValue: 1 << 11)
        public static let timeInFiveHeartRateZones = Self(rawValue: 1 << 12)
        public static let indoorBikeSimulation = Self(rawValue: 1 << 13)
        public static let wheelCircumference = Self(rawValue: 1 << 14)
        public static let spinDown = Self(rawValue: 1 << 15)
        public static let cadence = Self(rawValue: 1 << 16)
    }

    /// Bytes after the two fields are ignored, as they belong to a later version.
    /// - Throws: `FrameError` when the value is shorter than eight bytes.
    public static func decode(_ value: [UInt8]) throws(FrameError) -> FitnessMachineFeatures {
        var reader = ByteReader(value)
        let machine = Machine(rawValue: try reader.uint32("fitness machine features"))
        return Self(machine: machine, targetSettings: TargetSettings(rawValue: try reader.uint32("target setting features")))
    }

    /// The value as a machine sends it.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(machine.rawValue)
        bytes.appendLittleEndian(targetSettings.rawValue)
        return bytes
    }
}

/// The energy fields the treadmill, bike and rower data share, sent together under one flag:
/// total (uint16 kcal), per hour (uint16 kcal), per minute (uint8 kcal). A machine that cannot
/// tell one of them sends all ones (0xFFFF, 0xFF).
public struct ExpendedEnergy: Equatable, Sendable {
    public var total: UInt16
    public var perHour: UInt16
    public var perMinute: UInt8

    public init(total: UInt16, perHour: UInt16, perMinute: UInt8) {
        self.total = total
        self.perHour = perHour
        self.perMinute = perMinute
    }
}

extension ByteReader {
    mutating func expendedEnergy() throws(FrameError) -> ExpendedEnergy {
        let total = try uint16("total energy")
        let perHour = try uint16("energy per hour")
        return ExpendedEnergy(total: total, perHour: perHour, perMinute: try uint8("energy per minute"))
    }
}

extension [UInt8] {
    mutating func append(_ energy: ExpendedEnergy) {
        appendLittleEndian(energy.total)
        appendLittleEndian(energy.perHour)
        append(energy.perMinute)
    }
}

extension [Bool] {
    /// The flags of a fitness machine's data: bit n set where element n is true.
    var fitnessMachineFlags: UInt16 {
        enumerated().reduce(0) { $0 | ($1.element ? 1 << UInt16($1.offset) : 0) }
    }
}

/// A treadmill's, bike's or rower's data characteristic, whose long records a machine may split
/// over several notifications.
///
/// Flag bit 0 is More Data: set in every part but the last, and clear only in the part that
/// carries the first field (instantaneous speed, or a rower's stroke rate and count). Each part's
/// other flags announce the fields that part carries.
public protocol FitnessMachineData: Equatable, Sendable {
    /// The flags this record is sent with, More Data included.
    var flags: UInt16 { get }
    /// Takes every field `later` has, keeping this record's others.
    mutating func merge(_ later: Self)
}

extension FitnessMachineData {
    /// Whether another part of the same record follows.
    public var hasMoreData: Bool { flags & 0x0001 != 0 }
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
