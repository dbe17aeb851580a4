import Foundation
@testable import HeartlineCore
import HeartlineStorage
import HeartlineTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The TCX and CSV writers: what an importer reads back from a workout.
@Suite(.timed) struct ExportWriterTests {
    /// 2026-11-29 07:30:00.7 UTC: the fraction is dropped in every timestamp.
    static let start = Date(timeIntervalSince1970: 1_795_937_400.7)

    /// `count` seconds of samples with a pause of `pause` seconds after active second `pauseAt`,
    /// and the strap off for seconds `gap`.
    static func samples(_ count: Int, pauseAt: Int = 0, pause: Int = 0, gap: ClosedRange<Int>? = nil) -> [Sample] {
        (1...count).map { second in
            let off = gap?.contains(second) ?? false
            return Sample(
                elapsed: second, wallOffset: second + (second > pauseAt && pauseAt > 0 ? pause : 0),
                heartRate: off ? nil : 100 + second % 60, rrIntervals: off ? [] : [600 + second % 7, 590])
        }
    }

    static func summary(
        duration: Int, calories: Double? = 123.4, average: Int? = 130, maximum: Int? = 159, plan: TrainingPlan? = nil
    ) -> WorkoutSummary {
        WorkoutSummary(
            id: 1, start: start, state: .saved, configuration: WorkoutConfiguration(plan: plan), duration: duration,
            averageHeartRate: average, maximumHeartRate: maximum, calories: calories)
    }

    // MARK: - TCX

    @Test func oneLapCarriesEverySampleAndTheTotals() throws {
        let samples = Self.samples(3600, pauseAt: 1800, pause: 120, gap: 100...130)
        let xml = TCXWriter.document(summary: Self.summary(duration: 3600), samples: samples)
        let root = try XMLTree.parse(xml)
        #expect(root.name == "TrainingCenterDatabase")
        #expect(root.attributes["xmlns"] == TCXWriter.namespace)
        let activity = try #require(root.child("Activities")?.child("Activity"))
        #expect(activity.attributes["Sport"] == "Other")
        #expect(activity.child("Id")?.text == "2026-11-29T07:30:00Z")
        let laps = activity.children(named: "Lap")
        try #require(laps.count == 1)
        let lap = laps[0]
        #expect(lap.attributes["StartTime"] == "2026-11-29T07:30:00Z")
        #expect(lap.child("TotalTimeSeconds")?.text == "3600")
        #expect(lap.child("DistanceMeters")?.text == "0")
        #expect(lap.child("Calories")?.text == "123")
        #expect(lap.child("AverageHeartRateBpm")?.child("Value")?.text == "130")
        #expect(lap.child("MaximumHeartRateBpm")?.child("Value")?.text == "159")
        #expect(lap.child("Intensity")?.text == "Active")
        #expect(lap.child("TriggerMethod")?.text == "Manual")

        let points = lap.children(named: "Track").flatMap { $0.children(named: "Trackpoint") }
        try #require(points.count == samples.count)
        for (point, sample) in zip(points, samples) {
            #expect(point.children.map(\.name) == (sample.heartRate == nil ? ["Time"] : ["Time", "HeartRateBpm"]))
            #expect(point.child("HeartRateBpm")?.child("Value")?.text == sample.heartRate.map(String.init))
        }
        #expect(points[0].child("Time")?.text == "2026-11-29T07:30:01Z")
        #expect(points[1799].child("Time")?.text == "2026-11-29T08:00:00Z")
        // The two-minute pause shows as a jump in the clock.
        #expect(points[1800].child("Time")?.text == "2026-11-29T08:02:01Z")
        #expect(points[3599].child("Time")?.text == "2026-11-29T08:32:00Z")
    }

