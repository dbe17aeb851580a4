import Foundation

/// Configure: the steps of a new or edited workout (sport, metrics, interval, distance readouts,
/// target zone, plan, ready), the last configuration, and plans from a coach's files listed above
/// the plan step. Starting the workout is the root's: the items ask for it.
enum ConfigureFeature: Feature {
    /// Any target range must lie inside these heart rates.
    static let targetBounds = 40...230
    /// The sentences said about a file's steps before the rest are counted in one.
    static let mostNotesSaid = 6

    /// The configuration step on screen and the draft travelling through the steps.
    struct State: Equatable, Sendable {
        var step: ConfigureStep
        var draft: Draft
    }

    enum Action: Sendable {
        case toggle(Metric)
        case chooseSport(Sport)
        case chooseInterval(ReadoutInterval)
        case chooseDistanceReadout(DistanceReadout?)
        case chooseTarget(TargetZone?)
        case choosePlan(TrainingPlan?)
        case toggleCountdown
        /// "Type a range" or "Type a plan": the next keys are a typed line.
        case typeValue
        /// A range typed on the target step.
        case enterTarget(String)
        /// A plan typed on the plan step.
        case enterPlan(String)
        /// "Plans from files" chosen on the plan step: the folder's first page read.
        case openPlanFiles
        /// A page of the plans folder as the edge read it, with how many files there are.
        case showPlanFiles([PlanFile], total: Int, page: Int, matching: String, PlanPageArrival)
        /// Next or previous page of the plans folder.
        case turnPlanPage(by: Int)
        /// Words typed on the plans folder's screen: the plans whose names have them.
        case searchPlanFiles(String)
        /// The listed file at this index chosen, on the plans folder's screen above the plan step.
        case choosePlanFile(Int)
        /// Back from the step on screen: the step before, with the draft as it is.
        case back
    }

    // MARK: - Items

