/// Writes a workout as a FIT activity file, from the published FIT protocol: a 14-byte file
/// header, definition and data messages, and a CRC over the whole file.
///
/// Messages, in the order activity files carry them: file_id, device_info, a timer start event,
/// then per second a record (heart rate, and with a footpod, wheel or power meter the distance,
/// speed, cadence and power) and the RR intervals that arrived in it as hrv messages (five to a
/// message, as recorders write them), a timer stop and start around every pause, then one lap
/// per lap of the TCX export (plan phases, the lap key and distance readouts), the session with
/// the workout's sport, and the activity. intervals.icu and GoldenCheetah read heart-rate
/// variability from the hrv messages.
///
/// Units are the profile's: distance in 1/100 m, speed in 1/1000 m/s, cadence in revolutions a
/// minute (a run's in strides of one foot, half the steps, with the half step in
/// fractional_cadence), power in watts. A workout with no movement data is written with the
/// messages it had before sports (and the sport generic).
///
/// A workout on a fitness machine has the machine's sport and an indoor sub-sport (a treadmill's
/// running and treadmill, a smart trainer's cycling and indoor cycling, a rower's rowing and
/// indoor rowing) in its session and laps, and no positions; a treadmill's incline is each
/// record's grade, in 1/100 %.
///
/// All multi-byte values are little-endian (the definition messages say so); timestamps count
/// seconds from 1989-12-31 00:00:00 UTC.
public enum FITWriter {
    /// The profile's lap_trigger: manual 0, time 1, distance 2.
    static func lapTrigger(_ trigger: Laps.Trigger) -> UInt8 {
        switch trigger {
        case .manual: 0
        case .time: 1
        case .distance: 2
        }
    }

    /// 1989-12-31 00:00:00 UTC as a Unix time: FIT's epoch.
    static let epoch = 631_065_600
    /// A manufacturer of "development": Heartline is no registered FIT manufacturer.
    static let manufacturer: UInt16 = 255
    static let product: UInt16 = 1

    /// The CRC of "123456789": 0xBB3D, the check value of CRC-16/ARC, which FIT uses.
    public static var crcCheck: UInt16 { FITEncoder.crc(Array("123456789".utf8)) }

