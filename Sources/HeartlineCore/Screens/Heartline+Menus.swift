import Foundation

extension Heartline {
    /// The screen's name, as "where" says it.
    func title(of screen: Screen) -> String {
        switch screen {
        case .home: words(.titleHome)
        case .metrics: words(.titleMetrics)
        case .interval: words(.titleInterval)
        case .workout: words(.titleWorkout)
        case .confirmEnd: words(.titleConfirmEnd)
        case .summary: words(.titleSummary)
        case .confirmDeleteEnded, .confirmDeleteSaved: words(.titleConfirmDelete)
        case .last: words(.titleLast)
        case .review: words(.titleReview)
        case .allWorkouts: words(.titleAll)
        case .dateEntry: words(.titleDate)
        case .dateList(let day, _): words(.titleDateList, ["date": words.day(day.start, now: now)])
        case .metricChoice: words(.titleMetric)
        case .metricList(let metric, _): words(.titleMetricList, ["metric": words.historyMetric(metric)])
        case .averagesChoice: words(.titleAverages)
        case .averagesList(let metric): words(.titleAveragesList, ["metric": words.historyMetric(metric)])
        case .details(let id):
            words(.titleDetails, ["when": (try? store.workout(id)).flatMap { $0.map { words.when($0.start, now: now) } } ?? "?"])
        case .settings: words(.titleSettings)
        case .profile: words(.titleProfile)
        case .entry(let field): words(.titleEntry, ["field": label(of: field)])
        case .target: words(.titleTarget)
        case .plan: words(.titlePlan)
        case .unfinished: words(.titleUnfinished)
        case .sensor: words(.titleSensor)
        case .sensorChoice: words(.titleSensorChoice)
        case .speech: words(.titleSpeech)
        case .speechEntry(let setting): words(.titleEntry, ["field": label(of: setting)])
        case .confirmDiscard: words(.titleConfirmDelete)
        }
    }

