import Foundation

extension Heartline {
    // MARK: - Single keys

    /// Whether a key pressed on an empty line acts at once (sent back as `Input.key`) rather
    /// than starting a typed line. On the workout screen and on a question every key acts or is
    /// answered; on a menu every digit does; elsewhere keys are typing.
    public func takesKey(_ key: Character) -> Bool {
        if conversation.keyboard.typingLine { return false }
        if conversation.keyboard.describingKeys { return true }
        switch page(of: screen).role {
        case .workout, .question: return true
        case .menu: return key.isASCIIDigit
        case .typing: return false
        }
    }

    /// Whether the key-describe mode waits for a key: the terminal hands the core that key,
    /// Tab and the keypad's slash included.
    public var describingKeys: Bool { conversation.keyboard.describingKeys }

    mutating func pressed(_ key: Character) {
        if conversation.keyboard.describingKeys {
            describe(key)
            return
        }
        switch screen {
        case .workout:
            if let command = workoutCommand(key: key) {
                perform(command)
            } else {
                say(.answer, .keyDoesNothing, ["key": words.characterName(key)])
            }
        case .question: questions(.key(key))
        default:
            if let digit = key.wholeNumberValue, key.isASCIIDigit {
                let onPage = digit == 0 ? 10 : digit
                if case .list(_, let page) = screen {
                    // A key chooses among the items of the page read (0 its tenth); a typed
                    // number is any item's.
                    choose(number: page.page * Self.pageSize + onPage)
                } else {
                    choose(number: onPage)
                }
            } else {
                say(.answer, .keyDoesNothing, ["key": words.characterName(key)])
            }
        }
    }

    /// A key that prints nothing: in the key-describe mode it is described; on a question the
    /// question is asked again; elsewhere it says that it does nothing here. It is no answer,
    /// so repeat still says the one before it.
    mutating func pressed(named key: NamedKey) {
        let name = words.keyName(key)
        if conversation.keyboard.describingKeys {
            conversation.keyboard.describingKeys = false
            // F1, F5 and F6 are the terminal's own keys on every screen.
            let own: [NamedKey: Command] = [.function(1): .keysHelp, .function(5): .repeatLast, .function(6): .spell]
            if let command = own[key] { return say(.answer, .keyDescribed, ["key": name, "action": words.name(of: command)]) }
            if let turn = pageTurn(key) { return say(.answer, .keyDescribed, ["key": name, "action": words.name(of: turn)]) }
            switch key {
            case .up, .down: say(.answer, .keyDescribed, ["key": name, "action": words(.keyActionRecall)])
            case .left, .right, .home, .end, .delete, .backspace:
                say(.answer, .keyDescribed, ["key": name, "action": words(.keyActionEdit)])
            case .function, .insert, .pageUp, .pageDown, .unknown: say(.answer, .keyDoesNothing, ["key": name])
            }
            return
        }
        if case .question = screen { return questions(.command(nil)) }
        if let turn = pageTurn(key) { return perform(turn) }
        say(.answer, .keyDoesNothing, ["key": name])
        conversation.keepLastResponse = true
    }

    /// On a list read a page at a time (the saved workouts, the plans folder), Page Down is
    /// next and Page Up previous; elsewhere they do nothing.
    private func pageTurn(_ key: NamedKey) -> Command? {
        switch (key, screen) {
        case (.pageDown, .list), (.pageDown, .planFiles): .next
        case (.pageUp, .list), (.pageUp, .planFiles): .previous
        default: nil
        }
    }

    /// The sport of the workout being recorded.
    var workoutSport: Sport { training.workout?.engine.configuration.sport ?? .other }

    /// What a key does on the workout screen: a key bound in the configuration, else its own.
    /// A capital letter with nothing of its own is its small letter: Caps Lock changes nothing.
    func workoutCommand(key: Character) -> Command? {
        if let command = conversation.keyboard.bindings[key] ?? Vocabulary.command(key: key, sport: workoutSport) { return command }
        let small = Character(key.lowercased())
        guard key.isUppercase, small != key else { return nil }
        return conversation.keyboard.bindings[small] ?? Vocabulary.command(key: small, sport: workoutSport)
    }

