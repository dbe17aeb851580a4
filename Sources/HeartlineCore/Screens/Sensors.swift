import Foundation

/// What the core knows of the fitness machine this run.
struct MachineState: Equatable, Sendable {
    var description: MachineDescription?
    /// Whether the machine granted control to a command of this run and has not taken it back:
    /// only then do the end and pause keys stop or pause it.
    var controlled = false
}

/// The heart-rate strap and the motion sensors, as far as the core knows, and what was said of
/// them this run.
struct Sensors: Equatable, Sendable {
    var strap = SensorStatus.absent
    /// Footpods, cycling sensors and power meters, each on its own.
    var motion: [SensorKind: SensorStatus] = [:]
    /// The fitness machine: what it is, and whether it is steered.
    var machine = MachineState()
    /// Whether the scan running looks for motion sensors rather than for straps.
    var scanningMotion = false
    var batteryLevel: Int?
    var warnedBatteryLow = false
    /// Whether the user heard that the strap cannot work; its connection is then news.
    var saidProblem = false
    /// Whether the user heard that the strap asked for pairing (said once per run).
    var saidPairing = false

    var strapConnected: Bool {
        if case .connected = strap { true } else { false }
    }
}

extension Sensors {
    /// The strap connected as `name`. Whether that is news to say: back after a drop-out,
    /// working after a problem the user was told about, or `awaited` (the user heard a workout
    /// start without it).
    mutating func strapConnected(_ name: String, awaited: Bool) -> Bool {
        let news = strap == .lost || saidProblem || awaited
        strap = .connected(name: name)
        saidProblem = false
        return news
    }

    /// The strap sent data, which means a connection whatever was said before. Whether that
    /// is news: a lost or `awaited` strap is back.
    mutating func strapSent(awaited: Bool) -> Bool {
        let news = strap == .lost || awaited
        if !strapConnected { strap = .connected(name: "") }
        return news
    }

    /// The strap dropped out; whether that is news (it was connected).
    mutating func strapLost() -> Bool {
        let news = strapConnected
        strap = .lost
        return news
    }

    /// The strap's battery level; whether it is low news, said once per run.
    mutating func battery(_ level: Int, lowAt low: Int) -> Bool {
        batteryLevel = level
        guard level <= low, !warnedBatteryLow else { return false }
        warnedBatteryLow = true
        return true
    }

    /// The strap asked for pairing; news only the first time this run.
    mutating func pairingAsked() -> Bool {
        defer { saidPairing = true }
        return !saidPairing
    }

    /// A footpod, bike sensor or power meter connected; news when it is back after a
    /// drop-out, or arrives during a workout.
    mutating func motionConnected(_ kind: SensorKind, name: String, duringWorkout: Bool) -> Bool {
        let status = motion[kind]
        motion[kind] = .connected(name: name)
        return status == .lost || (duringWorkout && status != nil)
    }

    /// A motion sensor sent data; news when it was lost.
    mutating func motionSent(_ kind: SensorKind) -> Bool {
        let news = motion[kind] == .lost
        if case .connected = motion[kind] {} else { motion[kind] = .connected(name: "") }
        return news
    }

    /// A motion sensor dropped out; news when it was connected.
    mutating func motionLost(_ kind: SensorKind) -> Bool {
        defer { motion[kind] = .lost }
        if case .connected = motion[kind] { return true }
        return false
    }
}
