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
