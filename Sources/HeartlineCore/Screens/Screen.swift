import Foundation

/// A profile field the user can set on its own entry screen.
public enum ProfileField: String, CaseIterable, Sendable {
    case age, sex, weight, maximumHeartRate, restingHeartRate, functionalThresholdPower
}

/// The steps of configuring a workout, in the app's order: each a screen with Next last, and
/// the last one reading the configuration back with Start workout on it.
enum ConfigureStep: Int, CaseIterable, Sendable {
    case sport, metrics, interval, distance, zone, plan, ready

    /// The step after this one for `configuration`: readouts by distance only where the sport
    /// has a distance.
    func after(_ configuration: WorkoutConfiguration) -> ConfigureStep? {
        guard let next = ConfigureStep(rawValue: rawValue + 1) else { return nil }
        return next == .distance && configuration.sport == .other ? next.after(configuration) : next
    }

    func before(_ configuration: WorkoutConfiguration) -> ConfigureStep? {
        guard let previous = ConfigureStep(rawValue: rawValue - 1) else { return nil }
        return previous == .distance && configuration.sport == .other ? previous.before(configuration) : previous
    }
}

/// The configuration being edited, carried from step to step.
struct Draft: Equatable, Sendable {
    var configuration: WorkoutConfiguration
    /// Whether a plan typed next counts down before each change.
    var countdown: Bool
    /// The heart-rate zones offered, from the profile read when configuring began.
    var zones: HeartRateZones

    init(_ configuration: WorkoutConfiguration = WorkoutConfiguration(), profile: Profile = Profile()) {
        self.configuration = configuration
        countdown = configuration.plan?.countdown ?? true
        zones = HeartRateZones(profile: profile)
    }
}

/// A yes-or-no question waiting for its answer, and what it is about.
enum Question: Equatable, Sendable {
    /// "Definitely end workout?"; `quitting` when the user asked to quit during the workout.
    case endWorkout(quitting: Bool)
    /// Delete the workout just ended, from its summary.
    case deleteEnded(WorkoutSummary, quitting: Bool)
    /// Delete a saved workout, from its details.
    case deleteSaved(WorkoutSummary)
    /// Discard a workout a crash left behind.
    case discardUnfinished(WorkoutSummary)
    /// Shut the computer down.
    case powerOff
    /// Leave while `seconds` of workout wait in memory for disk space.
    case quitUnwritten(seconds: Int)
    /// Keep a speech setting just changed, said in the new setting; undone without a yes.
    case keepSpeech(SpeechTrial)
}

/// A speech setting on trial: applied and heard, not stored until the user says yes, and undone
/// at `deadline` without one.
struct SpeechTrial: Equatable, Sendable {
    var setting: SpeechSetting
    /// The new value; nil for the default.
    var value: String?
    /// The stored value it replaces, to go back to; nil for the default.
    var previous: String?
    var deadline: Date
}

/// Which workouts a list shows.
enum ListKind: Equatable, Sendable {
    case all
    case day(DateInterval)
    case metric(HistoryMetric)
}

/// One page of a list, read from storage when the page was entered.
struct ListPage: Equatable, Sendable {
    var page: Int
    var total: Int
    var items: [WorkoutSummary]
}

/// One period of the averages screen, read when the screen was entered.
struct PeriodAverage: Equatable, Sendable {
    var name: Prompt
    var before: Prompt?
    var value: Double?
    var count: Int
    var previous: Double?
}

/// The screens of PRODUCT.md, in the app's order. Each value carries what the screen needs,
/// read from storage when it was entered: rendering a screen reads no storage.
enum Screen: Equatable, Sendable {
    case home
    case configure(ConfigureStep, Draft)
    case workout
    case question(Question)
    /// The ended workout's totals; `quitting` when the user asked to quit.
    case summary(WorkoutSummary, quitting: Bool)
    /// The saved configuration, or nil when there is none.
    case last(WorkoutConfiguration?)
    case review
    case list(ListKind, ListPage)
    case dateEntry
    case metricChoice
    case averagesChoice
    /// The five zones of the profile, read on entering, for browsing (`forAverages` false) or
    /// the averages of the time in one.
    case zoneChoice(forAverages: Bool, zones: HeartRateZones)
    case averagesList(HistoryMetric, [PeriodAverage])
    case details(WorkoutSummary)
    case settings
    /// Settings, Recording and saving: auto-pause, the resting check's length, export and upload,
    /// grouped so that Settings keeps to nine items.
    case recording
    case profile(Profile)
    case entry(ProfileField)
    /// A workout a crash or a killed process left behind, offered at start.
    case unfinished(WorkoutSummary)
    case sensor
    case sensorChoice([FoundSensor])
    case speech
    case speechEntry(SpeechSetting)
    /// Typing the footpod's calibration: a percentage, or, from a workout's summary (given
    /// here), the distance really covered.
    case calibrationEntry(WorkoutSummary?)
    /// A resting check: its introduction, then the measurement and its results.
    case restingCheck
    /// Settings, Headset: the remembered headset, finding and forgetting.
    case headset
    /// The audio devices a search found, strongest signal first.
    case headsetChoice([FoundHeadset])
    /// A page of the plans folder's files (or of those a search found), above the plan step.
    case planFiles(PlanFilePage)
    /// Typing a fitness machine's limit: the treadmill's top speed or a step.
    case machineEntry(MachineSetting)
    /// A USB stick is in: copying to it, reading from it, unmounting it.
    case stick
    /// A step of the first start's set-up: the language, the headset, the strap.
    case setUp(SetUpStep)

