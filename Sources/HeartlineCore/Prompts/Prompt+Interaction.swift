// The prompts of keys, questions and the configuration steps: every key in
// Prompts/en/interaction.prompts. A test checks this list and the catalogue against each other.

extension Prompt {
    public static let keyDoesNothing = Prompt("key.does-nothing", ["key"])
    public static let keyDescribed = Prompt("key.described", ["action", "key"])
    public static let keyTypes = Prompt("key.types", ["key"])
    public static let keysDescribeOn = Prompt("keys.describe.on")
    public static let keysDescribeOff = Prompt("keys.describe.off")
    public static let keysDescribeQuestion = Prompt("keys.describe.question")
    public static let listOr = Prompt("list.or", ["first", "second"])
    public static let helpKey = Prompt("help.key", ["action", "keys"])
    public static let helpKeys = Prompt("help.keys", ["keys"])
    public static let helpWorkoutType = Prompt("help.workout.type")
    public static let helpWorkoutStop = Prompt("help.workout.stop")
    public static let helpWorkoutDescribe = Prompt("help.workout.describe")
    public static let lineOpen = Prompt("line.open")
    public static let lineCancelled = Prompt("line.cancelled")
    public static let nothingToCancel = Prompt("nothing.to-cancel")
    public static let entryWayBack = Prompt("entry.way-back")
    public static let noQuestion = Prompt("no.question")
    public static let workoutOnly = Prompt("workout.only")
    public static let questionEndYes = Prompt("question.end.yes")
    public static let questionDeleteYes = Prompt("question.delete.yes")
    public static let questionDiscardYes = Prompt("question.discard.yes")
    public static let questionPowerOffYes = Prompt("question.power-off.yes")
    public static let questionKeys = Prompt("question.keys")
    public static let settingsPowerOff = Prompt("settings.power-off")
    public static let titleConfirmPowerOff = Prompt("title.confirm-power-off")
    public static let confirmPowerOff = Prompt("confirm.power-off")
    public static let powerOffNow = Prompt("power-off.now")
    public static let powerOffRefused = Prompt("power-off.refused")
    public static let titleReady = Prompt("title.ready")
    public static let nextStart = Prompt("next.start")
    public static let menuTenth = Prompt("menu.tenth", ["label"])
    public static let helpReady = Prompt("help.ready")
    public static let targetTypeRange = Prompt("target.type-range")
    public static let targetAsk = Prompt("target.ask")
    public static let planType = Prompt("plan.type")
    public static let planNextWork = Prompt("plan.next.work")
    public static let planNextRest = Prompt("plan.next.rest")
    public static let eventPlanUpcoming = Prompt("event.plan.upcoming", ["duration", "phase"])
    public static let workoutNoStrap = Prompt("workout.no-strap")
    public static let workoutPausedFor = Prompt("workout.paused-for", ["duration"])
    public static let wherePausedYou = Prompt("where.paused.you")
    public static let wherePausedContact = Prompt("where.paused.contact")
    public static let whereStrapLost = Prompt("where.strap.lost")
    public static let whereStrapAbsent = Prompt("where.strap.absent")
    public static let whereStrapWaiting = Prompt("where.strap.waiting")
    public static let whereResting = Prompt("where.resting", ["duration"])
    /// Paused less than a second ago: never "Paused for 0 seconds."
    public static let workoutPausedNow = Prompt("workout.paused-now")
    public static let storageReadFailed = Prompt("storage.read-failed")
    public static let savePending = Prompt("save.pending")
    public static let savePendingFailing = Prompt("save.pending-failing")
    public static let titleConfirmQuit = Prompt("title.confirm-quit")
    public static let confirmQuitUnwritten = Prompt("confirm.quit-unwritten", ["duration"])
    public static let confirmQuitUnwrittenFailing = Prompt("confirm.quit-unwritten-failing", ["duration"])
    public static let questionQuitUnwrittenYes = Prompt("question.quit-unwritten.yes")
    public static let detailsExportFit = Prompt("details.export-fit")
    public static let answerHrv = Prompt("answer.hrv", ["value"])
    public static let answerHrvUnreliable = Prompt("answer.hrv.unreliable", ["percent", "value"])
    public static let answerHrvUnknown = Prompt("answer.hrv.unknown")
    public static let answerLapTime = Prompt("answer.lap.time", ["duration", "lap"])
    public static let answerLapAverage = Prompt("answer.lap.average", ["bpm", "lap"])
    public static let answerLapAverageUnknown = Prompt("answer.lap.average-unknown", ["lap"])
    public static let historyRecovery = Prompt("history.recovery")
    public static let historyTrainingLoad = Prompt("history.training-load")
    public static let unitPointOne = Prompt("unit.point.one", ["count"])
    public static let unitPointOther = Prompt("unit.point.other", ["count"])
    public static let recoveryDrop = Prompt("recovery.drop", ["bpm", "minutes"])
    public static let recoveryRise = Prompt("recovery.rise", ["bpm", "minutes"])
    public static let recoveryUnknown = Prompt("recovery.unknown", ["minutes"])
    public static let summaryRecovery = Prompt("summary.recovery", ["bpm", "minutes"])
    public static let summaryTrainingLoad = Prompt("summary.training-load", ["points"])
    public static let historyRecoveryDown = Prompt("history.recovery.down", ["bpm"])
    public static let historyRecoveryUp = Prompt("history.recovery.up", ["bpm"])
    public static let itemTimeInZones = Prompt("item.time-in-zones")
    public static let historyZone = Prompt("history.zone", ["zone"])
    public static let reviewZoneChoice = Prompt("review.zone-choice")
    public static let titleZoneChoice = Prompt("title.zone-choice")
    public static let zonesChoiceItem = Prompt("zones.choice-item", ["high", "low", "zone"])
    public static let itemLaps = Prompt("item.laps")
    public static let lapsCount = Prompt("laps.count", ["count"])
    public static let zonesTime = Prompt("zones.time", ["duration", "high", "low", "zone"])
    public static let zonesBelow = Prompt("zones.below", ["duration", "low"])
    public static let zonesUnknown = Prompt("zones.unknown")
    public static let settingsAutoExport = Prompt("settings.auto-export")
    public static let autoExportChanged = Prompt("auto-export.changed", ["formats"])
    public static let autoExportFailed = Prompt("auto-export.failed", ["folder"])
    public static let autoExportDiskFull = Prompt("auto-export.disk-full", ["folder"])
    public static let homeRestingCheck = Prompt("home.resting-check")
    public static let titleRestingCheck = Prompt("title.resting-check")
    public static let restingIntro = Prompt("resting.intro", ["duration"])
    public static let restingStart = Prompt("resting.start")
    public static let restingStarted = Prompt("resting.started", ["duration"])
    public static let restingStopped = Prompt("resting.stopped")
    public static let restingNeedsStrap = Prompt("resting.needs-strap")
    public static let restingTooFew = Prompt("resting.too-few")
    public static let restingDone = Prompt("resting.done")
    public static let restingHeartRate = Prompt("resting.heart-rate", ["bpm"])
    public static let answerHrv5Minutes = Prompt("answer.hrv.resting", ["value"])
    public static let restingBaselineNone = Prompt("resting.baseline.none")
    public static let restingBaselineAbove = Prompt("resting.baseline.above", ["baseline", "difference"])
    public static let restingBaselineBelow = Prompt("resting.baseline.below", ["baseline", "difference"])
    public static let restingBaselineSame = Prompt("resting.baseline.same", ["baseline"])
    public static let settingsRestingLength = Prompt("settings.resting-length")
    public static let restingLengthChanged = Prompt("resting.length-changed", ["duration"])
    public static let helpResting = Prompt("help.resting")
    public static let storageDamaged = Prompt("storage.damaged")
    public static let fileSpoken = Prompt("file.spoken", ["base", "extension"])
    public static let settingsCaptions = Prompt("settings.captions")
    public static let captionsChanged = Prompt("captions.changed", ["state"])
    public static let timeMidnight = Prompt("time.midnight")
    public static let timePastMidnight = Prompt("time.past-midnight", ["minute"])
    public static let timeHundred = Prompt("time.hundred", ["hour"])
    public static let timeAm = Prompt("time.am", ["time"])
    public static let timePm = Prompt("time.pm", ["time"])

