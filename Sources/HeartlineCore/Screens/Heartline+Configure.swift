import Foundation

/// The optional choices after the interval: a target heart rate zone and a training plan.
extension Heartline {
    /// Any target range must lie inside these heart rates.
    static let targetBounds = 40...230

    func describe(_ target: TargetZone?) -> String {
        guard let target else { return words(.valueNone) }
        if let zone = target.zone {
            return words(.targetZone, ["zone": String(zone), "low": String(target.range.low), "high": String(target.range.high)])
        }
        return words(.targetRange, ["low": String(target.range.low), "high": String(target.range.high)])
    }

    /// The items of one configuration step, Next last (the interval list ends at its tenth).
    func configureItems(_ step: ConfigureStep, _ draft: Draft) -> [MenuItem] {
        let configuration = draft.configuration
        switch step {
        case .sport:
            return Sport.allCases.map {
                MenuItem(label: words.sport($0), selected: configuration.sport == $0, action: .chooseSport($0))
            } + [MenuItem(label: words(.itemNext), action: .next)]
        case .distance:
            let unit = configuration.distanceReadout?.unit ?? distanceUnit
            return [
                MenuItem(
                    label: words(.distanceReadoutNone), selected: configuration.distanceReadout == nil, action: .chooseDistanceReadout(nil))
            ]
                + DistanceReadout.steps.map { every in
                    let readout = DistanceReadout(every: every, unit: unit)
                    return MenuItem(
                        label: describe(readout), selected: configuration.distanceReadout == readout,
                        action: .chooseDistanceReadout(readout))
                } + [MenuItem(label: words(.itemNext), action: .next)]
        case .metrics:
            return Metric.offered(for: configuration.sport).map {
                MenuItem(label: words.metric($0), state: words.onOff(configuration.isOn($0)), action: .toggle($0))
            } + [MenuItem(label: words(.itemNext), action: .next)]
        case .interval:
            // Ten choices: digits 1 to 9, and 0 for the tenth (said after the list and in help).
            return ReadoutInterval.allCases.map {
                MenuItem(label: words.interval($0), selected: configuration.interval == $0, action: .chooseInterval($0))
            }
        case .zone:
            return [MenuItem(label: words(.targetNone), selected: configuration.target == nil, action: .chooseTarget(nil))]
                + (1...HeartRateZones.count).map { zone in
                    let target = TargetZone(zone: zone, range: draft.zones.range(ofZone: zone))
                    return MenuItem(label: describe(target), selected: configuration.target?.zone == zone, action: .chooseTarget(target))
                }
                + [
                    MenuItem(
                        label: words(.targetTypeRange), state: configuration.target.flatMap { $0.zone == nil ? describe($0) : nil },
                        action: .typeValue),
                    MenuItem(label: words(.itemNext), action: .next),
                ]
        case .plan:
            return [
                MenuItem(label: words(.planNone), selected: configuration.plan == nil, action: .choosePlan(nil)),
                MenuItem(
                    label: words(.planType),
                    state: configuration.plan.map { words(.planLength, ["duration": words.duration($0.duration)]) },
                    action: .typeValue),
                MenuItem(label: words(.planCountdown), state: words.onOff(draft.countdown), action: .toggleCountdown),
                MenuItem(label: words(.coachItem), action: .openPlanFiles),
                MenuItem(label: words(.itemNext), action: .next),
            ]
        case .ready:
            return [MenuItem(label: words(.itemStart), action: .startWorkout(configuration))]
        }
    }

    var autoPauseEnabled: Bool { settings.autoPause }

    /// The draft of the configuration step on screen.
    private var draft: Draft? {
        if case .configure(_, let draft) = screen { return draft }
        return nil
    }

    /// Changes the draft in place, staying on the same step.
    private mutating func update(_ change: (inout Draft) -> Void) {
        guard case .configure(let step, var draft) = screen else { return }
        change(&draft)
        stack[stack.count - 1] = .configure(step, draft)
    }

    /// Moves to the step after the current one with the draft, saying where the user now is.
    private mutating func advance() {
        guard case .configure(let step, let draft) = screen, let following = step.after(draft.configuration) else { return }
        replace(with: .configure(following, draft))
    }

