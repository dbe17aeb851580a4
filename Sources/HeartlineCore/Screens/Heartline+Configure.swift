import Foundation

/// The optional choices after the interval: a target heart rate zone and a training plan.
extension Heartline {
    static let autoPauseSetting = "workout.auto-pause"
    /// Any target range must lie inside these heart rates.
    static let targetBounds = 40...230

    var zones: HeartRateZones { HeartRateZones(profile: storedProfile()) }

    func describe(_ target: TargetZone?) -> String {
        guard let target else { return words(.valueNone) }
        if let zone = target.zone {
            return words(.targetZone, ["zone": String(zone), "low": String(target.range.low), "high": String(target.range.high)])
        }
        return words(.targetRange, ["low": String(target.range.low), "high": String(target.range.high)])
    }

    func describe(_ plan: TrainingPlan?) -> String {
        guard let plan else { return words(.valueNone) }
        var parts: [String] = []
        if let warmUp = plan.warmUp { parts.append(words(.planWarmUp, ["duration": words.duration(warmUp)])) }
        if plan.rounds == 1 {
            parts.append(words(.planOneRound, ["work": words.duration(plan.work)]))
        } else {
            parts.append(words(.planRounds, [
                "rounds": String(plan.rounds), "work": words.duration(plan.work), "rest": words.duration(plan.rest),
            ]))
        }
        if let coolDown = plan.coolDown { parts.append(words(.planCoolDown, ["duration": words.duration(coolDown)])) }
        if !plan.countdown { parts.append(words(.planNoCountdown)) }
        return words.list(parts)
    }

    func targetItems() -> [MenuItem] {
        [MenuItem(label: words(.targetNone), selected: draft.target == nil, action: .chooseTarget(nil))]
            + (1...HeartRateZones.count).map { zone in
                let target = TargetZone(zone: zone, range: zones.range(ofZone: zone))
                return MenuItem(label: describe(target), selected: draft.target?.zone == zone, action: .chooseTarget(target))
            }
    }

    func planItems() -> [MenuItem] {
        [
            MenuItem(label: words(.planNone), selected: draft.plan == nil, action: .choosePlan(nil)),
            MenuItem(label: words(.planCountdown), state: words.onOff(draft.plan?.countdown ?? draftCountdown), action: .toggleCountdown),
        ]
    }

    var autoPauseEnabled: Bool {
        ((try? store.setting(Self.autoPauseSetting)) ?? nil) != "off"
    }

    mutating func chooseTarget(_ target: TargetZone?) {
        draft.target = target
        say(.answer, .targetChosen, ["target": describe(target)])
        stack.removeLast()
    }

    mutating func choosePlan(_ plan: TrainingPlan?) {
        draft.plan = plan
        say(.answer, .planChosen, ["plan": describe(plan)])
        stack.removeLast()
    }

    /// A range typed on the target screen: "140 to 160", "140-160", "140 160".
    mutating func enterTarget(_ text: String) {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 2 else {
            say(.answer, .targetNotUnderstood, ["input": String(text.prefix(40))])
            return
        }
        let range = HeartRateRange(low: numbers[0], high: numbers[1])
        guard Self.targetBounds.contains(range.low), Self.targetBounds.contains(range.high), range.high - range.low >= 4 else {
            say(.answer, .targetOutOfRange, ["low": String(Self.targetBounds.lowerBound), "high": String(Self.targetBounds.upperBound)])
            return
        }
        chooseTarget(TargetZone(zone: nil, range: range))
    }

    mutating func enterPlan(_ text: String) {
        guard var plan = TrainingPlanText.parse(text) else {
            say(.answer, .planNotUnderstood)
            return
        }
        if !text.contains("countdown") { plan.countdown = draftCountdown }
        choosePlan(plan)
    }

    mutating func toggleCountdown() {
        draftCountdown = !(draft.plan?.countdown ?? draftCountdown)
        draft.plan?.countdown = draftCountdown
        say(.answer, .planCountdownChanged, ["state": words.onOff(draftCountdown)])
    }

    mutating func toggleAutoPause() {
        let on = !autoPauseEnabled
        storing { store in try store.setSetting(Self.autoPauseSetting, to: on ? "on" : "off") }
        say(.answer, .autoPauseChanged, ["state": words.onOff(on)])
    }
}