    @Test func elementsFollowTheSchemasOrder() throws {
        let plan = TrainingPlan(warmUp: 60, rounds: 2, work: 30, rest: 20, coolDown: 40)
        let xml = TCXWriter.document(summary: Self.summary(duration: 200, plan: plan), samples: Self.samples(200, gap: 1...3))
        let root = try XMLTree.parse(xml)
        #expect(root.children.map(\.name) == ["Activities"])
        #expect(try #require(root.child("Activities")).children.allSatisfy { $0.name == "Activity" })
        let activity = try #require(root.child("Activities")?.child("Activity"))
        #expect(Self.isInOrder(activity.children.map(\.name), Self.activityOrder))
        #expect(activity.children.first?.name == "Id")
        for lap in activity.children(named: "Lap") {
            #expect(Self.isInOrder(lap.children.map(\.name), Self.lapOrder), "\(lap.children.map(\.name))")
            for required in ["TotalTimeSeconds", "DistanceMeters", "Calories", "Intensity", "TriggerMethod"] {
                #expect(lap.child(required) != nil, "\(required) is required")
            }
            for point in lap.children(named: "Track").flatMap({ $0.children(named: "Trackpoint") }) {
                #expect(Self.isInOrder(point.children.map(\.name), Self.trackpointOrder))
            }
        }
    }

    /// The activity names its recorder: without a Creator, GoldenCheetah's importer names the
    /// device "Garmin".
    @Test func theActivityNamesHeartlineAsItsCreator() throws {
        let xml = TCXWriter.document(summary: Self.summary(duration: 60), samples: Self.samples(60))
        let activity = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity"))
        let creator = try #require(activity.child("Creator"))
        #expect(activity.children.last?.name == "Creator")
        #expect(creator.child("Name")?.text == "Heartline")
        #expect(creator.children.map(\.name) == ["Name", "UnitId", "ProductID", "Version"])
        #expect(xml.contains(#"<Creator xsi:type="Device_t">"#))
    }

    /// The xsd's sequences, in the order the schema gives them.
    static let activityOrder = ["Id", "Lap", "Notes", "Training", "Creator", "Extensions"]
    static let lapOrder = [
        "TotalTimeSeconds", "DistanceMeters", "MaximumSpeed", "Calories", "AverageHeartRateBpm", "MaximumHeartRateBpm",
        "Intensity", "Cadence", "TriggerMethod", "Track", "Notes", "Extensions",
    ]
    static let trackpointOrder = [
        "Time", "Position", "AltitudeMeters", "DistanceMeters", "HeartRateBpm", "Cadence", "SensorState", "Extensions",
    ]

    /// Whether `names` only uses names from `order`, never going back in it (repeats allowed).
    static func isInOrder(_ names: [String], _ order: [String]) -> Bool {
        var position = 0
        for name in names {
            guard let index = order.firstIndex(of: name), index >= position else { return false }
            position = index
        }
        return true
    }