    public static func file(summary: WorkoutSummary, samples: [Sample]) -> [UInt8] {
        let start = Timestamp.unixSeconds(summary.start)
        let duration = max(summary.duration, samples.last?.elapsed ?? 0)
        let wallDuration = samples.last?.wallOffset ?? duration
        let spans = summary.lapSpans(duration: duration)
        let groups = TCXWriter.group(samples, into: spans)
        let calories = TCXWriter.apportion(
            max(0, min(Int(UInt16.max) - 1, Int((summary.calories ?? 0).rounded()))), by: groups.map(TCXWriter.calorieWeight))
        func time(_ unix: Int) -> UInt32 { UInt32(clamping: unix - epoch) }
        let end = time(start + wallDuration)

        var fit = FITEncoder()
        fit.define(Message.fileID)
        fit.data(Message.fileID, [.enumeration(4), .uint16(manufacturer), .uint16(product), .uint32(1), .uint32(time(start))])
        fit.define(Message.deviceInfo)
        fit.data(Message.deviceInfo, [.uint32(time(start)), .uint8(0), .uint16(manufacturer), .uint16(product), .uint16(100)])
        fit.define(Message.event)
        fit.data(Message.event, [.uint32(time(start)), .enumeration(Event.timer), .enumeration(EventType.start)])

        let running = summary.configuration.sport == .running
        let moving = samples.contains { !$0.motion.isEmpty || $0.distance != nil }
        let inclined = samples.contains { $0.motion.incline != nil }
        let record = inclined ? Message.inclineRecord : moving ? Message.motionRecord : Message.record
        let machine = summary.configuration.machine
        fit.define(record)
        fit.define(Message.hrv)
        var previousWall = 0
        for sample in samples {
            if sample.wallOffset - previousWall > 1 {
                // A pause: the timer stopped after the last active second and started again.
                fit.data(Message.event, [.uint32(time(start + previousWall)), .enumeration(Event.timer), .enumeration(EventType.stop)])
                fit.data(
                    Message.event, [.uint32(time(start + sample.wallOffset - 1)), .enumeration(Event.timer), .enumeration(EventType.start)])
            }
            previousWall = sample.wallOffset
            let rate = sample.heartRate.map { UInt8(clamping: $0) } ?? 0xFF
            let values: [FITEncoder.Value] = [.uint32(time(start + sample.wallOffset)), .uint8(rate)]
            let motion = moving ? recordMotion(sample, running: running) : []
            fit.data(record, values + motion + (inclined ? [.sint16(grade(sample.motion.incline))] : []))
            // RR intervals in 1/1024 s become milliseconds, the hrv message's unit (s, scale 1000).
            let intervals = sample.rrIntervals.map { UInt16(clamping: ($0 * 1000 + 512) / 1024) }
            for chunk in stride(from: 0, to: intervals.count, by: Message.hrvPerMessage) {
                let values = Array(intervals[chunk..<min(chunk + Message.hrvPerMessage, intervals.count)])
                fit.data(Message.hrv, [.uint16Array(values, count: Message.hrvPerMessage)])
            }
        }
        fit.data(Message.event, [.uint32(end), .enumeration(Event.timer), .enumeration(EventType.stopAll)])

        let lapMessage = machine != nil ? Message.machineLap : moving ? Message.motionLap : Message.lap
        fit.define(lapMessage)
        var lapStart = start
        var lapStartDistance = 0.0
        for (index, lap) in spans.enumerated() {
            let group = groups[index]
            let movement = LapMotion(group, from: lapStartDistance)
            lapStartDistance = movement.endDistance
            let rates = group.compactMap(\.heartRate)
            let lapEnd = start + (group.last?.wallOffset ?? (lapStart - start))
            fit.data(
                lapMessage,
                [
                    .uint16(UInt16(clamping: index)), .uint32(time(lapEnd)), .enumeration(Event.lap), .enumeration(EventType.stop),
                    .uint32(time(lapStart)), .uint32(UInt32(clamping: (lapEnd - lapStart) * 1000)),
                    .uint32(UInt32(clamping: lap.duration * 1000)),
                    .uint16(UInt16(clamping: calories[index])), .uint8(average(rates)),
                    .uint8(rates.max().map { UInt8(clamping: $0) } ?? 0xFF),
                    .enumeration(lap.resting ? 1 : 0), .enumeration(lapTrigger(lap.trigger)),
                ]
                    + (moving || machine != nil
                        ? totals(movement, running: running) + [.enumeration(sport(summary.configuration.sport, on: machine))] : [])
                    + (machine.map { [.enumeration(subSport($0))] } ?? []))
            lapStart = lapEnd
        }

        let sessionMessage = moving || machine != nil ? Message.motionSession : Message.session
        fit.define(sessionMessage)
        let sessionRates = samples.compactMap(\.heartRate)
        var whole = LapMotion(samples[...], from: 0)
        whole.distance = summary.distance ?? whole.distance
        whole.averageCadence = summary.averageCadence ?? whole.averageCadence
        whole.averagePower = summary.averagePower ?? whole.averagePower
        whole.maximumPower = summary.maximumPower ?? whole.maximumPower
        fit.data(
            sessionMessage,
            [
                .uint16(0), .uint32(end), .enumeration(Event.session), .enumeration(EventType.stop), .uint32(time(start)),
                .enumeration(sport(summary.configuration.sport, on: machine)), .enumeration(machine.map(subSport) ?? 0),
                .uint32(UInt32(clamping: wallDuration * 1000)),
                .uint32(UInt32(clamping: duration * 1000)),
                .uint16(UInt16(clamping: calories.reduce(0, +))),
                .uint8(summary.averageHeartRate.map { UInt8(clamping: $0) } ?? average(sessionRates)),
                .uint8((summary.maximumHeartRate ?? sessionRates.max()).map { UInt8(clamping: $0) } ?? 0xFF),
                .uint16(0), .uint16(UInt16(clamping: spans.count)), .enumeration(0),
            ] + (moving || machine != nil ? totals(whole, running: running) : []))
        fit.define(Message.activity)
        fit.data(
            Message.activity,
            [
                .uint32(end), .uint32(UInt32(clamping: duration * 1000)), .uint16(1), .enumeration(0), .enumeration(Event.activity),
                .enumeration(EventType.stop), .uint32(end),
            ])
        return fit.file()
    }

