/// A file of the plans folder as the edge read it: its name and its bytes, or nil when it could
/// not be read from the disk.
public struct PlanFile: Equatable, Sendable {
    public var name: String
    public var bytes: [UInt8]?
    /// The file already read as a workout (by the plans folder, off the loop's thread); nil
    /// until it is.
    public private(set) var parsed: Result<CoachWorkout, CoachFileError>?

    public init(name: String, bytes: [UInt8]?) {
        self.name = name
        self.bytes = bytes
    }

    /// The same file, read as a workout now: the loop's thread that lists it parses nothing.
    public func parsedNow() -> PlanFile {
        var file = self
        file.parsed = workout()
        return file
    }

    /// The plan files read from a stick's folder, the first by name: with each at most
    /// `FITWorkoutReader.largestFile`, a stick's transfer stays short.
    public static let mostListed = 50

    /// The names the plans folder is read for: Zwift workouts and FIT workouts.
    public static func isPlanFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !lower.hasPrefix(".") && (lower.hasSuffix(".zwo") || lower.hasSuffix(".fit"))
    }

    /// The plan's own name in the file, read no further than it must be; nil when the file is
    /// no workout Heartline reads.
    public func planName() -> String? {
        guard let bytes else { return nil }
        if name.lowercased().hasSuffix(".zwo") { return try? ZwiftWorkoutReader.name(bytes) }
        return try? FITWorkoutReader.read(bytes).name
    }

    /// The file read as a coach's workout, by its name's ending.
    public func workout() -> Result<CoachWorkout, CoachFileError> {
        if let parsed { return parsed }
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

/// One page of the plans folder as the plans-from-files screen shows it: its files in the
/// folder's order (`PlanFolderOrder`), where the page starts, how many files there are, and
/// the words they were found by (empty for the whole folder).
struct PlanFilePage: Equatable, Sendable {
    var page: Int
    var total: Int
    var matching: String
    var entries: [PlanFileEntry]
}

/// How the plans folder is ordered and searched: as a person expects, the same at the edge
/// that reads it and in the tests that check it.
public enum PlanFolderOrder {
    /// Names by their words, whatever the case or accents, and with their numbers in order:
    /// "week 2.zwo" before "week 10.zwo". Names equal that way keep their bytes' order.
    public static func sorted(_ names: [String]) -> [String] {
        let keyed = names.map { (name: $0, key: key($0)) }
        return keyed.sorted { left, right in
            switch compare(left.key, right.key) {
            case .some(let less): less
            case nil: left.name.utf8.lexicographicallyPrecedes(right.name.utf8)
            }
        }.map(\.name)
    }

    /// Whether every word of `words` is part of the file's name or the plan's own, whatever the
    /// case or accents: "tempo" finds "Tempo Tuesday.zwo", "umbral" finds "Umbral 4×8".
    public static func matches(_ words: String, file: String, plan: String?) -> Bool {
        let wanted = fold(words).split(whereSeparator: \.isWhitespace)
        guard !wanted.isEmpty else { return true }
        let text = fold(file) + " " + fold(plan ?? "")
        return wanted.allSatisfy { text.contains($0) }
    }

    /// Lower case with no accents: the form names are compared and searched in.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// A name in runs: digits read as a number, everything else folded.
    private enum Run: Equatable {
        case number(digits: Substring)
        case text(String)
    }

    private static func key(_ name: String) -> [Run] {
        var runs: [Run] = []
        var rest = Substring(fold(name))
        while let first = rest.first {
            let digits = first.isASCIIDigit
            let run = rest.prefix { $0.isASCIIDigit == digits }
            rest = rest.dropFirst(run.count)
            if digits {
                let significant = run.drop { $0 == "0" }
                runs.append(.number(digits: significant))
            } else {
                runs.append(.text(String(run)))
            }
        }
        return runs
    }

    /// Whether `left` goes before `right`; nil when they are the same by their runs.
    private static func compare(_ left: [Run], _ right: [Run]) -> Bool? {
        for (a, b) in zip(left, right) where a != b {
            switch (a, b) {
            case (.number(let x), .number(let y)):
                // Without their leading zeros, the shorter number is the smaller.
                return x.count != y.count ? x.count < y.count : x < y
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let x), .text(let y)): return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
            }
        }
        return left.count == right.count ? nil : left.count < right.count
    }
}