    @Test func aPlannedWorkoutHasALapPerPhaseAndOneAfterThePlan() throws {
        // Warm-up 60, work 30, rest 20, work 30, cool-down 40: the plan ends at 180; the workout
        // went on to 200, with a 15-second pause in the first rest.
        let plan = TrainingPlan(warmUp: 60, rounds: 2, work: 30, rest: 20, coolDown: 40)
        let samples = Self.samples(200, pauseAt: 95, pause: 15)
        let xml = TCXWriter.document(summary: Self.summary(duration: 200, calories: 50, plan: plan), samples: samples)
        let laps = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity")).children(named: "Lap")
        #expect(laps.map { $0.child("TotalTimeSeconds")?.text } == ["60", "30", "20", "30", "40", "20"])
        #expect(laps.map { $0.child("Intensity")?.text } == ["Active", "Active", "Resting", "Active", "Active", "Active"])
        #expect(laps.map { $0.child("TriggerMethod")?.text } == ["Time", "Time", "Time", "Time", "Time", "Manual"])
        #expect(
            laps.map { $0.attributes["StartTime"] } == [
                "2026-11-29T07:30:00Z", "2026-11-29T07:31:00Z", "2026-11-29T07:31:30Z", "2026-11-29T07:32:05Z",
                "2026-11-29T07:32:35Z", "2026-11-29T07:33:15Z",
            ])
        let counts = laps.map { $0.children(named: "Track").flatMap { $0.children(named: "Trackpoint") }.count }
        #expect(counts == [60, 30, 20, 30, 40, 20])
        // Every lap's calories add up to the workout's; harder laps get more.
        let calories = laps.compactMap { $0.child("Calories")?.text.flatMap { Int($0) } }
        #expect(calories.reduce(0, +) == 50)
        // Each lap's heart rates are its own.
        let second = samples[60..<90].compactMap(\.heartRate)
        #expect(laps[1].child("MaximumHeartRateBpm")?.child("Value")?.text == String(second.max()!))
        let mean = Int((Double(second.reduce(0, +)) / Double(second.count)).rounded())
        #expect(laps[1].child("AverageHeartRateBpm")?.child("Value")?.text == String(mean))
    }

    @Test func aWorkoutEndedInsideThePlanStopsAtItsLastSecond() throws {
        let plan = TrainingPlan(rounds: 3, work: 60, rest: 30)
        let xml = TCXWriter.document(summary: Self.summary(duration: 100, plan: plan), samples: Self.samples(100))
        let laps = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity")).children(named: "Lap")
        #expect(laps.map { $0.child("TotalTimeSeconds")?.text } == ["60", "30", "10"])
        #expect(laps.map { $0.child("TriggerMethod")?.text } == ["Time", "Time", "Manual"])
    }

    /// Laps by the key cut the plan's laps again; one pressed in the second a phase begins makes
    /// no empty lap, and the plan's clock still ended that one.
    @Test func lapKeyMarksCutLapsWithAndWithoutAPlan() throws {
        var alone = Self.summary(duration: 200)
        alone.laps = [45, 120]
        let laps = try #require(
            try XMLTree.parse(TCXWriter.document(summary: alone, samples: Self.samples(200))).child("Activities")?.child("Activity")
        )
        .children(named: "Lap")
        #expect(laps.map { $0.child("TotalTimeSeconds")?.text } == ["45", "75", "80"])
        #expect(laps.map { $0.child("TriggerMethod")?.text } == ["Manual", "Manual", "Manual"])

        // Warm-up 60, work 30, rest 20, work 30, cool-down 40; laps pressed at 40, 60 and 190.
        var planned = Self.summary(duration: 200, plan: TrainingPlan(warmUp: 60, rounds: 2, work: 30, rest: 20, coolDown: 40))
        planned.laps = [40, 60, 190]
        let xml = TCXWriter.document(summary: planned, samples: Self.samples(200))
        let cut = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity")).children(named: "Lap")
        #expect(cut.map { $0.child("TotalTimeSeconds")?.text } == ["40", "20", "30", "20", "30", "40", "10", "10"])
        #expect(cut.map { $0.child("TriggerMethod")?.text } == ["Manual", "Time", "Time", "Time", "Time", "Time", "Manual", "Manual"])
        #expect(
            cut.map { $0.child("Intensity")?.text } == ["Active", "Active", "Active", "Resting", "Active", "Active", "Active", "Active"])
        try SchemaCheck.validate(xml)
    }

    @Test func aWorkoutWithNoHeartRateHasNoHeartRateElements() throws {
        let samples = (1...30).map { Sample(elapsed: $0, wallOffset: $0, heartRate: nil) }
        let xml = TCXWriter.document(
            summary: Self.summary(duration: 30, calories: nil, average: nil, maximum: nil), samples: samples)
        #expect(!xml.contains("HeartRateBpm"))
        let lap = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity")?.child("Lap"))
        #expect(lap.child("Calories")?.text == "0")
        #expect(lap.child("Track")?.children.count == 30)
    }

    @Test func anEmptyWorkoutIsStillAValidActivity() throws {
        let xml = TCXWriter.document(summary: Self.summary(duration: 0, calories: nil, average: nil, maximum: nil), samples: [])
        let lap = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity")?.child("Lap"))
        #expect(lap.child("TotalTimeSeconds")?.text == "0")
        #expect(lap.child("Track") == nil)  // a Track needs at least one trackpoint
        try SchemaCheck.validate(xml)
    }

    /// An unfinished workout's summary can lag its samples; the samples give the time.
    @Test func anUnfinishedWorkoutTakesItsTimeFromTheSamples() throws {
        let xml = TCXWriter.document(summary: Self.summary(duration: 0, calories: nil), samples: Self.samples(42))
        let lap = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity")?.child("Lap"))
        #expect(lap.child("TotalTimeSeconds")?.text == "42")
    }

    /// xmllint against the schema itself, when the schema and xmllint are at hand.
    @Test(.enabled(if: SchemaCheck.isAvailable, "needs xmllint and ../shared/data/tcx/TrainingCenterDatabasev2.xsd"))
    func theSchemaAcceptsWorkoutsWithAndWithoutAPlan() throws {
        let plan = TrainingPlan(warmUp: 300, rounds: 4, work: 120, rest: 60, coolDown: 180)
        try SchemaCheck.validate(TCXWriter.document(summary: Self.summary(duration: 3600), samples: Self.samples(3600, gap: 5...9)))
        try SchemaCheck.validate(
            TCXWriter.document(summary: Self.summary(duration: 1500, plan: plan), samples: Self.samples(1500, pauseAt: 400, pause: 60)))
        try SchemaCheck.validate(
            TCXWriter.document(summary: Self.summary(duration: 5, calories: 70_000, average: 300, maximum: 0), samples: Self.samples(5)))
    }

    // MARK: - Motion

    /// A run through the engine: 20 minutes with a footpod, laps every kilometre.
    static let run = HistoryGenerator.motionWorkout(sport: .running, duration: 1200, seed: 7)
    /// A ride through the engine: 10 minutes with wheel, crank and power sensors.
    static let ride = HistoryGenerator.motionWorkout(sport: .cycling, duration: 600, seed: 8)

    static func trackpoints(_ laps: [XMLTree]) -> [XMLTree] {
        laps.flatMap { $0.children(named: "Track") }.flatMap { $0.children(named: "Trackpoint") }
    }

    @Test func aRunHasItsDistanceSpeedAndCadencePerFoot() throws {
        let (summary, samples) = Self.run
        let xml = TCXWriter.document(summary: summary, samples: samples)
        try SchemaCheck.validate(xml)
        let root = try XMLTree.parse(xml)
        #expect(root.attributes["xmlns:ax"] == TCXWriter.extensionNamespace)
        let activity = try #require(root.child("Activities")?.child("Activity"))
        #expect(activity.attributes["Sport"] == "Running")
        let laps = activity.children(named: "Lap")
        // 20 minutes at about 3 m/s: three kilometres, each a lap by distance, and the rest.
        try #require(laps.count == summary.distanceLaps.count + 1 && laps.count == 4)
        #expect(laps.dropLast().allSatisfy { $0.child("TriggerMethod")?.text == "Distance" })
        let lapDistances = laps.compactMap { $0.child("DistanceMeters")?.text.flatMap(Double.init) }
        #expect(abs(lapDistances.reduce(0, +) - (summary.distance ?? 0)) < 0.03)
        // A lap by distance ends in the second its kilometre was passed: just after it.
        var covered = 0.0
        for (index, distance) in lapDistances.dropLast().enumerated() {
            covered += distance
            let kilometre = Double(index + 1) * 1000
            #expect((kilometre..<kilometre + 4).contains(covered), "\(lapDistances)")
        }
        for lap in laps {
            #expect(Self.isInOrder(lap.children.map(\.name), Self.lapOrder))
            #expect(lap.child("Cadence") == nil)  // a run's cadence is in LX, per foot
            let fastest = try #require(lap.child("MaximumSpeed")?.text.flatMap(Double.init))
            #expect((2.5...4).contains(fastest))
            let lx = try #require(lap.child("Extensions")?.child("ax:LX"))
            #expect(lx.children.map(\.name) == ["ax:AvgSpeed", "ax:AvgRunCadence", "ax:MaxRunCadence"])
        }
        let points = Self.trackpoints(laps)
        try #require(points.count == samples.count)
        for (point, sample) in zip(points, samples) {
            #expect(Self.isInOrder(point.children.map(\.name), Self.trackpointOrder))
            let distance = try #require(point.child("DistanceMeters")?.text.flatMap(Double.init))
            #expect(abs(distance - sample.distance!) <= 0.005 + 1e-9)
            let tpx = try #require(point.child("Extensions")?.child("ax:TPX"))
            #expect(tpx.children.map(\.name) == ["ax:Speed", "ax:RunCadence"])
            let speed = try #require(tpx.child("ax:Speed")?.text.flatMap(Double.init))
            #expect(abs(speed - sample.motion.speed!) <= 0.0005 + 1e-9)
            #expect(tpx.child("ax:RunCadence")?.text == String(TCXWriter.perFoot(sample.motion.cadence!)))
            #expect(point.child("Cadence") == nil)
        }
    }

    @Test func aRideHasItsCadenceAndWatts() throws {
        let (summary, samples) = Self.ride
        let xml = TCXWriter.document(summary: summary, samples: samples)
        try SchemaCheck.validate(xml)
        let activity = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity"))
        #expect(activity.attributes["Sport"] == "Biking")
        let laps = activity.children(named: "Lap")
        for lap in laps {
            #expect(Self.isInOrder(lap.children.map(\.name), Self.lapOrder))
            let cadence = try #require(lap.child("Cadence")?.text.flatMap(Int.init))
            #expect((70...110).contains(cadence))
            let lx = try #require(lap.child("Extensions")?.child("ax:LX"))
            #expect(lx.children.map(\.name) == ["ax:AvgSpeed", "ax:MaxBikeCadence", "ax:AvgWatts", "ax:MaxWatts"])
        }
        let points = Self.trackpoints(laps)
        try #require(points.count == samples.count)
        for (point, sample) in zip(points, samples) {
            #expect(Self.isInOrder(point.children.map(\.name), Self.trackpointOrder))
            #expect(point.child("Cadence")?.text == String(sample.motion.cadence!))
            let tpx = try #require(point.child("Extensions")?.child("ax:TPX"))
            #expect(tpx.children.map(\.name) == ["ax:Speed", "ax:Watts"])
            #expect(tpx.child("ax:Watts")?.text == String(sample.motion.power!))
        }
        let maximum = laps.compactMap { $0.child("Extensions")?.child("ax:LX")?.child("ax:MaxWatts")?.text.flatMap(Int.init) }.max()
        #expect(maximum == summary.maximumPower)
    }

    /// A treadmill: valid against the schema, indoor (no positions), its speed in TPX and its
    /// distance in every trackpoint; a run by the machine even when no sport was chosen.
    @Test func aTreadmillIsAnIndoorRunWithItsSpeedAndDistance() throws {
        var (summary, samples) = HistoryGenerator.machineWorkout(type: .treadmill, duration: 900, seed: 9)
        summary.configuration.sport = .other
        let xml = TCXWriter.document(summary: summary, samples: samples)
        try SchemaCheck.validate(xml)
        #expect(!xml.contains("<Position>"))
        let activity = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity"))
        #expect(activity.attributes["Sport"] == "Running")
        let points = Self.trackpoints(activity.children(named: "Lap"))
        try #require(points.count == samples.count)
        for (point, sample) in zip(points, samples) {
            #expect(Self.isInOrder(point.children.map(\.name), Self.trackpointOrder))
            let distance = try #require(point.child("DistanceMeters")?.text.flatMap(Double.init))
            #expect(abs(distance - sample.distance!) <= 0.005 + 1e-9)
            let speed = try #require(point.child("Extensions")?.child("ax:TPX")?.child("ax:Speed")?.text.flatMap(Double.init))
            #expect(abs(speed - sample.motion.speed!) <= 0.0005 + 1e-9)
        }
    }

    /// Rowing is Other in TCX (its schema has no rowing) and rowing in FIT, on a rower or not;
    /// a machine's sport is its own whatever was chosen.
    @Test func eachSportAndMachineHasItsExportSport() {
        #expect(TCXWriter.sport(.rowing) == "Other" && FITWriter.sport(.rowing) == 15)
        #expect(TCXWriter.sport(.other, on: .treadmill) == "Running" && FITWriter.sport(.other, on: .treadmill) == 1)
        #expect(TCXWriter.sport(.running, on: .indoorBike) == "Biking" && FITWriter.sport(.running, on: .indoorBike) == 2)
        #expect(FITWriter.sport(.other, on: .rower) == 15 && FITWriter.subSport(.rower) == 14)
        #expect(FITWriter.subSport(.treadmill) == 1 && FITWriter.subSport(.indoorBike) == 6)
    }

    /// A smart trainer: a ride with its cadence and watts, valid, a ride even without a sport.
    @Test func aSmartTrainerIsARideWithItsCadenceAndWatts() throws {
        var (summary, samples) = HistoryGenerator.machineWorkout(type: .indoorBike, duration: 600, seed: 10)
        summary.configuration.sport = .other
        let xml = TCXWriter.document(summary: summary, samples: samples)
        try SchemaCheck.validate(xml)
        let activity = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity"))
        #expect(activity.attributes["Sport"] == "Biking")
        let points = Self.trackpoints(activity.children(named: "Lap"))
        try #require(points.count == samples.count)
        for (point, sample) in zip(points, samples) {
            #expect(point.child("Cadence")?.text == String(sample.motion.cadence!))
            #expect(point.child("Extensions")?.child("ax:TPX")?.child("ax:Watts")?.text == String(sample.motion.power!))
        }
    }

    /// A crank sensor alone: Cadence in the trackpoints and the lap, MaxBikeCadence in LX, so the
    /// extension's namespace is declared though no trackpoint has a TPX.
    @Test func aRideWithOnlyACadenceIsStillWellFormed() throws {
        let samples = (1...30).map { Sample(elapsed: $0, wallOffset: $0, heartRate: 130, motion: Motion(cadence: 80 + $0 % 5)) }
        var summary = Self.summary(duration: 30)
        summary.configuration = WorkoutConfiguration(sport: .cycling)
        let xml = TCXWriter.document(summary: summary, samples: samples)
        try SchemaCheck.validate(xml)
        let lap = try #require(try XMLTree.parse(xml).child("Activities")?.child("Activity")?.child("Lap"))
        #expect(lap.child("Cadence")?.text == "82")
        #expect(lap.child("DistanceMeters")?.text == "0")
        #expect(lap.child("Extensions")?.child("ax:LX")?.child("ax:MaxBikeCadence")?.text == "84")
        #expect(Self.trackpoints([lap]).allSatisfy { $0.child("Extensions") == nil && $0.child("Cadence") != nil })
    }

    /// Heart rate only: no distance in the trackpoints, no extension, no namespace for it.
    @Test func aHeartRateOnlyWorkoutHasNoMotionElements() throws {
        let xml = TCXWriter.document(summary: Self.summary(duration: 60), samples: Self.samples(60))
        #expect(!xml.contains("ax:") && !xml.contains("Extensions") && !xml.contains("Cadence"))
        #expect(xml.components(separatedBy: "<DistanceMeters>").count == 2)  // the lap's 0 only
        #expect(xml.contains("<DistanceMeters>0</DistanceMeters>"))
        try SchemaCheck.validate(xml)
    }

    @Test(arguments: [
        (0, [1.0, 1.0], [0, 0]),
        (10, [1.0, 1.0, 1.0], [4, 3, 3]),
        (7, [0.0, 0.0], [4, 3]),
        (100, [3.0, 1.0], [75, 25]),
        (5, [1.0, 0.0, 2.0], [2, 0, 3]),
    ])
    func caloriesAreSharedOutWholeAndAddUp(total: Int, weights: [Double], expected: [Int]) {
        #expect(TCXWriter.apportion(total, by: weights) == expected)
    }

    // MARK: - CSV

    @Test func csvHasAHeaderAndOneRowPerSample() {
        let samples = [
            Sample(elapsed: 1, wallOffset: 1, heartRate: 142, rrIntervals: [422, 430]),
            Sample(elapsed: 2, wallOffset: 2, heartRate: nil, rrIntervals: []),
            Sample(elapsed: 3, wallOffset: 63, heartRate: 99, rrIntervals: [1024]),
        ]
        let csv = CSVWriter.document(summary: Self.summary(duration: 3), samples: samples)
        #expect(
            csv == """
                elapsed_seconds,time,heart_rate_bpm,rr_intervals_ms,speed_m_s,cadence,power_w,distance_m
                1,2026-11-29T07:30:01Z,142,412 420,,,,
                2,2026-11-29T07:30:02Z,,,,,,
                3,2026-11-29T07:31:03Z,99,1000,,,,

                """)
    }

    /// Speed, cadence, power and distance come after the columns older readers know, empty when
    /// unknown; speed to the millimetre a second and distance to the centimetre.
    @Test func csvCarriesMotionAfterTheOldColumns() {
        let samples = [
            Sample(elapsed: 1, wallOffset: 1, heartRate: 150, motion: Motion(speed: 3 + 3.0 / 256, cadence: 171), distance: 3.01171875),
            Sample(elapsed: 2, wallOffset: 2, heartRate: nil, motion: Motion(cadence: 88, power: 245), distance: 3.01171875),
            Sample(elapsed: 3, wallOffset: 3, heartRate: 151, motion: Motion(speed: 8.5, power: 0), distance: 11.51171875),
        ]
        let rows = CSVWriter.document(summary: Self.summary(duration: 3), samples: samples).split(separator: "\n")
        #expect(
            rows == [
                "elapsed_seconds,time,heart_rate_bpm,rr_intervals_ms,speed_m_s,cadence,power_w,distance_m",
                "1,2026-11-29T07:30:01Z,150,,3.012,171,,3.01",
                "2,2026-11-29T07:30:02Z,,,,88,245,3.01",
                "3,2026-11-29T07:30:03Z,151,,8.5,,0,11.51",
            ])
    }

    @Test(arguments: [
        (0.0, 2, "0"), (2001.5, 2, "2001.5"), (3.01171875, 3, "3.012"), (0.004, 2, "0"), (-1.25, 1, "-1.3"), (12.0, 3, "12"),
        (0.05, 2, "0.05"), (1e20, 2, "1e+20"),
    ])
    func decimalsAreWrittenWithoutAnExponent(value: Double, places: Int, expected: String) {
        #expect(DecimalText.write(value, places: places) == expected)
    }

    @Test func csvOfAnHourHasEveryRow() {
        let samples = Self.samples(3600, gap: 10...20)
        let rows = CSVWriter.document(summary: Self.summary(duration: 3600), samples: samples).split(separator: "\n")
        #expect(rows.count == 3601)
        #expect(rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 8 })
        #expect(rows[15] == "15,2026-11-29T07:30:15Z,,,,,,")
    }

    @Test func csvTimesCanBeLocalWithTheirOffset() throws {
        let paris = TimeZoneOffset.zone(try #require(TimeZone(identifier: "Europe/Paris")))
        let csv = CSVWriter.document(
            summary: Self.summary(duration: 1), samples: [Sample(elapsed: 1, wallOffset: 1, heartRate: 80)], timeZone: paris)
        #expect(csv.hasSuffix("1,2026-11-29T08:30:01+01:00,80,,,,,\n"))
    }

    @Test func eachFormatHasItsWriterAndExtension() {
        let summary = Self.summary(duration: 2)
        let samples = Self.samples(2)
        #expect(
            WorkoutExport.file(.tcx, summary: summary, samples: samples)
                == Array(TCXWriter.document(summary: summary, samples: samples).utf8))
        #expect(
            WorkoutExport.file(.csv, summary: summary, samples: samples)
                == Array(CSVWriter.document(summary: summary, samples: samples).utf8))
        #expect(WorkoutExport.file(.fit, summary: summary, samples: samples) == FITWriter.file(summary: summary, samples: samples))
        #expect(ExportFormat.allCases.map(\.fileExtension) == ["tcx", "csv", "fit"])
    }

    // MARK: - Timestamps

    @Test(arguments: [
        (0, "1970-01-01T00:00:00Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (1_795_937_400, "2026-11-29T07:30:00Z"),
        (4_107_542_399, "2100-02-28T23:59:59Z"),
        (-1, "1969-12-31T23:59:59Z"),
    ])
    func timestampsAreISO8601InUTC(seconds: Int, expected: String) {
        #expect(Timestamp.iso8601(seconds) == expected)
    }

    @Test func timestampsAgreeWithFoundationOverManyDays() {
        let formatter = ISO8601DateFormatter()
        for day in stride(from: -100_000, to: 100_000, by: 97) {
            let seconds = day * 86_400 + day % 86_400
            #expect(Timestamp.iso8601(seconds) == formatter.string(from: Date(timeIntervalSince1970: Double(seconds))))
        }
    }
}