    /// The items of a menu screen, in the app's order; "Next" or "Start workout" last.
    func menuItems() -> [MenuItem] {
        switch screen {
        case .home:
            return [
                MenuItem(label: words(.homeConfigure), action: .open(.metrics)),
                MenuItem(label: words(.homeLast), action: .open(.last)),
                MenuItem(label: words(.homeReview), action: .open(.review)),
                MenuItem(label: words(.homeSettings), action: .open(.settings)),
            ]
        case .metrics:
            return Metric.allCases.map {
                MenuItem(label: words.metric($0), state: words.onOff(draft.isOn($0)), action: .toggle($0))
            } + [MenuItem(label: words(.itemNext), action: .next)]
        case .interval:
            return ReadoutInterval.allCases.map {
                MenuItem(label: words.interval($0), selected: draft.interval == $0, action: .chooseInterval($0))
            } + [
                MenuItem(label: words(.itemTarget), state: describe(draft.target), action: .open(.target)),
                MenuItem(label: words(.itemPlan), state: describe(draft.plan), action: .open(.plan)),
                MenuItem(label: words(.itemStart), action: .startWorkout(draft)),
            ]
        case .target:
            return targetItems()
        case .unfinished(let id):
            return [
                MenuItem(label: words(.unfinishedResume), action: .resumeUnfinished(id)),
                MenuItem(label: words(.unfinishedSave), action: .saveUnfinished(id)),
                MenuItem(label: words(.unfinishedDiscard), action: .open(.confirmDiscard(id: id))),
            ]
        case .plan:
            return planItems()
        case .summary:
            return [
                MenuItem(label: words(.summarySave), action: .saveWorkout),
                MenuItem(label: words(.summaryDelete), action: .open(.confirmDeleteEnded)),
            ]
        case .last:
            guard let last = storedLastConfiguration() else {
                return [
                    MenuItem(label: words(.lastConfigure), action: .configureNew),
                    MenuItem(label: words(.itemBack), action: .back),
                ]
            }
            return [
                MenuItem(label: words(.itemStart), action: .startWorkout(last)),
                MenuItem(label: words(.lastEdit), action: .editLast),
                MenuItem(label: words(.itemBack), action: .back),
            ]
        case .review:
            return [
                MenuItem(label: words(.reviewAll), action: .open(.allWorkouts(page: 0))),
                MenuItem(label: words(.reviewDate), action: .open(.dateEntry)),
                MenuItem(label: words(.reviewMetric), action: .open(.metricChoice)),
                MenuItem(label: words(.reviewAverages), action: .open(.averagesChoice)),
            ]
        case .metricChoice:
            return HistoryMetric.allCases.map {
                MenuItem(label: words.historyMetric($0), action: .open(.metricList($0, page: 0)))
            }
        case .averagesChoice:
            return HistoryMetric.allCases.map {
                MenuItem(label: words.historyMetric($0), action: .open(.averagesList($0)))
            }
        case .details(let id):
            return [
                MenuItem(label: words(.detailsExportTcx), action: .export(id, .tcx)),
                MenuItem(label: words(.detailsExportCsv), action: .export(id, .csv)),
                MenuItem(label: words(.detailsDelete), action: .open(.confirmDeleteSaved(id: id))),
            ]
        case .settings:
            return [
                MenuItem(label: words(.settingsProfile), action: .open(.profile)),
                MenuItem(label: words(.settingsAutoPause), state: words.onOff(autoPauseEnabled), action: .toggleAutoPause),
                MenuItem(label: words(.settingsSensor), action: .open(.sensor)),
                MenuItem(label: words(.settingsSpeech), action: .open(.speech)),
                MenuItem(label: words(.settingsEcho), state: words(for: keyEcho), action: .cycleKeyEcho),
            ]
        case .speech:
            return speechItems()
        case .sensor:
            var items = [MenuItem(label: words(.sensorFind), action: .findSensors)]
            if rememberedSensor != nil { items.append(MenuItem(label: words(.sensorForget), action: .forgetSensor)) }
            return items
        case .sensorChoice(let found):
            return found.map { MenuItem(label: $0.name, state: signalWords($0.signal), action: .chooseSensor($0)) }
        case .profile:
            let profile = storedProfile()
            return ProfileField.allCases.map {
                MenuItem(label: label(of: $0), state: value(of: $0, in: profile), action: .openProfileField($0))
            }
        default:
            return []
        }
    }

    /// Speaks the current screen: its title, what it shows, then its items.
    mutating func presentScreen() {
        switch screen {
        case .workout:
            say(.menu, .menuTitle, ["title": title(of: screen)])
        case .confirmEnd:
            say(.answer, .confirmEnd)
        case .confirmDeleteEnded, .confirmDeleteSaved:
            say(.answer, .confirmDelete)
        case .confirmDiscard:
            say(.answer, .confirmDiscard)
        case .sensor:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            if let name = rememberedSensor?.name {
                say(.menu, .sensorRemembered, ["name": name])
            } else {
                say(.menu, .sensorNoneRemembered)
            }
            speakItems()
        case .sensorChoice(let found):
            say(.menu, .menuTitle, ["title": title(of: screen)])
            for (index, sensor) in found.enumerated() {
                say(.menu, .sensorFound, ["number": String(index + 1), "name": sensor.name, "signal": signalWords(sensor.signal)])
            }
        case .unfinished(let id):
            guard let summary = unfinishedSummary(id) else {
                goHome()
                return
            }
            say(.menu, .unfinishedOffer, ["when": words.when(summary.start, now: now), "duration": words.duration(summary.duration)])
            speakItems()
        case .summary:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            if let ended { speakTotals(of: ended, kind: .menu, titlePrompt: .summaryTotalTime) }
            speakItems()
        case .last:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            if let last = storedLastConfiguration() {
                speakConfiguration(last)
            } else {
                say(.menu, .lastNone)
            }
            speakItems()
        case .allWorkouts, .dateList, .metricList:
            presentList()
        case .dateEntry:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            say(.menu, .dateAsk)
        case .averagesList(let metric):
            say(.menu, .menuTitle, ["title": title(of: screen)])
            speakAverages(of: metric)
        case .details(let id):
            guard let workout = storing(reading: true, { store in try store.workout(id) }) ?? nil else {
                goBack()
                return
            }
            // The title from the workout just read, rather than reading it again.
            say(.menu, .menuTitle, ["title": words(.titleDetails, ["when": words.when(workout.start, now: now)])])
            speakTotals(of: workout, kind: .menu, titlePrompt: .summaryTotalTime)
            speakItems()
        case .entry(let field):
            say(.menu, question(for: field))
        case .speechEntry(let setting):
            let (prompt, values) = question(for: setting)
            say(.menu, prompt, values)
        case .plan:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            say(.menu, .planAsk)
            speakItems()
        default:
            say(.menu, .menuTitle, ["title": title(of: screen)])
            speakItems()
        }
    }