    /// The profile's sport: generic 0, running 1, cycling 2, rowing 15; on a fitness machine the
    /// machine's.
    static func sport(_ sport: Sport, on machine: MachineType? = nil) -> UInt8 {
        switch (machine, sport) {
        case (.treadmill, _): 1
        case (.indoorBike, _): 2
        case (.rower, _): 15
        case (nil, .other): 0
        case (nil, .running): 1
        case (nil, .cycling): 2
        case (nil, .rowing): 15
        }
    }

    /// The profile's sub_sport of a machine: treadmill 1, indoor cycling 6, indoor rowing 14.
    static func subSport(_ machine: MachineType) -> UInt8 {
        switch machine {
        case .treadmill: 1
        case .indoorBike: 6
        case .rower: 14
        }
    }

    /// An incline in percent as the record's grade (1/100 %), or the invalid value.
    static func grade(_ incline: Double?) -> Int16 {
        guard let incline, incline.isFinite else { return Int16.max }
        return Int16(min(Double(Int16.max - 1), max(Double(Int16.min), (incline * 100).rounded())))
    }

    /// A record's cadence, distance, speed, power and fractional cadence; invalid when unknown.
    private static func recordMotion(_ sample: Sample, running: Bool) -> [FITEncoder.Value] {
        let steps = sample.motion.cadence.map { min(509, max(0, $0)) }
        let cadence = steps.map { running ? $0 / 2 : min(254, $0) }
        // A run's odd step is half a stride: 64/128 of fractional_cadence. A crank has no halves.
        let fraction: UInt8 = running ? steps.map { UInt8($0 % 2 * 64) } ?? 0xFF : 0xFF
        return [
            .uint8(cadence.map(UInt8.init) ?? 0xFF), .uint32(centimetres(sample.distance)),
            .uint16(millimetresPerSecond(sample.motion.speed)),
            .uint16(watts(sample.motion.power)), .uint8(fraction),
        ]
    }

    /// A lap's or the session's total_distance, avg_speed, max_speed, avg_cadence, max_cadence,
    /// avg_power and max_power.
    private static func totals(_ movement: LapMotion, running: Bool) -> [FITEncoder.Value] {
        func cadence(_ value: Int?) -> UInt8 {
            value.map { UInt8(clamping: min(254, max(0, running ? TCXWriter.perFoot($0) : $0))) } ?? 0xFF
        }
        return [
            .uint32(centimetres(movement.distance)), .uint16(millimetresPerSecond(movement.averageSpeed)),
            .uint16(millimetresPerSecond(movement.maximumSpeed)), .uint8(cadence(movement.averageCadence)),
            .uint8(cadence(movement.maximumCadence)), .uint16(watts(movement.averagePower)), .uint16(watts(movement.maximumPower)),
        ]
    }

    /// Metres in 1/100 m, or the invalid value.
    static func centimetres(_ metres: Double?) -> UInt32 {
        guard let metres, metres.isFinite else { return 0xFFFF_FFFF }
        return UInt32(min(Double(0xFFFF_FFFE), max(0, (metres * 100).rounded())))
    }

    /// Metres a second in 1/1000 m/s, or the invalid value.
    static func millimetresPerSecond(_ speed: Double?) -> UInt16 {
        guard let speed, speed.isFinite else { return 0xFFFF }
        return UInt16(min(Double(0xFFFE), max(0, (speed * 1000).rounded())))
    }

