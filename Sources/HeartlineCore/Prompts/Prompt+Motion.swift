// The prompts of sports and of footpods, cycling sensors and power meters: every key in
// Prompts/en/motion.prompts. A test checks this list and the catalogue against each other.

extension Prompt {
    public static let metricPace = Prompt("metric.pace")
    public static let metricSpeed = Prompt("metric.speed")
    public static let metricDistance = Prompt("metric.distance")
    public static let metricCadence = Prompt("metric.cadence")
    public static let metricPower = Prompt("metric.power")
    public static let titleSport = Prompt("title.sport")
    public static let sportRunning = Prompt("sport.running")
    public static let sportCycling = Prompt("sport.cycling")
    public static let sportOther = Prompt("sport.other")
    public static let sportChosen = Prompt("sport.chosen", ["sport"])
    public static let helpSport = Prompt("help.sport")
    public static let titleDistanceReadout = Prompt("title.distance-readout")
    public static let distanceReadoutNone = Prompt("distance-readout.none")
    public static let distanceReadoutEvery = Prompt("distance-readout.every", ["distance"])
    public static let distanceReadoutChosen = Prompt("distance-readout.chosen", ["choice"])
    public static let helpDistanceReadout = Prompt("help.distance-readout")
    public static let lastDistanceReadout = Prompt("last.distance-readout", ["choice"])
    public static let lastSport = Prompt("last.sport", ["sport"])
    public static let answerPace = Prompt("answer.pace", ["pace", "unit"])
    public static let answerSpeed = Prompt("answer.speed", ["speed"])
    public static let answerDistance = Prompt("answer.distance", ["distance"])
    public static let answerCadenceRunning = Prompt("answer.cadence.running", ["cadence"])
    public static let answerCadenceCycling = Prompt("answer.cadence.cycling", ["cadence"])
    public static let answerPower = Prompt("answer.power", ["power"])
    public static let answerMotionStanding = Prompt("answer.motion.standing", ["metric"])
    public static let answerMotionNoSensor = Prompt("answer.motion.no-sensor", ["metric", "sensor"])
    public static let answerMotionNotInSport = Prompt("answer.motion.not-in-sport", ["metric"])
    public static let readoutSplit = Prompt("readout.split", ["duration", "number", "unit"])
    public static let unitKilometreOne = Prompt("unit.kilometre.one", ["count"])
    public static let unitKilometreOther = Prompt("unit.kilometre.other", ["count"])
    public static let unitMileOne = Prompt("unit.mile.one", ["count"])
    public static let unitMileOther = Prompt("unit.mile.other", ["count"])
    public static let unitKilometreName = Prompt("unit.kilometre.name")
    public static let unitMileName = Prompt("unit.mile.name")
    public static let unitKilometreTitle = Prompt("unit.kilometre.title")
    public static let unitMileTitle = Prompt("unit.mile.title")
    public static let sensorFootpod = Prompt("sensor.footpod")
    public static let sensorProblemKindNoAdapter = Prompt("sensor.problem.kind.no-adapter", ["sensor"])
    public static let sensorProblemKindPermission = Prompt("sensor.problem.kind.permission", ["sensor"])
    public static let sensorProblemKindTrying = Prompt("sensor.problem.kind.trying", ["sensor"])
    public static let sensorProblemOtherKindTaken = Prompt("sensor.problem.other-kind.taken", ["found"])
    public static let sensorProblemOtherKindKept = Prompt("sensor.problem.other-kind.kept", ["found"])
    public static let sensorProblemScanOtherNoAdapter = Prompt("sensor.problem.scan-other.no-adapter")
    public static let sensorProblemScanOtherPermission = Prompt("sensor.problem.scan-other.permission")
    public static let sensorCycling = Prompt("sensor.cycling")
    public static let sensorPower = Prompt("sensor.power")
    public static let eventSensorKindConnected = Prompt("event.sensor-kind.connected", ["sensor"])
    public static let eventSensorKindLost = Prompt("event.sensor-kind.lost", ["sensor"])
    public static let sensorFootpodTitle = Prompt("sensor.footpod.title")
    public static let sensorCyclingTitle = Prompt("sensor.cycling.title")
    public static let sensorPowerTitle = Prompt("sensor.power.title")
    public static let settingsUnits = Prompt("settings.units")
    public static let unitsKilometres = Prompt("units.kilometres")
    public static let unitsMiles = Prompt("units.miles")
    public static let unitsChanged = Prompt("units.changed", ["unit"])
    public static let settingsCalibration = Prompt("settings.calibration")
    public static let calibrationValue = Prompt("calibration.value", ["factor"])
    public static let calibrationAsk = Prompt("calibration.ask")
    public static let calibrationChanged = Prompt("calibration.changed", ["factor"])
    public static let calibrationOutOfRange = Prompt("calibration.out-of-range")
    public static let summaryDistance = Prompt("summary.distance", ["distance"])
    public static let summaryAveragePace = Prompt("summary.average-pace", ["pace", "unit"])
    public static let summaryAverageSpeed = Prompt("summary.average-speed", ["speed"])
    public static let summaryAverageCadenceRunning = Prompt("summary.average-cadence.running", ["cadence"])
    public static let summaryAverageCadenceCycling = Prompt("summary.average-cadence.cycling", ["cadence"])
    public static let summaryAveragePower = Prompt("summary.average-power", ["power"])
    public static let itemCalibrate = Prompt("item.calibrate")
    public static let calibrateAsk = Prompt("calibrate.ask")
    public static let calibrateDone = Prompt("calibrate.done", ["factor"])
    public static let calibrateNoDistance = Prompt("calibrate.no-distance")
    public static let calibrateNotUnderstood = Prompt("calibrate.not-understood")
    public static let sensorStrap = Prompt("sensor.strap")
    public static let sensorStrapTitle = Prompt("sensor.strap.title")
    public static let sensorFindOther = Prompt("sensor.find-other")
    public static let sensorScanningOther = Prompt("sensor.scanning-other", ["duration"])
    public static let sensorNoneFoundOther = Prompt("sensor.none-found-other")
    public static let sensorFoundKind = Prompt("sensor.found-kind", ["kind", "name"])
    public static let sensorRememberedKind = Prompt("sensor.remembered-kind", ["kind", "name"])
    public static let sensorForgetKind = Prompt("sensor.forget-kind", ["kind"])
    public static let sensorKindForgotten = Prompt("sensor.kind-forgotten", ["sensor"])
    public static let titleSensorsFound = Prompt("title.sensors-found")
    public static let historyAverageCadence = Prompt("history.average-cadence")
    public static let historyAveragePower = Prompt("history.average-power")
    public static let historyCadenceValue = Prompt("history.cadence-value", ["cadence"])
    public static let historyPowerValue = Prompt("history.power-value", ["power"])