/// A parsed XML element: enough to walk a TCX file by element names.
final class XMLTree {
    let name: String
    let attributes: [String: String]
    var children: [XMLTree] = []
    var characters = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    var text: String? { children.isEmpty ? characters.trimmingCharacters(in: .whitespacesAndNewlines) : nil }

    func child(_ name: String) -> XMLTree? { children.first { $0.name == name } }

    func children(named name: String) -> [XMLTree] { children.filter { $0.name == name } }

    struct ParseFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `xml` with Foundation's XMLParser (libxml2), failing on anything not well-formed.
    static func parse(_ xml: String) throws -> XMLTree {
        let parser = XMLParser(data: Data(xml.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseFailed(description: "not well-formed XML: \(String(describing: parser.parserError))")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLTree] = []
        var root: XMLTree?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = XMLTree(name: elementName, attributes: attributes)
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.characters += string
        }
    }
}

/// Validation against TrainingCenterDatabasev2.xsd with xmllint (libxml2-utils, installed by
/// contrib/setup.sh --test). The schema lives in the shared data beside the checkout, or beside
/// the folder of worktrees the checkout is in: the nearest `shared/data/tcx` above this file.
///
/// The ActivityExtension v2 elements (TPX, LX) sit in the schema's Extensions, which admits any
/// element of another namespace laxly: xmllint checks them only if that schema is at hand too.
enum SchemaCheck {
    static let schema = nearestSharedFile("data/tcx/TrainingCenterDatabasev2.xsd", above: #filePath)
    static let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static var isAvailable: Bool { xmllint != nil && FileManager.default.fileExists(atPath: schema) }

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// Throws xmllint's complaint when `xml` breaks the schema; does nothing when the schema or
    /// xmllint is missing (the parser checks above still run).
    static func validate(_ xml: String) throws {
        guard let xmllint, isAvailable else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("heartline-\(UUID().uuidString).tcx")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xmllint)
        process.arguments = ["--noout", "--schema", schema, file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw Invalid(description: message) }
    }
}

/// The first `shared/<relative>` found going up from `file`'s folder, or where it would be
/// beside the checkout.
func nearestSharedFile(_ relative: String, above file: String) -> String {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("shared/" + relative).path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("../../../shared/" + relative).standardized.path
}