    mutating func toggle(_ metric: Metric) {
        update { $0.configuration.toggle(metric) }
        guard let draft else { return }
        say(.answer, .metricsChanged, ["metric": words.metric(metric), "state": words.onOff(draft.configuration.isOn(metric))])
    }

    /// A sport, an interval, a distance readout, a zone or a plan chosen: said, then the next step.
    mutating func chooseSport(_ sport: Sport) {
        choose({ $0.configuration.choose(sport) }, said: .sportChosen, ["sport": words.sport(sport)])
    }

    mutating func chooseDistanceReadout(_ readout: DistanceReadout?) {
        choose({ $0.configuration.distanceReadout = readout }, said: .distanceReadoutChosen, ["choice": describe(readout)])
    }

    /// Changes the draft as chosen, says so, and moves to the next step.
    private mutating func choose(_ change: (inout Draft) -> Void, said prompt: Prompt, _ values: [String: String]) {
        update(change)
        say(.answer, prompt, values)
        advance()
    }

    /// "Every 1 kilometre", "Every 0.5 miles", or "No distance readouts".
    func describe(_ readout: DistanceReadout?) -> String {
        guard let readout else { return words(.distanceReadoutNone) }
        return words(.distanceReadoutEvery, ["distance": words.distance(readout.metres, in: readout.unit)])
    }

    mutating func chooseInterval(_ interval: ReadoutInterval) {
        choose({ $0.configuration.interval = interval }, said: .intervalChosen, ["interval": words.interval(interval)])
    }

    mutating func chooseTarget(_ target: TargetZone?) {
        choose({ $0.configuration.target = target }, said: .targetChosen, ["target": describe(target)])
    }

    /// A plan chosen: read back one part a sentence, then the next step.
    mutating func choosePlan(_ plan: TrainingPlan?) {
        update { $0.configuration.plan = plan }
        speakPlan(plan, kind: .answer)
        advance()
    }

    /// "Type a range" or "Type a plan": the next keys are a typed line, Escape cancels.
    mutating func typeValue() {
        conversation.keyboard.typingLine = true
        if case .configure(.zone, _) = screen { say(.answer, .targetAsk) } else { say(.answer, .planAsk) }
    }

    /// A range typed on the target step: "140 to 160", "140-160", "140 160". One refused opens the
    /// typed line again, so the digits of the next try are not taken as a zone's number.
    mutating func enterTarget(_ text: String, draft: Draft) {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 2 else {
            say(.answer, .targetNotUnderstood, ["input": String(text.prefix(40))])
            return askTargetAgain()
        }
        let range = HeartRateRange(low: numbers[0], high: numbers[1])
        guard Self.targetBounds.contains(range.low), Self.targetBounds.contains(range.high), range.high - range.low >= 4 else {
            say(.answer, .targetOutOfRange, ["low": String(Self.targetBounds.lowerBound), "high": String(Self.targetBounds.upperBound)])
            return askTargetAgain()
        }
        chooseTarget(TargetZone(zone: nil, range: range))
    }

    private mutating func askTargetAgain() {
        conversation.keyboard.typingLine = true
        say(.answer, .targetAgain)
    }

    /// A plan typed on the plan step: taken whole, or refused naming the words and asked again,
    /// with the way back; nothing of a refused plan is kept.
    mutating func enterPlan(_ text: String, draft: Draft) {
        var plan: TrainingPlan
        do {
            plan = try TrainingPlanText.read(text)
        } catch {
            speakPlanError(error)
            conversation.keyboard.typingLine = true
            say(.answer, .planAgain)
            return
        }
        if !text.lowercased().contains("countdown") { plan.countdown = draft.countdown }
        choosePlan(plan)
    }

    mutating func toggleCountdown() {
        update { draft in
            draft.countdown.toggle()
            draft.configuration.plan?.countdown = draft.countdown
        }
        guard let draft else { return }
        say(.answer, .planCountdownChanged, ["state": words.onOff(draft.countdown)])
    }

    /// The formats every saved workout is written in, none when automatic export is off.
    var autoExportFormats: [ExportFormat] { settings.autoExport }
}
