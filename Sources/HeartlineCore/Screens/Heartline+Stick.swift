/// The USB stick as far as the core knows.
struct StickStatus: Equatable, Sendable {
    /// A stick is in and not yet unmounted for pulling out.
    var present = false
    /// A transfer or an unmount runs: nothing else is asked of the stick until it ends.
    var busy = false
    /// The transfer asked, while it runs.
    var asked: StickCommand?
}

/// A USB stick, by ear: said when it comes, offered (new workouts copied to it, its plan files
/// read), and said when it may be pulled out; a stick that is read-only, full or pulled out
/// early is said in one sentence.
extension Heartline {
    /// The formats workouts are copied to the stick in: those of the automatic export, else FIT.
    var stickFormats: [ExportFormat] { settings.autoExport.isEmpty ? [.fit] : settings.autoExport }

    func stickItems() -> [MenuItem] {
        let formats = words.list(stickFormats.map { $0.rawValue.uppercased() })
        return [
            MenuItem(label: words(.stickCopyAndRead), action: .stick(.transfer(workouts: stickFormats, plans: true))),
            MenuItem(label: words(.stickCopy), state: formats, action: .stick(.transfer(workouts: stickFormats, plans: false))),
            MenuItem(label: words(.stickRead), action: .stick(.transfer(workouts: [], plans: true))),
            MenuItem(label: words(.stickLeave), action: .stick(.eject)),
        ]
    }

    /// A choice of the stick's screen: asked of the edge unless the stick went or is busy.
    mutating func stickCommand(_ command: StickCommand) {
        guard stick.present else {
            say(.answer, .stickOut)
            return
        }
        guard !stick.busy else {
            say(.answer, .stickBusy)
            return
        }
        stick.busy = true
        stick.asked = command
        if case .transfer = command { say(.answer, .stickWorking) }
        emit(.stick(command))
    }

    mutating func stickEvent(_ event: StickEvent) {
        switch event {
        case .inserted:
            stick = StickStatus(present: true)
            // A workout is not interrupted by a screen: the choices wait on the home screen.
            if isRecording {
                say(.notice, .stickInWorkout)
                return
            }
            say(.answer, .stickIn)
            if case .stick = screen { return presentScreen() }
            push(.stick)
        case .finished(let copied, let plans, let problem):
            guard case .transfer(let formats, let readPlans)? = stick.asked else { return }
            stick.asked = nil
            sayTransfer(copied: formats.isEmpty ? nil : copied, plans: readPlans ? plans : nil, problem: problem)
            if problem == .removed || problem == .unmountable || problem == .damaged {
                stick = StickStatus()
                leaveStickScreen()
            }
        case .mended:
            say(.answer, .stickMended)
        case .ejected:
            stick = StickStatus()
            say(.answer, .stickPullOut)
            leaveStickScreen()
        case .ejectFailed:
            stick.busy = false
            say(.answer, .stickEjectFailed)
        case .removed:
            // After its unmount, or said already as pulled out early: nothing more to say.
            guard stick.present else { return }
            stick = StickStatus()
            say(.answer, .stickOut)
            leaveStickScreen()
        }
    }

    /// What a transfer did, then why it stopped short: each in one sentence.
    /// - Parameters:
    ///   - copied: the workouts copied, nil when none were asked.
    ///   - plans: the plan files read, nil when none were asked.
    private mutating func sayTransfer(copied: Int?, plans: Int?, problem: StickProblem?) {
        let workouts = words.counted(copied ?? 0, one: .unitWorkoutOne, other: .unitWorkoutOther)
        switch problem {
        case .readOnly: say(.answer, .stickReadOnly)
        case .full: say(.answer, .stickFull, ["count": workouts])
        case .removed: say(.answer, .stickPulledEarly)
        case .unmountable: say(.answer, .stickUnmountable)
        case .damaged: say(.answer, .stickDamaged)
        case .failed: say(.answer, .stickFailed, ["count": workouts])
        case nil:
            if let copied {
                if copied > 0 { say(.answer, .stickCopied, ["count": workouts]) } else { say(.answer, .stickCopiedNone) }
            }
        }
        guard let plans, problem != .removed, problem != .unmountable, problem != .damaged else { return }
        if plans > 0 {
            say(.answer, .stickPlans, ["count": words.counted(plans, one: .stickPlanFileOne, other: .stickPlanFileOther)])
        } else {
            say(.answer, .stickPlansNone)
        }
    }

    private mutating func leaveStickScreen() {
        if case .stick = screen { returnToPrevious() }
    }
}
