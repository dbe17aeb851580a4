// The core's prompts: every key in Prompts/en/core.prompts, with its placeholders.
// A test checks this list and the catalogue against each other.

extension Prompt {
    public static let unitSecondOne = Prompt("unit.second.one", ["count"])
    public static let unitSecondOther = Prompt("unit.second.other", ["count"])
    public static let unitMinuteOne = Prompt("unit.minute.one", ["count"])
    public static let unitMinuteOther = Prompt("unit.minute.other", ["count"])
    public static let unitHourOne = Prompt("unit.hour.one", ["count"])
    public static let unitHourOther = Prompt("unit.hour.other", ["count"])
    /// A rounded amount: "about 179 hours".
    public static let unitAbout = Prompt("unit.about", ["amount"])
    public static let unitBpmOne = Prompt("unit.bpm.one", ["count"])
    public static let unitBpmOther = Prompt("unit.bpm.other", ["count"])
    public static let unitKcalOne = Prompt("unit.kcal.one", ["count"])
    public static let unitKcalOther = Prompt("unit.kcal.other", ["count"])
    public static let unitYearOne = Prompt("unit.year.one", ["count"])
    public static let unitYearOther = Prompt("unit.year.other", ["count"])
    public static let unitKg = Prompt("unit.kg", ["count"])
    public static let unitLb = Prompt("unit.lb", ["count"])
    public static let unitWorkoutOne = Prompt("unit.workout.one", ["count"])
    public static let unitWorkoutOther = Prompt("unit.workout.other", ["count"])
    public static let numberThousands = Prompt("number.thousands", ["rest", "thousands"])
    public static let listPair = Prompt("list.pair", ["first", "second"])
    public static let listSeries = Prompt("list.series", ["first", "rest"])
    public static let dateToday = Prompt("date.today")
    public static let dateYesterday = Prompt("date.yesterday")
    public static let dateThisYear = Prompt("date.this-year", ["day", "month", "weekday"])
    public static let dateOtherYear = Prompt("date.other-year", ["day", "month", "weekday", "year"])
    public static let dateAt = Prompt("date.at", ["date", "time"])
    public static let timeOfDay = Prompt("time.of-day", ["hour", "minute"])
    public static let weekday1 = Prompt("weekday.1")
    public static let weekday2 = Prompt("weekday.2")
    public static let weekday3 = Prompt("weekday.3")
    public static let weekday4 = Prompt("weekday.4")
    public static let weekday5 = Prompt("weekday.5")
    public static let weekday6 = Prompt("weekday.6")
    public static let weekday7 = Prompt("weekday.7")
    public static let month1 = Prompt("month.1")
    public static let month2 = Prompt("month.2")
    public static let month3 = Prompt("month.3")
    public static let month4 = Prompt("month.4")
    public static let month5 = Prompt("month.5")
    public static let month6 = Prompt("month.6")
    public static let month7 = Prompt("month.7")
    public static let month8 = Prompt("month.8")
    public static let month9 = Prompt("month.9")
    public static let month10 = Prompt("month.10")
    public static let month11 = Prompt("month.11")
    public static let month12 = Prompt("month.12")
    public static let menuTitle = Prompt("menu.title", ["title"])
    public static let menuItem = Prompt("menu.item", ["label", "number"])
    public static let menuItemState = Prompt("menu.item.state", ["label", "number", "state"])
    public static let menuItemSelected = Prompt("menu.item.selected", ["label", "number"])
    public static let stateOn = Prompt("state.on")
    public static let stateOff = Prompt("state.off")
    public static let itemNext = Prompt("item.next")
    public static let itemBack = Prompt("item.back")
    public static let itemStart = Prompt("item.start")
    public static let titleHome = Prompt("title.home")
    public static let titleMetrics = Prompt("title.metrics")
    public static let titleInterval = Prompt("title.interval")
    public static let titleWorkout = Prompt("title.workout")
    public static let titleConfirmEnd = Prompt("title.confirm-end")
    public static let titleSummary = Prompt("title.summary")
    public static let titleConfirmDelete = Prompt("title.confirm-delete")
    public static let titleLast = Prompt("title.last")
    public static let titleReview = Prompt("title.review")
    public static let titleAll = Prompt("title.all")
    public static let titleDate = Prompt("title.date")
    public static let titleDateList = Prompt("title.date-list", ["date"])
    public static let titleMetric = Prompt("title.metric")
    public static let titleMetricList = Prompt("title.metric-list", ["metric"])
    public static let titleAverages = Prompt("title.averages")
    public static let titleAveragesList = Prompt("title.averages-list", ["metric"])
    public static let titleDetails = Prompt("title.details", ["when"])
    public static let titleSettings = Prompt("title.settings")
    public static let titleProfile = Prompt("title.profile")
    public static let titleEntry = Prompt("title.entry", ["field"])
    public static let homeConfigure = Prompt("home.configure")
    public static let homeLast = Prompt("home.last")
    public static let homeReview = Prompt("home.review")
    public static let homeSettings = Prompt("home.settings")
    public static let metricTime = Prompt("metric.time")
    public static let metricHeartRate = Prompt("metric.heart-rate")
    public static let metricCalories = Prompt("metric.calories")
    public static let metricsChanged = Prompt("metrics.changed", ["metric", "state"])
    public static let intervalNone = Prompt("interval.none")
    public static let intervalChosen = Prompt("interval.chosen", ["interval"])
    public static let workoutStarted = Prompt("workout.started")
    public static let workoutPaused = Prompt("workout.paused")
    public static let workoutResumed = Prompt("workout.resumed")
    public static let workoutAlreadyPaused = Prompt("workout.already-paused")
    public static let workoutAlreadyRunning = Prompt("workout.already-running")
    public static let answerTime = Prompt("answer.time", ["duration"])
    public static let answerHeartRate = Prompt("answer.heart-rate", ["bpm"])
    public static let answerHeartRateNotConnected = Prompt("answer.heart-rate.not-connected")
    public static let answerHeartRateWaiting = Prompt("answer.heart-rate.waiting")
    public static let answerHeartRateStale = Prompt("answer.heart-rate.stale", ["seconds"])
    public static let answerHeartRateNoContact = Prompt("answer.heart-rate.no-contact")
    public static let answerAverage = Prompt("answer.average", ["bpm"])
    public static let answerAverageUnknown = Prompt("answer.average.unknown")
    public static let answerMaximum = Prompt("answer.maximum", ["bpm"])
    public static let answerMaximumUnknown = Prompt("answer.maximum.unknown")
    public static let answerCalories = Prompt("answer.calories", ["calories"])
    public static let answerCaloriesUnknown = Prompt("answer.calories.unknown")
    public static let answerCaloriesNoProfile = Prompt("answer.calories.no-profile")
    public static let eventSensorLost = Prompt("event.sensor-lost")
    public static let eventSensorBack = Prompt("event.sensor-back")
    public static let confirmEnd = Prompt("confirm.end")
    public static let confirmEndBeforeQuit = Prompt("confirm.end-before-quit")
    public static let workoutContinues = Prompt("workout.continues")
    public static let workoutContinuesPaused = Prompt("workout.continues-paused")
    public static let summaryTotalTime = Prompt("summary.total-time", ["duration"])
    public static let summarySave = Prompt("summary.save")
    public static let summaryDelete = Prompt("summary.delete")
    public static let summarySaved = Prompt("summary.saved")
    public static let confirmDelete = Prompt("confirm.delete")
    public static let summaryDeleted = Prompt("summary.deleted")
    public static let summaryKept = Prompt("summary.kept")
    public static let summaryFirst = Prompt("summary.first")
    public static let lastNone = Prompt("last.none")
    public static let lastMetrics = Prompt("last.metrics", ["metrics"])
    public static let lastNoMetrics = Prompt("last.no-metrics")
    public static let lastInterval = Prompt("last.interval", ["interval"])
    public static let lastEdit = Prompt("last.edit")
    public static let lastConfigure = Prompt("last.configure")
    public static let reviewAll = Prompt("review.all")
    public static let reviewDate = Prompt("review.date")
    public static let reviewMetric = Prompt("review.metric")
    public static let reviewAverages = Prompt("review.averages")
    public static let listPage = Prompt("list.page", ["first", "last", "total"])
    public static let listEmpty = Prompt("list.empty")
    public static let listMore = Prompt("list.more")
    public static let listEnd = Prompt("list.end")
    public static let listStart = Prompt("list.start")
    public static let listWorkout = Prompt("list.workout", ["duration", "number", "when"])
    public static let listMetric = Prompt("list.metric", ["date", "metric", "number", "value"])
    public static let valueUnknown = Prompt("value.unknown")
    public static let dateAsk = Prompt("date.ask")
    public static let dateNotUnderstood = Prompt("date.not-understood", ["input"])
    public static let dateNone = Prompt("date.none", ["date"])
    public static let historyDuration = Prompt("history.duration")
    public static let historyAverageHeartRate = Prompt("history.average-heart-rate")
    public static let historyMaximumHeartRate = Prompt("history.maximum-heart-rate")
    public static let historyCalories = Prompt("history.calories")
    public static let periodWeek = Prompt("period.week")
    public static let periodMonth = Prompt("period.month")
    public static let periodYear = Prompt("period.year")
    public static let periodAll = Prompt("period.all")
    public static let averagesItem = Prompt("averages.item", ["metric", "period", "value", "workouts"])
    public static let averagesNone = Prompt("averages.none", ["metric", "period"])
    /// The period had workouts, none with the metric: "Distance, last week: none recorded in 7 workouts."
    public static let averagesUnrecorded = Prompt("averages.unrecorded", ["metric", "period", "workouts"])
    public static let detailsDelete = Prompt("details.delete")
    public static let settingsProfile = Prompt("settings.profile")
    public static let profileAge = Prompt("profile.age")
    public static let profileSex = Prompt("profile.sex")
    public static let profileWeight = Prompt("profile.weight")
    public static let profileMaximum = Prompt("profile.maximum")
    public static let profileResting = Prompt("profile.resting")
    public static let valueNotSet = Prompt("value.not-set")
    public static let valueDefaultMaximum = Prompt("value.default-maximum", ["bpm"])
    public static let sexFemale = Prompt("sex.female")
    public static let sexMale = Prompt("sex.male")
    public static let askAge = Prompt("ask.age")
    public static let askSex = Prompt("ask.sex")
    public static let askWeight = Prompt("ask.weight")
    public static let askMaximum = Prompt("ask.maximum")
    public static let askResting = Prompt("ask.resting")
    public static let profileChanged = Prompt("profile.changed", ["field", "value"])
    public static let profileOutOfRange = Prompt("profile.out-of-range", ["field", "high", "low"])
    public static let profileNotUnderstood = Prompt("profile.not-understood", ["input", "question"])
    public static let whereYouAre = Prompt("where.you-are", ["title"])
    public static let repeatNothing = Prompt("repeat.nothing")
    public static let backHome = Prompt("back.home")
    public static let nextNone = Prompt("next.none")
    public static let homeBusy = Prompt("home.busy")
    public static let itemNone = Prompt("item.none", ["count", "number"])
    public static let itemNoneOne = Prompt("item.none.one", ["number"])
    public static let homeStartLast = Prompt("home.start-last")
    public static let homeStartNone = Prompt("home.start-none")
    public static let unknown = Prompt("unknown", ["input"])
    public static let unknownSuggest = Prompt("unknown.suggest", ["input", "suggestion"])
    public static let inputTooLong = Prompt("input.too-long")
    public static let inputUnreadable = Prompt("input.unreadable")
    public static let quitBye = Prompt("quit.bye")
    public static let storageDiskFull = Prompt("storage.disk-full")
    public static let storageDiskOk = Prompt("storage.disk-ok")
    public static let storageFailed = Prompt("storage.failed")
    public static let storageFailing = Prompt("storage.failing")
    public static let storageWritingAgain = Prompt("storage.writing-again")
    public static let helpHome = Prompt("help.home")
    public static let helpMetrics = Prompt("help.metrics")
    public static let helpInterval = Prompt("help.interval")
    public static let helpSummary = Prompt("help.summary")
    public static let helpList = Prompt("help.list")
    public static let helpDate = Prompt("help.date")
    public static let helpEntry = Prompt("help.entry")
    public static let helpCommon = Prompt("help.common")
    public static let answerBattery = Prompt("answer.battery", ["percent"])
    public static let answerBatteryUnknown = Prompt("answer.battery.unknown")
    public static let valueNone = Prompt("value.none")
    public static let titleTarget = Prompt("title.target")
    public static let titlePlan = Prompt("title.plan")
    public static let targetNone = Prompt("target.none")
    public static let targetZone = Prompt("target.zone", ["high", "low", "zone"])
    public static let targetRange = Prompt("target.range", ["high", "low"])
    public static let targetChosen = Prompt("target.chosen", ["target"])
    public static let targetNotUnderstood = Prompt("target.not-understood", ["input"])
    public static let targetOutOfRange = Prompt("target.out-of-range", ["high", "low"])
    public static let planNone = Prompt("plan.none")
    public static let planCountdown = Prompt("plan.countdown")
    public static let planRounds = Prompt("plan.rounds", ["rest", "rounds", "work"])
    public static let planOneRound = Prompt("plan.one-round", ["work"])
    public static let planWarmUp = Prompt("plan.warm-up", ["duration"])
    public static let planCoolDown = Prompt("plan.cool-down", ["duration"])
    public static let planNoCountdown = Prompt("plan.no-countdown")
    public static let planChosen = Prompt("plan.chosen", ["plan"])
    public static let planAsk = Prompt("plan.ask")
    public static let planNotUnderstood = Prompt("plan.not-understood")
    public static let planCountdownChanged = Prompt("plan.countdown-changed", ["state"])
    public static let lastTarget = Prompt("last.target", ["target"])
    public static let lastPlan = Prompt("last.plan", ["plan"])
    public static let eventContactLost = Prompt("event.contact-lost")
    public static let eventContactBack = Prompt("event.contact-back")
    public static let eventStrapContactLost = Prompt("event.strap-contact-lost")
    public static let eventStrapContactBack = Prompt("event.strap-contact-back")
    public static let whereContactLost = Prompt("where.contact-lost")
    public static let eventZoneAbove = Prompt("event.zone.above", ["bpm"])
    public static let eventZoneBelow = Prompt("event.zone.below", ["bpm"])
    public static let eventZoneInside = Prompt("event.zone.inside", ["bpm"])
    public static let eventPlanWarmUp = Prompt("event.plan.warm-up", ["duration"])
    public static let eventPlanWork = Prompt("event.plan.work", ["duration", "round", "rounds"])
    public static let eventPlanRest = Prompt("event.plan.rest", ["duration"])
    public static let eventPlanCoolDown = Prompt("event.plan.cool-down", ["duration"])
    public static let eventPlanFinished = Prompt("event.plan.finished")
    public static let answerZoneInside = Prompt("answer.zone.inside", ["range"])
    public static let answerZoneAbove = Prompt("answer.zone.above", ["range"])
    public static let answerZoneBelow = Prompt("answer.zone.below", ["range"])
    public static let answerZoneUnknown = Prompt("answer.zone.unknown", ["range"])
    public static let answerZoneNone = Prompt("answer.zone.none")
    public static let answerPlanPosition = Prompt("answer.plan.position", ["phase", "remaining"])
    public static let planPhaseWarmUp = Prompt("plan.phase.warm-up")
    public static let planPhaseWork = Prompt("plan.phase.work", ["round", "rounds"])
    public static let planPhaseRest = Prompt("plan.phase.rest", ["round", "rounds"])
    public static let planPhaseCoolDown = Prompt("plan.phase.cool-down")
    public static let answerPlanFinished = Prompt("answer.plan.finished")
    public static let answerPlanNone = Prompt("answer.plan.none")
    public static let eventsNone = Prompt("events.none")
    public static let eventsCountOne = Prompt("events.count.one")
    public static let eventsCountOther = Prompt("events.count.other", ["count"])
    public static let eventsItem = Prompt("events.item", ["ago", "sentence"])
    public static let settingsAutoPause = Prompt("settings.auto-pause")
    public static let autoPauseChanged = Prompt("auto-pause.changed", ["state"])
    public static let helpTarget = Prompt("help.target")
    public static let helpPlan = Prompt("help.plan")
    public static let titleUnfinished = Prompt("title.unfinished")
    public static let unfinishedOffer = Prompt("unfinished.offer", ["duration", "when"])
    public static let unfinishedResume = Prompt("unfinished.resume")
    public static let unfinishedSave = Prompt("unfinished.save")
    public static let unfinishedDiscard = Prompt("unfinished.discard")
    public static let confirmDiscard = Prompt("confirm.discard")
    public static let unfinishedDiscarded = Prompt("unfinished.discarded")
    public static let helpUnfinished = Prompt("help.unfinished")
    public static let settingsSensor = Prompt("settings.sensor")
    public static let titleSensor = Prompt("title.sensor")
    public static let titleSensorChoice = Prompt("title.sensor-choice")
    public static let sensorRemembered = Prompt("sensor.remembered", ["name"])
    public static let sensorNoneRemembered = Prompt("sensor.none-remembered")
    public static let sensorFind = Prompt("sensor.find")
    public static let sensorForget = Prompt("sensor.forget")
    public static let sensorScanning = Prompt("sensor.scanning", ["duration"])
    public static let sensorFound = Prompt("sensor.found", ["name", "number", "signal"])
    public static let sensorNoneFound = Prompt("sensor.none-found")
    public static let sensorSignalStrong = Prompt("sensor.signal.strong")
    public static let sensorSignalMedium = Prompt("sensor.signal.medium")
    public static let sensorSignalWeak = Prompt("sensor.signal.weak")
    public static let sensorChosen = Prompt("sensor.chosen", ["name"])
    public static let sensorForgotten = Prompt("sensor.forgotten")
    public static let sensorProblemAdapterBusy = Prompt("sensor.problem.adapter-busy")
    public static let sensorProblemScanAdapterBusy = Prompt("sensor.problem.scan-adapter-busy")
    public static let sensorPairing = Prompt("sensor.pairing")
    public static let sensorIdentity = Prompt("sensor.identity", ["manufacturer", "model"])
    public static let sensorIdentityManufacturer = Prompt("sensor.identity.manufacturer", ["manufacturer"])
    public static let sensorIdentityModel = Prompt("sensor.identity.model", ["model"])
    public static let sensorProblemNoAdapter = Prompt("sensor.problem.no-adapter")
    public static let sensorProblemPermission = Prompt("sensor.problem.permission")
    public static let sensorProblemBusy = Prompt("sensor.problem.busy")
    public static let sensorProblemUnreachable = Prompt("sensor.problem.unreachable")
    public static let sensorProblemOther = Prompt("sensor.problem.other")
    public static let sensorProblemBlocked = Prompt("sensor.problem.blocked")
    public static let answerBatteryLow = Prompt("answer.battery.low", ["percent"])
    public static let settingsSpeech = Prompt("settings.speech")
    public static let settingsEcho = Prompt("settings.echo")
    public static let titleSpeech = Prompt("title.speech")
    public static let valueDefault = Prompt("value.default")
    public static let echoChanged = Prompt("echo.changed", ["mode"])
    public static let askSpeechNumber = Prompt("ask.speech-number", ["field", "highest", "lowest"])
    public static let askSpeechText = Prompt("ask.speech-text", ["field"])
    public static let speechChanged = Prompt("speech.changed", ["field", "value"])
    public static let speechOutOfRange = Prompt("speech.out-of-range", ["field", "highest", "lowest"])
    public static let speechNotOffered = Prompt("speech.not-offered", ["field", "value"])
    public static let speechModulesOffered = Prompt("speech.modules-offered", ["modules"])
    public static let speechOfferPending = Prompt("speech.offer-pending")
    public static let titleConfirmSpeech = Prompt("title.confirm-speech")
    public static let confirmKeepSpeech = Prompt("confirm.keep-speech")
    public static let questionKeepSpeechYes = Prompt("question.keep-speech.yes")
    public static let speechKept = Prompt("speech.kept", ["field", "value"])
    public static let speechUndone = Prompt("speech.undone", ["field", "value"])
    public static let speechUndoneUnanswered = Prompt("speech.undone-unanswered", ["field", "value"])
    public static let speechReset = Prompt("speech.reset")
    public static let detailsExportTcx = Prompt("details.export-tcx")
    public static let detailsExportCsv = Prompt("details.export-csv")
    public static let exportDone = Prompt("export.done", ["file", "folder", "format"])
    public static let exportDiskFull = Prompt("export.disk-full")
    public static let exportFailed = Prompt("export.failed", ["folder"])
    public static let sensorProblemScanBusy = Prompt("sensor.problem.scan-busy")

