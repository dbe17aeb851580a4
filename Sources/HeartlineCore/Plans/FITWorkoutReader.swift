/// Why a coach's file could not be read, said in one sentence with its name.
public enum CoachFileError: Error, Equatable, Sendable {
    /// Not a FIT file, or not a Zwift workout file.
    case notAWorkoutFile
    /// A FIT file whose check sum does not match: damaged in copying.
    case damaged
    /// The file ends before its last message does.
    case truncated
    /// A FIT file of another kind, such as an activity.
    case notAWorkout
    /// Larger than any coach's workout.
    case tooLarge
    /// The file could not be opened or read from the disk.
    case unopened
    /// The file has no bytes at all.
    case empty
    /// Read whole, with no step a plan can follow.
    case noSteps
}

/// Reads a FIT workout file (file type 5): its file id, workout and workout step messages, with
/// the header's and the file's CRC checked. Developer fields and other messages are passed over.
public enum FITWorkoutReader {
    /// A workout file is a few kilobytes; this bounds what is read, in the loop, of each file.
    public static let largestFile = 256 << 10

    private struct Field {
        var number: UInt8
        var size: Int
        var baseType: UInt8
    }

    private struct Definition {
        var message: UInt16
        var bigEndian: Bool
        var fields: [Field]
        var developerBytes: Int
    }

    private struct Cursor {
        let bytes: [UInt8]
        var at: Int
        let end: Int

        mutating func take(_ count: Int) throws(CoachFileError) -> ArraySlice<UInt8> {
            guard count >= 0, end - at >= count else { throw .truncated }
            defer { at += count }
            return bytes[at..<at + count]
        }

        mutating func byte() throws(CoachFileError) -> UInt8 { try take(1).first! }
    }

    /// A data message's fields by number, as unsigned integers (all ones is FIT's "invalid"),
    /// and its strings.
    private struct Values {
        var numbers: [UInt8: UInt64] = [:]
        var strings: [UInt8: String] = [:]
    }

    public static func read(_ bytes: [UInt8]) throws(CoachFileError) -> CoachWorkout {
        guard bytes.count <= largestFile else { throw .tooLarge }
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count >= 12 else { throw bytes.count >= 4 && bytes[0] >= 12 ? .truncated : .notAWorkoutFile }
        let headerSize = Int(bytes[0])
        guard headerSize == 12 || headerSize == 14, bytes.count >= headerSize, Array(bytes[8..<12]) == Array(".FIT".utf8)
        else { throw .notAWorkoutFile }
        if headerSize == 14 {
            let stored = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
            guard stored == 0 || stored == FITEncoder.crc(Array(bytes[0..<12])) else { throw .damaged }
        }
        let dataSize = Int(UInt32(bytes[4]) | UInt32(bytes[5]) << 8 | UInt32(bytes[6]) << 16 | UInt32(bytes[7]) << 24)
        guard bytes.count >= headerSize + dataSize + 2 else { throw .truncated }
        let end = headerSize + dataSize
        let stored = UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8
        guard stored == FITEncoder.crc(Array(bytes[0..<end])) else { throw .damaged }

        var cursor = Cursor(bytes: bytes, at: headerSize, end: end)
        var definitions: [UInt8: Definition] = [:]
        var fileType: UInt64?
        var name = ""
        var steps: [Values] = []
        while cursor.at < end {
            let header = try cursor.byte()
            let local: UInt8
            if header & 0x80 != 0 {
                // A compressed time stamp header: a data message of local type 0 to 3.
                local = (header >> 5) & 0x03
            } else if header & 0x40 != 0 {
                local = header & 0x0F
                _ = try cursor.byte()
                let bigEndian = try cursor.byte() == 1
                let number = Array(try cursor.take(2))
                let message = bigEndian ? UInt16(number[0]) << 8 | UInt16(number[1]) : UInt16(number[1]) << 8 | UInt16(number[0])
                let count = Int(try cursor.byte())
                var fields: [Field] = []
                for _ in 0..<count {
                    let field = Array(try cursor.take(3))
                    fields.append(Field(number: field[0], size: Int(field[1]), baseType: field[2]))
                }
                var developerBytes = 0
                if header & 0x20 != 0 {
                    let developerCount = Int(try cursor.byte())
                    for _ in 0..<developerCount { developerBytes += Int(try cursor.take(3).dropFirst().first!) }
                }
                definitions[local] = Definition(message: message, bigEndian: bigEndian, fields: fields, developerBytes: developerBytes)
                continue
            } else {
                local = header & 0x0F
            }
            guard let definition = definitions[local] else { throw .notAWorkoutFile }
            var values = Values()
            for field in definition.fields {
                let raw = Array(try cursor.take(field.size))
                if field.baseType & 0x1F == 0x07 {
                    values.strings[field.number] = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                } else if (1...8).contains(raw.count) {
                    let ordered = definition.bigEndian ? raw : raw.reversed()
                    values.numbers[field.number] = ordered.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                }
            }
            _ = try cursor.take(definition.developerBytes)
            switch definition.message {
            case 0: fileType = values.numbers[0]
            case 26: name = values.strings[8] ?? name
            case 27: steps.append(values)
            default: break
            }
        }
        guard fileType == 5 else { throw .notAWorkout }
        return CoachWorkout(name: name, parts: parts(steps))
    }