    /// The items of one configuration step, Next last (the interval list ends at its tenth).
    static func items(_ step: ConfigureStep, _ draft: Draft, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        let configuration = draft.configuration
        switch step {
        case .sport:
            return Sport.allCases.map {
                MenuItem(label: words.sport($0), selected: configuration.sport == $0, action: .chooseSport($0))
            } + [MenuItem(label: words(.itemNext), action: .next)]
        case .distance:
            let unit = configuration.distanceReadout?.unit ?? environment.settings.units
            return [
                MenuItem(
                    label: words(.distanceReadoutNone), selected: configuration.distanceReadout == nil, action: .chooseDistanceReadout(nil))
            ]
                + DistanceReadout.steps.map { every in
                    let readout = DistanceReadout(every: every, unit: unit)
                    return MenuItem(
                        label: describe(readout, words), selected: configuration.distanceReadout == readout,
                        action: .chooseDistanceReadout(readout))
                } + [MenuItem(label: words(.itemNext), action: .next)]
        case .metrics:
            return Metric.offered(for: configuration.sport).map {
                MenuItem(label: words.metric($0, in: configuration.sport), state: words.onOff(configuration.isOn($0)), action: .toggle($0))
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
                    return MenuItem(
                        label: describe(target, words), selected: configuration.target?.zone == zone, action: .chooseTarget(target))
                }
                + [
                    MenuItem(
                        label: words(.targetTypeRange), state: configuration.target.flatMap { $0.zone == nil ? describe($0, words) : nil },
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

    /// The last configuration's items: start it, edit it, or make one when there is none.
    static func lastItems(_ last: WorkoutConfiguration?, _ environment: FeatureEnvironment) -> [MenuItem] {
        let words = environment.words
        guard let last else {
            return [
                MenuItem(label: words(.lastConfigure), action: .configureNew),
                MenuItem(label: words(.itemBack), action: .back),
            ]
        }
        return [
            MenuItem(label: words(.itemStart), action: .startWorkout(last)),
            MenuItem(label: words(.lastEdit), action: .edit(last)),
            MenuItem(label: words(.itemBack), action: .back),
        ]
    }

    /// The readable files, by name, with each plan's length.
    static func planFileItems(_ entries: [PlanFileEntry], _ environment: FeatureEnvironment) -> [MenuItem] {
        entries.indices.compactMap { index in
            guard case .success(let reading) = entries[index].reading, let plan = reading.plan else { return nil }
            return MenuItem(
                label: entries[index].name, state: environment.words(.coachLength, ["duration": environment.words.duration(plan.duration)]),
                action: .choosePlanFile(index))
        }
    }

    // MARK: - Words

    static func describe(_ target: TargetZone?, _ words: Words) -> String {
        guard let target else { return words(.valueNone) }
        if let zone = target.zone {
            return words(.targetZone, ["zone": String(zone), "low": String(target.range.low), "high": String(target.range.high)])
        }
        return words(.targetRange, ["low": String(target.range.low), "high": String(target.range.high)])
    }

    /// "Every 1 kilometre", "Every 0.5 miles", or "No distance readouts".
    static func describe(_ readout: DistanceReadout?, _ words: Words) -> String {
        guard let readout else { return words(.distanceReadoutNone) }
        return words(.distanceReadoutEvery, ["distance": words.distance(readout.metres, in: readout.unit)])
    }

    /// The plan read back one part a sentence, or said to be none.
    static func plan(_ plan: TrainingPlan?, kind: SpeechKind, _ words: Words) -> [FeatureStep] {
        guard let plan else { return [.say(kind, .planChosen, ["plan": words(.valueNone)])] }
        return words.planSentences(plan).map { .sayText(kind, $0) }
    }

    /// Each file that cannot be read, by its name and why; one read whole with no step to
    /// follow, with what became of its steps.
    static func unreadable(_ entries: [PlanFileEntry], _ words: Words) -> [FeatureStep] {
        entries.flatMap { entry -> [FeatureStep] in
            guard case .failure(let error) = entry.reading else { return [] }
            var steps: [FeatureStep] = [.sayText(.menu, words.coachFileError(entry.file, error))]
            steps += entry.notes.prefix(mostNotesSaid).map { .sayText(.menu, words.coachNote($0)) }
            if entry.notes.count > mostNotesSaid {
                let more = entry.notes.count - mostNotesSaid
                steps.append(.sayCount(.menu, more, one: .coachMoreNotesOne, other: .coachMoreNotesOther, words))
            }
            return steps
        }
    }

    // MARK: - Actions

    static func reduce(_ state: inout State, _ action: Action, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        switch action {
        case .toggle(let metric):
            state.draft.configuration.toggle(metric)
            return [
                .say(
                    .answer, .metricsChanged,
                    [
                        "metric": words.metric(metric, in: state.draft.configuration.sport),
                        "state": words.onOff(state.draft.configuration.isOn(metric)),
                    ])
            ]
        case .chooseSport(let sport):
            return choose(&state, { $0.configuration.choose(sport) }, said: .sportChosen, ["sport": words.sport(sport)])
        case .chooseDistanceReadout(let readout):
            return choose(
                &state, { $0.configuration.distanceReadout = readout }, said: .distanceReadoutChosen, ["choice": describe(readout, words)])
        case .chooseInterval(let interval):
            return choose(&state, { $0.configuration.interval = interval }, said: .intervalChosen, ["interval": words.interval(interval)])
        case .chooseTarget(let target):
            return choose(&state, { $0.configuration.target = target }, said: .targetChosen, ["target": describe(target, words)])
        case .choosePlan(let chosen):
            state.draft.configuration.plan = chosen
            return plan(chosen, kind: .answer, words) + advance(state)
        case .toggleCountdown:
            state.draft.countdown.toggle()
            state.draft.configuration.plan?.countdown = state.draft.countdown
            return [.say(.answer, .planCountdownChanged, ["state": words.onOff(state.draft.countdown)])]
        case .typeValue:
            return [.typeLine, .say(.answer, state.step == .zone ? .targetAsk : .planAsk)]
        case .enterTarget(let text):
            return enterTarget(text, &state, environment)
        case .enterPlan(let text):
            return enterPlan(text, &state, environment)
        case .openPlanFiles:
            return [readPlanFiles(page: 0, matching: "", .open)]
        case .showPlanFiles(let files, let total, let page, let matching, let arrival):
            return showPlanFiles(files, total: total, page: page, matching: matching, arrival, environment)
        case .turnPlanPage(let step):
            guard case .planFiles(let shown) = environment.screen else { return [] }
            let page = shown.page + step
            guard page >= 0 else { return [.say(.answer, .listStart)] }
            guard page * planPageSize < shown.total else { return [.say(.answer, .listEnd)] }
            return [readPlanFiles(page: page, matching: shown.matching, .replace)]
        case .searchPlanFiles(let text):
            let matching = String(text.prefix(40))
            return [readPlanFiles(page: 0, matching: matching, .replace)]
        case .choosePlanFile(let index):
            return choosePlanFile(index, &state, environment)
        case .back:
            return back(state, environment)
        }
    }

    /// Configuring is linear: back is the step before, with the draft as it is; from the first
    /// step, the screen below, and a configuration step below takes the draft with the user.
    private static func back(_ state: State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        if let previous = state.step.before(state.draft.configuration) { return [.replace(.configure(previous, state.draft))] }
        switch environment.below {
        case nil: return [.say(.answer, .backHome)]
        case .configure(let step, _)?: return [.leave(screens: 1, showing: false), .replace(.configure(step, state.draft))]
        case _?: return [.leave(screens: 1, showing: true)]
        }
    }

    /// Changes the draft as chosen, says so, and moves to the next step.
    private static func choose(
        _ state: inout State, _ change: (inout Draft) -> Void, said prompt: Prompt, _ values: [String: String]
    ) -> [FeatureStep] {
        change(&state.draft)
        return [.say(.answer, prompt, values)] + advance(state)
    }

    /// The step after the current one with the draft, saying where the user now is.
    private static func advance(_ state: State) -> [FeatureStep] {
        guard let following = state.step.after(state.draft.configuration) else { return [] }
        return [.replace(.configure(following, state.draft))]
    }

    /// A range typed on the target step: "140 to 160", "140-160", "140 160". One refused opens the
    /// typed line again, so the digits of the next try are not taken as a zone's number.
    private static func enterTarget(_ text: String, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 2 else {
            return [.say(.answer, .targetNotUnderstood, ["input": String(text.prefix(40))]), .typeLine, .say(.answer, .targetAgain)]
        }
        let range = HeartRateRange(low: numbers[0], high: numbers[1])
        guard targetBounds.contains(range.low), targetBounds.contains(range.high), range.high - range.low >= 4 else {
            return [
                .say(.answer, .targetOutOfRange, ["low": String(targetBounds.lowerBound), "high": String(targetBounds.upperBound)]),
                .typeLine, .say(.answer, .targetAgain),
            ]
        }
        // A range above the maximum heart rate can never be reached (typed the wrong way round,
        // "200 to 100" is still 100 to 200): said, and asked again.
        let maximum = HeartRateZones(profile: environment.profile).maximum
        guard range.high <= maximum else {
            return [
                .say(.answer, .targetAboveMaximum, ["high": String(range.high), "maximum": String(maximum)]),
                .typeLine, .say(.answer, .targetAgain),
            ]
        }
        return reduce(&state, .chooseTarget(TargetZone(zone: nil, range: range)), environment)
    }

    /// A plan typed on the plan step: taken whole, or refused naming the words and asked again,
    /// with the way back; nothing of a refused plan is kept.
    private static func enterPlan(_ text: String, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        var plan: TrainingPlan
        do {
            plan = try TrainingPlanText.read(environment.words.englishPlan(text))
        } catch {
            return [.sayText(.answer, environment.words.planError(error)), .typeLine, .say(.answer, .planAgain)]
        }
        if !text.lowercased().contains("countdown") { plan.countdown = state.draft.countdown }
        return reduce(&state, .choosePlan(plan), environment)
    }

    /// The plans folder's files on a page.
    static var planPageSize: Int { Heartline.pageSize }

    private static func readPlanFiles(page: Int, matching: String, _ arrival: PlanPageArrival) -> FeatureStep {
        let query = StorageQuery.planFiles(offset: page * planPageSize, limit: planPageSize, matching: matching)
        return .emit(.load(StorageRequest(query: query, purpose: .planFiles(page: page, matching: matching, arrival))))
    }

    /// A page read: entered above the plan step, or in the place of the page shown. A folder
    /// that shrank meanwhile is read again at its last page; a search that found nothing is
    /// said, and the page shown stays.
    private static func showPlanFiles(
        _ files: [PlanFile], total: Int, page: Int, matching: String, _ arrival: PlanPageArrival, _ environment: FeatureEnvironment
    ) -> [FeatureStep] {
        switch (arrival, environment.screen) {
        case (.open, .configure(.plan, _)), (.replace, .planFiles): break
        default: return []  // The user moved on before the answer came.
        }
        guard total > 0 else {
            guard !matching.isEmpty else { return [.say(.answer, .coachNone)] }
            return [.say(.answer, .coachNoMatch, ["words": matching])]
        }
        let last = (total - 1) / planPageSize
        guard page <= last else { return [readPlanFiles(page: last, matching: matching, arrival)] }
        let shown = PlanFilePage(
            page: page, total: total, matching: matching, entries: files.map { PlanFileEntry($0, profile: environment.profile) })
        return arrival == .open ? [.push(.planFiles(shown))] : [.replace(.planFiles(shown))]
    }

    /// The page's title, its place in the folder, each file that cannot be read, then (by the
    /// screen's items) the plans; "Type next for more." when a page follows.
    static func presentPlanFiles(_ shown: PlanFilePage, title: String, _ words: Words) -> [FeatureStep] {
        // Each page's items are numbered from 1, as a menu's are: the page is said, not a range
        // of numbers its items do not carry.
        let count = words.counted(shown.total, one: .stickPlanFileOne, other: .stickPlanFileOther)
        let pages = (shown.total + planPageSize - 1) / planPageSize
        let place = ["page": words.number(shown.page + 1), "pages": words.number(pages), "count": count]
        var steps: [FeatureStep] = [.say(.menu, .menuTitle, ["title": title])]
        if shown.total <= planPageSize {
            steps.append(.say(.menu, shown.matching.isEmpty ? .coachFiles : .coachFound, ["count": count]))
        } else {
            steps.append(.say(.menu, shown.matching.isEmpty ? .coachPage : .coachPageMatching, place))
        }
        return steps + unreadable(shown.entries, words)
    }

    /// The page's title: the folder's, or the search's with its words.
    static func planFilesTitle(_ shown: PlanFilePage, _ words: Words) -> String {
        shown.matching.isEmpty ? words(.coachTitle) : words(.coachTitleMatching, ["words": shown.matching])
    }

    /// A listed file chosen: back on the plan step, its name, what became of its steps, then the
    /// plan read back and taken, with the countdown as set there. `state` is the plan step's,
    /// below the plans folder's screen.
    private static func choosePlanFile(_ index: Int, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureStep] {
        let words = environment.words
        guard case .planFiles(let shown) = environment.screen, case let entries = shown.entries, entries.indices.contains(index),
            case .success(let reading) = entries[index].reading, var plan = reading.plan
        else { return [] }
        guard state.step == .plan else { return [.leave(screens: 1, showing: false)] }
        plan.countdown = state.draft.countdown
        var steps: [FeatureStep] = [.leave(screens: 1, showing: false), .say(.answer, .coachChosen, ["name": entries[index].name])]
        steps += reading.notes.prefix(mostNotesSaid).map { .sayText(.answer, words.coachNote($0)) }
        if reading.notes.count > mostNotesSaid {
            steps.append(
                .sayCount(.answer, reading.notes.count - mostNotesSaid, one: .coachMoreNotesOne, other: .coachMoreNotesOther, words))
        }
        if !plan.messages.isEmpty {
            let count = words.counted(plan.messages.count, one: .coachMessageOne, other: .coachMessageOther)
            steps.append(.say(.answer, .coachMessages, ["count": count]))
        }
        return steps + reduce(&state, .choosePlan(plan), environment)
    }
}