    /// Key-describe mode: says what `key` does here without doing it, and leaves the mode: one
    /// key is described, so nothing of the workout waits on the mode.
    private mutating func describe(_ key: Character) {
        conversation.keyboard.describingKeys = false
        let name = key == "\r" ? words(.characterEnter) : words.characterName(key)
        if key == "\t" {
            // Tab completes on every screen: it is the terminal's, said here without completing.
            return say(.answer, .keyDescribed, ["key": name, "action": words(.keyActionComplete)])
        }
        switch screen {
        case .workout where key == "/" && workoutCommand(key: key) == nil:
            // The keypad's slash stops speech, a key of the terminal's own.
            say(.answer, .keyDescribed, ["key": name, "action": words(.keyActionStopSpeech)])
        case .workout:
            if let command = key == "\r" ? .whereAmI : workoutCommand(key: key) {
                say(.answer, .keyDescribed, ["key": name, "action": words.name(of: command)])
            } else {
                say(.answer, .keyDoesNothing, ["key": name])
            }
        case .question:
            say(.answer, .keysDescribeQuestion)
        default:
            let items = menuItems()
            if let digit = key.wholeNumberValue, key.isASCIIDigit, items.indices.contains((digit == 0 ? 10 : digit) - 1) {
                say(.answer, .keyDescribed, ["key": name, "action": items[(digit == 0 ? 10 : digit) - 1].label])
            } else if key == "\r" {
                say(.answer, .keyDescribed, ["key": name, "action": words.name(of: .whereAmI)])
            } else if key.isASCIIDigit, takesKey(key) {
                // A digit on a menu acts at once: past the last item it chooses nothing.
                say(.answer, .keyNoItem, ["key": name, "count": words.number(items.count)])
            } else {
                say(.answer, .keyTypes, ["key": name])
            }
        }
    }

    /// Escape: it cancels the key-describe mode or a typed line, and is answered everywhere,
    /// so it is never mistaken for a key that did nothing. On a question the question is asked
    /// again, as it still waits for an answer.
    /// - Parameter droppedLine: the terminal dropped a line the user was typing.
    mutating func escape(droppedLine: Bool) {
        if conversation.keyboard.describingKeys {
            conversation.keyboard.describingKeys = false
            say(.answer, .keysDescribeOff)
        } else if conversation.keyboard.typingLine || droppedLine {
            conversation.keyboard.typingLine = false
            say(.answer, .lineCancelled)
        } else if case .question = screen {
            questions(.escape)
        } else {
            say(.answer, .nothingToCancel)
            // A stray Escape is no answer: repeat still says the one before it.
            conversation.keepLastResponse = true
        }
    }

    mutating func refuseLongLine() {
        conversation.keyboard.typingLine = false
        say(.answer, .inputTooLong)
    }

    // MARK: - Typed lines