    /// Watts, or the invalid value.
    static func watts(_ power: Int?) -> UInt16 {
        power.map { UInt16(min(0xFFFE, max(0, $0))) } ?? 0xFFFF
    }

    private static func average(_ rates: [Int]) -> UInt8 {
        guard !rates.isEmpty else { return 0xFF }
        return UInt8(clamping: Int((Double(rates.reduce(0, +)) / Double(rates.count)).rounded()))
    }

    /// FIT's event and event type values used here.
    enum Event {
        static let timer: UInt8 = 0
        static let session: UInt8 = 8
        static let lap: UInt8 = 9
        static let activity: UInt8 = 26
    }

    enum EventType {
        static let start: UInt8 = 0
        static let stop: UInt8 = 1
        static let stopAll: UInt8 = 4
    }

    /// The messages Heartline writes: global number, local number, fields (number, base type,
    /// and for arrays a count).
    struct Message {
        var global: UInt16
        var local: UInt8
        var fields: [(number: UInt8, type: FITEncoder.BaseType, count: Int)]

        static let hrvPerMessage = 5

        static let fileID = Message(
            global: 0, local: 0,
            fields: [
                (0, .enumeration, 1), (1, .uint16, 1), (2, .uint16, 1), (3, .uint32z, 1), (4, .uint32, 1),
            ])
        static let deviceInfo = Message(
            global: 23, local: 1,
            fields: [
                (253, .uint32, 1), (0, .uint8, 1), (2, .uint16, 1), (4, .uint16, 1), (5, .uint16, 1),
            ])
        static let event = Message(global: 21, local: 2, fields: [(253, .uint32, 1), (0, .enumeration, 1), (1, .enumeration, 1)])
        static let record = Message(global: 20, local: 3, fields: [(253, .uint32, 1), (3, .uint8, 1)])
        /// timestamp, heart_rate, cadence, distance, speed, power, fractional_cadence.
        static let motionRecord = Message(
            global: 20, local: 3,
            fields: record.fields + [(4, .uint8, 1), (5, .uint32, 1), (6, .uint16, 1), (7, .uint16, 1), (53, .uint8, 1)])
        /// The record with the grade: a treadmill's incline.
        static let inclineRecord = Message(global: 20, local: 3, fields: motionRecord.fields + [(9, .sint16, 1)])
        /// total_distance, avg_speed, max_speed, avg_cadence, max_cadence, avg_power, max_power
        /// of a lap; the session's have other numbers.
        static let lapTotals: [(number: UInt8, type: FITEncoder.BaseType, count: Int)] = [
            (9, .uint32, 1), (13, .uint16, 1), (14, .uint16, 1), (17, .uint8, 1), (18, .uint8, 1), (19, .uint16, 1), (20, .uint16, 1),
        ]
        static let sessionTotals: [(number: UInt8, type: FITEncoder.BaseType, count: Int)] = [
            (9, .uint32, 1), (14, .uint16, 1), (15, .uint16, 1), (18, .uint8, 1), (19, .uint8, 1), (20, .uint16, 1), (21, .uint16, 1),
        ]
        /// The lap with its totals and sport.
        static let motionLap = Message(global: 19, local: 5, fields: lap.fields + lapTotals + [(25, .enumeration, 1)])
        /// The lap with its totals, sport and a machine's sub-sport.
        static let machineLap = Message(global: 19, local: 5, fields: motionLap.fields + [(39, .enumeration, 1)])
        static let motionSession = Message(global: 18, local: 6, fields: session.fields + sessionTotals)
        static let hrv = Message(global: 78, local: 4, fields: [(0, .uint16, hrvPerMessage)])
        /// message_index, timestamp, event, event_type, start_time, total_elapsed_time,
        /// total_timer_time, total_calories, avg_heart_rate, max_heart_rate, intensity, lap_trigger.
        static let lap = Message(
            global: 19, local: 5,
            fields: [
                (254, .uint16, 1), (253, .uint32, 1), (0, .enumeration, 1), (1, .enumeration, 1), (2, .uint32, 1),
                (7, .uint32, 1), (8, .uint32, 1), (11, .uint16, 1), (15, .uint8, 1), (16, .uint8, 1), (23, .enumeration, 1),
                (24, .enumeration, 1),
            ])
        /// message_index, timestamp, event, event_type, start_time, sport, sub_sport,
        /// total_elapsed_time, total_timer_time, total_calories, avg_heart_rate, max_heart_rate,
        /// first_lap_index, num_laps, trigger.
        static let session = Message(
            global: 18, local: 6,
            fields: [
                (254, .uint16, 1), (253, .uint32, 1), (0, .enumeration, 1), (1, .enumeration, 1), (2, .uint32, 1),
                (5, .enumeration, 1), (6, .enumeration, 1), (7, .uint32, 1), (8, .uint32, 1), (11, .uint16, 1),
                (16, .uint8, 1), (17, .uint8, 1), (25, .uint16, 1), (26, .uint16, 1), (28, .enumeration, 1),
            ])
        /// timestamp, total_timer_time, num_sessions, type, event, event_type, local_timestamp.
        static let activity = Message(
            global: 34, local: 7,
            fields: [
                (253, .uint32, 1), (0, .uint32, 1), (1, .uint16, 1), (2, .enumeration, 1), (3, .enumeration, 1),
                (4, .enumeration, 1), (5, .uint32, 1),
            ])
    }
}

