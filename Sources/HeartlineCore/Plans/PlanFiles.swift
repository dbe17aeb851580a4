/// A file of the plans folder as the edge read it: its name and its bytes, or nil when it could
/// not be read from the disk.
public struct PlanFile: Equatable, Sendable {
    public var name: String
    public var bytes: [UInt8]?

    public init(name: String, bytes: [UInt8]?) {
        self.name = name
        self.bytes = bytes
    }

    /// The files of the plans folder read, the first by name: with each at most
    /// `FITWorkoutReader.largestFile`, a read of the folder stays short.
    public static let mostListed = 50

    /// The names the plans folder is read for: Zwift workouts and FIT workouts.
    public static func isPlanFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !lower.hasPrefix(".") && (lower.hasSuffix(".zwo") || lower.hasSuffix(".fit"))
    }

    /// The file read as a coach's workout, by its name's ending.
    public func workout() -> Result<CoachWorkout, CoachFileError> {
        guard let bytes else { return .failure(.unopened) }
        do throws(CoachFileError) {
            return .success(try name.lowercased().hasSuffix(".zwo") ? ZwiftWorkoutReader.read(bytes) : FITWorkoutReader.read(bytes))
        } catch {
            return .failure(error)
        }
    }
}

/// A plan file listed on the plans-from-files screen: the plan it reads into, or why it
/// cannot be read.
struct PlanFileEntry: Equatable, Sendable {
    var file: String
    var reading: Result<CoachReading, CoachFileError>
    /// For a file read whole with no step to follow, what became of its steps: said with it, as
    /// a file with steps to follow says them when chosen.
    var notes: [CoachNote] = []

    init(_ file: PlanFile, profile: Profile) {
        self.file = file.name
        var notes: [CoachNote] = []
        reading = file.workout().flatMap { workout in
            let reading = workout.plan(for: profile)
            notes = reading.notes
            return reading.plan == nil ? .failure(.noSteps) : .success(reading)
        }
        if case .failure = reading { self.notes = notes }
    }

    /// The name it is listed by: the workout's own, else the file's without its ending, cut
    /// as every outside name is (`SafeText.name`).
    var name: String {
        if case .success(let reading) = reading, case let own = SafeText.name(reading.name), !own.isEmpty { return own }
        let stem = file.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return SafeText.name(stem.isEmpty ? file : stem)
    }
}
