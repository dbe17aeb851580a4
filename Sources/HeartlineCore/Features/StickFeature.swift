import Foundation

/// The USB stick as far as the core knows.
struct StickStatus: Equatable, Sendable {
    /// A stick is in and not yet unmounted for pulling out.
    var present = false
    /// A transfer or an unmount runs: nothing else is asked of the stick until it ends.
    var busy = false
    /// The transfer asked, while it runs.
    var asked: StickCommand?
}

/// Home and a USB stick, by ear: home's items (the stick's among them while one is in); the stick
/// said when it comes, offered (new workouts copied to it, its plan files read), and said when
/// it may be pulled out; a stick that is read-only, full or pulled out early is said in one
/// sentence.
enum StickFeature: Feature {
    typealias State = StickStatus

    enum Action: Sendable {
        /// A choice of the stick's screen.
        case command(StickCommand)
        /// What the stick's edge saw or did.
        case event(StickEvent)
    }

    static func homeItems(_ state: State, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        var items = [
            MenuItem(label: words(.homeConfigure), action: .configureNew),
            MenuItem(label: words(.homeLast), action: .openLast),
            MenuItem(label: words(.homeReview), action: .open(.review)),
            MenuItem(label: words(.homeSettings), action: .open(.settings)),
            MenuItem(label: words(.homeRestingCheck), action: .open(.restingCheck)),
        ]
        if state.present { items.append(MenuItem(label: words(.homeStick), action: .open(.stick))) }
        return items
    }

    /// The formats workouts are copied to the stick in: those of the automatic export, else FIT.
    static func formats(_ environment: FeatureEnvironment) -> [ExportFormat] {
        environment.settings.autoExport.isEmpty ? [.fit] : environment.settings.autoExport
    }

    static func items(_ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        let formats = formats(environment)
        return [
            MenuItem(label: words(.stickCopyAndRead), action: .stick(.transfer(workouts: formats, plans: true))),
            MenuItem(
                label: words(.stickCopy), state: words.list(formats.map { $0.rawValue.uppercased() }),
                action: .stick(.transfer(workouts: formats, plans: false))),
            MenuItem(label: words(.stickRead), action: .stick(.transfer(workouts: [], plans: true))),
            MenuItem(label: words(.stickLeave), action: .stick(.eject)),
        ]
    }

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch action {
        case .command(let command):
            // Asked of the edge unless the stick went or is busy.
            guard state.present else { return [.say(.answer, .stickOut)] }
            guard !state.busy else { return [.say(.answer, .stickBusy)] }
            state.busy = true
            state.asked = command
            guard case .transfer = command else { return [.emit(.stick(command))] }
            return [.say(.answer, .stickWorking), .emit(.stick(command))]
        case .event(let event):
            return handle(event, &state, environment)
        }
    }

    private static func handle(_ event: StickEvent, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        switch event {
        case .inserted:
            state = StickStatus(present: true)
            // A workout is not interrupted by a screen: the choices wait on the home screen.
            guard !environment.recording else { return [.say(.notice, .stickInWorkout)] }
            if case .stick = environment.screen { return [.say(.answer, .stickIn), .replace(.stick)] }
            return [.say(.answer, .stickIn), .push(.stick)]
        case .finished(let copied, let plans, let problem, let kept):
            guard case .transfer(let formats, let readPlans)? = state.asked else { return [] }
            state.asked = nil
            let said =
                transfer(copied: formats.isEmpty ? nil : copied, plans: readPlans ? plans : nil, problem: problem, environment.words)
                + keptBeside(kept, environment.words)
            guard problem == .removed || problem == .unmountable || problem == .damaged else { return said }
            state = StickStatus()
            return said + leaveScreen(environment)
        case .mended:
            return [.say(.answer, .stickMended)]
        case .ejected:
            state = StickStatus()
            return [.say(.answer, .stickPullOut)] + leaveScreen(environment)
        case .ejectFailed:
            state.busy = false
            return [.say(.answer, .stickEjectFailed)]
        case .removed:
            // After its unmount, or said already as pulled out early: nothing more to say.
            guard state.present else { return [] }
            state = StickStatus()
            return [.say(.answer, .stickOut)] + leaveScreen(environment)
        }
    }

    /// What a transfer did, then why it stopped short: each in one sentence.
    /// - Parameters:
    ///   - copied: the workouts copied, nil when none were asked.
    ///   - plans: the plan files read, nil when none were asked.
    private static func transfer(copied: Int?, plans: Int?, problem: StickProblem?, _ words: Words) -> [FeatureStep] {
        let workouts = words.counted(copied ?? 0, one: .unitWorkoutOne, other: .unitWorkoutOther)
        var steps: [FeatureStep]
        switch problem {
        case .readOnly: steps = [.say(.answer, .stickReadOnly)]
        case .full: steps = [.say(.answer, .stickFull, ["count": workouts])]
        case .removed: steps = [.say(.answer, .stickPulledEarly)]
        case .unmountable: steps = [.say(.answer, .stickUnmountable)]
        case .damaged: steps = [.say(.answer, .stickDamaged)]
        case .failed: steps = [.say(.answer, .stickFailed, ["count": workouts])]
        case nil:
            guard let copied else {
                steps = []
                break
            }
            steps = [copied > 0 ? .say(.answer, .stickCopied, ["count": workouts]) : .say(.answer, .stickCopiedNone)]
        }
        guard let plans, problem != .removed, problem != .unmountable, problem != .damaged else { return steps }
        guard plans > 0 else { return steps + [.say(.answer, .stickPlansNone)] }
        return steps + [.say(.answer, .stickPlans, ["count": words.counted(plans, one: .stickPlanFileOne, other: .stickPlanFileOther)])]
    }

    /// Plan files kept under a new name beside the board's: one named, or several counted.
    private static func keptBeside(_ kept: [PlanKept], _ words: Words) -> [FeatureStep] {
        guard let first = kept.first else { return [] }
        guard kept.count > 1 else { return [.say(.answer, .stickPlanKept, ["name": first.name, "kept": first.kept])] }
        return [.say(.answer, .stickPlansKept, ["count": words.counted(kept.count, one: .stickPlanFileOne, other: .stickPlanFileOther)])]
    }

    private static func leaveScreen(_ environment: FeatureEnvironment) -> [FeatureStep] {
        if case .stick = environment.screen { return [.returnToPrevious] }
        return []
    }
}