    /// Every prompt of Prompts/en/interaction.prompts.
    public static let interaction: [Prompt] = [
        keyDoesNothing,
        keyDescribed,
        keyTypes,
        keysDescribeOn,
        keysDescribeOff,
        keysDescribeQuestion,
        listOr,
        helpKey,
        helpKeys,
        helpWorkoutType,
        helpWorkoutStop,
        helpWorkoutDescribe,
        lineOpen,
        lineCancelled,
        nothingToCancel,
        entryWayBack,
        noQuestion,
        workoutOnly,
        questionEndYes,
        questionDeleteYes,
        questionDiscardYes,
        questionPowerOffYes,
        questionKeys,
        settingsPowerOff,
        titleConfirmPowerOff,
        confirmPowerOff,
        powerOffNow,
        powerOffRefused,
        titleReady,
        nextStart,
        menuTenth,
        helpReady,
        targetTypeRange,
        targetAsk,
        planType,
        planNextWork,
        planNextRest,
        eventPlanUpcoming,
        workoutNoStrap,
        workoutPausedFor,
        wherePausedYou,
        wherePausedContact,
        whereStrapLost,
        whereStrapAbsent,
        whereStrapWaiting,
        whereResting,
        workoutPausedNow,
        storageReadFailed,
        savePending, savePendingFailing,
        titleConfirmQuit,
        confirmQuitUnwritten, confirmQuitUnwrittenFailing,
        questionQuitUnwrittenYes,
        detailsExportFit,
        answerHrv,
        answerHrvUnreliable,
        answerHrvUnknown,
        answerLapTime,
        answerLapAverage,
        answerLapAverageUnknown,
        historyRecovery,
        historyTrainingLoad,
        unitPointOne,
        unitPointOther,
        recoveryDrop,
        recoveryRise,
        recoveryUnknown,
        summaryRecovery,
        summaryTrainingLoad,
        historyRecoveryDown,
        historyRecoveryUp,
        itemTimeInZones,
        historyZone,
        reviewZoneChoice,
        titleZoneChoice,
        zonesChoiceItem,
        itemLaps,
        lapsCount,
        zonesTime,
        zonesBelow,
        zonesUnknown,
        settingsAutoExport,
        autoExportChanged,
        autoExportFailed,
        autoExportDiskFull,
        homeRestingCheck,
        titleRestingCheck,
        restingIntro,
        restingStart,
        restingStarted,
        restingStopped,
        restingNeedsStrap,
        restingTooFew,
        restingDone,
        restingHeartRate,
        answerHrv5Minutes,
        restingBaselineNone,
        restingBaselineAbove,
        restingBaselineBelow,
        restingBaselineSame,
        settingsRestingLength,
        restingLengthChanged,
        helpResting,
        storageDamaged,
        fileSpoken,
        settingsCaptions,
        captionsChanged,
        timeMidnight,
        timePastMidnight,
        timeHundred,
        timeAm,
        timePm,
    ]
}