    mutating func command(_ raw: String) {
        let typedValueAwaited: Bool
        if conversation.keyboard.typingLine, case .configure(let step, _) = screen, step == .zone || step == .plan {
            typedValueAwaited = true
        } else {
            typedValueAwaited = false
        }
        conversation.keyboard.typingLine = false
        if raw.unicodeScalars.contains("\u{FFFD}") {
            say(.answer, .inputUnreadable)
            return
        }
        if raw.count > Self.longestLine {
            refuseLongLine()
            return
        }
        let text = CommandText.normalize(raw)
        let key = raw.trimmingCharacters(in: .whitespaces)
        if conversation.keyboard.describingKeys, key.count <= 1 {
            // Piped, a key is a line of one character, and Enter an empty line: described alike.
            describe(key.first ?? "\r")
            return
        }
        // Any other line is a command typed on purpose: the mode that waited for a key ends.
        conversation.keyboard.describingKeys = false
        if typedValueAwaited, text.isEmpty || words.command(words: text) == .whereAmI {
            // Asking where does not give up the range or plan being typed: it is still awaited.
            conversation.keyboard.typingLine = true
            whereAmI()
            return
        }
        if text.isEmpty {
            // Enter on an empty line is where; on a question it is yes, the keypad's Enter.
            if case .question(let question) = screen { answer(question, yes: true) } else { whereAmI() }
            return
        }
        if case .question = screen {
            let typed = words.command(words: text)
            if let typed, [.help, .whereAmI, .repeatLast].contains(typed) { perform(typed) } else { questions(.command(typed)) }
            return
        }
        if case .workout = screen {
            // A single key typed with Enter means what the key means on its own.
            let command = text.count == 1 ? workoutCommand(key: text.first!) : words.command(words: text)
            if let command, command != .typeLine {
                perform(command)
            } else if let typed = WorkoutFeature.typed(text, onWorkout: true, words) {
                workout(.typed(typed))
            } else {
                unknown(text, vocabulary: Vocabulary.workout.flatMap(words.ownNames(of:)))
            }
            return
        }
        if let command = words.command(words: text), Vocabulary.everywhere.contains(command) || command == .describeKeys {
            perform(command)
            return
        }
        screenCommand(text)
    }

    /// The item `text` names: the one it is word for word, else the first it matches.
    private func namedItem(_ text: String) -> MenuItem? {
        let items = menuItems()
        return items.first { CommandText.names(text, label: $0.label, ones: words.ones) }
            ?? items.first { CommandText.matches(text, label: $0.label, ones: words.ones) }
    }

    /// The item of Settings, Recording and saving that `text` names, as `namedItem` finds one.
    private func recordingItem(_ text: String) -> MenuItem? {
        let items = SettingsFeature.recordingItems(environment)
        return items.first { CommandText.names(text, label: $0.label, ones: words.ones) }
            ?? items.first { CommandText.matches(text, label: $0.label, ones: words.ones) }
    }

    /// A typed line that is no command of the vocabulary: a value, an item's number or name.
    private mutating func screenCommand(_ text: String) {
        switch screen {
        case .entry(let field):
            profile(.enter(text, field))
            return
        case .speechEntry(let setting):
            speechSettings(.enter(text, setting))
            return
        case .calibrationEntry(let workout): return sensorSettings(.enterCalibration(text, workout))
        case .machineEntry(let setting): return sensorSettings(.enterMachineValue(text, setting))
        case .dateEntry:
            review(.enterDate(text))
            return
        case .home where CommandText.matches(text, label: words(.itemStart)):
            // "start workout" from home: the last configuration, or how to make one.
            guard let last = records.lastConfiguration else { return say(.answer, .homeStartNone) }
            say(.answer, .homeStartLast)
            startWorkout(last)
            return
        case .configure(let step, let draft):
            if CommandText.matches(text, label: words(.itemStart)) {
                // "start workout" is explicit on every step of the configuration.
                startWorkout(draft.configuration)
                return
            }
            if step == .zone, text.first?.isASCIIDigit == true, Int(text) == nil {
                configure(.enterTarget(text))
                return
            }
            if step == .plan, Int(text) == nil,
                !menuItems().contains(where: { CommandText.matches(text, label: $0.label, ones: words.ones) })
            {
                configure(.enterPlan(text))
                return
            }
        default:
            break
        }
        if let number = Int(text) {
            // 0 is the tenth, typed as when pressed alone (the digit keys go 1 to 9, then 0).
            choose(number: text == "0" && itemCount >= 10 ? 10 : number)
        } else if text.allSatisfy(\.isASCIIDigit) {
            // Too many digits for a number: no such item either.
            sayNoItem(String(text.prefix(20)), count: itemCount)
        } else if let item = namedItem(text) {
            perform(item.action)
        } else if case .settings = screen, let item = recordingItem(text) {
            // What Recording and saving groups can still be typed by name on Settings.
            perform(item.action)
        } else if let command = words.command(words: text) {
            // A workout word, or yes and no, on a screen where they do nothing: said where they work.
            perform(command)
        } else if let typed = WorkoutFeature.typed(text, onWorkout: false, words) {
            workout(.typed(typed))
        } else if case .planFiles = screen {
            // Words that name no item nor command look for plans by their names.
            configure(.searchPlanFiles(text))
        } else {
            let vocabulary =
                Vocabulary.everywhere.flatMap(words.ownNames(of:)) + menuItems().map { CommandText.normalize($0.label) }
            unknown(text, vocabulary: vocabulary)
        }
    }

