// The prompts of treadmills, smart trainers and rowers: every key in Prompts/en/machine.prompts.
// A test checks this list and the catalogue against each other.

extension Prompt {
    public static let sensorTreadmill = Prompt("sensor.treadmill")
    public static let sensorTreadmillTitle = Prompt("sensor.treadmill.title")
    public static let sensorIndoorBike = Prompt("sensor.indoor-bike")
    public static let sensorIndoorBikeTitle = Prompt("sensor.indoor-bike.title")
    public static let sensorRower = Prompt("sensor.rower")
    public static let sensorRowerTitle = Prompt("sensor.rower.title")
    public static let sensorMachine = Prompt("sensor.machine")
    public static let sensorMachineTitle = Prompt("sensor.machine.title")
    public static let machineSpeed = Prompt("machine.speed")
    public static let machineIncline = Prompt("machine.incline")
    public static let machineResistance = Prompt("machine.resistance")
    public static let machinePower = Prompt("machine.power")
    public static let machineSetSpeed = Prompt("machine.set.speed", ["value"])
    public static let machineSetIncline = Prompt("machine.set.incline", ["value"])
    public static let machineSetResistance = Prompt("machine.set.resistance", ["value"])
    public static let machineSetPower = Prompt("machine.set.power", ["value"])
    public static let machineStarting = Prompt("machine.starting", ["sensor"])
    public static let machineStopping = Prompt("machine.stopping", ["sensor"])
    public static let machinePausing = Prompt("machine.pausing", ["sensor"])
    public static let machineAnswerSuccess = Prompt("machine.answer.success", ["sensor"])
    public static let machineAnswerNotSupported = Prompt("machine.answer.not-supported", ["sensor"])
    public static let machineAnswerInvalid = Prompt("machine.answer.invalid", ["sensor"])
    public static let machineAnswerFailed = Prompt("machine.answer.failed", ["sensor"])
    public static let machineAnswerNotPermitted = Prompt("machine.answer.not-permitted", ["sensor"])
    public static let machineNone = Prompt("machine.none")
    public static let machineNotSteerable = Prompt("machine.not-steerable", ["sensor"])
    public static let machineTargetUnsupported = Prompt("machine.target-unsupported", ["sensor", "target"])
    public static let machineOutsideRange = Prompt("machine.outside-range", ["maximum", "minimum", "sensor"])
    public static let machineOutsideRangeSpeed = Prompt("machine.outside-range.speed", ["maximum", "minimum", "sensor"])
    public static let machineOutsideRangeIncline = Prompt("machine.outside-range.incline", ["maximum", "minimum", "sensor"])
    public static let machineOutsideRangePower = Prompt("machine.outside-range.power", ["maximum", "minimum", "sensor"])
    public static let machineAboveTopSpeed = Prompt("machine.above-top-speed", ["maximum", "speed"])
    public static let machineTopSpeedAsk = Prompt("machine.top-speed-ask")
    public static let machineTopSpeedSet = Prompt("machine.top-speed-set", ["speed"])
    public static let machineTopSpeedInvalid = Prompt("machine.top-speed-invalid")
    public static let machineStepSet = Prompt("machine.step-set", ["step"])
    public static let machineStepInvalid = Prompt("machine.step-invalid")
    public static let machineNotUnderstood = Prompt("machine.not-understood")
    public static let machineNoCurrent = Prompt("machine.no-current", ["sensor"])
    public static let machineResumeHint = Prompt("machine.resume-hint", ["sensor"])
    public static let machineLostStopKey = Prompt("machine.lost-stop-key", ["sensor"])
    public static let machineControlLost = Prompt("machine.control-lost", ["sensor"])
    public static let machineStoppedOnMachine = Prompt("machine.stopped-on-machine", ["sensor"])
    public static let machineHeartRate = Prompt("machine.heart-rate", ["sensor"])
    public static let answerIncline = Prompt("answer.incline", ["incline"])
    public static let answerInclineUnknown = Prompt("answer.incline.unknown")
    public static let answerSplit = Prompt("answer.split", ["duration"])
    public static let answerStrokeRate = Prompt("answer.stroke-rate", ["rate"])
    public static let answerRowingUnknown = Prompt("answer.rowing.unknown")

    public static let machine: [Prompt] = [
        sensorTreadmill,
        sensorTreadmillTitle,
        sensorIndoorBike,
        sensorIndoorBikeTitle,
        sensorRower,
        sensorRowerTitle,
        sensorMachine,
        sensorMachineTitle,
        machineSpeed,
        machineIncline,
        machineResistance,
        machinePower,
        machineSetSpeed,
        machineSetIncline,
        machineSetResistance,
        machineSetPower,
        machineStarting,
        machineStopping,
        machinePausing,
        machineAnswerSuccess,
        machineAnswerNotSupported,
        machineAnswerInvalid,
        machineAnswerFailed,
        machineAnswerNotPermitted,
        machineNone,
        machineNotSteerable,
        machineTargetUnsupported,
        machineOutsideRange,
        machineOutsideRangeSpeed,
        machineOutsideRangeIncline,
        machineOutsideRangePower,
        machineAboveTopSpeed,
        machineTopSpeedAsk,
        machineTopSpeedSet,
        machineTopSpeedInvalid,
        machineStepSet,
        machineStepInvalid,
        machineNotUnderstood,
        machineNoCurrent,
        machineResumeHint,
        machineLostStopKey,
        machineControlLost,
        machineStoppedOnMachine,
        machineHeartRate,
        answerIncline,
        answerInclineUnknown,
        answerSplit,
        answerStrokeRate,
        answerRowingUnknown,
    ]
}
