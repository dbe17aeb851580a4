/// A training plan's phase changes said with their targets.
extension Heartline {
    /// A phase's time, with its target when it has one: "3 minutes at 250 watts".
    private func timeAndTarget(_ phase: TrainingPlan.Phase) -> String {
        words.step(TrainingPlan.Step(phase.duration, target: phase.target))
    }

    /// Each phase change as it comes, with its target: the plan coach's cues in words. A
    /// fitness machine would act on the same cues' phases.
    mutating func speakPlanCues(_ cues: [PlanCoach.Cue]) {
        for cue in cues {
            switch cue {
            case .phase(let phase):
                let duration = timeAndTarget(phase)
                switch phase.kind {
                case .warmUp: say(.event, .eventPlanWarmUp, ["duration": duration])
                case .work(let round) where phase.rounds == 1 && round == 1:
                    say(.event, .eventPlanWorkOnce, ["duration": duration])
                case .work(let round):
                    say(.event, .eventPlanWork, ["round": String(round), "rounds": String(phase.rounds), "duration": duration])
                case .rest: say(.event, .eventPlanRest, ["duration": duration])
                case .coolDown: say(.event, .eventPlanCoolDown, ["duration": duration])
                }
                if let target = phase.target { steerPlan(to: target) }
            case .upcoming(let phase, let seconds):
                let name: Prompt =
                    switch phase.kind {
                    case .warmUp: .planPhaseWarmUp
                    case .work: .planNextWork
                    case .rest: .planNextRest
                    case .coolDown: .planPhaseCoolDown
                    }
                let said = phase.target.map { words(.planNextAt, ["phase": words(name), "target": words.target($0)]) } ?? words(name)
                say(.event, .eventPlanUpcoming, ["phase": said, "duration": words.duration(seconds)])
            case .finished:
                say(.event, .eventPlanFinished)
            }
        }
    }

    /// A plan the user started sets a connected machine at each phase that has a target, the
    /// phase's sentence having said it; only a refusal (above the top speed, outside the
    /// machine's range) is said besides. Without a machine the target is words alone.
    mutating func steerPlan(to target: PhaseTarget) {
        guard machineConnected, sensors.machine.description?.steerable == true else { return }
        let command: MachineCommand
        switch target {
        case .power(let watts): command = .set(.power, Double(watts))
        case .speed(let centiKilometresPerHour): command = .set(.speed, Double(centiKilometresPerHour) / 100)
        case .incline(let tenthsOfPercent): command = .set(.incline, Double(tenthsOfPercent) / 10)
        case .resistance(let level): command = .set(.resistance, Double(level))
        // A share of an FTP not set, or a heart rate, is for the athlete, not the machine.
        case .shareOfFTP, .heartRate: return
        }
        steerMachine(command, by: .plan)
    }
}