    /// FIT's invalid value for an unsigned field of `bits` bits, which means "not given".
    private static func valid(_ value: UInt64?) -> UInt64? {
        guard let value, value != 0xFF, value != 0xFFFF, value != 0xFFFF_FFFF else { return nil }
        return value
    }

    /// The steps in message order, with each repeat step folding the steps it points back to.
    private static func parts(_ messages: [Values]) -> [CoachWorkout.Part] {
        var parts: [(index: Int, part: CoachWorkout.Part)] = []
        for (position, message) in messages.enumerated() {
            let index = valid(message.numbers[254]).map { Int(min($0, 0xFFFF)) } ?? position
            let number = index + 1
            let durationType = valid(message.numbers[1]) ?? 0
            let durationValue = valid(message.numbers[2])
            if durationType == 6 {
                // Repeat until steps complete: back to a step's index, done `target_value` times.
                let from = Int(min(durationValue ?? 0, 0xFFFF))
                let times = Int(valid(message.numbers[4]) ?? 1)
                var repeated: [CoachWorkout.Step] = []
                while let last = parts.last, last.index >= from, case .step(let step) = last.part {
                    repeated.insert(step, at: 0)
                    parts.removeLast()
                }
                guard !repeated.isEmpty else {
                    parts.append((index, .unknown(number: number, name: "")))
                    continue
                }
                parts.append((index, .repeated(times: times, repeated)))
                continue
            }
            let length: CoachWorkout.Length
            switch durationType {
            case 0: length = .seconds(Int(((Double(durationValue ?? 0)) / 1000).rounded()))
            case 1: length = .metres(Int(((Double(durationValue ?? 0)) / 100).rounded()))
            case 5: length = .open
            default:
                // Until a heart rate, calories or a time of repeats: a kind of step plans do not hold.
                parts.append((index, .unknown(number: number, name: "")))
                continue
            }
            let intensity: CoachWorkout.Intensity =
                switch valid(message.numbers[7]) ?? 0 {
                case 1, 4: .rest
                case 2: .warmUp
                case 3: .coolDown
                default: .active
                }
            let step = CoachWorkout.Step(number: number, intensity: intensity, length: length, target: target(message))
            parts.append((index, .step(step)))
        }
        return parts.map(\.part)
    }

    /// A step's target: custom low and high values taken at their middle; a zone is not carried.
    private static func target(_ message: Values) -> CoachWorkout.Target? {
        let low = valid(message.numbers[5])
        let high = valid(message.numbers[6])
        let zone = valid(message.numbers[4]) ?? 0
        func middle() -> Double? {
            guard let given = low ?? high else { return nil }
            return (Double(low ?? given) + Double(high ?? given)) / 2
        }
        switch valid(message.numbers[3]) ?? 2 {
        case 0:
            // Speed in thousandths of a metre a second.
            guard zone == 0, let speed = middle() else { return .unsupported(.other) }
            return .kilometresPerHour(speed / 1000 * 3.6)
        case 1:
            if (1...UInt64(HeartRateZones.count)).contains(zone) { return .heartRateZone(Int(zone)) }
            // Up to 100 a per cent of the maximum heart rate; above it beats plus 100.
            guard zone == 0, let given = low ?? high else { return .unsupported(.heartRate) }
            let (from, to) = (low ?? given, high ?? given)
            if from > 100 && to > 100 {
                return .heartRate(low: Int(clamping: min(from, 1000)) - 100, high: Int(clamping: min(to, 1000)) - 100)
            }
            if from <= 100 && to <= 100 { return .shareOfMaximumHeartRate(low: Double(from) / 100, high: Double(to) / 100) }
            return .unsupported(.heartRate)
        case 2: return nil
        case 3:
            // Revolutions or steps a minute; a cadence zone is none Heartline knows.
            guard zone == 0 else { return .unsupported(.cadenceZone) }
            guard let cadence = middle() else { return .unsupported(.cadence) }
            return .cadence(Int(min(cadence, 1e6).rounded()))
        case 4:
            guard zone == 0, let power = middle() else { return .unsupported(.powerZone) }
            // Up to 1,000 a per cent of FTP; above it watts plus 1,000.
            return power > 1000 ? .watts(Int((min(power, 100_000) - 1000).rounded())) : .shareOfFTP(power / 100)
        default: return .unsupported(.other)
        }
    }
}
