import Foundation

extension Heartline {
    /// Words that mean the same on every screen.
    static let globalCommands = ["help", "where", "repeat", "back", "home", "quit", "next", "previous", "events", "check"]
    static let workoutCommands = [
        "time", "heart rate", "calories", "average heart rate", "all metrics", "pause", "resume",
        "pause or resume", "end", "battery", "zone", "plan", "events",
    ]

    mutating func command(_ raw: String) {
        if raw.unicodeScalars.contains("\u{FFFD}") {
            say(.answer, .inputUnreadable)
            return
        }
        if raw.count > Self.longestLine {
            say(.answer, .inputTooLong)
            return
        }
        let text = CommandText.normalize(raw)
        if text.isEmpty {
            say(.answer, .whereYouAre, ["title": title(of: screen)])
            return
        }
        if screen.isConfirmation {
            confirmation(text)
            return
        }
        switch text {
        case "help", "?": help(); return
        case "where", "where am i": say(.answer, .whereYouAre, ["title": title(of: screen)]); return
        case "repeat", "say again": repeatLast(); return
        case "events", "announcements": speakEvents(); return
        case "check", "self check": emit(.runSelfCheck); return
        case "quit", "exit", "bye": quit(); return
        default: break
        }
        if case .workout = screen {
            workoutCommand(text)
            return
        }
        switch text {
        case "back": back()
        case "home": home()
        case "next", "more": next()
        case "previous": previous()
        default:
            if case .entry(let field) = screen {
                enterProfileValue(text, for: field)
            } else if case .speechEntry(let setting) = screen {
                enterSpeechValue(text, for: setting)
            } else if case .dateEntry = screen {
                enterDate(text)
            } else if screen == .target, Int(text) == nil, !menuItems().contains(where: { CommandText.matches(text, label: $0.label) }) {
                enterTarget(text)
            } else if screen == .plan, Int(text) == nil, !menuItems().contains(where: { CommandText.matches(text, label: $0.label) }) {
                enterPlan(text)
            } else if screen == .summary, text == "save" {
                perform(.saveWorkout)
            } else if let number = Int(text) {
                choose(number: number)
            } else if text.allSatisfy(\.isASCIIDigit) {
                // Too many digits for a number: no such item either.
                say(.answer, .itemNone, ["number": String(text.prefix(20)), "count": words.number(itemCount)])
            } else if let item = menuItems().first(where: { CommandText.matches(text, label: $0.label) }) {
                perform(item.action)
            } else {
                unknown(text, vocabulary: Self.globalCommands + menuItems().map { CommandText.normalize($0.label) })
            }
        }
    }

    mutating func unknown(_ text: String, vocabulary: [String]) {
        let shown = String(text.prefix(40))
        if let suggestion = CommandText.suggestion(for: text, among: vocabulary) {
            say(.answer, .unknownSuggest, ["input": shown, "suggestion": suggestion])
        } else {
            say(.answer, .unknown, ["input": shown])
        }
    }

    mutating func repeatLast() {
        guard !lastResponse.isEmpty else {
            say(.answer, .repeatNothing)
            return
        }
        for utterance in lastResponse {
            say(.answer, text: utterance.text)
        }
    }

    mutating func back() {
        if screen == .summary {
            say(.answer, .summaryFirst)
        } else {
            goBack()
        }
    }

    mutating func home() {
        if screen == .summary {
            say(.answer, .summaryFirst)
        } else {
            goHome()
        }
    }

    mutating func next() {
        switch screen {
        case .metrics: push(.interval)
        case .interval: startWorkout(draft)
        case .allWorkouts, .dateList, .metricList: turnPage(by: 1)
        default: say(.answer, .nextNone)
        }
    }

    mutating func previous() {
        if screen.isList {
            turnPage(by: -1)
        } else {
            goBack()
        }
    }

    mutating func quit() {
        switch screen {
        case .workout:
            quitAfterSummary = true
            stack.append(.confirmEnd(quitting: true))
            say(.answer, .confirmEndBeforeQuit)
        case .summary:
            say(.answer, .summaryFirst)
        default:
            say(.answer, .quitBye)
            storing { store in try store.flush() }
            emit(.quit)
        }
    }

    /// How many items the current screen offers to choose from.
    var itemCount: Int {
        screen.isList ? listCount() : menuItems().count
    }

    mutating func choose(number: Int) {
        if screen.isList {
            chooseListItem(number)
            return
        }
        let items = menuItems()
        guard !items.isEmpty else {
            unknown(String(number), vocabulary: [])
            return
        }
        guard (1...items.count).contains(number) else {
            say(.answer, .itemNone, ["number": String(number), "count": String(items.count)])
            return
        }
        perform(items[number - 1].action)
    }

    mutating func perform(_ action: MenuAction) {
        switch action {
        case .open(let next):
            if next == .metrics { draft = WorkoutConfiguration() }
            push(next)
        case .toggle(let metric):
            draft.toggle(metric)
            say(.answer, .metricsChanged, ["metric": words.metric(metric), "state": words.onOff(draft.isOn(metric))])
        case .chooseInterval(let interval):
            draft.interval = interval
            say(.answer, .intervalChosen, ["interval": words.interval(interval)])
        case .startWorkout(let configuration):
            startWorkout(configuration)
        case .editLast:
            push(.metrics)
        case .configureNew:
            draft = WorkoutConfiguration()
            push(.metrics)
        case .back:
            goBack()
        case .next:
            next()
        case .saveWorkout:
            saveEndedWorkout()
        case .openProfileField(let field):
            push(.entry(field))
        case .chooseTarget(let target):
            chooseTarget(target)
        case .choosePlan(let plan):
            choosePlan(plan)
        case .toggleCountdown:
            toggleCountdown()
        case .toggleAutoPause:
            toggleAutoPause()
        case .resumeUnfinished(let id):
            resumeUnfinished(id)
        case .saveUnfinished(let id):
            saveUnfinished(id)
        case .findSensors:
            findSensors()
        case .forgetSensor:
            forgetSensor()
        case .chooseSensor(let found):
            chooseSensor(found)
        case .cycleKeyEcho:
            cycleKeyEcho()
        case .export(let id, let format):
            emit(.exportWorkout(id, format))
        }
    }

    mutating func confirmation(_ text: String) {
        let answer: Bool?
        switch text {
        case "yes", "y", "1", "ok", "definitely": answer = true
        case "no", "n", "2", "cancel", "back": answer = false
        default: answer = nil
        }
        guard let answer else {
            say(.answer, .confirmYesOrNo)
            return
        }
        switch screen {
        case .confirmEnd: answer ? endWorkout() : keepWorkout()
        case .confirmDeleteEnded: answer ? deleteEndedWorkout() : keepEndedWorkout()
        case .confirmDeleteSaved(let id): answer ? deleteSavedWorkout(id) : keepSavedWorkout()
        case .confirmDiscard(let id): answer ? discardUnfinished(id) : goBack()
        default: break
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