    /// A typed value the field refuses: the reason, then the field's question again and the way
    /// back, so the next line is not taken for a menu's while the field still waits.
    mutating func refuseValue(_ reason: Prompt, _ values: [String: String] = [:]) {
        say(.answer, reason, values)
        // A value not understood is answered with what to type: that is the question again.
        let asked: Set<Prompt> = [.profileNotUnderstood, .calibrateNotUnderstood, .dateNotUnderstood]
        switch screen {
        case _ where asked.contains(reason): break
        case .entry(let field): say(.answer, question(for: field))
        case .speechEntry(let setting):
            let (prompt, values) = question(for: setting)
            say(.answer, prompt, values)
        case .calibrationEntry(let workout): say(.answer, workout == nil ? .calibrationAsk : .calibrateAsk)
        case .machineEntry(let setting):
            let (prompt, values) = question(for: setting)
            say(.answer, prompt, values)
        case .dateEntry: say(.answer, .dateAsk)
        default: return
        }
        say(.answer, .entryWayBack)
    }

    mutating func unknown(_ text: String, vocabulary: [String]) {
        let shown = String(text.prefix(40))
        if let suggestion = CommandText.suggestion(for: text, among: vocabulary) {
            say(.answer, .unknownSuggest, ["input": shown, "suggestion": suggestion])
        } else {
            say(.answer, .unknown, ["input": shown])
        }
    }

    // MARK: - Commands

    /// Carries out a command of the vocabulary on the current screen.
    mutating func perform(_ command: Command) {
        switch command {
        case .help: help()
        case .whereAmI: whereAmI()
        case .repeatLast: repeatLast()
        case .spell: spellLast()
        case .keysHelp:
            say(.answer, .keysHelp1)
            say(.answer, .keysHelp2)
        case .describeKeys:
            conversation.keyboard.describingKeys = true
            say(.answer, .keysDescribeOn)
        case .events: workout(.events)
        case .check: emit(.runSelfCheck)
        case .quit: quit()
        case .back, .home, .next, .previous:
            if case .question = screen {
                questions(.command(command))
            } else if case .workout = screen {
                say(.answer, .homeBusy)
            } else if case .summary = screen, command != .next {
                // Back, home and previous would all leave the unsaved workout behind.
                ended(.leave)
            } else {
                if case .unfinished = screen, command == .back || command == .home {
                    // Leaving the offer is no answer to it: the workout's fate is said.
                    say(.answer, .unfinishedKept)
                }
                switch command {
                case .back: goBack()
                case .home: goHome()
                case .next: next()
                default: previous()
                }
            }
        case .typeLine:
            if case .workout = screen {
                conversation.keyboard.typingLine = true
                say(.answer, .lineOpen)
            } else {
                say(.answer, .keyTypes, ["key": words.characterName(":")])
            }
        case .yes, .no:
            if case .question = screen {
                questions(.command(command))
            } else {
                say(.answer, .noQuestion)
            }
        case .workout(let action): workout(.command(action))
        }
    }

