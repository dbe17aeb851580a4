/// A coach's plan file in words: why it cannot be read, and what became of its steps.
extension Words {
    /// "hills.fit cannot be read: it ends too soon."
    public func coachFileError(_ file: String, _ error: CoachFileError) -> String {
        let reason: Prompt =
            switch error {
            case .notAWorkoutFile: .coachReasonNotWorkoutFile
            case .damaged: .coachReasonDamaged
            case .truncated: .coachReasonTruncated
            case .notAWorkout: .coachReasonNotWorkout
            case .tooLarge: .coachReasonTooLarge
            case .unopened: .coachReasonUnopened
            case .empty: .coachReasonEmpty
            case .noSteps: .coachReasonNoSteps
            }
        return self(.coachUnreadable, ["file": String(file.prefix(60)), "reason": self(reason)])
    }

    /// One sentence for a step a plan could not hold as written.
    public func coachNote(_ note: CoachNote) -> String {
        func step(_ number: Int) -> [String: String] { ["number": self.number(number)] }
        return switch note {
        case .ramp(let number, let target): self(.coachStepRamp, step(number).merging(["target": self.target(target)]) { $1 })
        case .distance(let number, let metres): self(.coachStepDistance, step(number).merging(["distance": self.number(metres)]) { $1 })
        case .open(let number): self(.coachStepOpen, step(number))
        case .unknown(let number, let name) where name.isEmpty: self(.coachStepUnknownKind, step(number))
        case .unknown(let number, let name): self(.coachStepUnknown, step(number).merging(["name": String(name.prefix(40))]) { $1 })
        case .unreadable(let number, let name):
            self(.coachStepUnreadable, step(number).merging(["name": String(name.prefix(40))]) { $1 })
        case .length(let number, let seconds): self(.coachStepLength, step(number).merging(["duration": duration(seconds)]) { $1 })
        case .targetOutOfRange(let number): self(.coachStepTargetOutOfRange, step(number))
        case .target(let number, let kind):
            self(.coachStepTarget, step(number).merging(["what": self(Self.what(kind))]) { $1 })
        case .noFTP: self(.coachNoFtp)
        case .rounds(let number, let times):
            self(
                .coachStepRounds,
                step(number).merging(["times": self.number(times), "most": self.number(TrainingPlan.roundsRange.upperBound)]) { $1 })
        case .stopsAt(let number): self(.coachStopsAt, step(number).merging(["most": self.number(CoachWorkout.mostBlocks)]) { $1 })
        }
    }

    private static func what(_ kind: CoachWorkout.UnsupportedTarget) -> Prompt {
        switch kind {
        case .heartRate: .coachWhatHeartRate
        case .cadence: .coachWhatCadence
        case .cadenceZone: .coachWhatCadenceZone
        case .powerZone: .coachWhatPowerZone
        case .pace: .coachWhatPace
        case .other: .coachWhatOther
        }
    }
}
