// The help of each menu screen: every key in Prompts/en/help.prompts.

extension Prompt {
    public static let helpHomeLast = Prompt("help.home.last")
    public static let helpHomeResting = Prompt("help.home.resting")
    public static let helpSummaryItems = Prompt("help.summary.items")
    public static let helpTimeInZones = Prompt("help.time-in-zones")
    public static let helpLast = Prompt("help.last")
    public static let helpLastItems = Prompt("help.last.items")
    public static let helpLastNone = Prompt("help.last.none")
    public static let helpReview = Prompt("help.review")
    public static let helpReviewLists = Prompt("help.review.lists")
    public static let helpReviewAverages = Prompt("help.review.averages")
    public static let helpMetric = Prompt("help.metric")
    public static let helpMetricZone = Prompt("help.metric.zone")
    public static let helpAverages = Prompt("help.averages")
    public static let helpAveragesZone = Prompt("help.averages.zone")
    public static let helpZoneChoice = Prompt("help.zone-choice")
    public static let helpZoneChoiceItems = Prompt("help.zone-choice.items")
    public static let helpAveragesList = Prompt("help.averages-list")
    public static let helpAveragesListKeys = Prompt("help.averages-list.keys")
    public static let helpDetails = Prompt("help.details")
    public static let helpDetailsItems = Prompt("help.details.items")
    public static let helpSettings = Prompt("help.settings")
    public static let helpSettingsScreens = Prompt("help.settings.screens")
    public static let helpSettingsValues = Prompt("help.settings.values")
    public static let helpProfile = Prompt("help.profile")
    public static let helpProfileItems = Prompt("help.profile.items")
    public static let helpSensor = Prompt("help.sensor")
    public static let helpSensorItems = Prompt("help.sensor.items")
    public static let helpSensorCalibration = Prompt("help.sensor.calibration")
    public static let helpSensorChoice = Prompt("help.sensor-choice")
    public static let helpSensorChoiceItems = Prompt("help.sensor-choice.items")
    public static let helpSpeech = Prompt("help.speech")
    public static let helpSpeechItems = Prompt("help.speech.items")
    public static let helpSpeechKeep = Prompt("help.speech.keep")
    public static let helpSpeechEntry = Prompt("help.speech-entry")
    public static let helpCalibrationEntry = Prompt("help.calibration-entry")

    /// Every prompt of the screens' help.
    public static let screenHelp: [Prompt] = [
        helpHomeLast, helpHomeResting, helpSummaryItems, helpTimeInZones, helpLast, helpLastItems, helpLastNone, helpReview,
        helpReviewLists, helpReviewAverages, helpMetric, helpMetricZone, helpAverages,
        helpAveragesZone, helpZoneChoice, helpZoneChoiceItems, helpAveragesList, helpAveragesListKeys, helpDetails, helpDetailsItems,
        helpSettings, helpSettingsScreens, helpSettingsValues, helpProfile, helpProfileItems, helpSensor, helpSensorItems,
        helpSensorCalibration, helpSensorChoice, helpSensorChoiceItems, helpSpeech, helpSpeechItems, helpSpeechKeep, helpSpeechEntry,
        helpCalibrationEntry,
    ]
}