    /// The question asked, if the screen is one.
    var question: Question? {
        if case .question(let question) = self { return question }
        return nil
    }

    /// A screen's case without what it carries: the screens there are, for a test that must
    /// visit every one (EveryKeyWalkTests). A new case must be named here, or this will not build.
    enum Kind: String, CaseIterable, Sendable {
        case home, configure, workout, question, summary, last, review, list, dateEntry, metricChoice, averagesChoice, zoneChoice,
            averagesList, details, settings, recording, profile, entry, unfinished, sensor, sensorChoice, speech, speechEntry,
            calibrationEntry, restingCheck, headset, headsetChoice, planFiles, machineEntry, stick, setUp
    }

    var kind: Kind {
        switch self {
        case .home: .home
        case .configure: .configure
        case .workout: .workout
        case .question: .question
        case .summary: .summary
        case .last: .last
        case .review: .review
        case .list: .list
        case .dateEntry: .dateEntry
        case .metricChoice: .metricChoice
        case .averagesChoice: .averagesChoice
        case .zoneChoice: .zoneChoice
        case .averagesList: .averagesList
        case .details: .details
        case .settings: .settings
        case .recording: .recording
        case .profile: .profile
        case .entry: .entry
        case .unfinished: .unfinished
        case .sensor: .sensor
        case .sensorChoice: .sensorChoice
        case .speech: .speech
        case .speechEntry: .speechEntry
        case .calibrationEntry: .calibrationEntry
        case .restingCheck: .restingCheck
        case .headset: .headset
        case .headsetChoice: .headsetChoice
        case .planFiles: .planFiles
        case .machineEntry: .machineEntry
        case .stick: .stick
        case .setUp: .setUp
        }
    }
}

/// What choosing a menu item does.
enum MenuAction: Equatable, Sendable {
    case open(Screen)
    case toggle(Metric)
    case chooseInterval(ReadoutInterval)
    case chooseSport(Sport)
    case chooseDistanceReadout(DistanceReadout?)
    case startWorkout(WorkoutConfiguration)
    case edit(WorkoutConfiguration)
    case configureNew
    case openLast
    case openList(ListKind)
    case openAverages(HistoryMetric)
    case openProfile
    case back
    case next
    case saveWorkout
    case openProfileField(ProfileField)
    case chooseTarget(TargetZone?)
    case choosePlan(TrainingPlan?)
    /// Read the plans folder and list its files.
    case openPlanFiles
    /// Take the plan of the listed file at this index.
    case choosePlanFile(Int)
    case toggleCountdown
    /// The next keys are a typed value (a range, a plan).
    case typeValue
    case toggleAutoPause
    case cycleAutoExport
    case toggleCaptions
    case resumeUnfinished(WorkoutSummary)
    case saveUnfinished(WorkoutSummary)
    case ask(Question)
    case findSensors
    case forgetSensor
    case chooseSensor(FoundSensor)
    case cycleKeyEcho
    case export(Int64, ExportFormat)
    /// Upload a saved workout to the service.
    case upload(Int64)
    /// Save the ended workout, then upload it.
    case saveAndUpload
    case toggleUpload
    /// Read a workout's seconds and say its time in each zone.
    case timeInZones(Int64)
    /// Read a workout's seconds and say each lap's time and average heart rate.
    case laps(WorkoutSummary)
    case openZoneChoice(forAverages: Bool)
    case startRestingCheck
    case cycleRestingCheckLength
    case cycleUnits
    /// The next installed language, in Settings.
    case cycleLanguage
    case findMotionSensors
    case forgetMotionSensor(SensorKind)
    case findHeadsets
    case forgetHeadset
    case toggleHeadsetFallback
    case chooseHeadset(FoundHeadset)
    case stick(StickCommand)
    /// A step of the first start's set-up: a language chosen, the next step, or the rest skipped.
    case setUp(SetUpFeature.Action)
}

/// One spoken, selectable line of a menu.
struct MenuItem: Equatable, Sendable {
    var label: String
    /// "on", "off", or a value, read after the label.
    var state: String?
    var selected = false
    var action: MenuAction
}

/// How a screen takes single keys and typed lines.
enum ScreenRole: Equatable, Sendable {
    /// The workout screen: every key is a command.
    case workout
    /// A yes-or-no question: every key is an answer.
    case question
    /// A menu: a digit chooses an item; a typed line is an item's name, its number or a command.
    case menu
    /// A typed value, a list or a page of figures: keys type; digits and names still choose.
    case typing
}

/// What a screen is, as `Heartline.page(of:)` describes it.
struct ScreenPage {
    /// Its name, as "where" says it.
    var title: String
    var role: ScreenRole
    /// What help says first, one sentence each and at most three: what the screen is for, then
    /// what its items do. Empty where help is the screen's own (the workout's keys).
    var help: [Prompt]
    /// Its numbered items, in the app's order.
    var items: [MenuItem]

    init(_ title: String, _ role: ScreenRole, help: Prompt..., items: [MenuItem] = []) {
        precondition(help.count <= 3, "a screen's help is at most three sentences")
        self.title = title
        self.role = role
        self.help = help
        self.items = items
    }
}
