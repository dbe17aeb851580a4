import Foundation
@testable import HeartlineCore
import HeartlineStorage
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What GoldenCheetah's TCX importer makes of Heartline's TCX, by following its logic
/// (src/FileIO/TcxParser.cpp, read as of 2026): the Activity's Sport names a ride (Biking) or a
/// run (Running); Other may be a pool swim, and is taken for one at the first trackpoint with
/// no position (latitude and longitude both 0) and a distance above 0, the trackpoint's own
/// DistanceMeters or, when it has none, one carried on from the last at its Speed. The first
/// such distance is taken as the pool's length. The device is the Creator's Name, "Garmin"
/// without one.
///
/// The user guide says what each importer reads of an export; these tests keep it true.
@Suite struct ImporterGuessTests {
    /// GoldenCheetah's reading of one TCX activity: its sport tag and device.
    struct Reading: Equatable {
        /// "Bike", "Run", "Swim", or nil when no sport is set.
        var sport: String?
        /// The pool length in metres, for a swim.
        var poolLength: Double?
        var device: String
    }

    /// Follows the importer's element events over `xml`, as its SAX handler does.
    final class Follower: NSObject, XMLParserDelegate {
        private var buffer = ""
        private var inCreator = false
        private var maybeSwim = false
        private var startTime: Date?
        private var lastTime: Date?
        private var time: Date?
        private var lastDistance = 0.0
        // Per trackpoint, as the importer resets them at its start.
        private var distance = -1.0
        private var speed = 0.0
        private var latitude = 0.0
        private var longitude = 0.0
        private(set) var reading = Reading(sport: nil, poolLength: nil, device: "Garmin")
        private let dates = ISO8601DateFormatter()

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            buffer = ""
            switch name {
            case "Activity":
                maybeSwim = false
                switch attributes["Sport"] {
                case "Biking": reading.sport = "Bike"
                case "Running": reading.sport = "Run"
                case "Other": maybeSwim = true
                default: break
                }
            case "Lap" where startTime == nil:
                startTime = attributes["StartTime"].flatMap(dates.date(from:))
                lastTime = startTime
                lastDistance = 0
            case "Trackpoint":
                (distance, speed, latitude, longitude) = (-1, 0, 0, 0)
            case "Creator":
                inCreator = true
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { buffer += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let value = Double(buffer.trimmingCharacters(in: .whitespacesAndNewlines))
            switch name {
            case "Time": time = dates.date(from: buffer.trimmingCharacters(in: .whitespacesAndNewlines))
            case "DistanceMeters": distance = (value ?? 0) / 1000
            case _ where name == "Speed" || name.hasSuffix(":Speed"): speed = (value ?? 0) * 3.6
            case "LatitudeDegrees": latitude = value ?? 0
            case "LongitudeDegrees": longitude = value ?? 0
            case "Trackpoint":
                if distance < 0 {
                    // No distance of its own: carried on from the last one at its speed.
                    let seconds = time.flatMap { now in lastTime.map { now.timeIntervalSince($0) } } ?? 0
                    distance = lastDistance + seconds * speed / 3600
                }
                if maybeSwim, reading.sport == nil, latitude == 0, longitude == 0, distance > 0 {
                    reading.sport = "Swim"
                    reading.poolLength = distance * 1000
                }
                lastDistance = distance
                lastTime = time
            case "Creator":
                inCreator = false
            case "Name" where inCreator && !buffer.isEmpty:
                reading.device = buffer
            default:
                break
            }
        }
    }

    static func reading(of xml: String) throws -> Reading {
        let parser = XMLParser(data: Data(xml.utf8))
        let follower = Follower()
        parser.delegate = follower
        try #require(parser.parse(), "the TCX did not parse: \(String(describing: parser.parserError))")
        return follower.reading
    }

    /// A TCX that no Heartline export is: positions, and an activity with no Creator.
    static func outdoorOther(withPositions: Bool) -> String {
        let position =
            withPositions ? "<Position><LatitudeDegrees>52.1</LatitudeDegrees><LongitudeDegrees>4.3</LongitudeDegrees></Position>" : ""
        return """
            <TrainingCenterDatabase><Activities><Activity Sport="Other"><Id>2026-11-29T07:30:00Z</Id>\
            <Lap StartTime="2026-11-29T07:30:00Z"><Track>\
            <Trackpoint><Time>2026-11-29T07:30:01Z</Time>\(position)<DistanceMeters>25</DistanceMeters></Trackpoint>\
            <Trackpoint><Time>2026-11-29T07:30:02Z</Time>\(position)<DistanceMeters>50</DistanceMeters></Trackpoint>\
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
    }

    /// The follower itself: Other with distances and no positions is a pool swim whose length is
    /// the first distance; with positions it stays without a sport; no Creator is "Garmin".
    @Test func theFollowerReadsAsTheImporterDoes() throws {
        #expect(try Self.reading(of: Self.outdoorOther(withPositions: false)) == Reading(sport: "Swim", poolLength: 25, device: "Garmin"))
        #expect(try Self.reading(of: Self.outdoorOther(withPositions: true)) == Reading(sport: nil, poolLength: nil, device: "Garmin"))
    }

    /// Runs and rides, outdoors or on a machine, are read as what they are, from Heartline.
    @Test func runsAndRidesAreReadAsThemselvesFromHeartline() throws {
        let cases: [(String, (summary: WorkoutSummary, samples: [Sample]), String)] = [
            ("run", HistoryGenerator.motionWorkout(sport: .running, duration: 300, seed: 7), "Run"),
            ("ride", HistoryGenerator.motionWorkout(sport: .cycling, duration: 300, seed: 8), "Bike"),
            ("treadmill", HistoryGenerator.machineWorkout(type: .treadmill, duration: 300, seed: 9), "Run"),
            ("trainer", HistoryGenerator.machineWorkout(type: .indoorBike, duration: 300, seed: 10), "Bike"),
        ]
        for (name, workout, sport) in cases {
            let reading = try Self.reading(of: TCXWriter.document(summary: workout.summary, samples: workout.samples))
            #expect(reading == Reading(sport: sport, poolLength: nil, device: "Heartline"), "\(name)")
        }
    }

    /// A row is Other (TCX has no rowing) with distances and no positions: the importer takes it
    /// for a pool swim, as the user guide warns (FIT names it rowing). A heart-rate-only workout
    /// of no sport has no distance and is not taken for one.
    @Test func aRowIsTakenForAPoolSwimAndAHeartRateOnlyWorkoutIsNot() throws {
        let row = HistoryGenerator.machineWorkout(type: .rower, duration: 300, seed: 11)
        let rowing = try Self.reading(of: TCXWriter.document(summary: row.summary, samples: row.samples))
        #expect(rowing.sport == "Swim" && rowing.device == "Heartline")
        let firstDistance = try #require(row.samples.first { ($0.distance ?? 0) > 0 }?.distance)
        #expect(abs((rowing.poolLength ?? 0) - firstDistance) < 0.01, "pool length \(String(describing: rowing.poolLength))")

        var heartOnly = HistoryGenerator.motionWorkout(sport: .other, duration: 300, seed: 12)
        heartOnly.samples = heartOnly.samples.map { Sample(elapsed: $0.elapsed, wallOffset: $0.wallOffset, heartRate: $0.heartRate) }
        heartOnly.summary.distance = nil
        let other = try Self.reading(of: TCXWriter.document(summary: heartOnly.summary, samples: heartOnly.samples))
        #expect(other == Reading(sport: nil, poolLength: nil, device: "Heartline"))
    }
}
