import Foundation

extension Heartline {
    /// What `screen` is: its name, how it takes keys and lines, its help and its items.
    ///
    /// The one switch that lists every screen: a new screen is described here, and keys,
    /// typed lines, completion, "where" and help follow from it.
    func page(of screen: Screen) -> ScreenPage {
        switch screen {
        case .home:
            ScreenPage(
                words(.titleHome), .menu, help: .helpHome, .helpHomeLast, .helpHomeResting,
                items: StickFeature.homeItems(stick, environment))
        case .configure(let step, let draft):
            ScreenPage(
                words(configurePrompts(step).title), .menu, help: configurePrompts(step).help,
                items: ConfigureFeature.items(step, draft, environment))
        case .workout: ScreenPage(words(.titleWorkout), .workout, items: WorkoutFeature.items(environment))
        case .question(let question): ScreenPage(words(QuestionsFeature.title(question)), .question)
        case .summary(let summary, let quitting):
            ScreenPage(
                words(.titleSummary), .menu, help: .helpSummary, .helpSummaryItems, .helpTimeInZones,
                items: SummaryFeature.items(summary, quitting: quitting, environment))
        case .last(let last):
            ScreenPage(
                words(.titleLast), .menu, help: .helpLast, last == nil ? .helpLastNone : .helpLastItems,
                items: ConfigureFeature.lastItems(last, environment))
        case .review:
            ScreenPage(
                words(.titleReview), .menu, help: .helpReview, .helpReviewLists, .helpReviewAverages,
                items: ReviewFeature.items(environment))
        case .list(let kind, _): ScreenPage(ReviewFeature.listTitle(kind, environment), .typing, help: .helpList)
        case .dateEntry: ScreenPage(words(.titleDate), .typing, help: .helpDate)
        case .metricChoice:
            ScreenPage(words(.titleMetric), .menu, help: .helpMetric, .helpMetricZone, items: ReviewFeature.metricChoiceItems(environment))
        case .averagesChoice:
            ScreenPage(
                words(.titleAverages), .menu, help: .helpAverages, .helpAveragesZone, items: ReviewFeature.averagesChoiceItems(environment))
        case .zoneChoice(let forAverages, let zones):
            ScreenPage(
                words(.titleZoneChoice), .menu, help: .helpZoneChoice, .helpZoneChoiceItems,
                items: ReviewFeature.zoneChoiceItems(forAverages: forAverages, zones: zones, environment))
        case .averagesList(let metric, _):
            ScreenPage(
                words(.titleAveragesList, ["metric": words.historyMetric(metric)]), .typing, help: .helpAveragesList, .helpAveragesListKeys)
        case .details(let workout):
            ScreenPage(
                words(.titleDetails, ["when": words.when(workout.start, now: now)]), .menu, help: .helpDetails, .helpDetailsItems,
                .helpTimeInZones,
                items: ReviewFeature.detailsItems(workout, environment))
        case .settings:
            ScreenPage(
                words(.titleSettings), .menu, help: .helpSettings, .helpSettingsScreens, .helpSettingsValues,
                items: SettingsFeature.items(environment))
        case .recording:
            ScreenPage(
                words(.titleRecording), .menu, help: .helpRecording, .helpRecordingValues,
                items: SettingsFeature.recordingItems(environment))
        case .profile(let profile):
            ScreenPage(words(.titleProfile), .menu, help: .helpProfile, .helpProfileItems, items: profileItems(profile))
        case .entry(let field): ScreenPage(words(.titleEntry, ["field": label(of: field)]), .typing, help: .helpEntry)
        case .unfinished(let summary):
            ScreenPage(words(.titleUnfinished), .menu, help: .helpUnfinished, items: UnfinishedFeature.items(summary, environment))
        case .sensor:
            ScreenPage(
                words(.titleSensor), .menu, help: .helpSensor, .helpSensorItems, .helpSensorCalibration,
                items: SensorsFeature.items(sensors, environment))
        case .sensorChoice(let found):
            ScreenPage(
                words(found.allSatisfy { $0.kind == .heartRateStrap } ? .titleSensorChoice : .titleSensorsFound), .menu,
                help: .helpSensorChoice, .helpSensorChoiceItems,
                items: SensorsFeature.choiceItems(found, sensors, environment))
        case .speech:
            ScreenPage(
                words(.titleSpeech), .menu, help: .helpSpeech, .helpSpeechItems, .helpSpeechKeep, items: SpeechFeature.items(environment))
        case .speechEntry(let setting):
            ScreenPage(words(.titleEntry, ["field": label(of: setting)]), .typing, help: .helpSpeechEntry, .helpSpeechKeep)
        case .calibrationEntry:
            ScreenPage(words(.titleEntry, ["field": words(.settingsCalibration)]), .typing, help: .helpCalibrationEntry)
        case .restingCheck: ScreenPage(words(.titleRestingCheck), .menu, help: .helpResting, items: RestingCheckFeature.items(words))
        case .headset:
            ScreenPage(
                words(.titleHeadset), .menu, help: .helpHeadset, .helpHeadsetItems, .helpHeadsetAway,
                items: HeadsetFeature.items(environment))
        case .headsetChoice(let found):
            ScreenPage(
                words(.titleHeadsetChoice), .menu, help: .helpHeadsetChoice, .helpHeadsetChoiceItems,
                items: HeadsetFeature.choiceItems(found, environment))
        case .planFiles(let shown):
            ScreenPage(
                ConfigureFeature.planFilesTitle(shown, words), .menu, help: .coachHelp, .coachHelpSearch,
                items: ConfigureFeature.planFileItems(shown.entries, environment))
        case .machineEntry(let setting): ScreenPage(words(.titleEntry, ["field": label(of: setting)]), .typing, help: .helpMachineEntry)
        case .stick: ScreenPage(words(.titleStick), .menu, help: .stickHelp, items: StickFeature.items(environment))
        case .setUp(let step):
            ScreenPage(
                SetUpFeature.title(step, environment), .menu, help: .helpSetUp, .helpSetUpItems,
                items: SetUpFeature.items(step, environment))
        }
    }