    /// Weekday names, indexed by `Calendar` weekday minus one (0 is Sunday).
    public static let weekdays = [weekday1, weekday2, weekday3, weekday4, weekday5, weekday6, weekday7]
    /// Month names, indexed by month minus one.
    public static let months = [month1, month2, month3, month4, month5, month6, month7, month8, month9, month10, month11, month12]

    /// Every prompt the core uses.
    /// Each speech setting's name and each key echo mode's, keyed by the setting's own name:
    /// "speech.rate", "echo.characters".
    public static let speechSettingNames = SpeechSetting.allCases.map { Prompt("speech.\($0.rawValue)") }
    public static let keyEchoNames = KeyEchoSetting.allCases.map { Prompt("echo.\($0.rawValue)") }

    public static let core: [Prompt] =
        speechSettingNames + keyEchoNames + [
            unitSecondOne, unitSecondOther, unitMinuteOne, unitMinuteOther,
            unitHourOne, unitHourOther, unitAbout, unitBpmOne, unitBpmOther, unitKcalOne,
            unitKcalOther, unitYearOne, unitYearOther, unitKg,
            unitLb, unitWorkoutOne, unitWorkoutOther, numberThousands,
            listPair, listSeries, dateToday, dateYesterday,
            dateThisYear, dateOtherYear, dateAt, timeOfDay,
            weekday1, weekday2, weekday3, weekday4,
            weekday5, weekday6, weekday7, month1,
            month2, month3, month4, month5,
            month6, month7, month8, month9,
            month10, month11, month12, menuTitle,
            menuItem, menuItemState, menuItemSelected, stateOn,
            stateOff, itemNext, itemBack, itemStart,
            titleHome, titleMetrics, titleInterval, titleWorkout,
            titleConfirmEnd, titleSummary, titleConfirmDelete, titleLast,
            titleReview, titleAll, titleDate, titleDateList,
            titleMetric, titleMetricList, titleAverages, titleAveragesList,
            titleDetails, titleSettings, titleProfile, titleEntry,
            homeConfigure, homeLast, homeReview, homeSettings,
            metricTime, metricHeartRate, metricCalories, metricsChanged,
            intervalNone, intervalChosen, workoutStarted, workoutPaused,
            workoutResumed, workoutAlreadyPaused, workoutAlreadyRunning, answerTime,
            answerHeartRate, answerHeartRateNotConnected, answerHeartRateWaiting, answerHeartRateStale,
            answerHeartRateNoContact, answerAverage, answerAverageUnknown, answerMaximum,
            answerMaximumUnknown, answerCalories, answerCaloriesUnknown, answerCaloriesNoProfile,
            eventSensorLost, eventSensorBack, confirmEnd, confirmEndBeforeQuit,
            workoutContinues, workoutContinuesPaused, summaryTotalTime,
            summarySave, summaryDelete, summarySaved, confirmDelete,
            summaryDeleted, summaryKept, summaryFirst, lastNone,
            lastMetrics, lastNoMetrics, lastInterval, lastEdit,
            lastConfigure, reviewAll, reviewDate, reviewMetric,
            reviewAverages, listPage, listEmpty, listMore,
            listEnd, listStart, listWorkout, listMetric,
            valueUnknown, dateAsk, dateNotUnderstood, dateNone,
            historyDuration, historyAverageHeartRate, historyMaximumHeartRate, historyCalories,
            periodWeek, periodMonth, periodYear, periodAll,
            averagesItem, averagesNone, averagesUnrecorded, detailsDelete, settingsProfile,
            profileAge, profileSex, profileWeight, profileMaximum,
            profileResting, valueNotSet, valueDefaultMaximum, sexFemale,
            sexMale, askAge, askSex, askWeight,
            askMaximum, askResting, profileChanged, profileOutOfRange,
            profileNotUnderstood, whereYouAre, repeatNothing, backHome,
            nextNone, homeBusy, homeStartLast, homeStartNone, itemNone, itemNoneOne, unknown,
            unknownSuggest, inputTooLong, inputUnreadable, quitBye,
            storageDiskFull, storageDiskOk, storageFailed, storageFailing, storageWritingAgain, helpHome,
            helpMetrics, helpInterval,
            helpSummary,
            helpList, helpDate, helpEntry, helpCommon,
            answerBattery, answerBatteryUnknown,
            valueNone, titleTarget, titlePlan, targetNone,
            targetZone, targetRange, targetChosen, targetNotUnderstood,
            targetOutOfRange, planNone, planCountdown, planRounds,
            planOneRound, planWarmUp, planCoolDown, planNoCountdown,
            planChosen, planAsk, planNotUnderstood, planCountdownChanged,
            lastTarget, lastPlan, eventContactLost, eventContactBack, eventStrapContactLost, eventStrapContactBack, whereContactLost,
            eventZoneAbove, eventZoneBelow, eventZoneInside, eventPlanWarmUp,
            eventPlanWork, eventPlanRest, eventPlanCoolDown, eventPlanFinished,
            answerZoneInside, answerZoneAbove, answerZoneBelow,
            answerZoneUnknown, answerZoneNone, answerPlanPosition, planPhaseWarmUp,
            planPhaseWork, planPhaseRest, planPhaseCoolDown, answerPlanFinished,
            answerPlanNone, eventsNone, eventsCountOne, eventsCountOther,
            eventsItem, settingsAutoPause, autoPauseChanged, helpTarget,
            helpPlan, titleUnfinished, unfinishedOffer,
            unfinishedResume, unfinishedSave, unfinishedDiscard, confirmDiscard,
            unfinishedDiscarded, helpUnfinished, settingsSensor, titleSensor,
            titleSensorChoice, sensorRemembered, sensorNoneRemembered, sensorFind,
            sensorForget, sensorScanning, sensorFound, sensorNoneFound,
            sensorSignalStrong, sensorSignalMedium, sensorSignalWeak, sensorChosen,
            sensorForgotten, sensorProblemNoAdapter, sensorProblemPermission, sensorProblemBusy,
            sensorProblemUnreachable, sensorProblemOther, sensorProblemBlocked, answerBatteryLow, settingsSpeech,
            settingsEcho, titleSpeech, valueDefault, echoChanged, askSpeechNumber, askSpeechText,
            speechChanged, speechOutOfRange, speechNotOffered, speechModulesOffered, speechOfferPending, titleConfirmSpeech,
            confirmKeepSpeech,
            questionKeepSpeechYes, speechKept, speechUndone, speechUndoneUnanswered, speechReset, detailsExportTcx, detailsExportCsv,
            exportDone, exportDiskFull, exportFailed, sensorProblemScanBusy,
            sensorIdentity, sensorIdentityManufacturer, sensorIdentityModel, sensorProblemAdapterBusy,
            sensorProblemScanAdapterBusy, sensorPairing,
        ]
}