    /// "where": the screen's name, and what is pending: a question, a resting check and its time
    /// left, a pause and why, a strap not there, a typed value awaited.
    mutating func whereAmI() {
        if case .question(let question) = screen {
            say(.answer, .whereYouAre, ["title": title(of: screen)])
            ask(question, again: true)
            return
        }
        say(.answer, .whereYouAre, ["title": title(of: screen)])
        resting(.whereAmI)
        workout(.whereAmI)
        guard conversation.keyboard.typingLine else { return }
        // The typed line waits for what the screen asked for.
        switch screen {
        case .configure(.zone, _): say(.answer, .targetAsk)
        case .configure(.plan, _): say(.answer, .planAsk)
        default: say(.answer, .lineOpen)
        }
    }

    /// Says the last response again; on a question, asks it again.
    mutating func repeatLast() {
        if case .question(let question) = screen {
            ask(question, again: true)
            return
        }
        guard !conversation.lastResponse.isEmpty else {
            say(.answer, .repeatNothing)
            return
        }
        for utterance in conversation.lastResponse {
            say(.answer, text: utterance.text)
        }
    }

    /// Spells the last sentence said, word by word.
    mutating func spellLast() {
        let spelled = words.spelling(of: conversation.lastResponse.last?.text ?? "")
        guard !spelled.isEmpty else {
            say(.answer, .repeatNothing)
            return
        }
        for word in spelled { say(.answer, text: word) }
        // Spelling is no answer to repeat: the sentence stays the one to hear again.
        conversation.keepLastResponse = true
    }

    mutating func next() {
        switch screen {
        case .configure(let step, let draft):
            if let following = step.after(draft.configuration) {
                replace(with: .configure(following, draft))
            } else {
                say(.answer, .nextStart)
            }
        case .list: review(.turnPage(by: 1))
        case .planFiles: configure(.turnPlanPage(by: 1))
        default:
            say(.answer, .nextNone)
        }
    }

    mutating func previous() {
        switch screen {
        case .list: review(.turnPage(by: -1))
        case .planFiles: configure(.turnPlanPage(by: -1))
        default: goBack()
        }
    }

    mutating func quit() {
        switch screen {
        case .workout:
            stack.append(.question(.endWorkout(quitting: true)))
            ask(.endWorkout(quitting: true), again: false)
        case .summary: ended(.quit)
        default:
            stopRestingCheck()
            leave(from: stack)
        }
    }

    /// Leaves Heartline; with workout seconds held in memory for disk space, asks first, over
    /// the screens in `stack` (where no takes the user back).
    mutating func leave(from stack: [Screen]) {
        write(.flush)
        read(.unwritten, for: .leave(stack))
    }

    /// Leaves, or asks first when `unwritten` holds workout seconds in memory.
    mutating func leave(from stack: [Screen], unwritten: [Int64: UnwrittenWork]) {
        let unwritten = unwritten.values.reduce(0) { $0 + max($1.seconds, $1.isEmpty ? 0 : 1) }
        guard unwritten == 0 else {
            self.stack = stack + [.question(.quitUnwritten(seconds: unwritten))]
            ask(.quitUnwritten(seconds: unwritten), again: false)
            return
        }
        say(.answer, .quitBye)
        emit(.quit)
    }

    /// How many items the current screen offers to choose from.
    var itemCount: Int {
        if case .list(_, let page) = screen { return page.total }
        return menuItems().count
    }

    mutating func choose(number: Int) {
        if case .list = screen {
            review(.choose(number))
            return
        }
        let items = menuItems()
        guard !items.isEmpty else {
            unknown(String(number), vocabulary: [])
            return
        }
        guard (1...items.count).contains(number) else {
            sayNoItem(String(number), count: items.count)
            return
        }
        perform(items[number - 1].action)
    }

    /// "There is no item 12.", with the numbers there are: "Choose 1 to 5.", or with one item
    /// "Item 1 is the only one." (never "Choose 1 to 1.").
    mutating func sayNoItem(_ number: String, count: Int) {
        carryOut(FeatureStep.noItem(number, count: count, words))
    }