    /// The screen's name, as "where" says it.
    func title(of screen: Screen) -> String {
        page(of: screen).title
    }

    /// The items of the current screen, in the app's order; "Next" or "Start workout" last.
    func menuItems() -> [MenuItem] {
        page(of: screen).items
    }

    /// A configuration step's title and help.
    private func configurePrompts(_ step: ConfigureStep) -> (title: Prompt, help: Prompt) {
        switch step {
        case .sport: (.titleSport, .helpSport)
        case .distance: (.titleDistanceReadout, .helpDistanceReadout)
        case .metrics: (.titleMetrics, .helpMetrics)
        case .interval: (.titleInterval, .helpInterval)
        case .zone: (.titleTarget, .helpTarget)
        case .plan: (.titlePlan, .helpPlan)
        case .ready: (.titleReady, .helpReady)
        }
    }

    private func profileItems(_ profile: Profile) -> [MenuItem] {
        ProfileField.allCases.map {
            MenuItem(label: label(of: $0), state: value(of: $0, in: profile), action: .openProfileField($0))
        } + [MenuItem(label: words(.settingsUnits), state: words.unitsName(distanceUnit), action: .cycleUnits)]
    }

    /// Speaks the current screen: its title, what it shows, then its items.
    mutating func presentScreen() {
        switch screen {
        case .workout:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            workout(.present)
        case .question(let question):
            ask(question, again: false)
        case .sensor, .sensorChoice:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            sensorSettings(.present)
        case .headset, .headsetChoice:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            headset(.present)
        case .unfinished(let summary): carryOut(UnfinishedFeature.offer(summary, environment))
        case .summary: ended(.present)
        case .last(let last):
            say(.menu, .menuTitle, ["title": title(of: screen)])
            if let last {
                speakConfiguration(last)
            } else {
                say(.menu, .lastNone)
            }
            speakItems()
        case .configure(.ready, let draft):
            say(.menu, .menuTitle, ["title": title(of: screen)])
            speakConfiguration(draft.configuration)
            speakItems()
        case .restingCheck:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            resting(.present)
        case .configure(.plan, _):
            say(.menu, .menuTitle, ["title": title(of: screen)])
            say(.menu, .planAsk)
            speakItems()
        case .planFiles(let shown):
            carryOut(ConfigureFeature.presentPlanFiles(shown, title: title(of: screen), words))
            speakItems()
            if (shown.page + 1) * ConfigureFeature.planPageSize < shown.total { say(.menu, .listMore) }
        case .list, .dateEntry, .averagesList, .details:
            review(.present)
        case .entry(let field):
            say(.menu, question(for: field))
        case .speechEntry(let setting):
            let (prompt, values) = question(for: setting)
            say(.menu, prompt, values)
        case .calibrationEntry(let workout):
            say(.menu, workout == nil ? .calibrationAsk : .calibrateAsk)
        case .machineEntry(let setting):
            let (prompt, values) = question(for: setting)
            say(.menu, prompt, values)
        default:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            speakItems()
        }
    }

