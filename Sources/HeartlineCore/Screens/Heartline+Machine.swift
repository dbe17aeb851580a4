import Foundation

/// The fitness machine as the workout screen's help names it; the machine is steered by
/// `WorkoutFeature` (`WorkoutFeature+Machine.swift`).
extension Heartline {
    /// The commands of a fitness machine, whose keys help names only while one is connected.
    static var machineCommands: Set<Command> { WorkoutFeature.machineCommands }

    var machineConnected: Bool {
        if case .connected = sensors.motion[.fitnessMachine] { true } else { false }
    }
}