    mutating func perform(_ action: MenuAction) {
        switch action {
        case .open(let next): push(next)
        case .toggle(let metric): configure(.toggle(metric))
        case .chooseInterval(let interval): configure(.chooseInterval(interval))
        case .chooseSport(let sport): configure(.chooseSport(sport))
        case .chooseDistanceReadout(let readout): configure(.chooseDistanceReadout(readout))
        case .startWorkout(let configuration): startWorkout(configuration)
        case .edit(let configuration): push(.configure(.sport, Draft(configuration, profile: records.profile)))
        case .configureNew: push(.configure(.sport, Draft(profile: records.profile)))
        case .openLast: push(.last(records.lastConfiguration))
        case .openList(let kind): review(.openList(kind))
        case .openAverages(let metric): review(.openAverages(metric))
        case .openProfile: push(.profile(records.profile))
        case .back: goBack()
        case .next: next()
        case .saveWorkout: ended(.save)
        case .openProfileField(let field): push(.entry(field))
        case .chooseTarget(let target): configure(.chooseTarget(target))
        case .choosePlan(let plan): configure(.choosePlan(plan))
        case .openPlanFiles: configure(.openPlanFiles)
        case .choosePlanFile(let index): configure(.choosePlanFile(index))
        case .toggleCountdown: configure(.toggleCountdown)
        case .typeValue: configure(.typeValue)
        case .toggleAutoPause: settingsMenu(.toggleAutoPause)
        case .cycleAutoExport: settingsMenu(.cycleAutoExport)
        case .toggleCaptions: speechSettings(.toggleCaptions)
        case .resumeUnfinished(let summary): unfinished(.resume(summary))
        case .saveUnfinished(let summary): unfinished(.save(summary))
        case .ask(let question):
            stack.append(.question(question))
            ask(question, again: false)
        case .findSensors: sensorSettings(.find)
        case .forgetSensor: sensorSettings(.forget)
        case .chooseSensor(let found): sensorSettings(.choose(found))
        case .cycleKeyEcho: speechSettings(.cycleKeyEcho)
        case .export(let id, let format): emit(.exportWorkout(id, format))
        case .upload(let id): emit(.upload(id))
        case .saveAndUpload: ended(.saveAndUpload)
        case .toggleUpload: settingsMenu(.toggleUpload)
        case .timeInZones(let id): review(.timeInZones(id))
        case .laps(let workout): review(.laps(workout))
        case .openZoneChoice(let forAverages): review(.openZoneChoice(forAverages: forAverages))
        case .startRestingCheck: resting(.start)
        case .cycleRestingCheckLength: resting(.cycleLength)
        case .cycleUnits: settingsMenu(.cycleUnits)
        case .cycleLanguage: settingsMenu(.cycleLanguage)
        case .findMotionSensors: sensorSettings(.findMotion)
        case .forgetMotionSensor(let kind): sensorSettings(.forgetMotion(kind))
        case .findHeadsets: headset(.find)
        case .forgetHeadset: headset(.forget)
        case .toggleHeadsetFallback: headset(.toggleFallback)
        case .chooseHeadset(let found): headset(.choose(found))
        case .stick(let command): stick(.command(command))
        case .setUp(let action): setUp(action)
        }
    }

    // MARK: - Questions

    /// Asks `question`, the one on screen; asked again, it also says what yes will do.
    mutating func ask(_ question: Question, again: Bool) {
        var asked = question
        carryOut(QuestionsFeature.reduce(&asked, .ask(again: again), environment))
    }

    /// Hands the answer to what the question is about.
    mutating func answer(_ question: Question, yes: Bool) {
        switch question {
        case .endWorkout(let quitting): yes ? endWorkout(quitting: quitting) : keepWorkout()
        case .deleteEnded(let summary, let quitting): ended(.deleteAnswered(summary, quitting: quitting, yes: yes))
        case .deleteSaved(let summary): review(.deleteAnswered(summary, yes: yes))
        case .discardUnfinished(let summary): unfinished(.discardAnswered(summary, yes: yes))
        case .keepSpeech(let trial): speechSettings(.answered(trial, keep: yes))
        case .quitUnwritten, .powerOff: questions(.answered(yes: yes))
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
