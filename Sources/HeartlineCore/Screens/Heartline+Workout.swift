import Foundation

/// The root's side of the workout: its actions handed to `WorkoutFeature`, whose state is the
/// workout and its recovery in `training`; and the summary the end leaves on screen.
extension Heartline {
    mutating func workout(_ action: WorkoutFeature.Action) {
        carryOut(WorkoutFeature.reduce(&training, action, environment))
    }

    mutating func startWorkout(_ configuration: WorkoutConfiguration) { workout(.start(configuration)) }

    /// "Definitely end workout?" answered yes: stop the clock and show the summary.
    mutating func endWorkout(quitting: Bool) { workout(.end(quitting: quitting)) }

    /// "Definitely end workout?" answered no: back to the workout as it was, paused or not.
    mutating func keepWorkout() { workout(.keep) }

    mutating func saveEndedWorkout() {
        guard case .summary(var summary, _) = screen else { return }
        summary.state = .saved
        write(.save(summary))
    }

    /// A save went through: "save" always answers, and only what is true: saved, or held in
    /// memory for space.
    mutating func saved(_ id: Int64, unwritten: UnwrittenWork, failure: StorageError?) {
        if case .unfinished(let summary) = screen, summary.id == id { return savedUnfinished() }
        guard case .summary(let summary, let quitting) = screen, summary.id == id else { return }
        if unwritten.isEmpty {
            if let failure, conversation.storageTrouble == nil { conversation.storageTrouble = StorageTrouble(failure) }
            say(.answer, .summarySaved)
            if !autoExportFormats.isEmpty { emit(.autoExport(summary.id, autoExportFormats)) }
            uploadIfWanted(summary.id)
        } else {
            // Held in memory, it is not uploaded now; "upload" on its details sends it later.
            conversation.uploadAfterSave = nil
            let trouble = StorageTrouble(failure ?? records.writeFailure ?? StorageError.diskFull)
            conversation.storageTrouble = trouble
            say(.answer, trouble == .diskFull ? .savePending : .savePendingFailing)
        }
        leaveSummary(quitting: quitting)
    }

    mutating func deleteEndedWorkout(_ summary: WorkoutSummary, quitting: Bool) {
        write(.delete(summary.id))
        say(.answer, .summaryDeleted)
        leaveSummary(quitting: quitting)
    }

    mutating func keepEndedWorkout() {
        stack.removeLast()
        say(.answer, .summaryKept)
    }

    private mutating func leaveSummary(quitting: Bool) {
        if quitting {
            leave(from: [.home])
            return
        }
        goHome()
    }

    // MARK: - Time and the sensors

    /// Time passes: the recovery after an end is measured, a resting check ends, the workout records.
    mutating func tick() {
        workout(.watchRecovery)
        resting(.tick)
        workout(.tick)
    }

    /// A sensor's event: its own news first, then the workout's reading of it, against the sensors
    /// as they stood before the event (a machine that drops out was connected), then a resting
    /// check's.
    mutating func sensorEvent(_ kind: SensorKind, _ event: SensorEvent) {
        let before = environment
        sensorSettings(.heard(kind, event, awaited: training.awaitsStrap, duringWorkout: training.workout != nil))
        carryOut(WorkoutFeature.reduce(&training, .heard(kind, event), before))
        if kind == .heartRateStrap, case .reading(let reading) = event { resting(.reading(reading)) }
    }
}
