import Foundation

/// The root's side of the resting check: its actions handed to `RestingCheckFeature`, whose
/// state is the check under way in `training`.
extension Heartline {
    mutating func resting(_ action: RestingCheckFeature.Action) {
        carryOut(RestingCheckFeature.reduce(&training.resting, action, environment))
    }

    /// Leaving the screen stops a check under way, said.
    mutating func stopRestingCheck() {
        resting(.stop)
    }
}
