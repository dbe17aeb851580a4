import Foundation

/// The units and the footpod's calibration as the screens read them; pace, speed, distance,
/// cadence and power during a workout are `WorkoutFeature`'s (`WorkoutFeature+Motion.swift`).
extension Heartline {
    var distanceUnit: DistanceUnit { settings.units }

    /// The footpod's calibration factor (1.03): its distances and speeds are multiplied by it.
    var footpodCalibration: Double { settings.footpodCalibration }

    /// A rower's time per 500 metres: its own, else from the speed; none standing still.
    static func split(_ own: Int?, speed: Double?) -> Int? { WorkoutFeature.split(own, speed: speed) }

    /// Below this a pace is not a pace.
    static var movingSpeed: Double { WorkoutFeature.movingSpeed }
}

// MARK: - Totals and calibration

extension Heartline {
    /// The movement totals of a workout, after its heart-rate totals: distance, average pace or
    /// speed, cadence and power, each said only when known.
    mutating func speakMotionTotals(of workout: WorkoutSummary, kind: SpeechKind) {
        let sport = workout.configuration.sport
        guard sport != .other else { return }
        let unit = distanceUnit
        if let distance = workout.distance, distance > 0, workout.duration > 0 {
            say(kind, .summaryDistance, ["distance": words.distance(distance, in: unit)])
            let speed = distance / Double(workout.duration)
            if sport == .running, speed >= Self.movingSpeed {
                say(kind, .summaryAveragePace, ["pace": words.pace(speed, in: unit), "unit": words.unitName(unit)])
            } else if sport == .cycling {
                say(kind, .summaryAverageSpeed, ["speed": words.speed(speed, in: unit)])
            } else if sport == .rowing, let split = Self.split(nil, speed: speed) {
                say(kind, .summaryAverageSplit, ["duration": words.duration(split)])
            }
        }
        if sport == .rowing, let rate = workout.averageCadence {
            say(kind, .summaryAverageStrokeRate, ["rate": words.number(rate)])
        } else if let cadence = workout.averageCadence {
            say(
                kind, sport == .running ? .summaryAverageCadenceRunning : .summaryAverageCadenceCycling, ["cadence": words.number(cadence)])
        }
        if let power = workout.averagePower { say(kind, .summaryAveragePower, ["power": words.number(power)]) }
    }

    /// "Calibrate the footpod with this distance", on a run's summary that has a distance, when
    /// a footpod was heard this run (a treadmill's distance is its own, not the footpod's).
    func calibrateItem(_ workout: WorkoutSummary) -> [MenuItem] {
        guard workout.configuration.sport == .running, (workout.distance ?? 0) > 0, sensors.motion[.footpod] != nil else { return [] }
        return [MenuItem(label: words(.itemCalibrate), action: .open(.calibrationEntry(workout)))]
    }
}