    mutating func speakItems() {
        for (index, item) in menuItems().enumerated() {
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
        if configuration.metrics.isEmpty {
            say(.menu, .lastNoMetrics)
        } else {
            let names = configuration.metrics.map { words.metric($0).lowercased() }
            say(.menu, .lastMetrics, ["metrics": words.list(names)])
        }
        say(.menu, .lastInterval, ["interval": words.interval(configuration.interval)])
        if configuration.target != nil { say(.menu, .lastTarget, ["target": describe(configuration.target)]) }
        if configuration.plan != nil { say(.menu, .lastPlan, ["plan": describe(configuration.plan)]) }
    }

    /// Total time, average and maximum heart rate, calories: one sentence each.
    mutating func speakTotals(of workout: WorkoutSummary, kind: SpeechKind, titlePrompt: Prompt) {
        say(kind, titlePrompt, ["duration": words.duration(workout.duration)])
        if let average = workout.averageHeartRate {
            say(kind, .answerAverage, ["bpm": words.beatsPerMinute(average)])
        } else {
            say(kind, .answerAverageUnknown)
        }
        if let maximum = workout.maximumHeartRate {
            say(kind, .answerMaximum, ["bpm": words.beatsPerMinute(maximum)])
        } else {
            say(kind, .answerMaximumUnknown)
        }
        if let calories = workout.calories {
            say(kind, .answerCalories, ["calories": words.kilocalories(calories)])
        } else {
            say(kind, .answerCaloriesUnknown)
        }
    }

    mutating func help() {
        switch screen {
        case .home: say(.answer, .helpHome)
        case .metrics: say(.answer, .helpMetrics)
        case .interval: say(.answer, .helpInterval)
        case .workout:
            say(.answer, .helpWorkout1)
            say(.answer, .helpWorkout2)
            say(.answer, .helpWorkout3)
            say(.answer, .helpWorkoutMore)
        case .confirmEnd, .confirmDeleteEnded, .confirmDeleteSaved, .confirmDiscard: say(.answer, .helpConfirm)
        case .summary: say(.answer, .helpSummary)
        case .allWorkouts, .dateList, .metricList: say(.answer, .helpList)
        case .dateEntry: say(.answer, .helpDate)
        case .entry, .speechEntry: say(.answer, .helpEntry)
        case .target: say(.answer, .helpTarget)
        case .unfinished: say(.answer, .helpUnfinished)
        case .plan: say(.answer, .helpPlan)
        default: say(.answer, .helpMenu)
        }
        say(.answer, .helpCommon)
    }

    func storedLastConfiguration() -> WorkoutConfiguration? {
        (try? store.lastConfiguration()) ?? nil
    }

    func storedProfile() -> Profile {
        (try? store.profile()) ?? Profile()
    }
}