/// The FIT protocol's framing: definition and data messages after a file header, and the CRC.
struct FITEncoder {
    enum BaseType: UInt8 {
        case enumeration = 0x00
        case uint8 = 0x02
        case sint16 = 0x83
        case uint16 = 0x84
        case uint32 = 0x86
        case uint32z = 0x8C

        var size: Int {
            switch self {
            case .enumeration, .uint8: 1
            case .sint16, .uint16: 2
            case .uint32, .uint32z: 4
            }
        }
    }

    enum Value {
        case enumeration(UInt8)
        case uint8(UInt8)
        case uint16(UInt16)
        case sint16(Int16)
        case uint32(UInt32)
        /// An array field, padded to `count` with the type's invalid value.
        case uint16Array([UInt16], count: Int)
    }

    private(set) var records: [UInt8] = []

    /// A definition message: little-endian, the message's global number and its fields.
    mutating func define(_ message: FITWriter.Message) {
        records.append(0x40 | message.local)
        records += [0, 0]
        append(message.global)
        records.append(UInt8(message.fields.count))
        for field in message.fields {
            records += [field.number, UInt8(field.type.size * field.count), field.type.rawValue]
        }
    }

    /// A data message: the values in the order of the message's fields.
    mutating func data(_ message: FITWriter.Message, _ values: [Value]) {
        precondition(values.count == message.fields.count, "a value for every field of message \(message.global)")
        records.append(message.local)
        for value in values {
            switch value {
            case .enumeration(let byte), .uint8(let byte): records.append(byte)
            case .uint16(let number): append(number)
            case .sint16(let number): append(number)
            case .uint32(let number): append(number)
            case .uint16Array(let numbers, let count):
                for index in 0..<count { append(index < numbers.count ? numbers[index] : 0xFFFF) }
            }
        }
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { records += $0 }
    }

    /// The whole file: header (with its own CRC), the records, and the CRC of everything before it.
    func file() -> [UInt8] {
        var header: [UInt8] = [14, 0x20]
        withUnsafeBytes(of: UInt16(2100).littleEndian) { header += $0 }
        withUnsafeBytes(of: UInt32(records.count).littleEndian) { header += $0 }
        header += Array(".FIT".utf8)
        withUnsafeBytes(of: Self.crc(header).littleEndian) { header += $0 }
        let body = header + records
        var file = body
        withUnsafeBytes(of: Self.crc(body).littleEndian) { file += $0 }
        return file
    }

    /// The FIT CRC: CRC-16 with the reflected polynomial 0xA001 and no initial value or final XOR.
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}
