import Foundation
import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

/// FIT files checked by an independent decoder: fitdecode (PyPI), which validates the header and
/// file CRCs and names every field from the FIT profile. contrib/setup.sh --test installs it in
/// a virtual environment.
@Suite(.timed) struct FITExportTests {
    static var python: String {
        if let given = ProcessInfo.processInfo.environment["HEARTLINE_TEST_PYTHON"] { return given }
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache"
        return cache + "/heartline/test-venv/bin/python"
    }

    /// Decodes `file` with fitdecode: one line per data message, "name field=value ...".
    static func decode(_ bytes: [UInt8]) throws -> [String] {
        let directory = TemporaryDirectory()
        let path = directory.path + "/workout.fit"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let script = """
            import sys, fitdecode
            with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.RAISE) as fit:
                for frame in fit:
                    if isinstance(frame, fitdecode.FitDataMessage):
                        values = " ".join(f"{f.name}={f.value}" for f in frame.fields if f.value is not None)
                        print(frame.name, values)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "fitdecode: \(String(decoding: problem, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static let start = Date(timeIntervalSince1970: 1_795_937_400)  // 2026-11-29 07:30 UTC

    @Test func aWorkoutWithAPauseAndRRIntervalsDecodesWithItsMessagesAndCRC() throws {
        // 6 active seconds, a 10-second pause after the third; RR of 1024/1024 s (1000 ms) each.
        let samples = (1...6).map { second in
            Sample(
                elapsed: second, wallOffset: second > 3 ? second + 10 : second, heartRate: second == 5 ? nil : 120 + second,
                rrIntervals: second == 2 ? [1024, 512, 768, 1000, 1100, 900, 800] : [1024])
        }
        let summary = WorkoutSummary(
            id: 1, start: Self.start, state: .saved, configuration: WorkoutConfiguration(), duration: 6, averageHeartRate: 123,
            maximumHeartRate: 126, calories: 2.4)
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        let names = lines.map { String($0.prefix { $0 != " " }) }
        #expect(names.first == "file_id")
        #expect(names.filter { $0 == "record" }.count == 6)
        #expect(names.filter { $0 == "hrv" }.count == 7)
        #expect(names.filter { $0 == "lap" }.count == 1)
        #expect(Array(names.suffix(3)) == ["lap", "session", "activity"])
        #expect(lines.first!.contains("type=activity"))
        #expect(lines.first!.contains("manufacturer=development"))
        let records = lines.filter { $0.hasPrefix("record ") }
        #expect(records[0].contains("heart_rate=121"))
        #expect(records[0].contains("timestamp=2026-11-29 07:30:01+00:00"))
        // After the pause the record times jump by the pause.
        #expect(records[3].contains("timestamp=2026-11-29 07:30:14+00:00"))
        #expect(!records[4].contains("heart_rate"))
        // RR intervals in seconds: 512/1024 s is 0.5 s, padded entries are left out.
        let hrv = lines.filter { $0.hasPrefix("hrv ") }
        #expect(hrv[1].contains("time=(1.0, 0.5, 0.75, 0.977, 1.074)"))
        #expect(hrv[2].contains("time=(0.879, 0.781"))
        // The timer stopped and started around the pause.
        let events = lines.filter { $0.hasPrefix("event ") }
        #expect(
            events.map { $0.contains("event_type=start") ? "start" : $0.contains("event_type=stop_all") ? "stop_all" : "stop" }
                == ["start", "stop", "start", "stop_all"])
        let session = try #require(lines.first { $0.hasPrefix("session ") })
        #expect(session.contains("total_timer_time=6.0"))
        #expect(session.contains("total_elapsed_time=16.0"))
        #expect(session.contains("avg_heart_rate=123"))
        #expect(session.contains("max_heart_rate=126"))
        #expect(session.contains("total_calories=2"))
        #expect(session.contains("num_laps=1"))
    }

    @Test func planPhasesAreLaps() throws {
        let plan = TrainingPlan(warmUp: 60, rounds: 2, work: 60, rest: 30, coolDown: nil, countdown: true)
        let samples = (1...240).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 100 + $0 / 10, rrIntervals: []) }
        let summary = WorkoutSummary(
            id: 2, start: Self.start, state: .saved, configuration: WorkoutConfiguration(plan: plan), duration: 240, averageHeartRate: 112,
            maximumHeartRate: 124, calories: 20)
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        let laps = lines.filter { $0.hasPrefix("lap ") }
        // Warm-up, work, rest, work, then the time after the plan.
        #expect(laps.count == 5)
        #expect(laps[0].contains("total_timer_time=60.0"))
        #expect(laps[2].contains("intensity=rest"))
        #expect(laps[1].contains("lap_trigger=time"))
        #expect(laps[4].contains("lap_trigger=manual"))
        #expect(lines.contains { $0.hasPrefix("session ") && $0.contains("num_laps=5") })
    }

    /// Laps by the key are FIT laps, each with its own time and trigger, read back by fitdecode.
    @Test func lapKeyMarksAreLaps() throws {
        let samples = (1...240).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 100 + $0 / 10, rrIntervals: []) }
        var summary = WorkoutSummary(
            id: 3, start: Self.start, state: .saved, configuration: WorkoutConfiguration(), duration: 240, averageHeartRate: 112,
            maximumHeartRate: 124, calories: 20)
        summary.laps = [90, 200]
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        let laps = lines.filter { $0.hasPrefix("lap ") }
        #expect(laps.count == 3)
        #expect(laps[0].contains("total_timer_time=90.0"))
        #expect(laps[1].contains("total_timer_time=110.0"))
        #expect(laps[2].contains("total_timer_time=40.0"))
        #expect(laps.allSatisfy { $0.contains("lap_trigger=manual") })
        #expect(lines.contains { $0.hasPrefix("session ") && $0.contains("num_laps=3") })
    }

    /// `heartline export --format fit` on a generated hour: a 0600 file fitdecode reads whole,
    /// with a record for each of the 3,600 seconds and the RR intervals in hrv messages.
    @Test func theExportSubcommandWritesFITFiles() throws {
        let data = TemporaryDirectory()
        let output = TemporaryDirectory()
        let generated = try runInProcess(["generate", "--days", "1", "--data-dir", data.path, "--seed", "5"], input: Data())
        #expect(generated.status == 0)
        let fit = try runInProcess(
            ["export", "--format", "fit", "--id", "1", "--output", output.path, "--data-dir", data.path], input: Data())
        #expect(fit.status == 0, "\(fit.standardError)")
        let path = try #require(fit.lines.first)
        #expect(path.hasSuffix(".fit"))
        #expect(try permissions(path) == 0o600)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lines = try Self.decode(bytes)
        #expect(lines.filter { $0.hasPrefix("record ") }.count == 3600)
        #expect(lines.filter { $0.hasPrefix("hrv ") }.count > 600)
        #expect(lines.last?.hasPrefix("activity ") == true)
    }

    /// Export every saved workout, set to FIT: saving a workout writes its FIT file to the export
    /// folder, in silence, and the file decodes.
    @Test func autoExportWritesEverySavedWorkout() throws {
        let data = TemporaryDirectory()
        let exports = TemporaryDirectory()
        let script = "settings\nexport every saved workout\nhome\nconfigure\nstart workout\n:wait 30\nend\nyes\nsave\n"
        let result = try runInProcess(
            ["--simulate", "--speech", "transcript", "--data-dir", data.path], input: Data(script.utf8),
            environment: ["HEARTLINE_EXPORT_DIR": exports.path + "/usb"])
        #expect(result.status == 0)
        #expect(result.lines.contains("answer: Export every saved workout: FIT."))
        #expect(result.lines.contains("answer: Workout saved."))
        let files = try FileManager.default.contentsOfDirectory(atPath: exports.path + "/usb")
        #expect(files.count == 1 && files[0].hasSuffix(".fit"), "\(files)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: exports.path + "/usb/" + files[0])))
        #expect(try Self.decode(bytes).filter { $0.hasPrefix("record ") }.count == 30)
    }

    /// The named values of a decoded line ("speed=3.012" becomes ["speed": "3.012"]).
    static func fields(_ line: String) -> [String: String] {
        var fields: [String: String] = [:]
        for word in line.split(separator: " ") {
            guard let equals = word.firstIndex(of: "=") else { continue }
            fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        return fields
    }

    static func number(_ line: String, _ name: String) -> Double? { fields(line)[name].flatMap(Double.init) }

    /// A run through the engine, read back record by record: the distance to 1/100 m, the speed
    /// to 1/1000 m/s, the cadence in strides of one foot with the half step as fractional
    /// cadence; laps by distance with their distances, and the session's totals and sport.
    @Test func aRunsDistanceSpeedAndCadenceComeBackWithinFITResolution() throws {
        let (summary, samples) = HistoryGenerator.motionWorkout(sport: .running, duration: 1200, seed: 7)
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        let records = lines.filter { $0.hasPrefix("record ") }
        try #require(records.count == samples.count)
        for (record, sample) in zip(records, samples) {
            let distance = try #require(Self.number(record, "distance"))
            #expect(abs(distance - sample.distance!) <= 0.005 + 1e-9)
            let speed = try #require(Self.number(record, "speed"))
            #expect(abs(speed - sample.motion.speed!) <= 0.0005 + 1e-9)
            let steps = sample.motion.cadence!
            #expect(Self.fields(record)["cadence"] == String(steps / 2))
            #expect(Self.number(record, "fractional_cadence") == (steps % 2 == 1 ? 0.5 : 0))
            #expect(Self.fields(record)["power"] == nil)
        }
        let laps = lines.filter { $0.hasPrefix("lap ") }
        try #require(laps.count == summary.distanceLaps.count + 1 && laps.count == 4)
        #expect(laps.dropLast().allSatisfy { $0.contains("lap_trigger=distance") })
        #expect(laps.last?.contains("lap_trigger=manual") == true)
        #expect(laps.allSatisfy { $0.contains("sport=running") })
        let lapDistances = laps.compactMap { Self.number($0, "total_distance") }
        try #require(lapDistances.count == 4)
        // Each lap's distance is the difference of two distances of its records.
        var covered = 0.0
        for (lap, end) in zip(lapDistances, summary.distanceLaps + [samples.count]) {
            covered += lap
            #expect(abs(covered - samples[end - 1].distance!) <= 0.005 * 4 + 1e-9)
        }
        let session = try #require(lines.first { $0.hasPrefix("session ") })
        #expect(session.contains("sport=running"))
        #expect(abs(try #require(Self.number(session, "total_distance")) - summary.distance!) <= 0.005 + 1e-9)
        // The profile names a running session's cadence for what it is: strides of one foot.
        #expect(Self.fields(session)["avg_running_cadence"] == String(Int((Double(summary.averageCadence!) / 2).rounded())))
        #expect(laps.allSatisfy { Self.fields($0)["avg_running_cadence"] != nil })
        let fastest = try #require(samples.compactMap(\.motion.speed).max())
        #expect(abs(try #require(Self.number(session, "max_speed")) - fastest) <= 0.0005 + 1e-9)
        #expect(Self.fields(session)["avg_power"] == nil)
    }

    /// A ride: every record's cadence and power exactly, its speed and distance within FIT's
    /// resolution, and the session's powers those of the summary.
    @Test func aRidesCadenceAndPowerComeBackExactly() throws {
        let (summary, samples) = HistoryGenerator.motionWorkout(sport: .cycling, duration: 900, seed: 8)
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        #expect(lines.first { $0.hasPrefix("session ") }?.contains("sport=cycling") == true)
        let records = lines.filter { $0.hasPrefix("record ") }
        try #require(records.count == samples.count)
        for (record, sample) in zip(records, samples) {
            #expect(Self.fields(record)["cadence"] == String(sample.motion.cadence!))
            #expect(Self.fields(record)["power"] == String(sample.motion.power!))
            #expect(abs(try #require(Self.number(record, "speed")) - sample.motion.speed!) <= 0.0005 + 1e-9)
            #expect(abs(try #require(Self.number(record, "distance")) - sample.distance!) <= 0.005 + 1e-9)
            #expect(Self.fields(record)["fractional_cadence"] == nil)
        }
        let laps = lines.filter { $0.hasPrefix("lap ") }
        #expect(laps.count == summary.distanceLaps.count + 1)
        #expect(laps.allSatisfy { $0.contains("sport=cycling") && Self.fields($0)["avg_power"] != nil })
        let session = try #require(lines.first { $0.hasPrefix("session ") })
        #expect(Self.fields(session)["avg_power"] == String(summary.averagePower!))
        #expect(Self.fields(session)["max_power"] == String(summary.maximumPower!))
        #expect(Self.fields(session)["avg_cadence"] == String(summary.averageCadence!))
        #expect(abs(try #require(Self.number(session, "total_distance")) - summary.distance!) <= 0.005 + 1e-9)
    }

    /// A treadmill: every record's speed and distance within FIT's resolution and its incline as
    /// the grade; the session and laps running on a treadmill, indoors, with no positions.
    @Test func aTreadmillsSpeedDistanceAndInclineComeBackIndoors() throws {
        let (summary, samples) = HistoryGenerator.machineWorkout(type: .treadmill, duration: 900, seed: 9)
        #expect(summary.configuration.machine == .treadmill)
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        let records = lines.filter { $0.hasPrefix("record ") }
        try #require(records.count == samples.count)
        for (record, sample) in zip(records, samples) {
            #expect(abs(try #require(Self.number(record, "speed")) - sample.motion.speed!) <= 0.0005 + 1e-9)
            #expect(abs(try #require(Self.number(record, "distance")) - sample.distance!) <= 0.005 + 1e-9)
            #expect(abs(try #require(Self.number(record, "grade")) - sample.motion.incline!) <= 0.005 + 1e-9, "\(record)")
            #expect(Self.fields(record)["position_lat"] == nil && Self.fields(record)["power"] == nil)
        }
        let session = try #require(lines.first { $0.hasPrefix("session ") })
        #expect(Self.fields(session)["sport"] == "running" && Self.fields(session)["sub_sport"] == "treadmill", "\(session)")
        #expect(abs(try #require(Self.number(session, "total_distance")) - summary.distance!) <= 0.005 + 1e-9)
        let laps = lines.filter { $0.hasPrefix("lap ") }
        #expect(!laps.isEmpty && laps.allSatisfy { Self.fields($0)["sub_sport"] == "treadmill" }, "\(laps)")
    }

    /// A smart trainer and a rower: their cadence and power exactly, and their indoor sports.
    @Test(arguments: [(MachineType.indoorBike, "cycling", "indoor_cycling"), (.rower, "rowing", "indoor_rowing")])
    func aTrainersAndARowersPowerComeBackIndoors(machine: (type: MachineType, sport: String, subSport: String)) throws {
        let (summary, samples) = HistoryGenerator.machineWorkout(type: machine.type, duration: 600, seed: 10)
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        let records = lines.filter { $0.hasPrefix("record ") }
        try #require(records.count == samples.count)
        for (record, sample) in zip(records, samples) {
            #expect(Self.fields(record)["power"] == String(sample.motion.power!))
            #expect(Self.fields(record)["cadence"] == String(sample.motion.cadence!))
            #expect(Self.fields(record)["grade"] == nil)
        }
        let session = try #require(lines.first { $0.hasPrefix("session ") })
        #expect(Self.fields(session)["sport"] == machine.sport && Self.fields(session)["sub_sport"] == machine.subSport, "\(session)")
        #expect(Self.fields(session)["avg_power"] == String(summary.averagePower!))
    }

    /// Heart rate only: records with a timestamp and a heart rate and nothing else, the sport
    /// generic, no totals of movement.
    @Test func aHeartRateOnlyWorkoutHasNoMotionFields() throws {
        let samples = (1...60).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 120, rrIntervals: [512]) }
        let summary = WorkoutSummary(
            id: 4, start: Self.start, state: .saved, configuration: WorkoutConfiguration(), duration: 60, averageHeartRate: 120,
            maximumHeartRate: 120, calories: 8)
        let lines = try Self.decode(FITWriter.file(summary: summary, samples: samples))
        let records = lines.filter { $0.hasPrefix("record ") }
        #expect(records.count == 60)
        #expect(records.allSatisfy { Set(Self.fields($0).keys) == ["timestamp", "heart_rate"] })
        let session = try #require(lines.first { $0.hasPrefix("session ") })
        #expect(session.contains("sport=generic"))
        for name in ["total_distance", "avg_speed", "avg_cadence", "avg_power"] {
            #expect(Self.fields(session)[name] == nil)
            #expect(lines.filter { $0.hasPrefix("lap ") }.allSatisfy { Self.fields($0)[name] == nil })
        }
    }

    @Test func theCRCIsTheFITProtocolsCRC16() {
        // CRC-16/ARC's check value: the CRC of the ASCII digits 1 to 9.
        #expect(FITWriter.crcCheck == 0xBB3D)
    }
}