    public static let motion: [Prompt] = [
        metricPace,
        metricSpeed,
        metricDistance,
        metricCadence,
        metricPower,
        titleSport,
        sportRunning,
        sportCycling,
        sportOther,
        sportChosen,
        helpSport,
        titleDistanceReadout,
        distanceReadoutNone,
        distanceReadoutEvery,
        distanceReadoutChosen,
        helpDistanceReadout,
        lastDistanceReadout,
        lastSport,
        answerPace,
        answerSpeed,
        answerDistance,
        answerCadenceRunning,
        answerCadenceCycling,
        answerPower,
        answerMotionStanding,
        answerMotionNoSensor,
        answerMotionNotInSport,
        readoutSplit,
        unitKilometreOne,
        unitKilometreOther,
        unitMileOne,
        unitMileOther,
        unitKilometreName,
        unitMileName,
        unitKilometreTitle,
        unitMileTitle,
        sensorFootpod,
        sensorCycling,
        sensorPower,
        eventSensorKindConnected,
        eventSensorKindLost,
        sensorFootpodTitle,
        sensorCyclingTitle,
        sensorPowerTitle,
        settingsUnits,
        unitsKilometres,
        unitsMiles,
        unitsChanged,
        settingsCalibration,
        calibrationValue,
        calibrationAsk,
        calibrationChanged,
        calibrationOutOfRange,
        summaryDistance,
        summaryAveragePace,
        summaryAverageSpeed,
        summaryAverageCadenceRunning,
        summaryAverageCadenceCycling,
        summaryAveragePower,
        itemCalibrate,
        calibrateAsk,
        calibrateDone,
        calibrateNoDistance,
        calibrateNotUnderstood,
        sensorStrap,
        sensorStrapTitle,
        sensorFindOther,
        sensorScanningOther,
        sensorNoneFoundOther,
        sensorFoundKind,
        sensorRememberedKind,
        sensorForgetKind,
        sensorKindForgotten,
        titleSensorsFound,
        sensorProblemKindNoAdapter,
        sensorProblemKindPermission,
        sensorProblemKindTrying,
        sensorProblemOtherKindTaken,
        sensorProblemOtherKindKept,
        sensorProblemScanOtherNoAdapter,
        sensorProblemScanOtherPermission,
        historyAverageCadence,
        historyAveragePower,
        historyCadenceValue,
        historyPowerValue,
    ]
}