    /// Each item with its number; a menu of ten ends by saying that 0 chooses the tenth (digits
    /// are single keys, so 0 stands for 10).
    mutating func speakItems() {
        let items = menuItems()
        defer {
            if items.count >= 10 { say(.menu, .menuTenth, ["label": items[9].label]) }
        }
        for (index, item) in items.enumerated() {
            let number = String(index + 1)
            if let state = item.state {
                say(.menu, .menuItemState, ["number": number, "label": item.label, "state": state])
            } else if item.selected {
                say(.menu, .menuItemSelected, ["number": number, "label": item.label])
            } else {
                say(.menu, .menuItem, ["number": number, "label": item.label])
            }
        }
    }

    mutating func speakConfiguration(_ configuration: WorkoutConfiguration) {
        if configuration.sport != .other { say(.menu, .lastSport, ["sport": words.sport(configuration.sport)]) }
        if configuration.metrics.isEmpty {
            say(.menu, .lastNoMetrics)
        } else {
            let names = configuration.metrics.map { words.inSentence(words.metric($0, in: configuration.sport)) }
            say(.menu, .lastMetrics, ["metrics": words.list(names)])
        }
        say(.menu, .lastInterval, ["interval": words.interval(configuration.interval)])
        if let readout = configuration.distanceReadout {
            say(.menu, .lastDistanceReadout, ["choice": ConfigureFeature.describe(readout, words)])
        }
        if configuration.target != nil { say(.menu, .lastTarget, ["target": ConfigureFeature.describe(configuration.target, words)]) }
        if configuration.plan != nil { carryOut(ConfigureFeature.plan(configuration.plan, kind: .menu, words)) }
    }

    mutating func help() {
        if case .question(let question) = screen {
            ask(question, again: true)
            return
        }
        let help = page(of: screen).help
        if help.isEmpty { speakWorkoutKeys() }
        for sentence in help { say(.answer, sentence) }
        say(.answer, .helpCommon)
        // Help on the plan step says what to type: the next keys are the plan, digits included.
        if case .configure(.plan, _) = screen { conversation.keyboard.typingLine = true }
    }

    /// The workout screen's keys from the vocabulary's table, up to three to a sentence, then the
    /// colon key and the key-describe key.
    mutating func speakWorkoutKeys() {
        let sport = workoutSport
        let keyed = Vocabulary.entries.compactMap { entry -> (VocabularyEntry, [Character])? in
            let keys = Vocabulary.keys(of: entry.command, sport: sport)
            // A fitness machine's keys are said only while one is connected.
            let machineOnly = Self.machineCommands.contains(entry.command) && !machineConnected
            return keys.isEmpty || entry.command == .typeLine || entry.command == .describeKeys || machineOnly ? nil : (entry, keys)
        }
        let items = keyed.map { entry, keys in
            words(.helpKey, ["keys": words.alternatives(keys.map(words.characterName)), "action": words.name(of: entry.command)])
        }
        // Up to three keys a sentence, fewer where three would make it longer than 15 words.
        var sentence: [String] = []
        for item in items {
            let longer = words(.helpKeys, ["keys": (sentence + [item]).joined(separator: "; ")])
            if !sentence.isEmpty, sentence.count == 3 || Words.wordCount(longer) > Words.longestSentence {
                say(.answer, .helpKeys, ["keys": sentence.joined(separator: "; ")])
                sentence = []
            }
            sentence.append(item)
        }
        if !sentence.isEmpty { say(.answer, .helpKeys, ["keys": sentence.joined(separator: "; ")]) }
        say(.answer, .helpWorkoutStop)
        say(.answer, .helpWorkoutType)
        say(.answer, .helpWorkoutDescribe)
    }

}
